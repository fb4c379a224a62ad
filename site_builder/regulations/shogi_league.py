"""The Chinese Student Shogi League (seed 000; rules/shogi-student-league.md): tsume scores,
group tables by its formula, challenges."""

from __future__ import annotations

from pathlib import Path

from site_builder.engine.league_event import tsume_of, tsume_text
from site_builder.errors import Location, Problems
from site_builder.model import Event, Section
from site_builder.regulations.rules import Rules


class StudentLeague(Rules):
    league = True

    def check_entries(self, event: Event, problems: Problems) -> None:
        """Seed 000 六.1: tsume scores are whole numbers from 0 to 150."""
        for player in event.players:
            raw = tsume_text(player)
            if not raw.isdigit() or not 0 <= int(raw) <= 150:
                problems.add(player.loc or Location(Path("?")),
                             f"tsume score of {player.name!r} must be 0–150, found {raw!r}",
                             "write the 诘将棋 score as a whole number from 0 to 150")

    def check_results(self, event: Event, problems: Problems) -> None:
        """Seed 000: challenges by the rules of 六.3 / 7.3, once stage 2 is complete."""
        from site_builder.engine.league_event import league_results  # leagues only

        results = league_results(event) if event.challenges else None
        if results is None:
            return
        if not results.complete:
            problems.add(event.challenges[0].loc or Location(Path("?")),
                         "challenges are entered before stage 2 is complete", "finish stage 2 first")
            return
        for index, message in results.violations:
            problems.add(event.challenges[index].loc or Location(Path("?")),
                         f"challenge not allowed: {message}",
                         "see the list of allowed targets on the challenges page")

    def group_order(self, event: Event, section: Section) -> list[int]:
        """A group's players by the league's group table (score₁, then its ties)."""
        from site_builder.engine.league_event import group_table  # leagues only

        tsume = {p.number: tsume_of(p) for p in event.players}
        return [row.player for row in group_table(section, tsume)]


RULES = StudentLeague()
