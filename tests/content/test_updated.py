"""The time of the last update is the committer time of the event directory's last commit: the same
on any machine that has the commit, absent when git cannot vouch for it (content/updated.py)."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

from site_builder.build import build_site
from site_builder.content.updated import last_changed


def _git(cwd: Path, *args: str, date: str = "2024-05-04T19:30:00+08:00") -> None:
    env = {**os.environ, "GIT_AUTHOR_DATE": date, "GIT_COMMITTER_DATE": date,
           "GIT_AUTHOR_NAME": "Arbiter", "GIT_AUTHOR_EMAIL": "a@example.org",
           "GIT_COMMITTER_NAME": "Arbiter", "GIT_COMMITTER_EMAIL": "a@example.org"}
    subprocess.run(["git", *args], cwd=cwd, env=env, check=True, capture_output=True)


def _site(tmp_path: Path, small_event) -> Path:
    content = tmp_path / "content"
    content.mkdir()
    small_event(content / "cup")
    small_event(content / "shield", name="Shield")
    with (content / "shield" / "event.yaml").open("a", encoding="utf-8") as event:
        event.write("timezone: Asia/Shanghai\n")
    _git(content, "init", "-q")
    _git(content, "add", ".")
    _git(content, "commit", "-qm", "both events")
    (content / "shield" / "README.md").write_text("notes\n", encoding="utf-8")
    _git(content, "add", ".")
    _git(content, "commit", "-qm", "shield notes", date="2024-05-05T08:00:00+08:00")
    return content


def test_each_event_shows_its_own_last_commit_in_its_time_zone(tmp_path: Path, small_event) -> None:
    """In the event's `timezone:`, else in UTC, whatever the committer's own offset."""
    content = _site(tmp_path, small_event)
    output = tmp_path / "out"
    build_site(content, output, pdf=False)
    cup = (output / "cup" / "index.html").read_text("utf-8")
    assert '<time datetime="2024-05-04T19:30:00+08:00">2024-05-04 11:30 UTC</time>' in cup
    assert "2024-05-05 08:00 UTC+08:00" in (output / "shield" / "index.html").read_text("utf-8")
    home = (output / "index.html").read_text("utf-8")
    assert "2024-05-04 11:30 UTC" in home and "2024-05-05 08:00 UTC+08:00" in home
    assert json.loads((output / "shield" / "event.json").read_text("utf-8"))["event"]["timezone"] == \
        "Asia/Shanghai"
    assert json.loads((output / "cup" / "event.json").read_text("utf-8"))["event"]["updated"] == \
        "2024-05-04T19:30:00+08:00"


def test_uncommitted_changes_or_no_git_give_no_time(tmp_path: Path, small_event) -> None:
    content = _site(tmp_path, small_event)
    (content / "cup" / "open" / "rounds" / "01.yaml").write_text(
        "round: 1\ngames:\n  - [1, 1, 3, 1-0]\n  - [2, 4, 2, \"?\"]\n", encoding="utf-8")
    times = last_changed([content / "cup", content / "shield"])
    assert times == {content / "shield": "2024-05-05T08:00:00+08:00"}  # the edited event has none
    plain = tmp_path / "plain"
    small_event(plain)
    assert last_changed([plain]) == {}
    build_site(plain, tmp_path / "out", pdf=False)
    assert "<time" not in (tmp_path / "out" / "index.html").read_text("utf-8")
    exported = json.loads((tmp_path / "out" / "plain" / "event.json").read_text("utf-8"))
    assert exported["event"]["updated"] is None


def test_the_same_commit_builds_the_same_bytes_after_a_clone(tmp_path: Path, small_event) -> None:
    content = _site(tmp_path, small_event)
    clone = tmp_path / "clone"
    subprocess.run(["git", "clone", "-q", str(content), str(clone)], check=True)
    build_site(content, tmp_path / "a", pdf=False)
    build_site(clone, tmp_path / "b", pdf=False)
    assert (tmp_path / "a" / "cup" / "index.html").read_bytes() == \
        (tmp_path / "b" / "cup" / "index.html").read_bytes()


def test_a_shallow_clone_does_not_date_events_by_its_cut(tmp_path: Path, small_event) -> None:
    """With depth 1 the cut commit seems to add every file; the shield's last commit is that one, but
    the cup's time cannot be known from it."""
    content = _site(tmp_path, small_event)
    shallow = tmp_path / "shallow"
    subprocess.run(["git", "clone", "-q", "--depth", "1", f"file://{content}", str(shallow)], check=True)
    assert last_changed([shallow / "cup", shallow / "shield"]) == {}
    deep = tmp_path / "deep"
    subprocess.run(["git", "clone", "-q", "--depth", "2", f"file://{content}", str(deep)], check=True)
    assert last_changed([deep / "cup", deep / "shield"]) == {deep / "shield": "2024-05-05T08:00:00+08:00"}


FULL = Path(__file__).resolve().parents[2] / "content" / "2017-xiangqi-national-full"


def files(directory: Path) -> dict[str, bytes]:
    return {p.relative_to(directory).as_posix(): p.read_bytes() for p in directory.rglob("*") if p.is_file()}


def test_a_committed_result_re_renders_only_the_pages_it_changes(tmp_path: Path) -> None:
    """Each section shows its own last change on the event home; no other page carries a commit
    time, so a committed result re-renders what it changes, not every page of the event."""
    import shutil

    content = tmp_path / "content"
    shutil.copytree(FULL, content / FULL.name)
    _git(content, "init", "-q")
    _git(content, "add", ".")
    _git(content, "commit", "-qm", "eight rounds")
    output = tmp_path / "out"
    build_site(content, output, pdf=False)
    before = files(output)
    home = before[f"{FULL.name}/index.html"].decode()
    assert home.count("2024-05-04 19:30 UTC+08:00") == 4  # the event and its three sections

    last = content / FULL.name / "women" / "rounds" / "09.yaml"
    text = last.read_text("utf-8")
    last.write_text(text.replace('"刘欢", "党国蕾", "2:0"', '"刘欢", "党国蕾", "1:1"'), "utf-8")
    _git(content, "commit", "-qam", "round 9, board 1 corrected", date="2024-05-06T21:05:00+08:00")
    report = build_site(content, output, pdf=False)
    after = files(output)
    changed = sorted(path for path in after if after[path] != before.get(path))
    pages = [path for path in changed if path.endswith(".html")]
    # rendered again: the pages that changed only (round 8's printed bulletin, which shares its data
    # with round 8's page, prints round 9's pairings as published, without their results)
    assert report.rendered == len(pages), changed
    assert not [path for path in changed if "/men-" in path]  # the other sections' pages stay as they were
    home = after[f"{FULL.name}/index.html"].decode()
    assert home.count("2024-05-06 21:05 UTC+08:00") == 2  # the event and the women's section
    assert home.count("2024-05-04 19:30 UTC+08:00") == 2  # the men's sections

    fresh = tmp_path / "fresh"
    build_site(content, fresh, pdf=False, cache=tmp_path / "no-cache")
    assert files(fresh) == after


def test_feed_entries_are_dated_by_the_last_commit_of_their_round_file(tmp_path: Path, small_event,
                                                                       monkeypatch) -> None:
    """An entry's `updated` is its round file's last commit (an edit of the player list is none);
    a round file not committed falls back to its round's date. One `git log` dates every file."""
    import xml.etree.ElementTree as ET

    import site_builder.content.updated as updated

    content = tmp_path / "content"
    rounds = small_event(content / "cup") / "open" / "rounds"
    (rounds / "01.yaml").write_text('round: 1\ngames:\n  - [1, 1, 3, "1-0"]\n  - [2, 4, 2, "0-1"]\n', "utf-8")
    _git(content, "init", "-q")
    _git(content, "add", ".")
    _git(content, "commit", "-qm", "round 1")
    second = 'round: 2\ndate: 2024-05-05\ngames:\n  - [1, 2, 1, "{}"]\n  - [2, 3, 4, "1-0"]\n'
    (rounds / "02.yaml").write_text(second.format("?"), "utf-8")
    _git(content, "add", ".")
    _git(content, "commit", "-qm", "round 2", date="2024-05-05T21:10:00+08:00")
    players = rounds.parent / "players.yaml"
    players.write_text(players.read_text("utf-8").replace("2100", "2110"), "utf-8")
    _git(content, "commit", "-qam", "a rating", date="2024-05-06T09:00:00+02:00")
    logs = []
    popen = subprocess.Popen

    def counted(command, *args, **kwargs):
        logs.extend(["log"] if "log" in command else [])
        return popen(command, *args, **kwargs)

    monkeypatch.setattr(updated.subprocess, "Popen", counted)
    output = tmp_path / "out"

    def dates() -> list[tuple[str, str]]:
        build_site(content, output, pdf=False)
        feed = ET.parse(output / "cup" / "feed.xml").getroot()
        a = "{http://www.w3.org/2005/Atom}"
        return [(feed.findtext(f"{a}updated"), "")] + [
            (e.findtext(f"{a}updated"), e.find(f"{a}link").get("href")) for e in feed.iter(f"{a}entry")]

    assert dates() == [("2024-05-05T21:10:00+08:00", ""), ("2024-05-05T21:10:00+08:00", "open/round-02.html"),
                       ("2024-05-04T19:30:00+08:00", "open/round-01.html")]
    assert logs == ["log"]
    (rounds / "02.yaml").write_text(second.format("0-1"), "utf-8")  # not committed: the round's date
    assert dates() == [("2024-05-05T00:00:00Z", ""), ("2024-05-05T00:00:00Z", "open/round-02.html"),
                       ("2024-05-04T19:30:00+08:00", "open/round-01.html")]


def test_a_section_is_its_folder_and_the_events_shared_files(tmp_path: Path) -> None:
    from site_builder.content.updated import times_of

    content = tmp_path / "content"
    for path in ("cup/event.yaml", "cup/a/players.yaml", "cup/b/players.yaml"):
        (content / path).parent.mkdir(parents=True, exist_ok=True)
        (content / path).write_text("x: 1\n", encoding="utf-8")
    _git(content, "init", "-q")
    _git(content, "add", ".")
    _git(content, "commit", "-qm", "start")
    (content / "cup" / "b" / "players.yaml").write_text("x: 2\n", encoding="utf-8")
    _git(content, "commit", "-qam", "b", date="2024-05-05T08:00:00+08:00")
    cup, a, b = content / "cup", content / "cup" / "a", content / "cup" / "b"
    scopes = {"event": (cup, ()), "a": (cup, [b]), "b": (cup, [a])}
    assert times_of(scopes) == {"event": "2024-05-05T08:00:00+08:00", "a": "2024-05-04T19:30:00+08:00",
                                "b": "2024-05-05T08:00:00+08:00"}
    (content / "cup" / "event.yaml").write_text("x: 3\n", encoding="utf-8")
    _git(content, "commit", "-qam", "shared", date="2024-05-06T08:00:00+08:00")
    assert set(times_of(scopes).values()) == {"2024-05-06T08:00:00+08:00"}
    (content / "cup" / "a" / "players.yaml").write_text("x: 4\n", encoding="utf-8")  # not committed
    assert times_of(scopes) == {"b": "2024-05-06T08:00:00+08:00"}


def test_an_unknown_time_zone_is_a_located_error(tmp_path: Path, small_event) -> None:
    from site_builder.content.loader import load_site
    from site_builder.errors import ContentError

    content = tmp_path / "content"
    event = small_event(content / "cup")
    with (event / "event.yaml").open("a", encoding="utf-8") as file:
        file.write("timezone: Asia/Shangai\n")
    try:
        load_site(content)
    except ContentError as error:
        message = str(error.problems[0])
    assert "cup/event.yaml:15:11: unknown time zone 'Asia/Shangai' (hint: did you mean " \
           "'Asia/Shanghai'" in message


def test_git_asked_before_the_scopes_are_known_answers_as_when_asked_after(tmp_path: Path,
                                                                           small_event) -> None:
    """`Asked` starts git's questions about the event folders while the build reads them; `times_of`
    takes its answers when it asks the same in the same folder, else asks again (and the questions
    not taken are ended)."""
    from site_builder.content.updated import Asked, times_of

    content = _site(tmp_path, small_event)
    cup, shield = content / "cup", content / "shield"
    (shield / "README.md").write_text("more notes\n", encoding="utf-8")  # not committed: no time
    scopes = {"cup": (cup, ()), "cup-open": (cup / "open" / "rounds" / "01.yaml", ()), "shield": (shield, ())}
    expected = {"cup": "2024-05-04T19:30:00+08:00", "cup-open": "2024-05-04T19:30:00+08:00"}
    assert times_of(scopes) == expected
    for folders in ([cup, shield], [cup], [shield, cup], [cup, shield, content / "missing"]):
        with Asked(folders) as asked:
            assert times_of(scopes, asked) == expected
        assert asked.processes == {}
    with Asked([cup, shield]) as asked:
        assert times_of({"shield": (shield, ())}, asked) == {}  # another folder first: asked again
        assert len(asked.processes) == 3
    assert asked.processes == {}
