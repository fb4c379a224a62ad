"""Pages of the Chinese Student Shogi League (seed 000): stage-1 group tables, the stage-2 ranking,
challenges with each player's allowed targets, the final ranking with every term of the formula,
the school ranking and the award levels."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from site_builder.engine.league_event import LeagueRow
from site_builder.engine.prizes import Award
from site_builder.model import Event, Outcome
from site_builder.results import EventResults
from site_builder.views.i18n import Labels
from site_builder.views.league_json import league_document
from site_builder.views.page import Page
from site_builder.views.page_set import EventPageSet


def _d(value: Decimal) -> str:
    return f"{value:.3f}"


def _coefficient(a: Decimal) -> str:
    """A as published: three decimals (1.088), four where the spread needs them (1.0784)."""
    return f"{a:.3f}" if a == a.quantize(Decimal("0.001")) else f"{a:.4f}"


def prize_labels(awards: list[Award]) -> dict[int, str]:
    """九.2 sponsored prizes as labels, by entry (player number or school index)."""
    return {entry: " + ".join(x for x in (f"{award.amount.normalize():f}", award.prize.item) if x)
            for award in awards for entry in award.players}


def league_pages(event: Event, computed: EventResults, common: dict[str, Any], t: Labels) -> list[Page]:
    """The league's pages of `event` (in its language) from the event's results."""
    results = computed.league
    assert results is not None
    names = {p.number: p for p in event.players}
    section_of = {p.number: s.id for s in event.sections if s.stage == 1 for p in s.players}

    def ref(number: int) -> dict[str, Any]:
        section = section_of.get(number)
        url = f"{event.slug}/{section}/players/{number}.html" if section else ""
        return {"number": number, "name": names[number].name, "url": url, "school": names[number].club}

    def rows(table: list[LeagueRow], final: bool) -> list[dict[str, Any]]:
        """Ranking rows; the awards and sponsored prizes only on the final ranking (the stage-2
        ranking is provisional)."""
        return [{"rank": "—" if r.rank is None else ("?" if r.playoff else r.rank), "player": ref(r.player),
                 "a": _coefficient(r.a), "x": f"{r.x:g}" + ("*" if r.player in event.x_adjustments else ""),
                 "c": f"{r.c:g}", "y": r.y, "b": r.b, "k": f"{r.k:g}",
                 "d": _d(r.d) + ("*" if r.d_set else ""), "score": _d(r.score),
                 "award": ((t("award." + r.award) if r.award else "")
                           + (t.paren(t.special_grant) if r.player in event.award_overrides else ""))
                 if final else "",
                 "certificate": r.certificate and final,
                 "prize": individual_prizes.get(r.player, "") if final else ""}
                for r in table]

    def names_of(groups: list[list[int]]) -> list[list[str]]:
        return [[f"{names[p].name} (#{p})" for p in group] for group in groups]

    marks = []  # what an asterisk after X or D means
    if event.x_adjustments:
        marks.append(f"X*: {t.organizer_adjusted} (7.1)")
    if event.d_corrections:
        marks.append(f"D*: {t.arbiters_set} (七)")

    base = f"{event.slug}/league"
    individual_prizes = prize_labels(computed.league_prizes)
    pages = []
    groups = [{"name": s.name, "rows": [{"place": "?" if r.playoff else r.place, "player": ref(r.player),
                                        "wins": r.wins, "draws": r.draws, "y": r.tsume,
                                        "score1": _d(r.score1), "x": f"{r.x:g}" + "*" * r.x_adjusted}
                                       for r in results.groups[s.id]],
                "playoffs": names_of(results.group_playoffs.get(s.id, []))}
              for s in event.sections if s.id in results.groups]
    pages.append(Page(f"{base}/groups.html", "league_groups.html", t.stage1_tables,
                      {**common, "groups": groups, "marks": [m for m in marks if m.startswith("X")]}))
    pages.append(Page(f"{base}/stage2.html", "league_ranking.html", t.stage2_ranking,
                      {**common, "heading": t.stage2_ranking, "rows": rows(results.stage2, final=False),
                       "note": t.stage2_note, "complete": results.complete,
                       "playoffs": names_of(results.stage2_playoffs), "marks": marks, "report_url": "",
                       "final": False}))
    challenges = []
    for index, c in enumerate(event.challenges):
        bad = [message for i, message in results.violations if i == index]
        outcome = {Outcome.FIRST_WINS: "win", Outcome.DRAW: "draw", Outcome.SECOND_WINS: "loss",
                   Outcome.PENDING: "pending"}.get(c.outcome, "loss")
        challenges.append({"challenger": ref(c.challenger), "target": ref(c.target),
                           "result": t("challenge." + outcome),
                           "c": f"{results.challenge_points.get(c.challenger, Decimal(0)):g}",
                           "invalid": bad})
    stage2_rank = {r.player: r.rank for r in results.stage2}
    targets = [{"rank": stage2_rank[p], "player": ref(p), "targets": [ref(x) for x in allowed]}
               for p, allowed in results.targets.items()]
    pages.append(Page(f"{base}/challenges.html", "league_challenges.html", t.challenges,
                      {**common, "challenges": challenges, "targets": targets, "complete": results.complete}))
    playoffs = names_of(results.playoffs)
    if results.b_final_playoff:  # 7.2 3): the B-final's winner (A = 1.125) awaits a playoff
        b_final = next(s.name for s in event.sections if results.finals.get(s.id) == "B")
        playoffs.append([f"{b_final} {t.place} 1: {name}" if i == 0 else name
                         for i, name in enumerate(names_of([results.b_final_playoff])[0])])
    pages.append(Page(f"{base}/ranking.html", "league_ranking.html", t.final_ranking,
                      {**common, "heading": t.final_ranking, "rows": rows(results.final, final=True),
                       "note": t.formula_note,
                       "complete": results.complete,
                       "report_url": f"{base}/final-report.pdf" if common["pdfs"] else "",
                       "playoffs": playoffs, "marks": marks, "final": True}))
    school_prizes = prize_labels(computed.school_prizes)
    schools = [{"rank": row.rank if row.rank is not None else ("?" if row.playoff else "—"),
                "school": row.school, "scores": [_d(v) for v in row.scores], "total": row.total,
                "award": t("school_award." + a) if (a := results.school_awards.get(row.school)) else "",
                "prize": school_prizes.get(index, "")}
               for index, row in enumerate(results.schools)]
    pages.append(Page(f"{base}/schools.html", "league_schools.html", t.school_ranking,
                      {**common, "rows": schools}))
    if results.complete and common["pdfs"]:  # the final report: ranking with every term, schools, awards
        pages.append(Page(f"{base}/final-report.pdf", "print/league_report.html", t.final_ranking, {
            **common, "section": {"name": t.final_ranking}, "round": {"date": event.end or ""},
            "ranking": rows(results.final, final=True), "schools": schools}, pdf=True,
            web=f"{base}/ranking.html"))
    return pages


def league_nav(event: Event, t: Labels) -> list[dict[str, Any]]:
    base = f"{event.slug}/league"
    return [{"title": t.league, "url": f"{base}/ranking.html", "links": [
        {"title": t.stage1_tables, "url": f"{base}/groups.html"},
        {"title": t.stage2_ranking, "url": f"{base}/stage2.html"},
        {"title": t.challenges, "url": f"{base}/challenges.html"},
        {"title": t.final_ranking, "url": f"{base}/ranking.html"},
        {"title": t.school_ranking, "url": f"{base}/schools.html"},
    ]}]


class LeaguePages(EventPageSet):
    """The league's tables, rankings and challenges, in the navigation and in event.json."""

    def pages(self, event: Event, results: EventResults, common: dict[str, Any], t: Labels) -> list[Page]:
        return league_pages(event, results, common, t)

    def nav(self, event: Event, t: Labels) -> list[dict[str, Any]]:
        return league_nav(event, t)

    def event_json(self, event: Event, results: EventResults) -> dict[str, Any]:
        return {"league": league_document(event, results)}


PAGES = LeaguePages()
