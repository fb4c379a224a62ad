"""The boards of a match read from a TRF team file, in board order. TRF numbers no boards: a board's
place is that of its players in their teams' 310 lists (a listed player, among the first as many as
the match has boards, stands for the board of their place; a reserve, listed after them, plays on
the board its opponent's place says, and a board of two reserves on a board no listed player
takes). Where that order does not seat the colours as FIDE's team Swiss seats them (White on the odd
boards for the team with White on board 1, C.04.6 art. 1.6.1) — a team fielded its listed players
out of their order — the boards are seated by their colours: the home team's White boards on the odd
boards and its Black ones on the even boards, each as near its place as can be, provided one of the
two teams still plays its listed players in list order. Otherwise the order of the lists stands, and
its colours are refused where they are written (`team_read`).

>>> owner = {1: 1, 2: 1, 3: 1, 4: 2, 5: 2, 6: 2}  # two boards; 3 and 6 are the reserves
>>> order = {1: 0, 2: 1, 3: 2, 4: 0, 5: 1, 6: 2}
>>> seated([(5, 2, "1", "0"), (3, 6, "=", "=")], owner, order)  # the reserves met on board 1
[(3, 6, '=', '='), (5, 2, '1', '0')]
>>> owner, order = {p: 1 + (p > 4) for p in range(1, 9)}, {p: (p - 1) % 4 for p in range(1, 9)}
>>> seated([(6, 1, "1", "0"), (2, 5, "=", "="), (3, 7, "0", "1"), (8, 4, "1", "0")], owner, order)
[(2, 5, '=', '='), (6, 1, '1', '0'), (3, 7, '0', '1'), (8, 4, '1', '0')]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import combinations

Board = tuple[int, int, str, str]  # White's start rank, Black's, White's result code, Black's


def seated(boards: Sequence[Board], owner: Mapping[int, int], order: Mapping[int, int]) -> list[Board]:
    """The boards of a match in board order (`owner`: each player's team; `order`: each player's
    index in their team's 310 list)."""
    size = len(boards)
    near = _near(list(boards), list(range(1, size + 1)), order, size)
    listed = [near[n] for n in range(1, size + 1)]
    if not boards or _seats_colours(listed, owner):
        return listed
    teams = sorted({owner[boards[0][0]], owner[boards[0][1]]})
    options = [s for home in teams if (s := _by_colours(boards, home, owner, order)) is not None
               and any(_in_list_order(s, team, owner, order) for team in teams)]
    return min(options, key=lambda s: _distance(s, order)) if options else listed


def _seats_colours(boards: Sequence[Board], owner: Mapping[int, int]) -> bool:
    """Whether the team with White on board 1 has White on every odd board and Black on the even."""
    home = owner[boards[0][0]]
    return all((owner[white] == home) == (index % 2 == 0) for index, (white, *_rest) in enumerate(boards))


def _place(board: Board, order: Mapping[int, int], size: int) -> float | None:
    """The board a board's listed players stand for (1 to `size`, their mean when they differ); None
    when both are reserves."""
    places = [order[p] + 1 for p in board[:2] if order[p] < size]
    return sum(places) / len(places) if places else None


def _key(board: Board, order: Mapping[int, int], size: int) -> tuple[float, int]:
    """A board's order among boards: its place, then its players' places in the lists."""
    return _place(board, order, size) or 0.0, min(order[p] for p in board[:2])


def _by_colours(boards: Sequence[Board], home: int, owner: Mapping[int, int], order: Mapping[int, int]
                ) -> list[Board] | None:
    """The boards seated by their colours with `home` as the team with White on board 1: its White
    boards on the odd boards, its Black ones on the even; None when its White boards are not as many
    as the odd boards."""
    size = len(boards)
    white = [b for b in boards if owner[b[0]] == home]
    if len(white) != (size + 1) // 2:
        return None
    seats = {**_near(white, list(range(1, size + 1, 2)), order, size),
             **_near([b for b in boards if owner[b[0]] != home], list(range(2, size + 1, 2)), order, size)}
    return [seats[n] for n in range(1, size + 1)]


def _near(boards: list[Board], seats: list[int], order: Mapping[int, int], size: int) -> dict[int, Board]:
    """`boards` on `seats`, each board whose place is known as near it as can be (in the order of
    their places), the others on the seats left (in the order of the lists)."""
    known = sorted((b for b in boards if _place(b, order, size) is not None),
                   key=lambda b: _key(b, order, size))
    rest = sorted((b for b in boards if _place(b, order, size) is None),
                  key=lambda b: _key(b, order, size))
    places = [_place(b, order, size) or 0.0 for b in known]
    chosen = min(combinations(seats, len(known)),
                 key=lambda taken: sum(abs(seat - place) for seat, place in zip(taken, places, strict=True)))
    left = [s for s in seats if s not in chosen]
    return {**dict(zip(chosen, known, strict=True)), **dict(zip(left, rest, strict=True))}


def _in_list_order(boards: Sequence[Board], team: int, owner: Mapping[int, int], order: Mapping[int, int]
                   ) -> bool:
    """Whether `team`'s listed players (not its reserves) play in the order of its list."""
    places = [order[p] for b in boards for p in b[:2] if owner[p] == team and order[p] < len(boards)]
    return places == sorted(places)


def _distance(boards: Sequence[Board], order: Mapping[int, int]) -> float:
    """How far the boards sit from their places (the nearer seating of the two homes is taken)."""
    size = len(boards)
    return sum(abs(seat - place) for seat, b in enumerate(boards, start=1)
               if (place := _place(b, order, size)) is not None)
