"""`bulletin verify`: every round paired again from the rounds before it, with the draw seed, and
compared with the round as published; the secret codes opened and drawn again. One line per draw,
so that anyone with a clone of the repository and the seed (published once the last round is
paired) can check that no lot was drawn twice and no pairing was changed by hand without saying so.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from site_builder.checks import load_checked
from site_builder.content.codes import codes_text
from site_builder.draw_seed import SIV_PREFIX, SeedMissing
from site_builder.engine.scoring import records
from site_builder.model import Event, Round, Section
from site_builder.pairing import Pairing, PairingError
from site_builder.pairing.numbers import draw_codes
from site_builder.pairing.paired_from import stale_rounds
from site_builder.systems import next_round, system_of

#: What a pairing is, for the comparison: the games (board, first, second), the byes, the team
#: matches (table, home, away, the boards' players) and the teams' byes.
Drawn = tuple[tuple[tuple[int, int, int], ...], tuple[int, ...],
              tuple[tuple[int, int, int, tuple[tuple[int, int], ...]], ...], tuple[int, ...]]


@dataclass(frozen=True)
class Verdict:
    """One draw checked: where, whether it is the one the seed gives, and what was found."""

    where: str
    agrees: bool
    text: str

    def __str__(self) -> str:
        return f"{'ok  ' if self.agrees else 'DIFF'}  {self.where}: {self.text}"


def verify(content: Path) -> list[Verdict]:
    """Every paired round and every set of secret codes of the site under `content`, checked."""
    site = load_checked(content)
    return [verdict for event in site.events for section in event.sections
            for verdict in _section(event, section)]


def _section(event: Event, section: Section) -> Iterator[Verdict]:
    where = f"{event.slug}/{section.id}"
    if section.codes_sealed or section.codes:
        yield _codes(event, section, where)
    if not system_of(section).automatic:
        if section.rounds:
            yield Verdict(where, True, f"paired by hand ({section.system}): nothing drawn to check")
        return
    stale = {r.number for r in stale_rounds(section)}
    for index, rnd in enumerate(section.rounds):
        if rnd.is_request:
            continue
        yield _round(event, section, index, rnd, f"{where} round {rnd.number}", rnd.number in stale)


def _round(event: Event, section: Section, index: int, rnd: Round, where: str, stale: bool) -> Verdict:
    """Round `rnd` paired again from the rounds before it and the requests it states."""
    unpaired = dataclasses.replace(rnd, games=(), matches=(), team_matches=(), byes=(), team_byes=(),
                                   prepared=True)
    before = dataclasses.replace(section, rounds=(*section.rounds[:index], unpaired))
    try:
        pairing = next_round(before, records(before), event.draw_seed, event, force=True)
    except SeedMissing:
        return Verdict(where, False, "cannot be drawn again without the draw seed (BULLETIN_DRAW_SEED, "
                                     "or the seed the site publishes after the last round)")
    except PairingError as error:
        return Verdict(where, False, f"cannot be paired again: {error}")
    published, drawn = _published(rnd), _drawn(pairing)
    if published == drawn:
        return Verdict(where, True, "the pairing the rules and the seed give")
    why = " (a result before it was corrected after pairing: see 'bulletin check')" if stale else ""
    return Verdict(where, False, f"differs from the pairing the rules and the seed give{why}: "
                                 f"{_difference(section, published, drawn)}")


def _codes(event: Event, section: Section, where: str) -> Verdict:
    """The secret codes: opened with the seed (`codes` of a loaded section), drawn again, and
    `codes.yaml` written again from them, byte for byte."""
    where = f"{where} codes"
    if event.draw_seed is None:
        return Verdict(where, False, "cannot be opened without the draw seed")
    if not section.codes:
        return Verdict(where, False, "do not open with this seed: sealed with another one")
    drawn = draw_codes(section, event.draw_seed)
    if dict(section.codes) != drawn:
        return Verdict(where, False, "differ from the codes the seed draws")
    assert section.directory is not None
    published = (section.directory / "codes.yaml").read_text(encoding="utf-8")
    if published == codes_text(section, drawn, event.draw_seed, section.codes_sealed):
        return Verdict(where, True, f"the {len(drawn)} codes the seed draws; codes.yaml as drawn, "
                                    "byte for byte")
    older = section.codes_sealed and f"sealed: {SIV_PREFIX}" not in published
    return Verdict(where, True, f"the {len(drawn)} codes the seed draws; codes.yaml " + (
        "sealed in the older, randomized format (compared once opened)" if older
        else "differs in its text from the one the seed writes (edited by hand?)"))


def _published(rnd: Round) -> Drawn:
    games = [(g.board, g.first, g.second) for g in rnd.games]
    games += [(m.board, *m.players) for m in rnd.matches]
    teams = [(m.table, m.home, m.away, tuple((g.first, g.second) for g in m.games)) for m in rnd.team_matches]
    return tuple(sorted(games)), tuple(sorted(rnd.byes)), tuple(sorted(teams)), tuple(sorted(rnd.team_byes))


def _drawn(pairing: Pairing) -> Drawn:
    teams = [(m.table, m.home, m.away, tuple((b.first, b.second) for b in m.boards))
             for m in pairing.team_matches]
    return (tuple(sorted((p.board, p.first, p.second) for p in pairing.pairs)), tuple(sorted(pairing.byes)),
            tuple(sorted(teams)), tuple(sorted(pairing.team_byes)))


def _difference(section: Section, published: Drawn, drawn: Drawn) -> str:
    """The first difference, in words: a board, a bye or a team match."""
    def name(number: int) -> str:
        return section.player(number).name

    for board in sorted({game[0] for game in set(drawn[0]) ^ set(published[0])}):
        theirs = next(((f, s) for b, f, s in published[0] if b == board), None)
        ours = next(((f, s) for b, f, s in drawn[0] if b == board), None)
        shown = f"{name(theirs[0])} – {name(theirs[1])}" if theirs else "no game"
        expected = f"{name(ours[0])} – {name(ours[1])}" if ours else "no game"
        return f"board {board} is {shown}, the draw gives {expected}"
    if published[1] != drawn[1]:
        return (f"the bye goes to {', '.join(name(p) for p in published[1]) or 'nobody'}, the draw gives "
                f"{', '.join(name(p) for p in drawn[1]) or 'nobody'}")
    return "the team matches or the teams' byes differ"
