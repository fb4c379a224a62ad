"""Go scores as OpenGotha counts them: start MMS, NBW and MMS after each round, and the go
tiebreaks (SOS, SOS-1/-2, SODOS, SOSOS, CUSS, EXT, EXR) in their NBW (W) and MMS (M) variants.

Every score is kept doubled (a half point is 1), as OpenGotha keeps it, SODOS quadrupled; ranks are
OpenGotha's integers (`site_builder.games.go_ranks`: 30k is −30, 1d is 0, 9d is 8). Rounds are
numbered from 1; `after=0` asks for a value before the first round. The inputs are plain records
(`GoPlayer`, `GoGame`, the byes by round) that an adapter fills from an event or an OpenGotha file.

What OpenGotha does, and so this module:
- start MMS = rank − zero (30k), framed by the floor and the bar, plus the player's correction;
- a win is 1, a jigo ½, a double loss 0, a double win 1 each, by-default results alike;
- a round missed counts `absent` (MMS ½, NBW 0), a bye `bye` (1 and 1), the running sum of those
  rounded down to a whole point when `round_down` is set;
- SOS of a round without a game counts the player's own start MMS (M variant) or 0 (W variant),
  and so does SOSOS (start MMS × rounds so far); SOS-M counts opponents' MMS + 2 × handicap for
  White, − for Black; SOS-1 and SOS-2 drop the lowest one or two rounds (OpenGotha leaves SOSM-1/-2
  at 0 before round 3);
- with `count_not_played_as_half`, opponents' scores count every unplayed game of theirs as ½;
- DC and SDC are computed among the players tied on every criterion before them (`fill_direct`,
  `direct_confrontation`): the one home of DC, which the standings' `dc` tiebreak reads too.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum

ZERO = -30  # 30k: the rank of start MMS 0


class GoResult(Enum):
    """A go game's result, as OpenGotha records it (`by_default` is on the game)."""

    UNKNOWN = "?"
    WHITE_WINS = "w"
    BLACK_WINS = "b"
    JIGO = "="
    BOTH_LOSE = "-"
    BOTH_WIN = "+"

    def points2(self) -> tuple[int, int]:
        """White's and Black's doubled points."""
        return _POINTS2[self]


_POINTS2 = {GoResult.UNKNOWN: (0, 0), GoResult.WHITE_WINS: (2, 0), GoResult.BLACK_WINS: (0, 2),
            GoResult.JIGO: (1, 1), GoResult.BOTH_LOSE: (0, 0), GoResult.BOTH_WIN: (2, 2)}


@dataclass(frozen=True)
class GoPlayer:
    """A player as pairing and scores see them; `key` is unique (OpenGotha: NAMEFIRSTNAME)."""

    key: str
    name: str
    first_name: str
    rank: int
    rating: int = -900
    country: str = ""
    club: str = ""
    smms_correction: int = 0
    absent: frozenset[int] = frozenset()  # rounds (from 1) the player does not take part in
    preregistered: bool = False  # registration not final (OpenGotha's PRE): not paired


@dataclass(frozen=True)
class GoGame:
    """A game of a round (from 1): keys of White and Black, stones given, result, table (from 1)."""

    round: int
    white: str
    black: str
    handicap: int = 0
    result: GoResult = GoResult.UNKNOWN
    by_default: bool = False
    table: int = 0


@dataclass(frozen=True)
class GeneralParameters:
    """OpenGotha's general parameter set: bar, floor, scores of absences and byes (doubled)."""

    rounds: int = 5
    bar: int = 3  # 4d
    floor: int = -20  # 20k
    zero: int = ZERO
    nbw2_absent: int = 0
    nbw2_bye: int = 2
    mms2_absent: int = 1
    mms2_bye: int = 2
    round_down: bool = True
    count_not_played_as_half: bool = False
    category_limits: tuple[int, ...] = ()  # lower rank of each category but the last

    @classmethod
    def mcmahon(cls, rounds: int = 5) -> GeneralParameters:
        """OpenGotha's McMahon defaults: bar 4d, floor 20k."""
        return cls(rounds=rounds)

    @classmethod
    def swiss(cls, rounds: int = 5) -> GeneralParameters:
        """OpenGotha's Swiss defaults: bar and floor out of the way (9d, 30k)."""
        return cls(rounds=rounds, bar=8, floor=-30)

    @property
    def categories(self) -> int:
        return len(self.category_limits) + 1


def start_mms(player: GoPlayer, general: GeneralParameters) -> int:
    """The player's McMahon score before round 1.

    >>> start_mms(GoPlayer("A", "A", "a", rank=-5), GeneralParameters())
    25
    >>> start_mms(GoPlayer("B", "B", "b", rank=6, smms_correction=1), GeneralParameters())
    34
    """
    low, high = general.floor - general.zero, general.bar - general.zero
    return min(max(player.rank - general.zero, low), high) + player.smms_correction


def category(player: GoPlayer, general: GeneralParameters) -> int:
    """The player's category (0 the strongest), by the categories' lower ranks."""
    for index, limit in enumerate(general.category_limits):
        if player.rank >= limit:
            return index
    return len(general.category_limits)


class Participation(Enum):
    """What a player did in a round."""

    PAIRED = "paired"
    BYE = "bye"
    ABSENT = "absent"
    NOT_ASSIGNED = "not assigned"


class Criterion(Enum):
    """A placement criterion, named as OpenGotha writes it in its files."""

    NULL = "NULL"
    CAT = "CAT"
    RANK = "Rank"
    RATING = "Rating"
    NBW = "NBW"
    MMS = "MMS"
    SOSW = "SOSW"
    SOSW_1 = "SOSW-1"
    SOSW_2 = "SOSW-2"
    SODOSW = "SODOSW"
    SOSOSW = "SOSOSW"
    CUSSW = "CUSSW"
    SOSM = "SOSM"
    SOSM_1 = "SOSM-1"
    SOSM_2 = "SOSM-2"
    SODOSM = "SODOSM"
    SOSOSM = "SOSOSM"
    CUSSM = "CUSSM"
    EXT = "EXT"
    EXR = "EXR"
    DC = "DC"
    SDC = "SDC"

    @property
    def scale(self) -> int:
        """How many times the stored value counts a point (SODOS 4, scores 2, the rest 1)."""
        if self in (Criterion.SODOSW, Criterion.SODOSM):
            return 4
        return 1 if self in _UNSCALED else 2


_UNSCALED = {Criterion.NULL, Criterion.CAT, Criterion.RANK, Criterion.RATING, Criterion.DC, Criterion.SDC}


@dataclass
class PlayerScores:
    """One player's scores after each round (index 0 is after round 1), doubled."""

    player: GoPlayer
    smms: int
    category: int
    participation: list[Participation]
    games: list[GoGame | None]
    series: dict[Criterion, list[int]] = field(default_factory=dict)
    virtual_nbw: list[int] = field(default_factory=list)  # unplayed games counted ½
    virtual_mms: list[int] = field(default_factory=list)
    #: DC and SDC after a round, by round: they depend on the players tied with this one, so
    #: `fill_direct` sets them for an ordered list of players (as OpenGotha's `fillDirScoringInfo`)
    direct: dict[int, tuple[int, int]] = field(default_factory=dict)

    def value(self, criterion: Criterion, after: int) -> int:
        """The criterion's stored value after round `after` (0: before round 1)."""
        if criterion is Criterion.NULL:
            return 0
        if criterion is Criterion.CAT:
            return -self.category
        if criterion is Criterion.RANK:
            return self.player.rank
        if criterion is Criterion.RATING:
            return self.player.rating
        if criterion in (Criterion.DC, Criterion.SDC):
            if after not in self.direct:
                raise LookupError(f"{criterion.value} after round {after} is computed among tied players: "
                                  "call fill_direct first")
            return self.direct[after][criterion is Criterion.SDC]
        if after <= 0:
            return 2 * self.smms if criterion is Criterion.MMS else 0
        return self.series[criterion][after - 1]

    def played(self, index: int) -> bool:
        """Whether round `index` (from 0) was a game decided over the board."""
        game = self.games[index]
        return game is not None and not game.by_default and game.result is not GoResult.UNKNOWN


def compute_scores(players: Iterable[GoPlayer], games: Iterable[GoGame], byes: Mapping[int, str],
                   general: GeneralParameters) -> dict[str, PlayerScores]:
    """Every player's scores after each of the event's rounds (and of any later round with games)."""
    players = list(players)
    games = list(games)
    rounds = max([general.rounds, *(g.round for g in games), *byes])
    table = {p.key: _start(p, general, rounds) for p in players}
    for game in games:
        for key in (game.white, game.black):
            table[key].participation[game.round - 1] = Participation.PAIRED
            table[key].games[game.round - 1] = game
    for number, key in byes.items():
        table[key].participation[number - 1] = Participation.BYE
    for scores in table.values():
        _main_scores(scores, general, rounds)
    for scores in table.values():
        scores.series[Criterion.CUSSW] = _running_sum(scores.series[Criterion.NBW])
        scores.series[Criterion.CUSSM] = _running_sum(scores.series[Criterion.MMS])
    for scores in table.values():
        _sos(scores, table, general, rounds)
    for scores in table.values():
        _sosos(scores, table, rounds)
        _exploits(scores, table, rounds)
    return table


def _start(player: GoPlayer, general: GeneralParameters, rounds: int) -> PlayerScores:
    participation = [Participation.ABSENT if r + 1 in player.absent else Participation.NOT_ASSIGNED
                     for r in range(rounds)]
    return PlayerScores(player, start_mms(player, general), category(player, general), participation,
                        [None] * rounds)


def _main_scores(scores: PlayerScores, general: GeneralParameters, rounds: int) -> None:
    """NBW and MMS after each round, and their 'virtual' twins (unplayed games count ½)."""
    nbw, mms, virtual_nbw, virtual_mms = [], [], [], []
    won = virtual_won = 0
    extra_nbw = extra_mms = unplayed = 0
    for r in range(rounds):
        game = scores.games[r]
        points = _points2(game, scores.player.key) if game is not None else 0
        won += points
        virtual_won += points if scores.played(r) else 0
        status = scores.participation[r]
        if status is Participation.ABSENT:
            extra_nbw += general.nbw2_absent
            extra_mms += general.mms2_absent
        elif status is Participation.BYE:
            extra_nbw += general.nbw2_bye
            extra_mms += general.mms2_bye
        counted_nbw, counted_mms = extra_nbw, extra_mms
        if general.round_down:
            counted_nbw, counted_mms = counted_nbw // 2 * 2, counted_mms // 2 * 2
        unplayed += 0 if scores.played(r) else 1
        nbw.append(won + counted_nbw)
        mms.append(2 * scores.smms + won + counted_mms)
        virtual_nbw.append(virtual_won + unplayed)
        virtual_mms.append(2 * scores.smms + virtual_won + unplayed)
    scores.series[Criterion.NBW] = nbw
    scores.series[Criterion.MMS] = mms
    scores.virtual_nbw = virtual_nbw
    scores.virtual_mms = virtual_mms


def _points2(game: GoGame, key: str) -> int:
    white, black = game.result.points2()
    return white if game.white == key else black


def _running_sum(values: Sequence[int]) -> list[int]:
    total, sums = 0, []
    for value in values:
        total += value
        sums.append(total)
    return sums


def _opponent(game: GoGame, key: str) -> str:
    return game.black if game.white == key else game.white


def _sos(scores: PlayerScores, table: Mapping[str, PlayerScores], general: GeneralParameters,
         rounds: int) -> None:
    """SOS, SOS-1, SOS-2 and SODOS after each round, W and M."""
    key = scores.player.key
    virtual = general.count_not_played_as_half
    names = (Criterion.SOSW, Criterion.SOSW_1, Criterion.SOSW_2, Criterion.SODOSW,
             Criterion.SOSM, Criterion.SOSM_1, Criterion.SOSM_2, Criterion.SODOSM)
    series: dict[Criterion, list[int]] = {name: [] for name in names}
    for r in range(rounds):
        by_w, by_m, defeated_w, defeated_m = [], [], 0, 0
        for rr in range(r + 1):
            game = scores.games[rr]
            if scores.participation[rr] is not Participation.PAIRED or game is None:
                by_w.append(0)
                by_m.append(2 * scores.smms)
                continue
            opponent = table[_opponent(game, key)]
            result = _points2(game, key)
            stones = 2 * game.handicap if game.white == key else -2 * game.handicap
            by_w.append((opponent.virtual_nbw if virtual else opponent.series[Criterion.NBW])[r])
            by_m.append((opponent.virtual_mms if virtual else opponent.series[Criterion.MMS])[r] + stones)
            defeated_w += by_w[-1] * result
            defeated_m += by_m[-1] * result
        for name, values, defeated in ((Criterion.SOSW, by_w, defeated_w),
                                       (Criterion.SOSM, by_m, defeated_m)):
            minus1, minus2 = _minus(values, r)
            if name is Criterion.SOSM and r < 2:
                minus1, minus2 = 0, 0  # as OpenGotha leaves them
            series[name].append(sum(values))
            series[_MINUS[name][0]].append(minus1)
            series[_MINUS[name][1]].append(minus2)
            series[_MINUS[name][2]].append(defeated)
    scores.series.update(series)


_MINUS = {Criterion.SOSW: (Criterion.SOSW_1, Criterion.SOSW_2, Criterion.SODOSW),
          Criterion.SOSM: (Criterion.SOSM_1, Criterion.SOSM_2, Criterion.SODOSM)}


def _minus(values: Sequence[int], r: int) -> tuple[int, int]:
    """SOS without its lowest round, and without its two lowest (the first lowest in round order)."""
    if r == 0:
        return 0, 0
    if r == 1:
        return max(values[0], values[1]), 0
    lowest = min(range(r + 1), key=lambda rr: (values[rr], rr))
    second = min((rr for rr in range(r + 1) if rr != lowest), key=lambda rr: (values[rr], rr))
    minus1 = sum(values) - values[lowest]
    return minus1, minus1 - values[second]


def _sosos(scores: PlayerScores, table: Mapping[str, PlayerScores], rounds: int) -> None:
    key = scores.player.key
    sososw, sososm = [], []
    for r in range(rounds):
        w = m = 0
        for rr in range(r + 1):
            game = scores.games[rr]
            if scores.participation[rr] is not Participation.PAIRED or game is None:
                m += 2 * scores.smms * (r + 1)
                continue
            opponent = table[_opponent(game, key)]
            w += opponent.series[Criterion.SOSW][r]
            m += opponent.series[Criterion.SOSM][r]
        sososw.append(w)
        sososm.append(m)
    scores.series[Criterion.SOSOSW] = sososw
    scores.series[Criterion.SOSOSM] = sososm


def _exploits(scores: PlayerScores, table: Mapping[str, PlayerScores], rounds: int) -> None:
    """EXT (exploits tried) and EXR (exploits achieved): opponents' NBW weighted by how much the
    game's handicap was against the player compared with the ranks' difference."""
    key = scores.player.key
    ext, exr = [], []
    for r in range(rounds):
        tried = achieved = 0
        for rr in range(r + 1):
            game = scores.games[rr]
            if scores.participation[rr] is not Participation.PAIRED or game is None:
                continue
            opponent = table[_opponent(game, key)]
            real = game.handicap if game.white == key else -game.handicap
            gap = real - (scores.player.rank - opponent.player.rank)
            coefficient = 0 if gap < 0 else min(gap + 1, 3)
            value = opponent.series[Criterion.NBW][r] * coefficient
            tried += value
            if _points2(game, key) == 2:
                achieved += value
        ext.append(tried)
        exr.append(achieved)
    scores.series[Criterion.EXT] = ext
    scores.series[Criterion.EXR] = exr


def beaten(scores: PlayerScores, after: int) -> set[str]:
    """The opponents the player beat over the board in rounds 1..`after` (OpenGotha's confrontation
    counts a game won, not one won by default)."""
    key = scores.player.key
    return {_opponent(g, key) for g in scores.games[:after] if g is not None and not g.by_default
            and g.result is (GoResult.WHITE_WINS if g.white == key else GoResult.BLACK_WINS)}


def direct_confrontation(group: Sequence[PlayerScores], after: int) -> dict[str, int] | None:
    """DC of players tied on every criterion before it, after round `after`: 1 for the one who beat
    each of the others, 0 for the rest; None when none did (the tie stands)."""
    keys = {s.player.key for s in group}
    for scores in group:
        if keys - {scores.player.key} <= beaten(scores, after):
            return {s.player.key: int(s is scores) for s in group}
    return None


def simplified_direct_confrontation(group: Sequence[PlayerScores], after: int) -> dict[str, int]:
    """SDC of tied players: when every two of them met and one of the two won more of their games,
    how many of the others each beat so; otherwise 0 for all."""
    wins = {s.player.key: beaten(s, after) for s in group}
    keys = list(wins)
    net = {(a, b): (b in wins[a]) - (a in wins[b]) for a in keys for b in keys if a != b}
    if any(value == 0 for value in net.values()):
        return dict.fromkeys(keys, 0)
    return {a: sum(1 for b in keys if a != b and net[a, b] > 0) for a in keys}


def fill_direct(players: Iterable[PlayerScores], criteria: Sequence[Criterion], after: int) -> None:
    """DC and SDC after round `after` of each of `players`, among those tied on every criterion before
    the first DC or SDC of `criteria` (0 for a player tied with nobody, or when no criterion is
    direct), so that `value(DC)` reads them."""
    players = list(players)
    first = next((i for i, c in enumerate(criteria) if c in (Criterion.DC, Criterion.SDC)), None)
    groups: dict[tuple[int, ...], list[PlayerScores]] = {}
    for scores in players:
        scores.direct[after] = (0, 0)
        if first is not None:
            groups.setdefault(tuple(scores.value(c, after) for c in criteria[:first]), []).append(scores)
    for group in groups.values():
        if len(group) > 1:
            dc = direct_confrontation(group, after) or {}
            sdc = simplified_direct_confrontation(group, after)
            for scores in group:
                scores.direct[after] = (dc.get(scores.player.key, 0), sdc[scores.player.key])
