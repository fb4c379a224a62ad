"""What 500 game records add to the HTML build of the 500-player benchmark event (target ≤ 0.5 s),
and the size of the board viewer script (target < 20 KB).

The records are random legal xiangqi games (a seeded generator, 60–120 plies each, ICCS), one
`rounds/NN.pgn` per round for its first boards, in a copy of the benchmark content; both contents
are built as bench/run.py's in-process figure is (a fresh process each, imports done beforehand, into
an empty output directory, with the cache of a run before: `games_500_added_html_s`; and without
any cache, every record read and checked move by move: `games_500_added_html_cold_s`).
Both builds write into memory where the machine has `/dev/shm` (see `scratch`).
"""

from __future__ import annotations

import os
import random
import shutil
import statistics
import sys
from pathlib import Path

import yaml

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH))
sys.path.insert(0, str(BENCH.parent))

from run import OUT, ROOT, emit, ensure_content, worker  # noqa: E402

GAMES = 500
SEED = 20  # the generator's seed: the same records every time


def random_game(rng: random.Random) -> list[str]:
    """A random legal xiangqi game in ICCS, 60–120 plies (or fewer when a side has no move)."""
    from site_builder.games.xiangqi import Board, iccs

    board, moves = Board.from_fen(), []
    for _ in range(rng.randint(60, 120)):
        legal = board.legal_moves()
        if not legal:
            break
        move = rng.choice(sorted(legal))
        moves.append(iccs(move))
        board = board.play(move)
    return moves


def with_records(content: Path) -> Path:
    """A copy of `content` with GAMES records, made once (a stamp says with which seed)."""
    target = OUT / "content-games"
    stamp = target / ".records"
    if stamp.is_file() and stamp.read_text() == f"{GAMES} {SEED} round.board\n":
        return target
    shutil.rmtree(target, ignore_errors=True)
    shutil.copytree(content, target)
    rng = random.Random(SEED)
    rounds = sorted(next(target.glob("*/*/rounds")).glob("[0-9][0-9].yaml"))
    per_round = -(-GAMES // len(rounds))
    left = GAMES
    for path in rounds:
        games = yaml.safe_load(path.read_text(encoding="utf-8"))["games"][:min(per_round, left)]
        left -= len(games)
        texts = []
        for board, *_ in games:  # matched by the Round tag (round.board)
            moves = random_game(rng)
            numbered = " ".join(f"{k // 2 + 1}. {m}" if k % 2 == 0 else m for k, m in enumerate(moves))
            texts.append(f'[Game "Chinese Chess"]\n[Round "{path.stem.lstrip("0")}.{board}"]\n'
                         f'[Format "ICCS"]\n\n{numbered} *\n')
        path.with_suffix(".pgn").write_text("\n".join(texts), encoding="utf-8")
    stamp.write_text(f"{GAMES} {SEED} round.board\n")
    return target


def scratch() -> Path:
    """Where the two builds write: in memory (`/dev/shm`) where there is such a file system, so that
    the figure is the build's and not the disk's (on a file system without a journal, ext4 walks
    past every inode deleted in the last minutes to create a file, and the records double the files
    each build creates and the benchmark deletes)."""
    shm = Path("/dev/shm")
    return shm / "bulletin-bench" if shm.is_dir() and os.access(shm, os.W_OK) else OUT


def main() -> None:
    content = ensure_content(500, 11)
    records = with_records(content)
    out = scratch()
    for cold in (False, True):
        suffix = "_cold" if cold else ""
        kind = "inprocess-cold" if cold else "inprocess"  # each in a fresh process, as run.py's figure
        plain = worker(kind, str(content), str(out / f"games{suffix}" / "plain" / "site"))
        games = worker(kind, str(records), str(out / f"games{suffix}" / "records" / "site"))
        added = statistics.median(games["times"]) - statistics.median(plain["times"])
        emit(f"games_{GAMES}_added_html{suffix}_s", added)
        emit(f"games_{GAMES}_pages{suffix}", games["pages"] - plain["pages"])
    viewer = ROOT / "site_builder" / "themes" / "default" / "static" / "viewer.js"
    emit("viewer_js_kb", viewer.stat().st_size / 1000)


if __name__ == "__main__":
    main()
