"""Changes of the field show on every page they concern: absences and withdrawals (after which
round), eliminations and late entries on the round page's "not paired" list with the reason, on the
player's card, marked in standings and crosstable with a legend, and in the PDF."""

from __future__ import annotations

import subprocess
from pathlib import Path

from site_builder.build import build_site


def _page(site: Path, path: str) -> str:
    return (site / path).read_text(encoding="utf-8")


def test_an_absence_is_listed_on_the_round_page_and_in_its_pdf(example_site: Path) -> None:
    page = _page(example_site, "2026-spring-open/main/round-06.html")
    assert "<h3>Not paired this round</h3>" in page
    assert "Dvořák, Jan</a> <small class=\"muted\">#30 · absent" in page
    pdf = example_site / "2026-spring-open/main/bulletin-round-06.pdf"
    text = subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
    assert "Not paired this round: Dvořák, Jan (absent)" in " ".join(text.split())


def test_a_withdrawal_shows_after_its_round_everywhere(example_site: Path) -> None:
    section = "2024-gomoku-open/open"
    assert "王诗静" not in _page(example_site, f"{section}/round-04.html").split("本轮未编排")[-1]
    five = _page(example_site, f"{section}/round-05.html")
    assert "王诗静</a> <small class=\"muted\">#13 · 第 4 轮后退赛" in five
    assert "#23 · 预赛淘汰" in five  # eliminated after the preliminaries (seed 003 §2.1.1)
    for page in ("standings-05.html", "crosstable.html"):
        text = _page(example_site, f"{section}/{page}")
        assert 'title="第 4 轮后退赛">退赛</small>' in text and "退赛：中途退出比赛，此后不再编排" in text
    assert 'title="第 4 轮后退赛"' not in _page(example_site, f"{section}/standings-03.html")
    card = _page(example_site, f"{section}/players/13.html")
    assert "<dt>参赛情况</dt><dd class=\"strong\">第 4 轮后退赛</dd>" in card
    pdf = example_site / section / "bulletin-round-05.pdf"
    text = " ".join(subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True,
                                   check=True).stdout.split())
    assert "王诗静（退赛）" in text and "本轮未编排：王诗静（第4轮后退赛）" in text.replace(" ", "")


def test_a_late_entry_is_marked_from_its_first_round(tmp_path: Path, small_event) -> None:
    content = tmp_path / "content"
    event = small_event(content / "cup", name="Cup", language="en")
    players = event / "open" / "players.yaml"
    players.write_text(players.read_text(encoding="utf-8") + "  - {number: 5, name: Late Comer}\n",
                       encoding="utf-8")
    rounds = event / "open" / "rounds"
    first = (rounds / "01.yaml").read_text(encoding="utf-8").replace('"?"', '"1-0"')
    (rounds / "01.yaml").write_text(first, encoding="utf-8")
    (rounds / "02.yaml").write_text('games:\n  - [1, 1, 5, "1-0"]\n  - [2, 2, 3, "0-1"]\nbye: 4\n',
                                    encoding="utf-8")
    build_site(content, tmp_path / "out", pdf=False)
    one = _page(tmp_path / "out", "cup/open/round-01.html")
    assert "Late Comer</a> <small class=\"muted\">#5 · entered in round 2" in one
    standings = _page(tmp_path / "out", "cup/open/standings-02.html")
    assert 'title="entered in round 2">late entry</small>' in standings
    assert "late entry: joined after round 1" in standings
    assert "late entry" not in _page(tmp_path / "out", "cup/open/standings-01.html").split("<main")[-1]
    assert "<dt>Entry</dt><dd class=\"strong\">entered in round 2</dd>" in \
        _page(tmp_path / "out", "cup/open/players/5.html")


def test_the_printed_crosstable_marks_withdrawals_and_late_entries_with_their_legend(tmp_path: Path,
                                                                                      small_event) -> None:
    """docs/content.md: a player who withdrew or entered late is marked in standings and crosstable,
    explained below the table; the last bulletin prints the crosstable as the web page shows it."""
    content = tmp_path / "content"
    event = small_event(content / "cup", name="Cup", language="en")
    yaml = event / "event.yaml"
    yaml.write_text(yaml.read_text(encoding="utf-8").replace("rounds: 7", "rounds: 2"), encoding="utf-8")
    players = event / "open" / "players.yaml"
    players.write_text(players.read_text(encoding="utf-8") + "  - {number: 5, name: Late Comer}\n",
                       encoding="utf-8")
    rounds = event / "open" / "rounds"
    first = (rounds / "01.yaml").read_text(encoding="utf-8").replace('"?"', '"1-0"')
    (rounds / "01.yaml").write_text(first + "withdrawn: [4]\n", encoding="utf-8")
    (rounds / "02.yaml").write_text('round: 2\ngames:\n  - [1, 1, 5, "1-0"]\n  - [2, 2, 3, "0-1"]\n',
                                    encoding="utf-8")
    build_site(content, tmp_path / "out", pdf=True)
    pdf = tmp_path / "out" / "cup" / "open" / "bulletin-round-02.pdf"
    text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True,
                          check=True).stdout
    crosstable = " ".join(text.split("Crosstable")[-1].split())
    assert "Late Comer (late entry)" in crosstable and "Player Four (withdrew)" in crosstable
    assert "late entry: joined after round 1" in crosstable and "withdrew:" in crosstable
