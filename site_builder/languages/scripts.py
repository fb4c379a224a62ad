"""Which characters are Chinese, Japanese or Korean: the tests of the pages that set CJK text apart
(a name's language on a page of another, a two-character name's padding, a word of the search, a
name's pinyin)."""

from __future__ import annotations


def is_han(char: str) -> bool:
    """A Han character (hanzi, kanji, hanja, their radicals, 々 and 〇): what pinyin romanizes.

    >>> [is_han(c) for c in "唐⼤々𠀋かA"]
    [True, True, True, True, False, False]
    """
    return ("\u3400" <= char <= "\u9fff" or "\uf900" <= char <= "\ufaff" or "\u2e80" <= char <= "\u2fdf"
            or "\u3005" <= char <= "\u3007" or "\U00020000" <= char <= "\U0003134f")


def is_cjk(char: str) -> bool:
    """A character that begins a word of its own in the search: Han, kana, a Hangul syllable
    (`static/site.js` has the same ranges), not their punctuation.

    >>> [is_cjk(c) for c in "唐か한𠀋A、"]
    [True, True, True, True, False, False]
    """
    return ("\u3040" <= char <= "\u30ff" or "\u3400" <= char <= "\u9fff" or "\uac00" <= char <= "\ud7af"
            or "\uf900" <= char <= "\ufaff" or "\U00020000" <= char <= "\U0003134f")


def written_in_cjk(char: str) -> bool:
    """A letter of a CJK script: Han, kana, Hangul (its syllables and letters) or bopomofo.

    >>> [written_in_cjk(c) for c in "唐⼤か한ᄀㄅA、🐉"]
    [True, True, True, True, True, True, False, False, False]
    """
    return (is_cjk(char) or is_han(char) or "\u1100" <= char <= "\u11ff" or "\u3100" <= char <= "\u318f"
            or "\u31a0" <= char <= "\u31ff" or "\ua960" <= char <= "\ua97f" or "\ud7b0" <= char <= "\ud7ff")


def has_cjk(text: str) -> bool:
    """Does `text` hold a letter of a CJK script?

    >>> has_cjk("Open 公开组"), has_cjk("Dvořák, Jan"), has_cjk("Team 🐉")
    (True, False, False)
    """
    return any(written_in_cjk(char) for char in text)
