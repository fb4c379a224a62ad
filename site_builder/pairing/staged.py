"""Pairing of the staged Swiss (seed 003): fold pairing, positional rounds with the preliminary
byes to numbers 1 and 2, elimination after round 2, and the final round by position segments."""

from __future__ import annotations

from site_builder.engine import staged
from site_builder.engine.scoring import Records
from site_builder.engine.standings import staged_standings
from site_builder.model import Section
from site_builder.pairing import Note, Pair, Pairing, PairingSeedMissing
from site_builder.pairing.lots import rng
from site_builder.pairing.positional import pair_round
from site_builder.pairing.state import contenders


def next_staged_round(section: Section, recs: Records, draw_seed: int | None) -> Pairing:
    number = section.current_round + 1
    players = contenders(section, recs, number - 1)
    if number == 1:
        return pair_round(players, 1)  # fold; number 1 has the bye of an odd field (§2.1.3)
    if number == 2:
        return pair_round(players, 2, bye_to=2)  # number 2 has the bye in round 2 (§2.1.3)
    prelims = staged.elimination(section, recs, section.eliminate_after_prelims)
    players = [p for p in players if p.id not in prelims.out]
    if number < section.rounds_planned:
        return pair_round(players, number)  # main stage: renumbered in the same order (§2.2.3)
    if draw_seed is None:
        raise PairingSeedMissing("the final round's nigiri")
    # §5.4.4: a player withdrawing before the final still has a final game, which they lose
    return final_round(section, recs, staged.in_final(section, prelims), number, draw_seed)


def final_round(section: Section, recs: Records, active: set[int], number: int, draw_seed: int) -> Pairing:
    """§2.3: 1v2, 3v4, … by the ranking after the second-to-last round; colours by nigiri (§4.2)."""
    table = staged_standings(section, recs, number - 1, draw_seed)
    ranking = [row.player for row in table.rows if row.player in active]
    pairs, bye = staged.final_pairs(ranking)
    nigiri = rng(draw_seed, section.id, "nigiri", number)
    boards, notes = [], []
    for board, (a, b) in enumerate(pairs, start=1):
        first, second = (a, b) if nigiri.random() < 0.5 else (b, a)
        boards.append(Pair(board, first, second))
        notes.append(Note("segment", (a, b), f"{2 * board - 1}-{2 * board}"))
    # §5.4.4: the final game of a player who has withdrawn is written as their forfeit loss, and
    # the bye of an odd final is not given to him
    out = staged.withdrawn_before_final(section)
    if bye in out:
        notes.append(Note("withdrawn_bye", (bye,)))
        bye = None
    elif bye is not None:
        notes.append(Note("bye", (bye,)))
    gone = tuple(sorted(out & {p for a, b in pairs for p in (a, b)}))
    if gone:
        notes.append(Note("withdrawn", gone))
    return Pairing(number, tuple(boards), (bye,) if bye is not None else (), tuple(notes))
