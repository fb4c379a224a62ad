"""What a regulation adds to its systems beyond default values (`Preset`): checks of its own,
its own order of a group, its own pages. `Rules` adds nothing; a regulation that adds rules has a
module of its own here (`shogi_league.py`)."""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from site_builder.errors import Problems
from site_builder.model import Event, Section


class Rules:
    """The rules of a regulation beyond its presets; these defaults add none."""

    #: its events are ranked by a league formula across their stages (`EventResults.league`)
    league: ClassVar[bool] = False
    #: the pages its events show beyond their sections', as `module:name` of a
    #: `site_builder.views.page_set.EventPageSet` ("": none); the views import it, never this layer
    page_set: ClassVar[str] = ""

    def check_entries(self, event: Event, problems: Problems) -> None:
        """Checks of the entries, before the stages' players are known."""

    def check_results(self, event: Event, problems: Problems) -> None:
        """Checks of the results, once every section has its players."""

    def qualified_section(self, event: Event, section: Section) -> Section:
        """A section whose players qualify from the stage before, with what the regulation sets for
        it (these defaults: unchanged)."""
        return section

    def kept_as_played(self, event: Event, what: str) -> tuple[Path, str] | None:
        """`bulletin pair --accept WHAT` for a part of the event that is no round (the shogi league's
        challenges): the file that keeps it as played after a correction before it, and the line
        `key: value` it gets (None: the regulation keeps no such part, or it needs nothing kept)."""
        return None

    def group_order(self, event: Event, section: Section) -> list[int] | None:
        """A finished group's players in order, for the qualification to the next stage (None: by the
        group's standings)."""
        return None


NONE = Rules()
