"""OpenGotha's pairing parameter set as a section's `pairing:` mapping writes it: one `Setting` per
parameter — its readable name, the `PairingParameters` field it sets and the attribute of OpenGotha's
`PairingParameterSet` that holds it — and how a value reads from the content, is written back into
it, and is written into an OpenGotha file (docs/go.md, "Pairing parameters").

One more setting, `opengotha_version` (`VERSION`), is no parameter of OpenGotha's set: it is the
version of OpenGotha whose rules pair the section (`GothaParameters.rules`), as a file's
`fullVersionNumber` gives it ("3.50", "3.51.02"), the latest by default.

A value reads from the content by the type of the field: a weight a whole number ≥ 0, a switch
true/false, `nx1_factor` a number from 0 to 1, the draw-up/draw-down modes `top`, `middle` or
`bottom`, the seeding systems `split_and_random`, `split_and_slip` or `split_and_fold`, the seeding
criteria `rating`, `rank` or `none`, and a rank as go players write it (`1d`). OpenGotha's own
spellings (its attribute names, `MID`, `SPLITANDSLIP`, `Rating`, `NULL`, `1D`) read as well.
"""

from __future__ import annotations

import difflib
import enum
from collections.abc import Mapping
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from site_builder.engine.go_scores import Criterion
from site_builder.games.go_ranks import GoRank, RankError, parse_rank
from site_builder.pairing.gotha.parameters import LATEST_RULES, DuddMode, PairingParameters, SeedSystem

Value = bool | int | str


@dataclass(frozen=True)
class Setting:
    """One parameter: its name in `pairing:`, its `PairingParameters` field, its OpenGotha attribute
    and what it does (for a hint)."""

    name: str
    field: str
    xml: str
    what: str


SETTINGS: tuple[Setting, ...] = (
    Setting("avoid_duplicates", "avoid_duplicate_game", "paiBaAvoidDuplGame",
            "the weight given to a pair who have not met"),
    Setting("random", "random", "paiBaRandom", "the weight of a random term (0: none)"),
    Setting("deterministic", "deterministic", "paiBaDeterministic",
            "the random term drawn from the names (true) rather than by chance"),
    Setting("colour_balance", "balance_colours", "paiBaBalanceWB", "the weight of colour balance"),
    Setting("avoid_mixing_categories", "avoid_mixing_categories", "paiMaAvoidMixingCategories",
            "the weight of keeping categories apart"),
    Setting("mms_difference", "minimize_score_difference", "paiMaMinimizeScoreDifference",
            "the weight of a small score gap"),
    Setting("nx1_factor", "nx1_factor", "paiStandardNX1Factor",
            "the concavity of score gaps, 0 to 1 (rather N gaps of 1 than 1 of N)"),
    Setting("draw_up_down", "dudd_weight", "paiMaDUDDWeight", "the weight of the draw-up/draw-down rules"),
    Setting("compensate_draw_up_down", "compensate_dudd", "paiMaCompensateDUDD",
            "a float that compensates an earlier one weighs more"),
    Setting("draw_down_from", "dudd_upper_mode", "paiMaDUDDUpperMode",
            "who of the upper group is drawn down: top, middle or bottom"),
    Setting("draw_up_from", "dudd_lower_mode", "paiMaDUDDLowerMode",
            "who of the lower group is drawn up: top, middle or bottom"),
    Setting("seeding", "maximize_seeding", "paiMaMaximizeSeeding", "the weight of seeding inside a group"),
    Setting("seed_system_1_until", "last_round_seed_system1", "paiMaLastRoundForSeedSystem1",
            "the last round seeded by the first system"),
    Setting("seed_system_1", "seed_system1", "paiMaSeedSystem1",
            "split_and_random, split_and_slip or split_and_fold"),
    Setting("seed_system_2", "seed_system2", "paiMaSeedSystem2",
            "split_and_random, split_and_slip or split_and_fold"),
    Setting("seed_criterion_1", "additional_criterion1", "paiMaAdditionalPlacementCritSystem1",
            "what orders a group under the first system after the placement: rating, rank or none"),
    Setting("seed_criterion_2", "additional_criterion2", "paiMaAdditionalPlacementCritSystem2",
            "the same under the second system"),
    Setting("secondary", "default_secondary", "paiSeDefSecCrit", "the weight of the secondary criteria"),
    Setting("spare_above_bar", "bar_threshold_active", "paiSeBarThresholdActive",
            "no secondary criteria for players above the McMahon bar"),
    Setting("spare_from_rank", "rank_threshold", "paiSeRankThreshold",
            "no secondary criteria for players at or above this rank"),
    Setting("spare_half_wins", "wins_threshold_active", "paiSeNbWinsThresholdActive",
            "no secondary criteria for players with wins ≥ rounds/2"),
    Setting("minimize_handicap", "minimize_handicap", "paiSeMinimizeHandicap",
            "the weight of a small handicap"),
    Setting("geography", "avoid_same_geo", "paiSeAvoidSameGeo",
            "the weight of pairing players of other clubs and countries"),
    Setting("mms_gap_over_same_country", "mms_gap_rather_than_same_country",
            "paiSePreferMMSDiffRatherThanSameCountry",
            "score groups of gap worth avoiding a same-country pair"),
    Setting("mms_gap_over_same_club", "mms_gap_rather_than_same_club", "paiSePreferMMSDiffRatherThanSameClub",
            "score groups of gap worth avoiding a same-club pair"),
    Setting("mms_gap_over_same_clubs_group", "mms_gap_rather_than_same_clubs_group",
            "paiSePreferMMSDiffRatherThanSameClubsGroup",
            "the same for a clubs group (files of OpenGotha before 3.49.01)"),
)

#: Each setting by its name and by OpenGotha's attribute name.
BY_KEY: dict[str, Setting] = {**{s.name: s for s in SETTINGS}, **{s.xml: s for s in SETTINGS}}
_DEFAULTS = PairingParameters()
_MODES = {"top": DuddMode.TOP, "middle": DuddMode.MID, "bottom": DuddMode.BOT}
_SEEDS = {"split_and_random": SeedSystem.SPLIT_AND_RANDOM, "split_and_slip": SeedSystem.SPLIT_AND_SLIP,
          "split_and_fold": SeedSystem.SPLIT_AND_FOLD}
_CRITERIA = {"rating": Criterion.RATING, "rank": Criterion.RANK, "none": Criterion.NULL,
             **{c.value.lower(): c for c in Criterion if c is not Criterion.NULL}}
_WORDS: dict[type, Mapping[str, enum.Enum]] = {DuddMode: _MODES, SeedSystem: _SEEDS, Criterion: _CRITERIA}
_RANKS = ("rank_threshold",)
#: The setting of the OpenGotha version whose rules pair the section, and OpenGotha's name of it.
VERSION = "opengotha_version"
VERSION_XML = "fullVersionNumber"
_VERSION_HINT = ("write the version as OpenGotha's file gives it, in quotes, "
                 "e.g. 'opengotha_version: \"3.50\"'")


class SettingError(ValueError):
    """A value a setting cannot take; its message says why and its `hint` what to write."""

    def __init__(self, message: str, hint: str) -> None:
        super().__init__(message)
        self.hint = hint


def unknown_hint(key: str) -> str:
    """What to write instead of a name that is no setting."""
    names = [s.name for s in SETTINGS] + [VERSION]
    close = difflib.get_close_matches(key, names, n=2, cutoff=0.6)
    if close:
        return "did you mean " + " or ".join(repr(c) for c in close) + "?"
    return "the parameters are " + ", ".join(names)


def read_version(value: object) -> tuple[int, ...]:
    """An OpenGotha version as the rules compare it ("3.51.02": (3, 51, 2)); `SettingError` for a
    value that is none (a number, as YAML reads 3.50 unquoted, cannot tell 3.50 from 3.5)."""
    parts = value.split(".") if isinstance(value, str) else []
    if len(parts) < 2 or not all(part.isdigit() for part in parts):
        raise SettingError(f"pairing parameter {VERSION!r} is an OpenGotha version such as \"3.50\", "
                           f"not {value!r}", _VERSION_HINT)
    return tuple(int(part) for part in parts)


def version_text(rules: tuple[int, ...]) -> str:
    """A version as OpenGotha writes it: "3.50", "3.51.02"."""
    return ".".join([str(rules[0]), *(f"{part:02d}" for part in rules[1:])])


def split_version(values: Mapping[str, object]) -> tuple[dict[str, object], tuple[int, ...]]:
    """The settings `values` without the version, and the version (the latest when none is given)."""
    rest = {k: v for k, v in values.items() if k != VERSION}
    return rest, read_version(values[VERSION]) if VERSION in values else LATEST_RULES


def read(setting: Setting, value: object) -> object:
    """The field's value of a content's (or an OpenGotha file's) value; `SettingError` when it is none."""
    default = getattr(_DEFAULTS, setting.field)
    where = f"pairing parameter {setting.name!r}"
    if setting.field in _RANKS:
        try:
            return parse_rank(str(value)).value
        except RankError as error:
            raise SettingError(f"{where}: {error}", "write a rank such as 1d or 30k") from None
    if isinstance(default, bool):
        if isinstance(value, bool):
            return value
        if str(value).lower() in ("true", "false"):
            return str(value).lower() == "true"
        raise SettingError(f"{where} is true or false, not {value!r}", f"write '{setting.name}: true'")
    if isinstance(default, int):
        if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
            return value
        if isinstance(value, str) and value.isdigit():
            return int(value)
        raise SettingError(f"{where} is a whole number ≥ 0, not {value!r}",
                           f"{setting.what}, e.g. '{setting.name}: {default}'")
    if isinstance(default, float):
        try:
            number = Fraction(str(value))
        except (ValueError, ZeroDivisionError):
            number = Fraction(-1)
        if isinstance(value, bool) or not 0 <= number <= 1:
            raise SettingError(f"{where} is a number from 0 to 1, not {value!r}",
                               f"{setting.what}, e.g. '{setting.name}: 0.5'")
        return float(number)
    words = _WORDS[type(default)]
    text = str(value)
    found = words.get(text.lower()) or next((v for v in words.values() if v.value == text), None)
    if found is None:
        named = ", ".join(list(words)[:3]) + (" …" if len(words) > 3 else "")
        raise SettingError(f"{where} is one of {named}, not {value!r}",
                           f"{setting.what}, e.g. '{setting.name}: {content(setting, default)}'")
    return found


def content(setting: Setting, value: object) -> Value:
    """A field's value as the content writes it (`middle`, `split_and_slip`, `rating`, `1d`, 0.5 as
    "0.5")."""
    if setting.field in _RANKS:
        return str(GoRank(int(str(value))))
    if isinstance(value, bool | int):
        return value
    if isinstance(value, float):
        return str(value)
    words = _WORDS[type(value)]
    return next(word for word, member in words.items() if member is value)


def gotha(setting: Setting, value: object) -> str:
    """A field's value as OpenGotha's file writes it (`MID`, `SPLITANDSLIP`, `Rating`, `1D`)."""
    if setting.field in _RANKS:
        return str(GoRank(int(str(value)))).upper()
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, enum.Enum):
        return str(value.value)
    return str(value)


def apply(base: PairingParameters, values: Mapping[str, object]) -> PairingParameters:
    """`base` with the settings `values` (by name, as the content writes them) set."""
    fields: dict[str, Any] = {BY_KEY[key].field: read(BY_KEY[key], value) for key, value in values.items()}
    return replace(base, **fields)


def changed(params: PairingParameters, base: PairingParameters) -> dict[str, Value]:
    """The settings of `params` that differ from `base`, by name, as the content writes them."""
    return {s.name: content(s, getattr(params, s.field)) for s in SETTINGS
            if getattr(params, s.field) != getattr(base, s.field)}


def xml_attributes(params: PairingParameters) -> dict[str, str]:
    """Every setting as an attribute of OpenGotha's `PairingParameterSet`, by name."""
    return {s.xml: gotha(s, getattr(params, s.field)) for s in SETTINGS}
