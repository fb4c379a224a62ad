"""How TRF names a pairing system: the capability a system has when TRF can hold its sections
(`TrfNames`, which `systems.base.TrfNamed` gives a system), read by the TRF package only. A system
without it (go's, a knockout, seed 001's team Swiss) is neither written to TRF nor imported from it."""

from __future__ import annotations

from typing import ClassVar, Protocol, runtime_checkable

from site_builder.engine.scoring import Records
from site_builder.model import Section, SystemName
from site_builder.systems import SYSTEMS, swiss
from site_builder.systems.base import System, TrfNamed


@runtime_checkable
class TrfNames(Protocol):
    """A system as TRF names it: its 092 tournament type written and the words of one read, its
    TRF-2026 type codes (192) written and read, and what a code or the file says of its options."""

    trf_type: ClassVar[str]
    trf_words: ClassVar[tuple[str, ...]]
    trf_code: ClassVar[str]
    trf_codes: ClassVar[tuple[str, ...]]

    def trf_code_for(self, section: Section) -> str: ...
    def trf_first_colour(self, section: Section, recs: Records, draw_seed: int | None) -> str: ...
    def trf_options(self, code: str) -> dict[str, bool | int | str]: ...


#: mypy checks that the systems' names are the ones TRF reads
_NAMED: type[TrfNames] = TrfNamed


def trf_capability(system: System) -> TrfNames | None:
    """How TRF names `system`, None when TRF cannot hold its sections."""
    return system if isinstance(system, TrfNames) else None



def section_names(section: Section) -> TrfNames:
    """How TRF names the system of `section`, which the exporter has made sure it does
    (`write.export_trf` refuses the section of a system TRF does not name)."""
    return system_names(section.system)


def system_names(name: SystemName) -> TrfNames:
    """How TRF names the system `name`: one a file is imported as (`system_for_code`,
    `system_for_trf`), or one whose section the exporter has made sure it names."""
    names = trf_capability(SYSTEMS[name])
    if names is None:
        raise ValueError(f"TRF names no {name} section")
    return names


def system_for_code(code: str) -> SystemName | None:
    """The system a code of FIDE's Tournament-Type Code Table (TRF-2026's 192, without `_BAKU`)
    names, or None when no system of the content is that one."""
    named = (s.name for s in SYSTEMS.values() if (names := trf_capability(s)) and code in names.trf_codes)
    return next(named, None)


def system_for_trf(tournament_type: str) -> SystemName:
    """The system of a TRF 092 tournament type (FIDE_DUTCH_2025 → dutch; else the hand Swiss)."""
    upper = tournament_type.upper()
    named = (s.name for s in SYSTEMS.values()
             if (names := trf_capability(s)) and any(w in upper for w in names.trf_words))
    return next(named, swiss.SYSTEM.name)
