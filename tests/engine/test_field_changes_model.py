"""`Section.field_changes` is the one answer to "who withdrew after which round, who entered late
from which round": standings, tables, team pages, the team pairing and TRF export all read it."""

from __future__ import annotations

import dataclasses

from site_builder.engine.scoring import records
from site_builder.engine.standings import standings
from site_builder.engine.teams import TeamRound, TeamSection
from site_builder.model import FieldChanges, Round, Team
from site_builder.views.field_changes import field_changes
from site_builder.views.i18n import Labels

ROUNDS = [
    {"games": [(1, 2, "1-0"), (3, 4, "0-1")]},
    {"games": [(1, 3, "1-0"), (2, 4, "=")], "withdrawn": [2]},
    {"games": [(1, 4, "1-0"), (3, 5, "=")]},
    {"games": [(1, 5, "1-0"), (3, 4, "=")], "withdrawn": [5]},
]


def test_withdrawals_and_late_entries_with_their_rounds(make_section) -> None:
    section = make_section(5, ROUNDS)
    assert section.field_changes == FieldChanges(withdrawn={2: 2, 5: 4}, entered={5: 3})
    assert section.field_changes.upto(2) == FieldChanges(withdrawn={2: 2})
    assert section.field_changes.entering_after(2) == {5}


def test_the_late_entrant_is_outside_the_standings_before_his_first_round(make_section) -> None:
    section = make_section(5, ROUNDS)
    recs = records(section)
    assert [row.player for row in standings(section, recs, 2).rows if row.player == 5] == []
    assert 5 in [row.player for row in standings(section, recs, 3).rows]


def test_a_late_entrant_who_withdrew_is_marked_withdrawn(make_section) -> None:
    t = Labels("en")
    marks = field_changes(make_section(5, ROUNDS), t, 4)
    assert marks[5] == (t.withdrawn_mark, t("withdrawn_after", n=4))
    assert field_changes(make_section(5, ROUNDS), t, 3)[5] == (t.late_mark, t("enters_from", n=3))


def test_a_team_withdraws_when_named_or_when_all_its_players_have(make_section) -> None:
    rounds = [Round(1, detail=TeamRound(teams_withdrawn=(3,))), Round(2, withdrawn=(3,)),
              Round(3, withdrawn=(4,))]
    section = dataclasses.replace(
        make_section(6), rounds=tuple(rounds),
        team=TeamSection((Team(1, "A", (1, 2)), Team(2, "B", (3, 4), reserves=(7,)), Team(3, "C", (5, 6)))))
    assert section.field_changes.teams_withdrawn == {3: 1, 2: 3}
    assert section.field_changes.upto(2).teams_withdrawn == {3: 1}
    assert section.field_changes.entered == {}  # a team's reserves are not late entrants
