"""Explanations of a pairing's non-obvious decisions, as sentences for arbiters (zh / en)."""

from __future__ import annotations

from site_builder.model import Section
from site_builder.pairing import Pairing

_TEXT = {
    "en": {
        "bye": "bye: {players}",
        "float": "down-float: {a} meets {b} of a lower score group",
        "shift": "shifted pairing: {a} meets {b} (the same-position opponent was already met)",
        "break": "pairs broken up so that the group below can be paired: {players}",
        "lot": "lot: {detail}",
        "segment": "final for places {detail}: {a} – {b}",
        "team": "{detail}",
    },
    "zh": {
        "bye": "轮空：{players}",
        "float": "下调：{a} 与低分组的 {b} 配对",
        "shift": "错位配对：{a} 与 {b} 配对（同位对手已交手）",
        "break": "拆对（使下一分组可以配对）：{players}",
        "lot": "抽签：{detail}",
        "segment": "第 {detail} 名位置段决赛：{a} – {b}",
        "team": "{detail}",
    },
}


def describe(section: Section, pairing: Pairing, language: str) -> list[str]:
    """One sentence per note of `pairing` (byes, down-floats, shifts, broken pairs, lots)."""
    text = _TEXT[language]

    def name(number: int) -> str:
        return f"{section.player(number).name} (#{number})"

    lines = []
    for note in pairing.notes:
        names = [name(n) for n in note.players]
        template = text.get(note.kind, "{kind}: {players}")
        lines.append(template.format(kind=note.kind, players=", ".join(names), detail=note.detail,
                                     a=names[0] if names else "", b=names[1] if len(names) > 1 else ""))
    return lines
