"""A TRF-2026 team file as content: the section's settings of a FIDE team Swiss (its 192 code, 202
team tiebreaks, 362 and 320 match points), teams.yaml (each 310 team, its players in board order:
as many as a match has boards, the others reserves) and one round file per round (its matches, the
team with White on board 1 at home, tables in the order the engine numbers them, and the bye)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction

from site_builder.content.event_dir import quoted as q
from site_builder.content.players import normalize_name
from site_builder.content.teams import numbers
from site_builder.engine.team_tiebreaks import team_tiebreak
from site_builder.model import Scoring, SystemName
from site_builder.trf.names import system_names
from site_builder.trf.player_fields import player_fields
from site_builder.trf.records import PlayerLine, TrfFile
from site_builder.trf.scoring import default_scoring, scoring_from
from site_builder.trf.team_read import running_points
from site_builder.trf.team_records import MATCH_DEFAULTS, TeamFile, TeamMatchRead
from site_builder.trf.type_code import canonical, type_code_of

SYSTEM: SystemName = "fide-team"  # the system a team file is imported as
SECTION = "main"  # … and its section's id
#: Board results in the content's notation, by the codes of White's and Black's lines.
RESULTS = {("1", "0"): "1-0", ("=", "="): "½-½", ("0", "1"): "0-1", ("+", "-"): "+-", ("-", "+"): "-+",
           ("-", "-"): "--", ("=", "0"): "½-0", ("0", "="): "0-½", ("0", "0"): "0-0", ("W", "L"): "1-0",
           ("D", "D"): "½-½", ("L", "W"): "0-1", ("D", "L"): "½-0", ("L", "D"): "0-½", ("L", "L"): "0-0"}


def section_lines(trf: TrfFile, teams: TeamFile) -> list[str]:
    """The section's keys of a team file (after `system:` and `rounds:`)."""
    code = type_code_of(trf.records)
    options = system_names(SYSTEM).trf_options(canonical(code) or "") if code else {}
    lines = [f"boards: {teams.boards}"]
    for index, (key, value) in enumerate(options.items()):
        text = str(value).lower() if isinstance(value, bool) else value
        lines.append(f"{key}: {text}" + ("   # the file's 192 code" if index == 0 else ""))
    chain = [w for r in trf.records if r[:4] == "202 " for w in r[4:].split()  # those parse warned of: out
             if w.upper() not in ("MPTS", "GPTS") and team_tiebreak(w, "M") is not None]
    if chain:
        lines.append(f"team_tiebreaks: {q(' '.join(chain))}   # the file's 202 record")
    points = _match_points(trf, teams)
    if points:
        lines.append(f"match_points: {{{points}}}   # the file's 362 and 320 records")
    return lines


def _match_points(trf: TrfFile, teams: TeamFile) -> str:
    """The `match_points:` keys that differ from C.04.6's (a win 2, a draw 1, the bye a drawn match)."""
    given = teams.match_points
    values: list[tuple[str, Fraction]] = []
    if given["W"] != MATCH_DEFAULTS["W"]:
        values.append(("win", given["W"]))
    if given["D"] != MATCH_DEFAULTS["D"]:
        values += [("home_draw", given["D"]), ("away_draw", given["D"])]
    if given["L"] != MATCH_DEFAULTS["L"]:
        values.append(("loss", given["L"]))
    bye_mp, bye_gp = teams.bye_points
    bye = given["P"] if bye_mp is None else bye_mp
    if bye != given["D"]:
        values.append(("bye", bye))
    scoring = scoring_from(trf.records) or default_scoring()
    if bye_gp is not None and bye_gp != scoring.draw * teams.boards:
        values.append(("bye_game_points", bye_gp))
    return ", ".join(f"{key}: {_number(value)}" for key, value in values)


def _number(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else str(float(value))


def references(players: tuple[PlayerLine, ...], teams: TeamFile) -> dict[int, str]:
    """How round files name each player of a team (by start rank): the name when it is unique,
    otherwise the number the content gives the player (`content_numbers`)."""
    numbers = content_numbers(teams)
    names = {p.start_rank: p.name for p in players}
    counts: dict[str, int] = {}
    for rank in numbers:
        counts[normalize_name(names[rank])] = counts.get(normalize_name(names[rank]), 0) + 1
    return {rank: q(names[rank]) if counts[normalize_name(names[rank])] == 1 and not names[rank].lstrip("#")
            .isdigit() else str(number) for rank, number in numbers.items()}


def team_order(players: tuple[PlayerLine, ...], teams: TeamFile) -> list[PlayerLine]:
    """The player lines of the teams' players in the order of their numbers in the content."""
    numbers = content_numbers(teams)
    return sorted((p for p in players if p.start_rank in numbers), key=lambda p: numbers[p.start_rank])


def content_numbers(teams: TeamFile) -> dict[int, int]:
    """The number the content gives each team's player, by start rank, as `content.teams.numbers`
    gives it: team t's board b is boards·(t−1) + b for the teams up to the largest that round 1
    pairs, then their reserves, then the teams that joined later."""
    first = {t for m in teams.matches[0] for t in (m.home, m.away)} if teams.matches else set()
    first |= {teams.byes[1]} if 1 in teams.byes else set()
    given = numbers([(t.number, [None] * len(t.members)) for t in teams.teams], teams.boards,
                    max(first) if first else None)
    return {rank: given[(team.number, index)] for team in teams.teams
            for index, (_, rank) in enumerate(team.members)}


def teams_file(players: tuple[PlayerLine, ...], teams: TeamFile) -> str:
    """teams.yaml: every team by number, its players in board order (beyond the boards: reserves)."""
    by_rank = {p.start_rank: p for p in players}
    lines = ["teams:"]
    for team in teams.teams:
        listed = [_player(by_rank[rank]) for _, rank in team.members]
        regular, reserves = listed[:teams.boards], listed[teams.boards:]
        text = f"  - {{number: {team.number}, name: {q(team.name)}, players: [{', '.join(regular)}]"
        lines.append(text + (f", reserves: [{', '.join(reserves)}]}}" if reserves else "}"))
    return "\n".join(lines) + "\n"


def _player(p: PlayerLine) -> str:
    return "{" + ", ".join(player_fields(p)) + "}"


def round_file(trf: TrfFile, teams: TeamFile, index: int, refs: dict[int, str], date: object,
               withdrawn: Mapping[int, int] | None = None) -> str:
    """Round `index + 1`: the line-ups of the teams that fielded other players than their listed
    ones (`lineups`), its matches by table (the engine's order: the higher primary score of the two
    teams before the round, then their sum, then the smaller team number), its bye, and the teams
    that withdraw after it (`withdrawn`: team → round, the file's `###` lines)."""
    primary = _primary(trf, teams, index)
    names = {t.number: t.name for t in teams.teams}
    matches = sorted(teams.matches[index], key=lambda m: (
        -max(primary[m.home], primary[m.away]), -(primary[m.home] + primary[m.away]), min(m.home, m.away)))
    lines = [f"round: {index + 1}"]
    if date:
        lines.append(f"date: {date}")
    fielded = lineups(teams, matches)
    if fielded:
        lines.append("lineups:      # the players a team fielded, board by board, where not its 'players:'")
        lines += [f"  {q(names[t])}: [{', '.join(refs[p] for p in fielded[t])}]" for t in fielded]
    lines.append("matches:      # the team with White on board 1 at home, White on the odd boards")
    for table, m in enumerate(matches, start=1):
        lines += [f"  - table: {table}", f"    home: {q(names[m.home])}", f"    away: {q(names[m.away])}",
                  "    boards:"]
        lines += [f"      - [{refs[w]}, {refs[b]}, {q(RESULTS.get((rw, rb), '?'))}]"
                  for w, b, rw, rb in m.boards]
    if not matches:
        lines[-1] = "matches: []"
    if (bye := teams.byes.get(index + 1)) is not None:
        lines.append(f"bye: {q(names[bye])}")
    leaving = [q(names[t]) for t, n in sorted((withdrawn or {}).items()) if n == index + 1 and t in names]
    if leaving:
        lines.append(f"withdrawn: [{', '.join(leaving)}]")
    return "\n".join(lines) + "\n"


def lineups(teams: TeamFile, matches: Sequence[TeamMatchRead]) -> dict[int, tuple[int, ...]]:
    """The line-up of each team of `matches` that fielded other players than its first `boards` of
    its 310 list, or in another order: the players of its boards, board 1 first (by start rank)."""
    listed = {t.number: tuple(rank for _, rank in t.members[:teams.boards]) for t in teams.teams}
    out: dict[int, tuple[int, ...]] = {}
    for m in matches:
        sides = [(w, b) if i % 2 == 0 else (b, w) for i, (w, b, _, _) in enumerate(m.boards)]  # home first
        for team, players in ((m.home, tuple(h for h, _ in sides)), (m.away, tuple(a for _, a in sides))):
            if players != listed.get(team):
                out[team] = players
    return dict(sorted(out.items()))


def _primary(trf: TrfFile, teams: TeamFile, index: int) -> dict[int, Fraction]:
    """Each team's primary score before round `index + 1` (game points when the 192 code says so)."""
    scoring: Scoring = scoring_from(trf.records) or default_scoring()
    totals = running_points(teams, scoring)
    if index == 0:
        return dict.fromkeys((t.number for t in teams.teams), Fraction(0))
    mp, gp = totals[index - 1]
    code = canonical(type_code_of(trf.records)) or ""
    return gp if system_names(SYSTEM).trf_options(code).get("primary_score") == "game" else mp
