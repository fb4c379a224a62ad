"""A round's bulletin prints the next round's pairings as they were published, before any result
(docs/index.md, "Print format"): that round's results are in its own bulletin, so a result
changes the bulletin of its own round only, not the one printed the day before."""

from __future__ import annotations

import re
from pathlib import Path

from synthetic import last_round, synthetic

from site_builder.build import build_site
from site_builder.checks import load_checked
from site_builder.results import event_results
from site_builder.views.pages import event_pages


def _synthetic(content: Path) -> Path:
    """The benchmark's synthetic Swiss: 12 players, 4 rounds, 2/1/0; its last round."""
    return last_round(synthetic(content, 12, 4))


def _printed_next(content: Path) -> list[dict]:
    event = load_checked(content).events[0]
    page = next(p for p in event_pages(event, event_results(event), pdfs=True)
                if p.pdf and p.path.endswith("bulletin-round-03.pdf"))
    return page.data()["next"]["rows"]


def test_the_next_rounds_pairings_print_without_its_results(tmp_path: Path) -> None:
    _synthetic(tmp_path)
    rows = _printed_next(tmp_path)
    assert rows and all(row["result"] == "?" for row in rows if not row["bye"])


def test_a_result_re_renders_its_own_rounds_bulletin_only(tmp_path: Path) -> None:
    last = _synthetic(tmp_path / "content")
    build_site(tmp_path / "content", tmp_path / "output")
    text = last.read_text(encoding="utf-8")
    first = re.search(r'"(2:0|1:1|0:2)"\]', text)
    assert first
    last.write_text(text[:first.start(1)] + ("1:1" if first.group(1) != "1:1" else "2:0")
                    + text[first.end(1):], encoding="utf-8")
    report = build_site(tmp_path / "content", tmp_path / "output")
    assert report.pdfs_rendered == 1  # bulletin-round-04.pdf, with the standings and crosstable
