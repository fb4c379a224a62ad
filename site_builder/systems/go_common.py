"""What the go systems (`mcmahon`, `go-swiss`) share: their options, OpenGotha's parameter sets made
from them, a section as the `GothaEvent` OpenGotha pairs, and its pairing back as a `Pairing` whose
round file carries each game's handicap and komi (docs/go.md, "Go events with bulletin").

Black is a game's first player, White its second; a table is a board. The engine is imported when a
round is paired only."""

from __future__ import annotations

import dataclasses
import hashlib
from collections.abc import Mapping
from fractions import Fraction
from typing import TYPE_CHECKING

from site_builder.engine.go_scores import GeneralParameters
from site_builder.engine.go_section import komi_of
from site_builder.engine.scoring import Records
from site_builder.engine.standings import ScoreModel, Standings, standings
from site_builder.errors import Problems
from site_builder.games.go_ranks import RankError, parse_rank
from site_builder.games.go_terms import terms_yaml
from site_builder.model import Event, Game, Outcome, Round, Section
from site_builder.pairing import Pairing
from site_builder.pairing.paired_from import kept_after
from site_builder.systems.base import PAIRING_WHY as WHY
from site_builder.systems.base import (
    Computed,
    Extra,
    MappingOptions,
    MappingProblem,
    NewDefaults,
    Option,
    RecordsOptions,
    Settings,
    System,
    where,
)
from site_builder.systems.round_file import Ref, RoundFile

if TYPE_CHECKING:
    from site_builder.pairing.gotha.parameters import GothaParameters
    from site_builder.pairing.gotha.why import RoundWhy

#: A score an absence or a bye adds, as the option writes it, doubled as OpenGotha keeps it.
HALF_POINTS = {"0": 0, "1/2": 1, "1": 2}


def rank_option(value: object, key: str) -> int:
    """A rank option's value as OpenGotha's integer (30k −30, 1d 0); `ValueError` names the key."""
    try:
        return parse_rank(str(value)).value
    except RankError as error:
        raise ValueError(f"{key}: {error}") from None


def _why(results: Computed) -> dict[int, RoundWhy]:
    """Why each paired round of the section has its pairs (`pairing.gotha.why`), by round number,
    each memoized by the rounds up to it."""
    from site_builder.pairing.gotha.section import round_why

    section, system = results.section, results.system
    assert isinstance(system, GoSystem)
    params = system.gotha_parameters(section)

    def said(rnd: Round) -> RoundWhy:
        """The round explained, with whether it was kept as played after a correction before it."""
        return dataclasses.replace(round_why(section, params, rnd.number), kept=kept_after(section, rnd))

    def why(rnd: Round) -> RoundWhy:
        return results.derived(rnd.number, "pairing_why", lambda: said(rnd))

    return {rnd.number: why(rnd) for rnd in section.rounds if rnd.games}


#: Why each round has its pairs: the weights of its pairs and each player's next-best opponent.
PAIRING_WHY: Extra[dict[int, RoundWhy]] = Extra(WHY, _why)


class GoRoundFile(RoundFile):
    """A go section's round file: its games read as any (with their handicap and komi,
    `content/go_games.py`), written each as a mapping with its handicap and komi."""

    def lines(self, section: Section, pairing: Pairing, ref: Ref, words: Mapping[str, str]) -> list[str]:
        """Each game as a mapping with its handicap and komi: Black first, White second."""
        lines = [f"games:        # {words['file.columns.go_games']}"]
        for p in pairing.pairs:
            lines.append(f"  - {{board: {p.board}, first: {ref(p.first)}, second: {ref(p.second)}, "
                         f"result: \"?\"{terms_yaml(p.handicap, komi_of(section))}}}")
        if pairing.byes:
            lines.append("byes: [" + ", ".join(ref(b) for b in pairing.byes) + "]")
        return lines


class GoSystem(NewDefaults, Settings, RecordsOptions, System):
    """A go system: OpenGotha's pairing and scores with the settings of its section's options."""

    # a pair kept apart weighs as a rematch (OpenGotha's first criterion): the base `pairing`
    score = ScoreModel(main="nbw")  # the standings' points: MMS or NBW
    extras = (PAIRING_WHY,)
    why_view = "site_builder.views.why_go:go_context"
    round_file = GoRoundFile()

    @classmethod
    def go_options(cls, bar: str, floor: str, ceiling: int, correction: int, based_on: str,
                   no_handicap: str) -> tuple[Option, ...]:
        """The options of a go system with its defaults."""
        return (
            Option("mcmahon_bar", bar), Option("mcmahon_floor", floor),
            Option("handicap_ceiling", ceiling), Option("handicap_correction", correction),
            Option("handicap_based_on", based_on, ("mms", "rank")),
            Option("no_handicap_from", no_handicap),
            Option("absent_mms", "1/2", tuple(HALF_POINTS)), Option("bye_mms", "1", tuple(HALF_POINTS)),
            Option("absent_nbw", "0", tuple(HALF_POINTS)), Option("bye_nbw", "1", tuple(HALF_POINTS)),
            Option("round_down", True),
        )

    mappings = ("pairing",)

    # ------------------------------------------------------------ settings

    def mapping_options(self, key: str, data: Mapping[object, object]) -> MappingOptions:
        """`pairing:`: OpenGotha's pairing parameters by their names (or OpenGotha's), each as
        `pairing.<name>` in the content's spelling; an unknown name or a bad value is a problem."""
        from site_builder.pairing.gotha import settings

        values: dict[str, bool | int | str] = {}
        problems: list[MappingProblem] = []
        for name, value in data.items():
            if str(name) in (settings.VERSION, settings.VERSION_XML):
                self._version(key, name, value, values, problems)
                continue
            setting = settings.BY_KEY.get(str(name))
            if setting is None:
                problems.append(MappingProblem(name, True, f"unknown pairing parameter {name!r}",
                                               settings.unknown_hint(str(name))))
                continue
            if f"{key}.{setting.name}" in values:
                problems.append(_given_twice(name, setting.name, name))
                continue
            try:
                values[f"{key}.{setting.name}"] = settings.content(setting, settings.read(setting, value))
            except settings.SettingError as error:
                problems.append(MappingProblem(name, False, str(error), error.hint))
        return MappingOptions(values, problems)

    @staticmethod
    def _version(key: str, name: object, value: object, values: dict[str, bool | int | str],
                 problems: list[MappingProblem]) -> None:
        """`opengotha_version` (or OpenGotha's `fullVersionNumber`) into `values` as "3.50", or its
        problem."""
        from site_builder.pairing.gotha import settings

        if f"{key}.{settings.VERSION}" in values:
            problems.append(_given_twice(name, settings.VERSION, settings.VERSION_XML))
            return
        try:
            values[f"{key}.{settings.VERSION}"] = settings.version_text(settings.read_version(value))
        except settings.SettingError as error:
            problems.append(MappingProblem(name, False, str(error), error.hint))

    def pairing_settings(self, section: Section) -> dict[str, bool | int | str]:
        """The section's `pairing:` settings by name."""
        return {k.removeprefix("pairing."): v for k, v in section.options.items() if k.startswith("pairing.")}

    def option_problems(self, values: Mapping[str, bool | int | str]) -> list[tuple[str, str, str]]:
        """(key, message, hint) of each option that cannot be: a rank that is none, a bar below the
        floor, a handicap ceiling outside 0–9."""
        problems = []
        ranks = {}
        for key in ("mcmahon_bar", "mcmahon_floor", "no_handicap_from"):
            try:
                ranks[key] = rank_option(values[key], key)
            except ValueError as error:
                problems.append((key, str(error), "write a rank such as 4d, 20k or 1d"))
        bar, floor = ranks.get("mcmahon_bar"), ranks.get("mcmahon_floor")
        if bar is not None and floor is not None and bar < floor:
            problems.append(("mcmahon_bar", f"the McMahon bar {values['mcmahon_bar']} is below the floor "
                             f"{values['mcmahon_floor']}",
                             "raise the bar or lower the floor (e.g. bar 4d, floor 20k)"))
        ceiling = int(values["handicap_ceiling"])
        if not 0 <= ceiling <= 9:
            problems.append(("handicap_ceiling", f"handicap_ceiling {ceiling} is not 0–9 stones",
                             "write e.g. 'handicap_ceiling: 9' (0: no handicap)"))
        return problems

    def values(self, section: Section) -> dict[str, bool | int | str]:
        """The section's options, each the system's default where the section has none."""
        return {**{opt.key: opt.default for opt in self.options}, **section.options}

    def pairing_options(self, section: Section, field: frozenset[int] = frozenset()) -> str:
        """Every option the pairing reads (bar, floor, handicap, scores of absences and byes), each its
        default where the section has none, the `pairing:` parameters that differ from OpenGotha's
        defaults for the system (one written at its default changes nothing), and, of the players
        of `field`, what places them (`players=`, a digest of their ranks and MMS corrections):
        "absent_mms=0, …, pairing.geography=0, …, players=3f0a…"."""
        from site_builder.pairing.gotha.settings import VERSION, changed, version_text

        general = {k: v for k, v in self.values(section).items() if not k.startswith("pairing.")}
        params, base = self.gotha_parameters(section), self.base_parameters(section)
        pairing = {f"pairing.{k}": v for k, v in changed(params.pairing, base.pairing).items()}
        if params.rules != base.rules:
            pairing[f"pairing.{VERSION}"] = version_text(params.rules)
        if field:
            pairing["players"] = _placing_digest(section, field)
        return ", ".join(f"{k}={str(v).lower() if isinstance(v, bool) else v}"
                         for k, v in sorted({**general, **pairing}.items()))

    def general(self, section: Section) -> GeneralParameters:
        """OpenGotha's general parameters of the section: rounds, bar, floor, absences and byes."""
        o = self.values(section)
        base = GeneralParameters.mcmahon(section.rounds_planned)
        return dataclasses.replace(
            base, bar=rank_option(o["mcmahon_bar"], "mcmahon_bar"),
            floor=rank_option(o["mcmahon_floor"], "mcmahon_floor"),
            mms2_absent=HALF_POINTS[str(o["absent_mms"])], mms2_bye=HALF_POINTS[str(o["bye_mms"])],
            nbw2_absent=HALF_POINTS[str(o["absent_nbw"])], nbw2_bye=HALF_POINTS[str(o["bye_nbw"])],
            round_down=bool(o["round_down"]))

    def check(self, event: Event, section: Section, problems: Problems) -> None:
        """Besides the base checks: a win scores 1 and a jigo ½ (OpenGotha's scores), and a round
        gives at most one bye."""
        super().check(event, section, problems)
        s = section.scoring
        if (s.win, s.draw, s.loss) != (Fraction(1), Fraction(1, 2), Fraction(0)) and section.rounds:
            problems.add(where(section.rounds[0]), f"the {self.name} system counts a win 1, a jigo ½ and a "
                         "loss 0 as OpenGotha does", "remove 'scoring:' from the event or the section")
        for rnd in section.rounds:
            if len(rnd.byes) + len(rnd.full_byes) > 1:
                problems.add(where(rnd), f"round {rnd.number} gives {len(rnd.byes) + len(rnd.full_byes)} "
                             "byes; OpenGotha gives at most one a round",
                             "pair the other players, or list them as absent")

    # ------------------------------------------------------------ results

    def standings(self, section: Section, recs: Records, upto: int, draw_seed: int | None) -> Standings:
        """Points are the main score (MMS or NBW), then the section's tiebreaks, from go's scores."""
        score = dataclasses.replace(self.score, settings=self.general(section))
        return standings(section, recs, upto, draw_seed, score=score)

    # ------------------------------------------------------------ the next round

    def pair(self, section: Section, recs: Records, draw_seed: int | None, event: Event | None,
             left_out: frozenset[int] = frozenset(), apart: frozenset[frozenset[int]] = frozenset()
             ) -> Pairing:
        """The next round as OpenGotha pairs it, the players `left_out` absent from it, the pairs kept
        `apart` weighed as rematches."""
        from site_builder.pairing.gotha.section import go_round

        return go_round(section, self.gotha_parameters(section), left_out, apart)

    def gotha_parameters(self, section: Section) -> GothaParameters:
        """Every OpenGotha parameter set of the section."""
        from site_builder.pairing.gotha.section import parameters

        o = self.values(section)
        handicap = (o["handicap_based_on"] == "mms", rank_option(o["no_handicap_from"], "no_handicap_from"),
                    int(o["handicap_correction"]), int(o["handicap_ceiling"]))
        return parameters(self.score.main == "mms", self.general(section), handicap,
                          self.pairing_settings(section))

    def base_parameters(self, section: Section) -> GothaParameters:
        """OpenGotha's default parameter sets of the system for the section's number of rounds."""
        from site_builder.pairing.gotha.section import defaults

        return defaults(self.score.main == "mms", section.rounds_planned)

    def provisional_round(self, pairing: Pairing) -> Round:
        """The pairing with every result pending, each game with its handicap."""
        games = tuple(Game(p.board, p.first, p.second, Outcome.PENDING, handicap=p.handicap)
                      for p in pairing.pairs)
        return Round(number=pairing.round, games=games, byes=pairing.byes)



def _given_twice(key: object, setting: str, gotha_name: object) -> MappingProblem:
    """A `pairing:` parameter given under both of its names (ours and OpenGotha's)."""
    return MappingProblem(key, True, f"pairing parameter {setting!r} is given twice ({gotha_name!r} is "
                          "OpenGotha's name of it)", "keep only one of them")


def _placing_digest(section: Section, field: frozenset[int]) -> str:
    """A digest of what places the players of `field` in a go pairing: each one's rank and MMS
    correction (a rank corrected after a round was paired leaves that round paired from another)."""
    players = [section.players_by_number[n] for n in sorted(field) if n in section.players_by_number]
    text = ";".join(f"{p.number}:{p.rank or ''}:{p.fields.get('mms_correction', '0')}" for p in players)
    return hashlib.sha256(text.encode()).hexdigest()[:12]
