"""The differential runs' harness (bench/crosscheck_swiss.py) and their classification
(bench/ledger_kinds.py): the file cut before a round holds what a peer needs and nothing of the
round; a round put back from its pairing is the round; the judge accepts the engine's own pairing
and names the criterion a changed one breaks; every DIFFERS line is counted under one kind."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

from site_builder.tournament.generate import trf_text
from site_builder.tournament.generator import Spec, generate

ROOT = Path(__file__).resolve().parents[2]


def _bench(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(f"bench_{name}", ROOT / "bench" / f"{name}.py")
    assert spec and spec.loader
    module = sys.modules.setdefault(f"bench_{name}", importlib.util.module_from_spec(spec))
    spec.loader.exec_module(module)
    return module


cc = _bench("crosscheck_swiss")
lk = _bench("ledger_kinds")


@pytest.fixture(scope="module")
def dubov() -> str:
    """A Dubov tournament of 11 players and 5 rounds with requested byes and forfeits."""
    return trf_text(generate(Spec(seed=5, system="dubov", players=11, rounds=5, half_byes=0.08,
                                  zero_byes=0.04, forfeits=0.05)))


def test_the_cut_file_keeps_the_rounds_before_and_the_requested_byes(dubov: str) -> None:
    for number in range(1, 6):
        before = cc.cut(dubov, number)
        assert cc.played_rounds(before) == number - 1
        for earlier in range(1, number):
            assert cc.round_of(before, earlier) == cc.round_of(dubov, earlier)
        assert cc.round_of(before, number) == cc.Pairing(frozenset())  # nothing of the round itself
        wanted = {cc.start_number(line): cc.cells_of(line)[number - 1].result for line in dubov.splitlines()
                  if line.startswith("001 ") and cc.cells_of(line)[number - 1].requested_bye}
        assert cc.requested(before) == wanted
    assert any(cc.requested(cc.cut(dubov, n)) for n in range(1, 6))  # the seed has requested byes


def test_a_round_put_back_from_its_pairing_is_the_round(dubov: str) -> None:
    for number in range(1, 6):
        again = cc.with_round(cc.cut(dubov, number), cc.round_of(dubov, number))
        assert cc.round_of(again, number) == cc.round_of(dubov, number)
        assert cc.requested(cc.cut(again, number)) == cc.requested(cc.cut(dubov, number))


def test_the_first_difference_is_the_bye_then_the_pairs_then_the_colours() -> None:
    ours = cc.Pairing(frozenset({(1, 2), (3, 4)}), frozenset({5}))
    assert cc.first_difference(ours, ours) == ""
    assert cc.first_difference(ours, cc.Pairing(frozenset({(1, 3), (2, 4)}), frozenset({4}))) \
        == "bye: ours [5], peer [4]"
    assert cc.first_difference(ours, cc.Pairing(frozenset({(1, 3), (2, 4)}), frozenset({5}))) \
        == "pairs: ours 1-2, peer 1-3"
    assert cc.first_difference(ours, cc.Pairing(frozenset({(1, 2), (4, 3)}), frozenset({5}))) \
        == "colours: ours 3-4, peer 4-3"
    assert cc.first_difference(ours, cc.Pairing(frozenset({(3, 4)}), frozenset({5}))) \
        == "pairs: ours 1-2, peer leaves 1 unpaired"


def test_the_judge_accepts_the_engines_pairing_and_names_what_an_exchange_breaks(dubov: str) -> None:
    number = 4
    before, ours = cc.cut(dubov, number), cc.round_of(dubov, number)
    assert cc.judge(before, ours, number, ours) == "verify accepts it"
    games = sorted(ours.games)
    (a, b), (c, d) = games[0], games[-1]
    exchanged = cc.Pairing(frozenset({*games[1:-1], (a, d), (c, b)}), ours.byes)
    said = cc.judge(before, exchanged, number, ours)
    assert said.startswith("verify: ") and "(C.04.4.1 art. " in said and "broken" in said, said
    left_out = cc.Pairing(frozenset(games[1:]), ours.byes)
    said = cc.judge(before, left_out, number, ours)
    assert said == "not a pairing (C.04.1 art. 1, each player once a round): " \
        f"the peer leaves {min(a, b)}, {max(a, b)} unpaired"


def test_a_pairing_with_a_player_twice_or_from_outside_is_no_pairing() -> None:
    ours = cc.Pairing(frozenset({(1, 2), (3, 4)}))
    assert cc.pairing_faults(ours, ours) == ""
    assert cc.pairing_faults(ours, cc.Pairing(frozenset({(1, 2), (2, 4)}), frozenset({5}))) == \
        "the peer leaves 3 unpaired; pairs 2 twice (or with themself); pairs 5, who is not of the round"


def test_every_differs_line_is_counted_under_the_first_kind_it_matches() -> None:
    kinds = lk.read_kinds("# the peer gave nothing\ncrash\t\\): peer error\nupfloaters\tverify: C6 \n"
                          "bye\t^DIFFERS .*\\): bye: \n")
    run = ["# so far: 25 tournaments",
           "DIFFERS seed 1 round 2 (dubov-s00001-p9-r5): peer error: exit -11",
           "DIFFERS seed 1 round 3 (dubov-s00001-p9-r5): bye: ours [3], peer [5]; on the peer's pairing, "
           "verify: C6 (C.04.4.1 art. 2.3.2) broken: …",
           "DIFFERS seed 2 round 3 (dubov-s00002-p9-r5): colours: ours 1-2, peer 2-1; on the peer's pairing, "
           "verify accepts it"]
    counts, examples = lk.classify(run, kinds)
    assert counts == {"crash": 1, "upfloaters": 1, lk.UNCLASSIFIED: 1}
    assert examples[lk.UNCLASSIFIED] == [run[3]]
    with pytest.raises(ValueError, match="line 1"):
        lk.read_kinds("no tab here\n")


def _tiebreak_values(monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    """bench/crosscheck_tiebreak_values.py, which imports its sibling `gacrux_run` as a script does."""
    monkeypatch.syspath_prepend(str(ROOT / "bench"))
    return _bench("crosscheck_tiebreak_values")


def test_the_tiebreak_cross_check_reads_its_files_as_the_import_does(monkeypatch: pytest.MonkeyPatch,
                                                                     tmp_path: Path) -> None:
    """`--files`: a real file written by a program on Windows (Windows-1252) is read as `bulletin
    import trf` reads it (trf/parse.py `read_text`)."""
    tbv = _tiebreak_values(monkeypatch)
    path = tmp_path / "café.trf"
    path.write_bytes("012 Café – Open\n".encode("cp1252"))
    assert tbv.file_sources([path]) == [(str(path), "012 Café – Open\n")]


def test_the_tiebreak_cross_check_compares_every_criterion_the_import_reads(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """docs/tiebreak-ledger.md: every C.07 code a 202 record may name (trf/tiebreaks.py CODES) but DE
    (compared through the ranks by bench/crosscheck_tiebreaks.py), with cuts and medians where the
    tool takes them (MODIFIERS: BH, FB and ARO both, PS a cut), each written as the import reads it."""
    from site_builder.trf.tiebreaks import CODES, MODIFIERS, read_chain
    tbv = _tiebreak_values(monkeypatch)
    names = {c.split("/")[0] for c in tbv.CRITERIA}
    assert names == set(CODES) - {"DE"}
    for name, tiebreak in CODES.items():
        for kind, option in zip("CM", MODIFIERS.get(tiebreak, (None, None)), strict=True):
            assert (f"{name}/{kind}2" in tbv.CRITERIA) == (option is not None), (name, kind)
    items, left, _ = read_chain("202 " + " ".join(tbv.CRITERIA))
    assert len(items) == len(tbv.CRITERIA) and not left
    assert "DE" in _bench("crosscheck_tiebreaks").CHAIN


def test_a_peer_is_asked_the_seeding_rounds_by_its_pairer_of_another_system(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """docs/ledger.md, Burstein × chesspairing: `--as dutch --seeding` asks the peer's Dutch pairer
    for the Burstein seeding rounds alone (C.04.4.2 art. 1.6.2: paired by the Dutch system), and
    `--rounds-of RUN` only the rounds an earlier run's DIFFERS lines name."""
    asked: list[tuple[str, str]] = []

    def pair(program: str, flag: str, path: Path) -> object:
        asked.append((flag, path.name))
        raise cc.PeerError("not run")

    monkeypatch.setitem(cc.PEERS, "fake", cc.Peer({"dutch": "--dutch"}, lambda text, system: text, pair))
    seed = next(s for s in range(1, 100) if cc.spec_for("burstein", s).rounds == 9)
    job = cc.Job("burstein", "fake", "fake", None, peer_system="dutch", seeding=True)
    assert cc.asked(job, seed, 9) == [1, 2, 3, 4] and cc.asked(job, seed, 5) == [1, 2]
    outcome = cc.compare(job, seed)
    assert [flag for flag, _ in asked] == ["--dutch"] * 4 and outcome.rounds == 4
    run = f"DIFFERS seed {seed} round 3 (x): pairs\nDIFFERS seed 7 round 2 (y): bye\n# so far: 1\n"
    assert cc.rounds_of(run) == {(seed, 3), (7, 2)}
    only = cc.Job("burstein", "fake", "fake", None, only=cc.rounds_of(run))
    assert cc.asked(only, seed, 9) == [3]
