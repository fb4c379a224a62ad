"""Differential run of a FIDE Swiss system against an open peer program: every round of random
tournaments, played by `bulletin generate`'s generator, paired again by the peer from the file cut
before that round; the pairs, the colours and the pairing-allocated bye compared with the engine's.

Each tournament is drawn from its seed: 8–60 players, 5–9 rounds (at most half the players),
requested byes (half-point, full-point, zero-point) in two tournaments of five, forfeits in one of
three, the Baku acceleration in one of four where the system has it, either first colour. It is
written as TRF-2026. For round r the file is cut after round r-1: the player lines keep the cells of
rounds 1 to r-1, and of round r only the requested byes (H, F, Z), each score counts the rounds kept
before r. The peer's adapter turns that file into its dialect (its 192 code, its records for the
number of rounds, the first colour, the acceleration and the requested byes) and reads its answer.

Peers (each built outside this repository; PATH is its program):
  bbppairings   bbpPairings: `--dutch`, `--burstein` (the rules before 2026), `FILE -p OUT`
  chesspairing  chesspairing: `pair --dutch|--dubov|--burstein|--lim|--double-swiss FILE`
  py4swiss      py4swiss (its `bin/py4swiss`): what its `-t FILE -e dutch|dubov|burstein -p OUT`
                does, in one session of its Python (TRF(x): XXR, XXC, XXA)
  cppdubov      CPPDubovSystem: `--pairings FILE --output OUT.csv` (Dubov)

Printed: one line per round that differs (the seed, the round, the first difference: `pairs`,
`colours`, `bye` or `peer error`; with `--judge`, what `bulletin verify` says of the round paired as
the peer paired it), every 25 tournaments a running count, and at the end
`N tournaments, M rounds, K rounds differ` with the date and the count of each kind. `--keep DIR`
keeps each differing round's cut file, as this tool wrote it and as the peer read it.

`--as SYSTEM` has the peer pair each round by its pairer of another system (bbpPairings' Dutch on a
Burstein tournament), `--seeding` compares the Burstein seeding rounds alone (art. 1.6.2, paired by
the Dutch system), and `--rounds-of RUN` only the rounds an earlier run's `DIFFERS` lines name (the
rounds one peer differs on, asked of another).

Usage: python bench/crosscheck_swiss.py --system dutch --peer bbppairings PATH [--count N]
       [--first SEED] [--keep DIR] [--jobs 1|2] [--as SYSTEM] [--seeding] [--rounds-of RUN]
"""

from __future__ import annotations

import argparse
import csv
import datetime as dt
import math
import multiprocessing
import random
import re
import subprocess
import tempfile
import unicodedata
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path

from site_builder.pairing.burstein.index import seeding_rounds
from site_builder.systems import SYSTEMS
from site_builder.tournament.generate import trf_text
from site_builder.tournament.generator import GenerateError, Spec, generate

#: The systems whose rules have the Baku acceleration (C.04.7); Lim's have none.
BAKU_SYSTEMS = frozenset({"dutch", "dubov", "burstein", "double-swiss"})
#: The TRF rounds of one pairing, where a system pairs matches of more than one game (Double-Swiss:
#: game 2 repeats game 1's pairs, colours reversed): only each match's first game is compared.
GAMES = {"double-swiss": 2}
#: The first column of a player line's round cells, and a cell's width (TRF).
CELLS, WIDTH = 91, 10
#: Points of a result code in a player's round cell (the standard point system).
POINTS = {"1": Fraction(1), "+": Fraction(1), "W": Fraction(1), "F": Fraction(1), "U": Fraction(1),
          "=": Fraction(1, 2), "D": Fraction(1, 2), "H": Fraction(1, 2)}
#: The requested byes: a round's cell the file carries before the round is paired.
REQUESTED = frozenset("HFZ")


# --------------------------------------------------------------------------------- the TRF file


@dataclass(frozen=True)
class Cell:
    """One round of a player line: the opponent (0 for a bye), the colour ('w', 'b', '-') and the
    result code."""

    opponent: int
    colour: str
    result: str

    @property
    def requested_bye(self) -> bool:
        return self.opponent == 0 and self.result in REQUESTED


def cells_of(line: str) -> list[Cell]:
    """The round cells of a 001 line."""
    out = []
    for start in range(CELLS, len(line), WIDTH):
        text = line[start:start + WIDTH].ljust(WIDTH)
        number = text[0:4].strip()
        out.append(Cell(int(number) if number.isdigit() else 0, text[5], text[7]))
    return out


def start_number(line: str) -> int:
    return int(line[4:8])


@dataclass(frozen=True)
class Pairing:
    """A round's pairing: its games (White, Black) and the players of its pairing-allocated byes."""

    games: frozenset[tuple[int, int]]
    byes: frozenset[int] = frozenset()

    def opponent(self, player: int) -> tuple[int, int] | None:
        return next((game for game in self.games if player in game), None)


def round_of(text: str, number: int) -> Pairing:
    """The pairing of round `number` as the TRF file `text` has it (the bye: the cell `U`)."""
    games, byes = set(), set()
    for line in text.splitlines():
        if not line.startswith("001 "):
            continue
        cells = cells_of(line)
        if len(cells) < number:
            continue
        player, cell = start_number(line), cells[number - 1]
        if cell.opponent == 0:
            byes |= {player} if cell.result == "U" else set()
        elif cell.colour == "w" or (cell.colour != "b" and player < cell.opponent):
            games.add((player, cell.opponent))
    return Pairing(frozenset(games), frozenset(byes))


def cut(text: str, number: int) -> str:
    """The file as it stood before round `number` was paired: the rounds before it, round
    `number`'s requested byes, each score the points of the rounds before it."""
    out = []
    for line in text.splitlines():
        if line.startswith("001 "):
            cells = cells_of(line)
            kept = cells[:number - 1]
            score = sum((POINTS.get(c.result, Fraction(0)) for c in kept), Fraction(0))
            head = line[:80] + f"{float(score):4.1f}" + line[84:CELLS]
            line = head + "".join(line[CELLS + i * WIDTH:CELLS + (i + 1) * WIDTH].ljust(WIDTH)
                                  for i in range(len(kept)))
            if len(cells) >= number and cells[number - 1].requested_bye:
                line += line_cell(cells[number - 1])
        out.append(line.rstrip())
    return "\n".join(out) + "\n"


def line_cell(cell: Cell) -> str:
    return f"{cell.opponent:4d} {cell.colour} {cell.result}  " if cell.opponent else f"0000 - {cell.result}  "


def requested(text: str) -> dict[int, str]:
    """The requested byes of the round the cut file `text` is to pair: player → H, F or Z."""
    rounds = played_rounds(text)
    out = {}
    for line in text.splitlines():
        if line.startswith("001 "):
            cells = cells_of(line)
            if len(cells) > rounds and cells[rounds].requested_bye:
                out[start_number(line)] = cells[rounds].result
    return out


def played_rounds(text: str) -> int:
    """The rounds of the cut file `text` that hold a game or a pairing-allocated bye."""
    played = 0
    for line in text.splitlines():
        if line.startswith("001 "):
            for index, cell in enumerate(cells_of(line)):
                if not cell.requested_bye:
                    played = max(played, index + 1)
    return played


def scores_with_requested(text: str) -> str:
    """The cut file `text` with each score counting the requested bye of the round to pair (a
    reader that checks the score against every cell of the line)."""
    rounds = played_rounds(text)
    out = []
    for line in text.splitlines():
        if line.startswith("001 "):
            cells = cells_of(line)
            score = sum((POINTS.get(c.result, Fraction(0)) for c in cells[:rounds + 1]), Fraction(0))
            line = line[:80] + f"{float(score):4.1f}" + line[84:]
        out.append(line)
    return "\n".join(out) + "\n"


def ascii_only(text: str) -> str:
    """The text with its letters' accents dropped: a reader counting columns in bytes needs one
    byte a character."""
    return unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")


def record(text: str, code: str) -> str:
    """The value of the first `code` record of the file ("" when it has none)."""
    found = re.search(rf"^{code} (.*)$", text, flags=re.M)
    return found.group(1).strip() if found else ""


def baku_accelerations(text: str) -> dict[int, list[Fraction]]:
    """TRF-2026's 250 records as each player's acceleration per round (TRF(x)'s XXA)."""
    rounds = int(record(text, "142") or record(text, "XXR") or 0)
    players = [start_number(line) for line in text.splitlines() if line.startswith("001 ")]
    out = {player: [Fraction(0)] * rounds for player in players}
    for found in re.finditer(r"^250 +(\S+) +(\d+) +(\d+) +(\d+) +(\d+)", text, flags=re.M):
        points = Fraction(found.group(1))
        first, last, low, high = (int(found.group(i)) for i in range(2, 6))
        for player in players:
            if low <= player <= high:
                for index in range(first - 1, min(last, rounds)):
                    out[player][index] += points
    return {player: values for player, values in out.items() if any(values)}


# ---------------------------------------------------------------------------------------- peers


class PeerError(Exception):
    """The peer gave no pairing (its exit code and message)."""


def read_pairs(text: str) -> Pairing:
    """JaVaFo's pairing list: the count, then `white black` a line, a bye `player 0`."""
    games, byes = set(), set()
    for line in text.splitlines()[1:]:
        fields = line.split()
        if len(fields) != 2:
            continue
        white, black = int(fields[0]), int(fields[1])
        if black == 0:
            byes.add(white)
        else:
            games.add((white, black))
    return Pairing(frozenset(games), frozenset(byes))


def run(command: list[str]) -> subprocess.CompletedProcess[str]:
    answer = subprocess.run(command, capture_output=True, text=True, check=False, timeout=600)
    if answer.returncode != 0:
        said = (answer.stderr.strip() or answer.stdout.strip()).splitlines()
        raise PeerError(f"exit {answer.returncode}: {said[-1] if said else ''}"[:200])
    return answer


@dataclass(frozen=True)
class Peer:
    """An open pairing program: the systems it pairs (by this tool's name: its own flag), the file
    in its dialect, and the pairing it gives for a file."""

    systems: dict[str, str]
    dialect: Callable[[str, str], str]
    pair: Callable[[str, str, Path], Pairing]


def bbp_dialect(text: str, system: str) -> str:
    """bbpPairings reads TRF-2026, with the 192 codes of the rules it implements: the 2025 code for
    Dutch (the same rules), the plain one for its Burstein (the rules before 2026)."""
    text = re.sub(r"^192 FIDE_DUTCH_2026", "192 FIDE_DUTCH_2025", text, flags=re.M)
    return re.sub(r"^192 FIDE_BURSTEIN_2026", "192 FIDE_BURSTEIN", text, flags=re.M)


def bbp_pair(program: str, flag: str, path: Path) -> Pairing:
    out = path.with_suffix(".out")
    run([program, flag, str(path), "-p", str(out)])
    return read_pairs(out.read_text(encoding="utf-8"))


def chesspairing_dialect(text: str, system: str) -> str:
    """chesspairing pairs the round after the last one its player lines reach, from the rounds
    before that one: each player gets a cell in the round to pair (`0000 - *`, not played, where
    they asked for no bye). It excludes the requested byes read from 240 records (H, F) and its own
    directive (a zero-point bye), reads a pairing-allocated bye as `F` (it takes `U` for an
    absence), the first colour as `white` or `black`, the Baku acceleration from an `XXS` record
    (it computes the points itself), and counts columns in bytes. It ranks the players by rating,
    then name, not by their pairing numbers: each name is written as its pairing number (`P0012`),
    so that equal ratings keep the file's order."""
    byes = requested(text)
    rounds = played_rounds(text) + 1
    out = []
    for line in ascii_only(text).splitlines():
        if line.startswith("001 "):
            body = line[:CELLS + (rounds - 1) * WIDTH].ljust(CELLS + (rounds - 1) * WIDTH)
            body = body[:CELLS] + re.sub(r"(?<=0000 - )U", "F", body[CELLS:])
            line = body + f"0000 - {byes.get(start_number(line), '*')}"
            line = line[:14] + f"P{start_number(line):04d}".ljust(33) + line[47:]
        out.append({"152 W": "152 white", "152 B": "152 black"}.get(line, line))
    out += [f"240 {kind} {rounds} " + " ".join(str(p) for p, k in sorted(byes.items()) if k == kind)
            for kind in "HF" if kind in byes.values()]
    out += [f"### chesspairing:bye round={rounds} player={p} type=zero" for p, k in sorted(byes.items())
            if k == "Z"]
    if re.search(r"^192 \S+_BAKU$", text, flags=re.M):
        out.append("XXS baku")
    return "\n".join(out) + "\n"


def chesspairing_pair(program: str, flag: str, path: Path) -> Pairing:
    return read_pairs(run([program, "pair", flag, str(path)]).stdout)


def py4swiss_dialect(text: str, system: str) -> str:
    """py4swiss reads TRF(x): the number of rounds in XXR, the first colour in XXC (`white1`,
    `black1`), the acceleration per player and round in XXA lines (from the 250 records), and
    checks each score against every cell of its line, the requested bye of the round to pair too."""
    lines = [f"XXR {record(text, '142')}",
             f"XXC {'black1' if record(text, '152') == 'B' else 'white1'}"]
    lines += [f"XXA {player:4d} " + " ".join(f"{float(a):4.1f}" for a in values)
              for player, values in sorted(baku_accelerations(text).items())]
    kept = [line for line in scores_with_requested(text).splitlines()
            if not line.startswith(("142 ", "152 ", "250 "))]
    return "\n".join(kept + lines) + "\n"


#: A py4swiss session: run by the Python of its own environment, it reads `ENGINE PATH OUT` lines
#: and pairs each file with its command's three calls, answering `ok` or the error in one line.
PY4SWISS_SESSION = """
import sys
from pathlib import Path
from py4swiss.engines import BursteinEngine, DubovEngine, DutchEngine
from py4swiss.trf import TrfParser
ENGINES = {"dutch": DutchEngine, "dubov": DubovEngine, "burstein": BursteinEngine}
for line in sys.stdin:
    engine, path, out = line.split()
    try:
        pairings = ENGINES[engine].generate_pairings(TrfParser.parse(Path(path)))
        ENGINES[engine].write_pairings_to_file(pairings, Path(out))
        print("ok", flush=True)
    except Exception as error:
        print(f"{type(error).__name__}: {error}".replace(chr(10), " "), flush=True)
"""
_sessions: dict[str, subprocess.Popen[str]] = {}


def py4swiss_pair(program: str, engine: str, path: Path) -> Pairing:
    """Pair with py4swiss's engines as its command does (`py4swiss -t FILE -e ENGINE -p OUT`), in
    one session of its Python per process: its start-up costs more than a pairing."""
    session = _sessions.get(program)
    if session is None or session.poll() is not None:
        python = str(Path(program).with_name("python"))
        session = subprocess.Popen([python, "-c", PY4SWISS_SESSION], stdin=subprocess.PIPE,
                                   stdout=subprocess.PIPE, text=True)
        _sessions[program] = session
    out = path.with_suffix(".out")
    assert session.stdin is not None and session.stdout is not None
    session.stdin.write(f"{engine} {path} {out}\n")
    session.stdin.flush()
    answer = session.stdout.readline().strip()
    if answer != "ok":
        raise PeerError(answer[:200] or "py4swiss stopped")
    return read_pairs(out.read_text(encoding="utf-8"))


#: The header records CPPDubovSystem reads (it refuses a file with any other).
CPPDUBOV_RECORDS = ("012", "022", "032", "042", "052", "062", "072", "082", "092", "102", "112", "122", "132",
                    "001")


def cppdubov_dialect(text: str, system: str) -> str:
    """CPPDubovSystem reads TRF16 with XXR and XXC, refuses any record it does not know (192, 250,
    TRF-2026's), takes the requested byes of the round to pair from an XXZ list, the Baku
    acceleration from `ACC true`, and counts columns in bytes."""
    byes = requested(text)
    rounds = played_rounds(text)
    lines = []
    for line in ascii_only(text).splitlines():
        if line.startswith("001 "):
            lines.append(line[:CELLS + rounds * WIDTH].rstrip())
        elif line.startswith(CPPDUBOV_RECORDS):
            lines.append(line)
    lines += [f"XXR {record(text, '142')}", f"XXC {'black1' if record(text, '152') == 'B' else 'white1'}"]
    lines += ["ACC true"] if re.search(r"^192 \S+_BAKU$", text, flags=re.M) else []
    lines += ["XXZ " + " ".join(str(player) for player in sorted(byes))] if byes else []
    return "\n".join(lines) + "\n"


def cppdubov_pair(program: str, flag: str, path: Path) -> Pairing:
    """CPPDubovSystem's CSV: a header, then `white,black` a board, a bye's opponent -1."""
    out = path.with_suffix(".csv")
    run([program, "--pairings", str(path), "--output", str(out)])
    games, byes = set(), set()
    with out.open(encoding="utf-8") as handle:
        for row in csv.reader(handle):
            if len(row) != 2 or not row[0].strip().lstrip("-").isdigit():
                continue
            white, black = int(row[0]), int(row[1])
            if black < 0 or white < 0:
                byes.add(max(white, black))
            else:
                games.add((white, black))
    return Pairing(frozenset(games), frozenset(byes))


PEERS = {
    "bbppairings": Peer({"dutch": "--dutch", "burstein": "--burstein"}, bbp_dialect, bbp_pair),
    "chesspairing": Peer({s: f"--{s}" for s in ("dutch", "dubov", "burstein", "lim", "double-swiss")},
                         chesspairing_dialect, chesspairing_pair),
    "py4swiss": Peer({s: s for s in ("dutch", "dubov", "burstein")}, py4swiss_dialect, py4swiss_pair),
    "cppdubov": Peer({"dubov": ""}, cppdubov_dialect, cppdubov_pair),
}


# ---------------------------------------------------------------------------------- the compare


def first_difference(ours: Pairing, theirs: Pairing) -> str:
    """The first difference of the peer's pairing from ours ("" when they agree): a bye, then the
    games in the order of their higher-seeded player."""
    if ours.byes != theirs.byes:
        return f"bye: ours {sorted(ours.byes) or 'none'}, peer {sorted(theirs.byes) or 'none'}"
    for game in sorted(ours.games, key=min):
        other = theirs.opponent(min(game))
        if other is None:
            return f"pairs: ours {game[0]}-{game[1]}, peer leaves {min(game)} unpaired"
        if set(other) != set(game):
            return f"pairs: ours {game[0]}-{game[1]}, peer {other[0]}-{other[1]}"
        if other != game:
            return f"colours: ours {game[0]}-{game[1]}, peer {other[0]}-{other[1]}"
    extra = sorted(theirs.games - ours.games)
    return f"pairs: peer also pairs {extra[0][0]}-{extra[0][1]}" if extra else ""


def with_round(before: str, pairing: Pairing) -> str:
    """The cut file `before` with the round it is to pair filled in from `pairing`: each game a
    draw, each pairing-allocated bye `U`, each score counting that round."""
    rounds = played_rounds(before)
    cells = {}
    for white, black in pairing.games:
        cells[white], cells[black] = Cell(black, "w", "="), Cell(white, "b", "=")
    cells |= {player: Cell(0, "-", "U") for player in pairing.byes}
    out = []
    for line in before.splitlines():
        if line.startswith("001 "):
            player = start_number(line)
            line = line[:CELLS + rounds * WIDTH].ljust(CELLS + rounds * WIDTH)
            own = cells_of(line)
            cell = cells.get(player) or next((c for c in cells_of(line + " " * WIDTH)[rounds:rounds + 1]
                                              if c.requested_bye), None)
            given = requested(before).get(player)
            cell = Cell(0, "-", given) if given else cell
            line += line_cell(cell) if cell else ""
            score = sum((POINTS.get(c.result, Fraction(0)) for c in [*own, *([cell] if cell else [])]),
                        Fraction(0))
            line = line[:80] + f"{float(score):4.1f}" + line[84:]
        out.append(line.rstrip())
    return "\n".join(out) + "\n"


def judge(before: str, theirs: Pairing, number: int, ours: Pairing) -> str:
    """What `bulletin verify` says of round `number` paired as the peer paired it; first, whether
    the peer's pairing is one: each player of the round (those `ours` pairs) paired once."""
    from site_builder.tournament.check import verify_trf

    if not_a_pairing := pairing_faults(ours, theirs):
        return f"not a pairing (C.04.1 art. 1, each player once a round): {not_a_pairing}"

    try:
        verdicts, _ = verify_trf(Path("peer.trf"), with_round(before, theirs), round_number=number)
    except Exception as error:  # a refused file is reported, not raised
        return f"verify refuses the file: {error}"[:300]
    said = [v for v in verdicts if v.where.endswith(f" round {number}") and not v.standings]
    if not said:
        return "verify names no such round"
    return "verify accepts it" if said[0].agrees else f"verify: {said[0].text}"


def pairing_faults(ours: Pairing, theirs: Pairing) -> str:
    """What makes the peer's pairing no pairing of the round's players ("" when it is one): a player
    left out, paired twice, paired with themself, or not of the round.

    >>> pairing_faults(Pairing(frozenset({(1, 2), (3, 4)})), Pairing(frozenset({(1, 2)}), frozenset({3})))
    'the peer leaves 4 unpaired'
    """
    field = {p for game in ours.games for p in game} | set(ours.byes)
    seen = [p for game in theirs.games for p in game] + list(theirs.byes)
    faults = []
    if left := sorted(field - set(seen)):
        faults.append(f"the peer leaves {', '.join(map(str, left))} unpaired")
    if twice := sorted({p for p in seen if seen.count(p) > 1}):
        faults.append(f"pairs {', '.join(map(str, twice))} twice (or with themself)")
    if others := sorted(set(seen) - field):
        faults.append(f"pairs {', '.join(map(str, others))}, who is not of the round")
    return "; ".join(faults)


def spec_for(system: str, seed: int) -> Spec:
    """The tournament of `seed`: 8–60 players (log-uniform), 5–9 rounds (at most half the players;
    whole matches where a match is more than one game), requested byes in two of five, forfeits in
    one of three, Baku in one of four where the system has it, the first colour either."""
    rng = random.Random(f"crosscheck-swiss {seed}")
    players = int(math.exp(rng.uniform(math.log(8), math.log(61))))
    rounds = min(rng.randint(5, 9), players // 2)
    rounds -= rounds % GAMES.get(system, 1)  # whole matches
    byes = rng.random() < 0.4
    forfeits = rng.random() < 1 / 3
    baku = rng.random() < 0.25 and system in BAKU_SYSTEMS
    return Spec(seed=seed, system=system, players=players, rounds=rounds, half_byes=0.03 if byes else 0.0,
                full_byes=0.01 if byes else 0.0, zero_byes=0.01 if byes else 0.0,
                forfeits=0.04 if forfeits else 0.0, baku=baku,
                first_colour=rng.choice(("white", "black")), titles=True, federations=True)


@dataclass
class Outcome:
    """One tournament's comparison: its name, its rounds, and each differing round's line."""

    seed: int
    name: str = ""
    rounds: int = 0
    skipped: str = ""
    differences: list[tuple[int, str]] = field(default_factory=list)


@dataclass(frozen=True)
class Job:
    system: str
    peer: str
    program: str
    keep: Path | None
    judge: bool = False
    tournaments: Path | None = None
    peer_system: str = ""  # `--as`: the peer's pairer of this system ("": the system's own)
    seeding: bool = False  # `--seeding`: the Burstein seeding rounds alone
    only: frozenset[tuple[int, int]] | None = None  # `--rounds-of`: these (seed, round) alone


def asked(job: Job, seed: int, rounds: int) -> list[int]:
    """The rounds of the tournament of `seed` (of `rounds` rounds) the peer is asked to pair: each
    match's first, the seeding rounds alone with `--seeding` (C.04.4.2 art. 1.6.2), those of
    `--rounds-of` alone."""
    numbers = range(1, (seeding_rounds(rounds) if job.seeding else rounds) + 1, GAMES.get(job.system, 1))
    return [n for n in numbers if job.only is None or (seed, n) in job.only]


def rounds_of(run: str) -> frozenset[tuple[int, int]]:
    """The (seed, round) of each `DIFFERS seed S round R` line of a run's output."""
    return frozenset((int(s), int(r)) for s, r in re.findall(r"^DIFFERS seed (\d+) round (\d+) ", run, re.M))


def compare(job: Job, seed: int) -> Outcome:
    """Generate the tournament of `seed` and have the peer pair each of its rounds."""
    spec = spec_for(job.system, seed)
    outcome = Outcome(seed, f"{job.system}-s{seed:05d}-p{spec.players}-r{spec.rounds}"
                            f"{'-baku' if spec.baku else ''}")
    try:
        text = tournament(spec, job.tournaments)
    except GenerateError as error:
        outcome.skipped = str(error)
        return outcome
    peer, system = PEERS[job.peer], job.peer_system or job.system
    with tempfile.TemporaryDirectory(prefix="crosscheck-swiss-") as tmp:
        for number in asked(job, seed, spec.rounds):
            before = cut(text, number)
            given = peer.dialect(before, system)
            path = Path(tmp) / f"{outcome.name}-r{number:02d}.trf"
            path.write_text(given, encoding="utf-8")
            try:
                theirs = peer.pair(job.program, peer.systems[system], path)
                theirs = Pairing(theirs.games, theirs.byes - set(requested(before)))  # a peer may list them
                ours = round_of(text, number)
                said = first_difference(ours, theirs)
                if said and job.judge:
                    said += f"; on the peer's pairing, {judge(before, theirs, number, ours)}"
            except PeerError as error:
                said = f"peer error: {error}"
            outcome.rounds += 1
            if said:
                outcome.differences.append((number, said))
                keep_files(job.keep, path.stem, before, given)
    return outcome


def tournament(spec: Spec, folder: Path | None) -> str:
    """The TRF-2026 text of the tournament `spec` gives, generated, or read from `folder` where an
    earlier run wrote it (runs of one system against several peers generate each seed once; the
    folder belongs to one commit of the engine)."""
    path = folder / f"{spec.system}-{spec.seed:05d}.trf" if folder else None
    if path is not None and path.exists():
        return path.read_text(encoding="utf-8")
    text = trf_text(generate(spec))
    if path is not None:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return text


def keep_files(keep: Path | None, stem: str, before: str, given: str) -> None:
    """Keep a differing round's cut file: as this tool wrote it, and as the peer read it."""
    if keep is None:
        return
    keep.mkdir(parents=True, exist_ok=True)
    (keep / f"{stem}.trf").write_text(before, encoding="utf-8")
    (keep / f"{stem}.peer.trf").write_text(given, encoding="utf-8")


def outcomes(job: Job, seeds: list[int], jobs: int) -> Iterator[Outcome]:
    """Each seed's outcome in the seeds' order, `jobs` tournaments at a time."""
    if jobs == 1:
        yield from (compare(job, seed) for seed in seeds)
        return
    with multiprocessing.Pool(jobs) as pool:
        yield from pool.imap(_compare, [(job, seed) for seed in seeds])


def _compare(arguments: tuple[Job, int]) -> Outcome:
    return compare(*arguments)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--system", required=True, help="a FIDE Swiss system of this tool: "
                        + ", ".join(sorted({s for peer in PEERS.values() for s in peer.systems})))
    parser.add_argument("--peer", nargs=2, required=True, metavar=("PEER", "PATH"),
                        help=f"one of {', '.join(PEERS)}, and its program")
    parser.add_argument("--count", type=int, default=200)
    parser.add_argument("--first", type=int, default=1, help="the first seed")
    parser.add_argument("--seeds", type=lambda text: [int(s) for s in text.split(",")],
                        help="these seeds (comma-separated) in place of --first and --count")
    parser.add_argument("--keep", type=Path, help="a folder for the cut files of the rounds that differ")
    parser.add_argument("--tournaments", type=Path,
                        help="a folder keeping each generated tournament, read again by later runs "
                             "of the same system (one folder per commit of the engine)")
    parser.add_argument("--jobs", type=int, default=1, choices=(1, 2))
    parser.add_argument("--judge", action="store_true",
                        help="have `bulletin verify` check each differing round as the peer paired it")
    parser.add_argument("--as", dest="peer_system", default="",
                        help="the peer pairs each round by its pairer of this system (e.g. dutch)")
    parser.add_argument("--seeding", action="store_true",
                        help="the Burstein seeding rounds alone (C.04.4.2 art. 1.6.2)")
    parser.add_argument("--rounds-of", type=Path,
                        help="an earlier run's output: only the rounds its DIFFERS lines name")
    args = parser.parse_args()
    name, program = args.peer
    if args.system not in SYSTEMS:
        parser.error(f"--system: this tool has no system {args.system!r}")
    if name not in PEERS:
        parser.error(f"--peer: unknown peer {name!r}; choose one of {', '.join(PEERS)}")
    paired_as = args.peer_system or args.system
    if paired_as not in PEERS[name].systems:
        parser.error(f"--peer: {name} pairs {', '.join(PEERS[name].systems)}, not {paired_as}")
    if args.seeding and args.system != "burstein":
        parser.error("--seeding: only the Burstein system has seeding rounds")
    only = rounds_of(args.rounds_of.read_text(encoding="utf-8")) if args.rounds_of else None
    job = Job(args.system, name, program, args.keep, args.judge, args.tournaments, args.peer_system,
              args.seeding, only)
    tournaments = rounds = differ = 0
    kinds: Counter[str] = Counter()
    skipped = 0
    seeds = args.seeds or (sorted({seed for seed, _ in only}) if only is not None
                           else list(range(args.first, args.first + args.count)))
    for outcome in outcomes(job, seeds, args.jobs):
        if outcome.skipped:
            skipped += 1
            print(f"SKIPPED seed {outcome.seed}: {outcome.skipped}", flush=True)
            continue
        tournaments, rounds = tournaments + 1, rounds + outcome.rounds
        differ += len(outcome.differences)
        for number, said in outcome.differences:
            kinds[said.split(":", 1)[0]] += 1
            print(f"DIFFERS seed {outcome.seed} round {number} ({outcome.name}): {said}", flush=True)
        if tournaments % 25 == 0:
            print(f"# so far: {tournaments} tournaments, {rounds} rounds, {differ} rounds differ", flush=True)
    counted = ", ".join(f"{kind} {count}" for kind, count in sorted(kinds.items()))
    print(f"{tournaments} tournaments, {rounds} rounds, {differ} rounds differ"
          + (f" ({counted})" if counted else "")
          + (f"; {skipped} seeds skipped (a round with no legal pairing)" if skipped else "")
          + f"; {args.system} × {name}, seeds {seeds[0]}–{seeds[-1]}, "
            f"{dt.datetime.now(dt.UTC).date().isoformat()}")


if __name__ == "__main__":
    main()
