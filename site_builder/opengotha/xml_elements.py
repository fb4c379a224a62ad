"""An XML file as a flat list of located elements (tag, attributes, parent tag, line, column)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from xml.parsers import expat

from site_builder.errors import ContentError, Location, Problem


@dataclass(frozen=True)
class Element:
    """One start tag of the file, where it is."""

    tag: str
    attributes: dict[str, str]
    parent: str
    location: Location


def read_elements(path: Path) -> list[Element]:
    """Every element of the XML file at `path`, in document order; a located error if it is not
    well-formed XML."""
    elements: list[Element] = []
    stack: list[str] = []
    parser = expat.ParserCreate()

    def start(tag: str, attributes: dict[str, str]) -> None:
        location = Location(path, parser.CurrentLineNumber, parser.CurrentColumnNumber + 1)
        elements.append(Element(tag, attributes, stack[-1] if stack else "", location))
        stack.append(tag)

    def end(tag: str) -> None:
        stack.pop()

    parser.StartElementHandler = start
    parser.EndElementHandler = end
    try:
        parser.Parse(path.read_bytes(), True)
    except expat.ExpatError as error:
        message = f"not well-formed XML: {_reason(error.code)}"
        hint = "mend the line (a tag left open, a quote or '&' unescaped), or save it again from OpenGotha"
        raise ContentError([Problem(Location(path, error.lineno, error.offset + 1), message, hint)]) from None
    return elements


def _reason(code: int) -> str:
    """Expat's message for an error `code`, its own "not well-formed (…)" said once.

    >>> _reason(expat.errors.codes[expat.errors.XML_ERROR_INVALID_TOKEN])
    'invalid token'
    >>> _reason(expat.errors.codes[expat.errors.XML_ERROR_TAG_MISMATCH])
    'mismatched tag'
    """
    message = expat.errors.messages[code]
    if message.startswith("not well-formed ("):
        return message.removeprefix("not well-formed (").removesuffix(")")
    return message
