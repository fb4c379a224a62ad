"""Cross-check of the FIDE team Swiss's C.07 team tiebreaks against Gacrux's tie-break checker.

The tournaments are those of `crosscheck_fide_team.py` (same seeds: 6–30 teams of 4 boards, match
or game points first, the bye a drawn match by C.04.6 art. 1.4), written as TRF-2026 team files
with a first day (042) before 1 March 2026, so that Gacrux applies the 2023 rules of Article 16 as
this tool does, and `142` the rounds played. This tool ranks the teams after the last round with
the chain below (`engine.team_tiebreaks`); Gacrux's `tiebreakchecker` computes every criterion
again, and each team's value of each criterion (DE's only through the rank), and its rank, are
compared. Gacrux is told the tournament is a Swiss (`-s`): the 192 code of a team Swiss does not say
so, and with as many teams as rounds plus one it takes the tournament for a round robin, where a
bye adds nothing to the opponents' scores. The chain ends with the pairing number, as this tool's
does (Gacrux would share the place of teams equal on every criterion).

Printed: `N tournaments, T teams, V values compared, K differ; R ranks differ`, then each difference.

Usage: python bench/crosscheck_fide_team_tiebreaks.py GACRUX_DIR [--count N] [--first SEED]
"""

from __future__ import annotations

import tempfile
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

from crosscheck_fide_team import BOARDS, BYE_GP, BYE_MP, Tournament, generate, trf
from gacrux_run import arguments, run_module

from site_builder.engine.team_tiebreaks import TeamScales, chain_of, ranked
from site_builder.engine.teams import TeamEntry

#: The criteria after the primary score (Gacrux's names; this tool reads the same).
CHAIN = ("BH:MP", "BH:GP", "BH:MP/C1", "SB", "ESB", "EMMSB", "EMGSB", "EGMSB", "EGGSB", "DE", "TPN")
SCALES = TeamScales(draw={"M": 2, "G": BOARDS}, win={"M": 4, "G": 2 * BOARDS}, unit={"M": 2, "G": 2})


def history(t: Tournament) -> dict[int, tuple[TeamEntry, ...]]:
    """Each team's rounds as the team records keep them (match points in half points, game points
    in half points of a board)."""
    rounds: dict[int, list[TeamEntry]] = {n: [] for n in range(1, t.teams + 1)}
    for number, (matches, bye) in enumerate(t.played, start=1):
        seen: dict[int, TeamEntry] = {}
        for table, m in enumerate(matches, start=1):
            white = sum(m.points)
            black = 2 * BOARDS - white
            for team, other, ours, theirs, role in ((m.white, m.black, white, black, "H"),
                                                    (m.black, m.white, black, white, "A")):
                mp = 4 if ours > theirs else 2 if ours == theirs else 0
                seen[team] = TeamEntry(number, role, other, table, ours, theirs, mp)
        if bye:
            seen[bye] = TeamEntry(number, "B", game_points=BYE_GP, match_points=2 * BYE_MP)
        for team, entries in rounds.items():
            entries.append(seen.get(team) or TeamEntry(number, "-"))
    return {team: tuple(entries) for team, entries in rounds.items()}


def dated(text: str, rounds: int) -> str:
    """The file with a first day before 1 March 2026 (Gacrux then applies the 2023 rules) and the
    number of rounds played (`142`): a tournament whose next round could not be paired (C.04.6 art.
    3.3.3) ends early, and Gacrux would count the rounds never played as unplayed rounds of every
    team."""
    lines = [f"142 {rounds}" if line.startswith("142 ") else line for line in text.splitlines()]
    return "\n".join([lines[0], "042 2026/01/15", *lines[1:]]) + "\n"


def main(argv: list[str] | None = None) -> None:
    args = arguments(__doc__, argv, 200, keep=False)
    gacrux = args.gacrux.resolve()
    tournaments = teams = compared = 0
    found: list[str] = []
    ranks_differ = 0
    with tempfile.TemporaryDirectory() as scratch:
        for seed in range(args.first, args.first + args.count):
            t = generate(seed)
            primary = "M" if t.primary == "match" else "G"
            names = ("MPTS", "GPTS") if primary == "M" else ("GPTS", "MPTS")
            ours = ranked(history(t), len(t.played), primary, chain_of(" ".join((names[1], *CHAIN)), primary),
                          SCALES)
            path = Path(scratch) / f"t{seed}.trf"
            path.write_text(dated(trf(t), len(t.played)), encoding="utf-8")
            run = run_module(gacrux, "tiebreakchecker", "-i", str(path), "-b", "utf-8", "-F", "TXT", "-s",
                             "-t", *names, *CHAIN)
            table = [line.split("\t") for line in run.stdout.splitlines()[1:] if line.strip()]
            tournaments += 1
            if len(table) != t.teams:
                found.append(f"seed {seed}: Gacrux gave no table: {(run.stdout + run.stderr)[-300:]}")
                continue
            theirs = {int(row[0]): row for row in table}
            for row in ours:
                teams += 1
                cells = theirs[row.team]
                if int(cells[1]) != row.place:
                    ranks_differ += 1
                    found.append(f"seed {seed} team {row.team}: rank {row.place}, Gacrux {cells[1]}")
                for name, value, cell in zip((names[1], *CHAIN), row.values, cells[3:], strict=True):
                    if name == "DE":
                        continue
                    compared += 1
                    if value is None or Fraction(Decimal(cell)) != value:
                        found.append(f"seed {seed} ({t.code}) team {row.team} {name}: {value}, Gacrux {cell}")
    print(f"{tournaments} tournaments, {teams} teams, {compared} values compared, "
          f"{len(found) - ranks_differ} differ; {ranks_differ} ranks differ")
    for line in found:
        print(line)


if __name__ == "__main__":
    main()
