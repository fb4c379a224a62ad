"""A text shown in another language than the page's is marked with its language (docs/content.md:
"a section, venue or player named in Chinese only, on the English pages is marked with its language
(`lang="zh-CN"`)"). Every English page of the example site is read: no text in a CJK script stands
outside an element whose `lang` is a language of that script; and on the Chinese pages of the English
go event, no player's name stands outside `lang="en"`. Names inside sentences count too: a pairing's
reasons, a round's note, a link to a game, the line atop a printed page.

Read as a screen reader reads the page's text: the head (`<title>` cannot hold markup) and the board
diagrams (`<svg role="img">`, read by their title, their glyphs in the fonts they name) are left out."""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path

from site_builder.languages.scripts import written_in_cjk

#: Elements without an end tag: they hold no text, so they open no scope of `lang`.
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}
#: Elements whose text a reader of the page's text never meets.
UNREAD = {"head", "script", "style", "svg", "template"}


class _Texts(HTMLParser):
    """The text of a page's body, each piece with the language in force where it stands."""

    def __init__(self) -> None:
        super().__init__()
        self.open: list[tuple[str, str]] = []  # (tag, its language) of each element open
        self.texts: list[tuple[str, str, str]] = []  # (text, language, where: the elements around it)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag not in VOID:
            inherited = self.open[-1][1] if self.open else ""
            self.open.append((tag, dict(attrs).get("lang") or inherited))

    def handle_endtag(self, tag: str) -> None:
        while self.open and self.open.pop()[0] != tag:
            pass

    def handle_data(self, data: str) -> None:
        if data.strip() and self.open and not any(tag in UNREAD for tag, _ in self.open):
            where = ">".join(tag for tag, _ in self.open[-3:])
            self.texts.append((data.strip(), self.open[-1][1], where))


def _texts(page: Path) -> list[tuple[str, str, str]]:
    parser = _Texts()
    parser.feed(page.read_text(encoding="utf-8"))
    return parser.texts


def _pages(site: Path, language: str) -> Iterator[Path]:
    """The pages of `site` whose <html> has the language `language`."""
    for page in sorted(site.rglob("*.html")):
        if re.search(rf'<html lang="{language}"', page.read_text(encoding="utf-8")[:300]):
            yield page


def _kana(char: str) -> bool:
    """A hiragana or katakana letter: Japanese."""
    return "\u3041" <= char <= "\u30fa"


def _unmarked(text: str, language: str) -> bool:
    """`text` holds a letter of a CJK script and `language` (the one in force) is not of that script:
    kana are Japanese, Han characters Chinese or Japanese."""
    if not any(written_in_cjk(char) for char in text):
        return False
    primary = language.split("-")[0]
    return primary != "ja" if any(_kana(char) for char in text) else primary not in {"zh", "ja"}


def _kind(path: Path) -> str:
    """A page's path with the numbers of its file's name as N (players/N.html, round-N-why.html)."""
    return path.with_name(re.sub(r"\d+", "N", path.name)).as_posix()


def _report(found: Counter[tuple[str, str]], examples: dict[tuple[str, str], str]) -> str:
    return "\n".join(f"{count}× {page} ({where}): {examples[page, where]!r}"
                     for (page, where), count in sorted(found.items()))


def test_no_cjk_text_on_an_english_page_goes_unmarked(example_site: Path) -> None:
    pages = list(_pages(example_site, "en"))
    assert {"2024-gomoku-open", "2025-shogi-ja-open"} <= {p.relative_to(example_site).parts[0] for p in pages}
    found: Counter[tuple[str, str]] = Counter()
    examples: dict[tuple[str, str], str] = {}
    for page in pages:
        kind = _kind(page.relative_to(example_site))
        for text, language, where in _texts(page):
            if _unmarked(text, language):
                found[kind, where] += 1
                examples.setdefault((kind, where), text)
    assert not found, "CJK text outside lang=zh/ja on English pages:\n" + _report(found, examples)


def test_no_latin_name_on_a_chinese_page_goes_unmarked(example_site: Path) -> None:
    """The English go event's pages in Chinese (`languages: [en, zh]`): its players' names, as
    written, in every table, heading and sentence (the why pages' reasons among them)."""
    event = example_site / "2026-go-mcmahon"
    data = json.loads((event / "event.json").read_text(encoding="utf-8"))
    names = {player["name"] for section in data["sections"] for player in section["players"]}
    found: Counter[tuple[str, str]] = Counter()
    examples: dict[tuple[str, str], str] = {}
    pages = list(_pages(event / "zh", "zh-CN"))
    assert pages
    for page in pages:
        kind = _kind(page.relative_to(example_site))
        for text, language, where in _texts(page):
            if not language.startswith("en") and any(name in text for name in names):
                found[kind, where] += 1
                examples.setdefault((kind, where), text)
    assert not found, "players' names outside lang=en on Chinese pages:\n" + _report(found, examples)
