"""The label catalogues: every label exists in every language, and formats with the same fields."""

from __future__ import annotations

import os
import re
import shutil
import string
import subprocess
from pathlib import Path

import pytest

from site_builder.languages import CATALOGUES, FILES
from site_builder.model import GAMES, LANGUAGES, TIEBREAK_IDS
from site_builder.pairing.team_zones import TEAM_NOTES
from site_builder.systems import SYSTEMS
from site_builder.views.i18n import Labels


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_every_language_has_a_catalogue() -> None:
    assert sorted(CATALOGUES) == sorted(LANGUAGES)
    assert all(code == c.code for code, c in CATALOGUES.items())


@pytest.mark.parametrize("code", [code for code in LANGUAGES if code != "zh"])
def test_every_language_has_every_label_with_the_same_fields(code: str) -> None:
    zh, other = CATALOGUES["zh"], CATALOGUES[code]
    assert sorted(set(zh.labels) ^ set(other.labels)) == []
    assert [key for key in zh.labels if _fields(zh.labels[key]) != _fields(other.labels[key])] == []
    assert sorted(set(zh.tiebreaks) ^ set(other.tiebreaks)) == []
    assert sorted(set(zh.plurals) ^ set(other.plurals)) == []


@pytest.mark.parametrize("code", LANGUAGES)
def test_a_plural_message_has_a_form_for_each_of_the_languages_categories(code: str) -> None:
    """CLDR's categories of the language (English: one, other; Chinese, Japanese: other), one form
    each, with the fields of the default language's."""
    c, zh = CATALOGUES[code], CATALOGUES["zh"]
    assert [key for key, forms in c.plurals.items() if len(forms) != len(c.plural_categories)] == []
    fields = {key: _fields(forms[0]) for key, forms in zh.plurals.items()}
    assert [key for key, forms in c.plurals.items() if any(_fields(f) != fields[key] for f in forms)] == []


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_system_tiebreak_side_and_pairing_note_is_named(code: str) -> None:
    """The titles of the systems and the sentences of the pairing notes are labels of the catalogue
    (`system.<name>`, `note.<kind>`); each tiebreak has its words, and each game its name and its
    sides' (`game.<name>`, `.first`, `.second`)."""
    t = Labels(code)
    assert [name for name in SYSTEMS if not t(f"system.{name}")] == []
    assert sorted(set(TIEBREAK_IDS) - set(t.catalogue.tiebreaks)) == []
    words = set(t.catalogue.labels)
    assert [g for g in GAMES if not {f"game.{g}", f"game.{g}.first", f"game.{g}.second"} <= words] == []
    notes = ("bye", "float", "shift", "break", "lot", "segment",  # the kinds of `pairing.Note`
             *(f"team.{kind}" for kind in TEAM_NOTES))  # a team pairing's (seed 001)
    assert [kind for kind in notes if f"note.{kind}" not in t.catalogue.labels] == []


def test_a_cards_count_of_rated_games_takes_the_languages_plural_form() -> None:
    """The player card's "(K 20, 1 rated game)": a count is a plural message (`rated_games`), one
    form per CLDR category (English: one, other), never "1 rated games"."""
    assert [Labels("en").plural("rated_games", n) for n in (1, 2)] == ["1 rated game", "2 rated games"]
    one = [Labels(code).plural("rated_games", 1) for code in ("zh", "ja")]
    assert one == ["1 盘计分", "レーティング対象1局"]


def test_a_round_number_is_written_one_way_in_each_language() -> None:
    """A withdrawn player's card and a late entry's name their round as every other place does
    (`round`: 第 2 轮, 2回戦), and no Chinese message writes 第{n}轮 without its spaces."""
    for code in ("zh", "ja"):
        t = Labels(code)
        assert [key for key in ("withdrawn_after", "enters_from") if t("round", n=2) not in t(key, n=2)] == []
    zh = CATALOGUES["zh"]
    texts = [*zh.labels.values(), *(form for forms in zh.plurals.values() for form in forms)]
    assert [text for text in texts if re.search(r"第\{\w+\}轮", text)] == []


def test_a_language_writes_its_own_brackets_and_tag() -> None:
    assert [Labels(code).paren("x") for code in ("zh", "en", "ja")] == ["（x）", " (x)", "（x）"]
    assert [Labels(code).tag for code in ("zh", "en", "ja")] == ["zh-CN", "en", "ja"]
    assert Labels("ja").side("shogi", second=True) == "後手"


def test_no_chinese_page_shows_an_english_label(example_site) -> None:
    """Column headings, their tooltips and every other title on the pages of the Chinese events are
    Chinese (对手分 is explained as 所有对手积分之和, never as "Buchholz")."""
    import re

    latin = re.compile(r"[A-Za-z]{2,}")
    allowed = {"PDF", "Atom", "bulletin", "English"}
    found = set()
    for page in example_site.rglob("*.html"):
        html = page.read_text(encoding="utf-8")
        if 'lang="zh-CN"' not in html[:200]:
            continue
        head = html[html.find("<thead>"):html.find("</thead>")] if "<thead>" in html else ""
        texts = re.findall(r'title="([^"]*)"', html) + re.findall(r"<th[^>]*>(.*?)</th>", head, re.S)
        for text in texts:
            words = set(latin.findall(re.sub(r"<[^>]+>", "", text))) - allowed
            if words:
                found.add(f"{page.relative_to(example_site).parts[0]}: {text!r}")
    assert sorted(found) == []


def test_the_list_by_name_follows_pinyin_and_ignores_accents(example_site) -> None:
    """按姓名: a Chinese list in pinyin order (邵 shào, 唐 táng, 王 wáng; code points would put 唐 first
    and 邵 last); an English list alphabetical with accents ignored (Dvořák among the D)."""
    women = (example_site / "2017-xiangqi-national/women/players.html").read_text(encoding="utf-8")
    by_name = women[women.index('id="by_name"'):]
    assert by_name.index("邵如凌冰") < by_name.index("唐丹") < by_name.index("王琳娜")
    spring = (example_site / "2026-spring-open/main/players.html").read_text(encoding="utf-8")
    names = [n for n in spring[spring.index('id="by_name"'):].split('class="name"><a')[1:]]
    initials = [n.split(">", 1)[1][0] for n in names]
    dvorak = next(i for i, n in enumerate(names) if "Dvořák" in n)
    assert initials[dvorak - 1] in "CD" and initials[dvorak + 1] in "DE"


def test_chinese_pages_write_round_numbers_one_way(example_site: Path) -> None:
    """"第 1 轮" with spaces, as headings write it, never "第1轮" beside it (issue 18)."""
    import re

    squeezed = re.compile(r"第\d+轮")
    offenders = [str(path.relative_to(example_site)) for path in example_site.rglob("*.html")
                 if "/en/" not in str(path) and squeezed.search(path.read_text("utf-8"))]
    assert offenders == []


def test_the_chinese_catalogue_writes_round_numbers_one_way() -> None:
    """"第 1 轮" with spaces in every message, the comments of the round files too (`file.tiebreaks`:
    the round-1 file's tiebreak line), never "第1轮" (issue 18)."""
    from site_builder.languages import catalogue

    squeezed = re.compile(r"第\d+轮")
    assert sorted(key for key, text in catalogue("zh").labels.items() if squeezed.search(text)) == []


def test_shared_places_are_written_one_way(example_site: Path) -> None:
    """"9-16" for the losers of a knockout round who share 9th place, as the standings write tied
    places ("2-7"), never "=9" beside them (issue 18)."""
    import re

    equals = re.compile(r">=\d+<")
    assert [str(p.relative_to(example_site)) for p in example_site.rglob("*.html")
            if equals.search(p.read_text("utf-8"))] == []
    placings = (example_site / "2017-xiangqi-national-full/men-a/placings.html").read_text("utf-8")
    assert ">9-16<" in placings and ">33-64<" in placings  # rules: losers of rounds 3 and 1 share


def test_chinese_pages_bracket_chinese_in_full_width(example_site: Path) -> None:
    """（主队）, （第 1 轮后）, （决胜：慢棋）: never ASCII brackets around Chinese text — except the
    bye as seed 004's round lists write it, `(轮空)` (rules/xiangqi-national-individual.md)."""
    import re

    cjk = "\u4e00-\u9fff"
    ascii_brackets = re.compile(rf"[{cjk}]\s?\([^()<>]{{0,30}}\)|\([^()<>]{{0,30}}[{cjk}][^()<>]{{0,30}}\)")
    found = set()
    for page in example_site.rglob("*.html"):
        if "/en/" not in str(page):
            text = re.sub(r"<[^>]+>", " ", page.read_text("utf-8"))
            found |= {m.group(0) for m in ascii_brackets.finditer(text)} - {"(轮空)"}
    assert found == set()


def test_field_codes_show_in_words(example_site: Path) -> None:
    """The league's `team: main` (content/2024-student-shogi-league/players.yaml) is 一队 on the
    cards, never the code."""
    card = (example_site / "2024-student-shogi-league/group-d/players/12.html").read_text("utf-8")
    assert "<dt>队</dt><dd>一队</dd>" in card
    assert not [p for p in example_site.rglob("players/*.html") if "<dd>main</dd>" in p.read_text("utf-8")]


def test_chinese_pages_write_colons_in_full_width(example_site: Path) -> None:
    """第 1 台：…, 轮空：…, 轮数（规程第 1 条）：…: never an ASCII colon after Chinese text (times and
    scores such as 14:00 or 2:0 are digits)."""
    import re

    ascii_colon = re.compile(r"[\u4e00-\u9fff\uff09]\s?:(?!\d)")
    found: dict[str, str] = {}
    for page in example_site.rglob("*.html"):
        if "/en/" not in str(page):
            text = re.sub(r"<[^>]+>", " ", page.read_text("utf-8"))
            if match := ascii_colon.search(text):
                found[str(page.relative_to(example_site))] = text[max(0, match.start() - 20):match.end() + 10]
    assert found == {}


def test_english_pages_show_the_events_english_texts(example_site: Path) -> None:
    """`name`, `short_name`, `venue` and `chief_arbiter` per language (content/2024-gomoku-open):
    the English pages name the event, its venue and its chief arbiter in English, and no
    label of theirs is Chinese but the names of Chinese players."""
    en = (example_site / "2024-gomoku-open/en/index.html").read_text("utf-8")
    zh = (example_site / "2024-gomoku-open/index.html").read_text("utf-8")
    assert "<h1>2024 Hua-style Gomoku Open" in en and "Hangzhou Qiyuan" in en and "Zhou Mingyuan" in en
    assert "华式五子棋公开赛" not in en and "周明远" in zh and "杭州棋院" in zh
    card = (example_site / "2024-student-shogi-league/random/players/23.html").read_text("utf-8")
    assert "<dt>新生</dt>" in card and "first year" not in card
    assert 'aria-label="当前位置"' in card


def test_japanese_pages_speak_the_words_of_japanese_shogi(example_site: Path) -> None:
    """content/2025-shogi-ja-open (`language: ja`): every Japanese page and the feed are tagged ja
    and use the words of Japanese shogi tournaments (先手/後手, 抜け番, 引分, 不戦勝, ソルコフ, 回戦),
    never a simplified Chinese label (轮, 积分, 对手, 胜, 负); its English pages link back."""
    import re

    event = example_site / "2025-shogi-ja-open"
    pages = {p.relative_to(event).as_posix(): p.read_text("utf-8") for p in event.rglob("*.html")
             if not p.relative_to(event).as_posix().startswith("en/")}  # its English pages
    assert pages and [path for path, html in pages.items() if '<html lang="ja"' not in html] == []
    assert 'hreflang="ja" lang="ja">日本語</a>' in (event / "en/index.html").read_text("utf-8")
    assert 'xml:lang="ja"' in (event / "feed.xml").read_text("utf-8")
    words = ("先手", "後手", "（抜け番）", "不戦勝", "4回戦", "組み合わせと結果")
    assert [w for w in words if w not in pages["open/round-04.html"]] == []
    assert "引分" in pages["open/round-01.html"] and "ソルコフ" in pages["open/standings-05.html"]
    assert "スイス式（FIDE ダッチ）" in pages["index.html"]
    chinese = re.compile("[轮积对胜负编组赛后]")
    texts = {path: re.sub(r"<[^>]+>", " ", html) for path, html in pages.items()}
    assert {path: chinese.findall(text) for path, text in texts.items() if chinese.search(text)} == {}


@pytest.mark.parametrize(("page", "name", "tag"), [
    ("2024-gomoku-open/en/open/round-07.html", "邓子嘉", "zh-CN"),  # Hanzi on an English page
    ("2024-gomoku-open/en/open/standings-07.html", "邓子嘉", "zh-CN"),
    ("2024-gomoku-open/en/open/players/3.html", None, "zh-CN"),  # its opponents
    ("2025-shogi-ja-open/en/open/standings-05.html", None, "ja"),  # kanji names read as Japanese
    ("2026-go-mcmahon/zh/open/round-03.html", "Dubois, Claire", "en"),  # Latin names on a Chinese page
])
def test_names_in_another_language_than_the_page_say_which(example_site: Path, page: str, name: str | None,
                                                          tag: str) -> None:
    """Names as written (here in the event's own language) on the event's pages in another language
    are marked with their language (`lang`), so that screen readers read them and fonts draw them as
    that language; the pages in the event's own language mark none."""
    text = (example_site / page).read_text(encoding="utf-8")
    marked = re.findall(rf'<a href="[^"]*\d+\.html"><span lang="{tag}">([^<]+)</span></a>', text)
    assert marked and (name is None or name in marked)
    own = page.replace("/en/", "/").replace("/zh/", "/")
    assert "<span lang=" not in (example_site / own).read_text(encoding="utf-8").split("<main")[1]


@pytest.mark.parametrize(("page", "final", "before"), [
    ("2026-spring-open/main/standings-07.html", "Spring Open · Final standings", "Standings after round 6"),
    ("2017-xiangqi-national-full/women/standings-09.html", "女子组 · 最终名次", "第 8 轮后名次"),
])
def test_the_standings_after_the_last_round_are_final_on_the_web_as_on_paper(
        example_site: Path, page: str, final: str, before: str) -> None:
    """Once the last planned round is complete, the standings page, the round page's link to it and
    the round's PDF bulletin all say "Final standings"; the standings before say after which round."""
    path = example_site / page
    text = path.read_text(encoding="utf-8")
    assert f"<h1>{final}</h1>" in text and f"<title>{final} · " in text
    last = int(re.search(r"standings-(\d+)", page)[1])
    round_page = (path.parent / f"round-{last:02d}.html").read_text(encoding="utf-8")
    heading = final.split(" · ")[1]
    assert f'standings-{last:02d}.html">{heading}</a>' in round_page
    bulletin = subprocess.run(["pdftotext", str(path.parent / f"bulletin-round-{last:02d}.pdf"), "-"],
                              capture_output=True, text=True, check=True).stdout
    assert heading.replace(" ", "") in re.sub(r"\s+", "", bulletin)
    earlier = (path.parent / f"standings-{last - 1:02d}.html").read_text(encoding="utf-8")
    assert f"· {before}</h1>" in earlier


def test_a_direct_encounter_column_empty_for_everyone_says_why(example_site: Path) -> None:
    """Every tiebreak is a column (rules/common.md §4); direct encounter counts only among tied players
    who have all met, so in content/2026-spring-open it breaks no tie: the legend says so, and says
    nothing of the kind where the column has a value."""
    text = (example_site / "2026-spring-open/main/standings-07.html").read_text(encoding="utf-8")
    assert "DE: empty for every player: no tie it could break" in text
    other = (example_site / "2017-xiangqi-national-full/women/standings-09.html").read_text(encoding="utf-8")
    assert "没有它能打破的同分" not in other


def test_a_pending_result_is_a_labelled_mark_with_its_legend(example_site: Path) -> None:
    """A game without its result (content/2017-xiangqi-national round 1, board 4) shows the bulletins'
    "?" (rules/common.md §1), said in words to screen readers and explained under the table."""
    text = (example_site / "2017-xiangqi-national/women/round-01.html").read_text(encoding="utf-8")
    cell = re.search(r'<tr class="pending">.*?<td class="result">(.*?)</td>', text, re.S)[1]
    assert cell == '<span aria-hidden="true">?</span><span class="sr">未赛</span>'
    assert '<p class="note muted legend">?：未赛（结果尚未录入）</p>' in text
    done = (example_site / "2017-xiangqi-national-full/women/round-09.html").read_text(encoding="utf-8")
    assert "结果尚未录入" not in done


@pytest.mark.parametrize("code", LANGUAGES)
def test_each_catalogue_is_a_po_file_gettext_accepts(code: str) -> None:
    """`msgfmt -c` (GNU gettext, what translators' tools run) finds no error in the catalogue."""
    msgfmt = shutil.which("msgfmt")
    if msgfmt is None:
        pytest.skip("GNU gettext's msgfmt is not installed")
    checked = subprocess.run([msgfmt, "-c", "-o", os.devnull, str(FILES[code])], capture_output=True,
                             text=True, check=False)
    assert checked.returncode == 0, checked.stderr
