"""`bulletin new`: an event that `bulletin pair` can pair at once.

The event file names its system, rounds and the commitment of a fresh secret draw seed; the
player list holds placeholder names (or none); no round is written: round 1 comes from
`bulletin pair`. Sample text is in the event's language.
"""

from __future__ import annotations

import datetime as dt
import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar, Protocol, runtime_checkable

from site_builder import draw_seed
from site_builder.games.go_ranks import MIN_RANK, GoRank
from site_builder.games.registry import game_of
from site_builder.languages import catalogue
from site_builder.model import GAMES, LANGUAGES
from site_builder.regulations import REGULATIONS
from site_builder.systems import SYSTEMS as REGISTRY
from site_builder.systems.base import NewDefaults, System, TeamPlay


@runtime_checkable
class NewTexts(Protocol):
    """What `bulletin new` writes for a system it starts: the note beside `system:`, the section
    lines of its options (commented) and its rounds when none are asked for. A system without them
    is not offered (`systems.base.NewDefaults` gives them)."""

    new_note: ClassVar[str]
    new_extra: ClassVar[str]
    new_rated: ClassVar[bool]

    def default_rounds(self, players: int) -> int: ...


#: mypy checks that the systems' texts are the ones `bulletin new` reads
_TEXTS: type[NewTexts] = NewDefaults


def new_texts(system: System) -> NewTexts | None:
    """What `bulletin new` writes for `system`, None when it does not start it."""
    return system if isinstance(system, NewTexts) else None

#: Systems an event of one section can start with (team, staged and league events have their own
#: files; see docs/systems.md).
SYSTEMS = tuple(name for name, system in REGISTRY.items() if new_texts(system) is not None)

#: The regulations' presets an event can start with: those of a system `bulletin new` starts (a staged
#: Swiss has files of its own, see docs/systems.md).
STARTED_REGULATIONS = tuple(name for name, preset in REGULATIONS.items() if preset.system in (None, *SYSTEMS))

#: The sample texts of a new event, in its language (the catalogue's `new.sample.<key>`).
_SAMPLES = ("event", "section", "player", "team", "member", "regulations", "body")

_EVENT = """\
# {w[new.head]}
name: {name}
# dates: [{today}, {today}]  # {w[new.dates]}
# timezone: {timezone}  # {w[new.timezone]}
venue: ""
{game:<28}# xiangqi | chess | shogi | gomoku | go
{language:<28}# {languages}: {w[new.language]}
{komi}{time_control}{regulation}{seed}
sections:
  open:
    name: {section}
    {system:<24} # {system_note}
    rounds: {rounds}
{extra}"""

_SECRET_SEED = """\
# {w[new.secret_seed]}
draw_seed_sha256: {digest}"""

_PLAIN_SEED = "draw_seed: {seed}   # {w[new.plain_seed]}"

#: A commented line of a system's `new_extra`: its key and its comment.
_COMMENTED = re.compile(r"^(\s*#?\s*)([a-z_]+)(:[^#\n]*#\s*)(.*)$", flags=re.M)


def localised(extra: str, words: Mapping[str, str]) -> str:
    r"""A system's extra section lines with each comment in the event's language, where its catalogue
    says the key (`new.comment.<key>`); other comments as the system writes them.

    >>> localised("    first_colour: lot   # the top seed's colour\n", {"new.comment.first_colour": "颜色"})
    '    first_colour: lot   # 颜色\n'
    """
    return _COMMENTED.sub(lambda m: m.group(1) + m.group(2) + m.group(3)
                          + words.get(f"new.comment.{m.group(2)}", m.group(4)), extra)

_PAGE = """\
---
title: {title}
order: 1
---
# {title}

{body}
"""


class ScaffoldError(Exception):
    """The target directory cannot take a new event."""


@dataclass(frozen=True)
class Scaffold:
    """What `scaffold` wrote, and the secret draw seed when one was made (shown once, never stored)."""

    written: list[Path]
    seed: int | None


def scaffold(directory: Path, *, name: str = "", game: str = "xiangqi", language: str = "zh",
             system: str = "", rounds: int = 0, players: int = 0, secret_seed: bool = True,
             today: dt.date | None = None, regulation: str = "", teams: int = 0, boards: int = 3
             ) -> Scaffold:
    """Write a new event into `directory` (which must be empty or absent): under `regulation`, its
    system and settings; a team system's teams (`teams` of `boards` players) instead of players."""
    if game not in GAMES or language not in LANGUAGES:
        raise ScaffoldError(f"unknown game {game!r} or language {language!r}")
    preset = REGULATIONS.get(regulation) if regulation else None
    if regulation and preset is None:
        raise ScaffoldError(f"unknown regulation {regulation!r}; the regulations: {', '.join(REGULATIONS)}")
    if preset is not None and preset.game not in (None, game):
        raise ScaffoldError(f"the regulation {regulation} is for {preset.game}: give --game {preset.game}")
    system = system or (preset.system if preset else game_of(game).defaults.system)
    texts = new_texts(REGISTRY[system]) if system in SYSTEMS else None
    if texts is None:
        raise ScaffoldError(f"'bulletin new' starts events of the systems {', '.join(SYSTEMS)}; "
                            f"for {system!r} see docs/systems.md")
    if directory.exists() and any(directory.iterdir()):
        raise ScaffoldError(f"{directory} is not empty (hint: choose a new directory)")
    rounds = rounds or texts.default_rounds(players)
    if rounds < 1:
        raise ScaffoldError("--rounds must be at least 1")
    today = today or dt.date.today()
    seed = draw_seed.new_seed()
    words = catalogue(language).labels
    text = {key: words[f"new.sample.{key}"] for key in _SAMPLES}
    seed_yaml = (_SECRET_SEED.format(digest=draw_seed.commitment(seed), w=words) if secret_seed
                 else _PLAIN_SEED.format(seed=seed, w=words))
    extra = localised(texts.new_extra, words)
    if preset is not None and preset.numbering == "codes":  # what the regulation sets, not a comment
        extra = re.sub(r"# numbering: codes +# ", f"numbering: codes         # {words['new.set_by']}", extra)
    ranked = game_of(game).player_ranks
    head = words["new.players.head.go" if ranked else "new.players.head"] + "\n"
    entrants = {"open/players.yaml": _players_yaml(players, text["player"], head, ranked, texts.new_rated)}
    if isinstance(texts, TeamPlay):  # the system started is played by teams
        extra += f"    boards: {boards:<16} # {words['new.comment.boards']}\n"
        entrants = {"open/teams.yaml": _teams_yaml(teams, boards, text, words)}
    files = {
        "event.yaml": _EVENT.format(
            name=_quoted(name or text["event"]), today=today.isoformat(),
            timezone=words["new.timezone.example"], game=f"game: {game}",
            language=f"language: {language}", languages=" | ".join(LANGUAGES), seed=seed_yaml,
            komi=_komi(game, language), time_control=_time_control(game, language),
            section=text["section"],
            regulation=_regulation_line(regulation, words) if preset else "",
            system=f"system: {system}",
            system_note=words.get(f"new.system.{system}", texts.new_note), rounds=rounds,
            extra=extra, w=words),
        **entrants,
        "pages/regulations.md": _PAGE.format(title=text["regulations"], body=text["body"]),
    }
    written = []
    for relative, content in files.items():
        path = directory / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(content, encoding="utf-8")
        written.append(path)
    return Scaffold(written, seed if secret_seed else None)


def _regulation_line(regulation: str, words: Mapping[str, str]) -> str:
    """The `regulation:` line of event.yaml, its comment in the event's language: the regulation's
    title (`new.regulation.<name>`, else the preset's own) and what it sets.

    >>> _regulation_line("xiangqi-team-swiss", {"new.regulation": "{title}：规则"})
    'regulation: xiangqi-team-swiss   # Yuangou Cup xiangqi team Swiss：规则\\n'
    """
    title = words.get(f"new.regulation.{regulation}", REGULATIONS[regulation].title)
    return f"regulation: {regulation}   # {words['new.regulation'].format(title=title)}\n"


def _komi(game: str, language: str) -> str:
    """The komi line of a go event: its language's rules' komi (`new.komi.value`: Chinese rules 7.5,
    Japanese rules 6.5)."""
    if not game_of(game).game_terms:
        return ""
    words = catalogue(language).labels
    komi = f"komi: {words['new.komi.value']}"
    return f"{komi:<28}# {words['new.komi']}\n"


def _time_control(game: str, language: str) -> str:
    """The time control line of a go event, commented out (the organizer gives it): an example in
    its language's words (`new.time_control.value`) that the h9 export reads for the EGF's class,
    with the English words beside them where they differ, which the federations' files take."""
    if not game_of(game).game_terms:
        return ""
    words = catalogue(language).labels
    value, english = words["new.time_control.value"], catalogue("en").labels["new.time_control.value"]
    given = value if value == english else f"{{{language}: {value}, en: {english}}}"
    return f"# time_control: {given}  # {words['new.time_control']}\n"


def _players_yaml(count: int, pattern: str, head: str, ranked: bool = False, rated: bool = False) -> str:
    """The placeholder players; with go's ranks (`ranked`) from 3d down, one rank a player; with
    ratings (`rated`) from 2200 down, 25 points a player, never below 1400.

    >>> print(_players_yaml(2, "P{n}", "", rated=True), end="")
    players:
      - {number: 1, name: "P1", rating: 2200}
      - {number: 2, name: "P2", rating: 2175}
    """
    if not count:
        example = 'rank: 3d' if ranked else 'rating: 1850'
        return head + f"players: []   # e.g. - {{number: 1, name: \"Surname, Given\", {example}}}\n"

    def tail(n: int) -> str:
        if ranked:
            return f", rank: {GoRank(max(3 - n, MIN_RANK))}"
        return f", rating: {max(2225 - 25 * n, 1400)}" if rated else ""

    lines = [f"  - {{number: {n}, name: {_quoted(pattern.format(n=n))}{tail(n)}}}"
             for n in range(1, count + 1)]
    return head + "players:\n" + "\n".join(lines) + "\n"


def _teams_yaml(count: int, boards: int, text: dict[str, str], words: Mapping[str, str]) -> str:
    """teams.yaml: its head and `count` placeholder teams of `boards` players, in the event's
    language (an empty list shows one team as an example)."""
    head = words["new.teams.head"] + "\n"

    def team(t: int) -> str:
        return (f"{{number: {t}, name: {_quoted(text['team'].format(t=t))}, players: ["
                + ", ".join(_quoted(text["member"].format(t=t, b=b)) for b in range(1, boards + 1)) + "]}")

    if not count:
        return head + f"teams: []   # {words['new.teams.example']} - {team(1)}\n"
    return head + "teams:\n" + "\n".join(f"  - {team(t)}" for t in range(1, count + 1)) + "\n"


def _quoted(text: str) -> str:
    """A YAML double-quoted scalar."""
    return json.dumps(text, ensure_ascii=False)
