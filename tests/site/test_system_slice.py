"""A system is one vertical slice: a system with an option, results beyond the standings and a page
of its own is added in three files (its module, its template, the line that registers it), and no
module of the program changes (`tests/fixtures/toy-system/`)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from site_builder.build import build_site
from site_builder.content.loader import load_site
from site_builder.errors import ContentError
from site_builder.systems import SYSTEMS

TOY = Path(__file__).resolve().parents[1] / "fixtures" / "toy-system"


@pytest.fixture
def toy(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.syspath_prepend(str(TOY))
    import toy_system

    monkeypatch.setitem(SYSTEMS, "toy", toy_system.SYSTEM)  # type: ignore[index]  # the one line
    return toy_system


def _toy_event(tmp_path: Path, small_event, extra: str = "") -> Path:
    content = tmp_path / "content"
    event = small_event(content / "cup")
    yaml = (event / "event.yaml").read_text(encoding="utf-8")
    own = "    system: toy\n    motto: \"win or learn\"" + extra
    yaml = yaml.replace("    system: swiss-positional", own)
    (event / "event.yaml").write_text(yaml, encoding="utf-8")
    rounds = event / "open" / "rounds"
    (rounds / "01.yaml").write_text((rounds / "01.yaml").read_text(encoding="utf-8").replace('"?"', '"1-0"'),
                                    encoding="utf-8")
    return content


def test_a_system_with_a_page_of_its_own_is_three_files(tmp_path: Path, small_event, toy) -> None:
    assert sorted(p.relative_to(TOY).as_posix() for p in TOY.rglob("*") if p.is_file()
                  and "__pycache__" not in p.parts) == ["templates/toy.html", "toy_system.py"]
    content = _toy_event(tmp_path, small_event)
    out = tmp_path / "out"
    build_site(content, out, pdf=False)
    page = (out / "cup" / "open" / "toy.html").read_text(encoding="utf-8")
    assert '<p class="motto">win or learn</p>' in page  # its option
    assert "round 1: 2 games" in page  # its results beyond the standings
    assert '<p class="leader">' in page  # … which read the standings
    assert "toy.html" in (out / "cup" / "index.html").read_text(encoding="utf-8")  # its navigation link
    assert (out / "cup" / "open" / "standings-01.html").is_file()  # the Swiss pages it builds on
    section = json.loads((out / "cup" / "event.json").read_text(encoding="utf-8"))["sections"][0]
    assert section["system"] == "toy" and section["games_per_round"] == [2]  # its part of event.json
    assert "Toy Swiss" in (out / "cup" / "index.html").read_text(encoding="utf-8")  # its title


def test_an_option_belongs_to_its_system(tmp_path: Path, small_event, toy) -> None:
    content = _toy_event(tmp_path, small_event, extra="\n    eliminate_after_prelims: false")
    with pytest.raises(ContentError) as error:
        load_site(content)
    message = "'eliminate_after_prelims' is an option of the staged-swiss system, not of 'toy'"
    assert message in str(error.value)
