"""The page "Why these pairings?" of a go round (`pairing_why.py`): each table's reasons in plain
words from OpenGotha's weights, and each player's next-best opponent with what it would cost."""

from __future__ import annotations

from typing import Any

from site_builder.games.go_ranks import GoRank
from site_builder.pairing.gotha.why import CRITERIA, Alternative, Handicap, PairWhy, RoundWhy, Seat
from site_builder.views.format import player_anchor
from site_builder.views.i18n import Labels
from site_builder.views.section import SectionData, points_heading


def go_context(data: SectionData, why: RoundWhy) -> dict[str, Any]:
    """The page's parts (`pairing_why._context`) for a go round."""
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
        "intro": t.why_intro,
        "changed": changed,
        "notes": [],
        "groups": [],
        "bye": {"player": data.ref(int(why.bye)), "lines": []} if why.bye else None,
        "tables": [_table(data, pair, score) for pair in why.pairs],
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
    line = handicap_line(t, h)
    if line:
        reasons.append(line)
    if black.club and black.club.lower() == white.club.lower():
        reasons.append(t("why_same_club", club=black.club))
    elif black.country and black.country == white.country:
        reasons.append(t("why_same_country", country=black.country))
    if not pair.as_engine:
        reasons.append(t.why_not_engine)
    weight = _criteria(data, {name: getattr(pair.weight, name) for name in CRITERIA})
    return {
        "table": pair.table,
        "sides": [{"player": data.ref(int(black.key)), "colour": t.why_black},
                  {"player": data.ref(int(white.key)), "colour": t.why_white}],
        "suffix": t("why_stones", n=h.stones) if h.stones else "",
        "reasons": reasons,
        "detail": t("why_weight", total=_num(pair.weight.total)) + t.colon + weight,
        "alternatives": [_alternative(data, a) for a in pair.alternatives],
    }


def handicap_line(t: Labels, h: Handicap) -> str:
    """How the handicap of a table comes about ("" for an even game of players of one rank): its
    stones from the gap, or an even game by the correction or by the rank from which none is given."""
    basis = t.why_basis_mms if h.based_on_mms else t.why_basis_rank
    if h.stones:
        return (t("why_handicap", stones=h.stones, gap=h.gap, basis=basis, correction=h.correction)
                + (t("why_ceiling", ceiling=h.ceiling) if h.at_ceiling else ""))
    if h.ceiling and h.capped:
        return t("why_even_threshold", gap=h.uncapped_gap, basis=basis, rank=str(GoRank(h.no_handicap_rank)),
                 capped=h.gap, correction=h.correction)
    if h.ceiling and h.gap:
        return t("why_even", gap=h.gap, basis=basis, correction=h.correction)
    return ""


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


def _criteria(data: SectionData, values: dict[str, int]) -> str:
    """The criteria with a value, each named and its value with separators, in a list."""
    t = data.labels
    return t.list_sep.join(f"{t(f'why_c.{name}')} {_num(value)}" for name, value in values.items() if value)


def _alternative(data: SectionData, alt: Alternative) -> dict[str, Any]:
    t = data.labels
    player = int(alt.player)

    def loss(values: dict[str, int], key: str) -> str:
        total = values["total"]
        text = (t(f"{key}_equal") if total == 0 else
                t(f"{key}_less", loss=_num(total)) if total > 0 else t(f"{key}_more", gain=_num(-total)))
        criteria = _criteria(data, {c: values[c] for c in CRITERIA})
        return text + (t.colon + criteria if criteria else "")

    lines = [loss(alt.swap, "why_swap")]
    lines += [loss(alt.forced, "why_forced")] if alt.forced is not None else []
    return {
        "id": player_anchor(player), "heading": t("why_this_opponent", player=data.name(player)),
        "intro": t("why_next_best", opponent=_name(data, alt.opponent), partner=_name(data, alt.partner),
                   other=_name(data, alt.other)),
        "lines": lines,
    }
