"""A section as a TRF file (TRF16, or TRF-2026 with the records of the section's settings): the header
from the event (or the TRF records it keeps), one player line per player with the engine's points and
the standings' rank, one 10-column cell per round."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

from site_builder.engine.scoring import Entry, Kind, Records, Side, records
from site_builder.errors import ContentError, Location, Problem
from site_builder.games.registry import game_of
from site_builder.model import Event, Game, Section
from site_builder.systems import section_standings, system_of
from site_builder.trf.acceleration import decides_acceleration
from site_builder.trf.field_changes import PREFIX, comment_lines
from site_builder.trf.fit import player_values, unfit_player
from site_builder.trf.header2026 import TeamSettings, is_2026, kept_settings, settings_lines
from site_builder.trf.long_names import cut, name_lines, team_name_lines
from site_builder.trf.names import section_names, system_for_trf, trf_capability
from site_builder.trf.records import (
    PLAYER,
    ROUND_START,
    format_date,
    format_round_date,
    parse_date,
    player_line,
)
from site_builder.trf.scoring import in_proportion
from site_builder.trf.team_write import (
    is_team_record,
    team_chain_record,
    team_lines,
    team_settings,
)
from site_builder.trf.trail import trail_lines
from site_builder.views import format as fmt
from site_builder.views.table_csv import offers_csv


class ExportError(Exception):
    """A section TRF cannot hold (a knockout section, seed 001's team Swiss), or a version the kept
    records are not."""


VERSIONS = ("16", "2026")


_CODES = {Kind.WIN: "1", Kind.DRAW: "=", Kind.LOSS: "0", Kind.FORFEIT_WIN: "+", Kind.FORFEIT_LOSS: "-",
          Kind.DOUBLE_FORFEIT: "-", Kind.PENDING: ""}
_UNRATED = {"1": "W", "=": "D", "0": "L"}
_BYES = {Kind.BYE: "U", Kind.HALF_BYE: "H", Kind.FULL_BYE: "F", Kind.ABSENT: "Z"}


def results_files(event: Event, section: Section) -> str:
    """The site's files that hold the results of `section` (a section TRF cannot hold, whose refusal
    names them): event.json, the CSV files where its pages offer them, the rounds' PGN files where
    its game's records are PGN ("event.json and the round PGN files (rounds/NN.pgn)")."""
    files = ["event.json", *(["CSV files"] if offers_csv(section) else []),
             *(["the round PGN files (rounds/NN.pgn)"] if game_of(event.game).pgn else [])]
    return ", ".join(files[:-1]) + " and " + files[-1] if len(files) > 1 else files[0]


def export_trf(event: Event, section: Section, version: str = "") -> str:
    """The TRF text of `section` of `event`: in the version of the TRF file the event keeps the
    records of, else TRF16 or, with `version` "2026", TRF-2026. A team section is TRF-2026's only
    (its team records are): its player lines, then its 310 and 320 records (`team_write`). A value
    too wide for its field raises a `ContentError` located in the content (`trf/fit.py`)."""
    if trf_capability(system_of(section)) is None:
        raise ExportError(f"{system_at(event, section)}: section {section.id!r} is a {section.system} "
                          "section; TRF holds individual games, one per round, or the matches of FIDE's team "
                          f"Swiss (fide-team) (hint: the site's {results_files(event, section)} hold the "
                          "section's results)")
    kept = tuple(r for r in event.trf.get("records") or () if not r.startswith(PREFIX))
    own = "2026" if is_2026(kept) else "16"
    if kept and version and version != own:
        raise ExportError(f"the event keeps the records of a TRF{'-' if own == '2026' else ''}{own} file "
                          f"('trf:' in event.yaml), which the export writes back in its own version")
    team = TeamSettings(team_settings(section), team_chain_record(event, section)) if section.teams else None
    if team is not None and (own if kept else version or "2026") != "2026":
        raise ExportError(f"section {section.id!r} is a team section: its team records (310, 320) are "
                          "TRF-2026's; write it with --format trf2026")
    written = own if kept else version or ("2026" if team else "16")
    if written == "16" and not in_proportion(section.scoring):
        raise ExportError(f"section {section.id!r} is not scored 1, ½, 0 or in proportion: TRF16 has no "
                          "record for its points, so a checker would count other scores; write it with "
                          "--format trf2026 (its 162 record states them)")
    if written == "16" and _accelerated(section) and not decides_acceleration(kept):
        raise ExportError(f"section {section.id!r} is accelerated (acceleration: "
                          f"{section.options['acceleration']}, C.04.7): TRF16 states no acceleration, so a "
                          "checker would pair it unaccelerated; write it with --format trf2026 (its 250 "
                          "records state the virtual points)")
    recs = records(section)
    points, ranks, ranked_on = _columns(event, section, recs)
    player_lines = _player_lines(section, recs, points, ranks)
    teams = team_lines(event, section) if section.teams else []
    if kept:
        own_records = tuple(r for r in kept if not is_team_record(r)) if teams else kept
        header = _kept_header(event, section, own_records)
        header = kept_settings(event, section, header, team) if own == "2026" else header
        at = next((i for i, r in enumerate(kept) if is_team_record(r)), None)
        if teams and at is not None:  # where the file had them (before the player lines or after)
            before = sum(1 for r in kept[:at] if not is_team_record(r))
            header = _insert_after(header, kept[:at], before, teams)
            teams = []
    else:
        header = _header(event, section, version or ("2026" if team else "16"), team)
    out: list[str] = []
    for record in header:
        out.extend([*player_lines, *teams] if record == PLAYER else [record])
    # withdrawals and late entries, of players and of teams: TRF has no record
    out += comment_lines(section.field_changes, bool(section.teams))
    out += ranked_on  # points the standings count otherwise than the table (a round robin's withdrawal)
    out += name_lines({p.number: p.name for p in section.players})  # names longer than the field
    out += team_name_lines({t.number: t.name for t in section.teams})
    out += trail_lines(section)  # FIDE mode's trail: pairings changed by hand, tiebreaks changed
    return "".join(line.rstrip() + "\n" for line in out)


def _accelerated(section: Section) -> bool:
    """Whether `section` pairs with virtual points (`acceleration:` other than none)."""
    return section.options.get("acceleration", "none") not in ("none", None)


def system_at(event: Event, section: Section) -> Location:
    """Where event.yaml gives `section`'s system: its `system:` line, else the event's, else the
    event file."""
    locs = event.files.locs
    return locs.get(f"system/{section.id}") or locs.get("system") or locs.get("event.yaml") \
        or Location(Path(event.slug) / "event.yaml")


def _insert_after(header: list[str], before_records: tuple[str, ...], count: int, lines: list[str]
                  ) -> list[str]:
    """`header` with `lines` where the kept team records stood: after the kept record that came
    before them (`count` non-team records of the file came before), else first."""
    if count == 0:
        return [*lines, *header]
    anchor = next(r for r in reversed(before_records) if not is_team_record(r))
    index = header.index(anchor) + 1 if anchor in header else len(header)
    return [*header[:index], *lines, *header[index:]]


# ------------------------------------------------------------------------------------------- header


def _model_records(event: Event, section: Section) -> dict[str, str]:
    """The header records the model holds, by code ("" where the model has no value)."""
    dates = [r.date for r in section.rounds]
    return {
        "012": f"012 {event.name}",
        "022": f"022 {event.venue}" if event.venue else "",
        "042": f"042 {format_date(event.dates.start)}" if event.dates.start else "",
        "052": f"052 {format_date(event.dates.end)}" if event.dates.end else "",
        "092": f"092 {section_names(section).trf_type or 'Swiss System'}",
        "102": f"102 {event.chief_arbiter}" if event.chief_arbiter else "",
        "122": f"122 {event.time_control}" if event.time_control else "",
        "XXR": f"XXR {section.rounds_planned}",
        "142": f"142 {section.rounds_planned}",  # TRF-2026's number of rounds, where the file has it
        "132": _round_dates(dates) if any(dates) else "",
        "152": f"152 {colour[0].upper()}" if (colour := str(section.options.get("first_colour")))
        in ("white", "black")
        else _drawn_colour(event, section),
    }


def _drawn_colour(event: Event, section: Section) -> str:
    """The 152 record of a first colour drawn by lot, where the system records it (a team Swiss)."""
    drawn = section_names(section).trf_first_colour(section, records(section), event.draw.seed)
    return f"152 {drawn}" if drawn else ""


def _header(event: Event, section: Section, version: str, team: TeamSettings | None = None) -> list[str]:
    """The standard header of an event that keeps no TRF records: TRF16's, or TRF-2026's with the
    number of rounds in 142, the first colour in 152 and the section's settings (`settings_lines`);
    a team section's with the number of teams in 082."""
    model = _model_records(event, section)
    rated = sum(1 for p in section.players if p.rating)
    counts = {"062": f"062 {len(section.players)}", "072": f"072 {rated}",
              "082": f"082 {len(section.teams)}" if section.teams else ""}
    if version == "2026":
        order: tuple[str, ...] = ("012", "022", "042", "052", "062", "072", "082", "092", "102", "122", "132",
                                  "142", "152")
        settings = settings_lines(section, team)
    else:
        order, settings = ("012", "022", "042", "052", "062", "072", "092", "102", "122", "XXR", "132"), []
    return [line for code in order if (line := model.get(code) or counts.get(code, ""))] + settings + [PLAYER]


def _kept_header(event: Event, section: Section, kept: tuple[str, ...]) -> list[str]:
    """The kept records in their order; a record the model holds is written from the model when the
    model's value changed since import, and dropped when the model no longer has one. Beside a 192
    code (which says the system, `header2026`), 092 is free text, kept as written."""
    model = _model_records(event, section)
    if any(r[:4] == "192 " for r in kept):
        del model["092"]
    out = []
    for record in kept:
        code = record[:3]
        if record == PLAYER or code not in model or _same(code, record, model[code], section):
            out.append(record)
        elif model[code]:
            out.append(model[code])
    return out if PLAYER in out else [*out, PLAYER]


def _same(code: str, kept: str, current: str, section: Section) -> bool:
    """True when the kept record says what the model says (so its spelling is kept)."""
    text, now = kept[4:].strip(), current[4:].strip()
    if code in ("042", "052"):
        return parse_date(text) == parse_date(now)
    if code == "092":
        return system_for_trf(text) == section.system
    if code == "132":
        kept_dates = [parse_date(kept[c - 1:c + 7]) for c in range(ROUND_START, len(kept) + 1, 10)]
        dates = [r.date for r in section.rounds]
        return kept_dates[:len(dates)] + [None] * (len(dates) - len(kept_dates)) == dates
    return text == now


def _round_dates(dates: list) -> str:
    line = "132".ljust(ROUND_START - 3)
    return line + "".join(f"  {format_round_date(d) if d else '':8}" for d in dates)


# ------------------------------------------------------------------------------------------- players


def _player_lines(section: Section, recs: Records, points: list[str], ranks: list[int | None]
                  ) -> list[str]:
    """A player line per player; a value too wide for its field is refused (`ContentError`), every
    one of the section at once."""
    games = {(r.number, p): g for r in section.rounds for g in r.games for p in (g.first, g.second)}
    changes = section.field_changes
    lines, problems = [], list[Problem]()
    for index, player in enumerate(section.players):
        birth = player.fields.get("birth_date") or (f"{player.birth_year}/00/00" if player.birth_year else "")
        rank = "" if ranks[index] is None else str(ranks[index])
        values = player_values(player, birth, points[index], rank)
        problems += unfit_player(section, player, values)
        cells = [_cell(e, games.get((e.round, player.number)), changes.outside(player.number, e.round))
                 for e in recs.entries[player.number]]
        lines.append(player_line(player.number, player.sex, values["title"], cut(player.name),
                                 values["rating"], values["federation"], values["fide_id"], birth,
                                 values["points"],
                                 values["rank"], cells))
    if problems:
        raise ContentError(problems)
    return lines


def _cell(entry: Entry, game: Game | None, outside: bool) -> str:
    """A round's 10 columns: a game, a bye (U, H, F) or `0000 - Z` for an absence and for a round
    `outside` the player's part in the event (before a late entry, after a withdrawal), as FIDE
    writes them; a round the player was not paired in otherwise stays blank."""
    if entry.kind is Kind.NOT_PAIRED and outside:
        return "0000 - Z"
    if entry.kind in _BYES:
        return f"0000 - {_BYES[entry.kind]}"
    if entry.opponent is None:
        return " " * 8
    code = _CODES[entry.kind]
    if game is not None and not game.rated:
        code = _UNRATED.get(code, code)
    colour = "w" if entry.side is Side.FIRST else "b"
    return f"{entry.opponent:>4} {colour} {code or ' '}"


def columns_kept(event: Event, section: Section) -> bool:
    """Whether the exported points and rank columns are the TRF file's as imported (its results are
    unchanged); otherwise both are this program's, never a mix."""
    return _kept(event, section, records(section)) is not None


def _kept(event: Event, section: Section, recs: Records) -> tuple[list[str], list[int | None]] | None:
    """The TRF file's points and rank columns in the order of `section.players`, while the results
    are those it had (same last round, same points); they are kept by start rank."""
    numbers = sorted(p.number for p in section.players)
    kept_points, kept_ranks = list(event.trf.get("points") or ()), list(event.trf.get("ranks") or ())
    if event.trf.get("after_round") != recs.rounds or not len(kept_points) == len(numbers) == len(kept_ranks):
        return None
    points, ranks = dict(zip(numbers, kept_points, strict=True)), dict(zip(numbers, kept_ranks, strict=True))
    for number in numbers:
        total = Fraction(recs.total(number, recs.rounds), recs.scale)
        if points[number] and _fraction(points[number]) != total:
            return None
    return [points[p.number] for p in section.players], [ranks[p.number] for p in section.players]


def _columns(event: Event, section: Section, recs: Records
             ) -> tuple[list[str], list[int | None], list[str]]:
    """The points and rank columns: the TRF file's while its results are unchanged (`_kept`),
    otherwise the table's points (every game, as rated) and the standings' places; and a `###` line
    for each player the standings rank on other points (a round robin leaves out every game of a
    player who withdrew having played less than half of them), so that the ranks can be read."""
    totals = {p.number: Fraction(recs.total(p.number, recs.rounds), recs.scale) for p in section.players}
    table = section_standings(section, recs, recs.rounds, event.draw.seed)
    ranked_on = [f"{PREFIX}player {row.player} is ranked on {fmt.points(counted)} points, not "
                 f"{fmt.points(totals[row.player])}: the standings leave games out"
                 for row in sorted(table.rows, key=lambda r: r.player)
                 if (counted := Fraction(row.points, recs.scale)) != totals.get(row.player, counted)]
    if (kept := _kept(event, section, recs)) is not None:
        return (*kept, ranked_on)
    places = {row.player: row.place for row in table.rows}
    return ([fmt.points(totals[p.number]) for p in section.players],
            [places.get(p.number) for p in section.players], ranked_on)


def _fraction(text: str) -> Fraction | None:
    try:
        return Fraction(text)
    except ValueError:
        return None
