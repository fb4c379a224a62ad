"""The parts every FIDE Swiss system's "Why these pairings?" page shares (`why_dutch`, `why_dubov`,
`why_burstein`, `why_lim`, `why_double_swiss`): the page's one shape, a pairing score in the
section's points, a table's two sides and the line that says how their scores met, and for a system
with its own checker what `bulletin verify` finds of the round, in its words: every criterion
holds, or each one broken, said once for the round and again beside the bye or each table whose
player it names.
Each system's view puts its own reasons in words and hands them here."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from site_builder.pairing.breach import Breach
from site_builder.views import format as fmt
from site_builder.views.section import SectionData
from site_builder.views.why_left_out import left_out

#: A table's side: (player, pairing score in half points, that score in words).
Side = tuple[int, int, str]


def page(data: SectionData, number: int, absent: Sequence[int], *, intro: str, groups: list[dict[str, Any]],
         tables: list[dict[str, Any]], bye: dict[str, Any] | None = None, notes: Sequence[str] = (),
         changed: Sequence[str] = (), breaches: Sequence[Breach] | None = None) -> dict[str, Any]:
    """The page's parts in `round_why.html`'s shape for round `number`, with the players left out of
    it (`absent`) said as every system says them, and for a system with its own checker what it
    finds of the round (`breaches`: `verdict`)."""
    found, holds = verdict(data, breaches) if breaches is not None else ([], [])
    return {"intro": intro, "changed": [*changed, *found], "raw": [], "notes": [*holds, *notes],
            "groups": groups, "bye": bye, "left_out": left_out(data, number, absent), "tables": tables,
            "words": False}


def verdict(data: SectionData, breaches: Sequence[Breach]) -> tuple[list[str], list[str]]:
    """What a system's own checker finds of the round, as `bulletin verify` says it: the lines of the
    page's change (a heading, then each criterion broken) and its notes (every criterion holds)."""
    t = data.labels
    if not breaches:
        return [], [t("verify.rules_hold")]
    return [t.why_breaches, *(breach(data, b) for b in breaches)], []


def breach(data: SectionData, found: Breach) -> str:
    """A criterion broken, in `bulletin verify`'s words: `C1 (C.04.4.1 art. 2.2) broken: A and B have met`."""
    t = data.labels
    names = {chr(ord("a") + i): data.name(n) for i, n in enumerate(found.players)}
    what = t(found.message, **names, **dict(found.values))
    return t("verify.breach", criterion=found.criterion, article=found.article, what=what)


def naming(data: SectionData, breaches: Sequence[Breach], players: Sequence[int]) -> list[str]:
    """The criteria broken that name one of `players` (the bye's player, or a table's two), in
    `bulletin verify`'s words: a criterion naming players of two tables is said beside each."""
    mine = set(players)
    return [breach(data, b) for b in breaches if mine & set(b.players)]


def points(data: SectionData, half_points: int) -> str:
    """Half points (a draw's points each) as the section's points."""
    return fmt.points(Fraction(half_points) * data.section.scoring.draw, whole=data.whole)


def score(data: SectionData, pairing: int, real: int) -> str:
    """A player's pairing score in half points, with the virtual points it holds (C.04.7) said."""
    said = points(data, pairing)
    if pairing == real:
        return said
    return data.labels("why_d_with_virtual", score=said, real=points(data, real),
                       virtual=points(data, pairing - real))


def scores_met(data: SectionData, white: Side, black: Side) -> str:
    """How a table's two scores met: the same, or the higher one's player floated down to the other.
    A side is (player, pairing score in half points, that score in words)."""
    if white[1] == black[1]:
        return data.labels("why_d_same_score", score=white[2])
    high, low = (white, black) if white[1] > black[1] else (black, white)
    return data.labels("why_d_float_pair", down=data.name(high[0]), down_score=high[2],
                       up=data.name(low[0]), up_score=low[2])


def table(data: SectionData, board: int, white: int, black: int, reasons: list[str],
          alternatives: Sequence[dict[str, Any]] = ()) -> dict[str, Any]:
    """One table of the page: its board, its two sides with their colours, the reasons in words."""
    t = data.labels
    game = data.event.game
    return {"table": board,
            "sides": [{"player": data.ref(white), "colour": t.side(game, False), "id": ""},
                      {"player": data.ref(black), "colour": t.side(game, True), "id": ""}],
            "suffix": "", "reasons": reasons, "why_not": [], "raw": [], "alternatives": list(alternatives)}


def preference(data: SectionData, player: int, colour: str | None, strength: str, difference: int,
               repeated: str | None) -> str:
    """A player's colour preference ("W", "B" or none), its strength and, for an absolute one, why:
    a colour difference beyond ±1, or the same colour (`repeated`) in the last two games."""
    t = data.labels
    game = data.event.game
    name, signed = data.name(player), f"{difference:+d}".replace("-", "−") if difference else "0"
    if colour is None:
        return t("why_d_no_preference", player=name, difference=signed)
    due = t.side(game, colour != "W")
    if strength == "absolute" and abs(difference) > 1:
        return t("why_d_absolute_difference", player=name, colour=due, difference=signed)
    if strength == "absolute" and repeated is not None:
        return t("why_d_absolute_repeat", player=name, colour=due, difference=signed,
                 last=t.side(game, repeated != "W"))
    return t("why_d_preference", player=name, strength=t(f"why_d_strength.{strength}"), colour=due,
             difference=signed)



def colours(data: SectionData, rule: str, by_rule: bool) -> str:
    """The rule that gave a table's colours (`rule`, its catalogue key), or that they are not its."""
    said = data.labels(rule)
    return said if by_rule else data.labels("why_d_rule_not", rule=said)


def by_hand(data: SectionData, as_engine: bool) -> list[str]:
    """That the engine did not make a table's pair (set by hand), or nothing."""
    return [] if as_engine else [data.labels.why_not_engine]
