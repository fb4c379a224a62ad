"""Changes of the field as the round files show them: players who withdrew (after which round) or
entered late (from which round), with the marks and legend the tables print."""

from __future__ import annotations

from site_builder.model import Section
from site_builder.views.i18n import Labels


def field_changes(section: Section, t: Labels, n: int) -> dict[int, tuple[str, str]]:
    """Players who withdrew or entered late, as rounds 1..`n` show it: (mark, what happened)."""
    first_seen: dict[int, int] = {}
    out: dict[int, tuple[str, str]] = {}
    for rnd in section.rounds:
        if rnd.number > n:
            break
        for player in rnd.entrants:
            first_seen.setdefault(player, rnd.number)
        for player in rnd.withdrawn:
            out.setdefault(player, (t.withdrawn_mark, t("withdrawn_after", n=rnd.number)))
    for player, number in first_seen.items():  # a team's reserves are not late entries
        if number > 1 and player not in out and not section.teams:
            out[player] = (t.late_mark, t("enters_from", n=number))
    return out


def legend(section: Section, t: Labels, n: int) -> list[str]:
    """What the marks of withdrawn and late players mean, for those a table shows."""
    marks = {mark for mark, _ in field_changes(section, t, n).values()}
    return [text for mark, text in ((t.withdrawn_mark, t.legend_withdrawn), (t.late_mark, t.legend_late))
            if mark in marks]
