"""Pages of the Chinese Student Shogi League (seed 000): stage-1 group tables, the stage-2 ranking,
challenges with each player's allowed targets, the final ranking with every term of the formula,
the school ranking and the award levels."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from site_builder.engine.league import league_of
from site_builder.engine.league_event import GroupRow, LeagueRow, stage_of
from site_builder.engine.prizes import Award
from site_builder.model import Event, Outcome, Section
from site_builder.results import EventResults
from site_builder.views.i18n import Labels
from site_builder.views.league_json import league_document
from site_builder.views.page import Page
from site_builder.views.page_set import EventPageSet
from site_builder.views.ranking import CardPlace, SectionRanking, article, link, sentence
from site_builder.views.section import SectionData


def _d(value: Decimal) -> str:
    return f"{value:.3f}"


def _coefficient(a: Decimal) -> str:
    """A as published: three decimals (1.088), four where the spread needs them (1.0784)."""
    return f"{a:.3f}" if a == a.quantize(Decimal("0.001")) else f"{a:.4f}"


def _rank(row: LeagueRow) -> int | str:
    """A place of a league ranking as shown: "—" for a player listed without a rank (overseas), "?"
    for one awaiting a playoff."""
    return "—" if row.rank is None else ("?" if row.playoff else row.rank)


def _group_place(row: GroupRow) -> int | str:
    """A stage-1 group place as shown: "?" while a playoff is needed (六.2)."""
    return "?" if row.playoff else row.place


def prize_labels(awards: list[Award]) -> dict[int, str]:
    """九.2 sponsored prizes as labels, by entry (player number or school index)."""
    return {entry: " + ".join(x for x in (f"{award.amount.normalize():f}", award.prize.item) if x)
            for award in awards for entry in award.players}


def league_pages(event: Event, computed: EventResults, common: dict[str, Any], t: Labels) -> list[Page]:
    """The league's pages of `event` (in its language) from the event's results."""
    results = computed.league
    assert results is not None
    names = {p.number: p for p in event.players}
    decided = league_of(event)
    section_of = {p.number: s.id for s in event.sections if stage_of(s).number == 1 for p in s.players}

    def ref(number: int) -> dict[str, Any]:
        section = section_of.get(number)
        url = f"{event.slug}/{section}/players/{number}.html" if section else ""
        return {"number": number, "name": names[number].name, "url": url, "school": names[number].club}

    def rows(table: list[LeagueRow], final: bool) -> list[dict[str, Any]]:
        """Ranking rows; the awards and sponsored prizes only on the final ranking (the stage-2
        ranking is provisional)."""
        return [{"rank": _rank(r), "player": ref(r.player),
                 "a": _coefficient(r.a), "x": f"{r.x:g}" + ("*" if r.player in decided.x_adjustments else ""),
                 "c": f"{r.c:g}", "y": r.y, "b": r.b, "k": f"{r.k:g}",
                 "d": _d(r.d) + ("*" if r.d_set else ""), "score": _d(r.score),
                 "award": ((t("award." + r.award) if r.award else "")
                           + (t.paren(t.special_grant) if r.player in decided.award_overrides else ""))
                 if final else "",
                 "certificate": r.certificate and final,
                 "prize": individual_prizes.get(r.player, "") if final else ""}
                for r in table]

    def names_of(groups: list[list[int]]) -> list[list[str]]:
        return [[f"{names[p].name} (#{p})" for p in group] for group in groups]

    marks = []  # what an asterisk after X or D means
    if league_of(event).x_adjustments:
        marks.append(f"X*: {t.organizer_adjusted} (7.1)")
    if league_of(event).d_corrections:
        marks.append(f"D*: {t.arbiters_set} (七)")

    base = f"{event.slug}/league"
    individual_prizes = prize_labels(computed.league_prizes)
    pages = []
    latest = {s.section.id: max(s.standings) for s in computed.sections if s.standings}
    links = _links(event, t)
    common = {**common, "crumb": links["league"]}  # the breadcrumb trail: event › league
    groups = [{"id": s.id, "name": s.name,  # each with its points table, the latest standings
               "points_table": f"{event.slug}/{s.id}/standings-{latest[s.id]:02d}.html"
               if s.id in latest else "",
               "rows": [{"place": _group_place(r), "player": ref(r.player),
                         "wins": r.wins, "draws": r.draws, "y": r.tsume,
                         "score1": _d(r.score1), "x": f"{r.x:g}" + "*" * r.x_adjusted}
                        for r in results.groups[s.id]],
               "playoffs": names_of(results.group_playoffs.get(s.id, []))}
              for s in event.sections if s.id in results.groups]
    pages.append(Page(f"{base}/groups.html", "league_groups.html", t.stage1_tables, {
        **common, "groups": groups, "marks": [m for m in marks if m.startswith("X")],
        "place_heading": t("place.stage1"),
        "ranking_note": sentence(t("ranking.stage1"), article=links["article.stage1"])}))
    pages.append(Page(f"{base}/stage2.html", "league_ranking.html", t.stage2_ranking,
                      {**common, "heading": t.stage2_ranking, "rows": rows(results.stage2, final=False),
                       "note": t.stage2_note, "complete": results.complete,
                       "place_heading": t("place.stage2"),
                       "ranking_note": sentence(t("ranking.stage2"), official=links["final"],
                                                article=links["article.final"]),
                       "playoffs": names_of(results.stage2_playoffs), "marks": marks, "report_url": "",
                       "final": False, "legend": [t.league_letters]}))
    challenges = []
    for index, c in enumerate(league_of(event).challenges):
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
                      {**common, "challenges": challenges, "targets": targets, "complete": results.complete,
                       "place_heading": t("place.stage2"),
                       "ranking_note": sentence(t("ranking.challenges"), official=links["stage2"],
                                                article=links["article.challenges"])}))
    playoffs = names_of(results.playoffs)
    if results.b_final_playoff:  # 7.2 3): the B-final's winner (A = 1.125) awaits a playoff
        b_final = next(s.name for s in event.sections if results.finals.get(s.id) == "B")
        playoffs.append([f"{b_final} {t.place} 1: {name}" if i == 0 else name
                         for i, name in enumerate(names_of([results.b_final_playoff])[0])])
    pages.append(Page(f"{base}/ranking.html", "league_ranking.html", t.final_ranking,
                      {**common, "heading": t.final_ranking, "rows": rows(results.final, final=True),
                       "note": t.formula_note,
                       "place_heading": t.place,
                       "ranking_note": sentence(t("ranking.final"), article=links["article.final"],
                                                stage1=links["stage1"], stage2=links["stage2"]),
                       "complete": results.complete,
                       "report_url": f"{base}/final-report.pdf" if common["pdfs"] else "",
                       "playoffs": playoffs, "marks": marks, "final": True, "legend": [t.league_letters]}))
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
            **common, "section": {"name": t.final_ranking}, "round": {"date": event.dates.end or ""},
            "ranking": rows(results.final, final=True), "schools": schools}, pdf=True,
            web=f"{base}/ranking.html"))
    return pages


#: The anchor of each article the league's notes cite, in the event's regulation page (seed 000).
ARTICLES = {"stage1": "rule-7-0", "stage2": "stage-2a", "final": "art-7", "final_group": "stage-2a",
            "random": "stage-2b", "challenges": "art-6-3"}


def _links(event: Event, t: Labels) -> dict[str, Any]:
    """The league's rankings and the articles that make them official, as the notes link them
    (`article.*`: to the event's regulation page when it has one), and the breadcrumb to the league."""
    base = f"{event.slug}/league"
    return {
        "league": {"title": t.league, "url": f"{base}/ranking.html"},
        "final": link(t.final_ranking, f"{base}/ranking.html"),
        "stage1": link(t.stage1_tables, f"{base}/groups.html"),
        "stage2": link(t.stage2_ranking, f"{base}/stage2.html"),
        **{f"article.{key}": article(event, t(f"article.{key}"), anchor)
           for key, anchor in ARTICLES.items()},
    }


def section_ranking(event: Event, computed: EventResults, data: SectionData) -> SectionRanking:
    """What a league section's standings rank, named, with the official places its cards show first:
    a stage-1 group's points table is not its stage-1 order (六.2, 补充细则 7.0), which gives X; a
    final group's order is its own (六.2); the random rounds rank nobody; the league's places are
    the final ranking's (七)."""
    results, t, section = computed.league, data.labels, data.section
    assert results is not None
    links = _links(event, t)
    final_source = sentence(t("ranking.source"), page=links["final"], article=links["article.final"])
    places: dict[int, list[CardPlace]] = {}
    if results.complete:  # before the end of stage 2 the final ranking's A and C are not known
        for row in results.final:
            places.setdefault(row.player, []).append(CardPlace(t.place, str(_rank(row)), final_source))
    if stage_of(section).number == 1:
        official = link(t.stage1_tables, f"{event.slug}/league/groups.html#stage1-{section.id}")
        if data.standings:  # the stage-1 order of a group that has played
            source = sentence(t("ranking.source"), page=official, article=links["article.stage1"])
            for group_row in results.groups.get(section.id, []):
                places.setdefault(group_row.player, []).append(
                    CardPlace(t("place.stage1"), str(_group_place(group_row)), source))
        heading = t("place.points_table")
        note = sentence(t("ranking.points_table"), article=links["article.stage1"], official=official)
    elif section.id in results.finals:
        heading = t("place.final_group")
        note = sentence(t("ranking.final_group"), article=links["article.final_group"],
                        official=links["final"])
    else:
        heading = t("place.points_table")
        note = sentence(t("ranking.random"), article=links["article.random"], official=links["final"])
    return SectionRanking(heading, note, {player: tuple(shown) for player, shown in places.items()})


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

    def official_page(self, event: Event, section: Section) -> str:
        """A stage-1 group's official order: its table on the league's group tables (六.2)."""
        return f"{event.slug}/league/groups.html#stage1-{section.id}" if stage_of(section).number == 1 else ""

    def section_ranking(self, event: Event, results: EventResults, data: SectionData) -> SectionRanking:
        return section_ranking(event, results, data)


PAGES = LeaguePages()
