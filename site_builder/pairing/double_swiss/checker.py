"""The rules of C.04.5 a published round breaks, found criterion by criterion from the rules
themselves (not by pairing the round again with `engine`).

Game 2 of a match (an even round) must repeat game 1's pairs with the colours reversed (the preface,
numbered 0 in the handbook), and
its byes and absences (a bye applies to the match); game 1's pairing-allocated bye is game 2's
half-point bye. Game 1 of a match (an odd round) is
checked:

- pair by pair: [C1] no rematch of a match not ended by forfeit; [C2] no bye for a player who had
  one, or won a match by forfeit, or had a requested bye scoring two wins; every player not left out
  is paired once or has the only bye, and a bye only when the players are odd (art. 3.3, 3.4);
- the bye's order (art. 3.4): among the players who leave a pairing without rematches, the lowest
  score, then the most matches played, then the largest pairing number;
- bracket by bracket, from the top score down (art. 3.3, 3.5): the bracket is the top scoregroup of
  the players left and the lower players its residents meet (its upfloaters). [C4] its upfloaters
  are as few as any set that lets the bracket and the players after it be paired; [C5] their scores,
  highest first, are the best such a set reaches; with the published upfloaters, [C8] the
  upfloaters that meet a player who floated in the previous match (not in the last match) are as
  few as any pairing of the bracket reaches, and the identifier of art. 3.6.2 is the smallest among
  the pairings equal on [C8]. The searches are exhaustive (perfect matchings, subsets), each bounded:
  a bracket too large to search is not judged on that criterion;
- each pair's colours of game 1 by the first rule of art. 4.3 that decides them."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations

from site_builder.engine.scoring import Records
from site_builder.model import Round, Section
from site_builder.pairing import Pairing
from site_builder.pairing.breach import Breach
from site_builder.pairing.double_swiss.matches import (
    BLACK,
    WHITE,
    MatchRecord,
    baku_points,
    history,
    split_byes,
)
from site_builder.pairing.dutch.from_section import baku_group_a
from site_builder.pairing.matching import perfectly_matchable
from site_builder.pairing.state import withdrawn

ART = "C.04.5"
#: the preface of C.04.5 (numbered 0 in the handbook): a match is two games with alternating colours,
#: and a bye applies to the match, never to one game
PREFACE = ("0", f"{ART}, preface")
#: the most subsets of upfloaters, and of pairings of a bracket, a check searches
LIMIT = 20000


@dataclass(frozen=True)
class Seat:
    """A player as the criteria see them before the match."""

    number: int
    score: int  # game points in half points, with Baku's virtual points
    met: frozenset[int]
    colours: str  # game 1's colours of the played matches
    floated: bool
    barred: bool
    played: int


def seats_before(before: Section, recs: Records, done: int, out: set[int]) -> dict[int, Seat]:
    """The players to pair after `done` matches, by number."""
    half = int(before.scoring.draw * recs.scale) or 1
    numbers = sorted(p.number for p in before.players)
    past = {n: history(recs, n, done) for n in numbers}
    baku = before.options.get("acceleration") == "baku"
    virtual = baku_points(before.rounds_planned, done + 1) if baku else 0
    group_a = set(numbers[:baku_group_a(len(numbers))])

    def total(own: Sequence[MatchRecord]) -> int:
        return sum(m.points for m in own) // half

    seats = {}
    for n in numbers:
        if n in out:
            continue
        own = past[n]
        last = own[-1] if own else None
        floated = bool(last and last.played and last.opponent in past
                       and total(own[:-1]) != total(past[last.opponent][:-1]))
        bonus = virtual if n in group_a else 0
        seats[n] = Seat(n, total(own) + bonus, frozenset(m.opponent for m in own if m.played and m.opponent),
                        "".join(m.colour for m in own if m.colour), floated,
                        any(m.pab or m.forfeit_won or m.full_bye for m in own), sum(m.played for m in own))
    return seats


def _matchable(group: Sequence[Seat]) -> bool:
    """Can `group` be paired without a rematch."""
    index = {s.number: i for i, s in enumerate(group)}
    adj = [[index[o.number] for o in group if o.number != s.number and o.number not in s.met] for s in group]
    return len(group) % 2 == 0 and perfectly_matchable(adj)


def _pairings(group: list[Seat]) -> Iterator[list[tuple[Seat, Seat]]]:
    """Every pairing of `group` without a rematch."""
    if not group:
        yield []
        return
    first, rest = group[0], group[1:]
    for i, other in enumerate(rest):
        if other.number in first.met:
            continue
        for tail in _pairings(rest[:i] + rest[i + 1:]):
            yield [(first, other), *tail]


def second_game(before: Section, published: Pairing) -> list[Breach]:
    """The preface: game 2 repeats game 1's pairs with the colours reversed, and its requested byes
    and absences; art. 1.4: game 1's pairing-allocated bye is game 2's half-point bye (a game won and
    a game drawn), and game 2 has no pairing-allocated bye of its own."""
    first = next((r for r in before.rounds if r.number == published.round - 1), None)
    if first is None:
        return []
    wanted = {(g.second, g.first) for g in first.games}
    found = {(p.first, p.second) for p in published.pairs}
    out = [Breach(*PREFACE, "check.double_swiss.second_game", pair) for pair in sorted(wanted - found)]
    out += [Breach(*PREFACE, "check.double_swiss.not_in_game_one", pair) for pair in sorted(found - wanted)]
    second = next((r for r in before.rounds if r.number == published.round), None)
    half = set(second.half_byes) if second else set()
    out += [Breach("1.4", f"{ART} art. 1.4", "check.double_swiss.bye_of_match", (b,))
            for b in sorted(set(first.byes) - half)]
    out += [Breach("1.4", f"{ART} art. 1.4", "check.double_swiss.bye_of_game_two", (b,))
            for b in sorted(published.byes)]
    return out + (_requests(first, second) if second else [])


def _requests(first: Round, second: Round) -> list[Breach]:
    """The preface: a requested bye or absence applies to the match, the same in both games (game
    1's pairing-allocated bye and a bye of game 2's own are art. 1.4's, above)."""
    splits = [s for s in split_byes(first, second) if "byes" not in (s.first, s.second)]
    out = [Breach(*PREFACE, "check.double_swiss.request_not_repeated", (s.player,), (("key", s.first),))
           for s in splits if s.first]
    return out + [Breach(*PREFACE, "check.double_swiss.request_of_game_two", (s.player,),
                         (("key", s.second),)) for s in splits if s.second]


def left_out(before: Section, number: int) -> set[int]:
    out = withdrawn(before, number - 1)
    request = next((r for r in before.rounds if r.number == number), None)
    if request is not None:
        out |= set(request.half_byes) | set(request.full_byes) | set(request.absent)
    return out


def breaches(before: Section, recs: Records, published: Pairing) -> list[Breach]:
    """The criteria `published` breaks, the most important first."""
    if published.round % 2 == 0:
        return second_game(before, published)
    done = published.round // 2
    seats = seats_before(before, recs, done, left_out(before, published.round))
    found = _absolute(seats, published)
    if found:
        return found
    found = _bye(seats, published)
    if found:
        return found
    last = done + 1 >= before.rounds_planned // 2
    return _brackets(seats, published, last) or _colours(seats, published, initial_colour(before, published))


def _absolute(seats: dict[int, Seat], published: Pairing) -> list[Breach]:
    """[C1], [C2], and each player paired once or the only bye."""
    out = [Breach("C1", f"{ART} art. 2.1", "check.double_swiss.rematch", (p.first, p.second))
           for p in published.pairs if p.first in seats and p.second in seats[p.first].met]
    out += [Breach("C2", f"{ART} art. 2.1", "check.double_swiss.bye_barred", (b,))
            for b in published.byes if b in seats and seats[b].barred]
    named = [n for p in published.pairs for n in (p.first, p.second)] + list(published.byes)
    out += [Breach("3.3", f"{ART} art. 3.3", "check.double_swiss.unpaired", (n,))
            for n in sorted(set(seats) - set(named))]
    out += [Breach("3.3", f"{ART} art. 3.3", "check.double_swiss.twice", (n,))
            for n in sorted({n for n in named if named.count(n) > 1})]
    if len(published.byes) != len(seats) % 2:
        out.append(Breach("3.4", f"{ART} art. 3.4", "check.double_swiss.bye_count", (),
                          (("byes", str(len(published.byes))), ("players", str(len(seats))),
                           ("n", str(len(published.byes))))))
    return out


def _bye(seats: dict[int, Seat], published: Pairing) -> list[Breach]:
    """Art. 3.4: the bye to the first player, by the lowest score, the most matches played and the
    largest pairing number, whom [C2] allows and who leaves the others a pairing."""
    if not published.byes:
        return []
    order = sorted((s for s in seats.values() if not s.barred), key=lambda s: (s.score, -s.played, -s.number))
    for seat in order:
        if _matchable([s for s in seats.values() if s is not seat]):
            if seat.number != published.byes[0]:
                return [Breach("3.4", f"{ART} art. 3.4", "check.double_swiss.bye_order",
                               (seat.number, published.byes[0]))]
            return []
    return []


def _brackets(seats: dict[int, Seat], published: Pairing, last: bool) -> list[Breach]:
    """Each bracket from the top: its upfloaters ([C4]–[C7], art. 3.5.4), then its pairs ([C8]
    and the identifier), in that order."""
    mate = {p.first: p.second for p in published.pairs} | {p.second: p.first for p in published.pairs}
    scores = sorted({s.score for s in seats.values()}, reverse=True)  # the round's scoregroups
    left = [s for s in sorted(seats.values(), key=lambda s: s.number) if s.number not in published.byes]
    while left:
        top = max(s.score for s in left)
        residents = [s for s in left if s.score == top]
        lower = [s for s in left if s.score < top]
        ups = [seats[mate[r.number]] for r in residents if seats[mate[r.number]].score < top]
        following = next((x for x in scores if x < top), None)
        found = _upfloaters(Bracket(residents, lower, top, following, last), ups)
        bracket = sorted(residents + ups, key=lambda s: s.number)
        pairs = [(s, seats[mate[s.number]]) for s in bracket if s.number < mate[s.number]]
        found = found or _pairing(bracket, pairs, last, top)
        if found:
            return found
        done = {s.number for s in bracket}
        left = [s for s in left if s.number not in done]
    return []


def _points(score: int) -> str:
    """A score in half points, as points."""
    return f"{score // 2}" + ("½" if score % 2 else "")


@dataclass(frozen=True)
class Bracket:
    """The players a bracket's upfloaters are chosen for: its residents, the players below them
    still to pair, their score, the next lower score of the round ([C6]), the last match ([C7])."""

    residents: list[Seat]
    lower: list[Seat]
    top: int
    following: int | None
    last: bool


def _upfloaters(b: Bracket, ups: list[Seat]) -> list[Breach]:
    """[C4], [C5], [C6], [C7] and the order of art. 3.5.4 of the bracket's upfloaters `ups`."""
    values = (("score", _points(b.top)),)
    for count in range(len(b.residents) % 2, len(ups) + 1, 2):
        sets = _legal_sets(b.residents, b.lower, count)
        if sets is None:
            return []  # too many sets to search: not judged
        if not sets:
            continue
        if count < len(ups):
            return [Breach("C4", f"{ART} art. 2.3.1", "check.double_swiss.upfloaters", (),
                           (*values, ("best", str(count)), ("published", str(len(ups))), ("n", str(count))))]
        best = max(_profile(chosen) for chosen in sets)
        if _profile(ups) != best:
            return [Breach("C5", f"{ART} art. 2.3.2", "check.double_swiss.upfloater_scores", (),
                           (*values, ("best", ", ".join(map(_points, best))),
                            ("published", ", ".join(map(_points, _profile(ups))))))]
        return _first_set(b, [list(c) for c in sets if _profile(c) == best], ups)
    return []


def _profile(chosen: Sequence[Seat]) -> list[int]:
    """[C5]: the upfloaters' scores, highest first."""
    return sorted((s.score for s in chosen), reverse=True)


def _first_set(b: Bracket, sets: list[list[Seat]], ups: list[Seat]) -> list[Breach]:
    """[C6], [C7], then art. 3.5.4: the published set is the first, in the order of their
    pairing numbers (each set by descending score, then pairing number), of the sets best on
    [C6] and then [C7]."""
    values = (("score", _points(b.top)),)

    def key(chosen: list[Seat]) -> tuple[int, int]:
        rest = [s for s in b.lower if s not in chosen]
        c7 = 0 if b.last else sum(s.floated for s in chosen)
        return (0 if _following_pairable(b.following, rest) else 1), c7

    mine, best = key(ups), min(key(c) for c in sets)
    if mine[0] > best[0]:
        return [Breach("C6", f"{ART} art. 2.3.3", "check.double_swiss.following", (), values)]
    if mine[1] > best[1]:
        return [Breach("C7", f"{ART} art. 2.3.4", "check.double_swiss.floated_up", (),
                       (*values, ("best", str(best[1])), ("published", str(mine[1])), ("n", str(best[1]))))]

    def order(chosen: list[Seat]) -> list[int]:
        return [s.number for s in sorted(chosen, key=lambda s: (-s.score, s.number))]

    first = min((c for c in sets if key(c) == best), key=order)
    if order(first) != order(ups):
        return [Breach("3.5", f"{ART} art. 3.5.4", "check.double_swiss.upfloater_order", (),
                       (*values, ("best", ", ".join(map(str, order(first)))),
                        ("published", ", ".join(map(str, order(ups))))))]
    return []


def _following_pairable(following: int | None, rest: list[Seat]) -> bool:
    """[C6]: the players of the following scoregroup still to pair can be paired with the fewest
    upfloaters their number allows (none or one), the players after them too; true when none is
    left of it (all became upfloaters) or there is no such scoregroup."""
    group = [s for s in rest if s.score == following]
    if following is None or not group:
        return True
    below = [s for s in rest if s.score < following]
    for extra in ([[]] if len(group) % 2 == 0 else [[s] for s in below]):
        bracket = group + extra
        if _matchable(bracket) and _matchable([s for s in below if s not in extra]):
            return True
    return False


def _legal_sets(residents: list[Seat], lower: list[Seat], count: int) -> list[tuple[Seat, ...]] | None:
    """The sets of `count` upfloaters with which the bracket and the players after it can be paired
    ([C3]); None when there are too many sets to search."""
    chosen_sets = list(combinations(lower, count)) if _few(len(lower), count) else None
    if chosen_sets is None:
        return None
    return [c for c in chosen_sets
            if _matchable(residents + list(c)) and _matchable([s for s in lower if s not in c])]


def _few(n: int, k: int) -> bool:
    total = 1
    for i in range(k):
        total = total * (n - i) // (i + 1)
    return total <= LIMIT


def _pairing(bracket: list[Seat], pairs: list[tuple[Seat, Seat]], last: bool, top: int) -> list[Breach]:
    """[C8] and the identifier of the bracket's published pairs, against every pairing of it (of a
    bracket too large to search, against every pairing one exchange of opponents away)."""
    values = (("score", _points(top)),)
    mine = _quality(pairs, last)
    best: tuple[int, tuple[int, ...]] | None = None
    for count, option in enumerate(_pairings(bracket)):
        if count > LIMIT:
            best = min((_quality(o, last) for o in _exchanges(pairs)), default=None)
            break
        quality = _quality(option, last)
        best = quality if best is None or quality < best else best
    if best is None or best >= mine:
        return []
    if best[0] < mine[0]:
        return [Breach("C8", f"{ART} art. 2.3.5", "check.double_swiss.floaters", (),
                       (*values, ("best", str(best[0])), ("published", str(mine[0])), ("n", str(best[0]))))]
    return [Breach("3.6", f"{ART} art. 3.6.2", "check.double_swiss.identifier", (),
                   (*values, ("best", _shown(best[1])), ("published", _shown(mine[1]))))]


def _exchanges(pairs: list[tuple[Seat, Seat]]) -> Iterator[list[tuple[Seat, Seat]]]:
    """Every pairing that two pairs exchanging opponents make of `pairs`, without a rematch."""
    for i, j in combinations(range(len(pairs)), 2):
        (a, b), (c, d) = pairs[i], pairs[j]
        rest = pairs[:i] + pairs[i + 1:j] + pairs[j + 1:]
        for one, two in (((a, c), (b, d)), ((a, d), (b, c))):
            if one[1].number not in one[0].met and two[1].number not in two[0].met:
                yield [*rest, one, two]


def _quality(pairs: Sequence[tuple[Seat, Seat]], last: bool) -> tuple[int, tuple[int, ...]]:
    """(the upfloaters whose opponent floated in the previous match, the identifier of art. 3.6.2:
    the top members in ascending order, then the bottom members in their order)."""
    floats = 0 if last else sum(1 for a, b in pairs if a.score != b.score
                                and (a if a.score > b.score else b).floated)
    return floats, identifier((a.number, b.number) for a, b in pairs)


def identifier(pairs: Iterable[tuple[int, int]]) -> tuple[int, ...]:
    """Art. 3.6.2: a pairing's identifier, its top members (the smaller number of each pair) in
    ascending order, then its bottom members in the order of their top members.

    >>> identifier([(11, 24), (16, 6), (10, 9), (8, 4)])
    (4, 6, 9, 11, 8, 16, 10, 24)
    """
    ordered = sorted((min(a, b), max(a, b)) for a, b in pairs)
    return tuple(t for t, _ in ordered) + tuple(b for _, b in ordered)


def _shown(identifier: tuple[int, ...]) -> str:
    """An identifier as its pairs: `1-4, 2-5`."""
    half = len(identifier) // 2
    return ", ".join(f"{t}-{b}" for t, b in zip(identifier[:half], identifier[half:], strict=True))


def initial_colour(before: Section, published: Pairing) -> str | None:
    """The initial-colour (art. 4.3.1): the section's `first_colour`, else what round 1 shows of it
    (the smaller number of its first pair is the higher-ranked player); None when nothing shows it."""
    option = before.options.get("first_colour")
    if option in ("white", "black"):
        return WHITE if option == "white" else BLACK
    first = next((r for r in before.rounds if r.number == 1 and r.games), None)
    games = first.games if first else published.pairs
    pairs = [(g.first, g.second) for g in games]
    if not pairs:
        return None
    white, black = min(pairs, key=min)
    colour = WHITE if white < black else BLACK
    return colour if min(white, black) % 2 else (BLACK if colour == WHITE else WHITE)


def _colours(seats: dict[int, Seat], published: Pairing, initial: str | None) -> list[Breach]:
    """Art. 4.3, pair by pair: the first rule that decides gives White in game 1 to the player it
    names."""
    out = []
    for pair in published.pairs:
        if pair.first not in seats or pair.second not in seats:
            continue
        rule, white = white_by_rule(seats[pair.first], seats[pair.second], initial)
        if white is not None and white != pair.first:
            out.append(Breach("4.3", f"{ART} art. {rule}", "check.double_swiss.colour",
                              (pair.first, pair.second, white)))
    return out


def white_by_rule(a: Seat, b: Seat, initial: str | None) -> tuple[str, int | None]:
    """(the rule of art. 4.3 that decides, the player it gives White in game 1); the higher-ranked
    player (art. 1.2) is the one of the higher score, then of the smaller number."""
    hrp, opp = sorted((a, b), key=lambda s: (-s.score, s.number))
    if not hrp.colours and not opp.colours:
        if initial is None:
            return "4.3.1", None
        odd = hrp.number % 2 == 1
        return "4.3.1", hrp.number if (initial == WHITE) == odd else opp.number
    if hrp.colours.count(WHITE) != opp.colours.count(WHITE):
        fewer = hrp if hrp.colours.count(WHITE) < opp.colours.count(WHITE) else opp
        return "4.3.2", fewer.number
    for own, their in zip(reversed(hrp.colours), reversed(opp.colours), strict=False):
        if own != their:
            return "4.3.3", opp.number if own == WHITE else hrp.number
    if hrp.colours:
        return "4.3.4", opp.number if hrp.colours[-1] == WHITE else hrp.number
    return "4.3.5", hrp.number if opp.colours[-1] == WHITE else opp.number
