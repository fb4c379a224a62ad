"""The build cache's pieces on their own: the store of values, the digester, the previous output."""

from __future__ import annotations

import dataclasses
import logging
import os
import pickle
from pathlib import Path

import pytest

from site_builder.cache import store as store_module
from site_builder.cache.digest import Digester, keyed
from site_builder.cache.outputs import Previous, output_folder, take_over
from site_builder.cache.store import KEEP_UNUSED, MISS, Store, store_for


@pytest.fixture(autouse=True)
def fresh_log(monkeypatch):
    monkeypatch.setattr(store_module, "_logged", set())


def test_a_value_put_by_a_successful_build_is_read_by_the_next_process(tmp_path: Path) -> None:
    first = Store(tmp_path)
    assert first.get("ns", "k") is MISS
    first.put("ns", "k", {"a": [1, 2]})
    assert first.get("ns", "k") == {"a": [1, 2]}
    first.finish(succeeded=True)
    assert Store(tmp_path).get("ns", "k") == {"a": [1, 2]}
    assert not list(tmp_path.rglob("*.part"))


def test_a_failed_build_writes_nothing_to_disk(tmp_path: Path) -> None:
    store = Store(tmp_path)
    store.put("ns", "k", 1)
    store.finish(succeeded=False)
    assert Store(tmp_path).get("ns", "k") is MISS


def test_memory_keeps_only_what_the_last_build_used(tmp_path: Path) -> None:
    store = Store(None)
    store.put("ns", "old", 1)
    store.finish(succeeded=True)
    store.put("ns", "new", 2)
    store.finish(succeeded=True)
    assert store.get("ns", "old") is MISS
    assert store.get("ns", "new") == 2


def test_a_damaged_entry_is_a_miss_logged_once(tmp_path: Path, caplog) -> None:
    (tmp_path / "ns").mkdir()
    for key in ("a", "b"):
        (tmp_path / "ns" / f"{key}.pickle").write_bytes(b"not a pickle")
    store = Store(tmp_path)
    with caplog.at_level(logging.WARNING, logger="bulletin.cache"):
        assert store.get("ns", "a") is MISS
        assert store.get("ns", "b") is MISS
    assert len([r for r in caplog.records if "unreadable" in r.getMessage()]) == 1


def test_an_unwritable_cache_directory_is_logged_once_and_the_build_goes_on(tmp_path: Path, caplog) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a directory")
    store = Store(blocker)
    store.put("ns", "k", 1)
    with caplog.at_level(logging.WARNING, logger="bulletin.cache"):
        store.finish(succeeded=True)
        store.put("ns", "k", 1)
        store.finish(succeeded=True)
    assert len([r for r in caplog.records if "not written" in r.getMessage()]) == 1


def test_unused_entries_beyond_the_margin_are_pruned_oldest_first(tmp_path: Path) -> None:
    folder = tmp_path / "ns"
    folder.mkdir()
    for i in range(KEEP_UNUSED + 5):
        path = folder / f"old{i}.pickle"
        path.write_bytes(pickle.dumps(i))
        os.utime(path, ns=(i * 10**9, i * 10**9))
    store = Store(tmp_path)
    store.put("ns", "used", 1)
    store.finish(succeeded=True)
    left = {p.name for p in folder.iterdir()}
    assert "used.pickle" in left
    assert len(left) == KEEP_UNUSED + 1
    assert {f"old{i}.pickle" for i in range(5)}.isdisjoint(left)  # the oldest went first


def test_one_store_per_directory_for_the_process(tmp_path: Path) -> None:
    assert store_for(tmp_path) is store_for(tmp_path)
    assert store_for(tmp_path / "other") is not store_for(tmp_path)


@dataclasses.dataclass(frozen=True)
class Shared:
    name: str
    derived: str = dataclasses.field(default="", metadata={"digest": False})


def test_equal_data_gives_equal_digests_and_shared_objects_are_digested_by_their_fields() -> None:
    digester = Digester(shared=(Shared,))
    a, b = Shared("x"), Shared("x")
    assert digester.digest({"p": [a, 1]}) == digester.digest({"p": [b, 1]})
    assert digester.digest({"p": [a, 1]}) != digester.digest({"p": [Shared("y"), 1]})
    assert digester.digest(Shared("x", derived="1")) == digester.digest(Shared("x", derived="2"))
    assert digester.digest(lambda: 0) is None  # cannot be pickled: the page is always rendered


def test_a_keyed_value_is_digested_by_its_key_alone() -> None:
    digester = Digester()
    one, other = keyed([1, 2], b"k"), keyed([3, 4], b"k")
    assert digester.digest(one) == digester.digest(other)
    assert digester.digest(keyed([1, 2], b"j")) != digester.digest(one)
    assert keyed("text", b"k") == "text"  # only lists and dicts carry a key


def test_a_previous_file_is_taken_over_only_when_key_and_file_are_unchanged(tmp_path: Path) -> None:
    output, cache = tmp_path / "output", tmp_path / "cache"
    output.mkdir()
    (output / "a.html").write_text("A")
    (output / "b.html").write_text("B")
    Previous(cache, output).save({"a.html": "ka", "b.html": "kb"})
    previous = Previous(cache, output)
    assert previous.reusable("a.html", "ka") == output / "a.html"
    assert previous.reusable("a.html", "other") is None
    assert previous.reusable("a.html", None) is None
    (output / "b.html").write_text("edited by hand")
    assert previous.reusable("b.html", "kb") is None
    target = tmp_path / "staging.html"
    take_over(output / "a.html", target)
    assert target.read_text() == "A"
    previous.forget()
    assert Previous(cache, output).reusable("a.html", "ka") is None


def test_the_single_file_manifest_of_older_builds_is_deleted(tmp_path: Path) -> None:
    """Builds before the manifest's parts kept it, and the events' records, in one file each next to
    the output's folder of the cache: never read now, and gone after the first save."""
    output, cache = tmp_path / "output", tmp_path / "cache"
    output.mkdir()
    (output / "a.html").write_text("A")
    folder = output_folder(cache, output)
    folder.parent.mkdir(parents=True)
    legacy = [folder.parent / f"{folder.name}.pickle", folder.parent / f"{folder.name}.events.pickle"]
    for path in legacy:
        path.write_bytes(b"old")
    Previous(cache, output).save({"a.html": "ka"})
    assert not any(path.exists() for path in legacy)
    assert Previous(cache, output).reusable("a.html", "ka") == output / "a.html"


def test_a_damaged_manifest_renders_everything(tmp_path: Path, caplog) -> None:
    output, cache = tmp_path / "output", tmp_path / "cache"
    output.mkdir()
    (output / "a.html").write_text("A")
    Previous(cache, output).save({"a.html": "ka"})
    manifest = next((cache / "outputs").rglob("*.pages"))  # the part of a.html
    manifest.write_bytes(b"\x80garbage")
    with caplog.at_level(logging.WARNING, logger="bulletin.cache"):
        assert Previous(cache, output).reusable("a.html", "ka") is None
    assert "unreadable" in caplog.text


def test_an_unwritable_manifest_is_logged_once_and_the_build_stands(tmp_path: Path, caplog) -> None:
    output = tmp_path / "output"
    output.mkdir()
    (output / "a.html").write_text("A")
    blocker = tmp_path / "cache"
    blocker.write_text("a file where the cache directory should be")
    with caplog.at_level(logging.WARNING, logger="bulletin.cache"):
        Previous(blocker, output).save({"a.html": "ka"})
        Previous(blocker, output).save({"a.html": "ka"})
    assert len([r for r in caplog.records if "not written" in r.getMessage()]) == 1
    assert (output / "a.html").read_text() == "A"


def test_every_field_a_digest_leaves_out_is_left_out_by_the_builds_digests() -> None:
    """A field marked `{"digest": False}` (a commit time, a file's path) is left out of the digests of
    page data and standings wherever its record is: each such record is one the build's digester
    reads field by field (`build.page_keys.SHARED`). A round committed again without a change keeps
    its digest, so its standings and pages are not made again."""
    import site_builder.model as model
    from site_builder.build.page_keys import SHARED

    marked = {cls for cls in vars(model).values() if dataclasses.is_dataclass(cls) and isinstance(cls, type)
              and any(not f.metadata.get("digest", True) for f in dataclasses.fields(cls))}
    assert marked and marked <= set(SHARED)
    rnd = model.Round(1, origin=model.Origin(updated="2026-12-07T10:00:00Z"))
    again = dataclasses.replace(rnd, origin=dataclasses.replace(rnd.origin, updated="2026-12-08T09:00:00Z"))
    assert Digester(shared=SHARED).digest(rnd) == Digester(shared=SHARED).digest(again)
