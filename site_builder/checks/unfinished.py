"""Warnings about content that is valid but probably unfinished; `bulletin build --strict` and
`bulletin check --strict` (for CI) fail on them, a normal build or check prints them."""

from __future__ import annotations

from pathlib import Path

from site_builder.draw_seed import HOW_TO_SET, SeedMissing, seed_due
from site_builder.errors import Location, Problem
from site_builder.model import Event, Outcome, Section, Site


def content_warnings(site: Site) -> list[Problem]:
    """Pending results in a round older than the section's latest round."""
    out = []
    for event in site.events:
        for section in event.sections:
            # a round file holding only requests (absences, byes asked for) is not paired yet
            latest = section.current_round - (1 if section.round_to_pair else 0)
            for rnd in section.rounds:
                if rnd.number < latest and rnd.pending:
                    first = next(g.loc for g in rnd.all_games if g.outcome is Outcome.PENDING)
                    out.append(Problem(first or rnd.loc or Location(rnd.source or Path("?")),
                                       f"round {rnd.number} of {section.name!r} still has {rnd.pending} "
                                       f"result(s) pending while round {latest} exists",
                                       "enter the missing results"))
    return sorted(out, key=lambda p: p.location)


def warnings_of(site: Site) -> list[Problem]:
    """Every warning of the content but the previews' (`results.previews`): what `bulletin build`
    and `bulletin check` print and `--strict` rejects, the same for both."""
    return content_warnings(site) + date_warnings(site) + stale_warnings(site) + seed_warnings(site)


def date_warnings(site: Site) -> list[Problem]:
    """Rounds dated outside their event's dates (a typed year or month). An event may leave its
    dates out (`bulletin new` writes them commented out rather than invent them)."""
    out = []
    for event in site.events:
        if event.start is None:
            continue
        end = event.end or event.start
        for section in event.sections:
            for rnd in section.rounds:
                if rnd.date is not None and not event.start <= rnd.date <= end:
                    out.append(Problem(rnd.date_loc or rnd.loc or Location(Path(event.slug)),
                                       f"round {rnd.number} of {section.name!r} is dated {rnd.date}, outside "
                                       f"the event's dates ({event.start} to {end})",
                                       "correct the round's date, or the event's 'dates:'"))
    return sorted(out, key=lambda p: p.location)


def stale_warnings(site: Site) -> list[Problem]:
    """Rounds paired from other results than the rounds before them now hold (a result corrected
    after the pairing): the pairing may not be the one the regulation gives any more."""
    from site_builder.pairing.paired_from import stale_rounds

    out = []
    for event in site.events:
        for section in event.sections:
            for rnd in stale_rounds(section):
                where = rnd.loc or Location(rnd.source or Path("?"))
                hint = ("pair it again with 'bulletin pair --replace' (its results are not in yet)"
                        if rnd.number == section.current_round and not rnd.has_results else
                        "it has been played: if the pairing stands, delete its 'paired_from' line")
                out.append(Problem(where, f"round {rnd.number} of {section.name!r} was paired from other "
                                          f"results than rounds 1–{rnd.number - 1} now hold (a result was "
                                          "changed after the pairing)", hint))
    return out


def seed_warnings(site: Site) -> list[Problem]:
    """What a build without an event's secret draw seed (docs/secrets.md) leaves out rather than
    guess: the provisional next round of a section whose pairing draws, and the sealed codes and the
    seed itself once they are due."""

    out = []
    for event in site.events:
        if not event.draw_seed_sha256 or event.draw_seed is not None:
            continue
        where = event.draw_seed_loc or Location(Path(event.slug))
        for section in event.sections:
            needed = _seed_needed(event, section)
            if needed:
                out.append(Problem(where, f"the next round of {section.name!r} is not previewed: "
                                          f"{needed} needs the secret draw seed, which is not set",
                                   HOW_TO_SET))
            if section.codes_sealed and section.current_round >= section.rounds_planned:
                out.append(Problem(where, f"the secret codes of {section.name!r} are due for publication "
                                          "(the last round is paired) but stay sealed without the draw seed",
                                   HOW_TO_SET))
        if seed_due(event):
            out.append(Problem(where, "the draw seed is due for publication (the last round of every "
                                      "section is paired) but is not set", HOW_TO_SET))
    return out


def _seed_needed(event: Event, section: Section) -> str:
    """The draw that keeps the next round of `section` from being paired without the seed, or ""."""
    from site_builder.engine.scoring import records
    from site_builder.pairing import PairingError
    from site_builder.systems import next_round, pending_reason

    if pending_reason(section):
        return ""
    try:
        next_round(section, records(section), None, event)
    except SeedMissing as missing:
        return missing.what
    except PairingError:
        return ""
    return ""
