"""The feature matrix: every pairing system of the registry × every change of the field × every
command. One case runs a small event as an arbiter does, with the CLI only — `new`, then for each
round the change (if it falls before it), `pair`, `check --strict`, the results — and at the end
`verify`, `build` and every export with its import, and returns what went wrong, in words.

A case fails when `pair` ignores a change without a word (a withdrawn player paired, a late entrant
or a requested bye left out), when a command writes what `check` refuses, when a refusal is not one
located line or leaves a file changed, when `verify` names a round the tool paired, when the site
does not build, or when a round trip through an export loses a change. A system whose rules cannot
take a change refuses it in one located line; the case then goes on without it.

`tests/seams/test_matrix.py` runs a bounded sample in `make test`; `bench/matrix.py` runs it wide.
"""

from __future__ import annotations

import random
import re
import shutil
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import yaml
from click.testing import CliRunner

from site_builder.checks import load_checked
from site_builder.cli import main
from site_builder.commands.new import new_texts
from site_builder.engine.teams import TeamRound
from site_builder.errors import ContentError
from site_builder.model import Section
from site_builder.regulations import REGULATIONS
from site_builder.systems import SYSTEMS
from site_builder.systems.base import NewDefaults, team_play
from site_builder.trf.names import trf_capability
from site_builder.trf.scoring import in_proportion

#: Each change of the field the matrix makes, before the round it falls in.
CHANGES = ("none", "late-entry", "withdrawal", "absence", "half-bye", "full-bye", "forfeit",
           "correction", "hand-change")

#: A game's results as the round files write them: decisive first, then a draw where the game has one.
RESULTS = {"chess": ("1-0", "0-1", "½-½"), "xiangqi": ("2:0", "0:2", "1:1"), "go": ("B+R", "W+R", "B+3.5"),
           "gomoku": ("1-0", "0-1", "½-½"), "shogi": ("1-0", "0-1", "½-½")}
FORFEITS = ("+-", "-+")
EXAMPLES = Path(__file__).resolve().parents[2] / "content"
LOCATED = re.compile(r"^((error|warning): )?\S+:\d+:\d+: .+$", re.IGNORECASE)
#: How a command names each change of the field when it says what it does with one.
WORDS = {"withdrawn": "withdrawal", "entered": "late entr", "teams_withdrawn": "withdrawal"}


def game_of(system: str) -> str:
    """The game a system's events are run in: go for a system scored by go's scores, chess for one
    TRF names by a FIDE code, else xiangqi."""
    spec = SYSTEMS[system]
    if spec.score.main is not None:
        return "go"
    names = trf_capability(spec)
    return "chess" if names is not None and names.trf_code.startswith("FIDE") else "xiangqi"


def systems() -> list[str]:
    """Every system `bulletin pair` pairs, from the registry: those `bulletin new` starts, and those
    an example event of one section runs (a regulation's: the staged Swiss)."""
    return [name for name, spec in SYSTEMS.items()
            if spec.pairing.automatic and (new_texts(spec) or example(name))]


def example(system: str) -> tuple[Path, str] | None:
    """An example event with a section whose system is `system` (its own, its event's or its
    regulation's), and the section: what a case of a system `bulletin new` does not start copies
    (the section alone when the event has one, else the whole event with that section's rounds
    taken away: a league's random stage, whose field is its first stage's)."""
    for event_file in sorted(EXAMPLES.glob("*/event.yaml")):
        data = yaml.safe_load(event_file.read_text(encoding="utf-8"))
        preset = REGULATIONS.get(data.get("regulation", ""))
        for section_id, section in (data.get("sections") or {}).items():
            named = (section or {}).get("system") or data.get("system") or (preset.system if preset else "")
            if named == system and (event_file.parent / section_id).is_dir():
                return event_file.parent, section_id
    return None


@dataclass(frozen=True)
class Case:
    system: str
    change: str
    seed: int

    def __str__(self) -> str:
        return f"{self.system} × {self.change} (seed {self.seed})"


@dataclass
class Outcome:
    """What a case found: its failures (empty: it passed) and the changes a system refused."""

    case: Case
    failures: list[str] = field(default_factory=list)
    refused: list[str] = field(default_factory=list)
    commands: int = 0


class Run:
    """One case's event, under `root`, and the commands run on it."""

    def __init__(self, root: Path, case: Case) -> None:
        self.case, self.root = case, root
        self.content = root / "content"
        self.event = self.content / "e"
        self.rng = random.Random(case.seed)
        self.spec = SYSTEMS[case.system]
        self.game = game_of(case.system)
        self.outcome = Outcome(case)
        self.section_id = "open"
        self.day = ""  # the date each round file is given ("": an event of one day needs none)
        self.one = ()  # `--section ID` where the event has several sections

    # ------------------------------------------------------------------ commands
    def cli(self, *args: str) -> tuple[int, str]:
        self.outcome.commands += 1
        words = [str(a) for a in args]
        result = CliRunner().invoke(main, words)
        if result.exception is not None and not isinstance(result.exception, SystemExit):
            self.fail(f"`bulletin {' '.join(words[:2])}` raised {result.exception!r}")
        return result.exit_code, result.output

    def fail(self, text: str) -> None:
        self.outcome.failures.append(text)

    def section(self) -> Section | None:
        try:
            return next(s for s in load_checked(self.content).events[0].sections if s.id == self.section_id)
        except ContentError as error:
            self.fail(f"the content does not load: {error.problems[0]}")
            return None

    @property
    def rounds(self) -> Path:
        return self.event / self.section_id / "rounds"

    def round_file(self, number: int) -> Path:
        return self.rounds / f"{number:02d}.yaml"

    # ------------------------------------------------------------------ the event
    def start(self) -> bool:
        """The event: `bulletin new` with a field of random size, or, where the system refuses that
        size in one located line (a knockout takes a power of two), with 8."""
        if new_texts(self.spec) is None:
            return self.copy_example()
        size = self.rng.randint(7, 9) if team_play(self.spec) else self.rng.randint(7, 12)
        if not self.new(size):
            return False
        code, out = self.cli("check", self.content)
        if code == 0:
            return True
        self.refusal(out, f"check refuses a field of {size}")
        shutil.rmtree(self.event)
        return self.new(8)

    def new(self, size: int) -> bool:
        teams = team_play(self.spec)
        args = ["new", self.event, "--game", self.game, "--system", self.case.system, "--language", "en",
                "--plain-seed", "--teams" if teams else "--players", str(size)]
        if teams:
            args += ["--boards", "2"]
        if type(self.spec).default_rounds is NewDefaults.default_rounds:  # the system's own count otherwise
            args += ["--rounds", str(self.rng.randint(3, 4) if teams else self.rng.randint(4, 5))]
        code, out = self.cli(*args)
        if code:
            self.fail(f"`bulletin new` failed: {out.strip()}")
            return False
        players = self.event / "open" / "players.yaml"
        if self.game == "chess" and players.is_file():  # a chess list's ratings (Dubov pairs by them)
            players.write_text(re.sub(r'name: "Player (\d+)"}', lambda m: f'name: "Player {m[1]}", rating: '
                                      f'{2400 - 20 * int(m[1])}}}', players.read_text(encoding="utf-8")),
                               encoding="utf-8")
        path = self.event / "event.yaml"  # what the organizer gives: the dates, a go event's time control
        text = re.sub(r"^# dates: \[[^\]]*\]", "dates: [2027-03-06, 2027-03-06]",
                      path.read_text(encoding="utf-8"), flags=re.M)
        # the case's own draw seed (`new` draws a fresh one): every case runs alike every time
        text = re.sub(r"^draw_seed: \d+", f"draw_seed: {20270306 + self.case.seed}", text, flags=re.M)
        path.write_text(text + ("time_control: 60 min + 5×30 s byo-yomi\n" if self.game == "go" else ""),
                        encoding="utf-8")
        return True

    def copy_example(self) -> bool:
        """The example event of the system, without the rounds of the section it runs, played on
        one day: of one section, in `open/` as `bulletin new` writes it; else the whole event."""
        found = example(self.case.system)
        assert found is not None
        folder, section_id = found
        text = (folder / "event.yaml").read_text(encoding="utf-8")
        sections = yaml.safe_load(text).get("sections") or {}
        if len(sections) == 1:
            text = re.sub(r"^dates: .*$", "dates: [2027-03-06, 2027-03-06]", text, flags=re.M)
            (self.event / "open").mkdir(parents=True)
            text = re.sub(rf"^  {section_id}:", "  open:", text, flags=re.M)
            shutil.copy(folder / section_id / "players.yaml", self.event / "open" / "players.yaml")
        else:
            shutil.copytree(folder, self.event)
            shutil.rmtree(self.event / section_id / "rounds", ignore_errors=True)
            if (self.event / "challenges.yaml").is_file():  # a league's stage after it: none yet
                (self.event / "challenges.yaml").write_text("challenges: []\n", encoding="utf-8")
            self.section_id, self.one = section_id, ("--section", section_id)
            self.day = str(yaml.safe_load(text)["dates"][-1])  # its rounds are dated: the last day
        (self.event / "event.yaml").write_text(text, encoding="utf-8")
        self.game = yaml.safe_load(text).get("game", self.game)
        return True

    def run(self) -> Outcome:
        if not self.start():
            return self.outcome
        section = self.section()
        if section is None:
            return self.outcome
        planned = section.rounds_planned
        at = min(planned, 2 + self.rng.randint(0, max(0, planned - 3)))  # the round the change falls in
        hand_changed: set[int] = set()
        for number in range(1, planned + 1):
            if number == at:
                self.before_pairing(number)
            if not self.pair(number) and not (number == at and self.take_back() and self.pair(number)):
                break
            if number == at:
                self.after_pairing(number, hand_changed)
            self.results(number, forfeits=self.case.change == "forfeit" and number == at)
            self.strict(f"round {number} played")
        self.verify(hand_changed)
        self.build()
        self.exports()
        return self.outcome

    # ------------------------------------------------------------------ the changes
    def before_pairing(self, number: int) -> None:
        """The change that falls before round `number` is paired, checked after it is."""
        section = self.section()
        if section is None:
            return
        change = self.case.change
        active = self.active(section, number)
        if change == "late-entry" and not (self.event / self.section_id / "players.yaml").is_file():
            return  # a stage whose field is the stages' before it: no list of its own to enter anyone
        player = self.rng.choice(sorted(active)) if active else None
        self.expect: Callable[[Section], str] | None = None
        if change == "late-entry" and not team_play(self.spec):
            new = max(p.number for p in section.players) + 1
            rank = {"go": ", rank: 10k", "chess": ", rating: 1500"}.get(self.game, "")
            self.change_file(self.event / self.section_id / "players.yaml",
                             lambda t: t + f'  - {{number: {new}, name: "Late, Player {new}"{rank}}}\n',
                             f"late entry of player {new}",
                             lambda s: "" if new in self.round_of(s, number).entrants
                             else f"late entrant {new} is not in round {number}")
        elif change == "withdrawal" and player is not None:
            name = self.name(section, player)
            self.change_file(self.round_file(number - 1), lambda t: t + f"withdrawn: [{name}]\n",
                             f"withdrawal of {name} after round {number - 1}",
                             lambda s: f"withdrawn {name} is paired in round {number}"
                             if self.plays(s, player, number) else "")
        elif change in ("absence", "half-bye", "full-bye") and player is not None:
            key = {"absence": "absent", "half-bye": "half_byes", "full-bye": "full_byes"}[change]
            name = self.name(section, player)
            self.change_file(self.round_file(number),
                             lambda _: f"{key}: [{name}]   # asked before pairing\ngames: []\n",
                             f"{key} of {name} in round {number}",
                             lambda s: self.requested(s, number, key, player, name))

    def change_file(self, path: Path, edit: Callable[[str], str], what: str,
                    expect: Callable[[Section], str]) -> None:
        """Make a change in `path`; keep it when the content takes it, else say the system refused it
        (one located line) and take it back."""
        before = path.read_text(encoding="utf-8") if path.exists() else None
        path.write_text(edit(before or ""), encoding="utf-8")
        code, out = self.cli("check", self.content)
        if code == 0:
            self.change, self.expect, self.undo = what, expect, (path, before)
            return
        self.refusal(out, f"check refuses the {what}")
        self.restore(path, before)

    def take_back(self) -> bool:
        """Take the change back after `pair` refused it (the system cannot take it)."""
        undo = getattr(self, "undo", None)
        if undo is None:
            return False
        self.restore(*undo)
        self.undo = self.expect = None
        return True

    def restore(self, path: Path, text: str | None) -> None:
        if text is None:
            path.unlink()
        else:
            path.write_text(text, encoding="utf-8")

    def refusal(self, output: str, what: str) -> None:
        """A command's refusal: one located line (file:line:column: message (hint: …))."""
        errors = [line for line in output.strip().splitlines() if line.lower().startswith("error")
                  or LOCATED.match(line)]
        first = errors[0] if errors else output.strip()
        if not errors or not LOCATED.match(first) or "(hint:" not in first:
            self.fail(f"{what} without a located line and hint: {output.strip()[:300]}")
        self.outcome.refused.append(f"{what}: {first}")

    def after_pairing(self, number: int, hand_changed: set[int]) -> None:
        section = self.section()
        if section is None:
            return
        if getattr(self, "expect", None) is not None:
            problem = self.expect(section)  # type: ignore[misc]
            if problem:
                self.fail(f"pair ignored the {self.change}: {problem}")
        change = self.case.change
        if change == "correction" and number > 1:
            self.correct(number)
        elif change == "hand-change":
            self.hand_change(number, hand_changed)

    def correct(self, number: int) -> None:
        """A result of round `number - 1` corrected after round `number` was paired: check says the
        round is stale, `pair --replace` pairs it again, and then all is well; a system whose pairing
        reads no results (`PairingRules.reads_results`: a Berger table) keeps the round as it is."""
        path = self.round_file(number - 1)
        text = path.read_text(encoding="utf-8")
        first, second = RESULTS[self.game][:2]
        decisive = rf'"({re.escape(first)}|{re.escape(second)})"'
        block = re.search(r"  - board: 1\n(?:    .*\n)+", text) if "matches:" in text else None
        span = block.span() if block else (0, len(text))  # a knockout match: all its games
        found = re.search(decisive, text[span[0]:span[1]])
        if found is None:
            return
        part = re.sub(decisive, lambda m: f'"{second if m.group(1) == first else first}"',
                      text[span[0]:span[1]], count=0 if block else 1)
        path.write_text(text[:span[0]] + part + text[span[1]:], encoding="utf-8")
        code, out = self.cli("check", self.content, "--strict")
        if not self.spec.pairing.reads_results:
            if "paired from" in out:
                self.fail(f"check says round {number} is stale after a correction its pairing does not read")
            return
        if code == 0:
            self.fail(f"check --strict passes round {number}, paired before round {number - 1} was corrected")
        elif "stale" not in out and "paired from" not in out:
            self.fail(f"check does not say round {number} is stale: {out.strip()[:300]}")
        code, out = self.cli("pair", self.content, *self.one, "--replace")
        if code:
            self.refusal(out, f"pair --replace after a correction of round {number - 1}")
            return
        self.strict(f"round {number} paired again after a correction")

    def hand_change(self, number: int, changed: set[int]) -> None:
        """The second players of the first two games exchanged by hand, before any result."""
        path = self.round_file(number)
        text = path.read_text(encoding="utf-8")
        data = yaml.safe_load(text)
        seconds = [self.second(g) for g in data.get("games") or []]
        if team_play(self.spec):
            return
        out = ""
        for i, a in enumerate(seconds):  # the first exchange check accepts (no rematch, no one kept apart)
            for b in seconds[i + 1:]:
                if a is None or b is None:
                    continue
                path.write_text(text.replace(a, "\0").replace(b, a).replace("\0", b), encoding="utf-8")
                code, out = self.cli("check", self.content)
                if code == 0:
                    changed.add(number)
                    self.record(number)
                    return
                path.write_text(text, encoding="utf-8")
        if out:
            self.refusal(out, "check refuses every exchange of opponents by hand")

    def record(self, number: int) -> None:
        """FIDE mode's trail: `pair --record` writes the engine's pairing into the round changed by
        hand (`proposed:`), which check accepts and the exports carry."""
        code, out = self.cli("pair", self.content, *self.one, "--record", str(number))
        if code:
            self.fail(f"pair --record {number} fails on a round changed by hand: {out.strip()[:300]}")
        elif "proposed:" not in self.round_file(number).read_text(encoding="utf-8"):
            self.fail(f"pair --record {number} wrote no proposed: into a round changed by hand")

    @staticmethod
    def second(game: object) -> str | None:
        value = game.get("second") if isinstance(game, dict) else game[2] if isinstance(game, list) else None
        return f'"{value}"' if isinstance(value, str) else None

    # ------------------------------------------------------------------ a round
    def pair(self, number: int) -> bool:
        path = self.round_file(number)
        before = path.read_text(encoding="utf-8") if path.exists() else None
        code, out = self.cli("pair", self.content, *self.one)
        if code:
            self.refusal(out, f"pair refuses round {number}")
            after = path.read_text(encoding="utf-8") if path.exists() else None
            if after != before:
                self.fail(f"pair refused round {number} but changed {path.name}")
            return False
        if not path.exists():
            self.fail(f"pair wrote no {path.name}: {out.strip()[:200]}")
            return False
        code, out = self.cli("check", self.content, "--strict")
        if code and "pending" not in out and not self.full_bye_warned(out):
            self.fail(f"check --strict refuses round {number} as pair wrote it: {out.strip()[:300]}")
        return True

    def results(self, number: int, forfeits: bool) -> None:
        """The round's results: random (a draw where the game has one), the first two forfeits with
        `forfeits`; each knockout match won by one player in all its games."""
        path = self.round_file(number)
        first, second, draw = RESULTS[self.game]
        winners: dict[frozenset[str], str] = {}

        def match_game(found: re.Match[str]) -> str:
            a, b = found.group(1), found.group(2)
            winner = winners.setdefault(frozenset((a, b)), self.rng.choice((a, b)))
            return f'["{a}", "{b}", "{first if winner == a else second}"]'

        count = 0

        def result(_: re.Match[str]) -> str:
            nonlocal count
            count += 1
            pick = FORFEITS[count % 2] if forfeits and count <= 2 else self.rng.choice((first, second, draw))
            return f'"{pick}"'

        text = re.sub(r'\["([^"]+)", "([^"]+)", "\?"\]', match_game, path.read_text(encoding="utf-8"))
        if self.day and not re.search(r"^date:", text, flags=re.M):
            text = f"date: {self.day}\n{text}"
        path.write_text(re.sub(r'"\?"', result, text), encoding="utf-8")

    def strict(self, when: str) -> None:
        code, out = self.cli("check", self.content, "--strict")
        if code and not self.full_bye_warned(out):
            self.fail(f"check --strict fails after {when}: {out.strip()[:300]}")

    def full_bye_warned(self, out: str) -> bool:
        """Whether `check --strict` refused only the warning of the organizer's requested full-point
        bye, under FIDE's rules (VCL.05: the program warns of it), in the case that requests one."""
        problems = [line for line in out.splitlines() if ": " in line and "yaml:" in line]
        return self.case.change == "full-bye" and bool(problems) and all(
            "requested full-point bye" in line for line in problems)

    # ------------------------------------------------------------------ at the end
    def verify(self, hand_changed: set[int]) -> None:
        code, out = self.cli("verify", self.content)
        differ = {int(m) for m in re.findall(r"^DIFF +\S+ \D*(\d+)\D*?:", out, flags=re.M)}  # any language
        if differ - hand_changed:
            lines = [line for line in out.splitlines() if line.startswith("DIFF")]
            self.fail(f"verify names rounds the tool paired: {lines[0][:300]}")
        if hand_changed - differ:
            self.fail(f"verify does not name the round changed by hand: {sorted(hand_changed - differ)}")
        if (code == 1) != bool(differ):
            self.fail(f"verify exits {code} with {len(differ)} round(s) differing")

    def build(self) -> None:
        code, out = self.cli("build", self.content, "--output", self.root / "output", "--no-pdf")
        if code:
            self.fail(f"build fails: {out.strip()[:300]}")

    def exports(self) -> None:
        section = self.section()
        if section is None:
            return
        if self.game == "go":
            for kind, name in (("opengotha", "event.xml"), ("h9", "event.h9"), ("aga", "event.aga")):
                self.export(kind, name)
            self.round_trip(section, "opengotha", "event.xml")
        elif trf_capability(self.spec) is not None:
            self.export("trf", "event.trf", "--format", "trf2026")
            self.round_trip(section, "trf", "event.trf")
            if in_proportion(section.scoring):
                self.export("trf", "event16.trf")
            elif not self.cli("export", "trf", self.event, *self.one, "--output", self.root / "x16.trf")[0]:
                self.fail("export trf writes TRF16 of a section TRF16 cannot score")

    def export(self, kind: str, name: str, *extra: str) -> bool:
        code, out = self.cli("export", kind, self.event, *self.one, "--output", self.root / name, *extra)
        if code:
            self.fail(f"export {kind} fails: {out.strip()[:300]}")
        self.said = getattr(self, "said", {}) | {kind: out}
        return code == 0

    def round_trip(self, section: Section, kind: str, name: str) -> None:
        """The exported file imported again: the same games and the same changes of the field."""
        if not (self.root / name).exists():
            return
        target = self.root / "imported" / "e"
        code, out = self.cli("import", kind, self.root / name, target)
        if code:
            self.fail(f"import {kind} of its own export fails: {out.strip()[:300]}")
            return
        try:
            again = load_checked(target.parent).events[0].sections[0]
        except ContentError as error:
            self.fail(f"the import of its own {kind} export does not load: {error.problems[0]}")
            return
        finally:
            pass
        mine, theirs = _games(section), _games(again)
        if mine != theirs:
            self.fail(f"{kind} round trip changes the games: {sorted(mine ^ theirs)[:3]}")
        recorded = {r.number for r in section.rounds if r.provenance.proposed is not None}
        if kind == "trf" and recorded != {r.number for r in again.rounds
                                          if r.provenance.proposed is not None}:
            self.fail(f"trf round trip loses the trail (proposed:) of round(s) {sorted(recorded)}")
        for attribute in WORDS:
            was, now = getattr(section.field_changes, attribute), getattr(again.field_changes, attribute)
            said = [line for line in self.said.get(kind, "").splitlines() if WORDS[attribute] in line]
            if dict(was) != dict(now) and not any(LOCATED.match(line) for line in said):  # lost, unsaid
                self.fail(f"{kind} round trip loses the {attribute} players without a located warning: "
                          f"{dict(was)} then, {dict(now)}")
        shutil.rmtree(target.parent)

    # ------------------------------------------------------------------ who is where
    @staticmethod
    def active(section: Section, number: int) -> set[int]:
        """The players in the field of round `number`, none withdrawn."""
        gone = {p for r in section.rounds for p in r.withdrawn}
        return {p.number for p in section.players} - gone if not section.teams else \
            {t.number for t in section.teams if t.number not in section.field_changes.teams_withdrawn}

    @staticmethod
    def name(section: Section, number: int) -> str:
        return f'"{section.teams_by_number[number].name}"' if section.teams else str(number)

    @staticmethod
    def round_of(section: Section, number: int) -> object:
        return next(r for r in section.rounds if r.number == number)

    def named(self, section: Section, who: int, number: int) -> bool:
        """Whether round `number` pairs `who` (a player, or a team in a team section)."""
        rnd = next(r for r in section.rounds if r.number == number)
        if section.teams:
            team_round = TeamRound.of(rnd)
            return any(who in (m.home, m.away) for m in team_round.team_matches) \
                or who in team_round.team_byes
        return any(who in (g.first, g.second) for g in rnd.all_games) or who in rnd.byes

    def plays(self, section: Section, who: int, number: int) -> bool:
        """Whether round `number` gives `who` a game to play or a bye (a fixed schedule's game of a
        withdrawn player, written as a forfeit, is no game to play)."""
        rnd = next(r for r in section.rounds if r.number == number)
        if section.teams:
            return self.named(section, who, number)
        return any(who in (g.first, g.second) and g.outcome.name == "PENDING" for g in rnd.all_games) \
            or who in rnd.byes

    def requested(self, section: Section, number: int, key: str, who: int, name: str) -> str:
        rnd = next(r for r in section.rounds if r.number == number)
        listed = TeamRound.of(rnd).teams_absent if section.teams and key == "absent" else getattr(rnd, key)
        if who not in listed:
            return f"{name} is no longer listed in {key} of round {number}"
        paired = self.named(section, who, number)
        return f"{name}, listed in {key}, is paired in round {number}" if paired else ""


def _games(section: Section) -> set[tuple[int, int, int, str]]:
    """Every game of the section: round, players and outcome (boards aside: TRF numbers none)."""
    return {(r.number, g.first, g.second, g.outcome.name) for r in section.rounds for g in r.games}


def run_case(root: Path, case: Case) -> Outcome:
    """Run one case in the empty folder `root`."""
    return Run(root, case).run()
