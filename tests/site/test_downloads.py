"""Every section has a games and downloads page in its menu, which links every file the build writes
for it (round PGNs, live.pgn, games.pgn, CSV) and the event's event.json: the lists of paths the page
links are the files written, by construction checked here for every example section."""

from __future__ import annotations

from pathlib import Path

from site_builder.checks import load_checked
from site_builder.results.event import event_results
from site_builder.views.games import record_files, record_paths
from site_builder.views.page_set import ranked_views
from site_builder.views.table_csv import table_csv_files, table_csv_paths

EXAMPLE = Path(__file__).resolve().parents[2] / "content"


def test_the_page_links_exactly_the_files_written_for_every_example_section() -> None:
    checked = 0
    for event in load_checked(EXAMPLE).events:
        for data in ranked_views(event, event_results(event)):
            assert record_paths(data) == list(record_files(data)), data.base
            assert table_csv_paths(data) == list(table_csv_files(data)), data.base
            checked += 1
    assert checked >= 16


def test_the_menu_links_the_page_and_the_page_its_files(example_site: Path) -> None:
    page = (example_site / "2026-spring-open/main/downloads.html").read_text(encoding="utf-8")
    for name in ("Round 1 (PGN)", "live.pgn", "games.pgn", "standings.csv", "crosstable-start.csv",
                 "event.json", "Dubois, Marc – Baptiste, Claire"):
        assert name in page, name
    assert "followed by /2026-spring-open/main/relay/{}/games.pgn, where {} stands" in page  # the feed
    round_page = (example_site / "2026-spring-open/main/round-03.html").read_text(encoding="utf-8")
    assert 'href="downloads.html">Games &amp; downloads</a>' in round_page
    empty = (example_site / "2017-xiangqi-national/women/downloads.html").read_text(encoding="utf-8")
    assert "本组尚未公布棋谱。" in empty and "event.json" in empty
