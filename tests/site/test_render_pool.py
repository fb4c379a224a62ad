"""Pages rendered by forked processes: the same files, and errors reach the build."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from site_builder.site import render_pool
from site_builder.site.page import Page


@pytest.fixture(autouse=True)
def idle_machine(monkeypatch: pytest.MonkeyPatch) -> None:
    """Threads of earlier tests (servers, deletions of old outputs) are ignored."""
    monkeypatch.setattr(render_pool.threading, "active_count", lambda: 1)


def pages(tmp_path: Path, count: int) -> list[tuple[Page, Path]]:
    return [(Page(f"{n}.html", "t", f"page {n}"), tmp_path / f"{n}.html") for n in range(count)]


def test_every_page_is_written_once_by_one_of_the_processes(tmp_path: Path) -> None:
    todo = pages(tmp_path, 400)
    render_pool.render_pages(lambda page: f"<p>{page.title}</p>{os.getpid()}", todo, workers=3)
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(f"{n}.html" for n in range(400))
    texts = [target.read_text(encoding="utf-8") for _, target in todo]
    assert all(text.startswith(f"<p>{page.title}</p>") for (page, _), text in zip(todo, texts, strict=True))
    assert len({text.split("</p>")[1] for text in texts}) == 3  # three processes did the work


def test_an_error_in_a_forked_process_is_raised_here(tmp_path: Path) -> None:
    def render(page: Page) -> str:
        if page.path == "201.html":  # rendered by the second process (201 = 1 mod 2)
            raise ValueError("broken template")
        return "ok"

    with pytest.raises(ValueError, match="broken template"):
        render_pool.render_pages(render, pages(tmp_path, 400), workers=2)


def test_a_build_on_several_cores_writes_the_same_files(tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    from test_incremental import _generate, files

    from site_builder.build import build_site

    content = tmp_path / "content"
    _generate(content, players=200, rounds=3)
    spawned = []
    spawn = render_pool._spawn
    monkeypatch.setattr(render_pool, "_spawn", lambda *args: spawned.append(1) or spawn(*args))
    build_site(content, tmp_path / "a" / "out", pdf=False, jobs=2)
    assert spawned == [1]
    build_site(content, tmp_path / "b" / "out", pdf=False, jobs=1)
    assert spawned == [1]  # one process only
    assert files(tmp_path / "a" / "out") == files(tmp_path / "b" / "out")


def test_a_cache_deleted_between_builds_of_one_process_is_made_again(tmp_path: Path) -> None:
    """The compiled templates' directory may vanish (the cache is safe to delete at any time); a
    process that built before and renders on several cores rebuilds without error."""
    import shutil

    from test_incremental import _generate, files

    from site_builder.build import build_site

    content = tmp_path / "content"
    _generate(content, players=200, rounds=3)
    build_site(content, tmp_path / "a" / "out", pdf=False, jobs=2)
    shutil.rmtree(tmp_path / "a" / ".bulletin-cache")
    build_site(content, tmp_path / "a" / "out", pdf=False, jobs=2)
    build_site(content, tmp_path / "b" / "out", pdf=False, jobs=1)
    assert files(tmp_path / "a" / "out") == files(tmp_path / "b" / "out")
