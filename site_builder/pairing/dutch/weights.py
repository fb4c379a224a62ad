"""Edge weights that rank candidate pairs by the Dutch criteria (C.04.3 §2–§4), most important first.

A weight is a bit string of fields, one per criterion, so that a maximum-weight matching optimises
the criteria lexicographically: absolute criteria and completion (C1–C4), pairs and pairing score
differences in the current bracket (C5–C6) and the next one (C7), colours (C10–C13) and floats
(C14–C21). The lowest bits are left free for the bracket procedure's own ordering rules.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from site_builder.pairing.dutch.history import Float, State, invert


@dataclass(frozen=True)
class Layout:
    """Field widths: `size_bits` holds a count of players of one scoregroup; `shift[score]` is the
    position of a scoregroup inside the `groups_bits`-wide fields that weigh scores."""

    size_bits: int
    groups_bits: int
    shift: dict[int, int]


def layout_for(scores: list[int]) -> Layout:
    """Field widths for players sorted by descending score."""
    counts: dict[int, int] = {}
    for score in scores:
        counts[score] = counts.get(score, 0) + 1
    shift: dict[int, int] = {}
    total = 0
    for score in sorted(counts):
        shift[score] = total
        total += counts[score].bit_length()
    return Layout(max(counts.values(), default=1).bit_length(), total, shift)


@dataclass(frozen=True)
class RoundFacts:
    """Round-wide facts the weights depend on."""

    layout: Layout
    rounds_played: int
    last_round: bool  # the round being paired is the last one (topscorer rules apply)
    bye_score: int  # score of the player who will get the pairing-allocated bye (odd fields)
    floats: dict[int, tuple[Float | None, ...]]  # number → (float one round ago, two rounds ago; None: none)
    # C9 applies while the bye will go to the single player left over by the current bracket; then
    # pairing a player of the bye's score weighs the rank of their count of unplayed games
    bye_from_bracket: bool = False
    unplayed_rank: dict[int, int] = field(default_factory=dict)  # played games → rank


def compatible(a: State, b: State, ctx: RoundFacts) -> bool:
    """C1 (no rematch) and C3 (no two non-topscorers with the same absolute colour preference)."""
    if b.number in a.forbidden:
        return False
    if not a.absolute or not b.absolute or a.preference != b.preference:
        return True
    return ctx.last_round and (a.score > ctx.rounds_played or b.score > ctx.rounds_played)


def bye_candidate(player: State, ctx: RoundFacts) -> bool:
    return player.bye_eligible and player.score <= ctx.bye_score


def colour_fields(lower: State, higher: State) -> tuple[int, int, int, int]:
    """C10 (colour difference beyond ±2), C11 (same colour thrice), C12 (colour preference) and C13
    (strong colour preference): 1 where the pair respects the criterion."""
    p, o = lower, higher
    same = p.preference == o.preference
    c10 = not p.absolute_imbalance or not o.absolute_imbalance or not same
    if p.imbalance == o.imbalance:
        thrice_avoided = p.repeated is None or p.repeated != o.repeated
    else:
        thrice_avoided = (o if p.imbalance > o.imbalance else p).repeated != invert(p.preference)
    c11 = not p.absolute or not o.absolute or not same or thrice_avoided
    c12 = p.preference is None or o.preference is None or not same
    c13 = ((not p.strong and not p.absolute) or (not o.strong and not o.absolute)
           or (p.absolute and o.absolute) or not same)
    return int(c10), int(c11), int(c12), int(c13)


@dataclass(frozen=True)
class Field:
    """A field below completion: its bits, and for scoregroup fields the score it counts (their
    sums never exceed the number of players with that score)."""

    position: int
    width: int
    score: int | None = None
    head: bool = False  # C5–C7: pairs and scores paired in the bracket and in the next scoregroup


def criteria_fields(layout: Layout, rounds_played: int) -> list[Field]:
    """Every field below completion, scoregroup fields split per score, from the lowest: the first
    one (position 0) is the room left for the bracket's ordering rules."""
    size = layout.size_bits
    groups = sorted((at, score) for score, at in layout.shift.items())
    ends = [at for at, _ in groups[1:]] + [layout.groups_bits]
    widths: list[int | Literal["head", "head-groups"] | None] = [
        "head", "head-groups", "head", "head-groups", 2 * size, size, size, size, size]
    floats = min(rounds_played, 2)
    widths += [size, size] * floats + [None, None] * floats + [3 * size + 1]
    fields: list[Field] = []
    pos = 0
    for width in reversed(widths):
        if width is None or width == "head-groups":
            fields += [Field(pos + at, end - at, score, head=width is not None)
                       for (at, score), end in zip(groups, ends, strict=True)]
            pos += layout.groups_bits
        elif width == "head":
            fields.append(Field(pos, size, head=True))
            pos += size
        else:
            fields.append(Field(pos, width))
            pos += width
    return fields


def criteria_bits(layout: Layout, rounds_played: int) -> int:
    """The width of everything below the completion field."""
    return sum(f.width for f in criteria_fields(layout, rounds_played))


#: score, preference, imbalance, repeated colour, strong, bye eligible, played games, floats
Signature = tuple[int, str | None, int, str | None, bool, bool, int, tuple[Float | None, ...]]


def signature(player: State, ctx: RoundFacts) -> Signature:
    """What `criteria_weight` reads of a player: equal signatures, equal weights."""
    return (player.score, player.preference, player.imbalance, player.repeated, player.strong,
            player.bye_eligible, player.played_games, ctx.floats[player.number])


def criteria_weight(higher: State, lower: State, in_bracket: bool, in_next: bool, ctx: RoundFacts) -> int:
    """The weight of pairing `higher` with `lower` (who ranks below), players who may meet."""
    lay = ctx.layout
    size, groups = lay.size_bits, lay.groups_bits
    w = 1 + (not bye_candidate(higher, ctx)) + (not bye_candidate(lower, ctx))
    w = (w << size) | in_bracket  # C5: pairs in the bracket
    w <<= groups  # C6: scores paired in the bracket
    if in_bracket:
        w |= 1 << lay.shift[higher.score]
    w = (w << size) | in_next  # C7: pairs in the next bracket, then their scores
    w <<= groups
    if in_next:
        w |= 1 << lay.shift[higher.score]
    w <<= 2 * size  # C9: the bye to the player with the fewest unplayed games
    if ctx.bye_from_bracket:
        if higher.score == ctx.bye_score:
            w |= ctx.unplayed_rank[higher.played_games]
        if lower.score == ctx.bye_score:
            w += ctx.unplayed_rank[lower.played_games]
    for bit in colour_fields(lower, higher):
        w = (w << size) | (in_bracket and bit)
    fl, fh = ctx.floats[lower.number], ctx.floats[higher.number]
    ups = higher.score > lower.score
    for back in range(min(ctx.rounds_played, 2)):  # C14–C17: repeated floats
        w <<= size
        if in_bracket:
            w |= fl[back] is Float.DOWN
            w += higher.score <= lower.score and fh[back] is Float.DOWN
        w <<= size
        if in_bracket:
            w |= not (ups and fl[back] is Float.UP)
    for back in range(min(ctx.rounds_played, 2)):  # C18–C21: their score differences
        w <<= groups
        if in_bracket:
            w += (fl[back] is Float.DOWN) << lay.shift[lower.score]
            w += (fh[back] is Float.DOWN) << lay.shift[higher.score]
        w <<= groups
        if in_bracket and not (fl[back] is Float.UP and ups):
            w |= 1 << lay.shift[higher.score]
    return w << (3 * size + 1)  # room for the bracket's ordering rules
