"""The site has a home in every language its events are published in (docs/content.md, "The
site"): the site's language at `index.html`, each other at `<language>/index.html`, every event
listed on each in that language where it has pages in it, and every event page's "All events"
leading to the home in its own language."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

from site_builder.build import build_site
from site_builder.errors import ContentError


def _site(tmp_path: Path, small_event, site_yaml: str = "") -> Path:
    content = tmp_path / "content"
    small_event(content / "cup", name="Cup", language="en")
    small_event(content / "bei", name="杯赛", language="zh")
    event = content / "bei" / "event.yaml"
    text = event.read_text(encoding="utf-8").replace('name: "杯赛"', "name: {zh: 杯赛, en: The Bei Cup}")
    event.write_text(text + "languages: [zh, en]\n", encoding="utf-8")
    if site_yaml:
        (content / "site.yaml").write_text(site_yaml, encoding="utf-8")
    return content


def _text(path: Path) -> str:
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", path.read_text(encoding="utf-8"))))


def test_each_language_has_its_home_listing_every_event_in_it(tmp_path: Path, small_event) -> None:
    content = _site(tmp_path, small_event, "title: {zh: 本会赛事, en: Our events}\n")
    out = tmp_path / "out"
    build_site(content, out, pdf=False)
    chinese, english = ((out / path).read_text(encoding="utf-8") for path in ("index.html", "en/index.html"))
    assert '<html lang="zh-CN"' in chinese and '<html lang="en"' in english
    assert "<h1>本会赛事</h1>" in chinese and "<h1>Our events</h1>" in english
    # the Chinese event in English on the English home, linking its English pages
    assert '<a href="../bei/en/index.html">The Bei Cup</a>' in english
    assert '<a href="bei/index.html">杯赛</a>' in chinese
    # an event with no pages in a language is listed in its own, marked as such
    assert '<li class="card event-running" lang="en">' in chinese
    assert '<a href="cup/index.html">Cup</a>' in chinese
    # the homes link each other, and the English labels are English
    assert 'href="en/index.html" hreflang="en"' in chinese and 'href="../index.html" hreflang="zh"' in english
    assert "The Bei Cup in progress 公开组 · in progress · round 1 of 7" in _text(out / "en/index.html")
    assert "公开组 · 进行中 · 第 1 轮" in _text(out / "index.html")
    assert not (out / "ja").exists()  # no event is published in Japanese


def test_every_event_page_leads_to_the_home_in_its_language(tmp_path: Path, small_event) -> None:
    out = tmp_path / "out"
    build_site(_site(tmp_path, small_event), out, pdf=False)
    def home(page: str) -> list[str]:
        return re.findall(r'class="site-home" href="([^"]+)"', (out / page).read_text(encoding="utf-8"))

    assert home("cup/open/round-01.html") == ["../../en/index.html"]
    assert home("bei/en/open/round-01.html") == ["../../../en/index.html"]
    assert home("bei/open/round-01.html") == ["../../index.html"]
    # without site.yaml the site speaks Chinese; the English home is titled in English
    assert "<h1>Bulletins</h1>" in (out / "en/index.html").read_text(encoding="utf-8")


def test_an_event_folder_named_like_a_language_is_refused(tmp_path: Path, small_event) -> None:
    content = tmp_path / "content"
    small_event(content / "en")
    with pytest.raises(ContentError) as error:
        build_site(content, tmp_path / "out", pdf=False)
    assert "content/en/event.yaml" in str(error.value) and "may not be named 'en'" in str(error.value)


def _built_with(tmp_path: Path, small_event, old: str, new: str) -> Path:
    """The small event's site built with `old` in its event.yaml written `new`: the output folder."""
    content = _site(tmp_path, small_event)
    event = content / "bei" / "event.yaml"
    event.write_text(event.read_text(encoding="utf-8").replace(old, new), encoding="utf-8")
    out = tmp_path / "out"
    build_site(content, out, pdf=False)
    return out


def test_a_section_is_named_in_the_homes_language_where_the_event_gives_the_name(
        tmp_path: Path, small_event) -> None:
    """`name: {zh: 公开组, en: Open}`: the English home says "Open", the Chinese one 公开组."""
    out = _built_with(tmp_path, small_event, "    name: 公开组", "    name: {zh: 公开组, en: Open}")
    english, chinese = ((out / path).read_text(encoding="utf-8") for path in ("en/index.html", "index.html"))
    assert '<a href="../bei/en/open/round-01.html">Open</a>' in english
    assert "公开组" not in english.split('href="../bei/en/index.html"')[1].split("</li>\n</ul>")[0]
    assert '<a href="bei/open/round-01.html">公开组</a>' in chinese


def test_a_name_the_event_gives_in_its_own_language_only_says_which(tmp_path: Path, small_event) -> None:
    """A section and a venue named in Chinese only, on the English home: shown as written, marked
    `lang="zh-CN"` (for screen readers and fonts), the English event name unmarked."""
    out = _built_with(tmp_path, small_event, 'venue: ""', "venue: 杭州棋院")
    english = (out / "en/index.html").read_text(encoding="utf-8")
    assert '<a href="../bei/en/open/round-01.html" lang="zh-CN">公开组</a>' in english
    assert '<span lang="zh-CN">杭州棋院</span>' in english
    assert '<a href="../bei/en/index.html">The Bei Cup</a>' in english


def test_every_page_of_a_three_language_event_links_each_other_language(tmp_path: Path, small_event) -> None:
    """docs/content.md, `languages:`: every page links its counterpart in each other language of
    the event (hreflang), the second-language pages one another as well as the first."""
    content = tmp_path / "content"
    small_event(content / "cup", name="Cup", language="en")
    event = content / "cup" / "event.yaml"
    event.write_text(event.read_text(encoding="utf-8") + "languages: [zh, ja]\n", encoding="utf-8")
    out = tmp_path / "out"
    build_site(content, out, pdf=False)

    def links(page: str) -> list[tuple[str, str]]:
        html = (out / page).read_text(encoding="utf-8")
        return re.findall(r'class="lang" href="([^"]+)" hreflang="(\w+)"', html)

    assert links("cup/open/round-01.html") == [("../zh/open/round-01.html", "zh"),
                                               ("../ja/open/round-01.html", "ja")]
    assert links("cup/zh/open/round-01.html") == [("../../open/round-01.html", "en"),
                                                  ("../../ja/open/round-01.html", "ja")]
    assert links("cup/ja/index.html") == [("../index.html", "en"), ("../zh/index.html", "zh")]
