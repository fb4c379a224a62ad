"""Game records next to a section's round files (docs/content.md, "Game records"): read by the
reader of the event's game, checked move by move, and matched to the round's games.

- `rounds/03.pgn`: games of round 3 (PGN: chess, xiangqi), each matched by its board (a `Board`
  tag, or a `Round` tag `3.7`) or else by its players;
- `rounds/03/board-07.<suffix>` (or any name, matched by the players the file names): one game.

A record that names its players must name the game's two players, in their sides; a result it
gives must be the round file's. The round file stays the one source of names and results: pages
show those, never the record's.
"""

from __future__ import annotations

import dataclasses
import hashlib
import re
import unicodedata
from pathlib import Path

from site_builder.cache.fingerprint import software
from site_builder.cache.store import MISS, Store
from site_builder.content.yamlsource import read_source
from site_builder.errors import ContentError, Location, Problems
from site_builder.games.pgn import RESULT_OF, tag_line
from site_builder.games.record import Record
from site_builder.games.registry import game_of
from site_builder.model import Game, Outcome, Player, Round

#: A record's result (PGN's, or the `Result` tag the other readers give) as the round file's outcome:
#: `pgn.RESULT_OF` read backwards, games played over the board only.
RESULTS = {text: Outcome(value) for value, text in RESULT_OF.items() if Outcome(value).is_played}
_BOARD_FILE = re.compile(r"board-?0*(\d+)$", re.IGNORECASE)
_ROUND_BOARD = re.compile(r"^\s*(\d+)\.(\d+)\s*$")


def loose_key(name: str) -> str:
    """A name compared loosely: accents, case, punctuation, spacing and word order left out.

    >>> loose_key("García, Lucía") == loose_key("lucia garcia"), loose_key("孙　文") == loose_key("孙文")
    (True, True)
    """
    folded = "".join(c for c in unicodedata.normalize("NFKD", name) if not unicodedata.combining(c))
    folded = re.sub(r"(?<=[^\x00-\x7f])\s+(?=[^\x00-\x7f])", "", folded)  # 孙　文: a padded Chinese name
    return " ".join(sorted(w for w in re.split(r"[\W_]+", folded.casefold()) if w))


def record_files(rounds_dir: Path, number: int, game: str) -> list[Path]:
    """The record files of round `number`: `NN.pgn` beside the round file, and the files of `NN/`
    with a suffix of the game's readers, in name order (a directory named so too: reading it
    reports it)."""
    wanted = tuple(game_of(game).formats)
    files = [rounds_dir / f"{number:02d}{s}" for s in wanted if (rounds_dir / f"{number:02d}{s}").exists()]
    folder = rounds_dir / f"{number:02d}"
    if folder.is_dir():
        files += sorted(p for p in folder.iterdir()
                        if p.suffix.lower() in wanted and not p.name.startswith("."))
    return files


def load_records(rounds_dir: Path, rounds_shown: Path, game: str, rounds: list[Round],
                 players: dict[int, Player], problems: Problems, cache: Store | None = None,
                 opening: str = "", faulty: frozenset[int] = frozenset()
                 ) -> tuple[dict[tuple[int, int], Record], str]:
    """Every game record of the section's rounds, by (round, board), and a digest of the files they
    come from; problems added where found, the featured boards checked against the records (but
    in a round whose records were refused). `opening`: the event's gomoku opening rule; `faulty`:
    the rounds whose file has a problem (reported), which may lack a game that did not load: a
    record that finds no game there is left unmatched, not refused (the round file's problem is
    the one to fix)."""
    out: dict[tuple[int, int], Record] = {}
    seen: dict[tuple[int, int], Location] = {}
    digest = hashlib.sha256()
    refused: set[int] = set(faulty)  # rounds with a record refused: a featured board's may be that one
    for rnd in rounds:
        before = len(problems.items)
        for path in record_files(rounds_dir, rnd.number, game):
            shown = rounds_shown / path.relative_to(rounds_dir)
            text_digest, read = _read(path, shown, game, opening, problems, cache)
            # the file by its place in the rounds folder, not by the path it was reached by
            digest.update(f"{path.relative_to(rounds_dir).as_posix()}\0{text_digest}\0".encode())
            for record, where, result_at in read:
                game_ = _match(record, where, path, rnd, players, game, problems, rnd.number not in faulty)
                if game_ is None or not _same_result(record, game_, result_at, problems):
                    continue
                at = (rnd.number, game_.board)
                if at in seen:
                    problems.add(where, f"a second record of board {game_.board} of round {rnd.number} "
                                 f"(the first is {seen[at]})", "keep one record per game")
                    continue
                seen[at] = where
                out[at] = record
        if len(problems.items) > before:
            refused.add(rnd.number)
    _check_featured(rounds, out, problems, refused)
    return out, digest.hexdigest() if out else ""


def _check_featured(rounds: list[Round], records: dict[tuple[int, int], Record], problems: Problems,
                    refused: set[int]) -> None:
    """A featured board needs a record (unless a record of its round was refused: it is reported
    once), and its diagram a ply the record has."""
    for rnd in rounds:
        for board, ply in rnd.featured.items():
            record = records.get((rnd.number, board))
            where = rnd.origin.featured_at or rnd.origin.loc or Location(rnd.origin.source or Path("?"))
            if record is None and rnd.number in refused:
                continue
            if record is None:
                problems.add(where, f"board {board} is featured but has no game record",
                             f"add its record: rounds/{rnd.number:02d}/board-{board:02d}.<file type>, or "
                             f"a game of rounds/{rnd.number:02d}.pgn")
            elif ply is not None and ply > len(record.plies):
                problems.add(where, f"the diagram of board {board} is after ply {ply}, but its record "
                             f"has {len(record.plies)}", f"choose a ply from 0 to {len(record.plies)}")


def _read(path: Path, shown: Path, game: str, opening: str, problems: Problems, cache: Store | None
          ) -> tuple[str, list[tuple[Record, Location, Location]]]:
    """The digest of one file's text and its records, each with where it starts and where its result
    is written (`_result_at`), from the cache when read before. A `.kif` file may be in Shift_JIS, as
    Japanese programs write it."""
    text = read_source(path, shown, problems, legacy="cp932" if path.suffix.lower() == ".kif" else None)
    if text is None:
        return "", []
    text_digest = hashlib.sha256(text.encode()).hexdigest()
    key = hashlib.sha256(software() + f"{game}\0{opening}\0{shown}\0{text_digest}".encode()).hexdigest()
    found = cache.get("records", key) if cache is not None else MISS
    if found is not MISS:
        return text_digest, found  # type: ignore[return-value]  # what this function stored under the key
    try:
        read = game_of(game).formats[path.suffix.lower()](text, shown, opening)
    except ContentError as error:
        problems.items.extend(error.problems)
        return text_digest, []
    only = text if len(read) == 1 else ""
    lines = text.splitlines() if path.suffix.lower() == ".pgn" else []
    records = [(dataclasses.replace(record, suffix=path.suffix.lower(), text=only),
                Location(shown, record.line), _result_at(lines, record, shown)) for record in read]
    if cache is not None:
        cache.put("records", key, records)
    return text_digest, records


def _result_at(lines: list[str], record: Record, shown: Path) -> Location:
    """Where a record's result is written: the line of a PGN record's `Result` tag (`lines`: its
    file's), else where the record starts (a result its moves end with, another format's)."""
    line = tag_line(lines, record.line, "Result") if lines else None
    return Location(shown, line or record.line)


def _match(record: Record, where: Location, path: Path, rnd: Round, players: dict[int, Player],
           game: str, problems: Problems, whole: bool = True) -> Game | None:
    """The round's game the record is of: by the board its file or tags give, else by its players;
    None (a problem added) when no game fits; where the round is not `whole` (a game of its file did
    not load), None and no problem when the round has no game of the record's board or players."""
    by_board = {g.board: g for g in rnd.games}
    board = _board(record, path)
    named = _named(record, game)
    tagged = _ROUND_BOARD.match(record.tags.get("Round", ""))
    if tagged is not None and int(tagged.group(1)) != rnd.number:
        problems.add(where, f"the record is of round {tagged.group(1)} (its Round tag "
                     f"{record.tags['Round']!r}), but its file is round {rnd.number}'s",
                     f"move it to round {tagged.group(1)}'s records, or correct the tag")
        return None
    if board is not None:
        found = by_board.get(board)
        if found is None:
            if whole:
                problems.add(where, f"round {rnd.number} has no board {board}",
                             f"its boards are {', '.join(str(b) for b in sorted(by_board)) or 'none yet'}")
            return None
    elif named is not None:
        keys = tuple(loose_key(n) for n in named)
        found = next((g for g in rnd.games if keys in (_keys(g, players), _keys(g, players)[::-1])), None)
        if found is None:
            if whole:
                problems.add(where, f"no game of round {rnd.number} is between {named[0]!r} and "
                             f"{named[1]!r}", "name the players as the round file does, or the board: a "
                             "'Board' tag or a file named board-NN")
            return None
    else:
        problems.add(where, "the record names neither its board nor its players",
                     "name the file board-NN, or give the players' names in its tags")
        return None
    if named is not None and tuple(loose_key(n) for n in named) != _keys(found, players):
        first, second = players[found.first].name, players[found.second].name
        problems.add(where, f"the record is of {named[0]!r} against {named[1]!r}, but board {found.board} "
                     f"of round {rnd.number} is {first!r} against {second!r}",
                     "fix the names or the board of the record (the first named plays first)")
        return None
    return found


def _same_result(record: Record, found: Game, where: Location, problems: Problems) -> bool:
    """Whether the result a record gives (its `Result` tag, else the one its moves end with) is its
    game's in the round file, or says nothing against it; a problem added at `where` (the tag's
    line) when it is another game played's result."""
    written = record.tags.get("Result", "").strip() or record.result
    stated = RESULTS.get(written)
    if stated is None or found.outcome is Outcome.PENDING or stated is found.outcome \
            or not found.outcome.is_played:
        return True
    problems.add(where, f"the record's result {written!r} is not the round file's "
                 f"({found.outcome.value}) for board {found.board}",
                 "correct the one that is wrong: pages show the round file's")
    return False


def _keys(game: Game, players: dict[int, Player]) -> tuple[str, str]:
    return loose_key(players[game.first].name), loose_key(players[game.second].name)


def _board(record: Record, path: Path) -> int | None:
    if (match := _BOARD_FILE.search(path.stem)) is not None:
        return int(match.group(1))
    if (tag := record.tags.get("Board", "").strip()).isdigit():
        return int(tag)
    if (match := _ROUND_BOARD.match(record.tags.get("Round", ""))) is not None:
        return int(match.group(2))
    return None


def _named(record: Record, game: str) -> tuple[str, str] | None:
    first_tags, second_tags = game_of(game).player_tags
    first = _tag(record, first_tags)
    second = _tag(record, second_tags)
    return (first, second) if first and second else None


def _tag(record: Record, names: tuple[str, ...]) -> str:
    """The first of the tags `names` that holds a name ("?" and "-" are PGN's unknown)."""
    for name in names:
        value = record.tags.get(name, "").strip()
        if value and value not in ("?", "-"):
            return value
    return ""
