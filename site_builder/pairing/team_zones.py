"""Team pairing and home/away of the xiangqi team Swiss (seed 001 三, 四; rules/xiangqi-team-swiss.md).

The whole procedure of 三.4–三.5 and 四 is one module (and longer than most): its steps share the
zones' state and are written in the regulation's order, to be read against it.

Round 1 (三.3) pairs the upper half of the team numbers against the lower half. From round 2 the
teams are split into a home zone and an away zone (三.4) and paired by the loop of 三.5.

Search order, which makes the answer unique:
1. A = first unpaired team of the home zone, B = first unpaired team of the away zone.
2. Equal scores, not met: A–B is the pair. Should the rest then have no rematch-free pairing, A
   and B are treated as if they had met (step 3, with A–B excluded).
3./4. The zone L and its teams (the unpaired teams of L's zone on the step's score) are fixed by
   三.5(3)/(4); the L teams are then paired phase by phase, each L team in zone order taking the
   first candidate of the phase: cross-zone same score (step 3 only), same-zone same score,
   cross-zone down-float, same-zone down-float. An L team not paired in a phase waits for the next
   one; after the last phase every L team is paired.
   When one zone has no unpaired team left, its first team's score group of the other zone is L.
5. Backtracking ("break up pairs above them"): each choice above is revised, the most recent
   first, candidate by candidate (then "wait for the next phase"), until the pairing completes
   without a rematch. The first complete rematch-free pairing in this order is the pairing.
   (The search is pruned with an exact perfect-matching test once a dead end has been met; the
   pruning removes only branches without any completion, so it does not change the answer.)

Table order is the order in which the pairs are made. Home/away follows 四.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from site_builder.pairing import Note, PairingError
from site_builder.pairing.matching import perfectly_matchable

HOME, AWAY, BYE = "H", "A", "B"

# candidate categories of an L team's partner (三.5(3) ②–⑤), in the order the phases try them
CROSS_SAME, SAME_SAME, CROSS_LOW, SAME_LOW = "cross", "same", "cross-float", "same-float"
PHASES = (CROSS_SAME, SAME_SAME, CROSS_LOW, SAME_LOW)


@dataclass(frozen=True)
class TeamState:
    """A team as the team pairing sees it before a round."""

    number: int  # team number (registration order, 1 = first registered)
    score: int  # team match points ×2 (2.5 → 5, 1.5 → 3, 1 → 2)
    opponents: frozenset[int] = frozenset()  # team numbers met so far
    roles: tuple[str, ...] = ()  # one per past round, oldest first: "H" home, "A" away, "B" bye
    rank: int = 0  # place in the current standings (1 = best), for the bye choice


@dataclass(frozen=True)
class TeamPairing:
    round: int
    matches: tuple[tuple[int, int], ...]  # (home team, away team), table 1 first
    bye: int | None = None
    warnings: tuple[Note, ...] = ()  # three home / away matches in a row (四.2), for the organizer
    notes: tuple[Note, ...] = ()  # non-obvious decisions: bye, L/H zones, down-floats, break-ups


class TeamPairingError(PairingError):
    """No pairing without a rematch exists (三.1(1): two teams meet at most once)."""


# ---------------------------------------------------------------------------------------------
# zones (三.4)


def home_count(team: TeamState) -> int:
    return team.roles.count(HOME)


def away_count(team: TeamState) -> int:
    return team.roles.count(AWAY)


def in_home_zone(team: TeamState) -> bool:
    """三.4 (1)/(2): fewer home than away matches, or equal counts and away in the last round.

    A bye is neither home nor away: "the last round" is the most recent round the team was home
    or away. A team that has been neither (a bye in round 1 only) is in the home zone (decision).
    """
    home, away = home_count(team), away_count(team)
    if home != away:
        return home < away
    last = next((role for role in reversed(team.roles) if role in (HOME, AWAY)), AWAY)
    return last == AWAY


def _lookback(roles: Sequence[str], first: str) -> tuple[int, ...]:
    """The role history read backwards from the last round, `first` as 0, a bye 1, the other 2.

    Comparing two such keys finds the most recent round in which the teams' roles differ, which is
    三.4 (3)③ (one home, one away: `first` comes first). Ranking a bye between home and away makes
    the comparison lexicographic and so transitive even when byes are involved (decision).
    """
    return tuple(0 if role == first else 1 if role == BYE else 2 for role in reversed(roles))


def _parity(number: int, round_number: int) -> int:
    """三.4 (3)④/(4)④: smaller number first in odd rounds, larger number first in even rounds."""
    return number if round_number % 2 else -number


def home_zone_key(team: TeamState, round_number: int) -> tuple[object, ...]:
    """三.4 (3): higher score; fewer home matches; the one away in the most recent differing round;
    number by round parity."""
    return (-team.score, home_count(team), _lookback(team.roles, AWAY), _parity(team.number, round_number))


def away_zone_key(team: TeamState, round_number: int) -> tuple[object, ...]:
    """三.4 (4): higher score; fewer away matches; the one home in the most recent differing round;
    number by round parity."""
    return (-team.score, away_count(team), _lookback(team.roles, HOME), _parity(team.number, round_number))


def zones(teams: Sequence[TeamState], round_number: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The home zone and the away zone in their orders of 三.4 (team numbers)."""
    home = sorted((t for t in teams if in_home_zone(t)), key=lambda t: home_zone_key(t, round_number))
    away = sorted((t for t in teams if not in_home_zone(t)), key=lambda t: away_zone_key(t, round_number))
    return tuple(t.number for t in home), tuple(t.number for t in away)


# ---------------------------------------------------------------------------------------------
# byes (rules file decision)


def bye_candidates(teams: Sequence[TeamState], round_number: int) -> list[TeamState]:
    """Teams that may have the bye, preferred first: the lowest-ranked (largest `rank`, then the
    larger number; round 1: the largest number) among the teams with the fewest byes, so nobody has
    a second bye while another team has none."""
    fewest = min(t.roles.count(BYE) for t in teams)
    eligible = [t for t in teams if t.roles.count(BYE) == fewest]
    if round_number == 1:
        return sorted(eligible, key=lambda t: t.number, reverse=True)
    return sorted(eligible, key=lambda t: (t.rank, t.number), reverse=True)


# ---------------------------------------------------------------------------------------------
# perfect matching test (Edmonds' blossom algorithm), used to prune the search


def _perfect_matching_exists(vertices: Sequence[int], adjacent: Callable[[int, int], bool]) -> bool:
    """Whether `vertices` can all be paired along edges where `adjacent` holds."""
    n = len(vertices)
    if n % 2:
        return False
    adj = [[j for j in range(n) if j != i and adjacent(vertices[i], vertices[j])] for i in range(n)]
    if any(not row for row in adj):
        return False
    return perfectly_matchable(adj)


@dataclass(frozen=True)
class _Made:
    """A pair made by the procedure, with its category and the candidates passed over before it."""

    first: int  # the team whose choice made the pair (A, or the L team)
    second: int
    kind: str  # "direct" or one of PHASES
    passed: tuple[int, ...] = ()  # candidates of `first` whose pairing left no completion


@dataclass(frozen=True)
class _Step:
    """One pass of 三.5: the pairs made in it and the explanations of its L/H decision."""

    made: tuple[_Made, ...]
    notes: tuple[Note, ...] = ()


@dataclass(frozen=True)
class _Phases:
    """The fixed data of one 三.5(3)/(4) pass: L's zone, the score and the candidate lists."""

    score: int
    l_teams: tuple[int, ...]
    category: dict[int, str]  # candidate → its category relative to the L teams
    candidates: dict[str, tuple[int, ...]]  # category → candidates in zone order
    forbid: frozenset[int]  # A–B when the direct pair has already been tried


def points(score: int) -> str:
    """Match points ×2 as shown: 5 → "2.5", 4 → "2"."""
    return f"{score // 2}.5" if score % 2 else str(score // 2)


#: The kinds of a team pairing's notes and warnings, each a sentence of the catalogues
#: (`note.team.<kind>`), with the words of the zones they name (`note.team.zone.home`, `.away`).
TEAM_NOTES = ("bye_first", "bye", "bye_again", "bye_skipped", "one_zone", "scores_differ", "not_together",
              "met", "l_fewer", "l_smaller", "l_larger", "broken", "inside", "float_cross", "float_own",
              "streak_home", "streak_away", "zone.home", "zone.away")


def team_note(kind: str, zone: str = "", **values: object) -> Note:
    """A note of the team pairing, as data (`pairing/explain.py`): its catalogue sentence
    `note.team.<kind>` names the `values` (team numbers, scores) and, where given, a `zone` in the
    catalogue's words (`note.team.zone.home`, `.away`)."""
    if zone:
        values["zone"] = _zone_name(zone)
    words = (("zone", f"note.team.zone.{_zone_name(zone)}"),) if zone else ()
    return Note(f"team.{kind}", (), values=tuple((k, str(v)) for k, v in values.items()), words=words)


class _Search:
    """Depth-first search of 三.5 over the teams to be paired this round."""

    def __init__(self, teams: Sequence[TeamState], round_number: int, larger_l_in_even_rounds: bool) -> None:
        self.round = round_number
        self.larger_l = larger_l_in_even_rounds and round_number % 2 == 0
        self.home_order, self.away_order = zones(teams, round_number)
        self.zone = {n: HOME for n in self.home_order} | {n: AWAY for n in self.away_order}
        self.score = {t.number: t.score for t in teams}
        numbers = set(self.score)
        self.met = {t.number: set(t.opponents) & numbers for t in teams}
        for number, opponents in list(self.met.items()):
            for other in opponents:
                self.met[other].add(number)
        self.failed: set[frozenset[int]] = set()
        self.careful = False

    def run(self) -> list[_Step] | None:
        return self._solve(frozenset(self.score))

    def _solve(self, free: frozenset[int]) -> list[_Step] | None:
        if not free:
            return []
        if free in self.failed:
            return None
        for step, rest in self._step(free):
            tail = self._solve(rest)
            if tail is not None:
                return [step, *tail]
        self.failed.add(free)
        self.careful = True
        return None

    def _completable(self, free: frozenset[int], allow: dict[int, frozenset[str]] | None = None,
                     phases: _Phases | None = None) -> bool:
        """Whether the unpaired teams can still be paired (checked only after a first dead end)."""
        if not self.careful:
            return True
        allow = allow or {}

        def adjacent(a: int, b: int) -> bool:
            if b in self.met[a]:
                return False
            if phases is None:
                return True
            if phases.forbid == {a, b}:
                return False
            for x, y in ((a, b), (b, a)):
                if x in allow and phases.category.get(y) not in allow[x]:
                    return False
            return True

        return _perfect_matching_exists(sorted(free), adjacent)

    def _step(self, free: frozenset[int]) -> Iterator[tuple[_Step, frozenset[int]]]:
        """The alternatives of one pass of 三.5 in search order, with the teams left unpaired."""
        home = [n for n in self.home_order if n in free]
        away = [n for n in self.away_order if n in free]
        if not home or not away:
            zone = HOME if home else AWAY
            note = team_note("one_zone", zone)
            yield from self._phases(free, zone, self.score[(home or away)[0]], False, frozenset(), [note])
            return
        a, b = home[0], away[0]
        sa, sb = self.score[a], self.score[b]
        if sa != sb:
            zone = HOME if sa > sb else AWAY
            note = team_note("scores_differ", zone, a=a, a_points=points(sa), b=b, b_points=points(sb))
            yield from self._phases(free, zone, max(sa, sb), False, frozenset(), [note])
            return
        notes = []
        forbid: frozenset[int] = frozenset()
        if b not in self.met[a]:
            rest = free - {a, b}
            if self._completable(rest):
                yield _Step((_Made(a, b, "direct"),)), rest
            forbid = frozenset((a, b))
            notes.append(team_note("not_together", a=a, b=b, points=points(sa)))
        on_home = sum(1 for n in home if self.score[n] == sa)
        on_away = sum(1 for n in away if self.score[n] == sa)
        counts = {"home": on_home, "away": on_away, "points": points(sa)}
        if on_home != on_away:
            zone = HOME if on_home < on_away else AWAY
            why = team_note("l_fewer", zone, **counts)
        else:
            leader = max(a, b) if self.larger_l else min(a, b)
            zone = self.zone[leader]
            why = team_note("l_larger" if self.larger_l else "l_smaller", zone, team=leader, **counts)
        if not forbid:
            notes.append(team_note("met", a=a, b=b, points=points(sa)))
        notes.append(why)
        yield from self._phases(free, zone, sa, True, forbid, notes)

    def _phases(self, free: frozenset[int], zone: str, score: int, cross: bool, forbid: frozenset[int],
                notes: list[Note]) -> Iterator[tuple[_Step, frozenset[int]]]:
        """三.5(3) ①–⑤ / (4): every L team paired, phase by phase, in search order."""
        own = self.home_order if zone == HOME else self.away_order
        other = self.away_order if zone == HOME else self.home_order
        l_teams = tuple(n for n in own if n in free and self.score[n] == score)
        candidates = {
            CROSS_SAME: tuple(n for n in other if n in free and self.score[n] == score) if cross else (),
            SAME_SAME: l_teams,
            CROSS_LOW: tuple(n for n in other if n in free and self.score[n] < score),
            SAME_LOW: tuple(n for n in own if n in free and self.score[n] < score),
        }
        category = {n: kind for kind, group in candidates.items() for n in group}
        phases = _Phases(score, l_teams, category, candidates, forbid)
        allow = dict.fromkeys(l_teams, frozenset(PHASES if cross else PHASES[1:]))
        for made, rest in self._walk(phases, 0, l_teams, free, allow, ()):
            yield _Step(made, tuple(notes)), rest

    def _walk(self, phases: _Phases, phase: int, queue: tuple[int, ...], free: frozenset[int],
              allow: dict[int, frozenset[str]], made: tuple[_Made, ...]
              ) -> Iterator[tuple[tuple[_Made, ...], frozenset[int]]]:
        """The L teams of `queue` in turn, in phase `phase`: each candidate in order, then waiting."""
        kind = PHASES[phase]
        if not queue:
            if phase == len(PHASES) - 1:
                yield made, free
                return
            waiting = {x: allowed - {kind} for x, allowed in allow.items()}
            queue = tuple(x for x in phases.l_teams if x in free)
            yield from self._walk(phases, phase + 1, queue, free, waiting, made)
            return
        x, queue = queue[0], queue[1:]
        if x not in free or kind not in allow[x]:
            yield from self._walk(phases, phase, queue, free, allow, made)
            return
        passed: list[int] = []
        pool = queue if kind == SAME_SAME else phases.candidates[kind]
        for y in pool:
            if y not in free or y in self.met[x] or phases.forbid == {x, y}:
                continue
            if y in allow and kind not in allow[y]:
                continue
            rest = free - {x, y}
            remaining = {t: allowed for t, allowed in allow.items() if t in rest}
            if self._completable(rest, remaining, phases):
                step = _Made(x, y, kind, tuple(passed))
                yield from self._walk(phases, phase, queue, rest, remaining, (*made, step))
            passed.append(y)
        if phase == len(PHASES) - 1:
            self.careful = True  # dead end: an L team without a partner
            return
        waiting = allow | {x: allow[x] - {kind}}
        if self._completable(free, waiting, phases):
            yield from self._walk(phases, phase, queue, free, waiting, _with_passed(made, x, passed))


def _with_passed(made: tuple[_Made, ...], team: int, passed: list[int]) -> tuple[_Made, ...]:
    """Remember candidates passed over by a team that waits for a later phase."""
    if not passed:
        return made
    return (*made, _Made(team, 0, "passed", tuple(passed)))


def _zone_name(zone: str) -> str:
    return "home" if zone == HOME else "away"


# ---------------------------------------------------------------------------------------------
# home/away (四) and the round


def home_and_away(a: int, b: int, home_zone: Sequence[int], away_zone: Sequence[int]) -> tuple[int, int]:
    """四.1: different zones → the home-zone team is home; both in the home zone → the earlier in
    its order is home; both in the away zone → the later in its order is home."""
    if (a in home_zone) != (b in home_zone):
        return (a, b) if a in home_zone else (b, a)
    if a in home_zone:
        return (a, b) if home_zone.index(a) < home_zone.index(b) else (b, a)
    return (a, b) if away_zone.index(a) > away_zone.index(b) else (b, a)


def _streak(roles: Sequence[str], role: str) -> int:
    """Matches in a row in `role` at the end of `roles`, byes passed over (they are neither)."""
    count = 0
    for past in reversed(roles):
        if past == BYE:
            continue
        if past != role:
            break
        count += 1
    return count


def streak_warnings(matches: Sequence[tuple[int, int]], teams: Sequence[TeamState]) -> list[Note]:
    """四.2: teams with three (or more) home or away matches in a row, this round included
    (`note.team.streak_home`, `.streak_away`: the team and the count)."""
    roles = {t.number: t.roles for t in teams}
    warnings = []
    for home, away in matches:
        for team, role in ((home, HOME), (away, AWAY)):
            count = _streak(roles[team], role) + 1
            if count >= 3:
                warnings.append(team_note(f"streak_{_zone_name(role)}", team=team, count=count))
    return warnings


def round_one(teams: Sequence[TeamState]) -> tuple[list[tuple[int, int]], int | None]:
    """三.3: upper half (smaller numbers) v lower half, upper[i] v lower[i]; the upper-half team is
    home on odd tables and away on even tables (decision); odd count: the largest number has the bye."""
    ordered = sorted(t.number for t in teams)
    bye = ordered.pop() if len(ordered) % 2 else None
    half = len(ordered) // 2
    matches = [(upper, lower) if table % 2 else (lower, upper)
               for table, (upper, lower) in enumerate(zip(ordered[:half], ordered[half:], strict=True), 1)]
    return matches, bye


def pair_teams(teams: Sequence[TeamState], round_number: int, *,
               larger_l_in_even_rounds: bool = False) -> TeamPairing:
    """Pair one round of the team Swiss: 三.3 in round 1, 三.4–三.5 afterwards, home/away by 四 (the
    articles' steps in their order).

    `larger_l_in_even_rounds` is the alternative reading of 三.5(3) for equal counts (in even rounds
    the zone of the larger number is L); by default the text is read literally (the smaller number's
    zone is L in every round).
    """
    numbers = [t.number for t in teams]
    if len(set(numbers)) != len(numbers):
        raise ValueError("team numbers must be unique")
    if round_number < 1:
        raise ValueError("rounds are numbered from 1")
    if len(teams) < 2:
        raise TeamPairingError("fewer than two teams to pair")
    if round_number == 1:
        matches, bye = round_one(teams)
        notes = [team_note("bye_first", team=bye)] if bye is not None else []
        return TeamPairing(1, tuple(matches), bye, tuple(streak_warnings(matches, teams)), tuple(notes))
    met = {t.number: set(t.opponents) for t in teams}

    def unmet(a: int, b: int) -> bool:
        return b not in met[a] and a not in met[b]

    candidates: list[TeamState | None] = [None]
    if len(teams) % 2:
        candidates = list(bye_candidates(teams, round_number))
    skipped: list[int] = []
    for bye_team in candidates:
        rest = [t for t in teams if t is not bye_team]
        if not _perfect_matching_exists([t.number for t in rest], unmet):
            if bye_team is not None:
                skipped.append(bye_team.number)
            continue
        steps = _Search(rest, round_number, larger_l_in_even_rounds).run()
        if steps is not None:
            break
    else:
        raise TeamPairingError(f"round {round_number}: no pairing without a rematch exists")
    home_zone, away_zone = zones(rest, round_number)
    matches = [home_and_away(m.first, m.second, home_zone, away_zone)
               for step in steps for m in step.made if m.kind != "passed"]
    notes = _bye_notes(bye_team, skipped) if bye_team is not None else []
    scores = {t.number: t.score for t in teams}
    for step in steps:
        notes.extend(step.notes)
        notes.extend(note for m in step.made for note in _made_notes(m, scores))
    return TeamPairing(round_number, tuple(matches), bye_team.number if bye_team else None,
                       tuple(streak_warnings(matches, teams)), tuple(notes))


def _bye_notes(team: TeamState, skipped: Sequence[int]) -> list[Note]:
    """Who has the bye and why; the teams passed over for it, if any."""
    notes = [team_note("bye_again" if team.roles.count(BYE) else "bye", team=team.number)]
    if skipped:
        notes.append(team_note("bye_skipped", teams=", ".join(str(n) for n in skipped)))
    return notes


def _made_notes(made: _Made, scores: dict[int, int]) -> list[Note]:
    """The explanation of a pair that is not the plain A–B pair: floats, same-zone pairs, break-ups."""
    x, y = made.first, made.second
    notes = []
    if made.passed:
        notes.append(team_note("broken", a=x, teams=", ".join(str(n) for n in made.passed)))
    if made.kind == SAME_SAME:
        notes.append(team_note("inside", a=x, b=y, points=points(scores[x])))
    elif made.kind in (CROSS_LOW, SAME_LOW):
        notes.append(team_note("float_cross" if made.kind == CROSS_LOW else "float_own", a=x,
                               a_points=points(scores[x]), b=y, b_points=points(scores[y])))
    return notes
