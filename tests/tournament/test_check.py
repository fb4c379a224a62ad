"""`bulletin verify FILE.trf`: a generated TRF verifies round by round and its standings agree; a
file with one round changed by hand is named at that round with the criterion that decides it, and a
file whose ranks were changed is named at its standings with the tie-break that decides them."""

from __future__ import annotations

import itertools
from pathlib import Path

from click.testing import CliRunner

from site_builder.cli import main
from site_builder.pairing.dutch.history import Entrant, Game
from site_builder.pairing.dutch.quality import deciding_criterion
from site_builder.tournament.check import verify_trf
from site_builder.tournament.generate import trf_text
from site_builder.tournament.generator import Spec, generate
from site_builder.tournament.verify import summary
from site_builder.trf.records import ROUND_START

COMPLEMENT = {"1": "0", "0": "1", "=": "=", "+": "-", "-": "+"}


def _cells(text: str, rnd: int) -> tuple[list[str], dict[int, int], int]:
    lines = text.splitlines()
    index = {int(line[4:8]): i for i, line in enumerate(lines) if line.startswith("001 ")}
    return lines, index, ROUND_START - 1 + 10 * (rnd - 1)


def _met(text: str) -> set[frozenset[int]]:
    lines, index, _ = _cells(text, 1)
    return {frozenset((n, int(lines[i][at:at + 4]))) for n, i in index.items()
            for at in range(ROUND_START - 1, len(lines[i]), 10) if lines[i][at:at + 4].strip(" 0")}


def exchanged(text: str, rnd: int) -> tuple[str, int, int]:
    """The file with two games of round `rnd` exchanging their black players (the white players'
    results kept), chosen so that nobody meets twice."""
    lines, index, at = _cells(text, rnd)
    whites = [n for n, i in sorted(index.items()) if lines[i][at + 5] == "w"]
    met = _met(text)
    for a, c in itertools.combinations(whites, 2):
        b, d = int(lines[index[a]][at:at + 4]), int(lines[index[c]][at:at + 4])
        if frozenset((a, d)) in met or frozenset((c, b)) in met:
            continue
        cell_a, cell_c = lines[index[a]][at:at + 8], lines[index[c]][at:at + 8]
        cells = ((a, f"{d:>4}{cell_a[4:]}"), (c, f"{b:>4}{cell_c[4:]}"),
                 (d, f"{a:>4} b {COMPLEMENT[cell_a[7]]}"), (b, f"{c:>4} b {COMPLEMENT[cell_c[7]]}"))
        for player, cell in cells:
            line = lines[index[player]]
            lines[index[player]] = line[:at] + cell + line[at + 8:]
        return "\n".join(lines) + "\n", a, c
    raise AssertionError(f"no two games of round {rnd} can exchange players")


def test_a_generated_file_verifies_round_by_round_and_its_standings_agree(tmp_path: Path) -> None:
    path = tmp_path / "open.trf"
    path.write_text(trf_text(generate(Spec(seed=21, players=16, rounds=5, half_byes=0.05, forfeits=0.05))))
    result = CliRunner().invoke(main, ["verify", str(path)])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert [line.split(":")[0] for line in lines[:6]] == [
        *(f"ok    open/main round {n}" for n in range(1, 6)), "ok    open/main standings after round 5"]
    assert lines[-1] == ("5 of 5 draws are the ones the rules and the seed give; 1 of 1 standings are the "
                         "places the tie-breaks give")


def test_a_round_changed_by_hand_is_named_with_the_criterion_that_decides_it(tmp_path: Path) -> None:
    text = trf_text(generate(Spec(seed=21, players=16, rounds=5, draws=0.2)))
    tampered, _, _ = exchanged(text, 3)
    path = tmp_path / "open.trf"
    path.write_text(tampered)
    result = CliRunner().invoke(main, ["verify", str(path)])
    assert result.exit_code == 1
    lines = result.output.splitlines()
    assert [line[:4] for line in lines[:2]] == ["ok  ", "ok  "]
    assert lines[2].startswith("DIFF  open/main round 3: differs from the pairing the rules and the seed "
                               "give: the published pairs ")  # a TRF file has no boards (_changed)
    assert "; the published pairing is worse on C6 (the pairing score differences)" in lines[2]
    # round 4 is paired from another round 3, and the ranks differ
    assert lines[-1].endswith("; 2 not; 0 of 1 standings are the places the tie-breaks give")


def _with_cells(text: str, rnd: int, cells: dict[int, str]) -> str:
    """The file with the round-`rnd` cells of the players `cells` names replaced (8 columns each)."""
    lines, index, at = _cells(text, rnd)
    for player, cell in cells.items():
        line = lines[index[player]]
        lines[index[player]] = line[:at] + cell + line[at + 8:]
    return "\n".join(lines) + "\n"


def _names(text: str) -> dict[int, str]:
    return {int(line[4:8]): line[14:47].strip() for line in text.splitlines() if line.startswith("001 ")}


def test_a_file_s_changed_round_is_named_by_its_pairs_not_by_a_board() -> None:
    """A TRF file has no boards (docs/commands.md, "A TRF file"): a round whose games 3–19 and 16–7
    exchanged their black players is named by the two published pairs the draw has not and the
    draw's two pairs not published, never by a game the draw has on another board."""
    text = trf_text(generate(Spec(seed=1)))
    lines, index, at = _cells(text, 4)
    assert [lines[index[n]][at:at + 8] for n in (3, 19, 16, 7)] == [
        "  19 w 1", "   3 b 0", "   7 w 1", "  16 b 0"]
    tampered = _with_cells(text, 4, {3: "   7 w 1", 7: "   3 b 0", 16: "  19 w 1", 19: "  16 b 0"})
    verdicts, _ = verify_trf(Path("d1.trf"), tampered)
    line = next(v for v in verdicts if v.where == "d1/main round 4")
    name = _names(text)
    published, drawn = (" and ".join(sorted(f"{name[a]} – {name[b]}" for a, b in pairs))
                        for pairs in (((3, 7), (16, 19)), ((3, 19), (16, 7))))
    assert line.differs and "board" not in line.text
    assert line.text == ("differs from the pairing the rules and the seed give: the published pairs "
                         f"{published} are not the draw's; the draw's pairs {drawn} are not published; "
                         "the published pairing is worse on C6 (the pairing score differences)")


def test_a_bye_given_twice_names_the_player_who_received_it() -> None:
    """The bye of round 6 given to the player who had it in round 1 (C.04.3 C2): the line names the
    player the file gives it to and the one the draw gives it to, and the pairs that change with it."""
    text = trf_text(generate(Spec(seed=5, players=11, rounds=6)))
    lines, index, at = _cells(text, 6)
    assert [lines[index[n]][at:at + 8] for n in (10, 11, 6)] == ["0000 - U", "   6 w 0", "  11 b 1"]
    tampered = _with_cells(text, 6, {11: "0000 - U", 10: "   6 w 0", 6: "  10 b 1"})
    verdicts, _ = verify_trf(Path("o21.trf"), tampered)
    line = next(v for v in verdicts if v.where == "o21/main round 6")
    name = _names(text)
    assert line.differs and line.text == (
        "differs from the pairing the rules and the seed give: the published pairs "
        f"{name[10]} – {name[6]} are not the draw's; the draw's pairs {name[11]} – {name[6]} are not "
        f"published; the bye goes to {name[11]}, the draw gives {name[10]}; the published pairing is "
        "worse on C2 (the bye to a player who already scored a point without playing)")


def test_ranks_changed_by_hand_are_named_with_the_tiebreak_that_decides_them() -> None:
    text = trf_text(generate(Spec(seed=21, players=16, rounds=5, draws=0.2)))
    lines = text.splitlines()
    players = [line for line in lines if line.startswith("001 ")]
    first = next(line for line in players if line[85:89].strip() == "1")
    second = next(line for line in players if line[85:89].strip() == "2")
    swapped = [line[:85] + "   2" + line[89:] if line == first else line[:85] + "   1" + line[89:]
               if line == second else line for line in lines]
    verdicts, _ = verify_trf(Path("open.trf"), "\n".join(swapped) + "\n")
    standings = [v for v in verdicts if "standings" in v.where]
    assert len(standings) == 2 and not any(v.agrees for v in standings)  # the two players placed otherwise
    name = first[14:47].strip()
    assert standings[0].text.startswith(f"{name} is placed 2 in the file, the tie-breaks give 1 (")
    assert "decided by" in standings[0].text or "their points decide" in standings[0].text


def test_every_player_placed_otherwise_is_named_with_both_values_of_the_deciding_tiebreak() -> None:
    """Two pairs of ranks exchanged (1 with 2, 5 with 6): each of the four players is named, with
    the place the file shows, the place the tie-breaks give, and the tie-break that puts them in
    their order with the player's value and the other player's."""
    text = trf_text(generate(Spec(seed=21, players=16, rounds=5, draws=0.2)))
    lines = text.splitlines()
    swap = {"1": "2", "2": "1", "5": "6", "6": "5"}
    changed = [line[:85] + f"{swap[line[85:89].strip()]:>4}" + line[89:]
               if line.startswith("001 ") and line[85:89].strip() in swap else line for line in lines]
    verdicts, language = verify_trf(Path("open.trf"), "\n".join(changed) + "\n")
    standings = [v for v in verdicts if "standings" in v.where]
    assert len(standings) == 4 and not any(v.agrees for v in standings)
    names = {line[85:89].strip(): line[14:47].strip() for line in lines if line.startswith("001 ")}
    exchanged_ranks = (("1", "2"), ("2", "1"), ("5", "6"), ("6", "5"))
    for verdict, (rank, shown) in zip(standings, exchanged_ranks, strict=True):
        assert verdict.text.startswith(
            f"{names[rank]} is placed {shown} in the file, the tie-breaks give {rank} (")
        assert verdict.text.endswith(f" of {names[shown]})") or "their points decide" in verdict.text
    assert summary(verdicts, language).endswith("; 0 of 1 standings are the places the tie-breaks give")


def test_the_criteria_are_read_in_the_rules_order() -> None:
    """C1 before anything else: a pairing that repeats a game is worse whatever it does better; the
    same pairs with other colours differ by §5.2, the same games on other boards by §5.3."""
    won = Game(2, "W", 2, True, True)
    players = [Entrant(1, (won,)), Entrant(2, (Game(1, "B", 0, True, True),)),
               Entrant(3, (Game(4, "W", 2, True, True),)), Entrant(4, (Game(3, "B", 0, True, True),))]
    rematch = deciding_criterion(players, set(), 5, (((2, 1), (4, 3)), None), (((1, 3), (2, 4)), None))
    assert (rematch.code, rematch.worse) == ("C1", "published")
    colours = deciding_criterion(players, set(), 5, (((1, 3), (4, 2)), None), (((3, 1), (2, 4)), None))
    assert colours.code == "5.2"  # the same pairs: only the colours of §5.2 differ
    boards = deciding_criterion(players, set(), 5, (((2, 4), (3, 1)), None), (((3, 1), (2, 4)), None))
    assert boards.code == "boards"


def test_a_file_naming_no_tie_break_chain_has_its_places_left_unchecked(tmp_path: Path) -> None:
    """A file without a 202 record (TRF16 has none) gives places ranked by a chain nobody can tell:
    its points are checked, its places are said not to be checkable, and that fails nothing."""
    text = trf_text(generate(Spec(seed=21, players=16, rounds=5, half_byes=0.05, forfeits=0.05)))
    path = tmp_path / "open.trf"
    path.write_text("".join(line for line in text.splitlines(keepends=True) if line[:3] != "202"))
    result = CliRunner().invoke(main, ["verify", str(path)])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[5] == ("--    open/main standings after round 5: the points agree; the places cannot be "
                        "checked: the file names no tie-break chain (TRF16 has no 202 record)")
    assert lines[-1] == ("5 of 5 draws are the ones the rules and the seed give; the places of 1 standings "
                         "cannot be checked (no tie-break chain)")


def test_the_chain_event_yaml_states_checks_the_places_of_a_file_naming_none(tmp_path: Path) -> None:
    """Imported from a file without a 202 record, the event's places are checked once `event.yaml`
    states the chain they were ranked by."""
    text = trf_text(generate(Spec(seed=21, players=16, rounds=5)))
    path = tmp_path / "open.trf"
    path.write_text("".join(line for line in text.splitlines(keepends=True) if line[:3] != "202"))
    chain = next(line for line in text.splitlines() if line.startswith("202 "))
    assert chain == "202 BH/C1 BH SB DE WIN"
    assert CliRunner().invoke(main, ["import", "trf", str(path), str(tmp_path / "open")]).exit_code == 0
    unchecked = CliRunner().invoke(main, ["verify", str(tmp_path / "open")])
    assert unchecked.exit_code == 0 and "--    open/main standings after round 5" in unchecked.output
    event = tmp_path / "open" / "event.yaml"
    event.write_text(event.read_text(encoding="utf-8") + "tiebreaks: [BH-C1, BH, SB, DE, WIN]\n",
                     encoding="utf-8")
    checked = CliRunner().invoke(main, ["verify", str(tmp_path / "open")])
    assert checked.exit_code == 0, checked.output
    assert ("ok    open/main standings after round 5: the places the points and the tie-breaks (BH-C1, BH, "
            "SB, DE, WIN) give") in checked.output


def test_the_bye_counts_among_the_pairing_score_differences() -> None:
    """C6 counts the pairing-allocated bye as a pair with a score one point below the round's lowest
    (C.04.3): the bye to a 0-point player (2 points, in half points) beats the bye to a ½-point
    player that lets the two 0-point players meet (3), though the pairs alone differ less."""
    def game(opponent: int | None, colour: str | None, points: int) -> tuple[Game, ...]:
        return (Game(opponent, colour, points, opponent is not None, True),)

    players = [Entrant(1, game(2, "W", 2)), Entrant(2, game(1, "B", 0)), Entrant(3, game(4, "W", 2)),
               Entrant(4, game(3, "B", 0)), Entrant(5, game(6, "W", 1)), Entrant(6, game(5, "B", 1)),
               Entrant(7, game(None, None, 2))]
    engine = (((1, 3), (7, 5), (6, 2)), 4)
    pairs_closer = (((1, 3), (7, 5), (2, 4)), 6)
    found = deciding_criterion(players, set(), 5, pairs_closer, engine)
    assert (found.code, found.worse) == ("C6", "published")


def test_the_bye_to_a_player_with_an_unplayed_round_is_worse_on_c9() -> None:
    """C9 (the bye to a player with as few unplayed games as possible) comes before the colours: the
    bye to the player absent from round 1 is worse than the bye to a 0-point player who played,
    though it lets two players meet whose colour preferences are both White (C12)."""
    players = [Entrant(1, (Game(2, "W", 2, True, True),)), Entrant(2, (Game(1, "B", 0, True, True),)),
               Entrant(3, (Game(4, "W", 2, True, True),)), Entrant(4, (Game(3, "B", 0, True, True),)),
               Entrant(5, (Game(None, None, 0, False, False),))]
    engine = (((1, 3), (5, 4)), 2)
    to_the_absent = (((1, 3), (2, 4)), 5)
    found = deciding_criterion(players, set(), 5, to_the_absent, engine)
    assert (found.code, found.worse) == ("C9", "published")
