"""OpenGotha's pairing parameters set in a go section's `pairing:` mapping: every parameter has a
name, a changed one changes the weights as OpenGotha's formulas say, they move through OpenGotha's
file both ways, and a bad name or value is one located line."""

from __future__ import annotations

import dataclasses
import shutil
from fractions import Fraction
from pathlib import Path

import pytest

from site_builder.checks import load_checked
from site_builder.errors import ContentError
from site_builder.model import Section
from site_builder.opengotha.importer import import_opengotha
from site_builder.opengotha.read import read_gotha
from site_builder.opengotha.write import export_opengotha
from site_builder.pairing.gotha.parameters import DuddMode, PairingParameters, SeedSystem
from site_builder.pairing.gotha.section import gotha_event
from site_builder.pairing.gotha.settings import BY_KEY, SETTINGS, apply, changed, content, xml_attributes
from site_builder.pairing.gotha.state import round_state
from site_builder.pairing.gotha.weights import pair_weight
from site_builder.systems import system_of
from site_builder.systems.go_common import GoSystem

EXAMPLE = Path(__file__).resolve().parents[2] / "content" / "2026-go-mcmahon"
SETTINGS_YAML = """\
    pairing:
      avoid_duplicates: 7
      colour_balance: 3000000
      draw_up_from: top
      paiMaDUDDUpperMode: BOT
      seed_system_1: split_and_fold
      seed_system_1_until: 3
      nx1_factor: 0.25
      spare_from_rank: 2d
      spare_half_wins: true
      seed_criterion_2: rank
"""


def _event(tmp_path: Path, lines: str) -> Path:
    event = tmp_path / "2026-go-mcmahon"
    shutil.copytree(EXAMPLE, event)
    text = (event / "event.yaml").read_text(encoding="utf-8")
    floor = "    mcmahon_floor: 20k\n"
    (event / "event.yaml").write_text(text.replace(floor, floor + lines), encoding="utf-8")
    return event


def _section(directory: Path) -> Section:
    return load_checked(directory).events[0].sections[0]


def _problems(tmp_path: Path, lines: str) -> list[str]:
    try:
        load_checked(_event(tmp_path, lines))
    except ContentError as error:
        return [str(p) for p in error.problems]
    return []


def test_every_parameter_has_one_name_and_one_opengotha_attribute() -> None:
    assert sorted(s.field for s in SETTINGS) == sorted(f.name for f in dataclasses.fields(PairingParameters))
    assert len(BY_KEY) == 2 * len(SETTINGS)  # names and OpenGotha's attributes, none shared
    assert all(s.name.islower() and s.name.replace("_", "").isalnum() for s in SETTINGS)


def test_the_docs_table_gives_each_parameter_with_its_defaults() -> None:
    docs = (EXAMPLE.parents[1] / "docs" / "go.md").read_text(encoding="utf-8")
    rows = {row.split("|")[1].strip(" `"): [c.strip(" `") for c in row.split("|")[2:5]]
            for row in docs.splitlines() if row.startswith("| `") and "| `pai" in row}
    for setting in SETTINGS:
        mcmahon = content(setting, getattr(PairingParameters.mcmahon(), setting.field))
        swiss = content(setting, getattr(PairingParameters.swiss(), setting.field))

        def shown(value: object) -> str:
            if isinstance(value, bool):
                return str(value).lower()
            return f"{value:_}" if isinstance(value, int) and value >= 10**6 else str(value)

        xml, first, second = rows[setting.name]
        assert (xml, first) == (setting.xml, shown(mcmahon)), setting.name
        assert second == ("same" if swiss == mcmahon else shown(swiss)), setting.name


def test_the_settings_reach_the_parameters(tmp_path: Path) -> None:
    section = _section(_event(tmp_path, SETTINGS_YAML))
    system = system_of(section)
    assert isinstance(system, GoSystem)
    pairing = system.gotha_parameters(section).pairing
    assert (pairing.avoid_duplicate_game, pairing.balance_colours) == (7, 3_000_000)
    assert (pairing.dudd_lower_mode, pairing.dudd_upper_mode) == (DuddMode.TOP, DuddMode.BOT)
    assert (pairing.seed_system1, pairing.last_round_seed_system1) == (SeedSystem.SPLIT_AND_FOLD, 3)
    assert (pairing.nx1_factor, pairing.rank_threshold, pairing.wins_threshold_active) == (0.25, 1, True)
    # the rest keep OpenGotha's McMahon defaults
    assert changed(pairing, PairingParameters.mcmahon()) == {
        "avoid_duplicates": 7, "colour_balance": 3000000, "draw_down_from": "bottom", "draw_up_from": "top",
        "seed_system_1_until": 3, "seed_system_1": "split_and_fold", "seed_criterion_2": "rank",
        "spare_from_rank": "2d", "spare_half_wins": True, "nx1_factor": "0.25"}


def test_a_changed_parameter_changes_the_weights_as_opengothas_formulas_say(tmp_path: Path) -> None:
    default, tuned = _section(EXAMPLE), _section(_event(tmp_path, SETTINGS_YAML))
    states = []
    for section in (default, tuned):
        system = system_of(section)
        assert isinstance(system, GoSystem)
        before = dataclasses.replace(section, rounds=section.rounds[:2])
        states.append(round_state(gotha_event(before, system.gotha_parameters(section), number_=3), 3))
    old, new = states
    keys = sorted(old.scores, key=int)
    fold = 0
    for a in keys:
        for b in keys:
            if a >= b:
                continue
            w0, w1 = pair_weight(old, a, b), pair_weight(new, a, b)
            # avoid duplicates: the weight itself for a pair who have not met, else 0
            assert w1.duplicate == (0 if old.have_met(a, b) else 7)
            # colour balance: full, half or none of the weight, so 3 × OpenGotha's default 10⁶
            assert w1.colour == 3 * w0.colour
            ia, ib = old.info[a], old.info[b]
            if ia.group == ib.group and ia.group_size > 1:
                # split and fold in round 3 (system 1 up to round 3): top − ((top·x / n)·x / n),
                # x = i + j − (n), n = size − 1, truncated toward zero as Java divides
                top, n = 5_000_000, ia.group_size - 1
                x = ia.inner + ib.inner - n
                inner = int(Fraction(top * x, n))
                assert w1.seeding == top - int(Fraction(inner * x, n))
                fold += 1
    assert fold > 0


def test_the_settings_move_through_opengothas_file_both_ways(tmp_path: Path) -> None:
    directory = _event(tmp_path, SETTINGS_YAML)
    event = load_checked(directory).events[0]
    section = event.sections[0]
    system = system_of(section)
    assert isinstance(system, GoSystem)
    xml = export_opengotha(event, section)
    attributes = xml_attributes(system.gotha_parameters(section).pairing)
    assert 'paiMaDUDDLowerMode="TOP"' in xml and 'paiMaSeedSystem1="SPLITANDFOLD"' in xml
    assert all(f'{name}="{value}"' in xml for name, value in attributes.items())
    path = tmp_path / "event.xml"
    path.write_text(xml, encoding="utf-8")
    assert read_gotha(path).event.parameters.pairing == system.gotha_parameters(section).pairing
    import_opengotha(path, tmp_path / "again")
    again = _section(tmp_path / "again")
    assert again.options == section.options
    assert "    pairing:" in (tmp_path / "again" / "event.yaml").read_text(encoding="utf-8")


def test_apply_reads_opengothas_spellings() -> None:
    pairing = apply(PairingParameters(), {"paiMaSeedSystem2": "SPLITANDRANDOM", "paiSeRankThreshold": "3D",
                                          "paiMaAdditionalPlacementCritSystem1": "Rank",
                                          "paiBaDeterministic": "false"})
    assert (pairing.seed_system2, pairing.rank_threshold) == (SeedSystem.SPLIT_AND_RANDOM, 2)
    assert (pairing.additional_criterion1.value, pairing.deterministic) == ("Rank", False)


@pytest.mark.parametrize(("lines", "expected"), [
    ("    pairing:\n      avoid_duplicate: 3\n",
     "event.yaml:21:7: unknown pairing parameter 'avoid_duplicate' (hint: did you mean 'avoid_duplicates'?)"),
    ("    pairing:\n      colour_balance: -4\n",
     "event.yaml:21:23: pairing parameter 'colour_balance' is a whole number ≥ 0, not -4 "
     "(hint: the weight of colour balance, e.g. 'colour_balance: 1000000')"),
    ("    pairing:\n      draw_down_from: centre\n",
     "event.yaml:21:23: pairing parameter 'draw_down_from' is one of top, middle, bottom, not 'centre' "
     "(hint: who of the upper group is drawn down: top, middle or bottom, e.g. 'draw_down_from: middle')"),
    ("    pairing:\n      nx1_factor: 2\n",
     "event.yaml:21:19: pairing parameter 'nx1_factor' is a number from 0 to 1, not 2"),
    ("    pairing:\n      spare_above_bar: maybe\n",
     "event.yaml:21:24: pairing parameter 'spare_above_bar' is true or false, not 'maybe'"),
    ("    pairing:\n      spare_from_rank: 10d\n",
     "event.yaml:21:24: pairing parameter 'spare_from_rank': '10d' is not a go rank"),
    ("    pairing:\n      draw_up_from: top\n      paiMaDUDDLowerMode: MID\n",
     "event.yaml:22:7: pairing parameter 'draw_up_from' is given twice"),
    ("    pairing: [draw_up_from]\n", "event.yaml:20:14: 'pairing' must be a mapping"),
])
def test_a_bad_parameter_is_one_located_line(tmp_path: Path, lines: str, expected: str) -> None:
    found = _problems(tmp_path, lines)
    assert len(found) == 1 and expected in found[0], found


def test_pairing_is_a_go_systems_setting(tmp_path: Path) -> None:
    event = _event(tmp_path, "    pairing: {seeding: 3}\n")
    text = (event / "event.yaml").read_text(encoding="utf-8").replace("system: mcmahon", "system: dutch")
    (event / "event.yaml").write_text(text, encoding="utf-8")
    with pytest.raises(ContentError) as error:
        load_checked(event)
    assert any("'pairing' is an option of the mcmahon and go-swiss system, not of 'dutch'" in str(p)
               for p in error.value.problems), error.value.problems
