"""The event page states each section's pairing system and its rules, as FIDE C.04.2 has them
announced (views/details.py `pairing_rules`): the FIDE text a system follows with its options, or
the article of the event's regulation linked to its regulation page."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from site_builder.checks import load_checked
from site_builder.results import event_results
from site_builder.views.pages import event_pages

CONTENT = Path(__file__).resolve().parents[2] / "content"


def _rules(content: Path, slug: str = "") -> list[list[dict[str, str]]]:
    """Each section's pairing rules line on the event's home (its segments), [] where none."""
    event = next(e for e in load_checked(content).events if not slug or e.slug == slug)
    home: dict[str, Any] = next(p.data() for p in event_pages(event, event_results(event), pdfs=False)
                                if p.path == f"{event.slug}/index.html")
    return [next((d["segments"] for d in s["details"] if d["label"] in ("Pairing rules", "编排规则")), [])
            for s in home["sections"]]


def _event(tmp_path: Path, head: str) -> Path:
    folder = tmp_path / "content" / "cup"
    folder.mkdir(parents=True)
    (folder / "event.yaml").write_text("name: Cup\ngame: chess\nlanguage: en\nrounds: 6\n" + head,
                                       encoding="utf-8")
    (folder / "players.yaml").write_text(
        "players:\n" + "".join(f"  - {{number: {n}, name: P{n}}}\n" for n in range(1, 5)), encoding="utf-8")
    return folder.parent


def test_a_double_round_robin_states_c05_and_its_options(tmp_path: Path) -> None:
    content = _event(tmp_path, "system: round-robin\nsections:\n  main: {name: Cup, cycles: 2}\n")
    (folder := content / "cup" / "main").mkdir()
    (content / "cup" / "players.yaml").rename(folder / "players.yaml")
    [[segment]] = _rules(content)
    assert segment == {"url": "", "text": (
        "FIDE Handbook C.05 Annex 1, the Berger tables (odd fields: the highest number is the bye), "
        "double round robin, the second cycle with colours reversed, the first cycle's last two rounds "
        "swapped (C.05 Annex 1), a player who withdraws having played less than half of their games "
        "counts for nobody in the standings")}


def test_a_baku_accelerated_dutch_section_states_both_articles(tmp_path: Path) -> None:
    [[segment]] = _rules(_event(tmp_path, "system: dutch\nacceleration: baku\n"))
    assert segment["text"].startswith("FIDE Handbook C.04.3")
    assert segment["text"].endswith("Baku acceleration (C.04.7)")


def test_a_system_paired_by_hand_states_no_rules(tmp_path: Path) -> None:
    assert _rules(_event(tmp_path, "system: swiss\n")) == [[]]


def test_a_regulation_s_sections_link_its_pairing_article() -> None:
    """The Chinese systems are FIDE's "other systems": their rules are the regulation's, linked."""
    rules = _rules(CONTENT, "2024-student-shogi-league")
    assert rules[0] == [{"text": "竞赛规程 ", "url": ""},
                        {"text": "六", "url": "2024-student-shogi-league/regulations.html#art-6"}]
    assert all(r == rules[0] for r in rules)
