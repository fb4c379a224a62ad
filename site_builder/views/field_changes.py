"""The marks and legend that tables print for the field's changes (`Section.field_changes`): players
who withdrew (after which round) or entered late (from which round), and teams likewise."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from site_builder.model import Section
from site_builder.views.i18n import Labels


def field_changes(section: Section, t: Labels, n: int) -> dict[int, tuple[str, str]]:
    """Players who withdrew or entered late, as rounds 1..`n` show it: (mark, what happened); a late
    entrant who withdrew is marked as withdrawn."""
    changes = section.field_changes.upto(n)
    return _marked(changes.entered, changes.withdrawn, t)


def team_changes(section: Section, t: Labels, n: int) -> dict[int, tuple[str, str]]:
    """Teams that withdrew or entered late, as rounds 1..`n` show it, marked as players are."""
    changes = section.field_changes.upto(n)
    return _marked(changes.teams_entered, changes.teams_withdrawn, t)


def _marked(entered: Mapping[int, int], withdrawn: Mapping[int, int], t: Labels
            ) -> dict[int, tuple[str, str]]:
    """(mark, what happened) of each late entrant (the round it entered) and of each one who withdrew
    (after which round), the withdrawal last."""
    out = {k: (t.late_mark, t("enters_from", n=r)) for k, r in entered.items()}
    out |= {k: (t.withdrawn_mark, t("withdrawn_after", n=r)) for k, r in withdrawn.items()}
    return out


def legend(section: Section, t: Labels, n: int) -> list[str]:
    """What the marks of withdrawn and late players mean, for those a table shows."""
    return marks_legend(t, (mark for mark, _ in field_changes(section, t, n).values()))


def marks_legend(t: Labels, marks: Iterable[str]) -> list[str]:
    """What each of the field's marks among `marks` means (withdrew, late entry), in that order."""
    shown = set(marks)
    return [text for mark, text in ((t.withdrawn_mark, t.legend_withdrawn), (t.late_mark, t.legend_late))
            if mark in shown]
