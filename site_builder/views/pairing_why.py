"""The page "Why these pairings?" of a round (`round-NN-why.html`), for a system that explains its
pairings (the `PAIRING_WHY` extra of the go systems): each table's reasons in plain words from the
engine's weights, and each player's next-best opponent with what it would cost."""

from __future__ import annotations

from typing import Any

from site_builder.pairing.gotha.why import CRITERIA, Alternative, PairWhy, RoundWhy, Seat
from site_builder.systems import system_of
from site_builder.systems.go_common import PAIRING_WHY
from site_builder.views.page import Page
from site_builder.views.section import SectionData, points_heading


def explained(data: SectionData) -> dict[int, RoundWhy]:
    """The explained rounds of the section, by number (none when its system explains none)."""
    if PAIRING_WHY not in system_of(data.section).extras:
        return {}
    return data.results.extra(PAIRING_WHY)


def why_url(data: SectionData, n: int) -> str:
    """The page explaining round `n`'s pairings, "" when there is none."""
    return f"{data.base}/round-{n:02d}-why.html" if n in explained(data) else ""


def anchor(number: int) -> str:
    """The id of a player's "why this opponent" on the page."""
    return f"p{number}"


def why_pages(data: SectionData, base: dict[str, Any]) -> list[Page]:
    """One page per explained round."""
    t = data.labels
    return [Page(why_url(data, n), "round_why.html", f"{data.section.name} · {t('why_title', n=n)}",
                 {**base, **_context(data, why), "n": n, "round_url": data.round_url(n)})
            for n, why in explained(data).items()]


def _context(data: SectionData, why: RoundWhy) -> dict[str, Any]:
    t = data.labels
    score = points_heading(data)
    changed: list[str] = []
    if why.changed:
        changed = [t("why_changed", total=_num(why.total), engine=_num(why.engine_total))]
        changed += [t("why_engine_pair", table=g.table, black=_name(data, g.black),
                      white=_name(data, g.white), handicap=g.handicap) for g in why.engine_games]
        if why.bye != why.engine_bye:
            changed.append(t("why_engine_bye", player=_name(data, why.engine_bye) if why.engine_bye else "—"))
    return {
        "changed": changed,
        "bye": data.ref(int(why.bye)) if why.bye else None,
        "tables": [_table(data, pair, score) for pair in why.pairs],
        "groups": why.groups,
    }


def _name(data: SectionData, key: str) -> str:
    return data.name(int(key))


def _num(value: int) -> str:
    return f"{value:,}"


def _table(data: SectionData, pair: PairWhy, score: str) -> dict[str, Any]:
    t = data.labels
    black, white = pair.black, pair.white
    reasons = [_scores(data, black, white, score)]
    reasons.append(t("why_met") if pair.met else t("why_not_met"))
    reasons.append(_colours(data, pair))
    h = pair.handicap
    basis = t.why_basis_mms if h.based_on_mms else t.why_basis_rank
    if h.stones:
        reasons.append(t("why_handicap", stones=h.stones, gap=h.gap, basis=basis, correction=h.correction)
                       + (t("why_ceiling", ceiling=h.ceiling) if h.at_ceiling else ""))
    elif h.ceiling and h.gap:
        reasons.append(t("why_even", gap=h.gap, basis=basis, correction=h.correction))
    if black.club and black.club.lower() == white.club.lower():
        reasons.append(t("why_same_club", club=black.club))
    elif black.country and black.country == white.country:
        reasons.append(t("why_same_country", country=black.country))
    if not pair.as_engine:
        reasons.append(t.why_not_engine)
    return {
        "table": pair.table, "black": data.ref(int(black.key)), "white": data.ref(int(white.key)),
        "handicap": h.stones, "reasons": reasons,
        "weight": _criteria(data, {name: getattr(pair.weight, name) for name in CRITERIA}),
        "total": _num(pair.weight.total),
        "alternatives": [_alternative(data, a) for a in pair.alternatives],
    }


def _scores(data: SectionData, black: Seat, white: Seat, score: str) -> str:
    t = data.labels
    name = score or t.why_score
    if black.group == white.group:
        return t("why_same_group", score=name, value=black.score)
    up, down = (black, white) if black.group > white.group else (white, black)
    return t("why_groups_apart", n=abs(black.group - white.group), score=name, up=_name(data, up.key),
             up_value=up.score, down=_name(data, down.key), down_value=down.score)


def _colours(data: SectionData, pair: PairWhy) -> str:
    t = data.labels
    b, w = pair.black, pair.white
    counts = {"black": _name(data, b.key), "bw": b.whites, "bg": b.whites + b.blacks,
              "white": _name(data, w.key), "ww": w.whites, "wg": w.whites + w.blacks}
    if pair.handicap.stones:
        return t.why_colour_handicap
    return t("why_colour_balance" if pair.colour_by_balance else "why_colour_lot", **counts)


def _criteria(data: SectionData, values: dict[str, int]) -> list[dict[str, str]]:
    """The criteria with a value, each named and its value with separators."""
    t = data.labels
    return [{"name": t(f"why_c.{name}"), "value": _num(value)} for name, value in values.items() if value]


def _alternative(data: SectionData, alt: Alternative) -> dict[str, Any]:
    t = data.labels
    player = int(alt.player)

    def loss(values: dict[str, int], key: str) -> dict[str, Any]:
        total = values["total"]
        text = (t(f"{key}_equal") if total == 0 else
                t(f"{key}_less", loss=_num(total)) if total > 0 else t(f"{key}_more", gain=_num(-total)))
        return {"text": text, "criteria": _criteria(data, {c: values[c] for c in CRITERIA})}

    return {
        "id": anchor(player), "player": data.ref(player), "opponent": data.ref(int(alt.opponent)),
        "partner": data.ref(int(alt.partner)), "other": data.ref(int(alt.other)),
        "swap": loss(alt.swap, "why_swap"),
        "forced": loss(alt.forced, "why_forced") if alt.forced is not None else None,
    }
