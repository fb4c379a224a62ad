"""The `prizes:` of a section: place prizes, category prizes, sharing, one prize per person."""

from __future__ import annotations

from collections.abc import Set as AbstractSet
from decimal import Decimal, InvalidOperation
from fractions import Fraction
from typing import Any

from site_builder.content.players import KNOWN_FIELDS, SEXES, STANDARD_FIELDS, Roster
from site_builder.content.schema import MapReader, type_name
from site_builder.content.yamlsource import LList, LMap, suggest
from site_builder.errors import Location, Problems
from site_builder.model import PrizeCategory, PrizeSettings

PRIZE_FIELDS = ("places", "categories", "one_per_person", "sharing", "currency", "levels", "marks",
                "grants", "withdrawn")
LEVEL_FIELDS = ("name", "rank", "score")
CATEGORY_FIELDS = ("name", "filter", "places")
FILTER_FIELDS = (*STANDARD_FIELDS, *KNOWN_FIELDS, "unrated")


def load_prizes(raw: Any, loc: Location, base: PrizeSettings, problems: Problems,
                free_fields: AbstractSet[str] = frozenset(),
                roster: Roster | None = None) -> PrizeSettings:
    """`prizes: [2000, 1500]` (by place) or a mapping with places, categories and options;
    `free_fields` are the players' own fields a category may filter on. One block per key of
    `prizes:`, in the order docs/content.md gives them."""
    if raw is None:
        return base
    if isinstance(raw, LList):
        return PrizeSettings(_amounts(raw, problems), currency=base.currency)
    f = MapReader(raw, loc, problems, "prizes", PRIZE_FIELDS)
    categories = []
    bands: list[tuple[Decimal, Decimal, Location, str]] = []
    for index, item in enumerate(f.sequence("categories")):
        c = MapReader(item, f.sequence("categories").at(index), problems, "a prize category",
                      CATEGORY_FIELDS)
        name = c.text("name", required=True)
        filters = c.mapping("filter") or LMap()
        known = [*FILTER_FIELDS, *sorted(free_fields)]
        for key, value in filters.items():
            if key not in known:
                problems.add(filters.key_locs[key], f"prize category {name!r} filters on an unknown player "
                             f"field {key!r}", suggest(str(key), known))
            if key == "rating" and isinstance(value, LMap):
                low, high = Decimal(str(value.get("min", 0))), Decimal(str(value.get("max", 10**6)))
                for other_low, other_high, other_loc, other in bands:
                    if low <= other_high and other_low <= high:
                        problems.add(filters.value_locs[key],
                                     f"rating band of {name!r} overlaps {other!r} (line {other_loc.line})",
                                     "make the rating bands disjoint")
                bands.append((low, high, filters.value_locs[key], name))
        categories.append(PrizeCategory(name, _filter_sex(filters, name, problems),
                                        _amounts(c.sequence("places"), problems)))
    levels = []
    for index, item in enumerate(f.sequence("levels")):
        level = MapReader(item, f.sequence("levels").at(index), problems, "an award level", LEVEL_FIELDS)
        score = level.number("score", Fraction(-1))
        levels.append((level.text("name", required=True), level.integer("rank", minimum=1),
                       None if score < 0 else Decimal(score.numerator) / Decimal(score.denominator)))
    marks = []
    for index, item in enumerate(f.sequence("marks")):
        mark = MapReader(item, f.sequence("marks").at(index), problems, "a mark", ("name", "score"))
        score = mark.number("score", Fraction(0))
        marks.append((mark.text("name", required=True),
                      Decimal(score.numerator) / Decimal(score.denominator)))
    grants: dict[int, str] = {}
    table = f.mapping("grants")
    if table and roster:
        for ref, prize in table.items():
            player = roster.resolve(ref, table.key_locs[ref], problems)
            if player is not None:
                grants[player] = str(prize)
    withdrawn = [roster.resolve(ref, f.sequence("withdrawn").at(i), problems)
                 for i, ref in enumerate(f.sequence("withdrawn"))] if roster else []
    return PrizeSettings(_amounts(f.sequence("places"), problems), tuple(categories),
                         f.boolean("one_per_person", True),
                         f.choice("sharing", ("tiebreak", "hort"), "tiebreak"),
                         f.text("currency") or base.currency, tuple(levels), tuple(marks), grants,
                         tuple(p for p in withdrawn if p is not None))


def _filter_sex(filters: LMap, name: str, problems: Problems) -> dict[str, Any]:
    """A category's filters, its `sex:` as the player list writes it (m or f, also 男/女, `female` …,
    as a player's); another value, which no player could have, is an error at it (left out)."""
    out = dict(filters)
    if "sex" not in filters:
        return out
    wanted = filters["sex"]
    sex = SEXES.get(wanted.strip().lower(), "") if isinstance(wanted, str) else ""
    if sex:
        out["sex"] = sex
    else:
        problems.add(filters.value_locs["sex"], f"prize category {name!r} filters on an unknown sex "
                     f"{wanted!r}: no player could match it", "write m or f (男/女)")
        del out["sex"]
    return out


def _amounts(items: LList, problems: Problems) -> tuple[tuple[Decimal, str], ...]:
    """Each prize: an amount of 0 or more, an item (text), or {amount, item}."""
    out = []
    for index, item in enumerate(items):
        amount, label = item, ""
        if isinstance(item, LMap):
            amount, label = item.get("amount", 0), str(item.get("item", ""))
        elif isinstance(item, str) and not item.replace(".", "", 1).isdigit():
            amount, label = 0, item
        try:
            if isinstance(amount, bool):
                raise InvalidOperation
            value = Decimal(str(amount))
        except InvalidOperation:
            problems.add(items.at(index), f"a prize amount must be a number, found {type_name(amount)}",
                         "write e.g. 500, or {amount: 500, item: 奖杯}")
            continue
        if not value.is_finite() or value < 0:
            problems.add(items.at(index), f"a prize amount must be 0 or more, found {amount}",
                         "write the amount without a sign; a prize of no money is 0 or an item")
            continue
        out.append((value, label))
    return tuple(out)
