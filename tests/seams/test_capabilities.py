"""A system's core is small and what only some systems have is a capability, asked for by the code
that reads it: a system without one says so (None, a refusal), never a default that pretends."""

from __future__ import annotations

import pytest

from site_builder.commands.new import SYSTEMS as STARTED
from site_builder.commands.new import new_texts
from site_builder.systems import SYSTEMS
from site_builder.systems.base import (
    Announced,
    Explains,
    RecordsOptions,
    Settings,
    Stages,
    System,
    first_boards,
    pairing_options,
    planned_rounds,
    stages,
    team_play,
)
from site_builder.systems.generated import Generates
from site_builder.tournament.generator import Spec, generate
from site_builder.tournament.verify import Criteria, RuleChecked
from site_builder.trf.names import system_for_code, system_for_trf, trf_capability
from site_builder.trf.write import ExportError, export_trf


def test_the_core_of_a_system_has_at_most_fifteen_members() -> None:
    members = {name for name in (*vars(System), *System.__annotations__) if not name.startswith("_")}
    assert len(members) <= 15, members


#: FIDE's Swiss systems, each paired by its own engine and published with its rules.
FIDE_SWISS = ("dutch", "dubov", "burstein", "lim", "double-swiss")


@pytest.mark.parametrize(("capability", "systems"), [
    (team_play, {"team-swiss", "fide-team"}),
    (stages, {"staged-swiss"}),
    (trf_capability, {"swiss-positional", "staged-swiss", "fide-team", "swiss", *FIDE_SWISS, "round-robin",
                      "random", "manual"}),
    (new_texts, set(SYSTEMS) - {"staged-swiss", "random"}),
])
def test_each_capability_is_had_by_the_systems_that_have_its_members(capability: object, systems: set[str]
                                                                     ) -> None:
    assert callable(capability)
    assert {name for name, system in SYSTEMS.items() if capability(system) is not None} == systems


def test_the_protocols_name_the_systems_that_answer_them() -> None:
    had = {kind.__name__: {name for name, s in SYSTEMS.items() if isinstance(s, kind)}
           for kind in (Announced, RecordsOptions, Settings, Stages, Criteria, RuleChecked, Explains,
                        Generates)}
    assert had == {"Announced": {*FIDE_SWISS, "round-robin"}, "RecordsOptions": {"mcmahon", "go-swiss"},
                   "Settings": {"fide-team", "mcmahon", "go-swiss"}, "Stages": {"staged-swiss"},
                   "Criteria": {"dutch"}, "RuleChecked": set(FIDE_SWISS) - {"dutch"},
                   "Explains": {*FIDE_SWISS, "mcmahon", "go-swiss"},
                   "Generates": set(SYSTEMS) - {"swiss", "random", "manual"}}


def test_a_system_without_a_capability_reads_as_without_it() -> None:
    knockout, swiss = SYSTEMS["knockout"], SYSTEMS["swiss"]
    assert trf_capability(knockout) is None and team_play(swiss) is None and stages(swiss) is None
    assert planned_rounds(swiss, 12) is None and first_boards(swiss, 7, {}) == frozenset({1})
    assert planned_rounds(SYSTEMS["staged-swiss"], 12) is not None
    assert pairing_options(swiss, None) == ""  # type: ignore[arg-type]  # asks nothing of the section
    assert "staged-swiss" not in STARTED and "dutch" in STARTED


def test_trf_reads_back_only_the_systems_it_names() -> None:
    assert system_for_code("FIDE_DUTCH_2026") == "dutch" and system_for_code("CUSTOM_KNOCKOUT") is None
    assert system_for_trf("Round Robin") == "round-robin" and system_for_trf("Knockout") == "swiss"


def test_the_exporter_refuses_a_system_trf_does_not_name() -> None:
    generated = generate(Spec(seed=3, system="knockout", players=8))
    with pytest.raises(ExportError, match="is a knockout section; TRF holds individual games"):
        export_trf(generated.event, generated.section)
