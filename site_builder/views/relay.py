"""The broadcast feed of a section's rounds: what a relay (lichess's broadcasts, chess.com's) polls.

Each round with games has a folder of its own at a stable address, numbered as a relay's URL
template numbers rounds (`relay/{}/`, no leading zero): `relay/N/games.pgn`, the round's PGN
(`views.games`: every game, the moves where a record exists, the players' tags of
`views.pgn_tags`), and `relay/N/dgt/index.json` with `game-K.json`, the same games in DGT
LiveChess's shape (`views.dgt`).
"""

from __future__ import annotations

from site_builder.games.registry import game_of
from site_builder.views.games import round_texts
from site_builder.views.section import SectionData


def relay_folder(data: SectionData, n: int) -> str:
    """Round `n`'s feed folder, as a relay's URL template `…/relay/{}` names it."""
    return f"{data.base}/relay/{n}"


def relay_template(data: SectionData) -> str:
    """The feed's address as a relay's URL template, `{}` for the round's number; "" when the
    section has none (no round with games, or a game no broadcast shows)."""
    if not game_of(data.event.game).broadcast or not any(r.all_games for r in data.section.rounds):
        return ""
    return f"{data.base}/relay/{{}}/games.pgn"


def relay_files(data: SectionData) -> dict[str, str]:
    """Output path → text of the feed of every round with games (none for a game no broadcast shows)."""
    if not game_of(data.event.game).broadcast:
        return {}
    files = {}
    for n, (every, _, feed) in round_texts(data).items():
        if every:
            files[f"{relay_folder(data, n)}/games.pgn"] = every
            files |= {f"{relay_folder(data, n)}/dgt/{name}": text for name, text in feed}
    return files
