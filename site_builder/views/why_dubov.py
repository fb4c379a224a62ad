"""The page "Why these pairings?" of a FIDE Dubov round (`pairing_why.py`): the brackets with their
residents and upfloaters, each table's scores, ratings, AROs and colour preferences with the article
of C.04.4.1 §5.2 that gives the colours, the bye with the rule that designates it, and what the
Dubov checker finds of the round, as `bulletin verify` says it."""

from __future__ import annotations

from typing import Any

from site_builder.pairing.dubov.why import Bracket, RoundWhy, Seat, Table
from site_builder.views import why_swiss
from site_builder.views.section import SectionData
from site_builder.views.why_swiss import points as _points


def dubov_context(data: SectionData, why: RoundWhy) -> dict[str, Any]:
    """The page's parts (`pairing_why._context`) for a Dubov round."""
    t = data.labels
    bye = None
    if why.bye is not None:
        bye = {"player": data.ref(why.bye.number),
               "lines": why_swiss.naming(data, why.breaches, [why.bye.number])
               or [t("why_dubov_bye", score=_score(data, why.bye))]}
    return why_swiss.page(data, why.number, why.left_out, intro=t.why_intro_dubov,
                          notes=[t.why_d_virtual_note] if why.accelerated else [], breaches=why.breaches,
                          groups=[_bracket(data, b) for b in why.brackets], bye=bye,
                          tables=[_table(data, why, table) for table in why.tables])


def _score(data: SectionData, seat: Seat) -> str:
    """A player's pairing score, with the virtual points it holds (C.04.7) said."""
    return why_swiss.score(data, seat.score, seat.points)


def _bracket(data: SectionData, bracket: Bracket) -> dict[str, Any]:
    t = data.labels
    names = t.names_sep.join
    lines = [t("why_dubov_upfloaters", players=names(data.name(n) for n in bracket.upfloaters))] \
        if bracket.upfloaters else []
    return {"label": t("why_dubov_bracket", score=_points(data, bracket.score), n=len(bracket.residents)),
            "players": [data.ref(n) for n in bracket.residents], "lines": lines}


def _table(data: SectionData, why: RoundWhy, table: Table) -> dict[str, Any]:
    t = data.labels
    white, black = table.white, table.black
    if white.score == black.score:
        reasons = [t("why_d_same_score", score=_score(data, white))]
    else:
        high, low = (white, black) if white.score > black.score else (black, white)
        reasons = [t("why_dubov_upfloat", up=data.name(low.number), up_score=_score(data, low),
                     resident=data.name(high.number), score=_score(data, high))]
        if low.maximum:
            reasons.append(t("why_dubov_maximum", player=data.name(low.number), n=low.upfloats))
    for seat in (white, black):
        name = data.name(seat.number)
        reasons.append(t("why_dubov_ratings", player=name, rating=seat.rating, aro=seat.aro))
        reasons.append(_preference(data, seat))
    reasons.append(why_swiss.colours(data, f"why_dubov_rule.{table.rule}", table.by_rule))
    reasons += why_swiss.naming(data, why.breaches, [white.number, black.number])
    return why_swiss.table(data, table.board, white.number, black.number, reasons)


def _preference(data: SectionData, seat: Seat) -> str:
    """A player's colour preference (C.04.4.1 art. 1.6), its strength and, for an absolute one, why."""
    repeated = ("B" if seat.preference == "W" else "W") if seat.repeated else None
    return why_swiss.preference(data, seat.number, seat.preference, seat.strength, seat.difference, repeated)
