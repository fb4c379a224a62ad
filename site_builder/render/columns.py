"""Column marks: how a table's columns are shown, said once on its `<tbody>` instead of on every cell.

A template declares each column as it writes the column's heading (`marks.add("num minor")`, which
returns the heading's classes) and gives the body its marks (`<tbody{{ marks.tbody() }}>`):
` data-num="1 2 5" data-minor="2 -1"`, each column by its position in the row, from the start up to
`FROM_START`, else from the end (`-1`: the last cell) up to `FROM_END`. The stylesheets hold a rule
for each of those positions (style.css, "Column marks"; docs/themes.md)."""

from __future__ import annotations

from markupsafe import Markup

#: The classes a body cell takes from its column's marks: a number (aligned right), a minor column
#: (folded on a phone), a strong one (bold).
MARKED = ("num", "minor", "strong")
#: The positions style.css has a rule for: the first 24 columns, and the last 12 of a wider table.
FROM_START = 24
FROM_END = 12


class ColumnMarks:
    """The columns of one table as its heading row declares them, and the marks of its body."""

    def __init__(self) -> None:
        self.columns: list[list[str]] = []

    def add(self, classes: str, body: str | None = None) -> str:
        """Declare the next column: `classes` its heading's, `body` its cells' where they differ (the
        points are `strong`); returns `classes`, for the heading's `class` attribute."""
        cells = (classes if body is None else body).split()
        self.columns.append([mark for mark in MARKED if mark in cells])
        return classes

    def position(self, index: int) -> str:
        """The column at `index` (from 0) as the stylesheet names it: `3`, `-2`, or "" past both ends."""
        from_end = len(self.columns) - index
        return str(index + 1) if index < FROM_START else f"-{from_end}" if from_end <= FROM_END else ""

    def tbody(self) -> Markup:
        """The body's attributes, ` data-num="1 3" data-minor="3"`: each mark and its columns."""
        marked: dict[str, list[str]] = {mark: [] for mark in MARKED}
        for index, marks in enumerate(self.columns):
            where = self.position(index)
            for mark in marks if where else ():
                marked[mark].append(where)
        return Markup("").join(Markup(' data-{}="{}"').format(mark, " ".join(places))
                               for mark, places in marked.items() if places)
