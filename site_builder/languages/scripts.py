"""Which characters are CJK: the one test of the pages that set Chinese, Japanese and Korean text
apart (a name's language on a page of another, a two-character name's padding, a word of the search,
a name's pinyin)."""

from __future__ import annotations


def is_cjk(char: str) -> bool:
    """A Chinese, Japanese or Korean character (Han, kana, Hangul), not their punctuation.

    >>> [is_cjk(c) for c in "唐か한𠀋A、"]
    [True, True, True, True, False, False]
    """
    return ("\u3040" <= char <= "\u30ff" or "\u3400" <= char <= "\u9fff" or "\uac00" <= char <= "\ud7af"
            or "\uf900" <= char <= "\ufaff" or "\U00020000" <= char <= "\U0003134f")


def has_cjk(text: str) -> bool:
    """Does `text` hold a CJK character?

    >>> has_cjk("Open 公开组"), has_cjk("Dvořák, Jan")
    (True, False)
    """
    return any(is_cjk(char) for char in text)
