"""The Hua-style staged Swiss of seed 003 (rules/gomoku-staged-swiss.md): round count, stages,
elimination after the preliminaries, final-round segments and the final placings."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from site_builder.engine.scoring import Kind, Records
from site_builder.engine.scoring import winner as game_winner
from site_builder.model import Game, Outcome, Round, RoundDetail, Section

PRELIMINARY_ROUNDS = 2


@dataclass(frozen=True)
class StagedRound(RoundDetail):
    """A staged Swiss round's part of its round file (seed 003): the arbiter's elimination list after
    the preliminaries (`eliminated:`), and the playoff games after drawn finals (`playoffs:`), which
    score no points."""

    eliminated: tuple[int, ...] = ()
    playoffs: tuple[Game, ...] = ()

    @staticmethod
    def of(rnd: Round) -> StagedRound:
        """`rnd`'s staged part (none: no eliminations or playoffs)."""
        return rnd.detail if isinstance(rnd.detail, StagedRound) else NO_STAGE


NO_STAGE = StagedRound()


def stage(round_number: int, planned: int) -> str:
    """preliminary (rounds 1–2), main (round 3 … second-to-last) or final (the last round)."""
    if round_number >= planned:
        return "final"
    return "preliminary" if round_number <= PRELIMINARY_ROUNDS else "main"


def _forfeited_or_withdrawn(section: Section, recs: Records, upto: int) -> set[int]:
    out = {p for r in section.rounds if r.number <= upto for p in r.withdrawn}
    for player, entries in recs.entries.items():
        if any(e.kind in (Kind.FORFEIT_LOSS, Kind.DOUBLE_FORFEIT) for e in entries[:upto]):
            out.add(player)
    return out


@dataclass(frozen=True)
class Elimination:
    """Who does not continue after the preliminaries (§2.1.1, §3.1.2.3), and why."""

    eliminated: tuple[int, ...]  # by the quarter rule (weakest zero-score players)
    dropped: tuple[int, ...]  # withdrew or forfeited in the preliminaries
    reinstated: int | None  # the best eliminated player, when the rest would be odd
    overridden: bool = False  # the arbiter's list replaced the computed one

    @property
    def out(self) -> set[int]:
        return set(self.eliminated) | set(self.dropped)

    def reason(self, player: int) -> str | None:
        """Why `player` does not continue: "eliminated" (the quarter rule or the arbiter's list) or
        "dropped" (withdrew or forfeited in the preliminaries), None when they continue. The one
        answer of every page that says it: the elimination page's lists, the final placing's, a later
        round's list of players not paired."""
        if player in self.dropped:
            return "dropped"
        return "eliminated" if player in self.eliminated else None


def elimination(section: Section, recs: Records, enabled: bool) -> Elimination:
    """§2.1.1: after round 2, min(round(n/4), zero-score count) zero-score players with the largest
    pairing numbers are eliminated; if the rest is odd, the eliminated player with the smallest
    number is reinstated. The round-2 file's `eliminated:` list overrides the computation."""
    if recs.rounds < PRELIMINARY_ROUNDS:
        return Elimination((), (), None)
    dropped = _forfeited_or_withdrawn(section, recs, PRELIMINARY_ROUNDS)
    override = next((StagedRound.of(r).eliminated for r in section.rounds if r.number == PRELIMINARY_ROUNDS
                     and StagedRound.of(r).eliminated), ())
    if override:
        return Elimination(tuple(sorted(set(override) - dropped)), tuple(sorted(dropped)), None, True)
    if not enabled:
        return Elimination((), tuple(sorted(dropped)), None)
    zero = sorted((p.number for p in section.players
                   if recs.total(p.number, PRELIMINARY_ROUNDS) == 0 and p.number not in dropped),
                  reverse=True)
    quota = min(round(Fraction(len(section.players), 4)), len(zero))
    eliminated = sorted(zero[:quota])
    reinstated = None
    if (len(section.players) - len(eliminated) - len(dropped)) % 2 and eliminated:
        reinstated = eliminated.pop(0)
    return Elimination(tuple(eliminated), tuple(sorted(dropped)), reinstated)


def extrapolated_totals(section: Section, recs: Records, upto: int) -> dict[int, Fraction]:
    """§5.4.2: for others' 小分, a player who withdrew in the main stage (after round `played`)
    counts their score so far plus score ÷ rounds played × rounds missed."""
    out: dict[int, Fraction] = {}
    withdrawn_at = {p: r.number for r in section.rounds for p in r.withdrawn
                    if PRELIMINARY_ROUNDS <= r.number < upto}
    for player, played in withdrawn_at.items():
        total = recs.total(player, played)
        missed = upto - played
        out[player] = Fraction(total) + Fraction(total, played) * missed if played else Fraction(0)
    return out


def in_final(section: Section, prelims: Elimination) -> set[int]:
    """Who is paired in the final round (§2.3): everyone but the players out after the preliminaries
    (`prelims`) and those who withdrew before the second-to-last round was played. A player who
    withdraws after it is paired as usual and loses the final game (§3.1.2.3, §5.4.4). The one answer
    of the final's pairing and of the placings it decides."""
    before = section.rounds_planned - 1
    gone = {p for r in section.rounds if r.number < before for p in r.withdrawn}
    return {p.number for p in section.players} - prelims.out - gone


def withdrawn_before_final(section: Section) -> set[int]:
    """The finalists who withdrew after the second-to-last round (`in_final`): each loses the final
    game he is paired in (§5.4.4), and one who would have the bye of an odd final has none, as his
    final counts as lost (a decision: docs/systems.md, "Staged Swiss")."""
    before = section.rounds_planned - 1
    return {p for r in section.rounds if r.number == before for p in r.withdrawn}


def final_pairs(ranking: list[int]) -> tuple[list[tuple[int, int]], int | None]:
    """§2.3: places 1v2, 3v4, … after the second-to-last round; an odd last player has the bye."""
    pairs = [(ranking[i], ranking[i + 1]) for i in range(0, len(ranking) - 1, 2)]
    return pairs, (ranking[-1] if len(ranking) % 2 else None)


@dataclass(frozen=True)
class FinalPlace:
    place: int
    player: int
    how: str  # "final" | "playoff" | "ranking" | "bye" | "pending" | "eliminated" | "dropped" | "withdrawn"


def final_placings(ranking: list[int], section: Section) -> list[FinalPlace]:
    """§5.2: the winner of each segment's final game takes its upper place; a drawn final goes to the
    rapid playoff, then (a drawn playoff, or none entered) to the ranking after the second-to-last
    round. A final game or playoff still without a result leaves its places pending."""
    last = section.rounds[-1] if section.rounds else None
    games = {frozenset((g.first, g.second)): g for g in (last.games if last else ())}
    playoffs = {frozenset((g.first, g.second)): g for g in (StagedRound.of(last).playoffs if last else ())}
    pairs, bye = final_pairs(ranking)
    out: list[FinalPlace] = []
    for a, b in pairs:  # a ranks above b after the second-to-last round
        upper, lower, how = a, b, "ranking"
        game = games.get(frozenset((a, b)))
        winner = game_winner(game) if game else None
        if game is None or game.outcome is Outcome.PENDING:
            how = "pending"
        elif winner is not None:
            upper, lower, how = winner, (b if winner == a else a), "final"
        elif (playoff := playoffs.get(frozenset((a, b)))) is not None:
            if playoff.outcome is Outcome.PENDING:  # §5.2.1: the playoff decides, once it is played
                how = "pending"
            elif (playoff_winner := game_winner(playoff)) is not None:
                upper, lower, how = playoff_winner, (b if playoff_winner == a else a), "playoff"
        place = len(out) + 1
        out += [FinalPlace(place, upper, how), FinalPlace(place + 1, lower, how)]
    if bye is not None:
        how = "withdrawn" if bye in withdrawn_before_final(section) else "bye"
        out.append(FinalPlace(len(out) + 1, bye, how))
    return out


def final_order(section: Section, recs: Records, before: list[int]) -> list[FinalPlace]:
    """The final placing of every player (§5.2) from `before`, the ranking after the second-to-last
    round: the places the final round decides, then the players who did not play it, in that
    ranking: eliminated after the preliminaries, withdrawn or forfeited in them (`Elimination.reason`),
    or withdrawn before the second-to-last round was played (`how` says which); a player who withdrew
    after it is placed by the final game they were paired in and lost (`in_final`)."""
    prelims = elimination(section, recs, section.eliminate_after_prelims)
    finalists = in_final(section, prelims)
    places = final_placings([p for p in before if p in finalists], section)
    rest = [p for p in before if p not in finalists]
    return places + [FinalPlace(len(places) + index, player, prelims.reason(player) or "withdrawn")
                     for index, player in enumerate(rest, start=1)]
