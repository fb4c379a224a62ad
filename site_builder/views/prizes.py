"""Prize list and certificate pages from the final standings (provisional before the end)."""

from __future__ import annotations

from typing import Any

from site_builder.engine.prizes import Award
from site_builder.engine.standings import Row
from site_builder.model import PrizeSettings
from site_builder.views.format import natural_name
from site_builder.views.i18n import Labels
from site_builder.views.page import Page
from site_builder.views.section import SectionData


def label(award: Award, currency: str) -> str:
    """The prize as the prize list prints it: "500 EUR", "250 EUR + Cup", and where a shared pool's
    cents do not divide evenly each player's share in the list's order, "33.34 / 33.33 / 33.33 EUR";
    a line may break after a share's slash, never inside an amount (no-break spaces).

    >>> from decimal import Decimal
    >>> from site_builder.engine.prizes import Prize, split
    >>> label(Award(Prize("", 4, Decimal(100)), (5, 6, 7), Decimal("33.33"), split(Decimal(100), 3)), "EUR")
    '33.34\xa0/ 33.33\xa0/ 33.33\xa0EUR'
    """
    shares = sorted(set(award.shares), reverse=True) if award.shares else [award.amount]
    each = award.shares if len(shares) > 1 else shares
    amount = "\xa0/ ".join(f"{x.normalize():f}" for x in each) + (f"\xa0{currency}" if currency else "") \
        if award.amount else ""
    return " + ".join(x for x in (amount, award.prize.item) if x)


def title(award: Award, t: Labels) -> str:
    """The prize's name: its category and place, or places when tied players pooled several
    ("Overall · prizes 2–3")."""
    place = award.prize.place
    which = t("prize_places", a=place, b=place + award.pooled - 1) if award.pooled > 1 \
        else t("prize_place", n=place)
    return f"{award.prize.category or t.overall} · {which}"


def prize_pages(data: SectionData, base: dict[str, Any]) -> list[Page]:
    settings, section, t = data.section.prizes, data.section, data.labels
    configured = settings.places or settings.categories or settings.levels or settings.grants
    if not configured or not data.standings:
        return []
    table = data.latest
    assert table is not None
    awards = data.results.awards
    place_of = {row.player: f"{row.place}-{row.last_place}" if row.shared else str(row.place)
                for row in table.rows}
    points = {row.player: data.pts(row.points) for row in table.rows}
    rows = [{"category": a.prize.category or t.overall, "prize": a.prize.place, "title": title(a, t),
             "prize_label": label(a, settings.currency),
             "players": [data.ref(p) for p in a.players], "places": [place_of[p] for p in a.players],
             "points": [points[p] for p in a.players], "shared": len(a.players) > 1} for a in awards]
    rows += [{"category": t.arbiter_grant, "prize": 1, "title": t.arbiter_grant, "prize_label": prize,
              "players": [data.ref(player)],
              "places": [place_of[player]], "points": [points[player]], "shared": False, "grant": True}
             for player, prize in sorted(settings.grants.items())]
    standings_rows = []
    if settings.levels or settings.marks or settings.withdrawn:
        for row in table.rows:
            score = data.records.points(row.points)
            standings_rows.append({
                "player": data.ref(row.player), "place": place_of[row.player], "points": points[row.player],
                "level": data.results.levels.get(row.player, ""),
                "marks": [name for name, at_least in settings.marks if score >= at_least],
                "withdrawn": row.player in settings.withdrawn,
            })
    final = section.current_round >= section.rounds_planned and table.pending == 0
    context = {**base, "rows": rows, "final": final, "after": table.upto, "levels": standings_rows}
    certificates = certificate_rows(data, table.rows, rows, standings_rows, place_of)
    pages = [Page(f"{data.base}/prizes.html", "prizes.html", f"{section.name} · {t.prizes}", context),
             Page(f"{data.base}/certificates.html", "certificates.html", f"{section.name} · {t.certificates}",
                  {**base, "rows": certificates, "final": final})]
    if data.pdfs:
        pages.append(Page(f"{data.base}/certificates.pdf", "print/certificates.html",
                          f"{section.name} · {t.certificates}",
                          {**base, "rows": certificates, "final": final,
                           "round": {"date": data.event.dates.end or ""}}, pdf=True))
    return pages


def certificate_rows(data: SectionData, ranking: tuple[Row, ...], prizes: list[dict[str, Any]],
                     levels: list[dict[str, Any]], place_of: dict[int, str]) -> list[dict[str, Any]]:
    """One certificate per player with a distinction, in ranking order: every prize won (and the
    arbiters' awards), the level reached and the marks earned; a withdrawn prize gives none."""
    players = data.section.players_by_number
    awards: dict[int, list[str]] = {}
    for row in prizes:
        text = row["prize_label"] if row.get("grant") else row["title"]
        for player in row["players"]:
            awards.setdefault(player["number"], []).append(text)
    for row in levels:
        if not row["withdrawn"]:
            awards.setdefault(row["player"]["number"], []).extend(
                [row["level"]] * bool(row["level"]) + row["marks"])
    title = data.labels.certificate_title.casefold()
    return [{"player": data.ref(row.player), "club": players[row.player].club, "place": place_of[row.player],
             "award": " · ".join(awards[row.player]), "awards": awards[row.player],
             # on the printed certificate: the name as it addresses the person, and the awards but the
             # one its heading already says (a mark named "Certificate")
             "addressed": natural_name(players[row.player].name),
             "printed": [a for a in awards[row.player] if a.casefold() != title]}
            for row in ranking if awards.get(row.player)]


def team_prize(settings: PrizeSettings, place: int) -> str:
    """The place prize of a team (seed 001 六: top 6), e.g. '2000 元'."""
    if place > len(settings.places):
        return ""
    amount, item = settings.places[place - 1]
    money = f"{amount.normalize():f} {settings.currency}".strip() if amount else ""
    return " + ".join(x for x in (money, item) if x)
