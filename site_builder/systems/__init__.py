"""The pairing systems: the one place a `system:` name is looked up.

Each module describes one system by a `System` (`base.py`), its whole vertical slice: its content
defaults (rematches, numbering, rounds computed from the entrants), its options and checks, its
results (standings and the extras it computes beyond them), the name of its page set (its pages,
templates and part of the exports, `site_builder.views.page_set`), its next round (pairing, the
provisional round of the site, the round file `bulletin pair` writes), what the cache must know
(`looks_ahead`) and how TRF names it. Adding a system is one module here, which this package finds by
itself (its `SYSTEM`, listed at its `PLACE`), and its title in the catalogues (docs/architecture.md,
"Extending").
"""

from __future__ import annotations

import dataclasses
import importlib
import pkgutil

from site_builder.engine.go_section import komi_of
from site_builder.engine.scoring import Records, records
from site_builder.engine.standings import Standings
from site_builder.engine.teams import field_of_round
from site_builder.model import Event, Round, Section, SystemName
from site_builder.pairing import Pairing, PairingError
from site_builder.pairing.apart import kept_apart
from site_builder.pairing.compare import RoundDifference, compare
from site_builder.systems.base import System, pairing_options


def system_modules() -> tuple[str, ...]:
    """The modules of this package that define a system (a module-level `SYSTEM`), by their `PLACE`."""
    placed = []
    for info in pkgutil.iter_modules(__path__):
        module = importlib.import_module(f"{__name__}.{info.name}")
        if isinstance(getattr(module, "SYSTEM", None), System):
            placed.append((module.PLACE, info.name))
    return tuple(name for _, name in sorted(placed))


#: Every system, by its `system:` name, in the order the documentation lists them: each module of this
#: package that defines `SYSTEM`, found by itself, in the order of its `PLACE`.
SYSTEMS: dict[SystemName, System] = {
    system.name: system
    for system in (importlib.import_module(f"{__name__}.{name}").SYSTEM for name in system_modules())}


def system_of(section: Section) -> System:
    return SYSTEMS[section.system]


def section_standings(section: Section, recs: Records, upto: int, draw_seed: int | None = None
                      ) -> Standings:
    """The standings of `section` after round `upto`, by its system."""
    return system_of(section).standings(section, recs, upto, draw_seed)


class ResultsPending(PairingError):
    """The next round cannot be paired: `round` still has results pending."""

    def __init__(self, reason: str, round_: Round) -> None:
        super().__init__(reason)
        self.round = round_


def _refusal(section: Section, force: bool) -> tuple[str, Round | None]:
    """Why the next round cannot be paired now ("" when it can), and the round whose results are
    pending when that is why (`force`: pair despite them)."""
    system = system_of(section)
    if not system.pairing.automatic:
        return (f"the {system.name} system is paired by hand (hint: write the round file, or choose a "
                "system that pairs, e.g. `system: dutch` for FIDE's Dutch rules)"), None
    if section.round_to_pair is None and section.current_round >= section.rounds_planned:
        return f"all {section.rounds_planned} rounds are paired", None
    waiting = None if force else next((r for r in section.rounds if r.pending), None)
    if waiting is not None:
        return f"round {waiting.number} has {waiting.pending} result(s) pending", waiting
    return "", None


def pending_reason(section: Section, force: bool = False) -> str:
    """Why the next round cannot be paired now, or "" when it can (`force`: despite results still
    pending in earlier rounds)."""
    return _refusal(section, force)[0]


def next_round(section: Section, recs: Records, draw_seed: int | None, event: Event | None = None,
               force: bool = False) -> Pairing:
    """Pairings of the next round (raises `PairingError`): the round file written before pairing when
    there is one, its absent players and requested byes left out, else the round after the last.

    `event` gives random draws across groups the other sections of a multi-stage event; `force`
    pairs despite results pending in earlier rounds."""
    reason, waiting = _refusal(section, force)
    if waiting is not None:
        raise ResultsPending(reason, waiting)
    if reason:
        raise PairingError(reason)
    system = system_of(section)
    requests = section.round_to_pair
    if requests is not None and requests.provenance.forbidden and not system.pairing.keeps_apart:
        raise PairingError(f"round {requests.number} lists pairs who must not meet, but the {system.name} "
                           "system's pairings follow from its own rules alone; remove 'forbidden:'")
    number = requests.number if requests is not None else section.current_round + 1
    if requests is None or system.pairing.pairs_requests:
        apart = kept_apart(section, number) if system.pairing.keeps_apart else frozenset()
        return system.pair(section, recs, draw_seed, event, apart=apart)
    asked = frozenset(requests.absent) | frozenset(requests.half_byes) | frozenset(requests.full_byes)
    if asked and not system.pairing.leaves_out:
        raise PairingError(f"round {requests.number} lists absences or requested byes, but the "
                           f"{system.name} system pairs every player; pair the round without them and "
                           "enter an absent player's game as a forfeit")
    apart = kept_apart(section, number)
    before = dataclasses.replace(section, rounds=section.rounds[:-1])
    return system.pair(before, records(before), draw_seed, event, left_out=asked, apart=apart)


def paired_again(section: Section, index: int, event: Event) -> Pairing:
    """Round `section.rounds[index]` as the engine pairs it from the rounds before it and the
    requests it states (raises `PairingError`, `SeedMissing`): what it proposed for that round."""
    before = unpaired(section, index)
    return next_round(before, records(before), event.draw.seed, event, force=True)


def unpaired(section: Section, index: int) -> Section:
    """The section as round `section.rounds[index]` is paired: the rounds before it, the round
    without its games and byes (its requests, absences and pairs kept apart, kept), and the players
    the round files show by then: a late entrant whose first round is a later one, or a player no
    round file names yet, was not in the field (`not_entered`); in a team section, the same of a
    team and its players (`engine.teams.field_of_round`)."""
    rnd = section.rounds[index].unpaired()
    later = not_entered(section, rnd.number)
    field = field_of_round(section, rnd.number)
    return dataclasses.replace(field, rounds=(*section.rounds[:index], rnd),
                               players=tuple(p for p in field.players if p.number not in later))


def not_entered(section: Section, number: int) -> set[int]:
    """The players not yet in the field of round `number`: a late entrant whose first round file is a
    later one, and a player of the list that no round file names (added for a round not written
    yet). A team section's players come with their teams: none."""
    if section.teams or not any(not r.is_request for r in section.rounds):
        return set()
    named = {p for r in section.rounds for p in (*r.entrants, *r.withdrawn)}
    return section.field_changes.entering_after(number) | {p.number for p in section.players} - named


def differs(section: Section, rnd: Round, pairing: Pairing, numbered: bool = True) -> RoundDifference:
    """How round `rnd` of `section` as written differs from the engine's `pairing` of it
    (`pairing.compare`: boards, players, colours, byes, team matches, and in go each game's handicap
    and komi); `.differs` whether it does. `numbered` false: where each game is played is left out."""
    return compare(rnd, pairing, komi_of(section), numbered)


def reordered(section: Section, rnd: Round, pairing: Pairing) -> bool:
    """Whether round `rnd` as written differs from the engine's `pairing` only in where its games are
    played: the same games, each with its colours (in go its terms), and the same byes, on other
    boards. A different order of boards is not a different draw (`bulletin verify`'s `ok ~`; the
    comment of the `proposed:` that `bulletin pair --record` and `--accept` write)."""
    return differs(section, rnd, pairing).differs \
        and not differs(section, rnd, pairing, numbered=False).differs


#: The options a round file records since a later version of the software (`players=`: what places
#: the players it names): a file written before holds none, and is not compared on them.
LATER_OPTIONS = frozenset({"players"})


def options_difference(section: Section, rnd: Round) -> tuple[str, str] | None:
    """How the options round `rnd` records it was paired with (`paired_with:`) differ from the
    section's now, for the players it names: the options that differ, as recorded then and as
    they are now ("mcmahon_bar=4d", "none"), or None where they do not (an option the file does
    not record that was recorded only later, `LATER_OPTIONS`, is not compared)."""
    if not rnd.provenance.paired_with:
        return None
    now = _options(pairing_options(system_of(section), section, frozenset(rnd.entrants)))
    was = _options(rnd.provenance.paired_with)
    now = {k: v for k, v in now.items() if k in was or k not in LATER_OPTIONS}
    if now == was:
        return None
    then = [f"{k}={v}" for k, v in sorted(was.items()) if now.get(k) != v]
    today = [f"{k}={v}" for k, v in sorted(now.items()) if was.get(k) != v]
    return ", ".join(then) or "none", ", ".join(today) or "none"


def _options(text: str) -> dict[str, str]:
    """"k=v, k=v" as a mapping."""
    return dict(part.partition("=")[::2] for part in text.split(", ") if part)

