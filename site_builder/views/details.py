"""The tournament details, as chess-results heads a tournament: the event's (organizers, venue,
dates, arbiters, time control) and each section's (pairing system, rounds, players and their
federations, the average rating of the rated players, the tiebreaks in order). Only lines with
something to say are listed; the event's home and each section's starting list show the same lines."""

from __future__ import annotations

from fractions import Fraction
from math import floor
from typing import Any

from site_builder.model import Event
from site_builder.regulations import preset_for
from site_builder.systems import system_of
from site_builder.systems.base import Announced
from site_builder.views.i18n import Labels
from site_builder.views.page_set import page_set_of
from site_builder.views.ranking import Segment, article, link
from site_builder.views.section import SectionData
from site_builder.views.standings_rows import tiebreak_names, tiebreak_rules_text

Line = dict[str, Any]


def detail_line(label: str, value: str = "", items: list[str] | None = None,
                segments: list[Segment] | None = None) -> Line:
    """A line of the details: its label, and its value as text, as an ordered list (`items`) or as
    text with links (`segments`)."""
    return {"label": label, "value": value, "list": items or [], "segments": segments or []}


def event_details(event: Event, t: Labels, dates: str) -> list[Line]:
    """The event's lines (`dates` as the pages write them)."""
    lines = [
        detail_line(t.organizers, t.list_sep.join(event.officials.organizers)),
        detail_line(t.venue, event.venue),
        detail_line(t.dates, dates),
        detail_line(t.chief_arbiter, event.chief_arbiter),
        detail_line(t.arbiters, t.list_sep.join(event.officials.arbiters)),
        detail_line(t.time_control, event.time_control),
    ]
    return [line for line in lines if line["value"]]


def average_rating(ratings: list[int]) -> int | None:
    """The average of the ratings given (the rated players' only), rounded half up; None for none.

    >>> average_rating([2000, 1901]), average_rating([1500, 1501]), average_rating([])
    (1951, 1501, None)
    """
    if not ratings:
        return None
    return floor(Fraction(sum(ratings), len(ratings)) + Fraction(1, 2))


def section_details(data: SectionData) -> list[Line]:
    """A section's lines."""
    t, section = data.labels, data.section
    players = section.players
    federations = {p.fields.get("federation", "") for p in players} - {""}
    ratings = [p.rating for p in players if p.rating]
    average = average_rating(ratings)
    rated = "" if average is None else str(average) + (
        t.paren(t("rated_players", n=len(ratings))) if len(ratings) < len(players) else "")
    lines = [
        detail_line(t("system"), t.system(section.system, system_of(section).titles)),
        detail_line(t.rounds, str(section.rounds_planned)),
        detail_line(t.players, str(len(players))),
        detail_line(t.federations, str(len(federations)) if federations else ""),
        detail_line(t.average_rating, rated),
    ]
    lines.append(detail_line(t("rules.line"), segments=pairing_rules(data)))
    lines += page_set_of(section).details(data)  # its system's own (a McMahon section's bar)
    names = tiebreak_names(data) if system_of(section).ranking.ranked else []  # a bracket places by rounds
    if names:
        lines.append(detail_line(t.tiebreaks, items=names))
        lines.append(detail_line(t("tiebreak_rules.line"), tiebreak_rules_text(data)))
    return [line for line in lines if line["value"] or line["list"] or line["segments"]]


def pairing_rules(data: SectionData) -> list[Segment]:
    """The rules the section is paired by, as FIDE C.04.2 has them announced: the article of the
    event's regulation (linked to its regulation page), else the published rules of its system
    (FIDE C.04.3, C.05 Annex 1 and their options); none for a system paired by hand."""
    t, event, section = data.labels, data.event, data.section
    preset = preset_for(event.regulation, event.game)
    if event.regulation and preset.article("pairing"):
        before, _, after = t("rules.regulation").partition("{article}")
        cited = article(event, preset.article("pairing"), preset.article("pairing_anchor"))
        return [seg for seg in (link(before, ""), cited, link(after, "")) if seg["text"]]
    system = system_of(section)
    keys = system.rules_keys(section) if isinstance(system, Announced) else ()
    return [link(t.list_sep.join(t(key) for key in keys), "")] if keys else []
