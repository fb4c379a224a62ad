"""The page "Why these pairings?" of a go round (`pairing_why.py`): each table's reasons in plain
words from OpenGotha's weights, and each player's next-best opponent with what it would cost. The
scores are those the round page and the standings show (MMS with its halves); where the pairing
counts whole scores (score groups, a handicap from the MMS) the page says so."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from site_builder.games.go_ranks import GoRank
from site_builder.games.go_terms import format_komi
from site_builder.pairing.compare import Terms
from site_builder.pairing.gotha.why import (
    CRITERIA,
    Alternative,
    Apart,
    Handicap,
    NewPairs,
    PairWhy,
    RoundWhy,
    Seat,
)
from site_builder.views import format as fmt
from site_builder.views.i18n import Labels
from site_builder.views.section import SectionData, points_heading
from site_builder.views.why_left_out import left_out


def go_context(data: SectionData, why: RoundWhy) -> dict[str, Any]:
    """The page's parts (`pairing_why._context`) for a go round."""
    t = data.labels
    score = points_heading(data) or t.why_score
    seats = [seat for pair in why.pairs for seat in (pair.black, pair.white)]
    halves = any(_shown(data, why, seat)[1] for seat in seats)
    return {
        "intro": t.why_intro,
        "changed": _changed(data, why),
        "notes": [t("why_whole_groups", score=score)] if halves else [],
        "groups": [],
        "bye": {"player": data.ref(int(why.bye)), "lines": _bye(data, why, score)} if why.bye else None,
        "left_out": left_out(data, why.number, [int(k) for k in why.absent]),
        "tables": [_table(data, why, pair, score) for pair in why.pairs],
    }


def _shown(data: SectionData, why: RoundWhy, seat: Seat) -> tuple[str, bool]:
    """A player's main score before the round as the round page and the standings show it, and
    whether it has a fraction the score groups drop (`Seat.score`: whole, rounded down)."""
    units = data.points_before(int(seat.key), why.number - 1)
    return data.pts(units), data.records.points(units) != seat.score


def _bye(data: SectionData, why: RoundWhy, score: str) -> list[str]:
    """Why the bye's player has it: OpenGotha's rule, with the player's score and earlier byes (the
    engine's bye only; a bye set by hand is said so in the round's changes)."""
    if why.bye is None or why.bye != why.engine_bye:
        return []
    t, player = data.labels, int(why.bye)
    value = data.pts(data.points_before(player, why.number - 1))
    return [t(f"why_bye_rule.{why.bye_rule}", player=data.name(player), score=score, value=value,
              byes=why.bye_earlier)]


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


def _table(data: SectionData, why: RoundWhy, pair: PairWhy, score: str) -> dict[str, Any]:
    """A table's reasons, with how it differs from the engine's game at that board."""
    t = data.labels
    difference = why.difference.at(pair.table)
    black, white = pair.black, pair.white
    reasons = [_scores(data, why, black, white, score)]
    reasons.append(t("why_met") if pair.met else t("why_not_met"))
    own = _apart_of(why, black.key, white.key)
    if own is not None:
        reasons.append(t("why_paired_apart", rule=t(f"why_apart.{own.rule}")))
    reasons += [line for seat in (black, white) for line in _kept_apart(data, why, seat.key, white.key
                                                                       if seat is black else black.key)]
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


def _apart_of(why: RoundWhy, a: str, b: str) -> Apart | None:
    """The rule keeping `a` and `b` apart in the round, None when none does."""
    return next((x for x in why.apart if {x.a, x.b} == {a, b}), None)


def _kept_apart(data: SectionData, why: RoundWhy, key: str, opponent: str) -> list[str]:
    """The players of the round `key` is kept apart from (its opponent aside), a line per rule:
    "kept apart from 王芳 (keep_apart): such a pair weighs as a rematch"."""
    t = data.labels
    others: dict[str, list[str]] = {}
    for x in why.apart:
        if key in (x.a, x.b) and opponent not in (x.a, x.b):
            others.setdefault(x.rule, []).append(_name(data, x.b if x.a == key else x.a))
    return [t("why_kept_apart", player=_name(data, key), others=t.names_sep.join(names),
              rule=t(f"why_apart.{rule}")) for rule, names in others.items()]


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
    """What the handicap counts: ranks, MMS, or whole MMS (rounded down) when one had a half."""
    return t.why_basis_rank if not h.based_on_mms else t.why_basis_mms_whole if h.rounded else t.why_basis_mms


def _rule(t: Labels, h: Handicap) -> str:
    """The stones the rules give, from the gap: "3 = 4 MMS apart − 1" (and "(at most 9)"; and the
    gap before the rank from which no handicap is given capped it)."""
    capped = t("why_capped", gap=h.uncapped_gap, rank=str(GoRank(h.no_handicap_rank))) \
        if h.capped else ""
    return (t("why_rule_stones", stones=h.stones, gap=h.gap, basis=_basis(t, h), correction=h.correction)
            + (t("why_ceiling", ceiling=h.ceiling) if h.at_ceiling else "") + capped)


def _even(t: Labels, h: Handicap) -> str:
    """Why the rules give no stone ("" when the two are of one rank or no handicap is given)."""
    basis = _basis(t, h)
    if h.ceiling and h.capped:
        return t("why_even_threshold", gap=h.uncapped_gap, basis=basis, rank=str(GoRank(h.no_handicap_rank)),
                 capped=h.gap, correction=h.correction)
    if h.ceiling and h.gap:
        return t("why_even", gap=h.gap, basis=basis, correction=h.correction)
    return ""


def _scores(data: SectionData, why: RoundWhy, black: Seat, white: Seat, score: str) -> str:
    """The two players' score groups (named by their whole score) and their scores as shown."""
    t = data.labels
    (b_value, b_half), (w_value, w_half) = _shown(data, why, black), _shown(data, why, white)
    if black.group == white.group:
        if not (b_half or w_half):
            return t("why_same_group", score=score, value=black.score)
        return t("why_same_group_values", score=score, value=black.score, black=_name(data, black.key),
                 black_value=b_value, white=_name(data, white.key), white_value=w_value)
    up, down = ((black, b_value), (white, w_value)) if black.group > white.group else \
        ((white, w_value), (black, b_value))
    return t("why_groups_apart", n=abs(black.group - white.group), score=score, up=_name(data, up[0].key),
             up_value=up[1], down=_name(data, down[0].key), down_value=down[1])


def _colours(data: SectionData, pair: PairWhy) -> str:
    """How the colours were given: by the handicap, by the colour balance or by the engine's lot,
    with each player's Whites of their even games so far."""
    t = data.labels
    if pair.handicap.stones:  # the colours the rules give a handicap game
        return t.why_colour_handicap

    def whites(seat: Seat) -> str:
        games = seat.whites + seat.blacks
        return t("why_whites", player=_name(data, seat.key), n=seat.whites, games=games) if games \
            else t("why_whites_none", player=_name(data, seat.key))

    return t("why_colour_balance" if pair.colour_by_balance else "why_colour_lot",
             black=whites(pair.black), white=whites(pair.white))


def _criteria(data: SectionData, values: dict[str, int], new: NewPairs | None = None) -> str:
    """The criteria with a value, each named and its value with separators, in a list; `new`: the
    pairs an alternative makes, whose loss on `duplicate` is named by its cause (a rematch, a pair
    kept apart, or both)."""
    t = data.labels

    def label(name: str) -> str:
        if name == "duplicate" and new is not None and new.apart:
            return t("why_c.duplicate_apart" if new.rematches else "why_c.apart")
        return t(f"why_c.{name}")

    return t.list_sep.join(f"{label(name)} {_num(value)}" for name, value in values.items() if value)


def _alternative(data: SectionData, alt: Alternative) -> dict[str, Any]:
    t = data.labels
    player = int(alt.player)

    def loss(values: dict[str, int], key: str, new: NewPairs) -> str:
        total = values["total"]
        text = (t(f"{key}_equal") if total == 0 else
                t(f"{key}_less", loss=_num(total)) if total > 0 else t(f"{key}_more", gain=_num(-total)))
        criteria = _criteria(data, {c: values[c] for c in CRITERIA}, new)
        return text + (t.colon + criteria if criteria else "")

    lines = [t("why_swap_apart", black=_name(data, x.a), white=_name(data, x.b),
               rule=t(f"why_apart.{x.rule}")) for x in alt.swap_pairs.apart]
    lines.append(loss(alt.swap, "why_swap", alt.swap_pairs))
    lines += [loss(alt.forced, "why_forced", alt.forced_pairs)] if alt.forced is not None else []
    return {
        "id": fmt.player_anchor(player), "heading": t("why_this_opponent", player=data.name(player)),
        "intro": t("why_next_best", opponent=_name(data, alt.opponent), partner=_name(data, alt.partner),
                   other=_name(data, alt.other)),
        "lines": lines,
    }
