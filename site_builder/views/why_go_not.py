"""Why a go table has not the nearest other pair, in words and in the engine's numbers, for the page
"Why these pairings?" (`why_go`). Each player's next-best opponent is a swap of partners
(`gotha.why.Alternative`): the swap's loss, criterion by criterion, is put in words from the
criteria it loses on, the largest first (a rematch, named; a bigger MMS gap, the gaps given; the
same club or country, named; …), and those it gains on. Black's and White's swaps are often one and
the same (the two tables exchange partners): it is said once. The numbers go to `raw_lines`."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from site_builder.pairing.gotha.why import CRITERIA, Alternative, NewPairs, PairWhy, Seat
from site_builder.views.i18n import Labels


@dataclass(frozen=True)
class Players:
    """The round's paired players as the page needs them: each one's seat and name by key, and the
    name of the main score (MMS)."""

    seats: Mapping[str, Seat]
    name: Mapping[str, str]
    score: str


def distinct(pair: PairWhy) -> list[Alternative]:
    """The table's alternatives (Black's, White's), a swap that makes the same two pairs once."""
    seen: set[frozenset[frozenset[str]]] = set()
    found = []
    for alt in pair.alternatives:
        made = frozenset({frozenset((alt.player, alt.opponent)), frozenset((alt.partner, alt.other))})
        if made not in seen:
            seen.add(made)
            found.append(alt)
    return found


def why_not(t: Labels, alt: Alternative, players: Players) -> str:
    """The alternative in a sentence: "Not A – B (and C – D): a rematch (A – B met before)."; a
    pairing with the pair that weighs as much: the engine chose among equals."""
    a, b, c, d = (players.name[k] for k in (alt.player, alt.opponent, alt.partner, alt.other))
    total = alt.swap["total"]
    if total > 0 and alt.forced is not None and alt.forced["total"] == 0:
        return t("why_not_one", a=a, b=b, reason=t.why_not_equal_forced)
    return t("why_not", a=a, b=b, c=c, d=d, reason=_reason(t, alt, players))


def _reason(t: Labels, alt: Alternative, players: Players) -> str:
    """What the swap loses on, the criteria that decide it (the largest losses, as many as outweigh
    all its gains), and the criterion it gains most on; a swap that weighs as much or more (a round
    changed by hand), what it gains on."""
    values = {c: alt.swap[c] for c in CRITERIA}
    gains = sorted((c for c, v in values.items() if v < 0), key=lambda c: values[c])
    total = alt.swap["total"]
    if total == 0:
        return t.why_not_equal
    if total < 0:
        return t("why_not_better", better=t.list_sep.join(t(f"why_c.{c}") for c in gains))
    worse = t.list_sep.join(_worse(t, c, alt, players) for c in deciding(values))
    return t("why_not_tradeoff", worse=worse, better=t(f"why_c.{gains[0]}")) if gains else worse


def deciding(values: Mapping[str, int]) -> list[str]:
    """The criteria a swap that weighs less loses on, the largest loss first, as many as it takes for
    their sum to outweigh everything it gains (the rest could not change the engine's choice)."""
    gained = -sum(v for v in values.values() if v < 0)
    found, lost = [], 0
    for criterion in sorted((c for c, v in values.items() if v > 0), key=lambda c: -values[c]):
        found.append(criterion)
        lost += values[criterion]
        if lost > gained:
            break
    return found


def _worse(t: Labels, criterion: str, alt: Alternative, players: Players) -> str:
    """What the swap's pairs lose on `criterion`, said by the facts behind it where the page has them."""
    made = ((alt.player, alt.opponent), (alt.partner, alt.other))
    if criterion == "duplicate":
        return _duplicate(t, alt.swap_pairs, players.name)
    if criterion == "score":
        return _score_gaps(t, made, ((alt.player, alt.partner), (alt.opponent, alt.other)), players)
    if criterion == "geo":
        return _geography(t, made, players)
    return t(f"why_w.{criterion}", score=players.score)


def _score_gaps(t: Labels, made: tuple[tuple[str, str], ...], played: tuple[tuple[str, str], ...],
                players: Players) -> str:
    """A swap's loss on the score gap: its two pairs' gaps instead of the round's (whole scores, as
    the score groups count them)."""

    def gaps(pairs: tuple[tuple[str, str], ...]) -> list[int]:
        return [abs(players.seats[x].score - players.seats[y].score) for x, y in pairs]

    new, old = gaps(made), gaps(played)
    if sorted(new) == sorted(old):
        return t("why_w.score_plain", score=players.score)
    return t("why_w.score", score=players.score, new=t("why_gaps", a=new[0], b=new[1]),
             old=t("why_gaps", a=old[0], b=old[1]))


def _pairs(t: Labels, pairs: list[tuple[str, str]], name: Mapping[str, str]) -> str:
    return t.names_sep.join(f"{name[a]} – {name[b]}" for a, b in pairs)


def _duplicate(t: Labels, new: NewPairs, name: Mapping[str, str]) -> str:
    """A swap's loss on the first criterion: the pairs that met before, those kept apart."""
    parts = [t("why_w.rematch", pairs=_pairs(t, list(new.met), name))] if new.met else []
    rules: dict[str, list[tuple[str, str]]] = {}
    for x in new.apart:
        rules.setdefault(x.rule, []).append((x.a, x.b))
    parts += [t("why_w.apart", pairs=_pairs(t, pairs, name), rule=t(f"why_apart.{rule}"))
              for rule, pairs in rules.items()]
    return t.list_sep.join(parts) or t("why_w.duplicate")


def _geography(t: Labels, made: tuple[tuple[str, str], ...], players: Players) -> str:
    """A swap's loss on geography: the pairs of one club, else of one country, it makes."""
    seats = players.seats
    clubs = [(a, b) for a, b in made if seats[a].club and seats[a].club.lower() == seats[b].club.lower()]
    if clubs:
        return t("why_w.club", pairs=_pairs(t, clubs, players.name))
    countries = [(a, b) for a, b in made if seats[a].country and seats[a].country == seats[b].country]
    if countries:
        return t("why_w.country", pairs=_pairs(t, countries, players.name))
    return t("why_w.geo")


def criteria_text(t: Labels, values: Mapping[str, int], new: NewPairs | None = None) -> str:
    """The criteria with a value, each named and its value with separators, in a list; `new`: the
    pairs an alternative makes, whose loss on `duplicate` is named by its cause (a rematch, a pair
    kept apart, or both)."""

    def label(criterion: str) -> str:
        if criterion == "duplicate" and new is not None and new.apart:
            return t("why_c.duplicate_apart" if new.rematches else "why_c.apart")
        return t(f"why_c.{criterion}")

    return t.list_sep.join(f"{label(c)} {number(v)}" for c, v in values.items() if v)


def number(value: int) -> str:
    """An engine's number with separators: 500,198,197,676,871."""
    return f"{value:,}"


def raw_lines(t: Labels, alt: Alternative, name: Mapping[str, str]) -> list[str]:
    """The swap in the engine's numbers: how much less it weighs by criterion, and the best pairing
    with the pair (a second matching)."""

    def loss(values: dict[str, int], key: str, new: NewPairs) -> str:
        total = values["total"]
        text = (t(f"{key}_equal") if total == 0 else t(f"{key}_less", loss=number(total)) if total > 0
                else t(f"{key}_more", gain=number(-total)))
        criteria = criteria_text(t, {c: values[c] for c in CRITERIA}, new)
        return text + (t.colon + criteria if criteria else "")

    head = t("why_raw_alt", player=name[alt.player], opponent=name[alt.opponent], partner=name[alt.partner],
             other=name[alt.other])
    lines = [head + t.colon + loss(alt.swap, "why_swap", alt.swap_pairs)]
    lines += [t("why_swap_apart", black=name[x.a], white=name[x.b], rule=t(f"why_apart.{x.rule}"))
              for x in alt.swap_pairs.apart]
    if alt.forced is not None:
        lines.append(loss(alt.forced, "why_forced", alt.forced_pairs))
    return lines
