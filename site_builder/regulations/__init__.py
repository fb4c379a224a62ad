"""Regulation presets: the defaults a regulation (or a game's common practice) gives an event.

An event names a preset with `regulation:`; every value can still be overridden in its files.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction
from functools import cache
from typing import cast

from site_builder.games.registry import game_of
from site_builder.model import (
    Chain,
    Event,
    GameKind,
    GameName,
    KnockoutRules,
    MatchScoring,
    PrizeSettings,
    Scoring,
    SystemName,
    Tiebreak,
    TiebreakId,
    TiebreakRules,
)
from site_builder.regulations import shogi_league
from site_builder.regulations.rules import NONE, Rules

#: Generic team Swiss: match points 2 / 1 / 0, a bye wins the match.
GENERIC_MATCH_POINTS = MatchScoring(Fraction(2), Fraction(1), Fraction(1), Fraction(0), Fraction(2))

_RAPID, _BLITZ, _ARMAGEDDON = GameKind.RAPID, GameKind.BLITZ, GameKind.ARMAGEDDON

#: Seed 004 二: rounds 1–3 rapid, rapid reversed, Armageddon; from the quarter-final and in the
#: 3rd–8th place matches two rapid, two blitz, Armageddon; the final two rapid, then blitz with
#: colours alternating until a game is decisive.
XIANGQI_2017_KNOCKOUT = KnockoutRules(
    early=Chain((_RAPID, _RAPID, _ARMAGEDDON)),
    late=Chain((_RAPID, _RAPID, _BLITZ, _BLITZ, _ARMAGEDDON)),
    final=Chain((_RAPID, _RAPID, _BLITZ), repeat_last=True),
)


@dataclass(frozen=True)
class Preset:
    """Defaults for scoring, tiebreak chain and ties."""

    title: str
    scoring: Scoring
    tiebreaks: tuple[Tiebreak, ...]
    game: GameName | None = None  # the game a regulation is for (None: a game's own default)
    ties: str = "share"
    system: SystemName = "swiss"
    first_round: str = "fold"
    numbering: str = "seeding"
    knockout: KnockoutRules = XIANGQI_2017_KNOCKOUT
    match_scoring: MatchScoring = field(default_factory=lambda: GENERIC_MATCH_POINTS)
    prizes: PrizeSettings = field(default_factory=lambda: PrizeSettings())
    time_controls: tuple[tuple[GameKind, str], ...] = ()
    tiebreak_rules: TiebreakRules = "common"  # "fide": the tiebreak ids follow FIDE C.07
    rules: Rules = NONE  # what the regulation adds beyond these values (`rules.py`)
    # the round list as the regulation prints its own: points before the round with one decimal in
    # ASCII brackets, the bye as "(轮空)" (seed 004: 第 1 台：孙　文(0.0) 0:2 唐　丹(0.0))
    seed_lines: bool = False
    # where the regulation says what pages explain, by topic, as it numbers its articles (the legend
    # of a team table cites the article of its match points: 一、2⑶; the event page its `pairing`
    # rules, linked to `pairing_anchor` of its regulation page)
    articles: tuple[tuple[str, str], ...] = ()

    def article(self, topic: str) -> str:
        """The regulation's article on `topic` ("" when it names none)."""
        return dict(self.articles).get(topic, "")


def _points(win: int | str, draw: int | str, loss: int | str = 0, bye: int | str | None = None) -> Scoring:
    w, d, lo = Fraction(str(win)), Fraction(str(draw)), Fraction(str(loss))
    return Scoring(win=w, draw=d, loss=lo, forfeit_win=w, forfeit_loss=lo,
                   bye=w if bye is None else Fraction(str(bye)))


def _chain(*ids: TiebreakId | Tiebreak) -> tuple[Tiebreak, ...]:
    return tuple(t if isinstance(t, Tiebreak) else Tiebreak(t) for t in ids)


TWO_ONE_ZERO = _points(2, 1)
ONE_HALF_ZERO = _points(1, "1/2")


@cache
def game_preset(game: str) -> Preset:
    """The defaults of `game` when no regulation is named: its module's (`spec.Defaults`)."""
    d = game_of(game).defaults
    chain = (Tiebreak(cast(TiebreakId, t)) if isinstance(t, str)
             else Tiebreak(cast(TiebreakId, t[0]), dict(t[1])) for t in d.tiebreaks)
    return Preset(d.title, _points(*d.points), tuple(chain), tiebreak_rules=d.tiebreak_rules)

#: The seed regulations, by id (see shared rules).
REGULATIONS: dict[str, Preset] = {
    # rules/xiangqi-national-individual.md: bye scores a win (2); tiebreaks are a documented decision.
    "xiangqi-national-individual": Preset(
        "2017 National Xiangqi Individual Championship", TWO_ONE_ZERO,
        _chain("opponent-score", "cumulative", "wins", "second-wins", "second-games"), "xiangqi",
        system="swiss-positional",
        first_round="lot",  # 二.1: upper half draws lower-half opponents
        numbering="codes",  # 二.2: secret random codes from round 2
        seed_lines=True,  # rules/xiangqi-national-individual.md, "Bulletin format"
        articles=(("pairing", "一"),),  # 一、抽签与编排
        time_controls=(  # 三
            (GameKind.SLOW, "50′ + 30″"),
            (GameKind.RAPID, "10′ + 10″"),
            (GameKind.BLITZ, "5′ + 5″"),
            (GameKind.ARMAGEDDON, "红 6′ / 黑 4′ + 5″"),
        ),
    ),
}


REGULATIONS["gomoku-staged-swiss"] = Preset(
    # rules/gomoku-staged-swiss.md: 2/1/0 (§5.1), bye 2 (decision); §5.3.1 ranking chain
    "Hua-style gomoku staged Swiss", TWO_ONE_ZERO,
    _chain(Tiebreak("opponent-score", {"from_round": 3}), "progressive-cuts", "penalties", "warnings"),
    "gomoku", system="staged-swiss",
    articles=(("pairing", "§2"), ("pairing_anchor", "art-2")),  # §2: the three stages and their pairing
)


REGULATIONS["xiangqi-team-swiss"] = Preset(
    # rules/xiangqi-team-swiss.md: game points 2/1/0 (一); match points 2.5/0, tie home 1 away 1.5;
    # individual tiebreaks: cumulative, second-player points (decision)
    "Yuangou Cup xiangqi team Swiss", TWO_ONE_ZERO, _chain("cumulative", "second-points"), "xiangqi",
    system="team-swiss", match_scoring=MatchScoring(),
    prizes=PrizeSettings(tuple((Decimal(a), "") for a in (2000, 1500, 1000, 800, 500, 300)),
                         currency="元"),  # 六: top 6 teams
    # the articles of its 细则 the team tables' legends cite: home and away (一、1), boards and colours
    # (五、1), match points with the tie split 1 / 1.5 (一、2⑶), the team ranking (二)
    articles=(("pairing", "三"),  # 三: the pairing
              ("home_away", "一、1，五、1"), ("board_colours", "五、1"), ("match_points", "一、2⑶"),
              ("team_ranking", "二")),
)


#: Seed 000 九.2 sponsored prizes (bounty points): individuals by final place, schools by rank.
LEAGUE_INDIVIDUAL_PRIZES = PrizeSettings(tuple(
    (Decimal(amount), item) for amount, item in ((1000, "皮面将棋盘"), (1000, ""), (1000, ""), (500, ""),
                                                 (500, ""), (500, ""), (125, ""), (125, ""), (125, ""),
                                                 (125, ""))))
LEAGUE_SCHOOL_PRIZES = PrizeSettings(((Decimal(15000), "将棋套装"), (Decimal(3000), ""), (Decimal(1000), "")))

REGULATIONS["shogi-student-league"] = Preset(
    # rules/shogi-student-league.md: stage 1 Swiss at 3/2/0 (decision: positional Swiss, bye 3);
    # finals override the scoring with 3/1/0 in their sections
    "Chinese Student Shogi League", _points(3, 2), _chain("direct-encounter", "opponent-score"), "shogi",
    system="swiss-positional", rules=shogi_league.RULES,
    articles=(("pairing", "六"), ("pairing_anchor", "art-6")),  # 六、赛制详情
)


def rules_of(event: Event) -> Rules:
    """What the event's regulation adds to its systems."""
    return preset_for(event.regulation, event.game).rules


def preset_for(regulation: str, game: GameName) -> Preset:
    """The preset of a regulation id, else the default of the game."""
    return REGULATIONS.get(regulation) or game_preset(game)
