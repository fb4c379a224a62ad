"""The page set of knockout sections: rounds of mini-matches with every game, placings, player cards."""

from __future__ import annotations

from typing import Any

from site_builder.engine.knockout import SLOW_GAMES, KnockoutRound, MatchResult, Placing
from site_builder.model import Event, GameKind, Match, Outcome, Player, Round, Section
from site_builder.regulations import preset_for
from site_builder.systems.knockout import PLACING_OF, PLACINGS, WENT_ON
from site_builder.views import columns as cols
from site_builder.views.field_changes import legend
from site_builder.views.games import round_pgn_link
from site_builder.views.json_values import game_json, points_json
from site_builder.views.page import Page
from site_builder.views.page_set import Leader, Link, PageSet, Slot
from site_builder.views.section import SectionData
from site_builder.views.slips import slips_pages, slips_url

#: Placement matches whose winner takes a place (not a place in the next round).
DECIDES_PLACE = ("final", "3-4", "5-6", "7-8")


def time_controls(data: SectionData) -> dict[str, str]:
    """Time control of each game kind (seed 004 三), by kind value."""
    preset = preset_for(data.event.regulation, data.event.game)
    return {kind.value: text for kind, text in preset.time_controls}


def match_score(data: SectionData, slow_points: tuple[int, int] | None) -> str:
    """The slow games' points as the section prints points (`3:1` in 2/1/0, `0.5:1.5` in 1/½/0),
    or "" for a match whose slow games have no result yet."""
    return "" if slow_points is None else f"{data.pts(slow_points[0])}:{data.pts(slow_points[1])}"


def advancing(data: SectionData, round_number: int, match: Match,
              result: MatchResult) -> tuple[int | None, bool]:
    """The player a match's line marks as its winner: who went on as the bracket was played
    (`WENT_ON`, as the placings have it), and whether the match's result, corrected after the next
    round was paired, names the other player."""
    played = data.results.extra(WENT_ON)
    key = (round_number, match.board)
    if key not in played:  # a provisional round: its result's winner
        return result.winner, False
    sides = played[key]
    winner = sides[0] if sides else None
    return winner, result.winner is not None and winner != result.winner


def match_view(data: SectionData, round_number: int, match: Match) -> dict[str, Any]:
    t, controls = data.labels, time_controls(data)
    result = data.results.match_result(round_number, match)
    winner, corrected = advancing(data, round_number, match, result)
    a, b = match.players
    games = [{
        "kind": t("kind." + g.kind.value),
        "tiebreak": g.kind is not GameKind.SLOW,
        "time": controls.get(g.kind.value, ""),
        "first": data.ref(g.first, padded=True),
        "second": data.ref(g.second, padded=True),
        "result": data.result(g.outcome, g.detail),
        "pending": g.outcome is Outcome.PENDING,
    } for g in match.games]
    return {
        "board": match.board,
        "placement": t("placement." + match.placement),
        "players": [data.ref(a, padded=True), data.ref(b, padded=True)],
        # a match won by forfeit shows no slow-game score: its games were not played
        "score": "" if result.by_forfeit else match_score(data, result.slow_points),
        "forfeit": result.by_forfeit,
        "winner": data.ref(winner) if winner else None,
        "corrected": t.ko_corrected if corrected else "",
        # a placement match decides a place; the others send their winner on
        "winner_label": t.wins_match if match.placement in DECIDES_PLACE else t.advances,
        # the bracket, not the games, sent on the player of a result corrected since
        "decided_by": t("kind." + result.decided_by.value) if result.decided_by and not corrected else "",
        "games": games,
    }


def bracket_url(data: SectionData) -> str:
    return f"{data.base}/bracket.html"


def bracket(data: SectionData, rounds: list[Round]) -> list[dict[str, Any]]:
    """Every round's matches on one line each (the two players, the slow games' score, the winner
    marked), as a bracket reads them: the matches of one page, not a card per game."""
    out = []
    for rnd in rounds:
        matches = []
        for match in KnockoutRound.of(rnd).matches:
            view = match_view(data, rnd.number, match)
            winner = view["winner"]["number"] if view["winner"] else None
            matches.append({"board": view["board"], "placement": view["placement"] if match.placement else "",
                            "players": [{**p, "won": p["number"] == winner} for p in view["players"]],
                            "score": view["score"], "decided_by": view["decided_by"],
                            "forfeit": view["forfeit"], "corrected": view["corrected"]})
        out.append({"n": rnd.number, "url": data.round_url(rnd.number), "field": data.results.field(rnd),
                    "provisional": rnd is data.preview, "matches": matches})
    return out


def placing_label(placing: Placing) -> str:
    """A place, or the places a group shares ("9-16": the losers of a round share 9th place) or may
    still reach, written as the standings write shared places ("2-7").

    >>> placing_label(Placing(5, 9, 16, True)), placing_label(Placing(1, 1, 1))
    ('9-16', '1')
    """
    return str(placing.first) if placing.first == placing.last else f"{placing.first}-{placing.last}"


def placing_rows(data: SectionData) -> list[dict[str, Any]]:
    """The placing table's rows, each player who withdrew marked as the standings mark one
    (`changes_upto`: the mark and, as its title, after which round)."""
    t = data.labels
    changes = data.changes_upto(data.section.current_round)
    return [{"place": placing_label(p), "player": data.ref(p.player), "decided": p.decided,
             "cols": data.cells(p.player),
             "mark": changes.get(p.player, ("", ""))[0], "mark_title": changes.get(p.player, ("", ""))[1],
             "out": t("round", n=p.out_in) if p.out_in else "",
             "out_url": data.round_url(p.out_in) if p.out_in else ""} for p in data.results.extra(PLACINGS)]


def placings_legend(data: SectionData) -> list[str]:
    """What the marks of the placing table mean (withdrew), explained below it."""
    return legend(data.section, data.labels, data.section.current_round)


def round_context(data: SectionData, rnd: Round) -> dict[str, Any]:
    return {"n": rnd.number, "round": rnd, "field": data.results.field(rnd),
            "matches": [match_view(data, rnd.number, m) for m in KnockoutRound.of(rnd).matches]}


def knockout_pages(data: SectionData, base: dict[str, Any], players: list[Player]) -> list[Page]:
    t, section = data.labels, data.section
    controls = [{"kind": t("kind." + k), "time": v} for k, v in time_controls(data).items()]
    common = {**base, "controls": controls, "placings_url": f"{data.base}/placings.html"}
    pages: list[Page] = []
    shown = [*section.rounds, *([data.preview] if data.preview else [])]
    numbers = {r.number for r in shown}
    for rnd in shown:
        provisional = rnd is data.preview
        context = {
            **common, **round_context(data, rnd), "provisional": provisional, "stage": "",
            "notes": data.preview_notes if provisional else [],
            "placings": placing_rows(data), "placings_legend": placings_legend(data),
            "columns": data.columns(cols.STANDINGS),
            "pdf_url": "" if provisional else data.pdf_url(rnd.number),
            "slips_url": "" if provisional else slips_url(data, rnd),
            "games_url": round_pgn_link(data, rnd, provisional),
            "prev_url": data.round_url(rnd.number - 1) if rnd.number - 1 in numbers else "",
            "next_url": data.round_url(rnd.number + 1) if rnd.number + 1 in numbers else "",
        }
        title = f"{section.name} · {t('round', n=rnd.number)}"
        pages.append(Page(data.round_url(rnd.number), "knockout_round.html", title, context))
        if context["pdf_url"]:
            pages.append(Page(data.pdf_url(rnd.number), "print/knockout_round.html", title, context,
                              pdf=True, web=data.round_url(rnd.number)))
        pages += slips_pages(data, rnd, context, title)
    pages.append(Page(f"{data.base}/placings.html", "placings.html", f"{section.name} · {t.placings}",
                      {**common, "rows": placing_rows(data), "legend": placings_legend(data),
                       "columns": data.columns(cols.STANDINGS)}))
    pages.append(Page(bracket_url(data), "bracket.html", f"{section.name} · {t.bracket}",
                      {**common, "rounds": bracket(data, shown)}))
    for player in players:
        matches = [(rnd.number, match_view(data, rnd.number, m)) for rnd in section.rounds
                   for m in KnockoutRound.of(rnd).matches if player.number in m.players]
        place = data.results.extra(PLACING_OF)[player.number]
        pages.append(Page(data.player_url(player.number), "knockout_player.html",
                          f"{player.name} · {section.name}", {
                              **common, "player": player, "display_name": player.name,
                              "place": placing_label(place),
                              "field_change": data.changes_upto(section.current_round).get(
                                  player.number, ("", ""))[1],
                              "matches": [{"round": n, "round_url": data.round_url(n), **m}
                                          for n, m in matches],
                          }))
    return pages


def match_json(data: SectionData, round_number: int, match: Match) -> dict[str, Any]:
    """A match in event.json: its games, the points of its slow games once played, its winner — who
    went on, as every page marks it (`advancing`) — and whether its result, corrected after the next
    round was paired, names the other player."""
    result = data.results.match_result(round_number, match)
    winner, corrected = advancing(data, round_number, match, result)
    slow = match.games[:SLOW_GAMES]
    played = len(slow) == SLOW_GAMES and all(g.outcome is not Outcome.PENDING for g in slow)
    return {"board": match.board, "placement": match.placement, "players": list(match.players),
            "games": [game_json(data, g) for g in match.games],
            "slow_points": [points_json(data, p) for p in result.slow_points]
            if played and result.slow_points else None,
            "winner": winner, "corrected": corrected,
            "decided_by": result.decided_by.value if result.decided_by and not corrected else None}


class KnockoutPages(PageSet):
    """Bracket rounds of matches and the placings, instead of standings."""

    def pages(self, data: SectionData, base: dict[str, Any], players: list[Player]) -> list[Page]:
        return knockout_pages(data, base, players)

    def first_page(self, event: Event, section: Section) -> str:
        """The bracket: every round's matches, the final's result once played."""
        return f"{event.slug}/{section.id}/bracket.html"

    def links(self, data: SectionData, slot: Slot) -> list[Link]:
        if slot == "rounds" and data.section.rounds:
            return [{"title": data.labels.bracket, "url": bracket_url(data)},
                    {"title": data.labels.placings, "url": f"{data.base}/placings.html"}]
        return []

    def leaders(self, data: SectionData) -> list[Leader]:
        """The placings decided among the first three (the winner once the final is played)."""
        return [{"place": placing_label(p), "player": data.ref(p.player), "points": ""}
                for p in data.results.extra(PLACINGS) if p.decided and p.first <= 3 and not p.shared]

    def section_json(self, data: SectionData) -> dict[str, Any]:
        return {"placings": [{"player": p.player, "first": p.first, "last": p.last, "shared": p.shared,
                              "decided": p.decided} for p in data.results.extra(PLACINGS)]}

    def round_json(self, data: SectionData, rnd: Round, provisional: bool) -> dict[str, Any]:
        return {"matches": [match_json(data, rnd.number, m) for m in KnockoutRound.of(rnd).matches]}


PAGES = KnockoutPages()
