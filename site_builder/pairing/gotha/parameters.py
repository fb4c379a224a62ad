"""OpenGotha's parameter sets (handicap, placement, pairing) with its McMahon and Swiss defaults;
the general set lives with the scores (`site_builder.engine.go_scores.GeneralParameters`).

Rounds are numbered from 1 here (`last_round_seed_system1=2`: rounds 1 and 2 use the first seeding
system), as OpenGotha writes them in its files.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from site_builder.engine.go_scores import Criterion, GeneralParameters


class SeedSystem(Enum):
    """How players of one score group are paired with each other (OpenGotha's names)."""

    SPLIT_AND_RANDOM = "SPLITANDRANDOM"
    SPLIT_AND_FOLD = "SPLITANDFOLD"
    SPLIT_AND_SLIP = "SPLITANDSLIP"


class DuddMode(Enum):
    """Who of a score group is preferred to float: its top, middle or bottom."""

    TOP = "TOP"
    MID = "MID"
    BOT = "BOT"


class TournamentType(Enum):
    """What OpenGotha calls the event by its first placement criterion."""

    MCMAHON = "McMahon"
    SWISS = "Swiss"
    SWISS_CAT = "Swiss with categories"
    UNDEFINED = "undefined"


@dataclass(frozen=True)
class HandicapParameters:
    """Handicaps: from MMS or rank, none at or above `no_handicap_rank`, less `correction`,
    at most `ceiling` stones."""

    based_on_mms: bool = True
    no_handicap_rank: int = 0  # 1d
    correction: int = 1
    ceiling: int = 9

    @classmethod
    def mcmahon(cls) -> HandicapParameters:
        return cls()

    @classmethod
    def swiss(cls) -> HandicapParameters:
        """No handicap at all."""
        return cls(based_on_mms=False, no_handicap_rank=-30, correction=0, ceiling=0)


@dataclass(frozen=True)
class PlacementParameters:
    """The placement criteria, first to last."""

    criteria: tuple[Criterion, ...] = (Criterion.MMS, Criterion.SOSM, Criterion.SOSOSM)

    @classmethod
    def mcmahon(cls) -> PlacementParameters:
        return cls()

    @classmethod
    def swiss(cls) -> PlacementParameters:
        return cls((Criterion.NBW, Criterion.SOSW, Criterion.SOSOSW))

    @property
    def main(self) -> Criterion:
        """The score that makes the groups: the first of NBW or MMS among the criteria (NBW if none)."""
        return next((c for c in self.criteria if c in (Criterion.NBW, Criterion.MMS)), Criterion.NBW)

    @property
    def type(self) -> TournamentType:
        first = self.criteria[0] if self.criteria else Criterion.NULL
        return {Criterion.MMS: TournamentType.MCMAHON, Criterion.NBW: TournamentType.SWISS,
                Criterion.CAT: TournamentType.SWISS_CAT}.get(first, TournamentType.UNDEFINED)


@dataclass(frozen=True)
class PairingParameters:
    """OpenGotha's pairing parameter set: the weight of each criterion and how it applies."""

    nx1_factor: float = 0.5  # concavity: rather N × 1 than 1 × N
    avoid_duplicate_game: int = 500_000_000_000_000
    random: int = 0
    deterministic: bool = True
    balance_colours: int = 1_000_000
    avoid_mixing_categories: int = 0
    minimize_score_difference: int = 100_000_000_000
    dudd_weight: int = 100_000_000
    compensate_dudd: bool = True
    dudd_upper_mode: DuddMode = DuddMode.MID
    dudd_lower_mode: DuddMode = DuddMode.MID
    maximize_seeding: int = 5_000_000
    last_round_seed_system1: int = 2
    seed_system1: SeedSystem = SeedSystem.SPLIT_AND_RANDOM
    seed_system2: SeedSystem = SeedSystem.SPLIT_AND_SLIP
    additional_criterion1: Criterion = Criterion.RATING
    additional_criterion2: Criterion = Criterion.NULL
    bar_threshold_active: bool = True  # no secondary criteria for players above the bar
    rank_threshold: int = 0  # … nor at or above this rank (1d)
    wins_threshold_active: bool = False  # … nor with wins ≥ rounds / 2
    default_secondary: int = 100_000_000_000
    minimize_handicap: int = 0
    avoid_same_geo: int = 100_000_000_000
    mms_gap_rather_than_same_country: int = 1
    mms_gap_rather_than_same_club: int = 3
    mms_gap_rather_than_same_clubs_group: int = 2  # read before 3.49.01 only

    @classmethod
    def mcmahon(cls) -> PairingParameters:
        return cls()

    @classmethod
    def swiss(cls) -> PairingParameters:
        return cls(avoid_mixing_categories=0, seed_system1=SeedSystem.SPLIT_AND_SLIP,
                   additional_criterion2=Criterion.RATING, rank_threshold=-30, wins_threshold_active=True,
                   default_secondary=20_000_000_000_000, avoid_same_geo=0,
                   mms_gap_rather_than_same_country=0, mms_gap_rather_than_same_club=0)


LATEST_RULES = (3, 52, 3)


@dataclass(frozen=True)
class GothaParameters:
    """Every parameter set of an event."""

    general: GeneralParameters = field(default_factory=GeneralParameters.mcmahon)
    handicap: HandicapParameters = field(default_factory=HandicapParameters.mcmahon)
    placement: PlacementParameters = field(default_factory=PlacementParameters.mcmahon)
    pairing: PairingParameters = field(default_factory=PairingParameters.mcmahon)
    #: The OpenGotha version whose rules pair the event (a file read keeps the version that saved it).
    rules: tuple[int, ...] = LATEST_RULES

    @property
    def absent_in_groups(self) -> bool:
        """Up to 3.51 the score groups (sizes, places, their count) hold the players absent from
        the round and those whose registration is not final (PRE) too."""
        return self.rules < (3, 52)

    @property
    def empty_groups_counted(self) -> bool:
        """Since 3.49.01 an empty score group counts in the scale of score gaps."""
        return self.rules >= (3, 49, 1)

    @property
    def dudd_near_groups_only(self) -> bool:
        """Up to 3.51 draw-ups/downs weigh only between groups less than 4 apart."""
        return self.rules < (3, 52)

    @property
    def geo_thresholds(self) -> bool:
        """Since 3.52 players above the thresholds are spared the geography criterion as they are
        the handicap one."""
        return self.rules >= (3, 52)

    @property
    def geo_by_malus(self) -> bool:
        """Before 3.49.01 geography was a malus on the pairs of the same country, club or group."""
        return self.rules < (3, 49, 1)

    @property
    def random_by_name_order(self) -> bool:
        """Since 3.51.01 the deterministic random number takes the two names alphabetically."""
        return self.rules >= (3, 51, 1)

    @property
    def tables_by_rating(self) -> bool:
        """Since 3.51.02 the tables of equal scores go by rating (the game's better rated player
        counts as its best of two equals); before, they keep the order the matcher made the games."""
        return self.rules >= (3, 51, 2)

    @property
    def bye_by_rank(self) -> bool:
        """Up to 3.51 the bye goes to the lowest rank + 2 × MMS (the last in the list of equals)."""
        return self.rules < (3, 52)

    @classmethod
    def mcmahon(cls, rounds: int = 5) -> GothaParameters:
        """OpenGotha's McMahon defaults (bar 4d, floor 20k, MMS › SOSM › SOSOSM, handicaps)."""
        return cls(GeneralParameters.mcmahon(rounds), HandicapParameters.mcmahon(),
                   PlacementParameters.mcmahon(), PairingParameters.mcmahon())

    @classmethod
    def swiss(cls, rounds: int = 5) -> GothaParameters:
        """OpenGotha's Swiss defaults (NBW › SOSW › SOSOSW, no handicap)."""
        return cls(GeneralParameters.swiss(rounds), HandicapParameters.swiss(),
                   PlacementParameters.swiss(), PairingParameters.swiss())
