"""The settings an event gives its sections and a section may override: scoring, match points,
the tiebreak chain and its rules, ties."""

from __future__ import annotations

from collections.abc import Mapping

from site_builder.content.schema import MapReader, to_fraction, type_name
from site_builder.content.yamlsource import LMap, suggest
from site_builder.errors import Problems
from site_builder.model import (
    FIDE_EXCLUDED_OPTIONS,
    FIDE_ONLY_TIEBREAKS,
    GO_SCORED_TIEBREAKS,
    GO_SCORES,
    TIEBREAK_ALIASES,
    TIEBREAK_OPTIONS,
    MatchScoring,
    Scoring,
    Tiebreak,
)

MATCH_POINT_FIELDS = ("win", "home_draw", "away_draw", "loss", "bye", "bye_game_points")

SCORING_FIELDS = ("win", "draw", "loss", "forfeit_win", "forfeit_loss", "double_forfeit", "bye",
                  "absent", "half_bye", "full_bye")

TIES = ("share", "playoff")

ACCELERATIONS = ("none", "baku")  # C.04.7: the Baku Acceleration Method (Dutch)
FIRST_COLOURS = ("lot", "white", "black")  # the top seed's colour in round 1 (FIDE C.04.3 §5.2.5)

def _not_negative(f: MapReader, fields: tuple[str, ...], what: str, problems: Problems) -> None:
    """Points are never negative (a loss may score 0): a negative value turns the standings upside
    down, so it is an error at the value."""
    for key in fields:
        value = to_fraction(f.raw(key)) if f.has(key) else None
        if value is not None and value < 0:
            problems.add(f.at(key), f"{what} {key!r} must be at least 0, found {f.raw(key)}",
                         f"points are 0 or more (a loss usually scores 0); write e.g. '{key}: 0'")

def match_scoring_of(data: LMap | None, base: MatchScoring, problems: Problems) -> MatchScoring:
    if data is None:
        return base
    f = MapReader(data, data.loc, problems, "match points", MATCH_POINT_FIELDS)
    _not_negative(f, MATCH_POINT_FIELDS, "match points", problems)
    return MatchScoring(*(f.number(key, getattr(base, key)) for key in MATCH_POINT_FIELDS))

def scoring_of(data: LMap | None, base: Scoring, problems: Problems) -> Scoring:
    if data is None:
        return base
    f = MapReader(data, data.loc, problems, "scoring", SCORING_FIELDS)
    _not_negative(f, SCORING_FIELDS, "scoring", problems)
    win = f.number("win", base.win)
    loss = f.number("loss", base.loss)
    return Scoring(
        win=win,
        draw=f.number("draw", base.draw),
        loss=loss,
        forfeit_win=f.number("forfeit_win", win if f.has("win") else base.forfeit_win),
        forfeit_loss=f.number("forfeit_loss", loss if f.has("loss") else base.forfeit_loss),
        double_forfeit=f.number("double_forfeit", base.double_forfeit),
        bye=f.number("bye", win if f.has("win") else base.bye),
        absent=f.number("absent", base.absent),
        half_bye=f.number("half_bye", base.half_bye) if f.has("half_bye") else base.half_bye,
        full_bye=f.number("full_bye", base.full_bye) if f.has("full_bye") else base.full_bye,
    )


#: Options that take one of a few words, by tiebreak and option.
_OPTION_CHOICES: dict[tuple[str, str], tuple[str, ...]] = {
    ("opponent-score", "bye"): ("lowest", "zero"),
    ("wins", "bye"): ("win", "none"),
    ("second-games", "prefer"): ("more", "fewer"),
    **{(go, "by"): GO_SCORES for go in GO_SCORED_TIEBREAKS},
}

def rule_problems(name: str, options: Mapping[str, object], rules: str) -> list[tuple[str, str]]:
    """Why a tiebreak (id and options) does not fit the event's `tiebreak_rules`, as (message, hint)."""
    if rules != "fide":
        if name in FIDE_ONLY_TIEBREAKS:
            return [(f"tiebreak {name!r} is defined by FIDE C.07 {FIDE_ONLY_TIEBREAKS[name]} only",
                     "add 'tiebreak_rules: fide' to the event or the section")]
        return []
    return [(f"option {key!r} of {name!r} does not apply under 'tiebreak_rules: fide'",
             "C.07 Article 16 decides how unplayed rounds count; remove the option")
            for key in options if key in FIDE_EXCLUDED_OPTIONS.get(name, ())]

def tiebreak_chain(f: MapReader, base: tuple[Tiebreak, ...], problems: Problems, rules: str = "common"
               ) -> tuple[Tiebreak, ...]:
    if not f.has("tiebreaks"):
        return base
    items = f.sequence("tiebreaks")
    chain: list[Tiebreak] = []
    known = list(TIEBREAK_OPTIONS) + list(TIEBREAK_ALIASES)
    for index, item in enumerate(items):
        loc = items.at(index)
        options: dict[str, object] = {}
        if isinstance(item, LMap) and "id" in item:
            name = item["id"]
            options = {k: v for k, v in item.items() if k != "id"}
        elif isinstance(item, LMap) and len(item) == 1:
            name, raw = next(iter(item.items()))
            if isinstance(raw, LMap):
                options = dict(raw)
            elif raw is not None:
                problems.add(loc, f"options of {name!r} must be a mapping, found {type_name(raw)}",
                             f"write '- {name}: {{cut: 1}}'")
        else:
            name = item
        if not isinstance(name, str) or name not in known:
            problems.add(loc, f"unknown tiebreak {type_name(name)}", suggest(str(name), known))
            continue
        if name in TIEBREAK_ALIASES:
            name, alias_options = TIEBREAK_ALIASES[name]
            options = {**alias_options, **options}
        for key, value in options.items():
            if key not in TIEBREAK_OPTIONS[name]:
                allowed = TIEBREAK_OPTIONS[name]
                problems.add(loc, f"tiebreak {name!r} has no option {key!r}",
                             suggest(str(key), list(allowed)) if allowed else "it takes no options")
            elif (choices := _OPTION_CHOICES.get((name, key))) is not None:
                if value not in choices:
                    problems.add(loc, f"option {key!r} of {name!r} must be one of "
                                      f"{', '.join(choices)}, found {type_name(value)}",
                                 suggest(str(value), list(choices)))
            elif isinstance(value, bool) or not isinstance(value, int) or value < 0:
                problems.add(loc, f"option {key!r} of {name!r} must be a whole number ≥ 0, "
                                  f"found {type_name(value)}", f"write e.g. '{key}: 1'")
        for message, hint in rule_problems(name, options, rules):
            problems.add(loc, message, hint)
        if name == "points":
            continue
        chain.append(Tiebreak(name, options))
    return tuple(chain)
