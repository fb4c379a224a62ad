"""One output file of a build: a template, its context, and where it goes."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


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
