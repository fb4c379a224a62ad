"""A go table's handicap and colours in words, for the page "Why these pairings?" (`why_go`): the
stones the rules give from the engine's own settings (the gap counted in MMS or ranks, the
correction, the ceiling, the rank from which no handicap is given), why an even game has none, the
stones set by hand beside the rules', and who takes Black and why."""

from __future__ import annotations

from collections.abc import Mapping

from site_builder.games.go_ranks import GoRank
from site_builder.pairing.gotha.why import Handicap, PairWhy, Seat
from site_builder.views.i18n import Labels


def handicap_line(t: Labels, h: Handicap) -> str:
    """The handicap the rules give a pair, as a sentence: "Handicap 2: 3 MMS apart, less 1." or why
    none: "No handicap: players within 1 MMS of each other get none."."""
    if h.stones:
        return t("why_h_stones", stones=h.stones, rule=rule(t, h))
    return t("why_even", reason=even(t, h))


def hand_handicap_line(t: Labels, stones: int, h: Handicap) -> str:
    """Stones set by hand beside the rules': "Handicap 4, set by hand; the rules give 3 (4 MMS apart,
    less 1)." or "…; the rules give none: same MMS."."""
    if h.stones:
        return t("why_h_hand", stones=stones, engine=t("why_h_engine", stones=h.stones, rule=rule(t, h)))
    return t("why_h_hand_even", stones=stones, reason=even(t, h))


def basis(t: Labels, h: Handicap) -> str:
    """What the handicap counts: ranks, MMS, or whole MMS (rounded down) when one had a half."""
    return t.why_basis_rank if not h.based_on_mms else t.why_basis_mms_whole if h.rounded else t.why_basis_mms


def rule(t: Labels, h: Handicap) -> str:
    """How the stones come from the gap: "3 MMS apart, less 1", with ", at most 9" at the ceiling and
    the rank from which no handicap is given where it narrowed the gap."""
    if h.correction > 0:
        text = t("why_h_rule", gap=h.gap, basis=basis(t, h), correction=h.correction)
    elif h.correction < 0:
        text = t("why_h_rule_plus", gap=h.gap, basis=basis(t, h), correction=-h.correction)
    else:
        text = t("why_h_rule_plain", gap=h.gap, basis=basis(t, h))
    if h.at_ceiling:
        text += t("why_h_ceiling", ceiling=h.ceiling)
    if h.capped:
        text += t("why_h_capped", rank=t.rank_of(GoRank(h.no_handicap_rank)))
    return text


def even(t: Labels, h: Handicap) -> str:
    """Why the rules give no stone: no handicap in the section, the rank from which none is given,
    the same MMS (or rank), or a gap within the correction."""
    if not h.ceiling:
        return t.why_even_ceiling0
    if h.capped:
        rank = t.rank_of(GoRank(h.no_handicap_rank))
        if not h.gap:
            return t("why_even_capped_same", rank=rank)
        return t("why_even_capped", rank=rank, gap=h.gap, correction=h.correction)
    if not h.gap:
        return t("why_even_same", basis=basis(t, h)) if h.based_on_mms else t.why_even_same_rank
    return t("why_even_within", correction=h.correction, basis=basis(t, h))


def colours_line(t: Labels, pair: PairWhy, name: Mapping[str, str]) -> str:
    """Who takes Black and why: the weaker in a game with the rules' handicap, else by the colour
    balance or, the balances equal, by the engine's lot, with each player's Whites of their even
    games so far (`name`: each player's name by key)."""
    if pair.handicap.stones:
        return t("why_colour_handicap", white=name[pair.white.key])

    def whites(seat: Seat) -> str:
        games = seat.whites + seat.blacks
        return t("why_whites", player=name[seat.key], n=seat.whites, games=games) if games \
            else t("why_whites_none", player=name[seat.key])

    return t("why_colour_balance" if pair.colour_by_balance else "why_colour_lot",
             black=whites(pair.black), white=whites(pair.white))
