"""The PGN tags of a game as the site publishes it: the Seven Tag Roster from the round file, then
what the player list (or the team list) says of each player (`WhiteTitle`, `WhiteElo`,
`WhiteFideId`, `WhiteTeam` and Black's), a tag only where it is known; and the note of a game not
played (a forfeit), which its moves' place carries. One home for every PGN file the site writes
(`views.games`) and the broadcast feed's DGT files (`views.dgt`)."""

from __future__ import annotations

from site_builder.games import pgn
from site_builder.games.registry import game_of
from site_builder.model import Game, Round
from site_builder.views.section import SectionShown


def game_tags(data: SectionShown, game: Game, rnd: Round, number: str, event: str) -> dict[str, str]:
    """The Seven Tag Roster of a game from the round file (`event`, the round's date, `????.??.??`
    while the round file gives none (PGN §8.1.1.3: an unknown date), `number` as the round,
    players, result), the game's own tags (`Game.pgn_tags`: xiangqi's `Game`), then each player's
    title, rating, FIDE id and team where known."""
    tags = {"Event": event, "Site": data.event.venue or "?",
            "Date": rnd.date.strftime("%Y.%m.%d") if rnd.date else "????.??.??",
            "Round": number, "White": data.name(game.first), "Black": data.name(game.second),
            "Result": pgn.RESULT_OF.get(game.outcome.value, "*"), **game_of(data.event.game).pgn_tags}
    for side, player in (("White", game.first), ("Black", game.second)):
        tags |= {f"{side}{key}": value for key, value in _player_facts(data, player).items() if value}
    return tags


def _player_facts(data: SectionShown, number: int) -> dict[str, str]:
    """A player's title, rating, FIDE id and team as PGN's player tags name them."""
    player = data.section.player(number)
    team = data.section.teams_by_number.get(data.section.team_of.get(number, 0))
    return {"Title": player.title, "Elo": str(player.rating or ""),
            "FideId": player.fields.get("fide_id", "").strip(),
            "Team": team.name if team is not None else player.fields.get("team", "").strip()}


def unplayed_note(game: Game) -> str:
    """What the PGN says before the result of a game not played (a forfeit, a double forfeit), whose
    result alone would read as a game played; "" for any other game.

    >>> from site_builder.model import Outcome
    >>> [unplayed_note(Game(1, 1, 2, result)) for result in (Outcome.FIRST_WINS_FORFEIT, Outcome.DRAW)]
    ['Game not played: forfeit', '']
    """
    return pgn.UNPLAYED_OF.get(game.outcome.value, "")
