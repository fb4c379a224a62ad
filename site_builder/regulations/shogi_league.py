"""The Chinese Student Shogi League (seed 000; rules/shogi-student-league.md): tsume scores,
group tables by its formula, challenges."""

from __future__ import annotations

from pathlib import Path

from site_builder.engine.league import league_of
from site_builder.engine.league_event import league_player, stage_of, tsume_of, tsume_text
from site_builder.errors import Location, Problems
from site_builder.model import Event, Section
from site_builder.regulations.rules import Rules

#: Seed 000 八.2: players a school enters (in its main team, 八 注3).
MAIN_TEAM_PLAYERS = 6


class StudentLeague(Rules):
    league = True
    page_set = "site_builder.views.league:PAGES"

    def check_entries(self, event: Event, problems: Problems) -> None:
        """Seed 000 六.1: tsume scores are whole numbers from 0 to 150; 八.2: at most six players of a
        school in its main team."""
        for player in event.players:
            raw = tsume_text(player)
            if not raw.isdigit() or not 0 <= int(raw) <= 150:
                problems.add(player.loc or Location(Path("?")),
                             f"tsume score of {player.name!r} must be 0–150, found {raw!r}",
                             "write the 诘将棋 score as a whole number from 0 to 150")
        self._check_main_teams(event, problems)

    def _check_main_teams(self, event: Event, problems: Problems) -> None:
        """Seed 000 八.2: each school enters at most six players; a school with more enters them in
        further teams (八 注3: 二队, 三队 …), so its main team has at most six. The seventh main-team
        player of a school, in the order of the player list, is the error."""
        counted: dict[str, int] = {}
        unplaced = Location(Path("?"))
        for player in sorted(event.players, key=lambda p: p.loc or unplaced):
            if not player.club or not league_player(player, "").main_team:
                continue
            counted[player.club] = counted.get(player.club, 0) + 1
            if counted[player.club] == MAIN_TEAM_PLAYERS + 1:
                problems.add(player.loc or unplaced,
                             f"{player.name!r} is the seventh player of {player.club!r} in its main team "
                             f"(八.2: each school enters at most {MAIN_TEAM_PLAYERS} players)",
                             "enter the school's further players in a second team ('team: 二队'), "
                             "which is not ranked as a school (八 注3)")

    def check_results(self, event: Event, problems: Problems) -> None:
        """Seed 000: challenges by the rules of 六.3 / 7.3, once stage 2 is complete."""
        from site_builder.engine.league_event import league_results  # leagues only

        if not (league_of(event).challenges or league_of(event).locs):
            return
        results = league_results(event)
        for key, message in results.errors:
            problems.add(league_of(event).locs.get(key) or Location(Path("?")), message,
                         "see the league's rules (docs/systems.md, the shogi league)")
        if not league_of(event).challenges:
            return
        if not results.complete:
            names = {p.number: p.name for p in event.players}
            first = league_of(event).challenges[0]
            problems.add(first.loc or Location(Path("?")),
                         f"challenge of {names.get(first.challenger)} (#{first.challenger}) to "
                         f"{names.get(first.target)} (#{first.target}) is entered before stage 2 is complete "
                         "(六.3: the challenges follow the stage-2 ranking)",
                         "finish stage 2 (every final and random round has its results) first")
            return
        for index, message in results.violations:
            if (index, message) not in results.changed:
                problems.add(league_of(event).challenges[index].loc or Location(Path("?")),
                             f"challenge not allowed: {message}",
                             "see the list of allowed targets on the challenges page")
        if results.changed:
            _refuse_changed_ranking(event, results.changed, problems)

    def kept_as_played(self, event: Event, what: str) -> tuple[Path, str] | None:
        """`bulletin pair --accept challenges`: the challenge list keeps its played challenges as
        played with the stage-2 ranking as it now stands (`accepted_from:`, its digest)."""
        from site_builder.engine.league_event import league_results  # leagues only

        first = next(iter(league_of(event).challenges), None)
        if what != ACCEPTS or first is None or first.loc is None:
            return None
        results = league_results(event)
        return (first.loc.path, f'accepted_from: "{results.stage2_digest}"') if results.changed else None

    def qualified_section(self, event: Event, section: Section) -> Section:
        """六.2: the final groups (stage 2, qualified by place) rank ties by the games between the
        tied players, then the arbiters' playoff order, marking ties left for a playoff."""
        from site_builder.engine.league_event import final_rules  # leagues only

        stage = stage_of(section)
        return final_rules(section) if stage.number == 2 and stage.qualify else section

    def group_order(self, event: Event, section: Section) -> list[int]:
        """A group's players by the league's group table (score₁, then its ties)."""
        from site_builder.engine.league_event import group_table  # leagues only

        tsume = {p.number: tsume_of(p) for p in event.players}
        return [row.player for row in group_table(section, tsume, dict(league_of(event).x_adjustments))]


#: What `bulletin pair --accept` keeps as played in a league besides rounds: its played challenges.
ACCEPTS = "challenges"


def _refuse_changed_ranking(event: Event, changed: list[tuple[int, str]], problems: Problems) -> None:
    """One problem for the played challenges that only the stage-2 ranking as the results now stand
    bars (六.3): a result of stage 1 or 2 corrected after they were agreed, unless they were entered
    against the rules. Located at the first of them, it names each and both remedies: keep them as
    played (`bulletin pair --accept challenges`), or correct the challenge or the result."""
    first = league_of(event).challenges[changed[0][0]]
    problems.add(first.loc or Location(Path("?")),
                 "challenge not allowed: " + "; ".join(message for _, message in changed)
                 + ", by the stage-2 ranking as the results now stand, though played: a result of stage 1 "
                 "or 2 corrected after the challenges were agreed, or a challenge entered against 六.3",
                 f"after a correction, keep the played challenges with 'bulletin pair --event {event.slug} "
                 f"--accept {ACCEPTS}' (it writes the ranking they are kept with as the challenge list's "
                 "'accepted_from:'); otherwise correct the challenge or the result")


RULES = StudentLeague()
