"""TRF-2026's encoded tournament type (192), a code of FIDE's Tournament-Type Code Table (ETT26):
read into the section's system and acceleration, and chosen from them when writing.

The codes are FIDE's; which system of the content a code names is the system module's to say
(`TrfNames.trf_codes`, looked up by `names.system_for_code`), and the code a section is written with
is its system's `trf_code`, with `_BAKU` when the section is accelerated by the Baku method.
"""

from __future__ import annotations

import re

from site_builder.model import Section, SystemName
from site_builder.trf.fields import RecordReader
from site_builder.trf.names import section_names, system_for_code, system_for_trf, system_names

#: The Tournament-Type Code Table (ETT26), the parameterised codes in their default form.
CODES = frozenset((
    "FIDE_DUTCH_2017", "FIDE_DUTCH_2026", "FIDE_DUTCH", "FIDE_DUBOV", "FIDE_BURSTEIN",
    "FIDE_DUTCH_2017_BAKU", "FIDE_DUTCH_2026_BAKU", "FIDE_DUTCH_BAKU", "FIDE_DUBOV_BAKU",
    "FIDE_BURSTEIN_BAKU", "CUSTOM_SWISS", "FIDE_DOUBLESWISS", "FIDE_DOUBLESWISS_BAKU",
    "CUSTOM_DOUBLESWISS", "BERGER_ROUNDROBIN", "BERGER_DOUBLEROUNDROBIN", "FIDE_ROUNDROBIN",
    "FIDE_DOUBLEROUNDROBIN", "CUSTOM_ROUNDROBIN", "FIDE_SCHILLER", "CUSTOM_SCHILLER",
    "FIDE_SCHEVENINGEN", "FIDE_DOUBLESCHEVENINGEN", "CUSTOM_SCHEVENINGEN", "CUSTOM_KNOCKOUT",
    "FIDE_TEAM_TYPEA_MP_GP", "FIDE_TEAM_TYPEA_GP_MP", "FIDE_TEAM_TYPEA_MP", "FIDE_TEAM_TYPEA_GP",
    "FIDE_TEAM_TYPEB_MP_GP", "FIDE_TEAM_TYPEB_GP_MP", "FIDE_TEAM_TYPEB_MP", "FIDE_TEAM_TYPEB_GP",
    "FIDE_TEAM_MP_GP", "FIDE_TEAM_GP_MP", "FIDE_TEAM_MP", "FIDE_TEAM_GP", "FIDE_TEAM",
    "CUSTOM_TEAM_SWISS_MP", "CUSTOM_TEAM_SWISS_GP", "FIDE_TEAM_TYPEA_MP_GP_BAKU",
    "FIDE_TEAM_TYPEA_MP_BAKU", "FIDE_TEAM_TYPEB_MP_GP_BAKU", "FIDE_TEAM_TYPEB_MP_BAKU",
    "FIDE_TEAM_MP_GP_BAKU", "FIDE_TEAM_MP_BAKU", "FIDE_TEAM_BAKU", "CUSTOM_TEAM_SWISS",
    "BERGER_TEAM_ROUNDROBIN", "BERGER_TEAM_DOUBLEROUNDROBIN", "FIDE_TEAM_ROUNDROBIN",
    "FIDE_TEAM_DOUBLEROUNDROBIN", "CUSTOM_TEAM_ROUNDROBIN", "CUSTOM_TEAM_KNOCKOUT",
))
#: Codes of the table's earlier edition (TEC, 2024), which programs still write (bbpPairings:
#: FIDE_DUTCH_2025 for the rules in force from 2025, FIDE_DUTCH_2026 in ETT26).
EARLIER = {"FIDE_DUTCH_2025": "FIDE_DUTCH_2026", "FIDE_DUTCH_2025_BAKU": "FIDE_DUTCH_2026_BAKU",
           "WORLDCUP_KNOCKOUT": "CUSTOM_KNOCKOUT"}
#: The parameterised forms: games repeated n times, Schiller's teams × players.
_PARAMETERS = re.compile(r"(BERGER_ROUNDROBIN|BERGER_TEAM_ROUNDROBIN|FIDE_SCHEVENINGEN)_G[1-9]\d*"
                         r"|(FIDE_SCHILLER)_[1-9]\d*X[1-9]\d*")
#: Codes of rules older than the content's engines pair by.
OLDER = {"FIDE_DUTCH_2017": "C.04.3 as in force until 31 January 2026"}
HINT = "a code of FIDE's Tournament-Type Code Table, e.g. FIDE_DUTCH_2026, FIDE_DUTCH_2026_BAKU, " \
       "FIDE_ROUNDROBIN or CUSTOM_SWISS"


def canonical(code: str) -> str | None:
    """The table's code that `code` is (upper-cased; parameters and earlier names resolved to the
    table's own), without `_BAKU`; None for a code not in the table.

    >>> canonical("fide_dutch_2026_baku"), canonical("BERGER_ROUNDROBIN_G2"), canonical("FIDE_DUTCH_2025")
    ('FIDE_DUTCH_2026', 'BERGER_ROUNDROBIN', 'FIDE_DUTCH_2026')
    >>> canonical("FIDE_DUCH_2026") is None
    True
    """
    upper = code.strip().upper()
    upper = EARLIER.get(upper, upper)
    match = _PARAMETERS.fullmatch(upper)
    if match:
        upper = match.group(1) or match.group(2)
    if upper not in CODES:
        return None
    return upper.removesuffix("_BAKU")


def baku(code: str) -> bool:
    """Whether the code names the Baku Acceleration Method."""
    return code.strip().upper().endswith("_BAKU")


def check_type_code(line: str, number: int, reader: RecordReader) -> None:
    """Report a 192 record whose code is not in the table; warn of rules older than the engine's."""
    code = line[4:].strip()
    base = canonical(code)
    if base is None:
        reader.error(number, 5, f"192: unknown tournament type code {code!r}", HINT)
    elif base in OLDER and system_for_code(base) is not None:
        reader.warn(number, 5, f"192: {code} names the {OLDER[base]}; imported as the system that pairs "
                    "by the rules in force")


def type_code_of(records: tuple[str, ...] | list[str]) -> str:
    """The file's 192 code as written, or ""."""
    return next((r[4:].strip() for r in records if r[:4] == "192 "), "")


def type_code_for(section: Section) -> str:
    """The code a section is written with: its system's, with `_BAKU` when accelerated so."""
    code = section_names(section).trf_code_for(section)
    accelerated = f"{code}_BAKU"
    return accelerated if section.options.get("acceleration") == "baku" and accelerated in CODES else code


def imported_system(code: str, tournament_type: str) -> SystemName:
    """The system a file is imported as: its 192 code's, else its 092 type's (a code or type naming
    no system of the content gives the Swiss paired by hand). Where several systems claim the code
    (CUSTOM_SWISS), the one the 092 type names, if it is among them."""
    base = canonical(code) if code else None
    typed = system_for_trf(tournament_type)
    if base and base in system_names(typed).trf_codes:
        return typed
    return (system_for_code(base) if base else None) or typed


def same_type(code: str, tournament_type: str, section: Section, acceleration_elsewhere: bool) -> bool:
    """Whether a kept 192 code (or, without one, the 092 type) says what the section is: its system;
    and its acceleration, unless 250 or XXA records state the virtual points (a code's _BAKU yields
    to them)."""
    if imported_system(code, tournament_type) != section.system:
        return False
    if section.teams and canonical(code) != type_code_for(section):  # the code says its options
        return False
    return acceleration_elsewhere or baku(code) == (section.options.get("acceleration") == "baku")
