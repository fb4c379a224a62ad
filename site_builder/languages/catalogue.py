"""What a language of the pages is: its labels and its typography, one `Catalogue` a language."""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from site_builder.model import Language


def folded(name: str) -> tuple[str, ...]:
    """A name's sort key with accents and case ignored ("Dvořák" among the D)."""
    decomposed = unicodedata.normalize("NFKD", name)
    return ("".join(c for c in decomposed if not unicodedata.combining(c)).casefold(),)


@dataclass(frozen=True)
class Catalogue:
    """One language of the pages: every word they show in it, and how it writes them."""

    code: Language  # as the content names it (`language: ja`)
    tag: str  # BCP 47, for `lang=` and the feed's `xml:lang`: zh-CN, en, ja
    labels: Mapping[str, str]  # key → text, `{n}`-style fields formatted by `Labels`
    tiebreaks: Mapping[str, tuple[str, str]]  # tiebreak id → (column heading, full name)
    brackets: tuple[str, str] = (" (", ")")  # around a remark: " (final)", "（决赛）"
    padded_names: bool = False  # two-character CJK names padded to three (孙　文), as in seed 004
    seed_lists: bool = False  # a regulation's own round lists printed as it does: (0.0), (轮空)
    name_key: Callable[[str], tuple[str, ...]] = folded  # the order of a list by name
    notation: str = "en"  # which of a game record's notations its pages print (`Ply.notation`)
    #: The encodings other than UTF-8 that the organizers' lists in this language are saved in, which
    #: `bulletin import players` reads an event's list in when it is not UTF-8 (zh: GB18030, which holds
    #: GBK, what Excel saves on a Chinese Windows); none: a list that is not UTF-8 is refused.
    file_encodings: tuple[str, ...] = ()
