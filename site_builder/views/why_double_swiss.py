"""The page "Why these pairings?" of a Double-Swiss round (`pairing_why.py`): for game 1 of a match,
its brackets and upfloaters, the pairing-allocated bye, each table's scores and the rule of art. 4.3
that gave its colours; for game 2, that it repeats game 1 reversed; and what the checker of C.04.5
finds of the round (every criterion holds, or which it breaks)."""

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
        bye = {"player": data.ref(why.bye), "lines": [t("why_ds_bye", score=_points(data, why.bye_score))]}
    intro = t.why_intro_double_swiss if why.game == 1 else \
        t("why_ds_game_two", match=why.match, first=why.number - 1)
    return why_swiss.page(data, why.number, why.left_out, intro=intro, notes=_verdict(data, why),
                          groups=[_group(data, b) for b in why.brackets], bye=bye,
                          tables=[_table(data, table) for table in why.tables])


def _verdict(data: SectionData, why: MatchWhy) -> list[str]:
    """What the checker of C.04.5 finds of the round: every criterion holds, or each one broken."""
    t = data.labels
    if not why.breaches:
        return [t("verify.rules_hold")]
    out = []
    for breach in why.breaches:
        names = {chr(ord("a") + i): data.name(n) for i, n in enumerate(breach.players)}
        what = t(breach.message, **names, **dict(breach.values))
        out.append(t("verify.breach", criterion=breach.criterion, article=breach.article, what=what))
    return out


def _group(data: SectionData, bracket: Bracket) -> dict[str, Any]:
    t = data.labels
    names = t.names_sep.join
    lines = [t("why_ds_upfloaters", players=names(data.name(n) for n in bracket.upfloaters))] \
        if bracket.upfloaters else []
    return {"label": t("why_ds_group", score=_points(data, bracket.score), n=len(bracket.residents)),
            "players": [data.ref(n) for n in bracket.residents], "lines": lines}


def _table(data: SectionData, table: Table) -> dict[str, Any]:
    t = data.labels
    reasons = [t("why_ds_scores", white=data.name(table.white), white_score=_points(data, table.scores[0]),
                 black=data.name(table.black), black_score=_points(data, table.scores[1]))]
    if table.rule:
        reasons.append(t(f"why_ds_rule.{table.rule}"))
    return why_swiss.table(data, table.board, table.white, table.black, reasons)
