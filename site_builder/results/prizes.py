"""Who wins which prize: the section's prize settings (places, categories, sharing) applied to its
standings by the allocation of `engine.prizes`."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from decimal import Decimal

from site_builder.engine.prizes import Award, Level, Prize, PrizeConfig, allocate, level_for
from site_builder.engine.scoring import Records
from site_builder.engine.standings import Standings
from site_builder.model import Player, PrizeCategory, PrizeSettings, Section


def matches(player: Player, filters: dict[str, object]) -> bool:
    """Whether a player belongs to a prize category (equal values, or {min, max} for numbers).

    >>> from site_builder.model import Player
    >>> matches(Player(1, "A", rating=1800), {"rating": {"max": 2000}})
    True
    """
    for key, wanted in filters.items():
        if key == "unrated":
            if bool(wanted) != (player.rating is None):
                return False
            continue
        value = getattr(player, key, None) if key in ("sex", "club", "rating", "birth_year", "title") \
            else player.fields.get(key)
        if isinstance(wanted, dict):
            if value is None or not (Decimal(str(wanted.get("min", "-Infinity"))) <= Decimal(str(value))
                                     <= Decimal(str(wanted.get("max", "Infinity")))):
                return False
        elif str(value) != str(wanted):
            return False
    return True


def place_prizes(category: str, items: Sequence[tuple[Decimal, str]]) -> tuple[Prize, ...]:
    """A list of (amount, item) as the prizes for places 1, 2, … of a category."""
    return tuple(Prize(category, i, amount, item) for i, (amount, item) in enumerate(items, start=1))


def config_for(settings: PrizeSettings, players: dict[int, Player]) -> PrizeConfig:
    def members(category: PrizeCategory) -> Callable[[int], bool]:
        return lambda number: matches(players[number], dict(category.filter))

    categories = tuple((c.name, members(c), place_prizes(c.name, c.prizes)) for c in settings.categories)
    return PrizeConfig(place_prizes("", settings.places), categories,
                       settings.one_per_person, settings.sharing)


def section_awards(section: Section, table: Standings) -> list[Award]:
    """The prizes of `section` by `table`: players sharing a place share its prizes, every tie under
    `sharing: hort`, under `sharing: tiebreak` those the whole chain leaves equal on prize places
    (`tied_prize_places`); hors-concours and withdrawn players win none."""
    settings = section.prizes
    groups: dict[tuple[int, int], list[int]] = {}
    for row in table.rows:
        groups.setdefault((row.place, row.last_place), []).append(row.player)
    eligible = {p.number for p in section.players
                if not p.fields.get("hors_concours") and p.number not in settings.withdrawn}
    return allocate(list(groups.values()), config_for(settings, section.players_by_number),
                    eligible.__contains__)


def section_levels(section: Section, recs: Records, table: Standings) -> dict[int, str]:
    """The level each player of `table` reaches by place or by score (players reaching none: absent)."""
    levels = [Level(name, rank, score) for name, rank, score in section.prizes.levels]
    reached = {row.player: level_for(row.place, recs.points(row.points), levels) for row in table.rows}
    return {player: level for player, level in reached.items() if level}


def by_place(settings: PrizeSettings, placed: Sequence[tuple[int, int]]) -> list[Award]:
    """A plain list of place prizes (the league's 九.2 sponsored prizes) given by place: each
    (entry, place) wins the prize of its place, whatever places other entries lack."""
    prizes = place_prizes("", settings.places)
    return [Award(prizes[place - 1], (entry,), prizes[place - 1].amount)
            for entry, place in placed if 1 <= place <= len(prizes)]


def tied_prize_places(section: Section, awards: Sequence[Award]) -> list[Award]:
    """The place prizes that players the tiebreak chain left equal share under `sharing: tiebreak`
    (none under `hort`, whose sharing is the rule): the ties a further tiebreak or the arbiters'
    playoff should decide."""
    if section.prizes.sharing == "hort":
        return []
    return [award for award in awards if not award.prize.category and len(award.players) > 1]
