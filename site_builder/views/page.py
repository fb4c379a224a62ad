"""One output file of a build: a template, its context, and where it goes."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from site_builder.cache.digest import Deferred

#: The context key of a page's deferred fields (a `Deferred` dict, a player's card): they become the
#: context's own when the page is rendered (`Page.data`).
SPREAD = "**"


@dataclass
class Page:
    """One output file rendered from a template with a context."""

    path: str
    template: str
    title: str
    context: dict[str, Any] = field(default_factory=dict)
    pdf: bool = False
    #: for a PDF, the web page it prints: its QR code links there when the build has a base URL
    web: str = ""

    def data(self) -> dict[str, Any]:
        """The context as the template reads it: its `Deferred` values read (also those of a dict
        in it, such as the next round's pairings), its `SPREAD` fields spread in.

        >>> Page("p.html", "p.html", "P", {"a": 1, "b": {"c": Deferred(None, lambda: 2)},
        ...                                 SPREAD: Deferred(None, lambda: {"a": 3})}).data()
        {'a': 3, 'b': {'c': 2}}
        """
        context = {name: _read(value) for name, value in self.context.items()}
        spread = context.pop(SPREAD, None)
        return {**context, **spread} if spread is not None else context

    def read(self) -> None:
        """Make or load its `Deferred` values now: in the process that stores them, before forked
        processes render the page (each would make its own, and store none)."""
        for value in self.context.values():
            _read(value)


def _read(value: Any) -> Any:
    """`value`, read if it is `Deferred`, and so are the values of a dict."""
    if isinstance(value, Deferred):
        return value.value
    if type(value) is dict and any(isinstance(item, Deferred) for item in value.values()):
        return {name: item.value if isinstance(item, Deferred) else item for name, item in value.items()}
    return value
