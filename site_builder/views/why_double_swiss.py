"""The page "Why these pairings?" of a Double-Swiss round (`pairing_why.py`): for game 1 of a match,
its brackets and upfloaters, the pairing-allocated bye, each table's scores and the rule of art. 4.3
that gave its colours; for game 2, that it repeats game 1 reversed; and what the checker of C.04.5
finds of the round as `bulletin verify` says it (every criterion holds, or which it breaks, said
again beside the bye or the table it names)."""

from __future__ import annotations

from typing import Any

from site_builder.pairing.double_swiss.why import Bracket, MatchWhy, Table
from site_builder.views import why_swiss
from site_builder.views.section import SectionData
from site_builder.views.why_swiss import points as _points


def double_swiss_context(data: SectionData, why: MatchWhy) -> dict[str, Any]:
    """The page's parts (`pairing_why._context`) for a Double-Swiss round."""
    t = data.labels
    bye = None
    if why.bye is not None and why.bye_score is not None:
        bye = {"player": data.ref(why.bye), "lines": why_swiss.naming(data, why.breaches, [why.bye])
               or [t("why_ds_bye", score=_points(data, why.bye_score))]}
    intro = t.why_intro_double_swiss if why.game == 1 else \
        t("why_ds_game_two", match=why.match, first=why.number - 1)
    return why_swiss.page(data, why.number, why.left_out, intro=intro, breaches=why.breaches,
                          groups=[_group(data, b) for b in why.brackets], bye=bye,
                          tables=[_table(data, why, table) for table in why.tables])


def _group(data: SectionData, bracket: Bracket) -> dict[str, Any]:
    t = data.labels
    names = t.names_sep.join
    lines = [t("why_ds_upfloaters", players=names(data.name(n) for n in bracket.upfloaters))] \
        if bracket.upfloaters else []
    return {"label": t("why_ds_group", score=_points(data, bracket.score), n=len(bracket.residents)),
            "players": [data.ref(n) for n in bracket.residents], "lines": lines}


def _table(data: SectionData, why: MatchWhy, table: Table) -> dict[str, Any]:
    t = data.labels
    reasons = [t("why_ds_scores", white=data.name(table.white), white_score=_points(data, table.scores[0]),
                 black=data.name(table.black), black_score=_points(data, table.scores[1]))]
    if table.rule:
        reasons.append(why_swiss.colours(data, f"why_ds_rule.{table.rule}", table.by_rule))
    reasons += why_swiss.naming(data, why.breaches, [table.white, table.black])
    return why_swiss.table(data, table.board, table.white, table.black, reasons)
