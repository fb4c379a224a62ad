"""Builds on several cores (the worker pool, `site_builder/build/workers.py`) write what one core writes."""

from __future__ import annotations

from pathlib import Path

import pytest

from site_builder.build import workers


@pytest.fixture(autouse=True)
def idle_machine(monkeypatch: pytest.MonkeyPatch) -> None:
    """Threads of earlier tests (servers, deletions of old outputs) are ignored."""
    monkeypatch.setattr(workers.threading, "active_count", lambda: 1)


def test_a_build_on_several_cores_writes_the_same_files(tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    from synthetic import synthetic
    from test_incremental import files

    from site_builder.build import build_site

    content = tmp_path / "content"
    synthetic(content, players=200, rounds=3)
    spawned = []
    spawn = workers._spawn
    monkeypatch.setattr(workers, "_spawn", lambda *args: spawned.append(1) or spawn(*args))
    build_site(content, tmp_path / "a" / "out", pdf=False, jobs=2)
    assert spawned == [1]  # pages
    build_site(content, tmp_path / "b" / "out", pdf=False, jobs=1)
    assert spawned == [1]  # one process only
    assert files(tmp_path / "a" / "out") == files(tmp_path / "b" / "out")


def test_a_cache_deleted_between_builds_of_one_process_is_made_again(tmp_path: Path) -> None:
    """The compiled templates' directory may vanish (the cache is safe to delete at any time); a
    process that built before and renders on several cores rebuilds without error."""
    import shutil

    from synthetic import synthetic
    from test_incremental import files

    from site_builder.build import build_site

    content = tmp_path / "content"
    synthetic(content, players=200, rounds=3)
    build_site(content, tmp_path / "a" / "out", pdf=False, jobs=2)
    shutil.rmtree(tmp_path / "a" / ".bulletin-cache")
    build_site(content, tmp_path / "a" / "out", pdf=False, jobs=2)
    build_site(content, tmp_path / "b" / "out", pdf=False, jobs=1)
    assert files(tmp_path / "a" / "out") == files(tmp_path / "b" / "out")
