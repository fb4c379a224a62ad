"""The page set of a McMahon section: the pages of the ranked systems (`rounds.py`), and among the
section's tournament details where its bar and floor are and how its start MMS is counted, from the
section's own settings (docs/go.md, "Scores")."""

from __future__ import annotations

from typing import Any

from site_builder.games.go_ranks import MIN_RANK, GoRank, parse_rank
from site_builder.systems import system_of
from site_builder.systems.go_common import GoSystem
from site_builder.views.details import detail_line
from site_builder.views.rounds import RoundsPages
from site_builder.views.section import SectionData


def start_mms(rank: GoRank) -> int:
    """The start MMS a rank gives between no floor and no bar: the rank counted from 30k.

    >>> start_mms(GoRank(-30)), start_mms(GoRank(-1)), start_mms(GoRank(0)), start_mms(GoRank(2))
    (0, 29, 30, 32)
    """
    return rank.value - MIN_RANK


class McMahonPages(RoundsPages):
    """A McMahon section's pages: the ranked systems' with its bar and start MMS explained."""

    def details(self, data: SectionData) -> list[dict[str, Any]]:
        """Where the bar and the floor are, with the start MMS they give, and how a rank gives its
        start MMS (with the players' corrections where any player has one)."""
        t, section = data.labels, data.section
        system = system_of(section)
        assert isinstance(system, GoSystem)
        options = system.values(section)
        bar, floor = parse_rank(str(options["mcmahon_bar"])), parse_rank(str(options["mcmahon_floor"]))
        high, low = start_mms(bar), start_mms(floor)
        kyu, dan = GoRank(-1), GoRank(0)
        value = t("start_mms_value", zero=t.rank_of(GoRank(MIN_RANK)), kyu=t.rank_of(kyu),
                  kyu_mms=start_mms(kyu), dan=t.rank_of(dan), dan_mms=start_mms(dan), floor_mms=low,
                  bar_mms=high)
        if any(p.fields.get("mms_correction", "0") != "0" for p in section.players):
            value += t.start_mms_correction
        return [detail_line(t.mcmahon_bar_line, t("mcmahon_bar_value", bar=t.rank_of(bar), bar_mms=high,
                                                  floor=t.rank_of(floor), floor_mms=low)),
                detail_line(t.start_mms_line, value)]


MCMAHON = McMahonPages()
