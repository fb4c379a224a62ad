"""`bulletin export h9`: a section as the EGF's results table, which the European Go Database rates.

The format (http://gemma.ujf.cas.cz/~cieply/GO/format.html, "Tournament table format", and what
OpenGotha writes): ISO-8859-15 text; lines from a `;` on are comments, the first ones the event's
header (`; CL[class]`, `; EV[name]`, `; PC[country,city]`, `; DT[first,last]`, `; HA[…]`, `; KM[komi]`,
`; TM[adjusted minutes]`, `; TC[time control]`; `HA` says whether games had handicaps — each cell
carries its game's, so no handicap rule, OpenGotha's `h<correction>`, is implied); then one line per
player in the order of the standings: place, name ("Surname Given", the player's `latin_name:` when
they have one), rank, country (2 letters, XX unknown), club (up to 4 characters, xxxx none), the
points and the section's tiebreaks (whole numbers as such, a half point `.5`: `36`, `36.5`; Latin-9
has no `½`), and a cell per round:
`<opponent's place><+|-|=>/<b|w><handicap>` for a game played, `<place><+|->!` for a forfeit (not
rated), `0+` a bye, `0=` a half-point bye, `0-` a round not played. A player's EGD PIN ends the line
after a `|`, as the EGD's own files keep it. Places are the standings' order, one per player (the
cells name opponents by them).
"""

from __future__ import annotations

from site_builder.engine.go_section import komi_of
from site_builder.engine.scoring import Entry, Kind, Records, Side
from site_builder.games.go_latin import LATIN9, latin9_form
from site_builder.games.go_terms import format_komi
from site_builder.goformats.names import ExportError, Latin9Texts
from site_builder.goformats.time_class import EgfTime, TimeControlUnread, egf_time
from site_builder.model import GO_TIEBREAKS, Event, Player, Section, Tiebreak, go_tiebreak_name
from site_builder.results import section_results
from site_builder.systems import system_of
from site_builder.views import format as fmt

#: The go names of the tiebreaks that are go's criteria under another name (go's own: OpenGotha's
#: names, SOSM; the others: their id's first five letters).
GO_NAMES = {"opponent-score": "SOS", "sonneborn-berger": "SODOS", "wins": "NBW", "cumulative": "CUSS",
            "direct-encounter": "DC"}
_SIGNS = {Kind.WIN: "+", Kind.LOSS: "-", Kind.DRAW: "="}
_UNPLAYED = {Kind.BYE: "0+", Kind.FULL_BYE: "0+", Kind.HALF_BYE: "0=", Kind.ABSENT: "0-",
             Kind.NOT_PAIRED: "0-", Kind.DOUBLE_FORFEIT: "0-"}


def export_h9(event: Event, section: Section) -> bytes:
    """The h9 table of `section` of `event`, encoded in ISO-8859-15; every text it cannot hold and a
    time control it cannot class are located problems, raised together (`ContentError`)."""
    results = section_results(event, section)
    standings = results.latest
    if standings is None:
        raise ExportError(f"section {section.id!r} has no results yet (hint: export it after round 1)")
    if standings.pending:
        raise ExportError(f"section {section.id!r} has {standings.pending} game(s) without a result "
                          "(hint: enter every result first: the EGD rates finished tournaments)")
    recs = results.records
    order = [row.player for row in standings.rows]
    place = {player: index for index, player in enumerate(order, start=1)}
    system = system_of(section)
    criteria = [go_tiebreak_name(system.score.main) if system.score.main is not None else "Pt",
                *(_name(tb) for tb in standings.tiebreaks)]
    texts = Latin9Texts(event)
    lines = [*_header(event, section, standings.upto, texts), ";",
             "; Pl Name                           Rk Co Club " + " ".join(f"{c:>5}" for c in criteria)]
    for row in standings.rows:
        player = section.player(row.player)
        name = texts.name(player)
        club = egd_club(player) or NO_CLUB
        country = (player.fields.get("federation", "") or "XX")[:2].upper()
        rank = str(player.rank) if player.rank else "30k"
        values = [fmt.points(recs.points(row.points), whole=True)]
        for tb, value in zip(standings.tiebreaks, row.values, strict=True):
            values.append(_value(value, results.tiebreak_power(tb.id), recs))
        cells = [_cell(entry, place, section) for entry in recs.entries[row.player][: standings.upto]]
        pin = player.fields.get("egd_pin", "")
        lines.append(f"{place[row.player]:>4} {name[:30]:<30} {rank:>3} {country:>2} {club:<4} "
                     + " ".join(f"{v:>5}" for v in values) + " " + " ".join(f"{c:>8}" for c in cells)
                     + (f" |{pin}" if pin else ""))
    texts.check()
    return ("\n".join(lines) + "\n").encode(LATIN9)


#: The club column of a player without a club, or whose club Latin-9 cannot hold.
NO_CLUB = "xxxx"


def egd_club(player: Player) -> str | None:
    """The player's club as the h9 table's club column writes it, the EGD's club code: the club's
    first 4 characters (spaces left out) in Latin-9 (accents dropped where it has no such letter);
    "" without a club, None when Latin-9 cannot hold it (北京): the table writes `xxxx` then.

    >>> egd_club(Player(1, "A", club="Nihon Ki-in")), egd_club(Player(2, "B", club="北京"))
    ('Niho', None)
    >>> egd_club(Player(3, "C"))
    ''
    """
    form = latin9_form("".join(player.club.split()))
    return form[:4] if form is not None else None


def club_warnings(section: Section) -> list[str]:
    """A warning for each player whose club the h9 table cannot write (`egd_club`), at the club."""
    return [f"{player.at('club')}: the club of player #{player.number} ({player.club!r}) has letters the "
            f"h9 table's encoding (ISO-8859-15) cannot hold: it writes the player's club as "
            f"'{NO_CLUB}' (none), which the EGD rates all the same"
            for player in section.players if egd_club(player) is None]


def _name(tb: Tiebreak) -> str:
    """A criterion's column name: OpenGotha's for go's (SOSM), else its go name or its id's start."""
    if tb.id in GO_TIEBREAKS:
        return go_tiebreak_name(tb.id, tb.option("by", ""))
    return GO_NAMES.get(tb.id, tb.id[:5])


def _header(event: Event, section: Section, upto: int, texts: Latin9Texts) -> list[str]:
    """The header's comment lines, of a table of rounds 1..`upto` (`HA`: the handicaps it holds)."""
    try:
        timing: EgfTime | None = egf_time(texts.event_source("time_control"))
    except TimeControlUnread as error:
        timing = None
        said = str(error) if texts.event_source("time_control").strip() else "the event gives no time_control"
        texts.problems.add(event.files.locs.get("time_control") or texts.event_file,
                           f"{said}, which the EGF's class needs",
                           "write 'time_control:' in event.yaml as e.g. '60 min + 5×30 s byo-yomi' or "
                           "'45 min + 10 s per move'")
    games = [g for r in section.rounds if r.number <= upto for g in r.games]
    handicaps = sorted({g.handicap for g in games if g.handicap})
    country = next((p.fields["federation"] for p in section.players if p.fields.get("federation")), "")
    dates = [d for d in (event.dates.start, event.dates.end) if d]
    lines = [f"; CL[{(timing.egf_class if timing else '') or 'X'}]", f"; EV[{texts.event_text('name')}]",
             f"; PC[{country[:2]},{texts.event_text('venue')}]",
             f"; DT[{','.join(d.isoformat() for d in dates)}]",
             f"; HA[{_handicaps(handicaps)}]"]
    if (komi := komi_of(section)) is not None:
        lines.append(f"; KM[{format_komi(komi)}]")
    lines += [f"; TM[{round(timing.adjusted) if timing else 0}]",
              f"; TC[{texts.event_text('time_control')}]"]
    return lines


def _value(value: object, power: int, recs: Records) -> str:
    """A tiebreak's value as the table's criteria write it."""
    if value is None:
        return "0"
    if isinstance(value, tuple):
        value = value[0] if value else 0
    if not isinstance(value, int):
        return str(value)
    return str(value) if power == 0 else fmt.points(recs.points(value, power), whole=True)


def _cell(entry: Entry, place: dict[int, int], section: Section) -> str:
    """One round of a player, as the h9 table writes it."""
    kind = entry.kind
    if entry.opponent is None or kind in _UNPLAYED:
        return _UNPLAYED.get(kind, "0-")
    if kind in (Kind.FORFEIT_WIN, Kind.FORFEIT_LOSS):
        return f"{place[entry.opponent]}{'+' if kind is Kind.FORFEIT_WIN else '-'}!"
    game = next(g for r in section.rounds if r.number == entry.round
                for g in r.games if g.board == entry.board)
    colour = "b" if entry.side is Side.FIRST else "w"
    return f"{place[entry.opponent]}{_SIGNS[kind]}/{colour}{game.handicap or 0}"


def _handicaps(handicaps: list[int]) -> str:
    """The `HA` header: whether games had handicaps, and the most stones given.

    >>> _handicaps([]), _handicaps([1]), _handicaps([1, 3])
    ('none', 'by game, up to 1 stone', 'by game, up to 3 stones')
    """
    if not handicaps:
        return "none"
    return f"by game, up to {handicaps[-1]} stone{'s' if handicaps[-1] > 1 else ''}"
