"""Go is a game and two systems, not a flag: generic code asks a game's hooks (`games.spec.Game`:
its terms, ranks, whole points, slip results, accepted results) and a system's score model
(`System.score`), never whether it runs go; go's handicap, MMS and main score are read in go's own
modules, and at most twice elsewhere."""

from __future__ import annotations

import re
from pathlib import Path

from site_builder.games.registry import game_of
from site_builder.goformats.names import refusal
from site_builder.model import GAMES
from site_builder.tournament.generator import Spec, generate

PACKAGE = Path(__file__).resolve().parents[2] / "site_builder"
#: go's own modules: its game, its systems, its scores, its engine and its file formats
GO_MODULES = re.compile(r"^(systems/(go_|mcmahon)|games/go|content/go_games|engine/go_|pairing/gotha/|"
                        r"opengotha/|goformats/)")
#: the standings engine, which receives the score model and reads its main score, and the profiles
#: of `bulletin generate` (`Profile(go=True)`: which generated events are go events)
EXEMPT = ("engine/standings.py", "tournament/generator.py")
#: a read of go's handicap (`Game.handicaps`), of its MMS or main score (`System.main_score`,
#: `go_scores`, the standings' `go=`/`main=`), or of the score model's main score
#: (`go=go`, a section's go record as go's own reader gave it, hands it over and reads nothing)
GO_READ = re.compile(r"\.handicaps\b|(?<!engine)\.go_scores\b|\.main_score\b|\bgo=(?!go\b)|\bmain=|"
                     r"\bscore\.main\b")


def test_go_s_handicap_and_scores_are_read_in_go_s_modules() -> None:
    outside = [f"{path.relative_to(PACKAGE)}:{number}: {line.strip()}"
               for path in sorted(PACKAGE.rglob("*.py"))
               if not GO_MODULES.match(path.relative_to(PACKAGE).as_posix())
               and path.relative_to(PACKAGE).as_posix() not in EXEMPT
               for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
               if GO_READ.search(line) and not line.lstrip().startswith(("#", '"'))]
    assert len(outside) <= 2, "\n".join(outside)


def test_only_go_plays_on_terms_with_ranked_players_and_whole_points() -> None:
    hooks = {name: (g.game_terms, g.player_ranks, g.whole_points, bool(g.accepted_results), g.slip_results)
             for name in GAMES if (g := game_of(name))}
    assert hooks.pop("go") == (True, True, True, True, ("1-0", "0-1"))
    assert set(hooks.values()) == {(False, False, False, False, ("1-0", "=", "0-1"))}


def test_the_go_federations_files_refuse_another_game_s_event() -> None:
    chess = generate(Spec(seed=2, system="dutch", players=6, rounds=2)).event
    go = generate(Spec(seed=2, system="mcmahon", players=6, rounds=2)).event
    assert refusal(go) == ""
    assert refusal(chess) == (f"{chess.slug} is a chess event; the go federations' files hold go events, "
                              "as OpenGotha's do")
