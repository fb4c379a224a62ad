"""McMahon as OpenGotha pairs it (`site_builder.pairing.gotha`): start MMS from the rank between the
floor and the bar, handicaps below the bar, ranked by MMS › SOSM › SOSOSM (docs/go.md)."""

from __future__ import annotations

from pathlib import Path

from site_builder.engine.standings import ScoreModel
from site_builder.errors import Location, Problems
from site_builder.model import Event, Section
from site_builder.systems.base import Ranking
from site_builder.systems.generated import Asked, Profile
from site_builder.systems.go_common import GoSystem


def _bar_and_floor(spec: Asked) -> list[str]:
    """A generated McMahon event's keys: its bar and floor when asked (else the system's own)."""
    return [f"mcmahon_bar: {spec.bar}"] * bool(spec.bar) + [f"mcmahon_floor: {spec.floor}"] * bool(spec.floor)


class McMahon(GoSystem):
    generated = Profile(_bar_and_floor, requests=True, go=True)
    name = "mcmahon"
    new_note = "McMahon as OpenGotha pairs it, paired by 'bulletin pair'"
    new_extra = ("    mcmahon_bar: 4d          # players at or above the bar start level (OpenGotha: 4d)\n"
                 "    mcmahon_floor: 20k       # … and at or below the floor (20k)\n"
                 "    # handicap_ceiling: 9    # stones at most (0: even games only)\n")
    score = ScoreModel(main="mms", counted="mms")
    ranking = Ranking(tiebreaks=("sos", "sosos"))
    options = GoSystem.go_options("4d", "20k", 9, 1, "mms", "1d")
    page_set = "site_builder.views.go_pages:MCMAHON"  # the ranked systems' pages, with the bar explained

    def default_rounds(self, players: int) -> int:
        return 5

    def check(self, event: Event, section: Section, problems: Problems) -> None:
        """Besides go's checks: every player has a rank, which places them between the floor and
        the bar (a player without one would silently start at the floor)."""
        super().check(event, section, problems)
        for player in section.players:
            if player.rank is None:
                problems.add(player.field_locs.get("name") or player.loc or Location(Path(section.id)),
                             f"{player.name!r} has no rank: McMahon starts each player by rank, between the "
                             "floor and the bar", "give the player's 'rank:' (e.g. 5k, 1d, 3p)")


SYSTEM = McMahon()
PLACE = 110  # its place in the list of systems (`SYSTEMS`, the documentation's order)
