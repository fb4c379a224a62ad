"""Incremental builds write exactly the files of a full build without any cache, edit after edit."""

from __future__ import annotations

import random
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from synthetic import synthetic

from site_builder.build import build_site
from site_builder.errors import ContentError

ROOT = Path(__file__).resolve().parents[2]
RESULTS = ("2:0", "1:1", "0:2", "?")


def files(directory: Path) -> dict[str, bytes]:
    return {p.relative_to(directory).as_posix(): p.read_bytes() for p in directory.rglob("*") if p.is_file()}


class Editor:
    """Random edits of the kinds an organizer makes: results, players, rounds, event, theme."""

    def __init__(self, content: Path, event: Path, rng: random.Random) -> None:
        self.content, self.event, self.rng = content, event, rng
        self.removed: list[Path] = []  # round files taken away, to be put back
        self.saved: dict[Path, str] = {}
        self.colour = ""  # of the image print.css loads

    def result(self) -> str:
        path = self.rng.choice(sorted(self.event.glob("*/rounds/*.yaml")))
        text = path.read_text(encoding="utf-8")
        rows = list(re.finditer(r'"(2:0|1:1|0:2|\?)"\]', text))
        row = self.rng.choice(rows)
        new = self.rng.choice([r for r in RESULTS if r != row.group(1)])
        path.write_text(text[:row.start(1)] + new + text[row.end(1):], encoding="utf-8")
        return f"result {path.name}:{text.count(chr(10), 0, row.start())} → {new}"

    def player(self) -> str:
        path = next(self.event.glob("*/players.yaml"))
        lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
        index = self.rng.choice([i for i, line in enumerate(lines) if "rating:" in line])
        field, n = self.rng.choice(["rating", "club", "name"]), self.rng.randint(1, 99)
        line = lines[index]
        if field == "rating":
            line = re.sub(r"rating: \d+", f"rating: {1200 + 16 * n}", line)
        elif field == "club" and "club:" in line:
            line = re.sub(r'club: "[^"]*"', f'club: "Club {n}"', line)
        elif field == "club":
            line = line.replace("rating:", f'club: "Club {n}", rating:', 1)
        else:
            line = re.sub(r'name: "[^"]*"', f'name: "Renamed {n}"', line)
        lines[index] = line
        path.write_text("".join(lines), encoding="utf-8")
        return f"player {field}"

    def remove_round(self) -> str:
        rounds = sorted(self.event.glob("*/rounds/*.yaml"))
        if len(rounds) < 2:
            return self.add_round()
        self.saved[rounds[-1]] = rounds[-1].read_text(encoding="utf-8")
        rounds[-1].unlink()
        self.removed.append(rounds[-1])
        return f"removed {rounds[-1].name}"

    def add_round(self) -> str:
        if not self.removed:
            return self.remove_round()
        path = self.removed.pop()
        path.write_text(self.saved[path], encoding="utf-8")
        return f"added {path.name}"

    def event_file(self) -> str:
        path = self.event / "event.yaml"
        text = path.read_text(encoding="utf-8")
        path.write_text(re.sub(r"^venue: .*$", f"venue: Hall {self.rng.randint(1, 9)}", text, flags=re.M),
                        encoding="utf-8")
        return "event venue"

    def theme(self, choice: str = "") -> str:
        theme = self.content / "theme"
        choice = choice or self.rng.choice(["footer", "round", "style", "print", "none"])
        shutil.rmtree(theme, ignore_errors=True)
        (self.content / "site.yaml").write_text("title: Bulletins\ntheme: theme\n", encoding="utf-8")
        (theme / "templates").mkdir(parents=True)
        (theme / "static").mkdir()
        if choice == "footer":
            (theme / "templates" / "base.html").write_text(
                '{% extends "default/base.html" %}{% block footer %}<p>News '
                f'{self.rng.randint(1, 99)}</p>{{{{ super() }}}}{{% endblock %}}', encoding="utf-8")
        elif choice == "round":
            source = (ROOT / "site_builder/themes/default/templates/round.html").read_text(encoding="utf-8")
            (theme / "templates" / "round.html").write_text(source.replace("</h1>", " ★</h1>", 1),
                                                            encoding="utf-8")
        elif choice == "style":
            (theme / "static" / "style.css").write_text(f"body {{ margin: {self.rng.randint(1, 9)}px }}",
                                                         encoding="utf-8")
        elif choice == "print":  # the PDFs' stylesheet, and an image it loads
            source = (ROOT / "site_builder/themes/default/static/print.css").read_text(encoding="utf-8")
            (theme / "static" / "print.css").write_text(
                source + "\nh1 { background: url(mark.svg) no-repeat right; }\n", encoding="utf-8")
            self.colour = colour = "green" if self.colour == "red" else "red"  # always another
            (theme / "static" / "mark.svg").write_text(
                f'<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><rect width="8" height="8" '
                f'fill="{colour}"/></svg>', encoding="utf-8")
            choice += f" {colour}"
        else:
            shutil.rmtree(theme)
            (self.content / "site.yaml").unlink()
        return f"theme {choice}"

    def nothing(self) -> str:
        return "no change"

    def random(self) -> str:
        edit = self.rng.choice([self.result, self.result, self.result, self.player, self.remove_round,
                                self.add_round, self.event_file, self.theme, self.nothing])
        return edit()


def _build_or_error(content: Path, output: Path, pdf: bool = False, **options) -> str:
    try:
        build_site(content, output, pdf=pdf, **options)
    except ContentError as error:
        return str(error)
    return ""


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5])
def test_incremental_builds_equal_full_builds_over_random_edits(tmp_path: Path, seed: int) -> None:
    content = tmp_path / "content"
    editor = Editor(content, synthetic(content, players=24, rounds=6), random.Random(seed))
    incremental = tmp_path / "inc" / "out"  # its cache: tmp/inc/.bulletin-cache, kept across edits
    assert _build_or_error(content, incremental) == ""
    for step in range(16):
        edit = editor.random()
        full = tmp_path / f"full-{step}" / "out"
        error = _build_or_error(content, incremental)
        assert error == _build_or_error(content, full, cache=tmp_path / f"full-{step}" / "fresh-cache"), edit
        if not error:
            assert files(incremental) == files(full), f"step {step}: {edit}"
        shutil.rmtree(full.parent, ignore_errors=True)
    # a new process, with the cache on disk only, builds the same files too
    subprocess.run([sys.executable, "-m", "site_builder", "build", str(content), "--output", str(incremental),
                    "--no-pdf"], check=True, capture_output=True, cwd=ROOT)
    build_site(content, tmp_path / "last" / "out", pdf=False, cache=tmp_path / "last" / "fresh-cache")
    assert files(incremental) == files(tmp_path / "last" / "out")


def test_incremental_builds_with_pdfs_equal_full_builds(tmp_path: Path) -> None:
    """The same with PDFs: the PDF cache and the output taken over follow the results, the templates,
    print.css and the images it loads (one process, builds one after the other)."""
    content = tmp_path / "content"
    editor = Editor(content, synthetic(content, players=8, rounds=3), random.Random(7))
    incremental = tmp_path / "inc" / "out"
    assert _build_or_error(content, incremental, pdf=True) == ""
    edits = [lambda: editor.theme("print"), editor.result, lambda: editor.theme("print"),
             lambda: editor.theme("round"), editor.result, lambda: editor.theme("none")]
    done = []
    for step, edit in enumerate(edits):
        what = edit()
        done.append(what)
        full = tmp_path / f"full-{step}" / "out"
        error = _build_or_error(content, incremental, pdf=True)
        assert error == _build_or_error(content, full, pdf=True, cache=tmp_path / f"full-{step}" / "fresh")
        if not error:
            assert files(incremental) == files(full), f"step {step}: {what}"
            assert any(path.endswith(".pdf") for path in files(full))
        shutil.rmtree(full.parent, ignore_errors=True)
    assert len({what for what in done if what.startswith("theme print")}) == 2, done  # two colours


def test_incremental_builds_of_every_kind_of_event(tmp_path: Path) -> None:
    """The examples (knockout, team, staged Swiss, league, two languages): results swapped at random."""
    content = tmp_path / "content"
    shutil.copytree(ROOT / "content", content)
    rng = random.Random(11)
    swap = {"1:1": "2:0", "2:0": "0:2", "0:2": "1:1", "1-0": "0-1", "0-1": "1-0"}
    incremental = tmp_path / "inc" / "out"
    assert _build_or_error(content, incremental) == ""
    for step in range(8):
        path = rng.choice(sorted(content.rglob("rounds/*.yaml")))
        text = path.read_text(encoding="utf-8")
        rows = list(re.finditer(r'"(1:1|2:0|0:2|1-0|0-1)"', text))
        if rows:
            row = rng.choice(rows)
            path.write_text(text[:row.start(1)] + swap[row.group(1)] + text[row.end(1):], encoding="utf-8")
        full = tmp_path / f"full-{step}" / "out"
        error = _build_or_error(content, incremental)
        assert error == _build_or_error(content, full, cache=tmp_path / f"full-{step}" / "fresh-cache")
        if error:  # e.g. a knockout match decided twice: both fail alike; take the edit back
            path.write_text(text, encoding="utf-8")
        else:
            assert files(incremental) == files(full), f"step {step}: {path}"
        shutil.rmtree(full.parent, ignore_errors=True)


def test_unchanged_pages_are_taken_over_not_rendered(tmp_path: Path) -> None:
    content = tmp_path / "content"
    event = synthetic(content, players=30, rounds=5)
    output = tmp_path / "out"
    first = build_site(content, output, pdf=False)
    assert first.rendered == first.pages
    again = build_site(content, output, pdf=False)
    assert again.rendered == 0
    last = event / "open" / "rounds" / "05.yaml"
    last.write_text(re.sub(r'"(2:0|0:2)"\]', '"1:1"]', last.read_text(encoding="utf-8"), count=1),
                    encoding="utf-8")
    edited = build_site(content, output, pdf=False)
    assert 0 < edited.rendered < first.rendered // 2  # round 5, its standings, crosstable, some cards
    page = (output / event.name / "open" / "round-01.html")
    page.write_text("changed by hand", encoding="utf-8")  # a file that is not what the build wrote …
    build_site(content, output, pdf=False)
    assert page.read_text(encoding="utf-8") != "changed by hand"  # … is rendered again


def test_deleting_the_cache_changes_nothing(tmp_path: Path) -> None:
    content = tmp_path / "content"
    synthetic(content, players=12, rounds=3)
    output = tmp_path / "out"
    build_site(content, output, pdf=False)
    before = files(output)
    shutil.rmtree(tmp_path / ".bulletin-cache")
    build_site(content, output, pdf=False)
    assert files(output) == before


def test_a_staging_directory_is_never_taken_for_an_old_output(tmp_path: Path, monkeypatch) -> None:
    """The staging directory's random part may start with "old" (`.out.new-old2m53k`): the swap's
    cleanup of old outputs left by a killed process must not delete it."""
    import tempfile

    monkeypatch.setattr(tempfile, "_get_candidate_names", lambda: iter(["old2m53k", "oldx9q1z"]))
    content = tmp_path / "content"
    synthetic(content, players=6, rounds=1)
    output = tmp_path / "out"
    (tmp_path / ".out.old-1-2").mkdir()  # left by a killed build: deleted
    build_site(content, output, pdf=False)
    build_site(content, output, pdf=False)
    assert (output / "index.html").is_file()
    assert not (tmp_path / ".out.old-1-2").exists()
