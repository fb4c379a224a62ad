"""The page "Why these pairings?" of a Lim round (`pairing_why.py`): the scoregroups in the order
of C.04.4.3 art. 2.2 with the players floated into and on from each, the bye, each table's scores
and the rule of art. 5 that gives its colours."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from site_builder.pairing.lim.why import GroupWhy, LimWhy, TableWhy
from site_builder.views import format as fmt
from site_builder.views.section import SectionData
from site_builder.views.why_left_out import left_out


def lim_context(data: SectionData, why: LimWhy) -> dict[str, Any]:
    """The page's parts (`pairing_why._context`) for a Lim round."""
    t = data.labels
    bye = None
    if why.bye is not None:
        bye = {"player": data.ref(why.bye), "lines": [t("why_l_bye", score=_points(data, why.bye_score))]}
    return {
        "intro": t.why_intro_lim,
        "changed": [] if why.engine_found else [t.why_d_no_engine],
        "raw": [],
        "notes": [t.why_d_virtual_note] if why.accelerated else [],
        "groups": [_group(data, g) for g in why.groups],
        "bye": bye,
        "left_out": left_out(data, why.number, why.left_out),
        "tables": [_table(data, table) for table in why.tables],
        "words": False,
    }


def _points(data: SectionData, half_points: int) -> str:
    """Half points (a draw's points each) as the section's points."""
    return fmt.points(Fraction(half_points) * data.section.scoring.draw, whole=data.whole)


def _group(data: SectionData, group: GroupWhy) -> dict[str, Any]:
    t = data.labels
    names = t.names_sep.join
    lines = [t("why_l_came", players=names(data.name(n) for n in group.came))] if group.came else []
    lines += [t("why_l_left", players=names(data.name(n) for n in group.left))] if group.left else []
    direction = t.why_l_down if group.down else t.why_l_up
    return {"label": t("why_l_group", score=_points(data, group.score), n=len(group.players),
                       direction=direction),
            "players": [data.ref(n) for n in group.players], "lines": lines}


def _table(data: SectionData, table: TableWhy) -> dict[str, Any]:
    t = data.labels
    game = data.event.game
    if table.white_score == table.black_score:
        reasons = [t("why_d_same_score", score=_points(data, table.white_score))]
    else:
        high, low = ((table.white, table.white_score), (table.black, table.black_score))
        if table.black_score > table.white_score:
            high, low = low, high
        reasons = [t("why_d_float_pair", down=data.name(high[0]), down_score=_points(data, high[1]),
                     up=data.name(low[0]), up_score=_points(data, low[1]))]
    rule = t(f"why_l_rule.{table.rule}")
    reasons.append(rule if table.by_rule else t("why_d_rule_not", rule=rule))
    if not table.as_engine:
        reasons.append(t.why_not_engine)
    return {
        "table": table.board,
        "sides": [{"player": data.ref(table.white), "colour": t.side(game, False), "id": ""},
                  {"player": data.ref(table.black), "colour": t.side(game, True), "id": ""}],
        "suffix": "", "reasons": reasons, "why_not": [], "raw": [], "alternatives": [],
    }
