"""A random tournament, played round by round: players (ratings, titles, federations), requested
byes, results and forfeits drawn from one seeded `random.Random`; every round paired by the system's
own engine (`systems.next_round`) from the rounds before it, exactly as `bulletin pair` pairs it.

The event is kept as content files (event.yaml, players.yaml or teams.yaml, rounds/NN.yaml), loaded
again after each round so that the next one is paired from what the files say. The same `Spec`
gives the same files, byte for byte. A system is played when it declares its
`Profile` (`systems.generated`).
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import json
import random
import tempfile
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path

from site_builder.cache.store import Store
from site_builder.content.loader import load_site
from site_builder.content.pair_text import filled, round_yaml
from site_builder.engine.go_section import komi_of
from site_builder.engine.scoring import records
from site_builder.errors import ContentError, Problems
from site_builder.model import Event, Section
from site_builder.pairing import PairingError
from site_builder.systems import SYSTEMS, next_round, system_of
from site_builder.systems.base import DEFAULT_ROUNDS, NewDefaults, option_problems
from site_builder.systems.generated import Generates, Profile
from site_builder.tournament import go_field
from site_builder.trf.tiebreaks import read_chain

#: FIDE titles, strongest first, and the rating from which a player may hold each.
TITLES = (("GM", 2500), ("IM", 2400), ("WGM", 2300), ("FM", 2300), ("WIM", 2200), ("CM", 2200),
          ("WFM", 2100), ("WCM", 2000))
FEDERATIONS = ("ARM", "AZE", "CHN", "CZE", "ENG", "ESP", "FRA", "GER", "HUN", "IND", "ITA", "NED", "NOR",
               "POL", "ROU", "SRB", "SWE", "UKR", "USA", "UZB")
SURNAMES = ("Adler", "Berg", "Costa", "Dahl", "Eberle", "Fontaine", "Gruber", "Horvat", "Ivanova", "Jensen",
            "Kovač", "Larsen", "Molnár", "Novak", "Olsen", "Petrov", "Quist", "Rossi", "Sato", "Tamm",
            "Urban", "Varga", "Weber", "Xu", "Yilmaz", "Zhou")
GIVEN = ("Ada", "Boris", "Clara", "Dmitri", "Elena", "Farid", "Greta", "Hugo", "Ines", "Jonas", "Kira",
         "Luca", "Mira", "Nils", "Olga", "Pavel", "Rosa", "Stefan", "Tara", "Viktor")


SECTION = "open"  # the one section's folder


class GenerateError(Exception):
    """The parameters cannot make a tournament (a one-line reason)."""


def profiles() -> dict[str, Profile]:
    """The systems `bulletin generate` plays (each declares its `generated` profile), by `system:` name."""
    return {name: system.generated for name, system in SYSTEMS.items() if isinstance(system, Generates)}


@dataclass(frozen=True)
class Spec:
    """The parameters of a generated tournament (FIDE's list for a random tournament generator)."""

    seed: int = 1
    system: str = "dutch"
    players: int = 20  # entrants: players, or teams for a team system
    rounds: int = 0  # 0: the system's default for the entrants
    rating_max: int = 2600
    rating_min: int = 1400
    unrated: float = 0.0  # share of players without a rating
    titles: bool = False
    federations: bool = False
    half_byes: float = 0.0  # per player and round: a requested half-point bye
    full_byes: float = 0.0  # a requested full-point bye
    zero_byes: float = 0.0  # an absence announced before pairing (zero-point bye)
    forfeits: float = 0.0  # per game: a forfeit (one in ten of them a double forfeit)
    draws: float | None = None  # per game played: a draw (else a win for either player); None: 0.3,
    # in go 0.02 (a jigo, only in a game whose komi is whole)
    baku: bool = False
    first_colour: str = "white"
    tiebreaks: tuple[str, ...] = ()  # (): SWISS_CHAIN, or the system's own chain (a round robin's); a
    # system ranking teams by C.07's team tiebreaks (fide-team): its `team_tiebreaks` (): TEAM_CHAIN
    boards: int = 4
    name: str = ""
    abnormal: float = 0.0  # per game played: an abnormal result (½-0 or 0-½, one in five of them 0-0)
    komi: float = 6.5  # go: the event's komi
    bar: str = ""  # mcmahon: the McMahon bar and floor ("": the system's, 4d and 20k)
    floor: str = ""
    cycles: int = 1  # a round robin's: 2 plays the Berger table twice (C.05 Annex 1)
    swap_last_rounds: bool = True  # a double round robin's first cycle ends with its last two swapped
    date: dt.date | None = None  # the first day (TRF 042): the C.07 text its standings follow

    @property
    def draw_rate(self) -> float:
        """The share of draws (jigo in go) among the games played."""
        if self.draws is not None:
            return self.draws
        return go_field.JIGO if profiles().get(self.system, Profile()).go else 0.3


#: The chain of a generated Swiss when none is asked for (FIDE C.07's usual one); a team event's
#: individual standings are ranked by it too
SWISS_CHAIN = ("BH-C1", "BH", "SB", "DE", "WIN")

#: The team chain of a generated FIDE team Swiss when none is asked for (C.07's team tiebreaks after
#: the primary score, match points: the game points, the opponents' match points, the extended
#: Sonneborn-Berger of their match points by the game points scored against them, the encounter)
TEAM_CHAIN = ("GP", "BH:MP", "EMGSB", "DE")

#: The option of `bulletin generate` each key of the generated event.yaml comes from, so that a value
#: the content refuses is named by its option, not by a line of a file the user never sees.
OPTION_OF_KEY = {"rounds": "--rounds", "dates": "--date", "komi": "--komi", "tiebreaks": "--tiebreaks",
                 "team_tiebreaks": "--tiebreaks", "boards": "--boards", "first_colour": "--first-colour",
                 "acceleration": "--baku", "cycles": "--cycles", "swap_last_rounds": "--swap-last-rounds",
                 "mcmahon_bar": "--bar", "mcmahon_floor": "--floor"}


@dataclass(frozen=True)
class Generated:
    """The generated event: its files (relative path → text) and the event as loaded from them."""

    files: dict[str, str]
    event: Event = field(compare=False)

    @property
    def section(self) -> Section:
        return self.event.sections[0]


def generate(spec: Spec) -> Generated:
    """Play the tournament of `spec`: each round's requests drawn, paired by the engine, its results
    drawn, and the event loaded again from its files."""
    profile = profiles().get(spec.system)
    if profile is None:
        raise GenerateError(f"unknown system {spec.system!r} (hint: generate plays {', '.join(profiles())})")
    _check_spec(spec, profile)
    rng = random.Random(spec.seed)
    entrants = f"{SECTION}/{'teams' if profile.teams else 'players'}.yaml"
    if profile.go:
        ranks = go_field.ranks(rng, spec.players)
        files = {"event.yaml": _event_yaml(spec, profile, rng), entrants: _go_players_yaml(ranks, rng)}
    else:
        ratings = _ratings(rng, spec)
        files = {"event.yaml": _event_yaml(spec, profile, rng)}
        files[entrants] = _entrants_yaml(spec, profile, ratings, rng)
    with tempfile.TemporaryDirectory(prefix="bulletin-generate-") as tmp:
        folder, parsed = Path(tmp), Store(None)  # files parsed once, kept in memory
        event = _load(folder, files, parsed)
        _check_sections(event, folder, files["event.yaml"])
        section = event.sections[0]
        while section.current_round < section.rounds_planned:
            number = section.current_round + 1
            path = f"{SECTION}/rounds/{number:02d}.yaml"
            requests = _requests(rng, spec, profile, section, number)
            if requests:
                files[path] = requests
                event = _load(folder, files, parsed)
                section = event.sections[0]
            try:
                pairing = next_round(section, records(section), event.draw.seed, event)
            except PairingError as error:
                raise GenerateError(f"round {number} cannot be paired: {error} (hint: fewer --rounds, or "
                                    "more --players)") from None
            text = round_yaml(section, pairing, event.language)
            head, body = text.split(f"round: {number}\n", 1)
            text = filled(requests, head, number, body) if requests else text
            files[path] = _with_results(text, rng, spec, profile, komi_of(section))
            event = _load(folder, files, parsed)
            section = event.sections[0]
    return Generated(files, event)


def _check_spec(spec: Spec, profile: Profile) -> None:
    """Refuse, before any round, the options the tournament cannot be played with (`GenerateError`)."""
    if spec.players < 2:
        raise GenerateError("a tournament needs at least 2 entrants")
    if spec.cycles not in (1, 2) or (spec.cycles == 2 and not profile.cycles):
        raise GenerateError("a round robin (--system round-robin) plays 1 or 2 cycles; other systems 1")
    if not 0 <= spec.rating_min <= spec.rating_max:
        raise GenerateError(f"no rating from {spec.rating_min} to {spec.rating_max}")
    shares = (spec.unrated, spec.half_byes, spec.full_byes, spec.zero_byes, spec.forfeits, spec.draw_rate,
              spec.abnormal)
    if not all(0 <= share <= 1 for share in shares) or spec.half_byes + spec.full_byes + spec.zero_byes > 1:
        raise GenerateError("the shares of unrated players, byes, forfeits and draws are between 0 and 1, "
                            "and the byes' together at most 1")
    if profile.rated and spec.unrated:
        raise GenerateError(f"--unrated {spec.unrated:g}: {profile.rated}, so every player of a "
                            f"generated {spec.system} event is rated (hint: leave out --unrated"
                            f"{_pairing_unrated(spec.system)})")
    if profile.go and spec.abnormal:
        raise GenerateError("abnormal results (½-0, 0-0) are chess's: a go game is won, a jigo or both "
                            "players lose (--forfeits writes 0-0)")
    if profile.go and (spec.half_byes or spec.full_byes):
        raise GenerateError("a go section has no requested half- or full-point byes: an absence "
                            "(--zero-byes) scores as its absent_mms and absent_nbw say")
    _check_team_chain(spec)


def _pairing_unrated(name: str) -> str:
    """The systems closest to system `name` (of its parent class: FIDE's Swiss systems for Dubov)
    whose generated profile pairs unrated players (`Profile.rated` empty), as the end of a hint:
    "; the dutch, burstein, lim and double-swiss systems pair unrated players" ("" when none)."""
    kin = type(SYSTEMS[name]).__mro__[1]
    names = [other for other, profile in profiles().items()
             if other != name and not profile.rated and isinstance(SYSTEMS[other], kin)]
    if not names:
        return ""
    listed = names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"
    return f"; the {listed} system{'s' if len(names) > 1 else ''} pair{'' if len(names) > 1 else 's'} " \
           "unrated players"


def _team_chain(spec: Spec) -> bool:
    """Whether the system ranks its teams by C.07's team tiebreaks (`team_tiebreaks`: fide-team), so
    that `--tiebreaks` names them."""
    system = SYSTEMS[spec.system]
    return any(option.key == "team_tiebreaks" for option in system.options)


def _check_team_chain(spec: Spec) -> None:
    """Refuse a team tiebreak of `--tiebreaks` that the system does not know, naming the option."""
    if not (spec.tiebreaks and _team_chain(spec)):
        return
    system = SYSTEMS[spec.system]
    problems = option_problems(system, {"team_tiebreaks": " ".join(spec.tiebreaks)})
    if problems:
        raise GenerateError("\n".join(f"--tiebreaks: {message} (hint: {hint})"
                                      for _, message, hint in problems))


def _refused(error: ContentError, folder: Path, event_yaml: str) -> GenerateError:
    """The content's refusal of the generated files as the options that wrote them: a problem of
    event.yaml named by its option (`--tiebreaks: unknown tiebreak text 'XX'`), any other by its
    file within the event; never the temporary folder's path."""
    lines, named, others = event_yaml.splitlines(), [], []
    for problem in error.problems:
        path = problem.location.path
        relative = path.relative_to(folder) if path.is_relative_to(folder) else Path(path.name)
        text = f"{problem.message} (hint: {problem.hint})" if problem.hint else problem.message
        key = lines[problem.location.line - 1].strip().split(":", 1)[0] \
            if relative == Path("event.yaml") and problem.location.line <= len(lines) else ""
        if key in OPTION_OF_KEY:
            named.append(f"{OPTION_OF_KEY[key]}: {text}")
        else:
            others.append(f"the generated {relative.as_posix()}, line {problem.location.line}: {text}")
    return GenerateError("\n".join(named or others))  # an option's value first: the rest follows from it


def _load(folder: Path, files: dict[str, str], parsed: Store) -> Event:
    for relative, text in files.items():
        path = folder / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            path.write_text(text, encoding="utf-8")
    try:
        return load_site(folder, parsed).events[0]
    except ContentError as error:
        raise _refused(error, folder, files["event.yaml"]) from None


def _check_sections(event: Event, folder: Path, event_yaml: str) -> None:
    """Refuse what the system's own checks refuse (`bulletin check` would refuse the file written:
    an odd number of rounds of a Double-Swiss), before any round is played."""
    problems = Problems()
    for section in event.sections:
        system_of(section).check(event, section, problems)
    try:
        problems.raise_if_any()
    except ContentError as error:
        raise _refused(error, folder, event_yaml) from None


def _ratings(rng: random.Random, spec: Spec) -> list[int | None]:
    """Ratings in seeding order (strongest first), a share of the players unrated (seeded last)."""
    count = spec.players * (spec.boards if profiles()[spec.system].teams else 1)
    rated = sorted((rng.randint(spec.rating_min, spec.rating_max) for _ in range(count)), reverse=True)
    unrated = sum(rng.random() < spec.unrated for _ in range(count))
    return [*rated[:count - unrated], *([None] * unrated)]


def _event_yaml(spec: Spec, profile: Profile, rng: random.Random) -> str:
    system = SYSTEMS[spec.system]
    default = system.default_rounds(spec.players) if isinstance(system, NewDefaults) else DEFAULT_ROUNDS
    rounds = spec.rounds or spec.cycles * default
    if profile.swiss and not spec.rounds:
        rounds = min(rounds, max(1, (spec.players + 1) // 2))
    game = ["game: go", f"komi: {spec.komi:g}"] if profile.go else ["game: chess"]
    lines = [f"# Generated by 'bulletin generate --seed {spec.seed}': fictional players, random results.",
             f"name: {json.dumps(spec.name or f'Generated tournament {spec.seed}', ensure_ascii=False)}",
             *([f"dates: [{spec.date.isoformat()}]"] if spec.date else []),
             *game, "language: en", f"draw_seed: {rng.randrange(1, 2**31)}", "sections:",
             f"  {SECTION}:", "    name: Open", f"    system: {spec.system}", f"    rounds: {rounds}"]
    if profile.go:  # OpenGotha's criteria (MMS or NBW, then SOS, SOSOS) unless the spec says
        lines += [f"    tiebreaks: [{', '.join(spec.tiebreaks)}]"] if spec.tiebreaks else []
    elif system.ranking.ranked:  # players (a team event's individual standings) by the chain
        team = _team_chain(spec)
        chain = (() if team else _chain_items(spec.tiebreaks)) or system.ranking.tiebreaks or SWISS_CHAIN
        lines += ["    tiebreak_rules: fide", f"    tiebreaks: [{', '.join(chain)}]"]
        lines += [f"    team_tiebreaks: [{', '.join(spec.tiebreaks or TEAM_CHAIN)}]"] if team else []
    return "\n".join(lines + [f"    {key}" for key in profile.keys(spec)]) + "\n"


def _chain_items(tiebreaks: tuple[str, ...]) -> tuple[str, ...]:
    """`--tiebreaks` as items of `tiebreaks:`: a C.07 code read as `bulletin import trf` reads it in
    a 202 record (any Cut-n or Median-n of BH, FB and ARO, any Cut-n of PS: `ARO-M2` is
    `{id: opponents-rating, median: 2}`), any other text as given (the content names it if unknown)."""
    items = []
    for text in tiebreaks:
        read, left, _ = read_chain(f"202 {text}")
        items.append(read[0] if len(read) == 1 and not left else text)
    return tuple(items)


def _go_players_yaml(ranks: list[int], rng: random.Random) -> str:
    """A go player list in seeding order (strongest first): names and `go_field.player_keys`."""
    names = _names(rng, len(ranks))
    players = [", ".join([f"name: {json.dumps(name, ensure_ascii=False)}", *go_field.player_keys(rng, rank)])
               for name, rank in zip(names, ranks, strict=True)]
    return "players:\n" + "".join(f"  - {{number: {i}, {p}}}\n" for i, p in enumerate(players, 1))


def _entrants_yaml(spec: Spec, profile: Profile, ratings: list[int | None], rng: random.Random) -> str:
    names = _names(rng, len(ratings))
    # a team's players have names and ratings only
    shown = dataclasses.replace(spec, titles=False, federations=False) if profile.teams else spec
    players = [_player(shown, rng, names[i], ratings[i]) for i in range(len(ratings))]
    if not profile.teams:
        return "players:\n" + "".join(f"  - {{number: {i}, {p}}}\n" for i, p in enumerate(players, 1))
    lines = []
    for team in range(spec.players):
        members = ", ".join(f"{{{players[b * spec.players + team]}}}" for b in range(spec.boards))
        lines.append(f"  - {{number: {team + 1}, name: \"Team {team + 1:02d}\", players: [{members}]}}\n")
    return "teams:\n" + "".join(lines)


def _names(rng: random.Random, count: int) -> list[str]:
    """`count` different names, "Surname, Given" (a number added once the combinations run out)."""
    names: list[str] = []
    seen: set[str] = set()
    while len(names) < count:
        name = f"{rng.choice(SURNAMES)}, {rng.choice(GIVEN)}"
        name = name if name not in seen else f"{name} {len(names) + 1}"
        seen.add(name)
        names.append(name)
    return names


def _player(spec: Spec, rng: random.Random, name: str, rating: int | None) -> str:
    keys = [f"name: {json.dumps(name, ensure_ascii=False)}"]
    if rating is not None:
        keys.append(f"rating: {rating}")
    if spec.titles and rating is not None:
        title = next((t for t, floor in TITLES if rating >= floor and rng.random() < 0.6), "")
        keys += [f"title: {title}"] if title else []
    if spec.federations:
        keys.append(f"federation: {rng.choice(FEDERATIONS)}")
    return ", ".join(keys)


def _requests(rng: random.Random, spec: Spec, profile: Profile, section: Section, number: int) -> str:
    """The round file written before pairing: the players who asked for a bye or announced their
    absence ("" when nobody did, or the system pairs everyone)."""
    if not profile.requests or profile.teams:
        return ""
    kinds: dict[str, list[int]] = {"half_byes": [], "full_byes": [], "absent": []}
    for player in section.players:
        roll = rng.random()
        if roll < spec.half_byes:
            kinds["half_byes"].append(player.number)
        elif roll < spec.half_byes + spec.full_byes:
            kinds["full_byes"].append(player.number)
        elif roll < spec.half_byes + spec.full_byes + spec.zero_byes:
            kinds["absent"].append(player.number)
    if not any(kinds.values()):
        return ""
    lines = [f"round: {number}"]
    lines += [f"{key}: [{', '.join(map(str, who))}]" for key, who in kinds.items() if who]
    return "\n".join([*lines, "games: []"]) + "\n"


def _with_results(text: str, rng: random.Random, spec: Spec, profile: Profile, komi: Fraction | None) -> str:
    """The round file with a drawn result in place of each '?', in order: a forfeit at the rate of
    `spec.forfeits`, else an abnormal result at the rate of `spec.abnormal`, else a draw at the rate
    of `spec.draw_rate` or a win for either player. A knockout's match (its two games, the players'
    colours swapped) goes to one player: a win and a draw. A go game's result is drawn for the komi
    of its row (`go_field.go_result`)."""
    parts = text.split('"?"')
    out = [parts[0]]
    for index in range(1, len(parts)):
        if profile.go:
            row = parts[index - 1].rsplit("\n", 1)[-1] + parts[index].split("\n", 1)[0]
            result = go_field.go_result(rng, spec.forfeits, spec.draw_rate,
                                        go_field.komi_of(row, komi if komi is not None else Fraction(0)))
        elif profile.decisive:
            result = ("1-0" if rng.random() < 0.5 else "0-1") if index % 2 else "½-½"
        elif rng.random() < spec.forfeits:
            result = rng.choice(("+-", "-+", "+-", "-+", "+-", "-+", "+-", "-+", "+-", "--"))
        elif spec.abnormal and rng.random() < spec.abnormal:  # no draw from `rng` at the rate 0
            result = rng.choice(("½-0", "0-½", "½-0", "0-½", "0-0"))
        else:
            roll = rng.random()
            win = (1 - spec.draw_rate) / 2
            result = "1-0" if roll < win else "½-½" if roll < win + spec.draw_rate else "0-1"
        out += [f'"{result}"', parts[index]]
    return "".join(out)
