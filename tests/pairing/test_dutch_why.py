"""Why these pairings, for the FIDE Dutch system: on rounds of the generated tournaments that
bbpPairings accepts (tests/data/generated-dutch), every criterion the page states for a swap is the one
`deciding_criterion` finds on the whole swapped round, a swap said to be worse on C1, C2 or C6 is so by
the players' own histories, the colours are those of §5.2's rule; the example's pages exist, are linked
from the round pages, keep names inert, and a round changed by hand says so with the engine's pairs."""

from __future__ import annotations

import html
import re
import shutil
from pathlib import Path

import pytest

from site_builder.build import build_site
from site_builder.checks import load_checked
from site_builder.engine.scoring import records
from site_builder.model import Section
from site_builder.pairing.dutch.colours import colour_of
from site_builder.pairing.dutch.from_section import entrants, first_colour
from site_builder.pairing.dutch.history import WHITE, state_of
from site_builder.pairing.dutch.quality import deciding_criterion
from site_builder.pairing.dutch.why import RoundWhy
from site_builder.results.section import section_results
from site_builder.systems.dutch import PAIRING_WHY
from site_builder.trf.parse import parse_trf
from site_builder.trf.to_content import content_files

ROOT = Path(__file__).resolve().parents[2]
CORPUS = ROOT / "tests" / "data" / "generated-dutch"
EXAMPLE = ROOT / "content" / "2026-spring-open"
FILES = ["g9001-p22-r6-baku.trf", "g9002-p15-r6.trf", "g9004-p47-r9.trf"]


def _section(name: str, tmp: Path) -> tuple[Section, dict[int, RoundWhy]]:
    """A corpus file as content (as `bulletin import trf` writes it) and its rounds explained."""
    path = CORPUS / name
    folder = tmp / path.stem
    for relative, text in content_files(parse_trf(path, shown=path), path.stem).items():
        (folder / relative).parent.mkdir(parents=True, exist_ok=True)
        (folder / relative).write_text(text, encoding="utf-8")
    event = load_checked(folder).events[0]
    section = event.sections[0]
    return section, section_results(event, section).extra(PAIRING_WHY)


def _round(section: Section, number: int):  # type: ignore[no-untyped-def]
    """The round's entrants before it, those it leaves out, its pairs (White, Black) and bye."""
    rnd = next(r for r in section.rounds if r.number == number)
    entered = entrants(section, records(section), number - 1)
    paired = {p for g in rnd.games for p in (g.first, g.second)} | set(rnd.byes)
    pairs = tuple((g.first, g.second) for g in sorted(rnd.games, key=lambda g: g.board))
    return entered, {e.number for e in entered} - paired, pairs, (rnd.byes or (None,))[0]


def _psd(entered, absent, pairs, bye) -> list[int]:  # type: ignore[no-untyped-def]
    """The pairing score differences, highest first, from the players' own scores; the bye's is
    its player's score less one point (2 half points) below the round's lowest (C.04.3 A.8)."""
    score = {e.number: e.score + e.acceleration(len(e.history)) for e in entered}
    lowest = min(s for n, s in score.items() if n not in absent)
    byes = [score[bye] - (lowest - 2)] if bye is not None else []
    return sorted([*(abs(score[a] - score[b]) for a, b in pairs), *byes], reverse=True)


@pytest.mark.parametrize("name", FILES)
def test_every_stated_criterion_is_the_one_of_the_whole_swapped_round(name: str, tmp_path: Path) -> None:
    section, explained = _section(name, tmp_path)
    stated = worse = 0
    for number, why in explained.items():
        entered, absent, pairs, bye = _round(section, number)
        assert why.changed is None and why.engine_pairs is not None  # every round is the engine's
        met = {e.number: {g.opponent for g in e.history if g.played} for e in entered}
        for table in why.tables:
            for swap in table.alternatives:
                kept = [p for p in pairs if swap.player not in p and swap.opponent not in p]
                if swap.other is None:
                    swapped, new_bye = (*kept, (swap.player, swap.opponent)), swap.partner
                else:
                    swapped, new_bye = (*kept, (swap.player, swap.opponent), (swap.partner, swap.other)), bye
                found = deciding_criterion(entered, absent, section.rounds_planned, (swapped, new_bye),
                                           (pairs, bye))
                assert (found.code, found.worse == "published") == (swap.criterion, swap.worse), swap
                stated += 1
                if not swap.worse:
                    continue
                worse += 1
                if swap.criterion == "C1":  # the swap makes a rematch: of the two players it names
                    assert swap.met in ((swap.player, swap.opponent), (swap.partner, swap.other))
                    assert swap.met is not None and swap.met[1] in met[swap.met[0]]
                elif swap.criterion == "C6":  # its score differences, highest first, are larger
                    assert _psd(entered, absent, swapped, new_bye) > _psd(entered, absent, pairs, bye)
                elif swap.criterion == "C2":  # the new bye already scored without playing
                    taker = next(e for e in entered if e.number == new_bye)
                    assert any(not g.played and g.points >= 2 for g in taker.history)
        assert why.bye is None or why.bye.number == bye
    assert stated > 100 and worse > stated // 2


@pytest.mark.parametrize("name", FILES[:2])
def test_the_colours_are_the_rule_s_and_the_groups_hold_every_player(name: str, tmp_path: Path) -> None:
    section, explained = _section(name, tmp_path)
    colour = first_colour(section, None)
    for number, why in explained.items():
        entered, absent, pairs, bye = _round(section, number)
        valid = [e for e in entered if e.number not in absent or any(g.paired for g in e.history)]
        states = {e.number: state_of(e, rank) for rank, e in enumerate(valid)}
        for table in why.tables:
            assert table.colours_by_rule and table.as_engine
            assert colour_of(states[table.white.number], states[table.black.number], colour) == WHITE
        grouped = sorted(n for g in why.groups for n in g.players)
        assert grouped == sorted([p for pair in pairs for p in pair] + ([bye] if bye else []))
        score = {s.number: s.pairing_score for t in why.tables for s in (t.white, t.black)}
        partner = dict(pairs) | {b: a for a, b in pairs}
        for group in why.groups:  # a player floats down when paired below their group
            below = {n for n in group.players if n in partner and score[partner[n]] < group.score}
            assert set(group.down) == below


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The example Dutch event with a name that is markup and its round 7 changed by hand (the Blacks
    of boards 4 and 5 swapped, its game records left out), built without PDFs."""
    content = tmp_path_factory.mktemp("dutchwhy") / "content"
    shutil.copytree(EXAMPLE, content / EXAMPLE.name)
    seventh = content / EXAMPLE.name / "rounds" / "07.yaml"
    text = seventh.read_text(encoding="utf-8")
    text = text.replace('"Ito, Haruki", "Horvat, Ivan"', '"Ito, Haruki", "SWAP"')
    text = text.replace('"Eriksen, Sofie", "Kowalczyk, Anna"', '"Eriksen, Sofie", "Horvat, Ivan"')
    text = text.replace('"SWAP"', '"Kowalczyk, Anna"')
    seventh.write_text("\n".join(line for line in text.splitlines() if not line.startswith("featured:")),
                       encoding="utf-8")
    seventh.with_suffix(".pgn").unlink()
    for path in (content / EXAMPLE.name).rglob("*"):
        if path.suffix in (".yaml", ".pgn"):
            marked = path.read_text(encoding="utf-8").replace("Chen, Wei", "Chen, <i>Wei</i> & Co")
            path.write_text(marked, encoding="utf-8")
    output = content.parent / "output"
    build_site(content, output, pdf=False)
    return output / EXAMPLE.name / "main"


@pytest.mark.parametrize("number", [1, 4, 7])
def test_each_round_page_links_its_explanation(site: Path, number: int) -> None:
    page = (site / f"round-{number:02d}.html").read_text(encoding="utf-8")
    assert f'href="round-{number:02d}-why.html"' in page and "Why these pairings?" in page
    assert (site / f"round-{number:02d}-why.html").is_file()


def test_the_page_names_criteria_and_colours_and_escapes_names(site: Path) -> None:
    raw = (site / "round-06-why.html").read_text(encoding="utf-8")
    assert "<i>Wei</i>" not in raw and "Chen, &lt;i&gt;Wei&lt;/i&gt; &amp; Co" in raw
    page = html.unescape(raw)
    assert "Scoregroups" in page and "floated down:" in page and "colours by" in page
    assert re.search(r"worse on C1: [^<>]+ and [^<>]+ have met", page) and 'id="p1"' in raw
    assert "Bye:" in page and "taking the bye" in page and "changed by hand" not in page


def test_the_changed_round_says_so_with_the_engines_pairs(site: Path) -> None:
    page = html.unescape((site / "round-07-why.html").read_text(encoding="utf-8"))
    assert "differs from the engine's pairing (changed by hand)" in page
    assert "board 4: Ito, Haruki – Horvat, Ivan" in page  # the engine's fourth board
    assert "not the engine's pair: set by hand" in page


def test_the_changed_round_names_the_criterion_deciding_criterion_finds(site: Path) -> None:
    content = site.parents[2] / "content"
    event = load_checked(content / EXAMPLE.name).events[0]
    section = event.sections[0]
    why = section_results(event, section).extra(PAIRING_WHY)[7]
    entered, absent, pairs, bye = _round(section, 7)
    assert why.changed is not None and why.engine_pairs is not None
    assert why.changed == deciding_criterion(entered, absent, section.rounds_planned, (pairs, bye),
                                             (why.engine_pairs, why.engine_bye))


@pytest.mark.parametrize("name", FILES[:2])
def test_the_colour_rule_stated_fits_the_two_preferences(name: str, tmp_path: Path) -> None:
    """C.04.3 §5.2.2 grants the stronger preference: the rule named says which kind decided it (an
    absolute one before the other's, the wider colour difference of two absolute ones, strong
    before mild), and an absolute preference says why (a colour difference beyond ±1, or the same
    colour twice in a row)."""
    _, explained = _section(name, tmp_path)
    seen = set()
    for why in explained.values():
        for table in why.tables:
            white, black = table.white, table.black
            seen.add(table.rule)
            strengths = {white.strength, black.strength}
            if table.rule.startswith("5.2.2"):
                assert white.preference == black.preference
            if table.rule == "5.2.2-absolute":
                assert "absolute" in strengths and len(strengths) == 2
            elif table.rule == "5.2.2-wider":
                assert strengths == {"absolute"}
                assert abs(white.colour_difference) != abs(black.colour_difference)
            elif table.rule == "5.2.2-strong":
                assert strengths == {"strong", "mild"}
            for seat in (white, black):
                if seat.strength == "absolute":
                    assert abs(seat.colour_difference) > 1 or seat.repeated is not None
    assert {"5.2.1", "5.2.2-absolute"} <= seen
    assert not seen - {"5.2.1", "5.2.2-absolute", "5.2.2-wider", "5.2.2-strong", "5.2.3", "5.2.4", "5.2.5"}


def test_the_page_names_an_absolute_preference_s_reason_and_the_players_not_paired(site: Path) -> None:
    """A table whose colours an absolute preference decided says why it is absolute, every rule is
    cited with its full prefix (C.04.3 §5.2.x), and the players on a requested bye are listed as not
    paired (round 3 of the example has one)."""
    pages = {p.name: html.unescape(p.read_text(encoding="utf-8")) for p in site.glob("round-*-why.html")}
    joined = " ".join(pages.values())
    assert "colours by §" not in joined and "colours by C.04.3 §5.2." in joined
    assert re.search(r"absolute colour preference for (White|Black): (colour difference [−+]\d, beyond ±1|"
                     r"(White|Black) in the last two games played)", joined)
    third = pages["round-03-why.html"]
    assert "Not paired in this round:" in third and "(½-point bye)" in third


def test_a_withdrawn_player_is_left_out_as_the_round_page_says(tmp_path: Path) -> None:
    """One answer: the explanation lists a player who withdrew after round 5 with the round page's
    words ("withdrew after round 5"), not as merely "not paired"."""
    from site_builder.commands.pair import pair_next

    content = tmp_path / "content"
    shutil.copytree(EXAMPLE, content / EXAMPLE.name)
    rounds = content / EXAMPLE.name / "rounds"
    for path in [*rounds.glob("06.*"), *rounds.glob("07.*")]:
        path.unlink()
    with (rounds / "05.yaml").open("a", encoding="utf-8") as fifth:
        fifth.write('withdrawn: ["Chen, Wei"]\n')
    pair_next(content)
    output = tmp_path / "output"
    build_site(content, output, pdf=False)
    site = output / EXAMPLE.name / "main"
    why = html.unescape((site / "round-06-why.html").read_text(encoding="utf-8"))
    page = html.unescape((site / "round-06.html").read_text(encoding="utf-8"))
    assert "withdrew after round 5" in page
    assert "Chen, Wei (withdrew after round 5)" in re.sub(r"<[^>]+>", "", why)


def test_a_result_entered_explains_no_round_again_a_changed_pairing_its_round(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The next build takes every explanation from the store: a round's explanation reads of the
    round only its pairing (the engine pairs it from the rounds before it), so a result entered in
    round 7 explains no round again (docs/performance.md, "Why these pairings?"); round 7's boards
    changed by hand explain round 7 again, and no other."""
    from site_builder.cache.digest import Digester
    from site_builder.cache.store import BuildCache, Store
    from site_builder.pairing.dutch import from_section

    content = tmp_path / "content"
    shutil.copytree(EXAMPLE, content / EXAMPLE.name)
    seventh = content / EXAMPLE.name / "rounds" / "07.yaml"
    seventh.with_suffix(".pgn").unlink()
    text = seventh.read_text(encoding="utf-8")
    text = "\n".join(line for line in text.splitlines() if not line.startswith("featured:"))
    seventh.write_text(text, encoding="utf-8")
    store = Store(tmp_path / "cache")

    def explained() -> dict[int, RoundWhy]:
        store.finish(succeeded=True)  # the previous build's values, written
        event = load_checked(content, store).events[0]
        section = event.sections[0]
        return section_results(event, section, BuildCache(store, Digester())).extra(PAIRING_WHY)

    first = explained()
    made: list[int] = []
    explain = from_section.round_why
    monkeypatch.setattr(from_section, "round_why", lambda s, r, n: made.append(n) or explain(s, r, n))
    seventh.write_text(text.replace('"Santos, Tiago", "Rossi, Giulia", "0-1"',
                                    '"Santos, Tiago", "Rossi, Giulia", "1-0"'), encoding="utf-8")
    assert explained() == first and made == []
    seventh.write_text(text.replace('"Ito, Haruki", "Horvat, Ivan"', '"Horvat, Ivan", "Ito, Haruki"'),
                       encoding="utf-8")
    changed = explained()
    assert made == [7] and changed[7] != first[7] and changed[6] == first[6]


def test_what_an_explanation_reads_of_its_round_is_its_pairing_and_who_is_not_paired() -> None:
    """The key of a round's explanation (`fide_swiss.pairing_read`) changes with its boards, its byes and
    who is not paired in it (absent, on a requested bye, withdrawn), never with a result."""
    import dataclasses

    from site_builder.model import Outcome
    from site_builder.systems.fide_swiss import pairing_read

    rnd = load_checked(EXAMPLE).events[0].sections[0].rounds[6]
    game = rnd.games[0]
    other = Outcome.DRAW if game.outcome is not Outcome.DRAW else Outcome.FIRST_WINS
    decided = dataclasses.replace(rnd, games=(dataclasses.replace(game, outcome=other), *rnd.games[1:]))
    assert pairing_read(decided) == pairing_read(rnd)
    for unpaired in ("absent", "half_byes", "full_byes", "withdrawn"):
        changed = dataclasses.replace(rnd, **{unpaired: (*getattr(rnd, unpaired), 999)})
        assert pairing_read(changed) != pairing_read(rnd), unpaired
