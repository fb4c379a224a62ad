"""Cross-check of the FIDE team Swiss engine (C.04.6) against Gacrux's `fideteam` pairing checker.

Each tournament is generated from its seed: 6–30 teams of 4 boards, 5–9 rounds, a colour model
(art. 1.7: A, B or none), match or game points as the primary score (art. 1.2), the secondary score
used for the colours or not (art. 4.2.2), the initial-colour (art. 4.1), random board results, every
round paired by the engine. It is written as a TRF-2026 team file (player records 001, team records
310, the pairing-allocated byes in 320, the encoded type in 192, the initial-colour in 152), and
Gacrux checks every round of it (`pairingchecker -c -m fideteam[-typeb|-nocolor]-SCORES`, the
scores named as the 192 code names them: `mp+gp`, `mp`, `gp+mp` or `gp`).

Printed: `N tournaments, M rounds, K discrepancies`, then each discrepancy (seed, round, the engine's
and Gacrux's pairings, White first, the bye as `team-0`).

Usage: python bench/crosscheck_fide_team.py GACRUX_DIR [--count N] [--first SEED] [--keep DIR]
(GACRUX_DIR holds the `gacrux` package; `--keep` writes each file and its verdict there.)
"""

from __future__ import annotations

import json
import random
import tempfile
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path

from gacrux_run import arguments, pairing_verdict

from site_builder.pairing.fide_team.colours import ColourModel
from site_builder.pairing.fide_team.engine import NoTeamPairing, Rules, TeamState, pair_round
from site_builder.trf.records import player_line
from site_builder.trf.team_records import bye_line, match_scoring_line, team_line

BOARDS = 4
#: The pairing-allocated bye scores a drawn match (C.04.6 art. 1.4): 1 match point, half the boards.
BYE_MP, BYE_GP = 1, BOARDS  # match points, game points in half points


@dataclass(frozen=True)
class Played:
    white: int  # the team with White on board 1 (art. 1.6.1), White on the odd boards
    black: int
    points: tuple[int, ...]  # White's team's half points on each board


@dataclass
class Tournament:
    seed: int
    teams: int
    rounds: int
    model: ColourModel
    primary: str  # "match" | "game"
    secondary_used: bool
    initial: str
    played: list[tuple[list[Played], int | None]] = field(default_factory=list)

    @property
    def code(self) -> str:
        """Record 192: the encoded type of tournament."""
        scores = ("MP_GP" if self.secondary_used else "MP") if self.primary == "match" else \
            ("GP_MP" if self.secondary_used else "GP")
        return f"FIDE_TEAM_TYPE{'B' if self.model == 'B' else 'A'}_{scores}"

    @property
    def scores(self) -> str:
        """The scores as Gacrux's method names them (art. 1.2): the primary first, then the
        secondary when it is used for the colours."""
        first, second = ("mp", "gp") if self.primary == "match" else ("gp", "mp")
        return f"{first}+{second}" if self.secondary_used else first

    @property
    def method(self) -> str:
        """Gacrux's `-m`: the colour model and the scores. `-m` replaces the file's 192 code, and a
        method that names no score is read as match points first (art. 1.2.2)."""
        model = {"A": "fideteam", "B": "fideteam-typeb", "none": "fideteam-nocolor"}[self.model]
        return f"{model}-{self.scores}"


def generate(seed: int) -> Tournament:
    """A tournament paired round by round by the engine; it ends early if a round has no pairing."""
    rng = random.Random(seed)
    count = rng.randint(6, 30)
    rounds = min(rng.randint(5, 9), count - 1)
    t = Tournament(seed, count, rounds, rng.choice(("A", "B", "none")), rng.choice(("match", "game")),
                   rng.random() < 0.75, rng.choice("wb"))
    mp = {n: 0 for n in range(1, count + 1)}
    gp = dict(mp)
    met: dict[int, set[int]] = {n: set() for n in mp}
    colours = {n: "" for n in mp}
    barred: set[int] = set()
    floated: set[int] = set()

    def primary(n: int) -> int:
        return mp[n] if t.primary == "match" else gp[n]

    def secondary(n: int) -> int:
        return gp[n] if t.primary == "match" else mp[n]

    for number in range(1, rounds + 1):
        states = [TeamState(n, primary(n), secondary(n), frozenset(met[n]), colours[n], n in floated,
                            n in barred, len(colours[n])) for n in mp]
        try:
            result = pair_round(states, Rules(rounds, number, t.model, t.initial, t.secondary_used))
        except NoTeamPairing:
            break
        before = {n: primary(n) for n in mp}
        floated = set()
        matches = []
        for m in result.matches:
            points = tuple(rng.choice((0, 1, 2)) for _ in range(BOARDS))
            white = sum(points)
            gp[m.white] += white
            gp[m.black] += 2 * BOARDS - white
            mp[m.white] += 2 if white > BOARDS else 1 if white == BOARDS else 0
            mp[m.black] += 2 if white < BOARDS else 1 if white == BOARDS else 0
            met[m.white].add(m.black)
            met[m.black].add(m.white)
            colours[m.white] += "w"
            colours[m.black] += "b"
            if before[m.white] != before[m.black]:
                floated |= {m.white, m.black}
            matches.append(Played(m.white, m.black, points))
        if result.bye is not None:
            barred.add(result.bye)
            mp[result.bye] += BYE_MP
            gp[result.bye] += BYE_GP
        t.played.append((matches, result.bye))
    return t


def _half(points: int) -> str:
    return f"{points / 2:.1f}"


def trf(t: Tournament) -> str:
    """The tournament as a TRF-2026 team file (its records written as `bulletin export trf` writes
    them: `site_builder/trf/records.py`, `site_builder/trf/team_records.py`)."""
    players = t.teams * BOARDS
    games: dict[int, list[str]] = {p: [] for p in range(1, players + 1)}
    score = {p: 0 for p in games}
    mp = {n: 0 for n in range(1, t.teams + 1)}
    gp = dict(mp)
    byes: list[int] = []
    for matches, bye in t.played:
        seated: set[int] = set()
        for m in matches:
            white = sum(m.points)
            mp[m.white] += 2 if white > BOARDS else 1 if white == BOARDS else 0
            mp[m.black] += 2 if white < BOARDS else 1 if white == BOARDS else 0
            gp[m.white] += white
            gp[m.black] += 2 * BOARDS - white
            for board, points in enumerate(m.points, start=1):
                home, away = (m.white - 1) * BOARDS + board, (m.black - 1) * BOARDS + board
                home_colour, away_colour = ("w", "b") if board % 2 else ("b", "w")
                for me, other, colour, mine in ((home, away, home_colour, points),
                                                (away, home, away_colour, 2 - points)):
                    games[me].append(f"{other:>4} {colour} {'0=1'[mine]}")
                    score[me] += mine
                    seated.add(me)
        for p in games:
            if p not in seated:
                games[p].append(" " * 8)
        byes.append(bye or 0)
        if bye:
            mp[bye] += BYE_MP
            gp[bye] += BYE_GP
    lines = [f"012 Cross-check {t.seed}", f"062 {players}", f"082 {t.teams}", f"142 {t.rounds}",
             f"152 {t.initial.upper()}", f"192 {t.code}", "162  W 1.0    D 0.5    L 0.0",
             match_scoring_line(Fraction(2), Fraction(1), Fraction(0), Fraction(BYE_MP))]
    for p, rounds in games.items():
        lines.append(player_line(p, "m", "", f"Player {p}", "2000", "NOR", str(p), "2000/01/01",
                                 _half(score[p]), str(p), rounds).rstrip())
    for n in range(1, t.teams + 1):
        lines.append(team_line(n, f"Team {n}", Fraction(mp[n]), Fraction(gp[n], 2), n,
                               [(n - 1) * BOARDS + b for b in range(1, BOARDS + 1)]))
    byes_line = bye_line(Fraction(BYE_MP), Fraction(BYE_GP, 2), [b or None for b in byes])
    return "\n".join(lines + ([byes_line] if byes_line else [])) + "\n"


def pairs(t: Tournament) -> list[list[tuple[int, int]]]:
    """Each round's pairs as Gacrux writes them: (White, Black), the bye as (team, 0)."""
    return [[(m.white, m.black) for m in matches] + ([(bye, 0)] if bye else []) for matches, bye in t.played]


def check(gacrux: Path, t: Tournament, path: Path) -> list[dict[str, object]]:
    """Gacrux's verdict on each round of the tournament written at `path`."""
    path.write_text(trf(t), encoding="utf-8")
    return pairing_verdict(gacrux, path, t.method)


def main(argv: list[str] | None = None) -> None:
    args = arguments(__doc__, argv, 500)
    tournaments = rounds = 0
    found: list[str] = []
    with tempfile.TemporaryDirectory() as scratch:
        for seed in range(args.first, args.first + args.count):
            t = generate(seed)
            path = (args.keep or Path(scratch)) / f"fide-team-{seed:04d}.trf"
            path.parent.mkdir(parents=True, exist_ok=True)
            verdict = check(args.gacrux.resolve(), t, path)
            tournaments += 1
            rounds += len(t.played)
            ours = pairs(t)
            for r in verdict:
                if not r["check"]:
                    number = int(str(r["round"]))
                    found.append(f"seed {seed} ({t.teams} teams, {t.code}, {t.method}, initial {t.initial}) "
                                 f"round {number}: engine {ours[number - 1] if number else ''} gacrux "
                                 f"{r.get('pairs', r.get('error'))}")
            if len(verdict) != len(t.played) and not any("error" in r for r in verdict):
                found.append(f"seed {seed}: {len(t.played)} rounds, Gacrux checked {len(verdict)}")
            if args.keep:
                path.with_suffix(".json").write_text(
                    json.dumps({"seed": seed, "method": t.method, "rounds": verdict}, indent=1) + "\n",
                    encoding="utf-8")
    print(f"{tournaments} tournaments, {rounds} rounds, {len(found)} discrepancies")
    for line in found:
        print(line)


if __name__ == "__main__":
    main()
