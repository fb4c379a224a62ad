"""Generated FIDE team Swiss tournaments (C.04.6) checked with Gacrux's fideteam checker
(tests/data/fide-team-gacrux, see its README): the engine still pairs every round of each as it is
recorded, and where Gacrux paired a round otherwise, seating a bracket by score before TPN (against
art. 3.6.1) gives Gacrux's pairing."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from site_builder.pairing.fide_team import engine
from site_builder.pairing.fide_team.colours import ColourModel, Preference
from site_builder.pairing.fide_team.engine import Rules, TeamState, pair_round

DATA = Path(__file__).parents[1] / "data" / "fide-team-gacrux"
HALF = {"1": 2, "=": 1, "0": 0}
MODELS: dict[str, ColourModel] = {"fideteam": "A", "fideteam-typeb": "B", "fideteam-nocolor": "none"}


@dataclass
class Record:
    """A team's matches, round by round: (opponent, its colour, its half game points), or None for
    the pairing-allocated bye."""

    rounds: list[tuple[int, str, int] | None] = field(default_factory=list)


@dataclass
class Sample:
    rounds: int
    initial: str
    code: str  # record 192: FIDE_TEAM_TYPE{A,B}_{MP,GP}[_{GP,MP}]
    bye: tuple[int, int]  # match points, half game points
    teams: dict[int, Record]

    @property
    def game_first(self) -> bool:
        """Game points are the primary score (art. 1.2.1)."""
        return self.code.split("_")[3] == "GP"

    @property
    def secondary_used(self) -> bool:
        """The other score decides art. 4.2.2."""
        return len(self.code.split("_")) == 5


def read(path: Path) -> Sample:
    """The records the cross-check writes: 142, 152, 192, 001, 310 and 320."""
    lines = path.read_text(encoding="utf-8").splitlines()
    field_ = {line[:3]: line[4:].strip() for line in lines if line[:3] in ("142", "152", "192")}
    games = {int(line[4:8]): [line[i:i + 8] for i in range(91, len(line), 10)]
             for line in lines if line.startswith("001 ")}
    members = {int(line[4:7]): [int(line[i:i + 4]) for i in range(73, len(line), 5)]
               for line in lines if line.startswith("310 ")}
    team_of = {p: n for n, players in members.items() for p in players}
    byes = {int(line[i:i + 3]): (i - 14) // 4 + 1 for line in lines if line.startswith("320 ")
            for i in range(14, len(line), 4) if line[i:i + 3].strip()}
    bye_points = next(((int(float(line[4:8])), int(2 * float(line[9:13]))) for line in lines
                       if line.startswith("320 ")), (0, 0))
    count = max(len(g) for g in games.values())
    teams = {}
    for n, players in members.items():
        record = Record()
        for r in range(count):
            if byes.get(n) == r + 1:
                record.rounds.append(None)
                continue
            first = games[players[0]][r]
            half = sum(HALF[games[p][r][7]] for p in players)
            record.rounds.append((team_of[int(first[:4])], first[5], half))
        teams[n] = record
    return Sample(int(field_["142"]), field_["152"].lower(), field_["192"], bye_points, teams)


def states(sample: Sample, upto: int) -> list[TeamState]:
    """The teams before round `upto` + 1: scores by the rules' primary score, meetings, colours, the
    float of the last round (art. 1.5) and [C2]."""

    def scores(n: int, rounds: int) -> tuple[int, int]:
        mp = gp = 0
        for r, entry in enumerate(sample.teams[n].rounds[:rounds]):
            if entry is None:
                mp, gp = mp + sample.bye[0], gp + sample.bye[1]
                continue
            opponent = sample.teams[entry[0]].rounds[r]
            against = opponent[2] if opponent is not None else 0
            mp += 2 if entry[2] > against else 1 if entry[2] == against else 0
            gp += entry[2]
        return (gp, mp) if sample.game_first else (mp, gp)

    result = []
    for n, record in sample.teams.items():
        played = [e for e in record.rounds[:upto] if e is not None]
        last = record.rounds[upto - 1] if upto else None
        floated = last is not None and scores(n, upto - 1)[0] != scores(last[0], upto - 1)[0]
        primary, secondary = scores(n, upto)
        result.append(TeamState(n, primary, secondary, frozenset(e[0] for e in played),
                                "".join(e[1] for e in played), floated, None in record.rounds[:upto],
                                len(played)))
    return result


CASES = sorted(DATA.glob("*.trf"))


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_the_engine_pairs_each_round_as_recorded(path: Path) -> None:
    sample = read(path)
    verdict = json.loads(path.with_suffix(".json").read_text(encoding="utf-8"))
    model = MODELS[verdict["method"]]
    for number in range(1, _rounds(sample) + 1):
        result = pair_round(states(sample, number - 1),
                            Rules(sample.rounds, number, model, sample.initial, sample.secondary_used))
        recorded = sorted((n, e[0]) for n, r in sample.teams.items()
                          if (e := r.rounds[number - 1]) is not None and e[1] == "w")
        assert sorted((m.white, m.black) for m in result.matches) == recorded, number
        assert result.bye == next((n for n, r in sample.teams.items() if r.rounds[number - 1] is None), None)


def _rounds(sample: Sample) -> int:
    return len(next(iter(sample.teams.values())).rounds)


Pairs = list[tuple[TeamState, TeamState]]
PairBracket = Callable[[list[TeamState], dict[int, Preference], Rules], Pairs | None]


def _score_first(pair_bracket: PairBracket) -> PairBracket:
    """The bracket's pairing with its teams seated by score, then TPN, as Gacrux seats them: the
    TPNs renumbered in that order, paired, and numbered back."""

    def pair(bracket: list[TeamState], prefs: dict[int, Preference], rules: Rules
             ) -> Pairs | None:
        seat = {t.number: i for i, t in enumerate(sorted(bracket, key=lambda t: (-t.primary, t.number)), 1)}
        outside = len(seat) + 1000
        renumbered = [dataclasses.replace(t, number=seat[t.number], opponents=frozenset(
            seat.get(o, outside + o) for o in t.opponents)) for t in bracket]
        pairs = pair_bracket(renumbered, {seat[n]: p for n, p in prefs.items() if n in seat}, rules)
        if pairs is None:
            return None
        team = {seat[t.number]: t for t in bracket}
        return [(team[a.number], team[b.number]) for a, b in pairs]

    return pair


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_where_gacrux_differs_it_seats_the_bracket_by_score(path: Path, monkeypatch: pytest.MonkeyPatch
                                                             ) -> None:
    sample = read(path)
    verdict = json.loads(path.with_suffix(".json").read_text(encoding="utf-8"))
    monkeypatch.setattr(engine, "_pair_bracket", _score_first(engine._pair_bracket))
    for number in (r["round"] for r in verdict["rounds"] if not r["check"]):
        result = pair_round(states(sample, number - 1),
                            Rules(sample.rounds, number, MODELS[verdict["method"]], sample.initial,
                                  sample.secondary_used))
        ours = [[m.white, m.black] for m in result.matches] + ([[result.bye, 0]] if result.bye else [])
        assert sorted(ours) == sorted(next(r["pairs"] for r in verdict["rounds"] if r["round"] == number))


def test_the_sample_covers_every_colour_model_and_both_verdicts() -> None:
    verdicts = [json.loads(p.with_suffix(".json").read_text(encoding="utf-8")) for p in CASES]
    assert {v["method"] for v in verdicts} == set(MODELS)
    checks = {r["check"] for v in verdicts for r in v["rounds"]}
    assert checks == {True, False}
