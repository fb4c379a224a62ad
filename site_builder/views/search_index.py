"""The player search's index, split so that a query fetches a small part of it (docs/exports.md,
"Search index").

A reader's query matches an entry (an event, a team, a player card) when each of its words begins a
word of the entry's name, club, section or keys, ignoring case and accents (`fold`), and one of them
a word of its name, club or keys (a query of an event's name finds the event, not each of its
players); in Chinese, Japanese and Korean text every character begins a word, so any part of a name
is found. The index is written as `search/`:

- `keys-NN.js`, `BUCKETS` of them: the keys of the parts below whose first character's code point
  is NN modulo `BUCKETS`, and the counts of the one-character ones; a query reads those of its
  words' first characters;
- one part per key, `<key as UTF-8 in hex>.js`: for each two-character key, every entry with a word
  of its name, club or keys beginning with it; for each one-character key, the first `CAPPED` such
  entries (with the count, what a one-letter query shows);
- `entries.json`: every entry and how many of the first are events, read by
  `bulletin search-index` to make one index of several sites (`commands/search_index.py`).

`static/site.js` loads the keys, then the part of each word of the query, by adding a script (so
that the pages search from `file://` and from another host).
"""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Iterable, Mapping
from typing import Any

#: The entries a one-character part keeps (the first, in the index's order): more than a page of
#: results, for a query of one-letter words to narrow down.
CAPPED = 100
#: What the search reads as one letter, besides the accents it drops (as `static/site.js` does).
LETTERS = {"ø": "o", "ł": "l", "đ": "d", "ß": "ss", "æ": "ae", "œ": "oe", "ı": "i", "þ": "th"}
#: How many files the keys are spread over (by their first character), so that a query reads a
#: small share of them at any size of the index.
BUCKETS = 64
#: The fields whose words list an entry in a part.
INDEXED = ("name", "club", "keys")
#: The fields of an entry, in the order a part writes them (trailing empty ones left out).
FIELDS = ("name", "club", "section", "url", "keys", "languages", "site")


def fold(text: str) -> str:
    """`text` as the search compares it: without accents, in lower case.

    >>> fold("García, Lucía"), fold("Łukasz Müßig")
    ('garcia, lucia', 'lukasz mussig')
    """
    plain = "".join(c for c in unicodedata.normalize("NFKD", text) if not "\u0300" <= c <= "\u036f")
    return "".join(LETTERS.get(c, c) for c in plain.lower())


def is_word(char: str) -> bool:
    """A letter or a digit (a character that continues a word)."""
    return unicodedata.category(char)[0] in "LN"


def is_cjk(char: str) -> bool:
    """A Chinese, Japanese or Korean character: each begins a word of its own."""
    return ("\u3040" <= char <= "\u30ff" or "\u3400" <= char <= "\u9fff" or "\uac00" <= char <= "\ud7af"
            or "\uf900" <= char <= "\ufaff" or "\U00020000" <= char <= "\U0003134f")


def text_of(entry: Mapping[str, Any], fields: tuple[str, ...] = ("name", "club", "section", "keys")) -> str:
    """What a query is matched against: the entry's name, club, section and keys, folded (its
    `fields`: the parts list an entry under the words of its name, club and keys)."""
    return fold(" ".join(filter(None, (entry.get(name, "") for name in fields))))


def word_starts(text: str) -> Iterable[int]:
    """Where a word begins in `text`: a letter or digit after none, and every CJK character.

    >>> list(word_starts("o'brien, sean")), list(word_starts("唐丹 x"))
    ([0, 2, 9], [0, 1, 3])
    """
    for at, char in enumerate(text):
        if is_cjk(char) or (is_word(char) and (at == 0 or not is_word(text[at - 1]))):
            yield at


def keys_of(text: str) -> tuple[set[str], set[str]]:
    """The two-character and one-character keys of the words of `text`.

    >>> sorted(map(sorted, keys_of("li, a 唐丹")))
    [['a', 'l', '丹', '唐'], ['li', '唐丹']]
    """
    pairs, singles = set(), set()
    for at in word_starts(text):
        singles.add(text[at])
        if at + 1 < len(text) and not text[at + 1].isspace():
            pairs.add(text[at:at + 2])
    return pairs, singles


def begins_word(text: str, word: str) -> bool:
    """Whether `word` begins a word of `text` (as `static/site.js` matches a query's word).

    >>> begins_word("garcia, lucia", "luc"), begins_word("garcia, lucia", "arc"), begins_word("唐丹", "丹")
    (True, False, True)
    """
    at = text.find(word)
    while at != -1:
        if at == 0 or is_cjk(word[0]) or not is_word(text[at - 1]):
            return True
        at = text.find(word, at + 1)
    return False


def part_name(key: str) -> str:
    """The file of the part of `key`: its UTF-8 bytes in hex (`static/site.js` names it alike).

    >>> part_name("ga"), part_name("唐")
    ('6761.js', 'e59490.js')
    """
    return key.encode("utf-8").hex() + ".js"


def bucket_of(key: str) -> int:
    """The keys file that lists `key`: by its first character (`static/site.js` reads it alike).

    >>> bucket_of("ga"), bucket_of("唐丹")
    (39, 16)
    """
    return ord(key[0]) % BUCKETS


def packed(index: int, entry: Mapping[str, Any]) -> list[Any]:
    """An entry as a part writes it: its place in the index (the order of results), then its fields
    in `FIELDS` order, trailing empty ones left out."""
    values = [index, *(entry.get(name) or "" for name in FIELDS)]
    while values and not values[-1]:
        values.pop()
    return values


def search_files(entries: list[dict[str, Any]], events: int, folder: str = "search/") -> dict[str, str]:
    """Output path → text of the index of `entries` (in the order results are listed, the first
    `events` of them events): its keys, its parts and `entries.json`."""
    full: dict[str, list[int]] = {}
    first: dict[str, list[int]] = {}
    counts: dict[str, int] = {}
    for index, entry in enumerate(entries):
        pairs, singles = keys_of(text_of(entry, INDEXED))
        for key in pairs:
            full.setdefault(key, []).append(index)
        for key in singles:
            counts[key] = counts.get(key, 0) + 1
            if len(kept := first.setdefault(key, [])) < CAPPED:
                kept.append(index)
    files = {f"{folder}{part_name(key)}": _part(key, [packed(i, entries[i]) for i in indexes])
             for key, indexes in sorted({**full, **first}.items())}
    for bucket in range(BUCKETS):
        listed = {"parts": sorted(key for key in full if bucket_of(key) == bucket),
                  "counts": {key: n for key, n in sorted(counts.items()) if bucket_of(key) == bucket}}
        files[f"{folder}keys-{bucket:02d}.js"] = f"BULLETIN_SEARCH.keys({bucket}, {_json(listed)});\n"
    files[f"{folder}entries.json"] = _json({"events": events, "entries": entries}) + "\n"
    return files


def _part(key: str, entries: list[list[Any]]) -> str:
    return f"BULLETIN_SEARCH.part({_json(key)}, {_json(entries)});\n"


def _json(value: object) -> str:
    # "<" and the line separators escaped, so that a script of it is inert whatever a name holds
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    return text.replace("<", "\\u003c").replace("\u2028", "\\u2028").replace("\u2029", "\\u2029")
