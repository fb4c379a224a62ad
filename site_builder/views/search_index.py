"""The player search's index, split so that a query fetches a small part of it (docs/exports.md,
"Search index").

A reader's query matches an entry (an event, a team, a player card) when each of its words begins a
word of the entry's name, club, section or keys, ignoring case and accents (`fold`), and one of them
a word of its name, club or keys (a query of an event's name finds the event, not each of its
players); in Chinese, Japanese and Korean text every character begins a word, so any part of a name
is found. The index is written as `search/`:

- one part per key, `<key as UTF-8 in hex>.js`: the entries with a word of their name, club or keys
  beginning with the key. The keys are the words' first characters; a key of more than `LIMIT`
  entries keeps its first `CAPPED` (what a query of just that key shows, with the count) and its
  longer words are keyed by one more character, and so on (`parts_of`): a part is small at any size
  of the index;
- `keys-NN.js`, `BUCKETS` of them: the keys whose first character's code point is NN modulo
  `BUCKETS`, each with its count where its part is cut (0 where whole); a query reads those of its
  words' first characters;
- `entries.json`: every entry and how many of the first are events, read by
  `bulletin search-index` to make one index of several sites (`commands/search_index.py`).

`static/site.js` loads the keys, then the part of each word of the query, by adding a script (so
that the pages search from `file://` and from another host).
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Iterable, Mapping
from typing import Any

from site_builder.languages.scripts import is_cjk

#: The most entries a part holds whole; a key with more is cut (below) and split by one more letter.
LIMIT = 400
#: The entries a cut part keeps (the first, in the index's order), with the count of them all: more
#: than a page of results, for a query of short words to narrow down.
CAPPED = 100
#: What the search reads as one letter, besides the accents it drops (as `static/site.js` does).
LETTERS = {"ø": "o", "ł": "l", "đ": "d", "ß": "ss", "æ": "ae", "œ": "oe", "ı": "i", "þ": "th"}
#: How many files the keys are spread over (by their first character), so that a query reads a
#: small share of them at any size of the index.
BUCKETS = 64
#: The fields a query's words are matched against.
MATCHED = ("name", "club", "section", "keys")
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


def query_words(query: str) -> list[str]:
    """A reader's query as the search reads it (as `static/site.js` does): folded, split at spaces
    and commas, each word without the marks at its ends (quotes, brackets, backticks), which begin
    no word of the index (`word_starts`); a word of marks alone is none.

    >>> query_words('"Winter" (Q) `Code`, Jean-Paul —')
    ['winter', 'q', 'code', 'jean-paul']
    """
    return [word for word in map(_trimmed, re.split(r"[\s,，、]+", fold(query))) if word]


def _trimmed(word: str) -> str:
    """`word` from its first letter or digit to its last."""
    start, end = 0, len(word)
    while start < end and not is_word(word[start]):
        start += 1
    while end > start and not is_word(word[end - 1]):
        end -= 1
    return word[start:end]


def text_of(entry: Mapping[str, Any], fields: tuple[str, ...] = MATCHED) -> str:
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


def words_of(text: str) -> set[str]:
    """What a query's word may begin in `text`: its text from each word's beginning to the next space.

    >>> sorted(words_of("li, a 唐丹"))
    ['a', 'li,', '丹', '唐丹']
    """
    found = set()
    for at in word_starts(text):
        end = at
        while end < len(text) and not text[end].isspace():
            end += 1
        found.add(text[at:end])
    return found


def parts_of(words: list[set[str]]) -> dict[str, tuple[list[int], int]]:
    """Key → the entries of its part and, for a part cut to its first `CAPPED`, how many there are
    (0: a whole part), from the words of each entry (`words_of`). A key is a word's first character;
    a key with more than `LIMIT` entries is cut, and its words longer than it are keyed by one more
    character, again and again.

    >>> parts = parts_of([{"ab"}, {"ac"}, {"a"}])
    >>> parts["a"]
    ([0, 1, 2], 0)
    """
    parts: dict[str, tuple[list[int], int]] = {}
    pending: list[tuple[str, list[tuple[int, str]]]] = []
    by_first: dict[str, list[tuple[int, str]]] = {}
    for index, found in enumerate(words):
        for word in found:
            by_first.setdefault(word[0], []).append((index, word))
    pending.extend(by_first.items())
    while pending:
        key, members = pending.pop()
        indexes = sorted({index for index, _ in members})
        if len(indexes) <= LIMIT:
            parts[key] = (indexes, 0)
            continue
        parts[key] = (indexes[:CAPPED], len(indexes))
        longer: dict[str, list[tuple[int, str]]] = {}
        for index, word in members:
            if len(word) > len(key):
                longer.setdefault(word[:len(key) + 1], []).append((index, word))
        pending.extend(longer.items())
    return parts


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


def key_for(word: str, listed: Mapping[str, int]) -> str | None:
    """The key of the part that answers a query's `word` (as `static/site.js` finds it), from the
    keys of its first character's file (`listed`: key → its count where cut, else 0): the word's
    first character, or where that part is cut one more, and so on; None where no entry has a word
    beginning with `word`.

    >>> key_for("garcia", {"g": 500, "ga": 0}), key_for("g", {"g": 500}), key_for("gx", {"g": 500})
    ('ga', 'g', None)
    """
    for n in range(1, len(word) + 1):
        key = word[:n]
        if key not in listed:
            return None
        if listed[key] == 0 or n == len(word):
            return key
    return None


def packed(index: int, entry: Mapping[str, Any]) -> list[Any]:
    """An entry as a part writes it: its place in the index (the order of results), then its fields
    in `FIELDS` order, trailing empty ones left out."""
    values = [index, *(entry.get(name) or "" for name in FIELDS)]
    while values and not values[-1]:
        values.pop()
    return values


def search_files(entries: list[dict[str, Any]], events: int, folder: str = "search/",
                 listed: str | None = None) -> dict[str, str]:
    """Output path → text of the index of `entries` (in the order results are listed, the first
    `events` of them events): its keys, its parts and `entries.json` (`listed`: its text, where
    already made by `entries_json`)."""
    parts = parts_of([words_of(text_of(entry, INDEXED)) for entry in entries])
    files = {f"{folder}{part_name(key)}": _part(key, [packed(i, entries[i]) for i in indexes])
             for key, (indexes, _) in sorted(parts.items())}
    buckets: list[dict[str, int]] = [{} for _ in range(BUCKETS)]
    for key, (_, count) in sorted(parts.items()):
        buckets[bucket_of(key)][key] = count
    for bucket, keys in enumerate(buckets):
        files[f"{folder}keys-{bucket:02d}.js"] = f"BULLETIN_SEARCH.keys({bucket}, {_json(keys)});\n"
    files[f"{folder}entries.json"] = listed if listed is not None else entries_json(entries, events)
    return files


def entries_json(entries: list[dict[str, Any]], events: int) -> str:
    """The text of `entries.json`: the entries, the first `events` of them events."""
    return _json({"events": events, "entries": entries}) + "\n"


def _part(key: str, entries: list[list[Any]]) -> str:
    return f"BULLETIN_SEARCH.part({_json(key)}, {_json(entries)});\n"


def _json(value: object) -> str:
    # "<" and the line separators escaped, so that a script of it is inert whatever a name holds
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    return text.replace("<", "\\u003c").replace("\u2028", "\\u2028").replace("\u2029", "\\u2029")
