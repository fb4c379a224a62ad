"""A parsed TRF file as content files: event.yaml, players.yaml and rounds/NN.yaml (as text)."""

from __future__ import annotations

import tempfile
from fractions import Fraction
from pathlib import Path

from site_builder.content.event_dir import quoted as q
from site_builder.content.loader import load_site
from site_builder.content.players import normalize_name
from site_builder.errors import ContentError
from site_builder.model import FieldChanges, Proposal
from site_builder.pairing.paired_from import paired_from
from site_builder.systems import SYSTEMS
from site_builder.trf.acceleration import decides_acceleration, is_baku
from site_builder.trf.field_changes import read_field_changes
from site_builder.trf.names import system_names
from site_builder.trf.player_fields import player_fields
from site_builder.trf.prohibited import kept_apart
from site_builder.trf.records import CODE_POINTS, PlayerLine, TrfFile, parse_date
from site_builder.trf.scoring import scoring_from
from site_builder.trf.team_content import SECTION as TEAM_SECTION
from site_builder.trf.team_content import SYSTEM as TEAM_SYSTEM
from site_builder.trf.team_content import references, round_file, section_lines, team_order, teams_file
from site_builder.trf.tiebreaks import read_chain
from site_builder.trf.trail import read_first_chain, read_kept, read_proposals
from site_builder.trf.type_code import baku, canonical, imported_system, type_code_of

#: Result notation of the content format for a TRF code of the white player's line.
RESULTS = {"1": "1-0", "=": "½-½", "0": "0-1", "W": "1-0", "D": "½-½", "L": "0-1", "": "?"}
FORFEITS = {("+", "-"): "+-", ("-", "+"): "-+", ("-", "-"): "--"}
#: The abnormal results of a game played, by the codes of its white and black lines.
ABNORMAL = {("=", "0"): "½-0", ("0", "="): "0-½", ("0", "0"): "0-0", ("D", "L"): "½-0", ("L", "D"): "0-½",
            ("L", "L"): "0-0"}
UNRATED = ("W", "D", "L")
BYE_KEYS = {"U": "byes", "H": "half_byes", "F": "full_byes", "Z": "absent"}


def content_files(trf: TrfFile, name_fallback: str) -> dict[str, str]:
    """Relative path → text of every file of the event directory."""
    if trf.teams is not None:
        return _team_files(trf, name_fallback)
    refs = player_references(trf.players)
    rounds = trf.rounds_present
    files = {"event.yaml": _event(trf, name_fallback, rounds, refs), "players.yaml": _players(trf.players)}
    by_rank = {p.start_rank: p for p in trf.players}
    running = dict.fromkeys(by_rank, Fraction(0))
    changes = read_field_changes(trf.records)
    proposals, first_chain = read_proposals(trf.records), read_first_chain(trf.records)
    kept = read_kept(trf.records)
    folder = f"{TEAM_SECTION}/rounds" if _section_options(trf) else "rounds"  # in the section of its options
    for index in range(rounds):
        date = trf.round_dates[index] if index < len(trf.round_dates) else None
        files[f"{folder}/{index + 1:02d}.yaml"] = _round(index, by_rank, refs, running, date, changes) + \
            _trail(index + 1, proposals, first_chain, refs, index + 1 in kept)
        for player in trf.players:
            if index < len(player.rounds):
                running[player.start_rank] += CODE_POINTS.get(player.rounds[index].result, Fraction(0))
    return _kept_as_played(files, folder, kept)


def _kept_as_played(files: dict[str, str], folder: str, kept: tuple[int, ...]) -> dict[str, str]:
    """`files` with an `accepted_from:` line in the file of each round in `kept` (the file's `###` lines
    say the arbiter kept it as played after a correction before it): the digests of the rounds before
    it as the file holds them, results/pairings (`pairing.paired_from`), which only the loaded section
    gives; files the loader refuses are left as they are, for the import's own load to say why."""
    if not kept:
        return files
    with tempfile.TemporaryDirectory(prefix="bulletin-import-") as tmp:
        for relative, text in files.items():
            (Path(tmp) / relative).parent.mkdir(parents=True, exist_ok=True)
            (Path(tmp) / relative).write_text(text, encoding="utf-8")
        try:
            section = load_site(Path(tmp)).events[0].sections[0]
        except ContentError:
            return files
    out = dict(files)
    for number in kept:
        path = f"{folder}/{number:02d}.yaml"
        if path in out:
            out[path] = _accepted_line(out[path], paired_from(section, number))
    return out


def _accepted_line(text: str, digest: str) -> str:
    """A round file's `text` with `accepted_from: "<digest>"` before its `games:` line."""
    line = f'accepted_from: "{digest}"   # kept as played after a correction before it (the file\'s ### line)'
    at = text.find("\ngames:") + 1
    return f"{text[:at]}{line}\n{text[at:]}"


def _team_files(trf: TrfFile, name_fallback: str) -> dict[str, str]:
    """The files of a team file's event: event.yaml, teams.yaml and the round files (`team_content`)."""
    assert trf.teams is not None
    refs = references(trf.players, trf.teams)
    rounds = trf.rounds_present
    withdrawn = read_field_changes(trf.records).teams_withdrawn
    files = {"event.yaml": _event(trf, name_fallback, rounds, refs),
             f"{TEAM_SECTION}/teams.yaml": teams_file(trf.players, trf.teams)}
    for index in range(rounds):
        date = trf.round_dates[index] if index < len(trf.round_dates) else None
        files[f"{TEAM_SECTION}/rounds/{index + 1:02d}.yaml"] = round_file(trf, trf.teams, index, refs, date,
                                                                          withdrawn)
    return files


def _trail(number: int, proposals: dict[int, Proposal], first_chain: str, refs: dict[int, str],
           kept: bool = False) -> str:
    """The keys of a round file that the file's `###` trail lines carry (`trf.trail`); `kept`: the round
    was kept as played after a correction before it, so its proposal is what the engine pairs from the
    corrected rounds, not a change by hand."""
    lines = [f"tiebreaks: {q(first_chain)}   # the chain when round 1 was paired (the file's ### line)"] \
        if number == 1 and first_chain else []
    proposal = proposals.get(number)
    if proposal is not None:
        lines.append("proposed:     # the engine's pairing (the file's ### line): "
                     + ("kept as played after a correction before it" if kept else "changed by hand"))
        lines += ["  games:"] + [f"    - [{b}, {refs[w]}, {refs[k]}]" for b, w, k in proposal.games] \
            if proposal.games else ["  games: []"]
        if proposal.byes:
            lines.append(f"  byes: [{', '.join(refs[p] for p in proposal.byes)}]")
    return "".join(line + "\n" for line in lines)


def player_references(players: tuple[PlayerLine, ...]) -> dict[int, str]:
    """How round files name each player: the name when it is unique, otherwise the number."""
    counts: dict[str, int] = {}
    for p in players:
        counts[normalize_name(p.name)] = counts.get(normalize_name(p.name), 0) + 1
    unique = {p.start_rank for p in players
              if counts[normalize_name(p.name)] == 1 and not p.name.lstrip("#").isdigit()}
    return {p.start_rank: q(p.name) if p.start_rank in unique else str(p.start_rank) for p in players}


def _first_colour(trf: TrfFile) -> str:
    """The top seed's round-1 colour: TRF-2026's 152 (`W`/`B`) or XXC's `white1`/`black1`, else read
    off round 1 (the first player in start-rank order who played it, alternating down the ranks),
    else drawn by lot (a team file: read back by the team Swiss, `pairing.fide_team`)."""
    if trf.header("152") in ("W", "B"):
        return "white" if trf.header("152") == "W" else "black"
    if trf.teams is not None:  # FIDE's team Swiss reads it back from round 1 (C.04.6 art. 4.3.1)
        return "lot"
    words = trf.header("XXC").split()
    for word in words:
        if word in ("white1", "black1"):
            return word[:-1]
    paired = [p for p in sorted(trf.players, key=lambda p: p.start_rank)
              if p.rounds and (p.rounds[0].opponent is not None or p.rounds[0].result == "U")]
    for rank, player in enumerate(paired):
        cell = player.rounds[0]
        if cell.opponent is not None and cell.colour in ("w", "b"):
            white = (cell.colour == "w") == (rank % 2 == 0)
            return "white" if white else "black"
    return "lot"


def _system(trf: TrfFile) -> tuple[str, bool]:
    """The `system:` line — the system of the 192 code, else of the 092 type, else a Swiss paired by
    hand with a note — and whether the code asks for the Baku method."""
    code = type_code_of(trf.records)
    name = imported_system(code, trf.header("092"))
    record = "192" if code else "092"
    if SYSTEMS[name].pairing.automatic:
        return f"system: {name}", baku(code)
    return (f"system: {name}       # the file's {record} names no system this program pairs by; "
            '"dutch" pairs by the FIDE Dutch rules'), False


def _section_options(trf: TrfFile) -> list[str]:
    """The lines of a section's settings the file says: its system's options (`_system_options`)
    and whether players meet twice (`_rematches`); with any, the event is written with a
    `sections:` block."""
    return [*_system_options(trf), *_rematches(trf)]


def _rematches(trf: TrfFile) -> list[str]:
    """`rematches: true` when the file pairs two players twice (a staged Swiss's final, a pairing
    made by hand) and the imported system forbids it; none otherwise."""
    named = imported_system(type_code_of(trf.records), trf.header("092"))
    system = next(s for name, s in SYSTEMS.items() if name == named)
    if system.pairing.rematches or system.ranking.all_play_all:
        return []
    played = ("1", "=", "0", "W", "D", "L")  # a game over the board: a forfeit is no meeting (C.04.1)
    for player in trf.players:
        met = [c.opponent for c in player.rounds if c.opponent and c.result in played]
        again = next((index for index, opponent in enumerate(met) if opponent in met[:index]), None)
        if again is not None:
            return ["rematches: true   # the file pairs some players twice: its games stand as played"]
    return []


def _system_options(trf: TrfFile) -> list[str]:
    """The lines of the options the 192 code says (a double round robin's `cycles: 2` …): a
    section's settings, so an event with them is written with a `sections:` block."""
    code = canonical(type_code_of(trf.records))
    if not code:
        return []
    said = system_names(imported_system(code, trf.header("092"))).trf_options(code)
    return [f"{key}: {str(value).lower() if isinstance(value, bool) else value}"
            for key, value in said.items()]


def _acceleration(trf: TrfFile, rounds: int, code_baku: bool) -> list[str]:
    """`acceleration: baku` when the file's 250 (or XXA) records are the Baku method's, or when they
    state none and its 192 code ends in _BAKU."""
    total = trf.total_rounds or rounds
    if decides_acceleration(trf.records):
        if is_baku(trf.records, len(trf.players), total):
            return ["acceleration: baku      # the file's virtual points are the Baku method's (C.04.7)"]
        return []
    return ["acceleration: baku      # the file's 192 code (C.04.7)"] if code_baku else []


def _scoring(trf: TrfFile) -> list[str]:
    """The `scoring:` line of the file's 162 and whole-event 299 records; none without them."""
    scoring = scoring_from(trf.records)
    if scoring is None:
        return []
    values = (("win", scoring.win), ("draw", scoring.draw), ("loss", scoring.loss),
              ("forfeit_win", scoring.forfeit_win), ("forfeit_loss", scoring.forfeit_loss),
              ("double_forfeit", scoring.double_forfeit), ("bye", scoring.bye), ("absent", scoring.absent),
              ("half_bye", scoring.half_bye_points), ("full_bye", scoring.full_bye_points))
    text = ", ".join(f"{k}: {_number(v)}" for k, v in values)
    return [f"scoring: {{{text}}}   # the file's 162 and 299 records"]


def _number(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else str(float(value))


def _event(trf: TrfFile, name_fallback: str, rounds: int, refs: dict[int, str]) -> str:
    lines = [f"name: {q(trf.header('012') or name_fallback)}"]
    start, end = parse_date(trf.header("042")), parse_date(trf.header("052"))
    if start or end:
        days = [d.isoformat() for d in (start, end) if d]
        lines.append(f"dates: [{', '.join(days)}]")
    for code, key in (("022", "venue"), ("102", "chief_arbiter"), ("122", "time_control")):
        if trf.header(code):
            lines.append(f"{key}: {q(trf.header(code))}")
    deputies = [record[4:].strip() for record in trf.records if record[:3] == "112" and record[4:].strip()]
    if deputies:  # 112: the deputy chief arbiters, a record each
        lines.append(f"arbiters: [{', '.join(q(name) for name in deputies)}]")
    system, code_baku = _system(trf)
    total = trf.total_rounds or rounds
    settings = [
        system,
        f"rounds: {total}",
        f"first_colour: {_first_colour(trf)}",
        *_scoring(trf),
        *_tiebreaks(trf),
        *_acceleration(trf, rounds, code_baku),
        *([f"keep_apart: {{pairs: [{', '.join(f'[{refs[a]}, {refs[b]}]' for a, b in pairs)}]}}"
           "   # the file's XXP and 260 records"]
          if (pairs := [(a, b) for a, b in kept_apart(trf.records, total) if a in refs and b in refs])
          else []),
    ]
    options = _section_options(trf) if trf.teams is None else []
    if options:  # the system's options are a section's: the event's one section, with its settings
        settings = ["sections:", f"  {TEAM_SECTION}:", f"    name: {q(trf.header('012') or name_fallback)}",
                    "    players: players.yaml",
                    *(f"    {line}" for line in (settings[0], *options, *settings[1:]))]
    if trf.teams is not None:  # a section of its own: the team settings are a section's
        settings = ["sections:", f"  {TEAM_SECTION}:", f"    name: {q(trf.header('012') or name_fallback)}",
                    *(f"    {line}" for line in (f"system: {TEAM_SYSTEM}", f"rounds: {total}",
                                                  f"first_colour: {_first_colour(trf)}", *_scoring(trf),
                                                  *section_lines(trf, trf.teams)))]
    lines += [
        "game: chess",
        "language: en",
        *settings,
        "trf:                     # the TRF file's records as written, for 'bulletin export trf'",
        "  records:               # header records in file order; \"001\" stands for the player lines",
    ]
    lines += [f"    - {q(record)}" for record in trf.records]
    by_start = sorted(trf.players, key=lambda p: p.start_rank) if trf.teams is None else \
        team_order(trf.players, trf.teams)  # the players' order in the content
    ranks = ", ".join("null" if p.rank is None else str(p.rank) for p in by_start)
    points = ", ".join(q(p.points) for p in by_start)
    lines += [
        f"  after_round: {rounds}          # the rank and points columns after this round, by start rank",
        f"  ranks: [{ranks}]",
        f"  points: [{points}]",
    ]
    return "\n".join(lines) + "\n"


def _tiebreaks(trf: TrfFile) -> list[str]:
    """The `tiebreaks:` line of the file's 212 (or else 202) record; none without one (the FIDE
    default chain of chess sections)."""
    unfit = SYSTEMS[imported_system(type_code_of(trf.records), trf.header("092"))].ranking.unfit_tiebreaks
    for code in ("212", "202"):
        if trf.header(code):
            chain, _, _ = read_chain(f"{code} {trf.header(code)}", unfit)  # unfit: warned by parse
            return [f"tiebreaks: [{', '.join(chain)}]   # the file's {code} record"] if chain else []
    return []


def _players(players: tuple[PlayerLine, ...]) -> str:
    lines = ["players:"]
    for p in sorted(players, key=lambda p: p.start_rank):
        lines.append("  - {" + ", ".join([f"number: {p.start_rank}", *player_fields(p)]) + "}")
    return "\n".join(lines) + "\n"


def _round(index: int, by_rank: dict[int, PlayerLine], refs: dict[int, str],
           running: dict[int, Fraction], date: object, changes: FieldChanges) -> str:
    games: list[tuple[tuple, str]] = []
    byes: dict[str, list[int]] = {key: [] for key in BYE_KEYS.values()}
    for rank, player in by_rank.items():
        if index >= len(player.rounds):
            continue
        cell = player.rounds[index]
        if cell.opponent is None:
            if cell.result and (cell.result != "Z" or not changes.outside(rank, index + 1)):
                byes[BYE_KEYS[cell.result]].append(rank)
            continue
        if cell.colour != "w":
            continue
        black = by_rank[cell.opponent].rounds[index]
        white_ref, black_ref = refs[rank], refs[cell.opponent]
        codes = (cell.result, black.result)
        result = FORFEITS.get(codes) or ABNORMAL.get(codes) or RESULTS[cell.result]
        order = (-max(running[rank], running[cell.opponent]), -(running[rank] + running[cell.opponent]),
                 min(rank, cell.opponent))
        games.append((order, f"{white_ref}, {black_ref}, {q(result)}" if cell.result not in UNRATED else
                      f"first: {white_ref}, second: {black_ref}, result: {q(result)}, rated: false"))
    lines = [f"round: {index + 1}"]
    if date:
        lines.append(f"date: {date}")
    lines.append("games:        # [board, white, black, result]")
    games.sort()
    for board, (_order, text) in enumerate(games, start=1):
        lines.append(f"  - {{board: {board}, {text}}}" if "rated:" in text else f"  - [{board}, {text}]")
    if not games:
        lines[-1] = "games: []"
    for key, ranks in byes.items():
        if ranks:
            lines.append(f"{key}: [{', '.join(refs[r] for r in sorted(ranks))}]")
    withdrawn = sorted(r for r, after in changes.withdrawn.items() if after == index + 1 and r in refs)
    if withdrawn:
        lines.append(f"withdrawn: [{', '.join(refs[r] for r in withdrawn)}]")
    return "\n".join(lines) + "\n"

