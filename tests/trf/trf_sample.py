"""Building TRF16 lines column by column (independently of the writer under test)."""

from __future__ import annotations


def put(line: str, column: int, text: str, right: bool = False, width: int = 0) -> str:
    """`line` with `text` placed from 1-based `column` (right-aligned in `width` when asked)."""
    if right:
        text = text.rjust(width)
    line = line.ljust(column - 1 + len(text))
    return line[:column - 1] + text + line[column - 1 + len(text):]


def player(rank: int, name: str, rounds: list[str], *, sex: str = "", title: str = "",
           rating: str = "", federation: str = "", fide_id: str = "", birth: str = "", points: str = "",
           place: str = "") -> str:
    """A 001 line; `rounds` are 8-character cells such as '   4 w 1' or '0000 - H'."""
    line = put("001", 5, str(rank), right=True, width=4)
    line = put(line, 10, sex or " ")
    line = put(line, 11, title, right=True, width=3)
    line = put(line, 15, name)
    line = put(line, 49, rating, right=True, width=4)
    line = put(line, 54, federation)
    line = put(line, 58, fide_id, right=True, width=11)
    line = put(line, 70, birth)
    line = put(line, 81, points, right=True, width=4)
    line = put(line, 86, place, right=True, width=4)
    for index, cell in enumerate(rounds):
        line = put(line, 92 + 10 * index, cell)
    return line.rstrip()


def round_dates(dates: list[str]) -> str:
    line = "132"
    for index, day in enumerate(dates):
        line = put(line, 92 + 10 * index, day)
    return line


#: Six players, four rounds (the fourth paired, not played), every record type and result code.
SAMPLE = "\n".join([
    "012 Riverside Rapid Open",
    "022 Riverside",
    "032 NED",
    "042 2025/03/08",
    "052 2025/03/09",
    "062 6",
    "072 5",
    "082 0",
    "092 FIDE_DUTCH_2025",
    "102 Jane Arbiter",
    "112 John Deputy",
    "122 15 min + 10 s",
    round_dates(["25/03/08", "25/03/08", "25/03/09", "25/03/09"]),
    "XXR 5",
    "XXC white1",
    player(1, "Adams, Ann", ["   4 w 1", "   5 b D", "   2 w -", "   6 b  "], sex="w", title="WGM",
           rating="2310", federation="ENG", fide_id="400001", birth="1990/05/12", points="1.5", place="3"),
    player(2, "Brown, Bob", ["   5 w =", "   4 b -", "   1 b -", "   3 w  "], sex="m", title="FM",
           rating="2250", federation="USA", fide_id="2000002", birth="1985", points="0.5", place="6"),
    player(3, "Chen, Wei", ["   6 w W", "0000 - H", "   4 w 0", "   2 b  "], sex="m", rating="2100",
           federation="CHN", points="1.5", place="4"),
    player(4, "Dahl, Dora", ["   1 b 0", "   2 w +", "   3 b 1", "0000 - H"], sex="w", rating="1990",
           points="2.5", place="1"),
    player(5, "Evans, Eve", ["   2 b =", "   1 w D", "0000 - U", ""], sex="w", rating="1800",
           points="2.0", place="2"),
    player(6, "Fox, Finn", ["   3 b L", "0000 - F", "0000 - Z", "   1 w  "], sex="m", points="1.0",
           place="5"),
]) + "\n"
