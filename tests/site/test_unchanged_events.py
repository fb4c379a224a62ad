"""Events left unloaded because nothing of theirs changed (site_builder/build/unchanged.py): a build that
takes them over from the previous output writes exactly the files of a build without any cache."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from site_builder.build import build_site
from site_builder.content import loader

ROOT = Path(__file__).resolve().parents[2]
EVENTS = ("2017-xiangqi-national", "2025-club-open", "2026-spring-open")
BASE_URL = "https://example.org/bulletins/"


def _git(cwd: Path, *args: str, minute: int = 0) -> None:
    date = f"2026-01-01T10:{minute:02d}:00+00:00"
    env = {**os.environ, "GIT_AUTHOR_NAME": "A", "GIT_AUTHOR_EMAIL": "a@example.org",
           "GIT_COMMITTER_NAME": "A", "GIT_COMMITTER_EMAIL": "a@example.org",
           "GIT_AUTHOR_DATE": date, "GIT_COMMITTER_DATE": date}
    subprocess.run(["git", *args], cwd=cwd, env=env, check=True, capture_output=True)


def files(directory: Path) -> dict[str, bytes]:
    return {p.relative_to(directory).as_posix(): p.read_bytes() for p in directory.rglob("*") if p.is_file()}


def _site(tmp_path: Path) -> Path:
    """Three example events in a git work tree, committed."""
    content = tmp_path / "repo" / "content"
    for event in EVENTS:
        shutil.copytree(ROOT / "content" / event, content / event)
    _git(content.parent, "init", "-q")
    _git(content.parent, "add", ".")
    _git(content.parent, "commit", "-qm", "rounds")
    return content


def _change_a_result(event: Path) -> None:
    path = sorted(event.rglob("rounds/*.yaml"))[-1]
    text = path.read_text(encoding="utf-8")
    first = re.search(r'"(2:0|1:1|0:2|1-0|½-½|0-1)"\]', text)
    assert first, path
    new = {"1:1": "2:0", "½-½": "1-0"}.get(first.group(1), "1:1" if ":" in first.group(1) else "½-½")
    path.write_text(text[:first.start(1)] + new + text[first.end(1):], encoding="utf-8")


def _clean(content: Path, tmp_path: Path, name: str, base_url: str = "") -> dict[str, bytes]:
    """A build into a new directory with a cache of its own, empty."""
    output = tmp_path / name / "output"
    build_site(content, output, pdf=False, base_url=base_url, cache=tmp_path / name / "cache")
    return files(output)


@pytest.fixture
def loaded(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The events loaded by the builds of a test, by slug."""
    names: list[str] = []

    def load_event(directory: Path, *args: Any, **kwargs: Any) -> Any:
        names.append(directory.name)
        return real(directory, *args, **kwargs)

    real = loader.load_event
    monkeypatch.setattr(loader, "load_event", load_event)
    return names


def test_a_committed_result_takes_the_other_events_over_and_builds_the_bytes_of_a_clean_build(
        tmp_path: Path, loaded: list[str]) -> None:
    content = _site(tmp_path)
    output = tmp_path / "site" / "output"
    first = build_site(content, output, pdf=False, base_url=BASE_URL)
    loaded.clear()
    again = build_site(content, output, pdf=False, base_url=BASE_URL)
    assert (again.pages, again.rendered, loaded) == (first.pages, 0, [])
    assert files(output) == _clean(content, tmp_path, "clean-0", BASE_URL)

    _change_a_result(content / EVENTS[0])
    _git(content.parent, "commit", "-qam", "one result", minute=1)
    loaded.clear()
    changed = build_site(content, output, pdf=False, base_url=BASE_URL)
    assert loaded == [EVENTS[0]]
    assert changed.pages == first.pages and 0 < changed.rendered < first.pages / 2
    assert files(output) == _clean(content, tmp_path, "clean-1", BASE_URL)

    # a commit that changes nothing of an event's files but its time: the event is loaded again
    (content / EVENTS[1] / "event.yaml").write_text(
        (content / EVENTS[1] / "event.yaml").read_text(encoding="utf-8") + "\n", encoding="utf-8")
    _git(content.parent, "commit", "-qam", "a blank line", minute=2)
    build_site(content, output, pdf=False, base_url=BASE_URL)
    (content / EVENTS[1] / "event.yaml").write_text(
        (content / EVENTS[1] / "event.yaml").read_text(encoding="utf-8")[:-1], encoding="utf-8")
    _git(content.parent, "commit", "-qam", "without it", minute=3)
    loaded.clear()
    build_site(content, output, pdf=False, base_url=BASE_URL)
    assert loaded == [EVENTS[1]]  # its files are as two builds before, its time is not
    assert files(output) == _clean(content, tmp_path, "clean-2", BASE_URL)


def test_an_edited_output_file_or_an_uncommitted_edit_is_never_taken_over(tmp_path: Path) -> None:
    content = _site(tmp_path)
    output = tmp_path / "site" / "output"
    build_site(content, output, pdf=False)
    page = output / EVENTS[2] / "index.html"
    page.write_text("edited by hand", encoding="utf-8")
    _change_a_result(content / EVENTS[0])  # not committed: its event shows no time
    build_site(content, output, pdf=False)
    assert files(output) == _clean(content, tmp_path, "clean")


def test_a_file_read_from_outside_the_event_folder_is_followed(tmp_path: Path) -> None:
    content = _site(tmp_path)
    event = content / EVENTS[2]  # one section, its players in players.yaml
    shared = content / "shared-players.yaml"
    shutil.move(event / "players.yaml", shared)
    with (event / "event.yaml").open("a", encoding="utf-8") as file:
        file.write("players: ../shared-players.yaml\n")
    output = tmp_path / "site" / "output"
    build_site(content, output, pdf=False)
    text = shared.read_text(encoding="utf-8")
    shared.write_text(text.replace("rating: 2366,", "rating: 2377,"), encoding="utf-8")
    build_site(content, output, pdf=False)
    assert b"2377" in (output / EVENTS[2] / "main" / "players.html").read_bytes()
    assert files(output) == _clean(content, tmp_path, "clean")


def test_pdfs_of_unchanged_events_are_taken_over_with_their_folder(tmp_path: Path, small_event,
                                                                   loaded: list[str]) -> None:
    content = tmp_path / "repo" / "content"
    for name in ("cup-a", "cup-b"):
        small_event(content / name, name=name)
    _git(content.parent, "init", "-q")
    _git(content.parent, "add", ".")
    _git(content.parent, "commit", "-qm", "round 1 paired")
    output = tmp_path / "site" / "output"
    first = build_site(content, output)
    round_file = content / "cup-a" / "open" / "rounds" / "01.yaml"
    round_file.write_text(round_file.read_text(encoding="utf-8").replace('"?"', '"2:0"', 1), encoding="utf-8")
    _git(content.parent, "commit", "-qam", "a result", minute=1)
    loaded.clear()
    again = build_site(content, output)
    assert loaded == ["cup-a"] and first.pdfs
    clean = tmp_path / "clean" / "output"
    full = build_site(content, clean, cache=tmp_path / "clean" / "cache")
    assert (again.pages, again.pdfs) == (full.pages, full.pdfs)
    assert files(output) == files(clean)


def test_the_cache_keeps_what_unchanged_events_need_when_they_change_later(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from site_builder.cache import store
    from site_builder.content import yamlsource

    monkeypatch.setattr(store, "KEEP_UNUSED", 0)  # nothing kept beyond what the builds need
    parsed: list[str] = []
    real = yamlsource.parse_yaml
    monkeypatch.setattr(yamlsource, "parse_yaml", lambda text, shown, problems: (
        parsed.append(Path(shown).name), real(text, shown, problems))[1])
    content = _site(tmp_path)
    output = tmp_path / "site" / "output"
    build_site(content, output, pdf=False)
    for minute, event in enumerate(EVENTS[:2], 1):
        _change_a_result(content / event)
        _git(content.parent, "commit", "-qam", f"a result of {event}", minute=minute)
        parsed.clear()
        build_site(content, output, pdf=False)
        assert len(parsed) == 1  # the round file changed; the event's other files from the cache
    assert files(output) == _clean(content, tmp_path, "clean")


def test_an_event_whose_secret_seed_comes_or_goes_is_loaded(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                           loaded: list[str]) -> None:
    from click.testing import CliRunner

    from site_builder.cli import main
    from site_builder.draw_seed import ENV, commitment

    seed = 231584178474632390847141970017375815706
    monkeypatch.setenv(ENV, str(seed))
    content = tmp_path / "content"
    (content / "ev" / "open").mkdir(parents=True)
    (content / "ev" / "event.yaml").write_text(
        f'name: 测试公开赛\ngame: xiangqi\nlanguage: zh\ndraw_seed_sha256: "{commitment(seed)}"\n'
        "sections:\n  open:\n    name: 公开组\n    system: swiss-positional\n    rounds: 3\n"
        "    numbering: codes\n    first_round: lot\n", encoding="utf-8")
    (content / "ev" / "open" / "players.yaml").write_text(
        "players:\n" + "".join(f"  - 选手{n}\n" for n in range(1, 11)), encoding="utf-8")
    # no git here: the first lot is drawn --offline (the round file says so)
    assert CliRunner().invoke(main, ["pair", str(content), "--offline"]).exit_code == 0
    shutil.copytree(ROOT / "content" / EVENTS[1], content / EVENTS[1])
    output = tmp_path / "site" / "output"
    build_site(content, output, pdf=False)
    for step, given in enumerate(("", str(seed))):
        monkeypatch.setenv(ENV, given)
        loaded.clear()
        build_site(content, output, pdf=False)
        assert loaded == ["ev"]
        assert files(output) == _clean(content, tmp_path, f"clean-{step}")


def test_a_swap_that_cannot_move_a_kept_folder_leaves_the_output_as_it_was(tmp_path: Path) -> None:
    from site_builder.build import _swap

    output, staging = tmp_path / "output", tmp_path / ".output.new"
    (output / "a").mkdir(parents=True)
    (output / "a" / "index.html").write_text("a", encoding="utf-8")
    (output / "index.html").write_text("old home", encoding="utf-8")
    staging.mkdir()
    (staging / "index.html").write_text("new home", encoding="utf-8")
    with pytest.raises(FileNotFoundError):
        _swap(staging, output, ["a", "gone"])
    assert files(output) == {"a/index.html": b"a", "index.html": b"old home"}
    assert files(staging) == {"index.html": b"new home"}
    _swap(staging, output, ["a"])
    assert files(output) == {"a/index.html": b"a", "index.html": b"new home"}


def test_an_event_folder_named_like_the_sites_own_files_is_always_built(tmp_path: Path, small_event,
                                                                       loaded: list[str]) -> None:
    content = tmp_path / "content"
    for name in ("cup", "static"):
        small_event(content / name, name=name)
    output = tmp_path / "site" / "output"
    build_site(content, output, pdf=False)
    loaded.clear()
    build_site(content, output, pdf=False)
    assert loaded == ["static"]
    assert files(output) == _clean(content, tmp_path, "clean")


def test_only_what_the_build_loaded_is_recorded_again(tmp_path: Path, loaded: list[str]) -> None:
    """The records and manifest parts of the events taken over whole stay as they were (the build
    writes those of the events it loaded, and of the site's own pages); those of an event gone from
    the content go too; a damaged record loads its event alone, into the bytes of a clean build."""
    from site_builder.cache.outputs import output_folder

    content = _site(tmp_path)
    output = tmp_path / "site" / "output"
    build_site(content, output, pdf=False)
    folder = output_folder(tmp_path / "site" / ".bulletin-cache", output.resolve())

    def written() -> dict[str, tuple[int, int]]:
        return {p.name: (p.stat().st_ino, p.stat().st_mtime_ns) for p in folder.iterdir()}

    before = written()
    assert {f"{event}{suffix}" for event in EVENTS for suffix in (".event", ".pages")} <= before.keys()
    assert len([name for name in before if name.endswith(".keys")]) == 1  # the events loaded together
    _change_a_result(content / EVENTS[0])
    _git(content.parent, "commit", "-qam", "one result", minute=1)
    build_site(content, output, pdf=False)
    after = written()
    changed = {name for name in before if after.get(name) != before[name]}
    assert {f"{EVENTS[0]}.event", f"{EVENTS[0]}.pages", "index.html.pages"} <= changed
    assert not {f"{event}{suffix}" for event in EVENTS[1:] for suffix in (".event", ".pages")} & changed
    assert len([name for name in after if name.endswith(".keys")]) == 2

    shutil.rmtree(content / EVENTS[1])
    _git(content.parent, "commit", "-qam", "an event less", minute=2)
    (folder / f"{EVENTS[2]}.event").write_bytes(b"\x80damaged")
    loaded.clear()
    build_site(content, output, pdf=False)
    assert loaded == [EVENTS[2]]
    assert not {f"{EVENTS[1]}.event", f"{EVENTS[1]}.pages"} & written().keys()
    assert files(output) == _clean(content, tmp_path, "clean")
