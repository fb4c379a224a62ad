"""The Chinese Student Shogi League (seed 000) computed over an event: stage-1 group tables,
finals, the stage-2 ranking, challenge eligibility, the final score with every term, the school
ranking and award levels. Built from `engine.league` (the formula) and the records of each stage."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from decimal import Decimal

from site_builder.engine import league
from site_builder.engine.league import league_of
from site_builder.engine.scoring import Kind, Records, records
from site_builder.engine.standings import standings
from site_builder.model import Event, Game, Outcome, Player, Section, Tiebreak


@dataclass(frozen=True)
class StageGroup:
    """A group of a multi-stage event (`Section.stage`): its stage and where its players come from."""

    number: int = 0  # the stage this section (group) belongs to
    qualify: tuple[int, ...] = ()  # players come from these places of every group of the stage before
    qualify_rest: bool = False  # … or are everyone of the stage before not qualified elsewhere
    #: players its rounds name who no longer qualify (a result of the stage before corrected since),
    #: last in its list (`checks.qualification`)
    no_longer: tuple[int, ...] = ()


def stage_of(section: Section) -> StageGroup:
    """The section's group of a multi-stage event: stage 0, qualifying no one, when it is none."""
    return section.stage if isinstance(section.stage, StageGroup) else NO_STAGE


def qualified(section: Section) -> bool:
    """The section's players qualify from the stage before (`qualify:`), not from a list."""
    return bool(stage_of(section).qualify or stage_of(section).qualify_rest)


def qualifiers(section: Section) -> list[int]:
    """The players of a qualified section who qualify now, in their order (without `no_longer`)."""
    gone = set(stage_of(section).no_longer)
    return [p.number for p in section.players if p.number not in gone]


NO_STAGE = StageGroup()

YES = {"true", "yes", "1", "是", "y"}

#: 六.2: the final groups are ranked by points, then the games between the tied players (胜负关系),
#: then the arbiters' playoff order (`ranking_order` in the section's round files); players the
#: chain leaves level are marked "playoff needed" — never ordered by number.
FINAL_TIEBREAKS = (Tiebreak("direct-encounter"), Tiebreak("manual"))


def final_rules(section: Section) -> Section:
    """A final group (六.2) with the tiebreak chain and ties of the regulation."""
    return dataclasses.replace(section, tiebreaks=FINAL_TIEBREAKS,
                               ranking=dataclasses.replace(section.ranking, ties="playoff"))


def league_player(player: Player, group: str) -> league.LeaguePlayer:
    fields = player.fields
    return league.LeaguePlayer(
        number=player.number, school=player.club, group=group,
        main_team=fields.get("team", "main") in ("main", "1", "一队", "主队"),
        overseas=str(fields.get("overseas", "")).lower() in YES,
        tsume=tsume_of(player),
    )


def tsume_of(player: Player) -> int:
    """A player's tsume score Y (六.1; the `tsume` field, missing = 0), checked by the league's
    rules (`regulations.shogi_league`) before any result is computed.

    >>> tsume_of(Player(1, "A", fields={"tsume": "120"})), tsume_of(Player(2, "B"))
    (120, 0)
    """
    return int(tsume_text(player))


def tsume_text(player: Player) -> str:
    """The `tsume` field as written ("0" when missing or empty)."""
    return str(player.fields.get("tsume", "0") or "0")


@dataclass(frozen=True)
class GroupRow:
    """A line of a stage-1 group table (六.2): placing by score₁, fixed points X."""

    place: int
    player: int
    wins: int
    draws: int
    tsume: int
    score1: Decimal
    x: Decimal
    playoff: bool = False  # level with another player after Y, no playoff order entered (六.2)
    x_adjusted: bool = False  # X set by the organizer (补充细则 7.1)


@dataclass(frozen=True)
class LeagueRow:
    """A line of the final individual ranking with every term of the formula (七)."""

    rank: int | None  # None: overseas, listed without a rank
    player: int
    a: Decimal
    x: Decimal
    c: Decimal
    y: int
    b: int
    k: Decimal
    d: Decimal
    score: Decimal
    award: str | None = None
    certificate: bool = False
    playoff: bool = False  # level with another player after D, awaiting a playoff (七 注)
    d_set: bool = False  # D set by the arbiters (`d_corrections`)


@dataclass
class LeagueResults:
    groups: dict[str, list[GroupRow]] = field(default_factory=dict)
    finals: dict[str, str] = field(default_factory=dict)  # section id → "A" | "B"
    stage2: list[LeagueRow] = field(default_factory=list)  # ranking with C = 0
    targets: dict[int, list[int]] = field(default_factory=dict)
    violations: list[tuple[int, str]] = field(default_factory=list)
    # of `violations`: the played challenges the results as they now stand bar (a correction of stage
    # 1 or 2 after they were agreed), which `bulletin pair --accept challenges` keeps as played
    changed: list[tuple[int, str]] = field(default_factory=list)
    stage2_digest: str = ""  # `league.stage2_digest` of the ranking as it stands
    challenge_points: dict[int, Decimal] = field(default_factory=dict)
    final: list[LeagueRow] = field(default_factory=list)
    playoffs: list[list[int]] = field(default_factory=list)
    schools: list[league.SchoolRow] = field(default_factory=list)
    school_awards: dict[str, str | None] = field(default_factory=dict)
    players: dict[int, league.LeaguePlayer] = field(default_factory=dict)
    complete: bool = False  # stage 2 finished: A and the challenges apply
    stage2_playoffs: list[list[int]] = field(default_factory=list)  # level in the stage-2 ranking
    group_playoffs: dict[str, list[list[int]]] = field(default_factory=dict)  # level in a group table
    b_final_playoff: list[int] = field(default_factory=list)  # level for the B-final's first place
    b_final_winner: int | None = None  # 7.2 3): A = 1.125
    errors: list[tuple[str, str]] = field(default_factory=list)  # (key of `Event.league_locs`, message)


def _wins_draws(recs: Records, player: int, byes: bool = False) -> tuple[int, int]:
    """Wins and draws; with `byes` a pairing bye counts as a won game (stage 1, the rules' decision)."""
    won = (Kind.WIN, Kind.FORFEIT_WIN, Kind.BYE) if byes else (Kind.WIN, Kind.FORFEIT_WIN)
    entries = recs.entries.get(player, ())
    return (sum(1 for e in entries if e.kind in won),
            sum(1 for e in entries if e.kind is Kind.DRAW))


def group_table(section: Section, tsume: dict[int, int],
                x_adjustments: dict[int, Decimal] | None = None) -> list[GroupRow]:
    """六.2: placing by score₁ (a bye counts as a won game); ties by direct encounter, opponent
    score, Y, the arbiter's order. Players still level are listed by number and marked `playoff`
    (their places await the arbiters' order). X by place, or as the organizer set it (7.1)."""
    recs = records(section)
    adjusted = x_adjustments or {}
    score: dict[int, tuple[Decimal, int, int]] = {}  # score₁, wins, draws
    for p in section.players:
        w, d = _wins_draws(recs, p.number, byes=True)
        score[p.number] = (league.score1(w, d, tsume.get(p.number, 0)), w, d)
    key = {p: (-score[p][0], *_tiebreak_key(section, recs, p, score, tsume)) for p in score}
    order = sorted(score, key=lambda p: (key[p], p))
    level = {p: sum(1 for q in score if key[q] == key[p]) > 1 for p in score}
    return [GroupRow(place, p, score[p][1], score[p][2], tsume.get(p, 0), score[p][0],
                     adjusted.get(p, league.fixed_points(place)), level[p], p in adjusted)
            for place, p in enumerate(order, start=1)]


def _tiebreak_key(section: Section, recs: Records, player: int, score: dict[int, tuple[Decimal, int, int]],
                  tsume: dict[int, int]) -> tuple[int, int, int, int]:
    tied = [p for p in score if score[p][0] == score[player][0]]
    direct = 0
    if len(tied) > 1:
        met = {frozenset((p, e.opponent)) for p in tied for e in recs.entries[p]
               if e.opponent in tied and e.kind.has_result}
        if len(met) == len(tied) * (len(tied) - 1) // 2:
            direct = sum(e.points for e in recs.entries[player] if e.opponent in tied)
    opponents = sum(recs.total(e.opponent, recs.rounds) for e in recs.entries[player]
                    if e.opponent is not None and e.kind.has_result)
    manual = [r.ranking_order for r in section.rounds if r.ranking_order]
    order = manual[-1] if manual else ()
    position = order.index(player) if player in order else len(order)
    return (-direct, -opponents, -tsume.get(player, 0), position)


def final_group_order(section: Section) -> list[list[int]]:
    """A final group's places (六.2) as its standings give them with the regulation's chain: lists
    of players sharing a place, best first (several players: a playoff is needed)."""
    ruled = final_rules(section)
    recs = records(ruled)
    table = standings(ruled, recs, recs.rounds, round_robin=True)
    out: dict[int, list[int]] = {}
    for row in table.rows:
        out.setdefault(row.place, []).append(row.player)
    return [out[place] for place in sorted(out)]


def round_robin_ranking(section: Section, exclude_same: dict[int, str] | None = None) -> list[list[int]]:
    """A round robin at 3/1/0 ranked by points, then direct encounter; tied players stay grouped.
    With `exclude_same`, games between players of the same parallel group are left out (7.2)."""
    recs = records(section)
    points: dict[int, int] = {p.number: 0 for p in section.players}
    for p in points:
        for e in recs.entries[p]:
            same = (exclude_same and e.opponent is not None
                    and exclude_same.get(e.opponent) == exclude_same.get(p))
            if same:
                continue
            if e.kind.has_result:
                points[p] += e.points
    groups: list[list[int]] = []
    for p in sorted(points, key=lambda q: -points[q]):
        if groups and points[groups[-1][0]] == points[p]:
            groups[-1].append(p)
        else:
            groups.append([p])
    out: list[list[int]] = []
    for group in groups:
        if len(group) == 1:
            out.append(group)
            continue
        scored = {p: sum(e.points for e in recs.entries[p] if e.opponent in group
                         and not (exclude_same and exclude_same.get(e.opponent) == exclude_same.get(p)))
                  for p in group}
        for value in sorted(set(scored.values()), reverse=True):
            out.append(sorted(p for p in group if scored[p] == value))
    return out


def _challenge_breaches(event: Event, ranking: list[int], school_of: dict[int, str],
                        not_beaten: dict[int, set[int]], digest: str
                        ) -> tuple[list[tuple[int, str]], list[tuple[int, str]]]:
    """The breaches of the challenge rules (六.3, 7.3), and those of them that only the results as
    they now stand give to played challenges that break no other rule (a correction of stage 1 or 2
    after they were agreed).
    Played challenges kept as played with the ranking as it stands (`League.accepted_from`) are not
    judged again by the rules that read the results."""
    challenges = league_of(event).challenges
    pairs = [(c.challenger, c.target) for c in challenges]
    names = {p.number: p.name for p in event.players}
    played = frozenset(i for i, c in enumerate(challenges) if c.outcome is not Outcome.PENDING)

    def check(kept: frozenset[int]) -> list[tuple[int, str]]:
        return league.check_challenges(ranking, pairs, school_of, not_beaten,
                                       lambda n: f"{names.get(n, '?')} (#{n})", kept)

    as_played = check(played)
    if league_of(event).accepted_from == digest:
        return as_played, []
    every, void = check(frozenset()), {index for index, _ in as_played}
    return every, [v for v in every if v[0] in played and v[0] not in void]


def league_results(event: Event) -> LeagueResults:
    """Everything the league's pages show, from the event's sections and challenges: the steps of
    seed 000 in its order (group tables, score₁ and X, stage 2, challenges, A, the final score, the
    schools, the awards), each reading what the one before computed."""
    result = LeagueResults()
    groups = [s for s in event.sections if stage_of(s).number == 1]
    group_of = {p.number: s.id for s in groups for p in s.players}
    players = {p.number: league_player(p, group_of.get(p.number, "")) for p in event.players}
    result.players = players
    tsume = {n: lp.tsume for n, lp in players.items()}
    _check_decisions(event, result, players)
    for section in groups:
        result.groups[section.id] = group_table(section, tsume, dict(league_of(event).x_adjustments))
        level: dict[Decimal, list[int]] = {}
        for row in result.groups[section.id]:
            if row.playoff:
                level.setdefault(row.score1, []).append(row.player)
        if level:
            result.group_playoffs[section.id] = list(level.values())
    x = {row.player: row.x for rows in result.groups.values() for row in rows}
    # the A- and B-final
    finals = [s for s in event.sections if stage_of(s).number == 2 and stage_of(s).qualify]
    for section in finals:
        result.finals[section.id] = "A" if 1 in stage_of(section).qualify else "B"
    a_final = next((s for s in finals if result.finals[s.id] == "A"), None)
    b_final = next((s for s in finals if result.finals[s.id] == "B"), None)
    stage2 = [s for s in event.sections if stage_of(s).number == 2]
    complete = bool(stage2) and all(s.current_round >= s.rounds_planned and not s.rounds[-1].pending
                                    for s in stage2 if s.rounds) and all(s.rounds for s in stage2)
    result.complete = complete
    a_of: dict[int, Decimal] = dict.fromkeys(players, Decimal(1))
    if complete and a_final is not None and len(groups) > 1:
        a_ranking = round_robin_ranking(a_final, group_of)
        b_winner = None
        if b_final and b_final.players:
            first = final_group_order(b_final)[0]
            if len(first) == 1:
                b_winner = first[0]
            else:  # 六.2: no winner until the playoff; nobody has A = 1.125 meanwhile
                result.b_final_playoff = first
        result.b_final_winner = b_winner
        by_group, overrides = league.group_coefficients([g.id for g in groups], a_ranking, group_of, b_winner)
        a_of = {p: by_group.get(group_of.get(p, ""), Decimal(1)) for p in players} | overrides
    wins_b: dict[int, int] = dict.fromkeys(players, 0)
    final_of: dict[int, str | None] = dict.fromkeys(players)
    for section in stage2:
        recs = records(section)
        for entrant in section.players:
            wins_b[entrant.number] += _wins_draws(recs, entrant.number)[0]
            if section.id in result.finals:
                final_of[entrant.number] = result.finals[section.id]
    size_a = len(a_final.players) if a_final else 0
    size_b = len(b_final.players) if b_final else 0
    k = {p: league.k_value(final_of[p], size_a, size_b or 1) for p in players}
    not_beaten = _not_beaten(event)

    def rank(c_of: dict[int, Decimal]) -> tuple[list[LeagueRow], list[list[int]]]:
        base = {p: league.final_score(a_of[p], x.get(p, Decimal(0)), c_of.get(p, Decimal(0)), tsume[p],
                                      wins_b[p], k[p]) for p in players}
        d, playoffs = league.tie_corrections(base, lambda a, b: _beat(event, a, b), tsume,
                                             league_of(event).final_playoffs)
        d |= dict(league_of(event).d_corrections)  # 七: the arbiters' D replaces the computed one
        playoffs = [tier for tier in playoffs if not set(tier) & set(league_of(event).d_corrections)]
        scores = {p: league.final_score(a_of[p], x.get(p, Decimal(0)), c_of.get(p, Decimal(0)), tsume[p],
                                        wins_b[p], k[p], d.get(p, Decimal(0))) for p in players}
        level = {p for tier in playoffs for p in tier}
        order = sorted(players, key=lambda p: (-scores[p], p))
        rows, place = [], 0
        for p in order:
            ranked = not players[p].overseas
            place += ranked
            rows.append(LeagueRow(place if ranked else None, p, a_of[p], x.get(p, Decimal(0)),
                                  c_of.get(p, Decimal(0)), tsume[p], wins_b[p], k[p], d.get(p, Decimal(0)),
                                  scores[p], playoff=p in level, d_set=p in league_of(event).d_corrections))
        return rows, playoffs

    result.stage2, result.stage2_playoffs = rank({})
    ranking = [row.player for row in result.stage2 if row.rank is not None]
    school_of = {p: lp.school for p, lp in players.items()}
    if complete:
        times: dict[int, int] = {}
        for p in ranking:
            result.targets[p] = league.allowed_targets(ranking, p, school_of, not_beaten, {})
        result.stage2_digest = league.stage2_digest(ranking, not_beaten)
        result.violations, result.changed = _challenge_breaches(event, ranking, school_of, not_beaten,
                                                                result.stage2_digest)
        bad = {i for i, _ in result.violations}
        for index, challenge in enumerate(league_of(event).challenges):
            if index in bad or challenge.outcome is Outcome.PENDING:
                continue
            key = {Outcome.FIRST_WINS: "win", Outcome.FIRST_WINS_FORFEIT: "win", Outcome.DRAW: "draw"}.get(
                challenge.outcome, "loss")
            result.challenge_points[challenge.challenger] = league.CHALLENGE_POINTS[key]
            times[challenge.target] = times.get(challenge.target, 0) + 1
    rows, result.playoffs = rank(result.challenge_points)
    groups_count = len(groups)
    worst = {p: max(r.rank or 0 for r in rows if r.player in tier) for tier in result.playoffs for p in tier}
    result.final = [dataclasses.replace(
        r, award=_award(event, r.player, league.individual_award(worst.get(r.player, r.rank), r.score,
                                                                  groups_count)),
        certificate=league.certificate_eligible(r.score)) for r in rows]
    scores = {r.player: r.score for r in result.final}
    winner = league_of(event).school_playoff or None
    if winner is not None:
        tied = league.school_ranking(list(players.values()), scores)
        if not any(row.playoff and row.school == winner for row in tied):
            level_schools = "、".join(row.school for row in tied if row.playoff) or "no school is tied"
            result.errors.append(("school_playoff", f"school_playoff {winner!r} is not one of the schools "
                                  f"tied for first ({level_schools}) (七 注)"))
            winner = None
    result.schools = league.school_ranking(list(players.values()), scores, winner)
    result.school_awards = {row.school: None if row.listed_only else
                            league.school_award(row.rank, row.total, groups_count) for row in result.schools}
    return result


def _check_decisions(event: Event, result: LeagueResults, players: dict[int, league.LeaguePlayer]) -> None:
    """The arbiters' decisions that name players: a playoff outcome lists league players (七 注);
    an X adjustment is for a stage-1 player (7.1)."""
    for index, order in enumerate(league_of(event).final_playoffs):
        unknown = [p for p in order if p not in players]
        if unknown:
            result.errors.append((f"final_playoffs/{index}", f"players {unknown} are not in the league"))
    staged = {p.number for s in event.sections if stage_of(s).number == 1 for p in s.players}
    for player in league_of(event).x_adjustments:
        if player not in staged:
            result.errors.append((f"x_adjustments/{player}", f"player #{player} played no stage-1 group "
                                  "(补充细则 7.1: X is a stage-1 group's fixed points)"))


def _award(event: Event, player: int, computed: str | None) -> str | None:
    """The computed award level, unless the arbiters decided otherwise (九: special grants)."""
    override = league_of(event).award_overrides.get(player)
    if override is None:
        return computed
    return None if override == "none" else override


def _games(event: Event, stages: Sequence[int] = (1, 2)) -> Iterator[Game]:
    for section in event.sections:
        if stage_of(section).number in stages:
            for rnd in section.rounds:
                yield from rnd.games


def _not_beaten(event: Event) -> dict[int, set[int]]:
    """Opponents met in stages 1–2 without a win (lost or drawn), per player (六.3)."""
    out: dict[int, set[int]] = {}
    for g in _games(event):
        if g.outcome is Outcome.PENDING:
            continue
        first_won = g.outcome in (Outcome.FIRST_WINS, Outcome.FIRST_WINS_FORFEIT)
        second_won = g.outcome in (Outcome.SECOND_WINS, Outcome.SECOND_WINS_FORFEIT)
        if not first_won:
            out.setdefault(g.first, set()).add(g.second)
        if not second_won:
            out.setdefault(g.second, set()).add(g.first)
    return out


def _beat(event: Event, a: int, b: int) -> bool | None:
    """Whether a beat b in a direct game of stages 1–2 (the latest decisive one), else None."""
    verdict = None
    for g in _games(event):
        if {g.first, g.second} != {a, b}:
            continue
        if g.outcome in (Outcome.FIRST_WINS, Outcome.FIRST_WINS_FORFEIT):
            verdict = g.first == a
        elif g.outcome in (Outcome.SECOND_WINS, Outcome.SECOND_WINS_FORFEIT):
            verdict = g.second == a
    return verdict
