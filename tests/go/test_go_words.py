"""Go's words, one set on every page and bulletin of the McMahon example (content/2026-go-mcmahon),
in English, Chinese and Japanese: the main score named as the standings name it (MMS, 麦氏分) in
the crosstable, on the cards, in the CSV files and the bulletins, with its legend; a legend of the
results, the handicap and the komi under each round; the bar and the start MMS on the event's home;
results, ranks and the bye in the language's own words (event.json keeps the EGF's notation); the
bye on the player's own line."""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path

import pytest

from site_builder.checks import load_checked
from site_builder.model import Event, Language
from site_builder.render.exports import event_json
from site_builder.render.html import environment, render_page
from site_builder.results import EventResults, event_results
from site_builder.views.page import Page
from site_builder.views.page_set import ranked_views
from site_builder.views.pages import event_pages
from site_builder.views.section import in_language
from site_builder.views.table_csv import table_csv_files

EXAMPLE = Path(__file__).resolve().parents[2] / "content" / "2026-go-mcmahon"
PREFIX = {"en": "2026-go-mcmahon", "zh": "2026-go-mcmahon/zh", "ja": "2026-go-mcmahon/ja"}


@cache
def _event() -> tuple[Event, EventResults]:
    event = load_checked(EXAMPLE).events[0]
    return event, event_results(event)


def _shown(language: Language) -> Event:
    """The event as published in `language` (its own language at its folder's root)."""
    event = _event()[0]
    return event if language == event.language else in_language(event, language)


@cache
def _pages(language: Language) -> dict[str, Page]:
    return {p.path: p for p in event_pages(_shown(language), _event()[1], pdfs=True)}


def _html(language: Language, path: str) -> str:
    return render_page(environment(), _pages(language)[f"{PREFIX[language]}/{path}"])


def _text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def _rows(html: str, index: int = 0) -> list[list[str]]:
    """The cells' texts of the `index`-th table of a page, its header line first."""
    table = re.findall(r"<table.*?</table>", html, re.S)[index]
    return [[re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", cell)).strip()
             for cell in re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", row, re.S)]
            for row in re.findall(r"<tr.*?</tr>", table, re.S)]


SCORE = {"en": ("MMS", "Opp. MMS"), "zh": ("麦氏分", "对手的麦氏分"), "ja": ("MMS", "相手のMMS")}


@pytest.mark.parametrize("language", ["en", "zh", "ja"])
def test_the_mcmahon_score_has_one_name_on_every_table(language: Language) -> None:
    """The standings head their points MMS; so do the crosstables, the card's columns (the opponent's
    MMS and the player's after each round), the CSV files and the last bulletin's crosstable."""
    mms, opponent = SCORE[language]
    assert mms in _rows(_html(language, "open/standings-05.html"))[0]
    for page in ("open/crosstable.html", "open/crosstable-start.html"):
        head = _rows(_html(language, page))[0]
        assert mms in head and "Pts" not in head and "积分" not in head and "得点" not in head
    card = _rows(_html(language, "open/players/5.html"))[0]
    assert card[4] == opponent and card[7] == mms
    data = next(d for d in ranked_views(_shown(language), _event()[1]) if d.section.id == "open")
    files = table_csv_files(data)
    heads = {path.rsplit("/", 1)[-1]: text.splitlines()[0] for path, text in files.items()}
    assert all(f",{mms}," in head for head in heads.values()), heads
    heads = re.findall(r"<thead><tr>(.*?)</tr>", _html(language, "open/bulletin-round-05.pdf"))
    cells = re.findall(r"<th[^>]*>(.*?)</th>", heads[-1])  # the crosstable of the last bulletin
    assert cells[-1].split()[-1] == mms


@pytest.mark.parametrize(("language", "line"), [
    ("en", "MMS: McMahon score"), ("zh", "麦氏分：麦克马洪分"), ("ja", "MMS：マクマホンスコア")])
def test_the_legends_explain_the_main_score(language: Language, line: str) -> None:
    for page in ("open/standings-05.html", "open/crosstable.html", "open/bulletin-round-05.pdf"):
        assert line in _text(_html(language, page)), page


LEGEND = {"en": ("B+ Black won", "W+R", "resignation", "H1", "komi"),
          "zh": ("中盘胜", "超时胜", "让先", "让2子", "贴目"),
          "ja": ("中押し勝ち", "時間切れ勝ち", "定先", "2子", "コミ")}


@pytest.mark.parametrize("language", ["en", "zh", "ja"])
def test_a_go_round_explains_its_results_handicap_and_komi(language: Language) -> None:
    for page in ("open/round-03.html", "open/bulletin-round-03.pdf"):
        html = _html(language, page)
        legend = " ".join(re.findall(r'<div class="note muted legend">(.*?)</div>', html, re.S)) \
            or " ".join(re.findall(r'<p class="note">(.*?)</p>', html, re.S))
        assert [word for word in LEGEND[language] if word not in legend] == [], page


@pytest.mark.parametrize(("language", "bar", "start"), [
    ("en", "McMahon bar", "3d and above start at 32 MMS; 20k and below at 10"),
    ("zh", "麦克马洪线", "3段及以上起始麦氏分均为 32，20级及以下均为 10"),
    ("ja", "マクマホンバー", "3段以上は初期MMS 32、20級以下は 10")])
def test_the_home_says_where_the_bar_is_and_how_start_mms_is_counted(language: Language, bar: str,
                                                                    start: str) -> None:
    for page in ("index.html", "open/players.html"):
        text = _text(_html(language, page))
        assert f"{bar} {start}" in text, page
    assert "30k" in _text(_html("en", "index.html")) and "29" in _text(_html("en", "index.html"))


ROUND_3 = {
    "en": [["1", "Dubois, Claire 4d", "(33)", "W+2.5", "Müller, Jörg 5d", "(34)", "komi 6.5"],
           ["2", "Novák, Eva 4d", "(33)", "B+R", "Kowalski, Piotr 3d", "(33)", "komi 6.5"],
           ["6", "Svoboda, Tomáš 4k", "(27)", "W+R", "Ivanov, Dmitri 2k", "(29)", "H1 · komi 0.5"],
           ["7", "García, Lucía 3k", "(27)", "B+10.5", "Moreau, Julien 5k", "(26)", "komi 6.5"],
           ["8", "Bianchi, Giulia 7k", "(24)", "W+T", "Wagner, Katrin 6k", "(25)", "komi 6.5"],
           ["20", "Vidal, Pau 28k", "(10)", "bye", "", "", ""]],
    "zh": [["1", "Dubois, Claire 4段", "（33）", "白胜2.5目", "Müller, Jörg 5段", "（34）", "贴目 6.5"],
           ["2", "Novák, Eva 4段", "（33）", "黑中盘胜", "Kowalski, Piotr 3段", "（33）", "贴目 6.5"],
           ["6", "Svoboda, Tomáš 4级", "（27）", "白中盘胜",
            "Ivanov, Dmitri 2级", "（29）", "让先 · 贴目 0.5"],
           ["7", "García, Lucía 3级", "（27）", "黑胜10.5目", "Moreau, Julien 5级", "（26）", "贴目 6.5"],
           ["8", "Bianchi, Giulia 7级", "（24）", "白超时胜", "Wagner, Katrin 6级", "（25）", "贴目 6.5"],
           ["20", "Vidal, Pau 28级", "（10）", "轮空", "", "", ""]],
    "ja": [["1", "Dubois, Claire 4段", "（33）", "白2目半勝ち", "Müller, Jörg 5段", "（34）", "コミ 6.5"],
           ["2", "Novák, Eva 4段", "（33）", "黒中押し勝ち", "Kowalski, Piotr 3段", "（33）", "コミ 6.5"],
           ["6", "Svoboda, Tomáš 4級", "（27）", "白中押し勝ち",
            "Ivanov, Dmitri 2級", "（29）", "定先 · コミ 0.5"],
           ["7", "García, Lucía 3級", "（27）", "黒10目半勝ち", "Moreau, Julien 5級", "（26）", "コミ 6.5"],
           ["8", "Bianchi, Giulia 7級", "（24）", "白時間切れ勝ち",
            "Wagner, Katrin 6級", "（25）", "コミ 6.5"],
           ["20", "Vidal, Pau 28級", "（10）", "抜け番", "", "", ""]],
}


@pytest.mark.parametrize("language", ["en", "zh", "ja"])
def test_results_ranks_and_the_bye_in_the_languages_words(language: Language) -> None:
    """Each language writes go's results, ranks and handicaps as its go players do; the bye is on the
    player's own line (the player on the left, the bye in the result, nobody on the right)."""
    rows = _rows(_html(language, "open/round-03.html"))
    expected = ROUND_3[language]
    assert [rows[int(line[0])] for line in expected] == expected
    card = _html(language, "open/players/39.html")
    assert re.search(r"<dd>28(k|级|級)</dd>", card)
    assert ROUND_3[language][-1][1].split()[-1] in card


@pytest.mark.parametrize("language", ["en", "zh", "ja"])
def test_the_bulletin_prints_the_bye_on_the_players_line(language: Language) -> None:
    lines = [line for line in _text(_html(language, "open/bulletin-round-03.pdf")).split(" 20 ")[1:2]]
    name, points, bye = ROUND_3[language][-1][1:4]
    assert lines and lines[0].startswith(f"{name} {points} {bye}")
    assert "(轮空)" not in _html(language, "open/bulletin-round-03.pdf")  # Chinese brackets in full width


def test_event_json_keeps_the_egf_notation() -> None:
    data = json.loads(event_json(_shown("zh"), _event()[1]))
    games = data["sections"][0]["rounds"][2]["games"]
    assert [g["result"] for g in games[:3]] == ["W+2.5", "B+R", "W+R"]


def test_a_go_swiss_names_its_wins_alike_and_has_no_bar(tmp_path: Path) -> None:
    """The same event paired as go's Swiss: its points are NBW on every table, and its home says
    nothing of a bar it does not have."""
    import shutil

    copy = tmp_path / "2026-go-mcmahon"
    shutil.copytree(EXAMPLE, copy)
    event_yaml = copy / "event.yaml"
    text = event_yaml.read_text(encoding="utf-8").replace("system: mcmahon", "system: go-swiss")
    event_yaml.write_text(re.sub(r"\n    mcmahon_(bar|floor): .*", "", text), encoding="utf-8")
    event = load_checked(copy).events[0]
    pages = {p.path: p for p in event_pages(event, event_results(event), pdfs=False)}
    env = environment()

    def html(path: str) -> str:
        return render_page(env, pages[f"{PREFIX['en']}/{path}"])

    assert "NBW" in _rows(html("open/crosstable.html"))[0]
    assert _rows(html("open/players/5.html"))[0][4] == "Opp. NBW"
    assert "NBW: number of wins" in _text(html("open/standings-05.html"))
    assert "McMahon bar" not in _text(html("index.html"))
