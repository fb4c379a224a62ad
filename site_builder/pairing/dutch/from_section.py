"""A section's next round by the FIDE Dutch system: the event's records in, a `Pairing` out."""

from __future__ import annotations

from site_builder.engine.scoring import Entry, Kind, Records, Side
from site_builder.model import Section
from site_builder.pairing import Pairing, PairingError, PairingSeedMissing
from site_builder.pairing.apart import kept_apart
from site_builder.pairing.dutch.engine import NoPairing, pair_round
from site_builder.pairing.dutch.history import BLACK, WHITE, Entrant, Game, invert
from site_builder.pairing.dutch.quality import Criterion, deciding_criterion
from site_builder.pairing.dutch.why import RoundWhy, explain_round
from site_builder.pairing.lots import rng
from site_builder.pairing.round_to_pair import left_out, pairing_of

#: Rounds the pairing gave the player (a game, played or forfeited, or the pairing-allocated bye).
_PAIRED = (Kind.WIN, Kind.DRAW, Kind.LOSS, Kind.FORFEIT_WIN, Kind.FORFEIT_LOSS, Kind.DOUBLE_FORFEIT,
           Kind.PENDING, Kind.BYE)


def _game(entry: Entry, half: int) -> Game:
    """One round of a player's history, in half points (`half` units of the records make ½)."""
    colour = {Side.FIRST: WHITE, Side.SECOND: BLACK}.get(entry.side) if entry.side else None
    return Game(entry.opponent, colour, entry.points // half, entry.kind.is_played, entry.kind in _PAIRED)


def entrants(section: Section, recs: Records, upto: int) -> list[Entrant]:
    """Every player of the section with rounds 1..upto, in pairing-number order."""
    half = int(section.scoring.draw * recs.scale) or 1
    players = sorted(section.players, key=lambda p: p.number)
    baku = section.options.get("acceleration") == "baku"
    virtual = baku_virtual_points(section.rounds_planned) if baku else ()
    ga = baku_group_a(len(players))
    return [Entrant(p.number, tuple(_game(e, half) for e in recs.entries[p.number][:upto]),
                    virtual if rank < ga else ())
            for rank, p in enumerate(players)]


def baku_group_a(players: int) -> int:
    """How many players GA holds (C.04.7): the first half, rounded up to an even number.

    >>> baku_group_a(161), baku_group_a(16), baku_group_a(17)
    (82, 8, 10)
    """
    return 2 * -(-players // 4)


def baku_virtual_points(rounds: int) -> tuple[int, ...]:
    """GA's virtual points by round, in half points (C.04.7): the accelerated rounds are the
    first half of the rounds (rounded up); 1 point before the first half of them (rounded up),
    ½ before the others, none after.

    >>> baku_virtual_points(9)
    (2, 2, 2, 1, 1, 0, 0, 0, 0)
    """
    accelerated = -(-rounds // 2)
    full = -(-accelerated // 2)
    return tuple(2 if r < full else 1 if r < accelerated else 0 for r in range(rounds))


def first_colour(section: Section, draw_seed: int | None) -> str:
    """The colour of the top seed in round 1 (C.04.3 §5.2.5): as the section states it, else read
    back from round 1 once it is paired, else drawn by lot from the recorded seed."""
    if section.options.get("first_colour") in ("white", "black"):
        return WHITE if section.options.get("first_colour") == "white" else BLACK
    if section.rounds and section.rounds[0].games:
        paired = sorted({p for g in section.rounds[0].games for p in (g.first, g.second)}
                        | set(section.rounds[0].byes))
        firsts = {g.first for g in section.rounds[0].games}
        seconds = {g.second for g in section.rounds[0].games}
        for rank, number in enumerate(paired):
            if number in firsts or number in seconds:
                colour = WHITE if number in firsts else BLACK
                return colour if rank % 2 == 0 else invert(colour) or WHITE
    if draw_seed is None:
        raise PairingSeedMissing("the lot of the top seed's colour in round 1")
    return rng(draw_seed, section.id, "first colour").choice((WHITE, BLACK))


def dutch_round(section: Section, recs: Records, draw_seed: int | None) -> Pairing:
    """The next round. A last round file with only requested byes and absences is the round being
    paired: those players are left out."""
    done, absent = left_out(section)
    try:
        apart = kept_apart(section, done + 1)
        result = pair_round(entrants(section, recs, done), absent, section.rounds_planned,
                            first_colour(section, draw_seed), apart)
    except NoPairing as error:
        raise PairingError(str(error)) from None
    return pairing_of(recs, done, result.pairs, result.bye)



def criterion(section: Section, recs: Records, published: Pairing, engine: Pairing) -> Criterion:
    """The C.04.3 criterion that tells the published pairing of the next round from the engine's."""
    done, absent = left_out(section)

    def pairs(pairing: Pairing) -> tuple[tuple[tuple[int, int], ...], int | None]:
        return tuple((p.first, p.second) for p in pairing.pairs), (pairing.byes or (None,))[0]

    return deciding_criterion(entrants(section, recs, done), absent, section.rounds_planned, pairs(published),
                              pairs(engine))


def round_why(section: Section, recs: Records, number: int) -> RoundWhy:
    """Why round `number` of `section` has its pairs: the round paired again from the rounds before
    it (the players it does not pair left out, the round-1 colour read back from round 1)."""
    rnd = next(r for r in section.rounds if r.number == number)
    entered = entrants(section, recs, number - 1)
    paired = {p for g in rnd.games for p in (g.first, g.second)} | set(rnd.byes)
    absent = {e.number for e in entered} - paired
    pairs = tuple((g.first, g.second) for g in sorted(rnd.games, key=lambda g: g.board))
    return explain_round(entered, absent, section.rounds_planned, first_colour(section, None),
                         kept_apart(section, number), number, pairs, rnd.byes[0] if rnd.byes else None)

