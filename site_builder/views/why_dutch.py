"""The page "Why these pairings?" of a FIDE Dutch round (`pairing_why.py`): the scoregroups and the
floats, each table's scores and colours (each player's preference and the rule of C.04.3 §5.2 that
gave them), each player's nearest other opponents with the first criterion on which that round
would be worse, and the bye with the nearest others who could have had it."""

from __future__ import annotations

from typing import Any

from site_builder.pairing.dutch.why import ByeSwap, Group, RoundWhy, Seat, Swap, TableWhy
from site_builder.views import format as fmt
from site_builder.views import why_swiss
from site_builder.views.section import SectionData
from site_builder.views.why_swiss import points as _points


def dutch_context(data: SectionData, why: RoundWhy) -> dict[str, Any]:
    """The page's parts (`pairing_why._context`) for a Dutch round."""
    t = data.labels
    seats = {s.number: s for table in why.tables for s in (table.white, table.black)}
    if why.bye is not None:
        seats[why.bye.number] = why.bye
    bye = None
    if why.bye is not None:
        bye = {"player": data.ref(why.bye.number),
               "lines": [t("why_d_bye", score=_score(data, why.bye))]
               + [_bye_swap(data, why.bye.number, s) for s in why.bye_alternatives]}
    return why_swiss.page(data, why.number, why.left_out, intro=t.why_intro_dutch,
                          changed=_changed(data, why),
                          notes=[t.why_d_virtual_note] if why.accelerated else [],
                          groups=[_group(data, g) for g in why.groups], bye=bye,
                          tables=[_table(data, table) for table in why.tables])


def _changed(data: SectionData, why: RoundWhy) -> list[str]:
    t = data.labels
    if why.engine_pairs is None:
        return [t.why_d_no_engine]
    if why.changed is None:
        return []
    code = why.changed.code
    key = "why_d_changed_worse" if why.changed.worse == "published" else "why_d_changed_better"
    lines = [t(key, criterion=t(f"verify.criterion.{code}"))]
    lines += [t("why_d_engine_pair", table=board, white=data.name(w), black=data.name(b))
              for board, (w, b) in enumerate(why.engine_pairs, 1)]
    lines.append(t("why_engine_bye", player=data.name(why.engine_bye) if why.engine_bye else "—"))
    return lines


def _score(data: SectionData, seat: Seat) -> str:
    """A player's pairing score, with the virtual points it holds (C.04.7) said."""
    return why_swiss.score(data, seat.pairing_score, seat.score)


def _group(data: SectionData, group: Group) -> dict[str, Any]:
    t = data.labels
    names = t.names_sep.join
    lines = [t("why_d_floated_down", players=names(data.name(n) for n in group.down))] if group.down else []
    lines += [t("why_d_floated_up", players=names(data.name(n) for n in group.up))] if group.up else []
    return {"label": t("why_d_group", score=_points(data, group.score), n=len(group.players)),
            "players": [data.ref(n) for n in group.players], "lines": lines}


def _table(data: SectionData, table: TableWhy) -> dict[str, Any]:
    t = data.labels
    white, black = table.white, table.black
    reasons = [why_swiss.scores_met(data, (white.number, white.pairing_score, _score(data, white)),
                                    (black.number, black.pairing_score, _score(data, black)))]
    if table.met:
        reasons.append(t.why_d_met)
    reasons += [_preference(data, white), _preference(data, black)]
    reasons.append(why_swiss.colours(data, f"why_d_rule.{table.rule}", table.colours_by_rule))
    reasons += why_swiss.by_hand(data, table.as_engine)
    alternatives = [_alternatives(data, player, [s for s in table.alternatives if s.player == player])
                    for player in (white.number, black.number)]
    return why_swiss.table(data, table.board, white.number, black.number, reasons, alternatives)


def _preference(data: SectionData, seat: Seat) -> str:
    """A player's colour preference, its strength and, for an absolute one, why (C.04.3 §1.7)."""
    return why_swiss.preference(data, seat.number, seat.preference, seat.strength, seat.colour_difference,
                                seat.repeated)


def _alternatives(data: SectionData, player: int, swaps: list[Swap]) -> dict[str, Any]:
    t = data.labels
    return {"id": fmt.player_anchor(player), "heading": t("why_this_opponent", player=data.name(player)),
            "intro": "", "lines": [_swap(data, s) for s in swaps]}


def _swap(data: SectionData, swap: Swap) -> str:
    t = data.labels
    if swap.other is None:
        text = t("why_d_swap_bye", opponent=data.name(swap.opponent), partner=data.name(swap.partner))
    else:
        text = t("why_d_swap", opponent=data.name(swap.opponent), partner=data.name(swap.partner),
                 other=data.name(swap.other))
    return _verdict(data, text, swap.criterion, swap.worse, swap.met)


def _bye_swap(data: SectionData, bye: int, swap: ByeSwap) -> str:
    text = data.labels("why_d_bye_swap", player=data.name(swap.given), bye=data.name(bye),
                       opponent=data.name(swap.opponent))
    return _verdict(data, text, swap.criterion, swap.worse, swap.met)


def _verdict(data: SectionData, text: str, code: str, worse: bool, met: tuple[int, int] | None = None) -> str:
    """An other round and the first criterion that tells it from this one, in one line (C1 with the
    two players who have met)."""
    t = data.labels
    if code == "4":
        return t("why_d_equal", swap=text)
    if worse and code == "C1" and met is not None:
        return t("why_d_worse", swap=text, criterion=t("why_d_crit_met", first=data.name(met[0]),
                                                       second=data.name(met[1])))
    if worse:
        return t("why_d_worse", swap=text, criterion=t(f"why_d_crit.{code}"))
    return t("why_d_better", swap=text, criterion=t(f"verify.criterion.{code}"))
