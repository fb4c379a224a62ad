"""The markup of a game for the board viewer (static/viewer.js, viewer.css).

    <figure class="game-viewer" data-game="chess">
      <svg class="diagram diagram-chess" …>…</svg>        the final position (`diagram.svg`)
      <p class="comment">…</p>                             the comment before the first move, if any
      <ol class="moves">
        <li><span class="n">1.</span> <button type="button" data-ply="1">e4</button>
            <span class="comment">…</span></li>           one item per ply, data-ply counting from 1
        …
        <li class="result">1-0</li>
      </ol>
      <script type="application/json" class="game-data">…</script>   `viewer_data`
    </figure>

Without the script the page shows the move list and the final diagram; with it the figure becomes
a board to step through, drawn on the diagram's board (so the diagram must be there, labels and
all). A figure with an id (`figure_id`) links its positions as #<id>-ply-<n> rather than #ply-<n>,
for pages of several games; one with a `data-flipped` attribute shows Black's (Gote's) side down.
"""

from __future__ import annotations

import json

from markupsafe import Markup, escape

from site_builder.games import diagram
from site_builder.games.record import Record
from site_builder.games.registry import game_of
from site_builder.games.viewer_data import glyphs, move_numbers, notation, viewer_data


def json_for_script(data: object) -> str:
    """JSON to put in a <script> element: no `<`, `>` or `&` in it, so that no text in it can end
    the element (`</script>`) or open a comment (`<!--`)."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def game_markup(record: Record, language: str, *, figure_id: str = "", result: str | None = None,
                page_language: str = "") -> str:
    """The figure of `record` for the viewer, its moves in `language`'s notation, as markup safe to
    put in a template as it is: notation, comments and the result, the file's text, are escaped.
    `result`: the one to show after the moves (a bulletin's, from its round file), else the record's;
    `page_language`: the language of the page, which names the diagram (`language` by default: a
    Japanese page writes shogi's moves in the Chinese notation, but names its diagram in Japanese)."""
    plies, game = record.plies, game_of(record.game)
    title = diagram.title_of(game, page_language or language)
    numbers = move_numbers(record) if game.look.pieces.numbered else None
    final = diagram.svg(record.game, record.files, record.ranks, record.position(len(plies)),
                        plies[-1].marks if plies else (), numbers=numbers, title=title)
    items = []
    for index, ply in enumerate(plies, 1):
        label = ply.move_label(index == 1) if game.paired_moves else str(ply.number)
        number_span = f'<span class="n">{label}</span> ' if label else ""
        comment = f' <span class="comment">{escape(ply.comment)}</span>' if ply.comment else ""
        items.append(f'<li>{number_span}<button type="button" data-ply="{index}">'
                     f'{escape(notation(ply, language) + glyphs(ply))}</button>{comment}</li>')
    shown = record.result if result is None else result
    if shown:
        items.append(f'<li class="result">{escape(shown)}</li>')
    intro = f'<p class="comment">{escape(record.comment)}</p>\n' if record.comment else ""
    data = json_for_script(viewer_data(record, language))
    ident = f' id="{escape(figure_id)}"' if figure_id else ""
    return Markup(f'<figure class="game-viewer"{ident} data-game="{escape(record.game)}">\n{final}\n{intro}'
                  f'<ol class="moves">\n' + "\n".join(items) + "\n</ol>\n"
                  f'<script type="application/json" class="game-data">{data}</script>\n</figure>')
