"""Names and fields as the go federations' files write them."""

from __future__ import annotations

import unicodedata

from site_builder.errors import Location
from site_builder.model import Player

#: The player field that gives a name in Latin letters, as the federations register it (the EGD's
#: and the AGA's files write it in place of the name).
LATIN_NAME = "latin_name"


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


def federation_name(player: Player) -> str:
    """The name a federation's file gives `player`: their `latin_name:`, else their name."""
    return player.fields.get(LATIN_NAME, "").strip() or player.name


def latin9_name(player: Player) -> str:
    """`player`'s name for the EGD (`federation_name`) as ISO-8859-15 holds it, in the EGF's order;
    a name of other letters is refused at the player's line, with the hint of `latin_name:`."""
    if player.fields.get(LATIN_NAME, "").strip():
        return latin9(egf_name(federation_name(player)), f"the {LATIN_NAME} of player #{player.number}",
                      player.loc, "write it in Latin letters, as the player's federation registers it, "
                      "e.g. 'Li, Ming'")
    return latin9(egf_name(player.name), f"the name of player #{player.number}", player.loc,
                  f"give the player a '{LATIN_NAME}:', the name in Latin letters as the player's "
                  f"federation registers it, e.g. '{LATIN_NAME}: \"Li, Ming\"'; the pages keep the name")


def latin9(text: str, what: str, where: Location | None = None,
           hint: str = "write it in Latin letters") -> str:
    """`text` as ISO-8859-15 can hold it: its letters' accents dropped where Latin-9 has no such
    letter; a text with other letters (Chinese, Japanese …) is refused (at `where`, with `hint`)."""
    try:
        text.encode("iso-8859-15")
        return text
    except UnicodeEncodeError:
        pass
    plain = "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))
    plain = "".join(c if _encodable(c) else unicodedata.normalize("NFKC", c) for c in plain)
    if not all(_encodable(c) for c in plain):
        located = f"{where}: " if where else ""
        raise ExportError(f"{located}{what} ({text!r}) has letters the file's encoding (ISO-8859-15) "
                          f"cannot hold (hint: {hint})")
    return plain


def _encodable(char: str) -> bool:
    try:
        char.encode("iso-8859-15")
        return True
    except UnicodeEncodeError:
        return False
