"""Which text of FIDE C.07 a chess event's `fide` tiebreaks follow: the one in force on its first
day (`dates:`, a TRF's 042) — as approved in 2023 before 1 March 2026, with Article 16.4 as amended
(approved 2 February 2026) from then on; the latest for an event without dates; `c07_text:` in
`event.yaml` decides otherwise."""

from __future__ import annotations

from pathlib import Path

import pytest
from content_tree import BASE_FILES, write_event

from site_builder.content.loader import load_site


def _text(root: Path, extra: str) -> str:
    event = BASE_FILES["event.yaml"].replace("game: xiangqi\n", "game: chess\n") + extra
    write_event(root, {"event.yaml": event})
    return load_site(root).events[0].sections[0].ranking.c07_text


@pytest.mark.parametrize(("extra", "text"), [
    ("dates: [2026-02-28, 2026-03-02]\n", "2023"),  # starts the day before: the 2023 text throughout
    ("dates: [2026-03-01]\n", "2026"),
    ("dates: [2017-10-24, 2017-11-01]\n", "2023"),
    ("", "2026"),  # no dates: a new event, under the text in force now
    ("dates: [2026-04-11]\nc07_text: 2023\n", "2023"),
    ("c07_text: '2023'\n", "2023"),
    ("dates: [2025-05-03]\nc07_text: 2026\n", "2026"),
])
def test_the_text_is_the_one_of_the_first_day_unless_written(tmp_path: Path, extra: str, text: str) -> None:
    assert _text(tmp_path, extra) == text


def test_an_imported_trf_is_dated_by_its_042(tmp_path: Path) -> None:
    """The C.07 exercises' files say 042 2024-08-01: the 2023 text their published answers follow."""
    from site_builder.trf.importer import import_trf

    exercises = Path(__file__).parent.parent / "fixtures" / "c07-exercises"
    import_trf(exercises / "swiss-5.trf", tmp_path / "event")
    section = load_site(tmp_path).events[0].sections[0]
    assert (section.ranking.rules, section.ranking.c07_text) == ("fide", "2023")
