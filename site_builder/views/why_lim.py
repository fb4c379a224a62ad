"""The page "Why these pairings?" of a Lim round (`pairing_why.py`): the scoregroups in the order
of C.04.4.3 art. 2.2 with the players floated into and on from each, the bye, each table's scores
and the rule of art. 5 that gives its colours, and what the Lim checker finds of it, as `bulletin
verify` says it."""

from __future__ import annotations

from typing import Any

from site_builder.pairing.lim.why import GroupWhy, LimWhy, TableWhy
from site_builder.views import why_swiss
from site_builder.views.section import SectionData
from site_builder.views.why_swiss import points as _points


def lim_context(data: SectionData, why: LimWhy) -> dict[str, Any]:
    """The page's parts (`pairing_why._context`) for a Lim round."""
    t = data.labels
    bye = None
    if why.bye is not None:
        bye = {"player": data.ref(why.bye), "lines": why_swiss.naming(data, why.breaches, [why.bye])
               or [t("why_l_bye", score=_points(data, why.bye_score))]}
    return why_swiss.page(data, why.number, why.left_out, intro=t.why_intro_lim,
                          changed=[] if why.engine_found else [t.why_d_no_engine], breaches=why.breaches,
                          notes=[t.why_d_virtual_note] if why.accelerated else [],
                          groups=[_group(data, g) for g in why.groups], bye=bye,
                          tables=[_table(data, why, table) for table in why.tables])


def _group(data: SectionData, group: GroupWhy) -> dict[str, Any]:
    t = data.labels
    names = t.names_sep.join
    lines = [t("why_l_came", players=names(data.name(n) for n in group.came))] if group.came else []
    lines += [t("why_l_left", players=names(data.name(n) for n in group.left))] if group.left else []
    direction = t.why_l_down if group.down else t.why_l_up
    return {"label": t("why_l_group", score=_points(data, group.score), n=len(group.players),
                       direction=direction),
            "players": [data.ref(n) for n in group.players], "lines": lines}


def _table(data: SectionData, why: LimWhy, table: TableWhy) -> dict[str, Any]:
    reasons = [why_swiss.scores_met(data, (table.white, table.white_score, _points(data, table.white_score)),
                                    (table.black, table.black_score, _points(data, table.black_score)))]
    reasons.append(why_swiss.colours(data, f"why_l_rule.{table.rule}", table.by_rule))
    reasons += why_swiss.by_hand(data, table.as_engine)
    reasons += why_swiss.naming(data, why.breaches, [table.white, table.black])
    return why_swiss.table(data, table.board, table.white, table.black, reasons)
