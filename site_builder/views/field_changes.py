"""The marks and legend that tables print for the field's changes (`Section.field_changes`): players
who withdrew (after which round) or entered late (from which round)."""

from __future__ import annotations

from site_builder.model import Section
from site_builder.views.i18n import Labels


def field_changes(section: Section, t: Labels, n: int) -> dict[int, tuple[str, str]]:
    """Players who withdrew or entered late, as rounds 1..`n` show it: (mark, what happened); a late
    entrant who withdrew is marked as withdrawn."""
    changes = section.field_changes.upto(n)
    out = {p: (t.late_mark, t("enters_from", n=r)) for p, r in changes.entered.items()}
    out |= {p: (t.withdrawn_mark, t("withdrawn_after", n=r)) for p, r in changes.withdrawn.items()}
    return out


def legend(section: Section, t: Labels, n: int) -> list[str]:
    """What the marks of withdrawn and late players mean, for those a table shows."""
    marks = {mark for mark, _ in field_changes(section, t, n).values()}
    return [text for mark, text in ((t.withdrawn_mark, t.legend_withdrawn), (t.late_mark, t.legend_late))
            if mark in marks]
