"""A system is one vertical slice: a system with an option, results beyond the standings and a page
of its own is added in three files (its module, its template, the line that registers it), and no
module of the program changes (`tests/fixtures/toy-system/`)."""

from __future__ import annotations

import importlib
import json
import sys
from pathlib import Path

import pytest

import site_builder.systems
from site_builder.build import build_site
from site_builder.content.loader import load_site
from site_builder.errors import ContentError
from site_builder.systems import SYSTEMS, system_modules

TOY = Path(__file__).resolve().parents[1] / "fixtures" / "toy-system"


@pytest.fixture
def toy(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.syspath_prepend(str(TOY))
    import toy_system

    monkeypatch.setitem(SYSTEMS, "toy", toy_system.SYSTEM)  # the one line
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


#: The systems in the order the documentation lists them (docs/content.md).
DOCUMENTED = ("swiss-positional", "staged-swiss", "team-swiss", "fide-team", "swiss", "dutch", "dubov",
              "burstein", "lim", "double-swiss", "round-robin", "random", "knockout", "manual", "mcmahon",
              "go-swiss")


def test_the_registry_is_every_module_defining_a_system_in_its_declared_place() -> None:
    package = Path(site_builder.systems.__file__).parent
    defining = {path.stem for path in package.glob("*.py")
                if "\nSYSTEM = " in path.read_text(encoding="utf-8")}
    modules = system_modules()
    assert set(modules) == defining
    places = [vars(importlib.import_module(f"site_builder.systems.{name}"))["PLACE"] for name in modules]
    assert places == sorted(places) and len(set(places)) == len(places)
    assert tuple(SYSTEMS) == DOCUMENTED
    assert [SYSTEMS[name] for name in DOCUMENTED] == [
        importlib.import_module(f"site_builder.systems.{name}").SYSTEM for name in modules]


def test_a_system_module_in_the_package_is_found_at_its_place(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                                               ) -> None:
    """A new system is its module: put beside the others, it is found, listed at its `PLACE`."""
    (tmp_path / "toy_between.py").write_text(
        "from site_builder.systems.swiss import HandSwiss\n\n\n"
        "class Between(HandSwiss):\n    name = 'between'\n\n\n"
        "SYSTEM = Between()\nPLACE = 55\n", encoding="utf-8")
    (tmp_path / "helper_only.py").write_text("HELPS = True\n", encoding="utf-8")  # no SYSTEM: not a system
    monkeypatch.setattr(site_builder.systems, "__path__", [*site_builder.systems.__path__, str(tmp_path)])
    try:
        modules = system_modules()
    finally:
        for name in ("toy_between", "helper_only"):
            sys.modules.pop(f"site_builder.systems.{name}", None)
    assert modules[modules.index("swiss"):modules.index("dutch") + 1] == ("swiss", "toy_between", "dutch")
    assert "helper_only" not in modules
