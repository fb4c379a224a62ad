"""A section's next round by C.04.5: the records in, a `Pairing` out. An odd round is game 1 of a
new match, paired by `engine`; an even round is game 2 of the match before it: its pairs with the
colours reversed, on the same boards, and the same pairing-allocated bye. The notes for the arbiter
name the bye and each float (the higher-scored player first, `note.float`), and in game 2 the
players who withdrew after game 1 (their game 2 lost by forfeit)."""

from __future__ import annotations

from site_builder.engine.scoring import Records
from site_builder.model import Round, Section
from site_builder.pairing import Note, Pair, Pairing, PairingError, PairingSeedMissing
from site_builder.pairing.double_swiss.colours import BLACK, WHITE, other
from site_builder.pairing.double_swiss.engine import NoMatchPairing, Player, pair_match
from site_builder.pairing.double_swiss.matches import MatchRecord, baku_points, history
from site_builder.pairing.dutch.from_section import baku_group_a
from site_builder.pairing.lots import rng
from site_builder.pairing.round_to_pair import left_out


def planned_matches(section: Section) -> int:
    """The match rounds of the section: two rounds of the section each."""
    return section.rounds_planned // 2


def game_two(first: Round) -> Pairing:
    """Game 2 of the match whose game 1 is `first`: the same pairs, colours reversed, the same
    bye; a player who withdrew after game 1 (in its file) loses game 2 by forfeit, noted so. One who
    withdrew before has no game in the match (a Swiss schedules no game ahead)."""
    pairs = tuple(Pair(g.board, g.second, g.first) for g in sorted(first.games, key=lambda g: g.board))
    gone = sorted(set(first.withdrawn) & {p for pair in pairs for p in (pair.first, pair.second)})
    notes = (Note("withdrawn", tuple(gone)),) if gone else ()
    return Pairing(first.number + 1, pairs, first.byes, notes)


def _half(section: Section, recs: Records) -> int:
    """The record units of half a point (a drawn game)."""
    return int(section.scoring.draw * recs.scale) or 1


def _floated(player: int, past: dict[int, tuple[MatchRecord, ...]], recs: Records, half: int) -> bool:
    """Was the player's last match against a player of another score (a float, art. 1.5)."""
    own = past[player]
    if not own or own[-1].opponent is None or not own[-1].played or own[-1].opponent not in past:
        return False
    before = sum(m.points for m in own[:-1])
    theirs = sum(m.points for m in past[own[-1].opponent][:-1])
    return before != theirs


def players(section: Section, recs: Records, done: int, left_out: set[int]) -> list[Player]:
    """The players to pair after `done` matches, without those `left_out`, each with any Baku
    virtual points of match `done + 1` (C.04.7, those of its two rounds)."""
    half = _half(section, recs)
    numbers = sorted(p.number for p in section.players)
    past = {n: history(recs, n, done) for n in numbers}
    baku = section.options.get("acceleration") == "baku"
    virtual = baku_points(section.rounds_planned, done + 1) if baku else 0
    group_a = set(numbers[:baku_group_a(len(numbers))])
    out = []
    for number in numbers:
        if number in left_out:
            continue
        own = past[number]
        bonus = virtual if number in group_a else 0
        out.append(Player(
            number, sum(m.points for m in own) // half + bonus,
            frozenset(m.opponent for m in own if m.played and m.opponent is not None),
            "".join(m.colour for m in own if m.colour), _floated(number, past, recs, half),
            any(m.pab or m.forfeit_won or m.full_bye for m in own), sum(m.played for m in own)))
    return out


def initial_colour(section: Section, draw_seed: int | None) -> str:
    """The initial-colour of art. 4.3.1 (game 1's colour of an odd-numbered higher-ranked player
    without colours): as the section states it (`first_colour`), else read back from round 1 (where
    the smaller number of a pair is the higher-ranked), else drawn by lot."""
    option = section.options.get("first_colour")
    if option in ("white", "black"):
        return WHITE if option == "white" else BLACK
    first = next((r for r in section.rounds if r.number == 1 and r.games), None)
    if first is not None:
        game = min(first.games, key=lambda g: min(g.first, g.second))
        lower = min(game.first, game.second)
        colour = WHITE if game.first == lower else BLACK
        return colour if lower % 2 else other(colour)
    if draw_seed is None:
        raise PairingSeedMissing("the lot of the first match's colours (C.04.5 art. 4)")
    return rng(draw_seed, section.id, "first colour").choice((WHITE, BLACK))


def double_swiss_round(section: Section, recs: Records, draw_seed: int | None) -> Pairing:
    """The next round: game 2 of the current match, or game 1 of the next."""
    done, out = left_out(section)
    if done % 2:
        first = next(r for r in section.rounds if r.number == done)
        return game_two(first)
    match = done // 2 + 1
    field = players(section, recs, match - 1, out)
    try:
        result = pair_match(field, match, planned_matches(section), initial_colour(section, draw_seed))
    except NoMatchPairing as error:
        raise PairingError(str(error)) from None
    pairs = tuple(Pair(board, white, black) for board, (white, black, _) in enumerate(result.matches, 1))
    byes = (result.bye,) if result.bye is not None else ()
    notes = [Note("bye", byes)] if byes else []
    return Pairing(done + 1, pairs, byes, (*notes, *floats(pairs, {p.number: p.score for p in field})))


def floats(pairs: tuple[Pair, ...], scores: dict[int, int]) -> list[Note]:
    """A note of each pair of players of different pairing scores (an upfloater, art. 1.3, and the
    player it meets), the higher-scored first, as every Swiss notes a float (`note.float`)."""
    return [Note("float", (p.first, p.second) if scores[p.first] > scores[p.second] else (p.second, p.first))
            for p in pairs if scores[p.first] != scores[p.second]]
