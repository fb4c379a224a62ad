"""Result notations accepted in round files (common.md §1)."""

from __future__ import annotations

from site_builder.model import Outcome

NOTATIONS: dict[str, Outcome] = {}
for _outcome, _forms in {
    Outcome.FIRST_WINS: ("1-0", "1:0", "2:0", "2-0", "W"),
    Outcome.DRAW: ("½-½", "½:½", "0.5-0.5", "0.5:0.5", "1/2-1/2", "1:1", "1-1", "=", "D"),
    Outcome.SECOND_WINS: ("0-1", "0:1", "0:2", "0-2", "L"),
    Outcome.FIRST_WINS_FORFEIT: ("+:-", "+-"),
    Outcome.SECOND_WINS_FORFEIT: ("-:+", "-+"),
    Outcome.DOUBLE_FORFEIT: ("-:-", "--"),
    Outcome.PENDING: ("?", ""),
    Outcome.FIRST_HALF: ("½-0", "½:0", "0.5-0", "0.5:0", "1/2-0"),
    Outcome.SECOND_HALF: ("0-½", "0:½", "0-0.5", "0:0.5", "0-1/2"),
    Outcome.DOUBLE_LOSS: ("0-0", "0:0"),
}.items():
    for _form in _forms:
        NOTATIONS[_form] = _outcome
        NOTATIONS[_form.lower()] = _outcome

ACCEPTED = ("1-0 2:0 W | ½-½ 1:1 = D | 0-1 0:2 L | +:- -:+ -:- (forfeits) | ½-0 0-½ 0-0 (played, abnormal "
            "points) | ? (pending)")


def parse_result(text: object) -> Outcome | None:
    """The outcome a notation stands for, or None if it is not a result."""
    if text is None:
        return Outcome.PENDING
    if isinstance(text, bool) or not isinstance(text, str | int):
        return None
    key = str(text).strip().replace("：", ":").replace(" ", "").replace("　", "")
    return NOTATIONS.get(key) or NOTATIONS.get(key.lower())
