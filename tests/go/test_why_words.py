"""The go page "Why these pairings?" in words a go player reads: a hand-made round whose every other
pairing is a rematch, with a handicap, said board by board in English, Chinese and Japanese (the MMS
gap and who floats, the handicap from the engine's settings, who takes White, why not the nearest
other pair); the engine's numbers only in a folded <details>, never printed; and a 40-player round
printed by Chromium on at most two A4 sheets."""

from __future__ import annotations

import html
import io
import re
import shutil
import unicodedata
from pathlib import Path

import pytest

from site_builder.build import build_site
from site_builder.checks import load_checked
from site_builder.commands.pair import pair_next
from site_builder.pairing.gotha.why import CRITERIA, RoundWhy
from site_builder.results.section import section_results
from site_builder.systems.go_common import PAIRING_WHY
from site_builder.tournament.generate import write_generated
from site_builder.tournament.generator import Spec
from site_builder.views.i18n import Labels

EVENT = """\
name: Small Go
game: go
language: en
languages: [en, zh, ja]
komi: 6.5
draw_seed: 1
sections:
  open:
    name: Open
    system: mcmahon
    rounds: 3
"""
#: Three 2k (MMS 28) and a 5k (MMS 25), each of another club
PLAYERS = """\
players:
  - {number: 1, name: "Abe, Aiko", rank: 2k, club: Leiden}
  - {number: 2, name: "Berg, Bo", rank: 2k, club: Delft}
  - {number: 3, name: "Chen, Cai", rank: 2k, club: Gouda}
  - {number: 4, name: "Dahl, Dag", rank: 5k, club: Breda}
"""
#: Abe wins both, Dahl loses both: before round 3 Abe has MMS 30, Berg and Chen 29, Dahl 25, and
#: Abe – Dahl and Berg – Chen are the only pairs that have not met
ROUNDS = {
    1: """\
round: 1
games:
  - {board: 1, first: "Berg, Bo", second: "Abe, Aiko", result: "W+R", handicap: 0, komi: 6.5}
  - {board: 2, first: "Dahl, Dag", second: "Chen, Cai", result: "W+R", handicap: 2, komi: 0.5}
""",
    2: """\
round: 2
games:
  - {board: 1, first: "Chen, Cai", second: "Abe, Aiko", result: "W+R", handicap: 0, komi: 6.5}
  - {board: 2, first: "Dahl, Dag", second: "Berg, Bo", result: "W+R", handicap: 2, komi: 0.5}
""",
}


@pytest.fixture(scope="module")
def content(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The small event with rounds 1 and 2 played and round 3 paired by the engine."""
    content = tmp_path_factory.mktemp("why-words") / "content"
    rounds = content / "go" / "open" / "rounds"
    rounds.mkdir(parents=True)
    (content / "go" / "event.yaml").write_text(EVENT, encoding="utf-8")
    (content / "go" / "open" / "players.yaml").write_text(PLAYERS, encoding="utf-8")
    for number, text in ROUNDS.items():
        (rounds / f"{number:02d}.yaml").write_text(text, encoding="utf-8")
    pair_next(content)
    return content


@pytest.fixture(scope="module")
def site(content: Path) -> Path:
    output = content.parent / "output"
    build_site(content, output, pdf=False)
    return output / "go"


@pytest.fixture(scope="module")
def why(content: Path) -> RoundWhy:
    event = load_checked(content / "go").events[0]
    return section_results(event, event.sections[0]).extra(PAIRING_WHY)[3]  # type: ignore[no-any-return]


def _page(site: Path, language: str = "") -> str:
    folder = site / language / "open" if language else site / "open"
    return (folder / "round-03-why.html").read_text(encoding="utf-8")


def _said(page: str, table: int) -> list[str]:
    """The sentences of a board, as text (its engine's numbers left out)."""
    block = page.split(f'id="table-{table}"', 1)[1].split("</li>\n</ol>", 1)[0].split('id="table-', 1)[0]
    block = block.split('class="why-reasons">', 1)[1].split("</ul>", 1)[0]
    items = re.findall(r"<li[^>]*>(.*?)</li>", block, re.S)
    return [html.unescape(re.sub(r"<[^>]+>", "", item)) for item in items]


def test_the_engine_pairs_the_only_round_without_a_rematch(why: RoundWhy) -> None:
    names = {"1": "Abe", "2": "Berg", "3": "Chen", "4": "Dahl"}
    assert [(p.table, names[p.black.key], names[p.white.key], p.stones) for p in why.pairs] == [
        (1, "Chen", "Berg", 0), (2, "Dahl", "Abe", 4)]


def test_each_board_says_why_in_english(site: Path) -> None:
    page = _page(site)
    assert _said(page, 1) == [
        "Same MMS (29).",
        "No handicap: same MMS.",
        "Colours by lot, the balances being equal: Chen, Cai White in 0 of 1 even games so far; Berg, Bo "
        "White in 0 of 1 even games so far.",
        "Not Chen, Cai – Abe, Aiko (and Berg, Bo – Dahl, Dag): a rematch (Chen, Cai – Abe, Aiko; Berg, Bo – "
        "Dahl, Dag met before), though better on score gap.",
        "Not Berg, Bo – Abe, Aiko (and Chen, Cai – Dahl, Dag): a rematch (Berg, Bo – Abe, Aiko; Chen, Cai – "
        "Dahl, Dag met before), though better on score gap.",
    ]
    assert _said(page, 2) == [
        "5 MMS apart: Dahl, Dag (25) floats up, Abe, Aiko (30) floats down.",
        "Handicap 4: 5 MMS apart, less 1.",
        "White to the stronger, Abe, Aiko.",
        "Not Dahl, Dag – Berg, Bo (and Abe, Aiko – Chen, Cai): a rematch (Dahl, Dag – Berg, Bo; Abe, Aiko – "
        "Chen, Cai met before), though better on score gap.",
        "Not Abe, Aiko – Berg, Bo (and Dahl, Dag – Chen, Cai): a rematch (Abe, Aiko – Berg, Bo; Dahl, Dag – "
        "Chen, Cai met before), though better on score gap.",
    ]


def test_each_board_says_why_in_chinese_and_japanese(site: Path) -> None:
    zh = _page(site, "zh")
    assert _said(zh, 1)[:2] == ["麦氏分相同（29）。", "分先：麦氏分相同。"]
    assert _said(zh, 2) == [
        "麦氏分相差 5：Dahl, Dag（25）上调，Abe, Aiko（30）下调。",
        "让 4 子：麦氏分相差 5，减 1。",
        "强者 Abe, Aiko 执白。",
        "为何不是 Dahl, Dag – Berg, Bo（同时 Abe, Aiko – Chen, Cai）：重复对局（Dahl, Dag – Berg, Bo、"
        "Abe, Aiko – Chen, Cai 已相遇），虽然分差更好。",
        "为何不是 Abe, Aiko – Berg, Bo（同时 Dahl, Dag – Chen, Cai）：重复对局（Abe, Aiko – Berg, Bo、"
        "Dahl, Dag – Chen, Cai 已相遇），虽然分差更好。",
    ]
    ja = _said(_page(site, "ja"), 2)
    assert ja[:3] == ["MMS差 5：Dahl, Dag（25）は上へ、Abe, Aiko（30）は下へずれる。",
                      "置き石 4：MMS差 5、マイナス 1。", "強い方の Abe, Aiko が白。"]
    assert ja[3].startswith("Dahl, Dag – Berg, Bo（と Abe, Aiko – Chen, Cai）にしない理由：再戦（")


def test_the_handicap_rule_follows_the_sections_settings(content: Path, tmp_path: Path) -> None:
    """The same round with a correction of 2 and at most 2 stones: the page says so, not a rule of
    its own."""
    changed = tmp_path / "content"
    shutil.copytree(content, changed)
    text = EVENT + "    handicap_correction: 2\n    handicap_ceiling: 2\n"
    (changed / "go" / "event.yaml").write_text(text, encoding="utf-8")
    (changed / "go" / "open" / "rounds" / "03.yaml").unlink()
    pair_next(changed)
    build_site(changed, tmp_path / "output", pdf=False)
    said = _said(_page(tmp_path / "output" / "go"), 2)
    assert said[1] == "Handicap 2: 5 MMS apart, less 2, at most 2."


def _outside_details(page: str) -> str:
    main = page.split("<main", 1)[1].split("</main>", 1)[0]
    return html.unescape(re.sub(r"<[^>]+>", " ", re.sub(r"<details.*?</details>", "", main, flags=re.S)))


def _numbers(why: RoundWhy) -> set[int]:
    """Every number of the engine the page could show: weights by criterion, losses of each swap."""
    found = {why.total, why.engine_total}
    for pair in why.pairs:
        found |= {pair.weight.total, *(getattr(pair.weight, c) for c in CRITERIA)}
        for alt in pair.alternatives:
            found |= {abs(v) for v in alt.swap.values()} | {abs(v) for v in (alt.forced or {}).values()}
    return {n for n in found if n >= 1000}


@pytest.mark.parametrize("language", ["", "zh", "ja"])
def test_the_engines_numbers_are_only_in_a_folded_details(site: Path, why: RoundWhy, language: str) -> None:
    page = _page(site, language)
    text = _outside_details(page)
    assert not re.search(r"\d[\d,]{4,}", text), re.search(r"\d[\d,]{4,}", text)
    assert [n for n in _numbers(why) if f"{n:,}" in text or str(n) in text] == []
    folded = re.findall(r"<details([^>]*)>(.*?)</details>", page, re.S)
    assert len(folded) == len(why.pairs) and not any("open" in attributes for attributes, _ in folded)
    for pair, (_, inside) in zip(why.pairs, folded, strict=True):
        assert f"{pair.weight.total:,}" in inside


@pytest.fixture(scope="module")
def forty(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A generated 40-player McMahon event of 5 rounds, in English and Chinese, built."""
    root = tmp_path_factory.mktemp("why-forty")
    event = root / "content" / "go40"
    write_generated(Spec(seed=1, system="mcmahon", players=40, rounds=5), event)
    yaml = event / "event.yaml"
    text = yaml.read_text(encoding="utf-8")
    yaml.write_text(text.replace("language: en", "language: en\nlanguages: [en, zh]"), encoding="utf-8")
    build_site(root / "content", root / "output", pdf=False)
    return root / "output" / "go40"


@pytest.mark.parametrize("language", ["", "zh"])
def test_a_forty_player_round_prints_on_two_sheets(browser, forty: Path, language: str) -> None:
    from pypdf import PdfReader

    folder = forty / language / "open" if language else forty / "open"
    path = folder / "round-05-why.html"
    assert path.read_text(encoding="utf-8").count('class="why-table"') == 20
    page = browser.new_page()
    page.goto(path.as_uri())
    page.evaluate("document.querySelectorAll('details').forEach(d => d.open = true)")  # not printed even so
    printed = PdfReader(io.BytesIO(page.pdf(format="A4")))
    page.close()
    assert len(printed.pages) <= 2
    # the text as printed, compatibility forms folded and without spaces (a PDF's text puts them
    # where its glyphs are apart)
    text = re.sub(r"\s+", "", unicodedata.normalize("NFKC", "".join(p.extract_text() for p in printed.pages)))
    assert f"{Labels(language or 'en').board}20" in text  # the last board printed
    assert not re.search(r"\d{1,3}(,\d{3}){2,}", text)  # no weight of the engine on paper
