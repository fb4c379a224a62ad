"""The page "Why these pairings?" of a go round (`pairing_why.py`) in words a go player reads: for
each table the MMS gap and who floats, the handicap or the colours and the rule behind them, what
the pair had to accept (a rematch, a pair kept apart, the same club), and why not the nearest other
pair (`why_go_not`). The engine's numbers (the pair's weight by criterion, each swap's loss) are
kept for each table apart (`raw`: folded on the page, not printed). The scores are those the round
page and the standings show (MMS with its halves); where the pairing counts whole scores (score
groups, a handicap from the MMS) the page says so."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from site_builder.games.go_terms import format_komi
from site_builder.pairing.compare import Terms
from site_builder.pairing.gotha.why import CRITERIA, Apart, PairWhy, RoundWhy, Seat
from site_builder.views import format as fmt
from site_builder.views.section import SectionData
from site_builder.views.standings_rows import points_heading
from site_builder.views.why_go_not import Players, criteria_text, distinct, number, raw_lines, why_not
from site_builder.views.why_go_terms import colours_line, hand_handicap_line, handicap_line
from site_builder.views.why_left_out import left_out


def go_context(data: SectionData, why: RoundWhy) -> dict[str, Any]:
    """The page's parts (`pairing_why._context`) for a go round."""
    t = data.labels
    score = points_heading(data) or t.why_score
    seats = {seat.key: seat for pair in why.pairs for seat in (pair.black, pair.white)}
    players = Players(seats, {key: data.name(int(key)) for key in seats}, score)
    halves = any(_shown(data, why, seat)[1] for seat in seats.values())
    return {
        "intro": t.why_intro,
        "changed": _changed(data, why),
        "raw": [t("why_raw_totals", total=number(why.total), engine=number(why.engine_total))]
        if why.changed else [],
        "notes": [t("why_whole_groups", score=score)] if halves else [],
        "groups": [],
        "bye": {"player": data.ref(int(why.bye)), "lines": _bye(data, why, score)} if why.bye else None,
        "left_out": left_out(data, why.number, [int(k) for k in why.absent]),
        "tables": [_table(data, why, pair, players) for pair in why.pairs],
        "words": True,
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
    a round that is the engine's. Its weight beside the engine's is in the page's `raw`."""
    t, difference = data.labels, why.difference
    if not difference.differs:
        return []
    pairs = difference.byes is not None or not all(d.same_pair for d in difference.boards)
    head = ("why_changed" if why.total < why.engine_total else "why_changed_equal") if pairs \
        else "why_changed_terms"
    lines = [t(head)]
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
    t = data.labels
    return fmt.go_terms(terms.handicap, terms.komi, t.komi, t("go_handicap.first"), t("go_handicap.stones")) \
        or t("why_stones", n=0)


def _komi(komi: Fraction | None) -> str:
    return "—" if komi is None else format_komi(komi)


def _table(data: SectionData, why: RoundWhy, pair: PairWhy, players: Players) -> dict[str, Any]:
    """A table's reasons in sentences, why not the nearest other pairs, and the engine's numbers."""
    t = data.labels
    weight = criteria_text(t, {name: getattr(pair.weight, name) for name in CRITERIA})
    alternatives = distinct(pair)
    raw = [t("why_weight", total=number(pair.weight.total)) + t.colon + weight]
    raw += [line for alt in alternatives for line in raw_lines(t, alt, players.name)]
    return {
        "table": pair.table,
        "sides": [_side(data, seat, colour) for seat, colour in ((pair.black, t.why_black),
                                                                   (pair.white, t.why_white))],
        "suffix": t("why_stones", n=pair.stones) if pair.stones else "",
        "reasons": _reasons(data, why, pair, players),
        "why_not": [why_not(t, alt, players) for alt in alternatives],
        "raw": raw,
        "alternatives": [],
    }


def _side(data: SectionData, seat: Seat, colour: str) -> dict[str, Any]:
    """A player of the table, under the anchor the round's players are linked to (`#p12`)."""
    player = int(seat.key)
    return {"player": data.ref(player), "colour": colour, "id": fmt.player_anchor(player)}


def _reasons(data: SectionData, why: RoundWhy, pair: PairWhy, players: Players) -> list[str]:
    """Why the table has its pair, its colours and its handicap, and what the pair accepts."""
    t = data.labels
    black, white = pair.black, pair.white
    h = pair.handicap
    reasons = [_scores(data, why, black, white, players.score),
               handicap_line(t, h) if pair.stones == h.stones else hand_handicap_line(t, pair.stones, h),
               colours_line(t, pair, players.name)]
    difference = why.difference.at(pair.table)
    if difference is not None and difference.same_pair and difference.komi_differs:
        assert difference.written_terms is not None and difference.engine_terms is not None
        reasons.append(t("why_hand_komi", komi=_komi(difference.written_terms.komi),
                         engine=_komi(difference.engine_terms.komi)))
    if pair.met:
        reasons.append(t.why_met)
    own = _apart_of(why, black.key, white.key)
    if own is not None:
        reasons.append(t("why_paired_apart", rule=t(f"why_apart.{own.rule}")))
    reasons += [line for seat, other in ((black, white), (white, black))
                for line in _kept_apart(data, why, seat.key, other.key)]
    if black.club and black.club.lower() == white.club.lower():
        reasons.append(t("why_same_club", club=black.club))
    elif black.country and black.country == white.country:
        reasons.append(t("why_same_country", country=black.country))
    if difference is not None and not difference.same_pair:
        reasons.append(t.why_not_engine_go)
    return reasons


def _apart_of(why: RoundWhy, a: str, b: str) -> Apart | None:
    """The rule keeping `a` and `b` apart in the round, None when none does."""
    return next((x for x in why.apart if {x.a, x.b} == {a, b}), None)


def _kept_apart(data: SectionData, why: RoundWhy, key: str, opponent: str) -> list[str]:
    """The players of the round `key` is kept apart from (its opponent aside), a line per rule:
    "李明 is kept apart from 王芳 (keep_apart): such a pair weighs as a rematch."."""
    t = data.labels
    others: dict[str, list[str]] = {}
    for x in why.apart:
        if key in (x.a, x.b) and opponent not in (x.a, x.b):
            others.setdefault(x.rule, []).append(data.name(int(x.b if x.a == key else x.a)))
    return [t("why_kept_apart", player=data.name(int(key)), others=t.names_sep.join(names),
              rule=t(f"why_apart.{rule}")) for rule, names in others.items()]


def _scores(data: SectionData, why: RoundWhy, black: Seat, white: Seat, score: str) -> str:
    """The two players' scores as shown, and who floats: "Same MMS (33)." or "2 MMS apart: A (27)
    floats up, B (29) floats down." (the gap in whole scores, as the score groups count them)."""
    t = data.labels
    (b_value, b_half), (w_value, w_half) = _shown(data, why, black), _shown(data, why, white)
    if black.score == white.score:
        if not (b_half or w_half):
            return t("why_same_mms", score=score, value=black.score)
        return t("why_same_mms_values", score=score, value=black.score, black=data.name(int(black.key)),
                 black_value=b_value, white=data.name(int(white.key)), white_value=w_value)
    up, down = ((black, b_value), (white, w_value)) if black.score < white.score else \
        ((white, w_value), (black, b_value))
    return t("why_mms_apart", n=abs(black.score - white.score), score=score, up=data.name(int(up[0].key)),
             up_value=up[1], down=data.name(int(down[0].key)), down_value=down[1])
