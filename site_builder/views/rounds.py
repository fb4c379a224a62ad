"""The page set of the ranked systems (the Swiss systems, round robins, random draws, manual
pairing): each round's page, bulletin PDF and result slips, the standings after it, the prizes, the
secret codes, the crosstable, the player cards and the games."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from site_builder.model import Player
from site_builder.views.cards import player_cards
from site_builder.views.crosstable import crosstable
from site_builder.views.games import featured, game_pages, round_pgn_link
from site_builder.views.page import SPREAD, Page
from site_builder.views.page_set import Leader, Link, PageSet, Slot, podium
from site_builder.views.pairing_why import why_pages, why_url
from site_builder.views.prizes import prize_pages
from site_builder.views.ranking import Segment
from site_builder.views.round_rows import (
    forfeit_legend,
    not_paired,
    pairing_rows,
    pairing_shape,
    players_by_name,
    round_rows,
)
from site_builder.views.section import SectionData, codes_published
from site_builder.views.slips import slips_pages, slips_url
from site_builder.views.standings_rows import deferred_standings_block, stage_label
from site_builder.views.table_csv import crosstable_path, csv_tables, standings_path


class RoundsPages(PageSet):
    """Rounds, standings and crosstable of a section ranked by points and tiebreaks."""

    csv_tables: ClassVar[bool] = True
    starting_crosstable: ClassVar[bool] = True
    standings_apart: ClassVar[bool] = True

    def final_table(self, data: SectionData) -> list[dict[str, Any]] | None:
        """The final placing table the last bulletin prints (None: none)."""
        return None

    def stage_pages(self, data: SectionData, base: dict[str, Any], final: list[dict[str, Any]] | None
                    ) -> list[Page]:
        """Pages of its own after the rounds' (`final`: `final_table`)."""
        return []

    def leaders(self, data: SectionData) -> list[Leader]:
        """The final placing's first three once the system has one, else the latest standings' (unless
        another ranking of the event is the official one: `SectionData.ranking`)."""
        final = self.final_table(data)
        if final is not None:  # placed by the final round, not by points: no points shown
            return [{"place": row["place"], "player": row["player"], "points": ""} for row in final[:3]]
        if data.ranking is not None or data.latest is None:
            return []
        return podium([{"place": f"{row.place}-{row.last_place}" if row.shared else str(row.place),
                        "player": data.ref(row.player), "points": data.pts(row.points)}
                       for row in data.latest.rows if row.place <= 3])

    def standings_note(self, data: SectionData, n: int) -> list[Segment] | None:
        """What the standings after round `n` rank when the system ranks its players otherwise too
        (a staged Swiss's final placing); None: the section's note (`SectionData.ranking`)."""
        return None

    def pages(self, data: SectionData, base: dict[str, Any], players: list[Player]) -> list[Page]:
        t, section = data.labels, data.section
        final = self.final_table(data)
        prizes = prize_pages(data, base)
        pages = round_pages(data, base, final, prizes[0].context["rows"] if prizes else None,
                            self.standings_note)
        pages += self.stage_pages(data, base, final)
        pages += why_pages(data, base)
        pages += prizes
        if codes_published(section):
            pages.append(Page(f"{data.base}/codes.html", "codes.html", f"{section.name} · {t.codes}", {
                **base,
                "rows": [{"code": code, "player": data.ref(number)}
                         for number, code in sorted(section.codes.by_player.items(),
                                                   key=lambda item: item[1])],
            }))
        latest = data.latest
        if latest is not None:
            note = self.standings_note(data, latest.upto)
            for by_start, name in ((False, t.crosstable), (True, t.crosstable_start)):
                csv_url = crosstable_path(data, by_start) if csv_tables(data) else ""
                title = f"{section.name} · {name}"
                pages.append(Page(data.crosstable_url(by_start), "crosstable.html", title,
                                  {**base, **crosstable(data, latest, by_start), "csv_url": csv_url,
                                   **({"ranking_note": note} if note is not None else {}),
                                   "other_url": data.crosstable_url(not by_start)}))
        cards = player_cards(data, players)
        for player in players:
            pages.append(Page(data.player_url(player.number), "player.html",
                              f"{player.name} · {section.name}", {**base, SPREAD: cards[player.number]}))
        return pages + game_pages(data, base)

    def links(self, data: SectionData, slot: Slot) -> list[Link]:
        if slot == "standings" and data.latest is not None:
            t = data.labels
            return [{"title": t.crosstable, "url": data.crosstable_url(False)},
                    {"title": t.crosstable_start, "url": data.crosstable_url(True)}]
        prizes = data.section.prizes
        if slot == "end" and (prizes.places or prizes.categories) and data.standings:
            return [{"title": data.labels.prizes, "url": f"{data.base}/prizes.html"}]
        return []


def standings_heading(data: SectionData, n: int, ranked_otherwise: bool) -> str:
    """The heading of the standings after round `n`, the same on their page, on the round's page and in
    the round's bulletin: the final standings once the last planned round is complete (no result
    pending) and nothing else gives the final order (`ranked_otherwise`: a final placing table, a
    ranking of its own), else the standings after round `n`."""
    t = data.labels
    last = n == data.section.rounds_planned and not data.standings[n].pending
    return t.final_standings if last and not ranked_otherwise else t("standings_after", n=n)


def round_pages(data: SectionData, base: dict[str, Any], final: list[dict[str, Any]] | None,
                prize_rows: list[dict[str, Any]] | None,
                notes: Callable[[SectionData, int], list[Segment] | None]) -> list[Page]:
    """Each round's page, bulletin PDF, result slips and standings after it (the last bulletin with
    the final placing table `final` of a staged Swiss and the prize list `prize_rows`; `notes`: what
    the standings after a round rank, `RoundsPages.standings_note`)."""
    t, section = data.labels, data.section
    pages: list[Page] = []
    shown = [*section.rounds, *([data.preview] if data.preview else [])]
    rounds = {rnd.number: rnd for rnd in shown}
    for rnd in shown:
        nxt = rounds.get(rnd.number + 1)
        provisional = rnd is data.preview
        note = notes(data, rnd.number) if rnd.number in data.standings else None
        ranked_otherwise = bool(final) or bool(note if note is not None else base["ranking_note"])
        ranked = rnd.number in data.standings
        heading = standings_heading(data, rnd.number, ranked_otherwise) if ranked else ""
        apart = data.standings_pdf_url(rnd.number) if ranked and not provisional else ""
        last = rnd.number == section.rounds_planned and ranked and not provisional  # its crosstable
        final_placing = final if rnd.number == section.rounds_planned and not provisional else None
        # apart from the standings PDF unless that would hold nothing else (a final placing prints)
        crosstable_apart = data.crosstable_pdf_url(rnd.number) if apart and last and not final_placing else ""
        round_ctx = {
            **base,
            "n": rnd.number,
            "standings_heading": heading,
            "round": rnd,
            "provisional": provisional,
            "stage": stage_label(data, rnd.number),
            # the final placing table of a staged Swiss and the prize list, on the last bulletin
            "final": final_placing,
            "prize_rows": prize_rows if rnd.number == section.current_round and not provisional else None,
            "notes": data.preview_notes if provisional else [],
            "rows": round_rows(data, rnd),
            "pairing": pairing_shape(data),
            # what go's results, handicaps and komi mean; what a forfeit's mark means
            "round_legend": [*data.round_legend, *forfeit_legend(data, (g.outcome for g in rnd.all_games))],
            "by_name": players_by_name(data, rnd),
            "not_paired": not_paired(data, rnd),
            "standings": deferred_standings_block(data, rnd.number) if rnd.number in data.standings else None,
            # the crosstable on the bulletin of the last round
            "crosstable": crosstable(data, data.standings[rnd.number]) if last else None,
            "next": {"n": nxt.number, "rows": pairing_rows(data, nxt), "not_paired": not_paired(data, nxt),
                     "provisional": nxt is data.preview} if nxt else None,
            "featured": [] if provisional else featured(data, rnd),
            "games_url": round_pgn_link(data, rnd, provisional),
            "pdf_url": "" if provisional else data.pdf_url(rnd.number),
            "standings_pdf_url": apart,
            "crosstable_pdf_url": crosstable_apart,
            "slips_url": "" if provisional else slips_url(data, rnd),
            "why_url": "" if provisional else why_url(data, rnd.number),
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
            title = f"{section.name} · {heading}"
            if apart:
                pages.append(Page(apart, "print/standings.html", title,
                                  {**round_ctx, "crosstable": None} if crosstable_apart else round_ctx,
                                  pdf=True, web=data.standings_url(rnd.number)))
            if crosstable_apart:
                named = f"{section.name} · {t.crosstable}"
                pages.append(Page(crosstable_apart, "print/standings.html", named,
                                  {**round_ctx, "standings": None}, pdf=True, web=data.crosstable_url()))
            pages.append(Page(data.standings_url(rnd.number), "standings.html", title, {
                                  **base, "block": deferred_standings_block(data, rnd.number),
                                  "heading": heading,
                                  **({"ranking_note": note} if note is not None else {}),
                                  "csv_url": standings_path(data) if latest else "",
                                  "pdf_url": apart,
                                  "rounds": sorted(data.standings),
                                  "urls": {n: data.standings_url(n) for n in data.standings},
                              }))
    return pages


PAGES = RoundsPages()
