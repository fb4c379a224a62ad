"""`bulletin verify`: every round paired again from the rounds before it, with the draw seed, and
compared with the round as published; the secret codes opened and drawn again. One line per draw,
so that anyone with a clone of the repository and the seed (published once the last round is
paired) can check that no lot was drawn twice and no pairing was changed by hand without saying so.

A round that differs names the criterion of the system's rules that tells the two pairings apart
(`Criteria.criterion`); the standings an imported TRF file gives (its points and rank columns) are
ranked again with the section's tie-breaks and compared. A TRF file itself is checked by
`site_builder.tournament.check`, which reads it as `bulletin import trf` does.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from typing import Protocol, runtime_checkable

from site_builder.checks import load_checked
from site_builder.checks.qualification import stage_names
from site_builder.content.codes import codes_text
from site_builder.draw_seed import SIV_PREFIX, SeedMissing
from site_builder.engine.fide_tiebreaks import criteria_for
from site_builder.engine.go_section import komi_of
from site_builder.engine.scoring import Records, records
from site_builder.engine.standings import Row, Standings
from site_builder.engine.teams import TeamRow
from site_builder.engine.tiebreaks import Value
from site_builder.languages import catalogue
from site_builder.model import Event, Language, Round, Section, Site, Tiebreak
from site_builder.pairing import Pair, Pairing, PairingError
from site_builder.pairing.breach import Breach
from site_builder.pairing.compare import RoundDifference, Terms, unmatched
from site_builder.pairing.numbers import draw_codes
from site_builder.systems import (
    change_before,
    differs,
    options_difference,
    paired_again,
    reordered,
    round_breaches,
    section_standings,
    stale_rounds,
    still_kept,
    system_of,
    unpaired,
)
from site_builder.trf.team_records import team_ranks
from site_builder.trf.team_write import team_chain, team_chain_record, team_table
from site_builder.trf.tiebreaks import CHAIN_RECORDS
from site_builder.views import format as fmt
from site_builder.views.i18n import Labels


@dataclass(frozen=True)
class Verdict:
    """One draw (or, with `standings`, one table of places) checked: where, whether it is the one the
    seed (or the tie-breaks) give, and what was found. Three answers: it agrees (`agrees`; with
    `reordered`, the same games on other boards), it differs, or it cannot be checked (`checked`
    false: no seed, no chain; with `kept`, a round the arbiter kept as played after a correction
    before it; with `by_hand`, a section paired by hand, where nothing is drawn), which is no
    difference."""

    where: str
    agrees: bool
    text: str
    standings: bool = False
    checked: bool = True
    reordered: bool = False
    by_rules: bool = False  # checked criterion by criterion by its system's own checker (`RuleChecked`)
    kept: bool = False  # kept as played after a correction before it (`pair --accept`): not drawn again
    by_hand: bool = False  # a section paired by hand: nothing drawn, no draw counted

    @property
    def differs(self) -> bool:
        """A difference found (not merely a draw that could not be checked)."""
        return self.checked and not self.agrees

    def __str__(self) -> str:
        mark = "--  " if not self.checked else "DIFF" if not self.agrees else \
            "ok ~" if self.reordered else "ok  "
        return f"{mark}  {self.where}: {self.text}"


def verify(content: Path, round_number: int | None = None,
           trf: bool = False) -> tuple[list[Verdict], Language]:
    """Every paired round and every set of secret codes of the site under `content`, checked, each
    said in its event's language, and the standings a TRF file gave it (`_standings`); and the
    language of the summary (`summary`): the site's where `site.yaml` states one (as the loaded
    content says: `Site.language_stated`), else the events' (`_events_language`). With
    `round_number`, only that round of each section. `trf`: the content was read from a TRF file
    (`check.verify_trf`), whose trail says what a round file's `proposed:` says (`_words`)."""
    site = load_checked(content)
    language = site.language if site.language_stated else _events_language(site)
    if round_number is not None:
        return [verdict for event in site.events for section in event.sections
                for verdict in _section(event, section, round_number, trf)], language
    return [verdict for event in site.events for section in event.sections
            for verdict in (*_section(event, section, trf=trf), *_standings(event, section))], language


def _events_language(site: Site) -> Language:
    """The summary's language where no `site.yaml` states one: the events', which their lines are
    said in, when they share one; else English."""
    languages = {event.language for event in site.events}
    return languages.pop() if len(languages) == 1 else "en"


def summary(verdicts: list[Verdict], language: Language) -> str:
    """The last line: how many draws agree, and how many do not (a system with its own checker: how
    many rounds keep every criterion), how many sections are paired by hand (nothing to check); then
    the standings checked, and those that could not be."""
    words = catalogue(language).labels
    draws = [v for v in verdicts if not v.standings and not v.by_rules and not v.by_hand]
    ruled = [v for v in verdicts if v.by_rules]
    by_hand = sum(v.by_hand for v in verdicts)
    tables = _tables(verdicts)
    unchecked = sum(v.standings and not v.checked for v in verdicts)
    parts = [_draws(draws, words)] if draws or not (ruled or by_hand) else []
    if ruled:
        broken = sum(v.differs for v in ruled)
        kept = sum(v.kept for v in ruled)
        parts.append(words["verify.summary_rules"].format(agree=len(ruled) - broken - kept, total=len(ruled))
                     + (words["verify.summary_not"].format(n=broken) if broken else "")
                     + (words["verify.summary_kept"].format(n=kept) if kept else ""))
    if by_hand:
        parts.append(catalogue(language).plural("verify.summary_by_hand", by_hand).format(n=by_hand))
    text = words["verify.summary_and"].join(parts)
    if tables:
        text += words["verify.summary_standings"].format(
            agree=sum(tables.values()), total=len(tables))
    return text + (words["verify.summary_unchecked"].format(n=unchecked) if unchecked else "")


def _draws(draws: list[Verdict], words: Mapping[str, str]) -> str:
    """How many draws are the ones the rules and the seed give, how many on other boards, how many
    not, how many were kept as played after a correction, and how many cannot be checked otherwise."""
    differ = sum(v.differs for v in draws)
    kept = sum(v.kept for v in draws)
    cannot = sum(not v.checked for v in draws) - kept
    reordered = sum(v.reordered for v in draws)
    return words["verify.summary"].format(agree=len(draws) - differ - kept - cannot, total=len(draws)) + (
        words["verify.summary_reordered"].format(n=reordered) if reordered else "") + (
        words["verify.summary_not"].format(n=differ) if differ else "") + (
        words["verify.summary_kept"].format(n=kept) if kept else "") + (
        words["verify.summary_cannot"].format(n=cannot) if cannot else "")


def _tables(verdicts: list[Verdict]) -> dict[str, bool]:
    """Each table of places checked (one or more verdicts, by where), and whether it agrees."""
    tables: dict[str, bool] = {}
    for v in verdicts:
        if v.standings and v.checked:
            tables[v.where] = tables.get(v.where, True) and v.agrees
    return tables


def _section(event: Event, section: Section, only: int | None = None, trf: bool = False) -> Iterator[Verdict]:
    """The section's codes and each of its paired rounds checked (`only`: that round alone; `trf`: read
    from a TRF file)."""
    words = _words(event.language, trf)
    where = f"{event.slug}/{section.id}"
    if only is None and (section.codes.sealed or section.codes.by_player):
        yield _codes(event, section, f"{where} {words['verify.codes']}", words)
    if not system_of(section).pairing.automatic:
        if section.rounds:
            yield Verdict(where, False, words["verify.by_hand"].format(system=section.system), checked=False,
                          by_hand=True)
        return
    stale = {r.number: _stale(event, section, r, words) for r in stale_rounds(section)}
    for index, rnd in enumerate(section.rounds):
        if rnd.is_request or only not in (None, rnd.number):
            continue
        note = stale.get(rnd.number, "") or (words["verify.accepted"] if _kept(section, rnd) else "")
        why = stale.get(rnd.number, "") + (
            words["verify.other_options"] if options_difference(section, rnd) else "") + _recorded(rnd, words)
        yield _round(event, section, index, rnd, f"{where} {words['verify.round'].format(n=rnd.number)}",
                     (note, why), words)


#: The words that point at a round file's `proposed:`, and those said instead of them of a TRF file,
#: which has no round files: its trail's `### bulletin: round N proposed …` line (`trf.trail`).
_TRF_WORDS = {"verify.recorded": "verify.recorded_trf", "verify.kept_recorded": "verify.kept_recorded_trf"}


def _words(language: Language, trf: bool) -> Mapping[str, str]:
    """The catalogue's words for `language`; for a TRF file (`trf`), those of `_TRF_WORDS` in place."""
    labels = catalogue(language).labels
    return {**labels, **{key: labels[instead] for key, instead in _TRF_WORDS.items()}} if trf else labels


def _recorded(rnd: Round, words: Mapping[str, str]) -> str:
    """What a line adds of a round changed by hand whose engine's pairing is recorded (`pair --record`:
    the round file's `proposed:`); nothing for `pair --accept`'s own `proposed:`, which is no hand edit."""
    recorded = rnd.provenance.proposed is not None and not rnd.provenance.accepted_from
    return words["verify.recorded"].format(n=rnd.number) if recorded else ""


def _kept(section: Section, rnd: Round) -> bool:
    """Whether the arbiter kept `rnd` as played (`pair --accept`) with the rounds before it as they stand
    now: paired from results the files no longer hold, it cannot be drawn again."""
    return still_kept(section, rnd)


def _stale(event: Event, section: Section, rnd: Round, words: Mapping[str, str]) -> str:
    """Why a stale round differs: what changed in which rounds before it since it was paired (or who
    qualifies for its section from the stage before)."""
    change = change_before(section, rnd)
    if change.what == "qualifiers":
        return words["verify.stale_qualifiers"].format(sections=stage_names(event, section))
    rounds = words["verify.round"].format(n=change.last) if change.first == change.last else \
        words["verify.rounds"].format(first=change.first, last=change.last)
    keys = {"pairing": "verify.stale_pairing", "result": "verify.stale_result", "field": "verify.stale_field",
            "unwithdrawn": "verify.stale_unwithdrawn"}
    return words[keys.get(change.what, "verify.stale")].format(rounds=rounds)


def _round(event: Event, section: Section, index: int, rnd: Round, where: str, notes: tuple[str, str],
           words: Mapping[str, str]) -> Verdict:
    """Round `rnd` paired again from the rounds before it and the requests it states. `notes`: what
    any line of it says (it is stale, or kept as played after a correction), and why a difference may
    come about (what changed before it since it was paired, other options, a change by hand). A round
    kept as played (`_kept`) that the engine now pairs otherwise cannot be checked; a system with its
    own checker (`RuleChecked`) has the round checked rule by rule instead."""
    note, why = notes
    if isinstance(system_of(section), RuleChecked):
        return _rules(section, index, rnd, (where, note), words, event.language)
    try:
        pairing = paired_again(section, index, event)
    except SeedMissing:
        return Verdict(where, False, words["verify.no_seed"], checked=False)
    except PairingError as error:
        return Verdict(where, False, words["verify.unpairable"].format(error=error))
    difference = differs(section, rnd, pairing, numbered=not event.trf)  # a TRF file numbers no boards
    if not difference.differs:
        return Verdict(where, True, words["verify.agrees"].format(note=note))
    if reordered(section, rnd, pairing):  # the same games, on other boards
        return Verdict(where, True, words["verify.reordered"].format(
            same_games=words["verify.same_games"], note=note,
            difference=_difference(section, difference, words)), reordered=True)
    changed = _changed(section, rnd, pairing, (difference, not event.trf), words)
    if _kept(section, rnd):
        return _kept_verdict(where, rnd, changed, words)
    return Verdict(where, False, words["verify.differs"].format(why=why, difference=changed)
                   + _criterion(unpaired(section, index), rnd, pairing, words))


def _kept_verdict(where: str, rnd: Round, difference: str, words: Mapping[str, str],
                  by_rules: bool = False) -> Verdict:
    """A round kept as played after a correction (`_kept`) that the rounds before it, as they stand,
    pair otherwise (`difference`, in words): not checked, and no difference."""
    proposed = rnd.provenance.proposed is not None
    recorded = words["verify.kept_recorded"].format(n=rnd.number) if proposed else ""
    return Verdict(where, False, words["verify.kept"].format(difference=difference) + recorded,
                   checked=False, kept=True, by_rules=by_rules)


@runtime_checkable
class RuleChecked(Protocol):
    """A system with its own checker: each round's published pairing evaluated against the system's
    criteria one by one (not compared with a pairing of its engine)."""

    def breaches(self, before: Section, recs: Records, published: Pairing) -> list[Breach]:
        """The criteria `published` breaks, most important first (none: it keeps every rule);
        `before` is the section as the round was paired (`unpaired`), `recs` its records."""
        ...


def _rules(section: Section, index: int, rnd: Round, line: tuple[str, str], words: Mapping[str, str],
           language: Language) -> Verdict:
    """Round `rnd` checked against its system's criteria: each one it breaks, named with its article;
    `line` is where the line is about and what it says of the round whatever is found (`_round`)."""
    where, note = line
    system = system_of(section)
    assert isinstance(system, RuleChecked)
    found = round_breaches(section, index, system.breaches)
    if not found:
        return Verdict(where, True, words["verify.rules_hold"] + note, by_rules=True)
    said = "; ".join(_breach(section, breach, words, language) for breach in found)
    if _kept(section, rnd):
        return _kept_verdict(where, rnd, said, words, by_rules=True)
    return Verdict(where, False, said + note + _recorded(rnd, words), by_rules=True)


def _breach(section: Section, breach: Breach, words: Mapping[str, str], language: Language) -> str:
    """A criterion broken, in words: `C1 (C.04.4.1 art. 2.2) broken: A and B have met before`."""
    names = {chr(ord("a") + i): section.player(number).name for i, number in enumerate(breach.players)}
    what = catalogue(language).formatted(breach.message, {**names, **dict(breach.values)})
    return words["verify.breach"].format(criterion=breach.criterion, article=breach.article, what=what)


@runtime_checkable
class Criteria(Protocol):
    """A system whose rules `verify` reads far enough to name the criterion that tells a published
    pairing of a round from its engine's (the Dutch system's)."""

    def criterion(self, section: Section, recs: Records, published: Pairing, engine: Pairing
                  ) -> tuple[str, str] | None:
        """The criterion of its rules that tells `published` from `engine`, and which of the two
        ("published" or "engine") is worse on it; None when none does."""
        ...


def _criterion(before: Section, rnd: Round, pairing: Pairing, words: Mapping[str, str]) -> str:
    """The criterion of the system's rules on which the published pairing is worse (or better: then
    the engine may be the one that is wrong), where the system says."""
    published = Pairing(rnd.number, tuple(Pair(g.board, g.first, g.second) for g in rnd.games), rnd.byes)
    system = system_of(before)
    found = system.criterion(before, records(before), published, pairing) \
        if isinstance(system, Criteria) else None
    if found is None:
        return ""
    code, worse = found
    return words["verify.worse" if worse == "published" else "verify.better"].format(
        criterion=words[f"verify.criterion.{code}"])


def _standings(event: Event, section: Section) -> Iterator[Verdict]:
    """The standings a TRF file gives (its points and rank columns after its last round), ranked
    again with the section's tie-breaks: each player whose points differ, else each player placed
    otherwise, with the player placed there instead and the tie-break that decides between them
    (both values). A file that names no chain (TRF16 has no 202 record) has its points checked,
    its places not, unless `event.yaml` states the chain (`tiebreaks:`): nothing else says which
    chain placed them."""
    kept = event.trf.get("ranks"), event.trf.get("points"), event.trf.get("after_round")
    if section.teams:  # the team standings: a team file's player lines rank by no chain it states
        yield from _team_standings(event, section)
        return
    if not system_of(section).ranking.ranked or not kept[0] or kept[2] != section.current_round:
        return
    words = catalogue(event.language).labels
    where = f"{event.slug}/{section.id} {words['verify.standings'].format(n=section.current_round)}"
    recs = records(section)
    table = section_standings(section, recs, recs.rounds, event.draw.seed)
    numbers = sorted(p.number for p in section.players)
    ranks = dict(zip(numbers, kept[0], strict=False))
    points = dict(zip(numbers, kept[1] or (), strict=False))
    wrong = list(_wrong_points(section, recs, numbers, points, words))
    if wrong:
        yield from (Verdict(where, False, text, standings=True) for text in wrong)
        return
    stated = "tiebreaks" in event.files.locs  # event.yaml's own chain: the arbiter's word for the file's
    if not stated and not any(record[:3] in CHAIN_RECORDS for record in event.trf.get("records") or ()):
        yield Verdict(where, True, words["verify.no_chain"], standings=True, checked=False)
        return
    placed = [text for row in table.rows if (text := _wrong_place(section, recs, table, row, ranks, event))]
    if placed:
        yield from (Verdict(where, False, text, standings=True) for text in placed)
        return
    ranked = {row.player for row in table.rows}
    missing = [n for n in numbers if n in ranked and ranks.get(n) is None]
    labels = Labels(event.language)
    yield Verdict(where, not missing, words["verify.standings_agree"].format(
        tiebreaks=", ".join(_name(section, labels, t) for t in table.tiebreaks) or words["verify.nobody"]),
        standings=True)


def _wrong_points(section: Section, recs: Records, numbers: list[int], points: Mapping[int, object],
                  words: Mapping[str, str]) -> Iterator[str]:
    """Each player whose points column differs from the points the results give, in words."""
    for number in numbers:
        total = Fraction(recs.total(number, recs.rounds), recs.scale)
        given = _fraction(str(points.get(number) or ""))
        if given is not None and given != total:
            yield words["verify.points"].format(player=section.player(number).name, shown=fmt.points(given),
                                                expected=fmt.points(total))


def _wrong_place(section: Section, recs: Records, table: Standings, row: Row, ranks: Mapping[int, object],
                 event: Event) -> str:
    """The player of `row` placed otherwise in the file, in words: the place shown and the place
    the tie-breaks give, and what puts the player placed there instead and this one in their
    order (`_decided_by`); "" when the file places the player as the tie-breaks do."""
    shown = ranks.get(row.player)
    if shown is None or row.place <= int(str(shown)) <= row.last_place:
        return ""
    other = next((r for r in table.rows if r.place <= int(str(shown)) <= r.last_place), row)
    words = catalogue(event.language).labels
    return words["verify.rank"].format(
        player=section.player(row.player).name, shown=shown, expected=row.place,
        decided=_decided_by(section, recs, table.tiebreaks, row, other, event.language))


def _team_standings(event: Event, section: Section) -> Iterator[Verdict]:
    """The team places a TRF team file gives (its 310 records' rank column), against the team
    standings by the primary score and the section's team tiebreaks: each team placed otherwise, with
    the team placed there instead and the first column of the ranking that tells them apart."""
    ranks = team_ranks(event.trf.get("records") or ())
    if not ranks or event.trf.get("after_round") != section.current_round:
        return
    words = catalogue(event.language).labels
    where = f"{event.slug}/{section.id} {words['verify.standings'].format(n=section.current_round)}"
    table = {row.team: row for row in team_table(event, section)}
    placed = sorted(section.teams, key=lambda t: table[t.number].place if t.number in table else 0)
    wrong = [text for team in placed
             if (text := _wrong_team_place(event, section, team.number, ranks.get(team.number), table))]
    if wrong:
        yield from (Verdict(where, False, text, standings=True) for text in wrong)
        return
    chain = team_chain_record(event, section)[4:] or words["verify.nobody"]
    yield Verdict(where, True, words["verify.team_standings_agree"].format(tiebreaks=chain), standings=True)


def _wrong_team_place(event: Event, section: Section, team: int, shown: int | None,
                      table: Mapping[int, TeamRow]) -> str:
    """Team `team` placed `shown` in the file where the standings (`table`, by team) place it
    otherwise, in words, with what puts the team placed there instead and this one in their order
    (`_team_decided_by`); "" when the file places it as the standings do (or shows no place)."""
    row = table.get(team)
    expected = row.place if row is not None else None
    if shown is None or shown == expected:
        return ""
    other = next((r for r in table.values() if r.place == shown), None)
    labels = Labels(event.language)
    decided = _team_decided_by(event, section, row, other, labels) if row and other else ""
    return labels("verify.team_rank", team=section.teams_by_number[team].name, shown=shown,
                  expected=expected) + (labels.paren(decided) if decided else "")


def _team_decided_by(event: Event, section: Section, row: TeamRow, other: TeamRow, labels: Labels) -> str:
    """The first column of the team ranking on which `row` and `other` differ, with both values
    (`decided by GP: 13.5 against 12.5 of Team 09`); with every column equal, the team numbers."""
    name, scale = section.teams_by_number[other.team].name, records(section).scale
    mine_columns, their_columns = (_team_columns(event, section, r, scale) for r in (row, other))
    for (label, mine, shown), (_, theirs, their_shown) in zip(mine_columns, their_columns, strict=True):
        if mine != theirs:
            return labels("verify.decided_against", tiebreak=label, mine=shown, theirs=their_shown,
                          other=name)
    return labels("verify.team_decided_number")


def _team_columns(event: Event, section: Section, row: TeamRow, scale: int) -> list[tuple[str, object, str]]:
    """The columns that rank a team, in order, each as its heading, its value and the value as the
    standings show it (`scale`: the game points' units to a point): fide-team's primary score and
    team tiebreaks (`team_chain`), else seed 001 二's match points, cumulative, game points, second
    player's game points and games."""
    labels = Labels(event.language)
    mp = (labels.match_points, row.match_points, fmt.points(Fraction(row.match_points, 2)))
    gp = (labels.game_points, row.game_points, fmt.points(Fraction(row.game_points, scale), whole=scale == 1))
    ranked_by = team_chain(event, section)
    if ranked_by is None:
        return [mp, (labels.team_cumulative, row.cumulative, fmt.points(Fraction(row.cumulative, 2))), gp,
                (labels.second_points_team, row.second_points,
                 fmt.points(Fraction(row.second_points, scale), whole=scale == 1)),
                (labels.second_games_team, row.second_games, str(row.second_games))]
    primary, chain = ranked_by
    return [mp if primary == "M" else gp, *((tb.name, value, _team_value(value))
                                            for tb, value in zip(chain, row.values, strict=True))]


def _team_value(value: Value | None) -> str:
    """A team tiebreak's value as the standings show it: points, a DE score per subgroup, – without."""
    if isinstance(value, tuple):
        return "/".join(map(_team_value, value))
    return "–" if value is None else fmt.points(Fraction(value))


def _name(section: Section, labels: Labels, tiebreak: Tiebreak) -> str:
    """A tie-break's short name, as the standings' column heading says it (`BH-C1`)."""
    fide = section.ranking.rules == "fide"
    return (labels.fide_tiebreak(tiebreak) if fide else labels.tiebreak(tiebreak.id))[0]


def _decided_by(section: Section, recs: Records, tiebreaks: tuple[Tiebreak, ...], row: Row, other: Row,
                language: Language) -> str:
    """What puts `row` and `other` in their order: their points, or the first tie-break on which they
    differ (its values as the standings show them)."""
    labels = Labels(language)
    if row.points != other.points:
        return labels("verify.decided_points")
    criteria = criteria_for(section)
    for tiebreak, mine, theirs in zip(tiebreaks, row.values, other.values, strict=False):
        if mine != theirs:
            power = criteria[tiebreak.id].power
            return labels("verify.decided_against", tiebreak=_name(section, labels, tiebreak),
                          mine=_shown(recs, mine, power), theirs=_shown(recs, theirs, power),
                          other=section.player(other.player).name)
    return labels("verify.decided_lot")


def _shown(recs: Records, value: object, power: int) -> str:
    """A tie-break's value as the standings show it: points in the section's notation, a count as it is."""
    first = value[0] if isinstance(value, tuple) and value else value
    if isinstance(first, Fraction) and power:  # a mean (AOB): to its decimals
        mean = first / recs.scale ** power
        return format(Decimal(mean.numerator) / Decimal(mean.denominator), "f")
    if not isinstance(first, int) or power == 0:
        return "–" if first is None else str(first)
    return fmt.points(recs.points(first, power), whole=recs.scale == 1)


def _fraction(text: str) -> Fraction | None:
    try:
        return Fraction(text) if text.strip() else None
    except ValueError:
        return None


def _codes(event: Event, section: Section, where: str, words: Mapping[str, str]) -> Verdict:
    """The secret codes: opened with the seed (`codes` of a loaded section), drawn again, and
    `codes.yaml` written again from them, byte for byte."""
    if event.draw.seed is None:
        return Verdict(where, False, words["verify.codes_no_seed"], checked=False)
    if not section.codes.by_player:
        return Verdict(where, False, words["verify.codes_other_seed"])
    drawn = draw_codes(section, event.draw.seed)
    if dict(section.codes.by_player) != drawn:
        return Verdict(where, False, words["verify.codes_differ"])
    assert section.files.directory is not None
    published = (section.files.directory / "codes.yaml").read_text(encoding="utf-8")
    if published == codes_text(section, drawn, event.draw.seed, section.codes.sealed):
        return Verdict(where, True, words["verify.codes_exact"].format(n=len(drawn)))
    older = section.codes.sealed and f"sealed: {SIV_PREFIX}" not in published
    return Verdict(where, True, words["verify.codes_older" if older else "verify.codes_edited"].format(
        n=len(drawn)))


def _changed(section: Section, rnd: Round, pairing: Pairing, found: tuple[RoundDifference, bool],
             words: Mapping[str, str]) -> str:
    """What makes round `rnd` another draw than the engine's `pairing`, in words; `found` is how the two
    differ and whether the round numbers its boards. A game on another board is no difference: with
    boards, the first board whose game is not the engine's and whose engine game is not played
    elsewhere (in go, or its terms); else (a TRF file has no boards, or the changed games moved too)
    the published pairs the draw has not and the draw's pairs not published. A bye that differs is
    named too, with its players."""
    difference, numbered = found
    published, drawn = unmatched(rnd, pairing, komi_of(section))
    board = next((d for d in difference.boards if d.same_pair or (
        (d.written is None or d.written in published) and (d.engine is None or d.engine in drawn))),
        None) if numbered else None
    parts = [_difference(section, RoundDifference(boards=(board,)), words)] if board else [
        words[key].format(games=_games(section, games, words))
        for key, games in (("verify.pairs_published", published), ("verify.pairs_drawn", drawn)) if games]
    if difference.byes is not None or not parts:
        parts.append(_difference(section, RoundDifference(byes=difference.byes, teams=difference.teams),
                                 words))
    return words["verify.parts_and"].join(parts)


def _games(section: Section, games: tuple[tuple[int, int], ...], words: Mapping[str, str]) -> str:
    """Games by their players' names, first player first: `Adams, Ann – Baker, Bob and …`."""
    return words["verify.games_and"].join(
        f"{section.player(first).name} – {section.player(second).name}" for first, second in games)


def _difference(section: Section, difference: RoundDifference, words: Mapping[str, str]) -> str:
    """The first difference, in words: a board (its game, or in go its handicap and komi), a bye or
    a team match."""
    def name(number: int) -> str:
        return section.player(number).name

    def game(players: tuple[int, int] | None) -> str:
        return f"{name(players[0])} – {name(players[1])}" if players else words["verify.no_game"]

    def terms(given: Terms | None) -> str:
        return (fmt.go_terms(given.handicap, given.komi, words["komi"]) or "H0") if given else ""

    for board in difference.boards:
        if board.same_pair:
            return words["verify.terms"].format(board=board.board, game=game(board.written),
                                                shown=terms(board.written_terms),
                                                expected=terms(board.engine_terms))
        return words["verify.board"].format(board=board.board, shown=game(board.written),
                                            expected=game(board.engine))
    if difference.byes is not None:
        shown, expected = difference.byes
        return words["verify.bye"].format(shown=", ".join(map(name, shown)) or words["verify.nobody"],
                                          expected=", ".join(map(name, expected)) or words["verify.nobody"])
    return words["verify.teams"]
