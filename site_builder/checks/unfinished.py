"""Warnings about content that is valid but probably unfinished; `bulletin build --strict` and
`bulletin check --strict` (for CI) fail on them, a normal build or check prints them."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

from site_builder.content.rounds import listed_at
from site_builder.draw_seed import HOW_TO_SET, SeedMissing, seed_due
from site_builder.engine.league_event import stage_of
from site_builder.errors import Location, Problem
from site_builder.model import Event, Outcome, Round, Section, Site, chain_text
from site_builder.pairing.apart import meetings_kept_apart
from site_builder.pairing.paired_from import has_results
from site_builder.systems import options_difference
from site_builder.systems.base import where

if TYPE_CHECKING:
    from site_builder.pairing.paired_from import Change


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
                    out.append(Problem(first or where(rnd),
                                       f"round {rnd.number} of {section.name!r} still has {rnd.pending} "
                                       f"result(s) pending while round {latest} exists",
                                       "enter the missing results"))
    return sorted(out, key=lambda p: p.location)


def _located(site: Site) -> list[Problem]:
    """The warnings located in the content's files: pending results, dates, the arbiter's name."""
    return (content_warnings(site) + date_warnings(site) + arbiter_warnings(site) + tiebreak_warnings(site)
            + options_warnings(site) + apart_warnings(site) + full_bye_warnings(site))


def apart_warnings(site: Site) -> list[Problem]:
    """A game already played between two players the rules kept apart in its round: it stands (its
    result counts), and the build says so; one not yet played is an error (`checks._check_section`)."""
    return [Problem(game.loc or where(rnd),
                    f"{section.player(game.first).name!r} and {section.player(game.second).name!r} played "
                    f"in round {rnd.number} although kept apart ('forbidden:', 'keep_apart:'): the game "
                    "stands",
                    "nothing to do if the arbiter let them play; later rounds still keep them apart "
                    "unless the pair leaves 'keep_apart:'")
            for event in site.events for section in event.sections
            for rnd, game in meetings_kept_apart(section) if game.outcome is not Outcome.PENDING]


def full_bye_warnings(site: Site) -> list[Problem]:
    """A requested full-point bye in a section under FIDE's rules (`tiebreak_rules: fide`, chess's
    default), at the player's name in the round file's list: FIDE's endorsement checklist (VCL.05,
    VCL.17) has a program warn of it, not prevent it."""
    return [Problem(listed_at(rnd, ("full_bye", "full_byes"), index) or where(rnd),
                    f"{section.player(number).name!r} has a requested full-point bye in round "
                    f"{rnd.number}: FIDE's rules do not give one by default",
                    "nothing to do if the tournament's regulations allow it; else make it a half-point "
                    "bye ('half_byes:')")
            for event in site.events for section in event.sections if section.ranking.rules == "fide"
            for rnd in section.rounds for index, number in enumerate(rnd.full_byes)]


def tiebreak_warnings(site: Site) -> list[Problem]:
    """A section whose tiebreak chain is not the one its first round recorded when `bulletin pair`
    paired it (`tiebreaks:` of that round file): FIDE C.07 Art. 4.1 has the list published before
    the start, so a change after round 1 is said (and the TRF export records it)."""
    return [Problem(where(first), f"the tiebreaks of {section.name!r} changed after round 1 was "
                                            f"paired: '{first.provenance.tiebreaks}' then, '{now}' now",
                    "if the change stands, say it to the players (C.07 Art. 4.1 has the list published "
                    "before the start), or restore the chain in event.yaml")
            for section, first, now in _first_differing(site, _round_one_chain, _chain_now)]


def options_warnings(site: Site) -> list[Problem]:
    """A section with a round paired with other options than the section's now (`paired_with:` of
    its round file, which `bulletin pair` writes for a system whose options steer its pairing): the
    first such round, with the options then and now."""
    out = []
    for section, first, (was, is_) in _first_options_differing(site):
        out.append(Problem(where(first),
                           f"round {first.number} of {section.name!r} was paired with other options "
                           f"than the section's now: {was} then, {is_} now",
                           "restore the options in event.yaml (or, where players= differs, what the "
                           "players' list said of them), or re-pair the rounds not yet played "
                           "('bulletin pair --replace'); 'bulletin verify' re-pairs with today's"))
    return out


def _first_differing(site: Site, recorded: Callable[[Round], str],
                     now: Callable[[Section], str]) -> Iterator[tuple[Section, Round, str]]:
    """Each section of `site` with a round file whose record (`recorded`, "" where it records
    nothing) is not what the section says `now`: the section, the first such round, and the now."""
    for event in site.events:
        for section in event.sections:
            current = now(section)
            first = next((r for r in section.rounds if recorded(r) and recorded(r) != current), None)
            if first is not None:
                yield section, first, current


def _round_one_chain(rnd: Round) -> str:
    """The tiebreak chain round 1 recorded when it was paired ("" for another round)."""
    return rnd.provenance.tiebreaks if rnd.number == 1 else ""


def _chain_now(section: Section) -> str:
    """The section's tiebreak chain as a round file records it."""
    return chain_text(section.tiebreaks)


def _first_options_differing(site: Site) -> Iterator[tuple[Section, Round, tuple[str, str]]]:
    """Each section with a round paired with other options than the section's now: the first such
    round, and the options that differ then and now (`systems.options_difference`)."""
    for event in site.events:
        for section in event.sections:
            found = ((r, options_difference(section, r)) for r in section.rounds)
            first = next(((r, d) for r, d in found if d is not None), None)
            if first is not None:
                yield section, first[0], first[1]


def warnings_of(site: Site) -> list[Problem]:
    """Every warning of the content but the previews' (`results.previews`): what `bulletin build`
    and `bulletin check` print and `--strict` rejects, the same for both."""
    located = sorted(_located(site), key=lambda p: p.location)
    return located + stale_warnings(site) + seed_warnings(site)


#: One event's warnings by kind: located in its files (pending results, dates), stale rounds, seeds
#: (`warnings_of`), those of its results: previews (`results.previews.event_previews`) and shared
#: prize places (`results.prize_ties.event_prize_ties`).
EventWarnings = tuple[tuple[Problem, ...], tuple[Problem, ...], tuple[Problem, ...], tuple[Problem, ...]]


def event_warnings(site: Site, event: Event) -> EventWarnings:
    """The warnings of one event of `site` by kind, without its previews."""
    alone = dataclasses.replace(site, events=(event,))
    return tuple(_located(alone)), tuple(stale_warnings(alone)), tuple(seed_warnings(alone)), ()


def merged(events: list[EventWarnings], previews: bool = True) -> list[Problem]:
    """The warnings of events in the site's order, as `warnings_of` and then the previews' warnings
    (unless not `previews`) of the whole site list them."""
    return [*sorted((p for w in events for p in w[0]), key=lambda p: p.location),
            *(p for kind in ((1, 2, 3) if previews else (1, 2)) for w in events for p in w[kind])]


def date_warnings(site: Site) -> list[Problem]:
    """Rounds dated outside their event's dates (a typed year or month); an event with results but
    no dates; played rounds without a date in an event of several days (the pages and the feed date
    a round by its file). An event may leave its dates out until it starts (`bulletin new` writes
    them commented out rather than invent them)."""
    out = []
    for event in site.events:
        played = [(s, [r for r in s.rounds if _played(s, r) and not r.is_request]) for s in event.sections]
        if event.dates.start is None:
            if any(rounds for _, rounds in played):
                out.append(Problem(event.files.locs.get("event.yaml", Location(Path(event.slug))),
                                   "the event has results but no dates",
                                   "add 'dates: [first day, last day]' to event.yaml"))
            continue
        end = event.dates.end or event.dates.start
        for section, rounds in played:
            undated = [r.number for r in rounds if r.date is None]
            if undated and end != event.dates.start:
                first = next(r for r in rounds if r.date is None)
                out.append(Problem(first.origin.loc or Location(first.origin.source or Path(event.slug)),
                                   f"{rounds_text(undated)} of {section.name!r} "
                                   f"{'have' if len(undated) > 1 else 'has'} results but no date",
                                   f"add 'date: YYYY-MM-DD' (from {event.dates.start} to {end}) to each "
                                   "round file"))
            for rnd in section.rounds:
                if rnd.date is not None and not event.dates.start <= rnd.date <= end:
                    out.append(Problem(rnd.origin.date_loc or rnd.origin.loc or Location(Path(event.slug)),
                                       f"round {rnd.number} of {section.name!r} is dated {rnd.date}, outside "
                                       f"the event's dates ({event.dates.start} to {end})",
                                       "correct the round's date, or the event's 'dates:'"))
    return sorted(out, key=lambda p: p.location)


def _played(section: Section, rnd: Round) -> bool:
    """Whether round `rnd` has results, so a date (`date_warnings`) and no pairing again: a game
    decided otherwise than by the forfeit `bulletin pair` wrote for a player withdrawn before it
    (`pairing.paired_from.has_results`), or, a round without games, a bye."""
    return has_results(section, rnd)


def rounds_text(numbers: list[int]) -> str:
    """"round 3", "rounds 1–5", "rounds 1, 3, 4".

    >>> rounds_text([3]), rounds_text([1, 2, 3, 4, 5]), rounds_text([1, 3, 4])
    ('round 3', 'rounds 1–5', 'rounds 1, 3, 4')
    """
    if len(numbers) == 1:
        return f"round {numbers[0]}"
    if numbers == list(range(numbers[0], numbers[-1] + 1)):
        return f"rounds {numbers[0]}–{numbers[-1]}"
    return "rounds " + ", ".join(map(str, numbers))


#: What an unfilled form or a template puts where the chief arbiter's name goes, case-folded.
PLACEHOLDER_NAMES = frozenset({"裁判长", "总裁判长", "主裁判", "裁判", "審判長", "chief arbiter", "arbiter",
                               "name", "tbd", "tba", "n.n.", "nn", "?", "-", "—", "xxx", "某某"})


def arbiter_warnings(site: Site) -> list[Problem]:
    """A chief arbiter named by a title or a placeholder ("裁判长", "TBD"): certificates and the
    event page would print it as a name."""
    out = []
    for event in site.events:
        names = [event.chief_arbiter,
                 *(t.get("chief_arbiter", "") for t in event.translations.texts.values())]
        placeholder = next((n for n in names if n.strip().casefold() in PLACEHOLDER_NAMES), None)
        if placeholder is not None:
            out.append(Problem(event.files.locs.get("chief_arbiter", Location(Path(event.slug))),
                               f"the chief arbiter's name is {placeholder!r}, a title or placeholder, "
                               "not a name", "give the chief arbiter's name, or remove 'chief_arbiter:'"))
    return out


def stale_warnings(site: Site) -> list[Problem]:
    """Rounds paired from other rounds than the round files before them now hold (a pairing changed
    or a result corrected after the pairing, as its `paired_from:` tells): the played ones in one
    warning per section, whose hint keeps them as played in one command; a round not played yet is
    paired again. A result merely blanked to `?` is the pending-result warning's, not this one's."""
    from site_builder.systems import change_before, stale_rounds

    out = []
    for event in site.events:
        for section in event.sections:
            first_pending = min((r.number for r in section.rounds if r.pending), default=None)
            stale = [r for r in stale_rounds(section) if first_pending is None or r.number <= first_pending]
            played = [r for r in stale if _played(section, r)]
            options = _section_options(event, section, site)
            if played:
                first, last = played[0].number, played[-1].number
                span = str(first) if first == last else f"{first}..{last}"
                out.append(Problem(where(played[0]),
                                   _stale_text(event, section, played, change_before(section, played[0])),
                                   f"if the games stand as played, run 'bulletin pair --accept "
                                   f"{span}{options}' (each round file then says so)"))
            for rnd in (r for r in stale if not _played(section, r)):
                out.append(Problem(where(rnd),
                                   _stale_text(event, section, [rnd], change_before(section, rnd)) + ", and "
                                   f"round {rnd.number} is not played yet",
                                   f"pair it again: 'bulletin pair --replace{options}'"))
    return out


def _stale_text(event: Event, section: Section, stale: list[Round], change: Change) -> str:
    """Which rounds were paired from other rounds than the files now hold, and what changed in which:
    "rounds 5–7 of 'Open' were paired from another pairing of round 4 than its file now holds (…)";
    of several rounds that may have changed, none is said to have changed (`Change`)."""
    first, last = stale[0].number, stale[-1].number
    these = f"round {first}" if first == last else f"rounds {first}–{last}"
    if change.what == "qualifiers":
        return f"{these} of {section.name!r} {'was' if first == last else 'were'} paired from " + \
            _qualifiers_text(event, section, stale[0])
    one = change.first == change.last
    before = f"round {change.last}" if one else f"rounds {change.first}–{change.last}"
    files = "its file now holds" if one else "their files now hold"
    what = {"pairing": f"another pairing of {before} than {files} ("
                       + (f"the pairing of {before} was" if one else f"a pairing of {before} was")
                       + " changed after pairing)",
            "field": f"another field of {before} than {files} (a withdrawal was added to {before} "
                     "after pairing)",
            "unwithdrawn": f"another field of {before} than {files} (a withdrawal was removed from "
                           f"{before} after pairing)",
            "result": f"other results of {before} than {files} (a result was corrected after pairing)",
            "unknown": f"{before} as {'it was' if one else 'they were'} then, not as {files} (a pairing "
                       "or a result was changed after pairing)"}[change.what]
    return f"{these} of {section.name!r} {'was' if first == last else 'were'} paired from {what}"


def _qualifiers_text(event: Event, section: Section, first: Round) -> str:
    """What changed in who qualifies for `section` since its round `first` was paired: "other
    qualifiers of 'Swiss' than its results now give (a result of stage 1 was corrected after
    pairing: 'Lee' now qualifies; 'Kim' no longer does)"."""
    from site_builder.checks.qualification import stage_before, stage_names
    from site_builder.pairing.paired_from import field_change

    now_in, now_out = field_change(section, first)
    who = "; ".join(filter(None, (_players_text(event, now_in, "now"),
                                  _players_text(event, now_out, "no longer"))))
    its = "its" if len(stage_before(event, section)) == 1 else "their"
    return (f"other qualifiers of {stage_names(event, section)} than {its} results now give (a result of "
            f"stage {stage_of(section).number - 1} was corrected after pairing: "
            f"{who or 'the same players qualify in another order'})")


def _players_text(event: Event, numbers: list[int], when: str) -> str:
    """The players `numbers` and whether they qualify `when` ("now"): "'Lee' now qualifies"."""
    if not numbers:
        return ""
    names = {p.number: repr(p.name) for p in event.players}
    return f"{', '.join(names[p] for p in numbers)} {when} {'qualify' if len(numbers) > 1 else 'qualifies'}"


def _section_options(event: Event, section: Section, site: Site) -> str:
    """The `--event`/`--section` options a command needs to name `section` on this site."""
    several_events = len(site.events) > 1
    return (f" --event {event.slug}" if several_events else "") + \
        (f" --section {section.id}" if several_events or len(event.sections) > 1 else "")


def seed_warnings(site: Site) -> list[Problem]:
    """What a build without an event's secret draw seed (docs/secrets.md) leaves out rather than
    guess: the provisional next round of a section whose pairing draws, and the sealed codes and the
    seed itself once they are due."""

    out = []
    for event in site.events:
        if not event.draw.sha256 or event.draw.seed is not None:
            continue
        where = event.draw.loc or Location(Path(event.slug))
        for section in event.sections:
            needed = _seed_needed(event, section)
            if needed:
                out.append(Problem(where, f"the next round of {section.name!r} is not previewed: "
                                          f"{needed} needs the secret draw seed, which is not set",
                                   HOW_TO_SET))
            if section.codes.sealed and section.current_round >= section.rounds_planned:
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
