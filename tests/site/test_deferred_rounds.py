"""The page data of a round the change leaves alone is neither made nor loaded from the store: its
pages are keyed by the digests of what it is made from (`Deferred`), and taken over unchanged."""

from __future__ import annotations

import re
from pathlib import Path

from synthetic import last_round, synthetic

from site_builder.cache.digest import Deferred, Digester
from site_builder.cache.store import BuildCache, Store
from site_builder.checks import load_checked
from site_builder.results import event_results
from site_builder.views.pages import event_pages


def _deferred(context: dict) -> dict[str, Deferred]:
    """The `Deferred` values of a page's context, and of the dicts in it, by name."""
    found = {name: value for name, value in context.items() if isinstance(value, Deferred)}
    for name, value in context.items():
        if type(value) is dict:
            found.update({f"{name}.{key}": item for key, item in value.items() if isinstance(item, Deferred)})
    return found


def _build(content: Path, cache: Path) -> tuple[dict[str, dict[str, Deferred]], dict[str, set[str]]]:
    """A build's pages in a new process (a new store on the same directory): their deferred data by
    page, and which of it was made or loaded before any page was rendered; then the pages read as
    rendering reads them, and the store written as after a build."""
    store = Store(cache)
    event = load_checked(content, store).events[0]
    pages = event_pages(event, event_results(event, BuildCache(store, Digester())), pdfs=True)
    found = {page.path: _deferred(page.context) for page in pages}
    made = {path: {name for name, value in values.items() if value.made} for path, values in found.items()}
    for page in pages:
        page.data()
    store.finish(succeeded=True)
    return found, made


def test_a_result_of_the_last_round_reads_no_data_of_the_rounds_before(tmp_path: Path) -> None:
    """Rounds 1-3's pages (and bulletins) keep their keys, round 3's with round 4's pairings, and
    none of their data is made or loaded; round 4's board lines have a new key."""
    last = last_round(synthetic(tmp_path / "content", 12, 4))
    first, _ = _build(tmp_path / "content", tmp_path / "cache")
    text = last.read_text(encoding="utf-8")
    last.write_text(re.sub(r'"(2:0|1:1|0:2)"\]', lambda m: f'"{"1:1" if m[1] != "1:1" else "2:0"}"]', text,
                           count=1), encoding="utf-8")
    second, made = _build(tmp_path / "content", tmp_path / "cache")
    earlier = [path for path in first if re.search(r"round-0[123]\.(html|pdf)$", path)]
    assert len(earlier) == 6 and all({"rows", "by_name", "standings", "next.rows"} <= set(first[path])
                                     for path in earlier if path.endswith(".html"))
    for path in earlier:
        keys = {name: value.key for name, value in second[path].items()}
        assert keys and keys == {name: value.key for name, value in first[path].items()}, path
        assert not made[path], path
    latest = next(path for path in first if path.endswith("/round-04.html"))
    assert second[latest]["rows"].key != first[latest]["rows"].key
