"""Go's Swiss as OpenGotha pairs it (`site_builder.pairing.gotha`): groups by wins (NBW), no bar,
no handicap, ranked by NBW › SOSW › SOSOSW (docs/go.md)."""

from __future__ import annotations

from site_builder.engine.standings import ScoreModel
from site_builder.systems.base import Ranking
from site_builder.systems.generated import Profile
from site_builder.systems.go_common import GoSystem


class GoSwiss(GoSystem):
    generated = Profile(requests=True, go=True)
    name = "go-swiss"
    new_note = "go's Swiss as OpenGotha pairs it, paired by 'bulletin pair'"
    score = ScoreModel(main="nbw", counted="nbw")
    ranking = Ranking(tiebreaks=("sos", "sosos"))
    options = GoSystem.go_options("9d", "30k", 0, 0, "rank", "30k")

    def default_rounds(self, players: int) -> int:
        return 5


SYSTEM = GoSwiss()
PLACE = 120  # its place in the list of systems (`SYSTEMS`, the documentation's order)
