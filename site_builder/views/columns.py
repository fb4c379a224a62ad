"""The optional columns of a section's player tables: title, go rank, federation, rating, club, sex
and year of birth. One decision per section says which of them have a value for some player (`present`);
every table that lists players (the starting list, the pairings, the standings, the crosstables, on
the web, in the PDFs and in the CSV files) shows its own selection of those, so that a column empty
for the whole section is left out everywhere."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from site_builder.model import Player
from site_builder.views.i18n import Labels

#: Every optional column in the order tables print them (after the name): its key, the label of
#: its heading and whether it holds numbers (right-aligned).
COLUMNS: tuple[tuple[str, str, bool], ...] = (
    ("title", "title", False), ("rank", "go_rank", False), ("fed", "fed", False),
    ("rating", "rating_short", True),
    ("club", "club", False), ("sex", "sex", False), ("born", "birth_year", True),
)

#: The columns each kind of table shows, of those the section has.
STARTING_LIST = ("title", "rank", "fed", "rating", "club", "sex", "born")
STANDINGS = ("title", "rank", "fed", "rating", "club")
CROSSTABLE = ("title", "rank", "fed", "rating")
PAIRINGS = ("title", "rank", "fed", "rating")


def player_cells(player: Player, labels: Labels) -> dict[str, str]:
    """The optional columns' texts of one player ("" where the player has no value)."""
    return {
        "title": player.title,
        "rank": labels.rank_of(player.rank) if player.rank else "",  # 5d, 5段
        "fed": player.fields.get("federation", ""),
        "rating": str(player.rating) if player.rating else "",
        "club": player.club,
        "sex": labels(f"sex.{player.sex}") if player.sex else "",
        "born": str(player.birth_year) if player.birth_year else "",
    }


def present(cells: Iterable[dict[str, str]]) -> frozenset[str]:
    """The columns that have a value for at least one of the players' `cells`."""
    found: set[str] = set()
    for row in cells:
        found.update(key for key, text in row.items() if text)
    return frozenset(found)


def headings(found: frozenset[str], table: tuple[str, ...], labels: Labels) -> list[dict[str, Any]]:
    """The headings of the columns of `table` that the section has (`found`), in table order:
    each its key (into a row's cells), its label and whether it is a number."""
    return [{"key": key, "label": labels(label), "num": num}
            for key, label, num in COLUMNS if key in table and key in found]
