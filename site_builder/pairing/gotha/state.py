"""What OpenGotha knows about each player when it pairs a round: scores before the round, score
group (number, size, place inside), draw-ups and draw-downs so far, colour balance."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cmp_to_key

from site_builder.engine.go_scores import Criterion, GoGame, PlayerScores, compute_scores, fill_direct
from site_builder.pairing.gotha.event import GothaEvent
from site_builder.pairing.gotha.parameters import TournamentType

MIN_RANK = -30
SMMS_CORRECTION_MIN = -1
SMMS_CORRECTION_MAX = 2


@dataclass
class PairingInfo:
    """One player's place in the round's score groups (OpenGotha's groups run from the top)."""

    group: int = 0
    group_size: int = 1
    inner: int = 0  # place inside the group, from 0
    draw_ups: int = 0
    draw_downs: int = 0
    colour_balance: int = 0  # games as White − as Black, even games only


@dataclass
class RoundState:
    """The round being paired (`number`, from 1) and every player's scores and pairing info."""

    event: GothaEvent
    number: int
    scores: dict[str, PlayerScores]
    info: dict[str, PairingInfo]
    groups: int  # how many score groups the scale has, empty ones included
    before: dict[str, tuple[int, int]] = field(default_factory=dict)  # MMS, doubled NBW before the round
    spared: dict[str, bool] = field(default_factory=dict)  # above the secondary criteria's thresholds
    met: set[frozenset[str]] = field(default_factory=set)  # pairs that played before
    apart: frozenset[frozenset[str]] = frozenset()  # pairs kept apart in this round (`GothaEvent.apart`)
    mcmahon: bool = True  # the event's type, by its first placement criterion

    def main_score(self, key: str, after: int | None = None) -> int:
        """The player's main score (NBW or MMS, whole points rounded down) after round `after`."""
        after = self.number - 1 if after is None else after
        return self.scores[key].value(self.event.parameters.placement.main, after) // 2

    def mms(self, key: str) -> int:
        """McMahon score before the round, rounded down."""
        return self.before[key][0]

    def nbw2(self, key: str) -> int:
        """Doubled number of wins before the round."""
        return self.before[key][1]

    def have_met(self, a: str, b: str) -> bool:
        """Whether the two players met before the round."""
        return frozenset((a, b)) in self.met


def score_range(event: GothaEvent, number: int) -> tuple[int, int]:
    """The lowest and highest main score possible before round `number`."""
    general = event.parameters.general
    if event.parameters.placement.main is Criterion.MMS:
        return (general.floor + SMMS_CORRECTION_MIN - MIN_RANK,
                general.bar + SMMS_CORRECTION_MAX + number - 1 - MIN_RANK)
    return 0, number - 1


def compare_by(criteria: tuple[Criterion, ...], after: int):  # type: ignore[no-untyped-def]
    """OpenGotha's order of players: each criterion from the highest value, then name, first name."""

    def compare(a: PlayerScores, b: PlayerScores) -> int:
        for criterion in criteria:
            x, y = a.value(criterion, after), b.value(criterion, after)
            if x != y:
                return -1 if x > y else 1
        ka, kb = (a.player.name, a.player.first_name), (b.player.name, b.player.first_name)
        return (ka > kb) - (ka < kb)

    return cmp_to_key(compare)


def round_state(event: GothaEvent, number: int) -> RoundState:
    """Scores and pairing info of every player (absent ones too, as OpenGotha counts them) before
    round `number`, from the games of the earlier rounds."""
    earlier = event.before(number)
    scores = compute_scores(event.players, earlier.games, earlier.byes, event.parameters.general)
    state = RoundState(event, number, scores, {key: PairingInfo() for key in scores}, 0)
    state.before = {key: (s.value(Criterion.MMS, number - 1) // 2, s.value(Criterion.NBW, number - 1))
                    for key, s in scores.items()}
    state.met = {frozenset((g.white, g.black)) for g in earlier.games}
    state.apart = event.apart
    state.mcmahon = event.parameters.placement.type is TournamentType.MCMAHON
    _groups(state)
    _floats(state, earlier.games)
    return state


def _groups(state: RoundState) -> None:
    parameters = state.event.parameters
    pairing = parameters.pairing
    extra = (pairing.additional_criterion1 if state.number <= pairing.last_round_seed_system1
             else pairing.additional_criterion2)
    order = compare_by((*parameters.placement.criteria, extra), state.number - 1)
    fill_direct(state.scores.values(), parameters.placement.criteria, state.number - 1)
    low, high = score_range(state.event, state.number)
    number = 0
    for category in range(parameters.general.categories):
        for score in range(high, low - 1, -1):
            members = sorted((s for s in state.scores.values()
                              if s.category == category and state.main_score(s.player.key) == score
                              and (parameters.absent_in_groups
                                   or (state.number not in s.player.absent and not s.player.preregistered))),
                             key=order)
            if not members and not parameters.empty_groups_counted:
                continue
            for inner, member in enumerate(members):
                info = state.info[member.player.key]
                info.group, info.group_size, info.inner = number, len(members), inner
            number += 1
    state.groups = number


def _floats(state: RoundState, games: tuple[GoGame, ...]) -> None:
    """Draw-ups and draw-downs (a game against a higher or lower main score), and colour balance."""
    for game in games:
        white, black = state.info[game.white], state.info[game.black]
        before = game.round - 1
        gap = state.main_score(game.white, before) - state.main_score(game.black, before)
        if gap < 0:
            white.draw_ups += 1
            black.draw_downs += 1
        elif gap > 0:
            white.draw_downs += 1
            black.draw_ups += 1
        if game.handicap == 0:
            white.colour_balance += 1
            black.colour_balance -= 1
