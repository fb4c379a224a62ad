"""TRF-2026's tie-break records: 202 (the tie-breaks after points) and 212 (the whole ranking,
points first), in the codes of FIDE's tie-break checker (`BH/C1`, `ARO/M1`, `DE`, …), read as the
content's FIDE ids (docs/chess.md, TRF import).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from site_builder.model import TIEBREAK_ALIASES, Tiebreak

#: C.07 codes as TRF-2026 writes them → the content's id (FIDE acronyms are ids themselves).
CODES = {"BH": "opponent-score", "FB": "fore-buchholz", "SB": "sonneborn-berger", "DE": "direct-encounter",
         "WIN": "wins", "WON": "wins-over-board", "BPG": "second-games", "BWG": "second-wins",
         "PS": "cumulative", "KS": "koya", "ARO": "opponents-rating", "TPR": "performance",
         "PTP": "perfect-performance", "APRO": "opponents-performance",
         "APPO": "opponents-perfect-performance", "AOB": "opponents-buchholz"}
#: Which codes take Cut-n / Median-n (C.07 14), as the content's option.
MODIFIERS = {"opponent-score": ("cut", "median"), "fore-buchholz": ("cut", "median"),
             "opponents-rating": ("cut", "median"), "cumulative": ("drop_first", None)}
POINTS = ("PTS", "MPTS", "GPTS")
#: The records that name a file's tie-break chain (TRF-2026's; TRF16 has none).
CHAIN_RECORDS = ("202", "212")
_CODE = re.compile(r"([A-Z]+)(?:[/#-]([CM])(\d+))?")


def read_chain(record: str, unfit: frozenset[str] = frozenset()
               ) -> tuple[list[str], list[tuple[int, str]], list[tuple[int, str]]]:
    """The tiebreaks of a 202 or 212 record as YAML items of `tiebreaks:`, the codes left out
    (their column and text): unknown, or with options the content has no way to say; and those left
    out as `unfit` for the file's system (a Buchholz in a round robin, `Ranking.unfit_tiebreaks`).

    >>> read_chain("202 BH/C1, BH SB DE")
    (['BH-C1', 'BH', 'SB', 'DE'], [], [])
    >>> read_chain("212 PTS BH#C3 XYZ DE-P")
    (['{id: opponent-score, cut: 3}'], [(15, 'XYZ'), (19, 'DE-P')], [])
    >>> read_chain("202 DE BH/C1 SB", frozenset({"opponent-score"}))
    (['DE', 'SB'], [], [(8, 'BH/C1')])
    """
    items: list[str] = []
    left: list[tuple[int, str]] = []
    refused: list[tuple[int, str]] = []
    for match in re.finditer(r"[^\s,]+", record[4:]):
        code, column = match.group(), match.start() + 5
        parsed = _CODE.fullmatch(code)
        if parsed is None or parsed.group(1) not in CODES:
            if not (parsed and parsed.group(1) in POINTS and record[:3] == "212" and not items):
                left.append((column, code))
            continue
        name, kind, number = parsed.groups()
        tiebreak = CODES[name]
        if tiebreak in unfit:
            refused.append((column, code))
            continue
        if kind is None:
            items.append(name)
            continue
        option = dict(zip("CM", MODIFIERS.get(tiebreak, (None, None)), strict=True))[kind]
        if option is None:
            left.append((column, code))
        elif f"{name}-{kind}{number}" in TIEBREAK_ALIASES:
            items.append(f"{name}-{kind}{number}")
        else:
            items.append(f"{{id: {tiebreak}, {option}: {int(number)}}}")
    return items, left, refused



def chain_record(tiebreaks: Sequence[Tiebreak]) -> str:
    """The 202 record of a chain of tie-breaks, in the codes `read_chain` reads; "" when one of them
    has no TRF-2026 code (the record would say another chain).

    >>> chain_record([Tiebreak("opponent-score", {"cut": 1}), Tiebreak("sonneborn-berger")])
    '202 BH/C1 SB'
    """
    names = {tiebreak: name for name, tiebreak in CODES.items()}
    codes = []
    for tiebreak in tiebreaks:
        name = names.get(tiebreak.id)
        options = dict(tiebreak.options)
        kinds = dict(zip(MODIFIERS.get(tiebreak.id, (None, None)), "CM", strict=True))
        modifier = [f"/{kinds[key]}{value}" for key, value in options.items() if key in kinds and value]
        if name is None or len(modifier) != len(options) or len(modifier) > 1:
            return ""
        codes.append(name + "".join(modifier))
    return f"202 {' '.join(codes)}" if codes else ""
