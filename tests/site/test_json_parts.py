"""event.json's parts computed from known inputs are written from the text an earlier build made of
them (`render.exports.json_text` with `parts`): the text is the same as written whole."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from site_builder.build import build_site
from site_builder.cache.digest import Deferred, keyed
from site_builder.render.exports import json_text

_text = st.text(alphabet=st.characters(codec="utf-8"), max_size=8)  # NUL, quotes, <, & and CJK too
_scalars = st.one_of(st.none(), st.booleans(), st.integers(), _text)


def _key(value: Any) -> bytes:
    """A key that stands for `value`, as the digest of its inputs does."""
    return hashlib.sha256(json_text(value).encode()).digest()


def _documents() -> st.SearchStrategy[Any]:
    """Nested documents in which some lists and dicts are parts with a key (`keyed`), and some are
    `Deferred`, with a key or without."""
    def grow(children: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
        containers = st.one_of(st.lists(children, max_size=4), st.dictionaries(_text, children, max_size=4))
        return st.one_of(containers, containers.map(lambda made: keyed(made, _key(made))),
                         containers.map(lambda made: Deferred(_key(made), lambda: made)),
                         containers.map(lambda made: Deferred(None, lambda: made)))
    return st.recursive(_scalars, grow, max_leaves=20)


@given(_documents())
@settings(max_examples=300)
def test_a_document_written_by_parts_is_the_same_text(document: Any) -> None:
    remembered: dict[bytes, str] = {}

    def parts(key: bytes, make: Any) -> str:
        if key not in remembered:
            remembered[key] = make()
        return remembered[key]

    whole = json_text(document)
    assert json_text(document, parts) == whole
    assert json.loads(whole) == json.loads(json_text(document, parts))  # and again, from what it remembers


def test_a_part_is_written_as_the_text_remembered_under_its_key() -> None:
    remembered: dict[bytes, str] = {}

    def parts(key: bytes, make: Any) -> str:
        return remembered.setdefault(key, make())

    document = {"rounds": [keyed({"number": 1, "note": "<b>"}, b"r1"), keyed([1, 2], b"r2")], "name": "&"}
    first = json_text(document, parts)
    assert set(remembered) == {b"r1", b"r2"}
    part = '{"note":"\\u003cb\\u003e","number":1}'
    assert part in first
    remembered[b"r1"] = '{"stale":true}'  # the key stands for the part: its text is not made again
    assert json_text(document, parts) == first.replace(part, '{"stale":true}')


def test_a_rebuild_takes_the_parts_from_the_store_and_writes_the_same_event_json(
        tmp_path: Path, small_event: Any) -> None:
    content = tmp_path / "content"
    small_event(content / "cup")
    cache = tmp_path / "cache"
    build_site(content, tmp_path / "first", pdf=False, cache=cache)
    first = (tmp_path / "first" / "cup" / "event.json").read_bytes()
    assert list((cache / "json").iterdir())  # the parts' texts, for the next process
    build_site(content, tmp_path / "second", pdf=False, cache=cache)
    assert (tmp_path / "second" / "cup" / "event.json").read_bytes() == first
    build_site(content, tmp_path / "cold", pdf=False, cache=tmp_path / "no-cache")
    assert (tmp_path / "cold" / "cup" / "event.json").read_bytes() == first


def test_a_deferred_part_remembered_is_neither_made_nor_loaded() -> None:
    remembered = {b"s1": '{"after":1}'}
    standings = Deferred(b"s1", lambda: {"after": 1})
    text = json_text({"standings": [standings]}, lambda key, make: remembered.get(key) or make())
    assert text == '{"standings":[{"after":1}]}\n' and not standings.made
