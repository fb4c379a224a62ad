"""What a round was paired from: `bulletin pair` records a digest of the results of the rounds
before it (`paired_from:` in the round file); when a result is corrected later, the digest no
longer matches and the round is stale: paired from other scores than the rounds now hold."""

from __future__ import annotations

import hashlib

from site_builder.model import Round, Section


def results_digest(section: Section, before: int) -> str:
    """A digest of everything the pairing of round `before` reads of rounds 1..before−1: each game's
    players, board, kind and result, the byes, absences and withdrawals (16 hexadecimal digits)."""
    digest = hashlib.sha256()
    for rnd in section.rounds:
        if rnd.number >= before:
            continue
        games = sorted((g.board, g.first, g.second, g.outcome.value, g.kind.value) for g in rnd.all_games)
        lists = (rnd.byes, rnd.absent, rnd.half_byes, rnd.full_byes, rnd.withdrawn, rnd.team_byes)
        digest.update(repr((rnd.number, games, [sorted(x) for x in lists])).encode())
    return digest.hexdigest()[:16]


def stale_rounds(section: Section) -> list[Round]:
    """The rounds whose recorded `paired_from` no longer matches the results before them, unless the
    arbiter kept them as played with those results (`accepted_from`, written by `pair --accept`)."""
    return [r for r in section.rounds if r.paired_from
            and results_digest(section, r.number) not in (r.paired_from, r.accepted_from)]
