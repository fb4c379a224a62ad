"""Names and fields as the go federations' files write them."""

from __future__ import annotations

import unicodedata


class ExportError(Exception):
    """What a go export cannot write (a one-line reason with a hint)."""


def egf_name(name: str) -> str:
    """A name in the EGF's order, "Surname Given", from the content's "Surname, Given" (a name
    without a comma is kept as written).

    >>> egf_name("Dubois, Claire"), egf_name("de Vries, Anna"), egf_name("Sato Ken")
    ('Dubois Claire', 'de Vries Anna', 'Sato Ken')
    """
    surname, comma, given = name.partition(",")
    if not comma:
        return " ".join(name.split())
    return " ".join(f"{surname} {given}".split())


def latin9(text: str, what: str) -> str:
    """`text` as ISO-8859-15 can hold it: its letters' accents dropped where Latin-9 has no such
    letter; a text with other letters (Chinese, Japanese …) is refused."""
    try:
        text.encode("iso-8859-15")
        return text
    except UnicodeEncodeError:
        pass
    plain = "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))
    plain = "".join(c if _encodable(c) else unicodedata.normalize("NFKC", c) for c in plain)
    if not all(_encodable(c) for c in plain):
        raise ExportError(f"{what} ({text!r}) has letters the file's "
                          "encoding (ISO-8859-15) cannot hold (hint: write the name in Latin letters, "
                          "as the player's federation registers it, e.g. 'Wang, Fang')")
    return plain


def _encodable(char: str) -> bool:
    try:
        char.encode("iso-8859-15")
        return True
    except UnicodeEncodeError:
        return False
