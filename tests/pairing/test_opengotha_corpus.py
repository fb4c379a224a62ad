"""Every round of every OpenGotha tournament of the corpus (tests/data/opengotha, see its SOURCE.md)
re-paired from the rounds before it, compared with OpenGotha's pairs; where OpenGotha dumped its
weights, every pair's weight compared criterion by criterion.

The players of a round are those OpenGotha paired or gave the bye (an organizer may leave a player
out of a round: KPMC round 2 pairs 58 of its 59 present players). The rounds paired otherwise are
listed in `KNOWN` with why (docs/go.md, "McMahon and Swiss as OpenGotha pairs them").
"""

from __future__ import annotations

import gzip
from dataclasses import replace
from functools import cache
from pathlib import Path

from site_builder.opengotha.read import read_gotha
from site_builder.pairing.gotha.event import GothaEvent
from site_builder.pairing.gotha.round import pair_round, players_to_pair, weights
from site_builder.pairing.gotha.state import round_state
from site_builder.pairing.gotha.weights import pair_weight

CORPUS = Path(__file__).resolve().parents[1] / "data" / "opengotha"

#: Rounds whose pairs differ from OpenGotha's, and why (each checked: see the test below).
#: Ours and OpenGotha's weigh the same: the matchers break the tie differently (pairgoth, which
#: tests itself on these files, forces OpenGotha's pairing in such rounds too).
TIE = "another pairing of the same total weight"
#: By our weights (equal to OpenGotha's where dumped), OpenGotha's pairing weighs less than ours.
HEAVIER = "ours weighs more than OpenGotha's"
#: OpenGotha gave the bye to another player.
BYE = "bye"
#: Rounds whose bye the organizer gave by hand: a given of the round (the engine keeps it and
#: pairs the others), not a choice of the pairing.
HAND_BYES = {
    # Neither OpenGotha 3.52's choice (the lowest 2 × MMS, or rank + 40 × wins in a Swiss) nor
    # 3.51's (the lowest rank + 2 × MMS), each with 1000 more per earlier bye: bosp2024 (a file
    # edited by hand: a <ByePlayer> element wrapped around its byes, keys in mixed case) gives it
    # to a 7k of 39, malavasi (985 players, paired in groups of at most 600) to a 19k of 709,
    # veterans-2021 (saved by 3.51) to a 5k of 41.
    "bosp2024 R1",
    "malavasi R1",
    "veterans-2021 R2",
}
KNOWN: dict[str, str] = {
    # KPMC round 1 ('Splitbug'): every weight equals OpenGotha's dump (made from the file as saved)
    # and the file's pairing weighs 33,332 less: three pairs of its group of 60 are 29, 29 and 32
    # places apart where split and slip asks 30. They are exactly 30 apart, and the round is paired
    # as the file has it, if "Kim Tae-heon #9" sorts between "Liu" and "van Zeist" among the seven
    # 7d of rating 2650 (as "Tae-heon Kim" would): the name was written otherwise when the round
    # was paired (round 2, paired with "Kim", matches).
    "20240921-KPMC-Splitbug R1": HEAVIER,
    # bosp2024 is edited by hand (see HAND_BYES); its round 1 weighs less than ours in
    # draw-ups/downs and seeding.
    "bosp2024 R1": HEAVIER,
    # malavasi: 985 players, paired in groups of at most 600; round 2 weighs 6,325,666
    # (seeding-sized) more with ours. No dump.
    "malavasi R1": HEAVIER,
    "malavasi R2": HEAVIER,
    # frioul-2018 (3.46.02, no dump), by 3.46's rules: round 2 has another pairing of the same
    # weight (the order 3.46 listed the players in is not known: it does not follow the
    # standings, names, ranks, ratings or the file); round 4 weighs 253,437,501 less than ours.
    "frioul-2018 R2": TIE,
    "frioul-2018 R4": HEAVIER,
    # veterans-2021 (3.51, no dump) was paired in parts by hand: round 1 in four batches (tables
    # 1–6, 7–12, 13–18, 19–21: each pairs its own 12 or 6 players as OpenGotha would, but the
    # third, whose ratings changed after the round, as the table order shows); its other rounds
    # weigh less than ours by up to a whole score group (1.3·10¹¹ in round 3).
    "veterans-2021 R1": HEAVIER,
    "veterans-2021 R2": HEAVIER,
    "veterans-2021 R3": HEAVIER,
    "veterans-2021 R4": HEAVIER,
    "veterans-2021 R5": HEAVIER,
}


def _dump(name: str, number: int) -> dict[tuple[str, str], dict[str, int]] | None:
    path = CORPUS / "weights" / f"{name}_weights_R{number}.txt.gz"
    if not path.exists():
        return None
    with gzip.open(path, "rt", encoding="utf-8") as text:
        lines = text.read().splitlines()[2:]
    records = {}
    for start in range(0, len(lines) - 11, 12):
        fields = dict(line.split("=", 1) for line in lines[start:start + 12])
        pair = (fields.pop("Player1Name"), fields.pop("Player2Name"))
        records[pair] = {key: int(value) for key, value in fields.items()}
    return records


@cache
def _events() -> dict[str, GothaEvent]:
    """The corpus's events by name. A file with weight dumps is paired by the rules of OpenGotha
    3.52 (that dumped them, and paired as it pairs); one without, by the rules of the version that
    saved it (frioul-2018: 3.46.02, veterans-2021: 3.51)."""
    files = sorted(CORPUS.glob("*.xml"))
    assert files, f"the OpenGotha corpus is missing: {CORPUS}"
    events = {}
    for path in files:
        name, read = path.name.split(".")[0], read_gotha(path)
        dumped = any((CORPUS / "weights").glob(f"{name}_weights_R*"))
        rules = read.event.parameters if dumped else replace(read.event.parameters, rules=read.version)
        events[name] = replace(read.event, parameters=rules)
    return events


def _round(event: GothaEvent, number: int, hand_bye: bool = False) -> tuple[GothaEvent, list[str]]:
    """The event as it stood when round `number` was paired (with the round's bye when it was
    given by hand), and the round's players in OpenGotha's order."""
    before = event.before(number)
    taken = {k for g in event.games if g.round == number for k in (g.white, g.black)}
    bye = event.byes.get(number)
    keys = [k for k in players_to_pair(before, number) if k in taken or k == bye]
    if hand_bye and bye is not None:
        before = replace(before, byes={**before.byes, number: bye})
    return before, keys


def _total(event: GothaEvent, number: int, keys: list[str], pairs: list[tuple[str, str]]) -> int:
    """The total weight of `pairs` in round `number` (each pair weighed in the players' order)."""
    state = round_state(event, number)
    place = {k: i for i, k in enumerate(keys)}
    return sum(pair_weight(state, *sorted(pair, key=place.__getitem__)).total for pair in pairs)


def _compare() -> tuple[list[str], dict[str, str], int, int]:
    """(rounds paired as OpenGotha, the others with how their weights compare, weights equal,
    weights compared)."""
    same, other, equal, compared = [], {}, 0, 0
    for name, event in _events().items():
        names = {p.key: f"{p.name} {p.first_name}" for p in event.players}
        played = {g.round for g in event.games}
        dumped = {int(path.name.split("_R")[-1].split(".")[0])
                  for path in (CORPUS / "weights").glob(f"{name}_weights_R*")}
        for number in sorted(played | dumped):
            label = f"{name} R{number}"
            dump = _dump(name, number)
            if number not in played:  # dumped only (bosp2024 R3): its players are the dump's
                assert dump is not None
                dumped_names = {n for pair in dump for n in pair}
                before = event.before(number)
                keys = [k for k in players_to_pair(before, number) if names[k] in dumped_names]
                bye = None
            else:
                before, keys = _round(event, number, label in HAND_BYES)
                pairing = pair_round(before, number, keys)
                bye = pairing.bye
                ours = {frozenset((g.white, g.black)) for g in pairing.games}
                theirs = {frozenset((g.white, g.black)) for g in event.games if g.round == number}
                if ours == theirs and pairing.bye == event.byes.get(number):
                    same.append(label)
                elif pairing.bye != event.byes.get(number):
                    other[label] = BYE
                else:
                    mine = _total(before, number, keys, [(g.white, g.black) for g in pairing.games])
                    theirs_pairs = [(g.white, g.black) for g in event.games if g.round == number]
                    gotha = _total(before, number, keys, theirs_pairs)
                    other[label] = TIE if mine == gotha else HEAVIER if mine > gotha else "ours weighs less"
            if dump is not None:
                state = round_state(before, number)
                ours_w = {(names[a], names[b]): w.by_dump_name()
                          for (a, b), w in weights(state, [k for k in keys if k != bye]).items()}
                for pair, values in dump.items():
                    compared += 1
                    equal += ours_w.get(pair, ours_w.get(pair[::-1])) == values
    return same, other, equal, compared


def test_every_round_is_paired_as_opengotha_paired_it() -> None:
    same, other, equal, compared = _compare()
    summary = f"{len(same)}/{len(same) + len(other)} rounds, {equal}/{compared} weights"
    print(summary)
    assert equal == compared, summary
    assert other == KNOWN, summary
