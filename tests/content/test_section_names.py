"""Texts per language — a section's name (`name: {zh: 公开组, en: Open}`), the event's description,
a round's note: each language's pages use their own; the event's language must be among them; an
unknown language code is a located error."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from site_builder.content.loader import load_site
from site_builder.errors import ContentError

ROOT = Path(__file__).resolve().parents[2]
GOMOKU = ROOT / "content" / "2024-gomoku-open"


def test_each_language_shows_its_own_name(example_site: Path) -> None:
    english = (example_site / "2024-gomoku-open/en/open/standings-07.html").read_text(encoding="utf-8")
    chinese = (example_site / "2024-gomoku-open/open/standings-07.html").read_text(encoding="utf-8")
    assert "<h1>Open · Standings after round 7" in english and "公开组" not in english
    assert "<h1>公开组 · 第 7 轮后名次" in chinese


def _with_name(tmp_path: Path, name: str) -> Path:
    content = tmp_path / "content"
    shutil.copytree(GOMOKU, content / "2024-gomoku-open")
    event = content / "2024-gomoku-open" / "event.yaml"
    text = event.read_text(encoding="utf-8")
    event.write_text(text.replace("    name: {zh: 公开组, en: Open}", f"    name: {name}"), encoding="utf-8")
    return content


@pytest.mark.parametrize(("name", "message"), [
    ("{zh: 公开组, fr: Ouvert}", "unknown language 'fr' in the section's name"),
    ("{en: Open}", "the section's name in the event's language (zh) is missing"),
])
def test_a_bad_name_is_a_located_error(tmp_path: Path, name: str, message: str) -> None:
    with pytest.raises(ContentError) as error:
        load_site(_with_name(tmp_path, name))
    text = str(error.value)
    lines = (GOMOKU / "event.yaml").read_text(encoding="utf-8").splitlines()
    line = next(n for n, text in enumerate(lines, 1) if text.startswith("    name: {zh: 公开组, en: Open}"))
    assert message in text and f"event.yaml:{line}:" in text, text


def test_the_description_and_a_rounds_note_per_language(example_site: Path) -> None:
    """content/2024-gomoku-open gives its description, and round 4's note, in both languages."""
    english = (example_site / "2024-gomoku-open/en/index.html").read_text(encoding="utf-8")
    assert "A staged Swiss: preliminaries" in english and "阶段制积分编排" not in english
    assert "阶段制积分编排" in (example_site / "2024-gomoku-open/index.html").read_text(encoding="utf-8")
    round_4 = (example_site / "2024-gomoku-open/en/open/round-04.html").read_text(encoding="utf-8")
    assert "Wang Shijing withdrew after round 4." in round_4 and "第四轮后退赛" not in round_4
    chinese = (example_site / "2024-gomoku-open/open/round-04.html").read_text("utf-8")
    assert "王诗静 第四轮后退赛。" in chinese


def test_a_note_without_the_events_language_is_a_located_error(tmp_path: Path) -> None:
    content = tmp_path / "content"
    shutil.copytree(GOMOKU, content / "2024-gomoku-open")
    note = content / "2024-gomoku-open" / "open" / "rounds" / "04.yaml"
    note.write_text(note.read_text("utf-8").replace("note: {zh: 王诗静 第四轮后退赛。, en:", "note: {en:"),
                    encoding="utf-8")
    with pytest.raises(ContentError) as error:
        load_site(content)
    text = str(error.value)
    assert "04.yaml:27:" in text and "the round's note in the event's language (zh)" in text
