"""The page "Why these pairings?" of a FIDE Burstein round (`pairing_why.py`): a seeding round is
said to be the Dutch system's; after the seeding rounds, each bracket's players in the order of their
Index (art. 1.8) with those who floated out of it, each table's scores and the article of C.04.4.2
§5.2 that gave its colours (or that they are not its colours) and whether the engine pairs it, the
bye, and what the Burstein checker finds of the round, as `bulletin verify` says it."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from site_builder.pairing.burstein.why import BracketWhy, RoundWhy, SeatWhy, TableWhy
from site_builder.views import format as fmt
from site_builder.views import why_swiss
from site_builder.views.section import SectionData
from site_builder.views.why_swiss import points as _points


def burstein_context(data: SectionData, why: RoundWhy) -> dict[str, Any]:
    """The page's parts (`pairing_why._context`) for a Burstein round."""
    t = data.labels
    notes = [t("why_b_seeding", n=why.number)] if why.seeding else []
    notes += [t.why_d_virtual_note] if why.accelerated else []
    bye = None
    if why.bye is not None:
        lines = why_swiss.naming(data, why.breaches, [why.bye]) or [t.why_b_bye]
        bye = {"player": data.ref(why.bye), "lines": lines}
    return why_swiss.page(data, why.number, why.left_out, intro=t.why_intro_burstein, notes=notes,
                          changed=[] if why.engine_found else [t.why_d_no_engine], breaches=why.breaches,
                          groups=[_group(data, why, b) for b in why.brackets], bye=bye,
                          tables=[_table(data, why, table) for table in why.tables])


def _side(data: SectionData, seat: SeatWhy) -> why_swiss.Side:
    """A seat as the page says its score, with the virtual points it holds (C.04.7)."""
    return seat.number, seat.pairing_score, why_swiss.score(data, seat.pairing_score, seat.score)


def _group(data: SectionData, why: RoundWhy, bracket: BracketWhy) -> dict[str, Any]:
    t = data.labels
    lines = [t("why_b_index", bsn=bsn, player=data.name(n), bh=_points(data, why.seats[n].buchholz),
               sb=fmt.points(Fraction(why.seats[n].sonneborn) * data.section.scoring.draw ** 2,
                             whole=data.whole))
             for bsn, n in enumerate(bracket.players, 1)]
    if bracket.floated:
        lines.append(t("why_b_floated", players=t.names_sep.join(data.name(n) for n in bracket.floated)))
    return {"label": t("why_b_bracket", score=_points(data, bracket.score), n=len(bracket.players)),
            "players": [data.ref(n) for n in bracket.players], "lines": lines}


def _table(data: SectionData, why: RoundWhy, table: TableWhy) -> dict[str, Any]:
    white, black = why.seats[table.white], why.seats[table.black]
    reasons = [why_swiss.scores_met(data, _side(data, white), _side(data, black))]
    if not why.seeding:
        reasons.append(why_swiss.colours(data, f"why_b_rule.{table.rule}", table.by_rule))
    reasons += why_swiss.by_hand(data, table.as_engine)
    reasons += why_swiss.naming(data, why.breaches, [white.number, black.number])
    return why_swiss.table(data, table.board, white.number, black.number, reasons)
