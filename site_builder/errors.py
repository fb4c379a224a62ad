"""Located content errors: every problem in the organizer's files names its file, line and column."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True, order=True)
class Location:
    """A position in a content file (line and column are 1-based)."""

    path: Path
    line: int = 1
    column: int = 1

    def __str__(self) -> str:
        return f"{self.path}:{self.line}:{self.column}"


@dataclass(frozen=True)
class Problem:
    """One error in the content: where, what was wrong, and how to fix it."""

    location: Location
    message: str
    hint: str = ""

    def __str__(self) -> str:
        text = f"{self.location}: {self.message}"
        return f"{text} (hint: {self.hint})" if self.hint else text


class ContentError(Exception):
    """Raised when content is invalid; carries every problem found, sorted by location."""

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = sorted(problems, key=lambda p: p.location)
        super().__init__("\n".join(str(p) for p in self.problems))

    def __reduce__(self) -> tuple[type[ContentError], tuple[list[Problem]]]:
        """Pickled with its problems: a build's worker process hands its error over whole."""
        return type(self), (self.problems,)


class Problems:
    """Collects problems so a run reports all of them, not just the first."""

    def __init__(self) -> None:
        self.items: list[Problem] = []

    def add(self, location: Location, message: str, hint: str = "") -> None:
        self.items.append(Problem(location, message, hint))

    def __bool__(self) -> bool:
        return bool(self.items)

    def raise_if_any(self) -> None:
        if self.items:
            raise ContentError(self.items)
