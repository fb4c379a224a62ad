"""Text as the go federations' files hold it: ISO-8859-15 (Latin-9), what the EGF's h9 table and the
AGA's results file are written in (OpenGotha writes both so)."""

from __future__ import annotations

import unicodedata

#: The encoding of the go federations' files.
LATIN9 = "iso-8859-15"
#: The player field that gives a name in Latin letters, as the federations register it (the EGD's
#: and the AGA's files write it in place of the name).
LATIN_NAME = "latin_name"


def latin9_form(text: str) -> str | None:
    """`text` as ISO-8859-15 holds it: a letter's accent dropped where Latin-9 has no such letter
    (ő → o; ł, which has no plain form, stays refused), full-width forms narrowed; None when other
    letters remain (Chinese, Japanese, Korean …).

    >>> latin9_form("Müller, Jörg"), latin9_form("Erdős, Pál"), latin9_form("Ｌｉ"), latin9_form("李 明")
    ('Müller, Jörg', 'Erdos, Pál', 'Li', None)
    """
    plain = "".join(c if _encodable(c) else _plain(c) for c in text)
    return plain if _encodable(plain) else None


def _plain(char: str) -> str:
    """A letter Latin-9 has not: without its accents, else its compatibility form (Ｌ → L)."""
    bare = "".join(c for c in unicodedata.normalize("NFKD", char) if not unicodedata.combining(c))
    return bare if _encodable(bare) else unicodedata.normalize("NFKC", char)


def _encodable(text: str) -> bool:
    try:
        text.encode(LATIN9)
        return True
    except UnicodeEncodeError:
        return False
