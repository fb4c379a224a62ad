"""The page set of the ranked systems (the Swiss systems, round robins, random draws, manual
pairing): each round's page, bulletin PDF and result slips, the standings after it, the prizes, the
secret codes, the crosstable, the player cards and the games."""

from __future__ import annotations

from typing import Any, ClassVar

from site_builder.model import Player
from site_builder.views.games import featured, game_pages, round_pgn_link
from site_builder.views.page import Page
from site_builder.views.page_set import Link, PageSet, Slot
from site_builder.views.prizes import prize_pages
from site_builder.views.section import (
    SectionData,
    codes_published,
    crosstable,
    not_paired,
    player_card,
    players_by_name,
    round_rows,
    stage_label,
    standings_block,
)
from site_builder.views.slips import slips_pages, slips_url
from site_builder.views.table_csv import crosstable_path, csv_tables, standings_path


class RoundsPages(PageSet):
    """Rounds, standings and crosstable of a section ranked by points and tiebreaks."""

    csv_tables: ClassVar[bool] = True

    def final_table(self, data: SectionData) -> list[dict[str, Any]] | None:
        """The final placing table the last bulletin prints (None: none)."""
        return None

    def stage_pages(self, data: SectionData, base: dict[str, Any], final: list[dict[str, Any]] | None
                    ) -> list[Page]:
        """Pages of its own after the rounds' (`final`: `final_table`)."""
        return []

    def pages(self, data: SectionData, base: dict[str, Any], players: list[Player]) -> list[Page]:
        t, section = data.labels, data.section
        final = self.final_table(data)
        prizes = prize_pages(data, base)
        pages = round_pages(data, base, final, prizes[0].context["rows"] if prizes else None)
        pages += self.stage_pages(data, base, final)
        pages += prizes
        if codes_published(section):
            pages.append(Page(f"{data.base}/codes.html", "codes.html", f"{section.name} · {t.codes}", {
                **base,
                "rows": [{"code": code, "player": data.ref(number)}
                         for number, code in sorted(section.codes.items(), key=lambda item: item[1])],
            }))
        latest = data.latest
        if latest is not None:
            pages.append(Page(f"{data.base}/crosstable.html", "crosstable.html",
                              f"{section.name} · {t.crosstable}", {
                                  **base, **crosstable(data, latest),
                                  "csv_url": crosstable_path(data) if csv_tables(data) else ""}))
        for player in players:
            pages.append(Page(data.player_url(player.number), "player.html",
                              f"{player.name} · {section.name}", {**base, **player_card(data, player)}))
        return pages + game_pages(data, base)

    def links(self, data: SectionData, slot: Slot) -> list[Link]:
        prizes = data.section.prizes
        if slot == "end" and (prizes.places or prizes.categories) and data.standings:
            return [{"title": data.labels.prizes, "url": f"{data.base}/prizes.html"}]
        return []


def round_pages(data: SectionData, base: dict[str, Any], final: list[dict[str, Any]] | None,
                prize_rows: list[dict[str, Any]] | None) -> list[Page]:
    """Each round's page, bulletin PDF, result slips and standings after it (the last bulletin with
    the final placing table `final` of a staged Swiss and the prize list `prize_rows`)."""
    t, section = data.labels, data.section
    pages: list[Page] = []
    shown = [*section.rounds, *([data.preview] if data.preview else [])]
    rounds = {rnd.number: rnd for rnd in shown}
    for rnd in shown:
        nxt = rounds.get(rnd.number + 1)
        provisional = rnd is data.preview
        round_ctx = {
            **base,
            "n": rnd.number,
            "round": rnd,
            "provisional": provisional,
            "stage": stage_label(data, rnd.number),
            # the final placing table of a staged Swiss and the prize list, on the last bulletin
            "final": final if rnd.number == section.rounds_planned and not provisional else None,
            "prize_rows": prize_rows if rnd.number == section.current_round and not provisional else None,
            "notes": data.preview_notes if provisional else [],
            "rows": round_rows(data, rnd),
            "by_name": players_by_name(data, rnd),
            "not_paired": not_paired(data, rnd),
            "standings": standings_block(data, rnd.number) if rnd.number in data.standings else None,
            "next": {"n": nxt.number, "rows": round_rows(data, nxt), "not_paired": not_paired(data, nxt),
                     "provisional": nxt is data.preview} if nxt else None,
            "featured": [] if provisional else featured(data, rnd),
            "games_url": round_pgn_link(data, rnd, provisional),
            "pdf_url": "" if provisional else data.pdf_url(rnd.number),
            "slips_url": "" if provisional else slips_url(data, rnd),
            "standings_url": data.standings_url(rnd.number) if rnd.number in data.standings else "",
            "prev_url": data.round_url(rnd.number - 1) if rnd.number - 1 in rounds else "",
            "next_url": data.round_url(rnd.number + 1) if nxt else "",
        }
        title = f"{section.name} · {t('round', n=rnd.number)}"
        pages.append(Page(data.round_url(rnd.number), "round.html", title, round_ctx))
        if round_ctx["pdf_url"]:
            pages.append(Page(data.pdf_url(rnd.number), "print/round.html", title, round_ctx, pdf=True,
                              web=data.round_url(rnd.number)))
        pages += slips_pages(data, rnd, round_ctx, title)
        if rnd.number in data.standings:
            latest = rnd.number == max(data.standings) and csv_tables(data)
            pages.append(Page(data.standings_url(rnd.number), "standings.html",
                              f"{section.name} · {t('standings_after', n=rnd.number)}", {
                                  **base, "block": standings_block(data, rnd.number),
                                  "csv_url": standings_path(data) if latest else "",
                                  "rounds": sorted(data.standings),
                                  "urls": {n: data.standings_url(n) for n in data.standings},
                              }))
    return pages


PAGES = RoundsPages()
