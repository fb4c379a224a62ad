"""The common keys of event.yaml and of a section, as their tables declare them (`EVENT_KEYS`,
`SECTION_KEYS`): the first colour and the acceleration as the options of the systems that pair by
them, the event giving their default."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from site_builder.content.event import EVENT_FIELDS, EVENT_KEYS
from site_builder.content.keys import key_names
from site_builder.content.loader import load_site
from site_builder.content.section import SECTION_FIELDS, SECTION_KEYS
from site_builder.errors import ContentError
from site_builder.model import Section
from site_builder.systems import system_of

ROOT = Path(__file__).resolve().parents[2]
DUTCH = ROOT / "content" / "2026-spring-open"
GO = ROOT / "content" / "2026-go-mcmahon"


def _edited(tmp_path: Path, example: Path, old: str, new: str) -> Path:
    """A copy of `example` whose event.yaml has `old` replaced by `new`."""
    content = tmp_path / "content"
    shutil.copytree(example, content / example.name)
    event = content / example.name / "event.yaml"
    text = event.read_text(encoding="utf-8")
    assert old in text
    event.write_text(text.replace(old, new, 1), encoding="utf-8")
    return content


def _section(content: Path) -> Section:
    return load_site(content).events[0].sections[0]


def test_the_tables_name_every_key_the_files_accept() -> None:
    assert key_names(SECTION_KEYS) == SECTION_FIELDS and "first_colour" in SECTION_FIELDS
    assert key_names(EVENT_KEYS) == EVENT_FIELDS and len(set(EVENT_FIELDS)) == len(EVENT_FIELDS)


def test_the_events_first_colour_is_the_dutch_sections_option(tmp_path: Path) -> None:
    content = _edited(tmp_path, DUTCH, "first_colour: lot", "first_colour: black")
    assert _section(content).options["first_colour"] == "black"


def test_a_system_that_does_not_pair_by_it_keeps_the_first_colour_for_trf(tmp_path: Path) -> None:
    content = _edited(tmp_path, DUTCH, "system: dutch\n", "system: swiss\n")
    event = content / DUTCH.name / "event.yaml"
    event.write_text(event.read_text("utf-8").replace("first_colour: lot", "first_colour: white"), "utf-8")
    section = _section(content)
    assert section.options["first_colour"] == "white" and "acceleration" not in section.options


def test_a_go_section_takes_no_first_colour_into_its_pairing_options(tmp_path: Path) -> None:
    before = _section(_edited(tmp_path / "before", GO, "", ""))
    section = _section(_edited(tmp_path, GO, "    system: mcmahon\n",
                               "    system: mcmahon\n    first_colour: white\n"))
    assert "first_colour" not in section.options
    assert system_of(section).pairing_options(section) == system_of(before).pairing_options(before)


def test_an_acceleration_the_system_does_not_take_is_refused_where_it_is_written(tmp_path: Path) -> None:
    content = _edited(tmp_path, GO, "    system: mcmahon\n", "    system: mcmahon\n    acceleration: baku\n")
    with pytest.raises(ContentError) as error:
        load_site(content)
    lines = (content / GO.name / "event.yaml").read_text("utf-8").splitlines()
    line = lines.index("    acceleration: baku") + 1
    assert f"event.yaml:{line}:19: acceleration 'baku' is no rule of the 'mcmahon' system (hint: choose a " \
           "system that accelerates (dutch" in str(error.value)
