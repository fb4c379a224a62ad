"""The page "Why these pairings?" of a go round (`pairing_why.py`): each table's reasons in plain
words from OpenGotha's weights, and each player's next-best opponent with what it would cost."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from site_builder.games.go_ranks import GoRank
from site_builder.games.go_terms import format_komi
from site_builder.pairing.compare import BoardDifference, Terms
from site_builder.pairing.gotha.why import CRITERIA, Alternative, Handicap, PairWhy, RoundWhy, Seat
from site_builder.views import format as fmt
from site_builder.views.i18n import Labels
from site_builder.views.section import SectionData, points_heading


def anchor(number: int) -> str:
    """The id of a player's "why this opponent" on the page."""
    return f"p{number}"


def go_context(data: SectionData, why: RoundWhy) -> dict[str, Any]:
    """The page's parts (`pairing_why._context`) for a go round."""
    t = data.labels
    score = points_heading(data)
    return {
        "intro": t.why_intro,
        "changed": _changed(data, why),
        "notes": [],
        "groups": [],
        "bye": {"player": data.ref(int(why.bye)), "lines": []} if why.bye else None,
        "tables": [_table(data, pair, score, why.difference.at(pair.table)) for pair in why.pairs],
    }


def _changed(data: SectionData, why: RoundWhy) -> list[str]:
    """A round changed by hand: what differs from the engine's pairing, board by board (the engine's
    pair where the pair differs, the handicap and komi where only they do) and the bye; nothing for
    a round that is the engine's."""
    t, difference = data.labels, why.difference
    if not difference.differs:
        return []
    pairs = difference.byes is not None or not all(d.same_pair for d in difference.boards)
    lines = [t("why_changed", total=_num(why.total), engine=_num(why.engine_total)) if pairs
             else t("why_changed_terms", total=_num(why.total))]
    for d in difference.boards:
        if d.same_pair and d.written is not None:
            lines.append(t("why_engine_terms", table=d.board, black=data.name(d.written[0]),
                           white=data.name(d.written[1]), shown=_terms(data, d.written_terms),
                           expected=_terms(data, d.engine_terms)))
        elif d.engine is not None:
            lines.append(t("why_engine_pair", table=d.board, black=data.name(d.engine[0]),
                           white=data.name(d.engine[1]), terms=_terms(data, d.engine_terms)))
        else:
            lines.append(t("why_engine_no_game", table=d.board))
    if difference.byes is not None:
        engine_bye = difference.byes[1]
        lines.append(t("why_engine_bye", player=data.name(engine_bye[0]) if engine_bye else "—"))
    return lines


def _terms(data: SectionData, terms: Terms | None) -> str:
    """A game's handicap and komi as the pairings show them ("H3 · komi 0.5", "komi 6.5")."""
    if terms is None:
        return ""
    return fmt.go_terms(terms.handicap, terms.komi, data.labels.komi) or data.labels("why_stones", n=0)


def _komi(komi: Fraction | None) -> str:
    return "—" if komi is None else format_komi(komi)


def _name(data: SectionData, key: str) -> str:
    return data.name(int(key))


def _num(value: int) -> str:
    return f"{value:,}"


def _table(data: SectionData, pair: PairWhy, score: str, difference: BoardDifference | None
           ) -> dict[str, Any]:
    """A table's reasons; `difference` how it differs from the engine's game at that board."""
    t = data.labels
    black, white = pair.black, pair.white
    reasons = [_scores(data, black, white, score)]
    reasons.append(t("why_met") if pair.met else t("why_not_met"))
    reasons.append(_colours(data, pair))
    h = pair.handicap
    line = handicap_line(t, h) if pair.stones == h.stones else hand_handicap_line(t, pair.stones, h)
    if line:
        reasons.append(line)
    if difference is not None and difference.same_pair and difference.komi_differs:
        assert difference.written_terms is not None and difference.engine_terms is not None
        reasons.append(t("why_hand_komi", komi=_komi(difference.written_terms.komi),
                         engine=_komi(difference.engine_terms.komi)))
    if black.club and black.club.lower() == white.club.lower():
        reasons.append(t("why_same_club", club=black.club))
    elif black.country and black.country == white.country:
        reasons.append(t("why_same_country", country=black.country))
    if difference is not None and not difference.same_pair:
        reasons.append(t.why_not_engine)
    weight = _criteria(data, {name: getattr(pair.weight, name) for name in CRITERIA})
    return {
        "table": pair.table,
        "sides": [{"player": data.ref(int(black.key)), "colour": t.why_black},
                  {"player": data.ref(int(white.key)), "colour": t.why_white}],
        "suffix": t("why_stones", n=pair.stones) if pair.stones else "",
        "reasons": reasons,
        "detail": t("why_weight", total=_num(pair.weight.total)) + t.colon + weight,
        "alternatives": [_alternative(data, a) for a in pair.alternatives],
    }


def handicap_line(t: Labels, h: Handicap) -> str:
    """How the handicap of a table comes about ("" for an even game of players of one rank): its
    stones from the gap, or an even game by the correction or by the rank from which none is given."""
    if h.stones:
        return t("why_handicap", rule=_rule(t, h))
    return _even(t, h)


def hand_handicap_line(t: Labels, stones: int, h: Handicap) -> str:
    """A handicap set by hand, `stones`, beside the one the rules give and how it comes about:
    "handicap 4, set by hand; the engine gives 3 = 4 MMS apart − 1"."""
    if h.stones:
        return t("why_hand_handicap", stones=stones, engine=_rule(t, h))
    reason = (_even(t, h) or t("why_even", gap=h.gap, basis=_basis(t, h), correction=h.correction)) \
        if h.ceiling else t.why_no_handicaps
    return t("why_hand_even", stones=stones, reason=reason)


def _basis(t: Labels, h: Handicap) -> str:
    return t.why_basis_mms if h.based_on_mms else t.why_basis_rank


def _rule(t: Labels, h: Handicap) -> str:
    """The stones the rules give, from the gap: "3 = 4 MMS apart − 1" (and "(at most 9)")."""
    return (t("why_rule_stones", stones=h.stones, gap=h.gap, basis=_basis(t, h), correction=h.correction)
            + (t("why_ceiling", ceiling=h.ceiling) if h.at_ceiling else ""))


def _even(t: Labels, h: Handicap) -> str:
    """Why the rules give no stone ("" when the two are of one rank or no handicap is given)."""
    basis = _basis(t, h)
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
    if pair.handicap.stones:  # the colours the rules give a handicap game
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
        "id": anchor(player), "heading": t("why_this_opponent", player=data.name(player)),
        "intro": t("why_next_best", opponent=_name(data, alt.opponent), partner=_name(data, alt.partner),
                   other=_name(data, alt.other)),
        "lines": lines,
    }
