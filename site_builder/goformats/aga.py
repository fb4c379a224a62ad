"""`bulletin export aga`: a section as the AGA's results file, which the AGA rates.

The format (the AGA's Tournament Data Exchange, "TDE File Format",
http://ourworld.compuserve.com/homepages/AccelRat/TDE.htm, and what OpenGotha writes: its
`ExternalDocument.generateAGAResultsFile`, ISO-8859-15 text, as its h9 table): `#` starts a
comment; a `TOURNEY` line names the event, place and dates, with its `start=` and `finish=`; a
`PLAYERS` block lists each player's AGA id, "Surname, Given" (their `latin_name:` when they have
one) and rank; a `GAMES n` block per round lists each game won over the board: White's id, Black's
id, the winner (`W` or `B`), the handicap and the komi (whole points). A player without `aga_id:`
gets a temporary id from 99999 down, as OpenGotha gives them; games not won over the board (jigo,
forfeits, both lose) are not rated: a comment says so. Its texts are the h9 table's, in Latin-9
(`names.Latin9Texts`): the event's English name and venue when it has them, the players' `latin_name:`;
what Latin-9 cannot hold is a located problem, all of them raised together.
"""

from __future__ import annotations

import math

from site_builder.games.go_latin import LATIN9
from site_builder.goformats.names import ExportError, Latin9Texts
from site_builder.model import Event, Outcome, Section

TEMPORARY_FROM = 99999


def export_aga(event: Event, section: Section) -> bytes:
    """The AGA results file of `section` of `event`, encoded in ISO-8859-15."""
    if not section.rounds:
        raise ExportError(f"section {section.id!r} has no rounds yet (hint: export it after round 1)")
    ids = _ids(section)
    texts = Latin9Texts(event)
    dates = [d.isoformat() for d in (event.dates.start, event.dates.end) if d]
    parts = (texts.event_text("name"), texts.event_text("venue"), " - ".join(dates))
    where = ", ".join(part for part in parts if part)
    lines = [f"TOURNEY {where}"]
    lines += [f"\t{key}={value}" for key, value in zip(("start", "finish"), dates, strict=False)]
    lines += ["", "PLAYERS"]
    lines += [f"{ids[p.number]}\t{texts.name(p, str.strip)}\t{p.rank or '30k'}" for p in section.players]
    for rnd in section.rounds:
        lines += ["", f"GAMES {rnd.number}"]
        for game in rnd.games:
            black, white = ids[game.first], ids[game.second]
            if game.outcome is Outcome.PENDING:
                raise ExportError(f"round {rnd.number}, board {game.board} has no result (hint: enter "
                                  "every result first)")
            if game.outcome not in (Outcome.FIRST_WINS, Outcome.SECOND_WINS):
                lines.append(f"# board {game.board}: {white} (W) {black} (B) {game.outcome.value}: "
                             "not won over the board, not rated")
                continue
            winner = "B" if game.outcome is Outcome.FIRST_WINS else "W"
            handicap = game.handicap if game.handicap and game.handicap > 1 else 0
            komi = math.floor(game.komi) if game.komi is not None else (0 if game.handicap else 7)
            lines.append(f"{white}\t{black}\t{winner}\t{handicap}\t{komi}")
    texts.check()
    return ("\n".join(lines) + "\n").encode(LATIN9)


def _ids(section: Section) -> dict[int, str]:
    """Each player's AGA id: `aga_id:`, else a temporary one from 99999 down (skipping ids taken)."""
    given = {p.number: p.fields.get("aga_id", "").strip() for p in section.players}
    taken = set(given.values())
    next_id = TEMPORARY_FROM
    ids = {}
    for player in section.players:
        if given[player.number]:
            ids[player.number] = given[player.number]
            continue
        while str(next_id) in taken:
            next_id -= 1
        ids[player.number] = str(next_id)
        taken.add(str(next_id))
    return ids
