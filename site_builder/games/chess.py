"""Chess game records from PGN, moves checked by python-chess (the FIDE Laws of Chess), written in
figurine algebraic notation (♘f3, ♔xe2) in every language, as chess bulletins print them, and
exported as the SAN python-chess gives, whatever the record's spelling (`Ng1-f3`, `0-0`: Nf3, O-O)."""

from __future__ import annotations

from pathlib import Path

import chess

from site_builder.errors import ContentError, Location, Problem
from site_builder.games import pgn, spec
from site_builder.games.record import Ply, Position, Record

FIGURINES = str.maketrans({"K": "♔", "Q": "♕", "R": "♖", "B": "♗", "N": "♘"})


def figurine(san: str) -> str:
    """SAN with the pieces as figures (a promotion too).

    >>> figurine("Nbd7"), figurine("exd8=Q+"), figurine("O-O")
    ('♘bd7', 'exd8=♕+', 'O-O')
    """
    return san.translate(FIGURINES)


def read_pgn(text: str, path: Path) -> list[Record]:
    """Every game of a PGN file; an illegal or unreadable move is an error at its place."""
    records, problems = [], []
    for game in pgn.games(text):
        try:
            records.append(_record(game, path))
        except _MoveError as error:
            problems.append(error.problem)
    if problems:
        raise ContentError(problems)
    return records


class _MoveError(Exception):
    def __init__(self, problem: Problem) -> None:
        self.problem = problem


def _position(board: chess.Board) -> Position:
    return Position({square: piece.symbol() for square, piece in board.piece_map().items()})


def _record(game: pgn.Game, path: Path) -> Record:
    fen = game.tags.get("FEN")
    try:
        board = chess.Board(fen) if fen else chess.Board()
    except ValueError:
        raise _MoveError(Problem(Location(path, *game.tag_at["FEN"]),
                                 f"the FEN tag is not a chess position: {fen!r}",
                                 "write the position as FEN, e.g. the start position "
                                 "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")) from None
    start = _position(board)
    first = 2 * board.fullmove_number - (1 if board.turn == chess.WHITE else 0)  # White plays odd plies
    plies: list[Ply] = []
    opening = ""
    for token in game.tokens:
        if token.kind == "move":
            plies.append(_ply(board, token, first + len(plies), path))
        elif token.kind == "comment" and plies:
            last = plies[-1]
            plies[-1] = _with(last, comment=f"{last.comment} {token.text}".strip())
        elif token.kind == "comment":
            opening = f"{opening} {token.text}".strip()
        elif token.kind == "nag" and plies:
            plies[-1] = _with(plies[-1], nags=(*plies[-1].nags, int(token.text)))
    return Record("chess", 8, 8, start, tuple(plies), dict(game.tags), game.result, opening, game.line)


def _ply(board: chess.Board, token: pgn.Token, number: int, path: Path) -> Ply:
    side = "White" if board.turn == chess.WHITE else "Black"
    where = Location(path, token.line, token.column)
    try:
        move = board.parse_san(token.text)
    except ValueError as error:
        legal = sorted(board.san(m) for m in board.legal_moves)
        known = "illegal" if isinstance(error, chess.IllegalMoveError) else "unreadable"
        hint = f"the legal moves here are {', '.join(legal)}" if legal else "the game is over here"
        raise _MoveError(Problem(where, f"move {(number + 1) // 2} ({side}): {known} move {token.text!r}",
                                 hint)) from None
    san = board.san(move)
    board.push(move)
    text = figurine(san)
    return Ply(number, {"zh": text, "en": text}, _position(board), source=san,
               marks=(move.from_square, move.to_square))


def _with(ply: Ply, **changes: object) -> Ply:
    from dataclasses import replace

    return replace(ply, **changes)  # type: ignore[arg-type]  # `changes` are fields of Ply


def _board_markup(f: spec.Frame) -> str:
    dark = "".join(f"M{f.ox + c * f.cw} {f.oy + r * f.ch}h{f.cw}v{f.ch}h-{f.cw}z"
                   for r in range(f.ranks) for c in range(f.files) if (r + c) % 2)
    return f'<rect {f.rect} fill="#f0d9b5"/><path d="{dark}" fill="#b58863"/>'


def _label_rows(f: spec.Frame) -> tuple[spec.LabelRow, ...]:
    """Ranks 1 … 8 on the left, files a … h below."""
    return (spec.LabelRow("ranks", 8, 8, spec.numbers(f.ranks), 4),
            spec.LabelRow("files", f.bottom + 12, f.bottom + 12, tuple("abcdefgh"[:f.files])))


GAME = spec.Game(
    name="chess",
    board=spec.Board(8, 8, squares=True),
    look=spec.Look(_board_markup, _label_rows, spec.Pieces("figures")),
    formats={".pgn": spec.without_opening(read_pgn)},
    player_tags=(("White",), ("Black",)),
    renamers={".pgn": pgn.rename_tags},
    team_tags=("WhiteTeam", "BlackTeam"),
    # FIDE's rules by default (C.07): Buchholz, Buchholz Cut-1, Sonneborn-Berger, wins (docs/chess.md);
    # C.04.1: a forfeited game was not played, whatever the system: the two may still meet
    defaults=spec.Defaults("Chess Swiss", ("1", "1/2"),
                           ("opponent-score", ("opponent-score", {"cut": 1}), "sonneborn-berger", "wins"),
                           tiebreak_rules="fide", system="dutch", rated=True, forfeits_meet=False),
    paired_moves=True,
    numbered_pairings=True,
    broadcast=True,
)
