"""A knockout's finalist who withdraws is marked as withdrawn wherever the field shows (docs/content.md:
"a player who withdrew … is marked … (退赛 …, explained below the table) and their card says so"):
the placing table with its legend, the printed placings, the player's card."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

from click.testing import CliRunner

from site_builder.build import build_site
from site_builder.cli import main
from site_builder.render.textlines import placing_lines
from site_builder.views.i18n import Labels

ROOT = Path(__file__).resolve().parents[2]
EVENT = "2017-xiangqi-national-full"
LEGEND = "退赛：中途退出比赛，此后不再编排"


def test_a_finalist_who_withdrew_is_marked_in_the_placings(tmp_path: Path) -> None:
    content = tmp_path / "content"
    shutil.copytree(ROOT / "content" / EVENT, content / EVENT)
    rounds = content / EVENT / "men-a" / "rounds"
    (rounds / "06.yaml").unlink()
    with (rounds / "05.yaml").open("a", encoding="utf-8") as fifth:
        fifth.write("withdrawn: [覃建涛]\n")
    result = CliRunner().invoke(main, ["pair", str(content), "--event", EVENT, "--section", "men-a"])
    assert result.exit_code == 0, result.output
    final = rounds / "06.yaml"
    text = final.read_text(encoding="utf-8")
    assert '["方刚", "覃建涛", "+:-"]' in text  # the final, written as a forfeit
    final.write_text(text.replace('"?"', '"2:0"').replace("round: 6\n", "round: 6\ndate: 2017-11-01\n"),
                     encoding="utf-8")
    build_site(content, tmp_path / "out", pdf=False)
    out = tmp_path / "out" / EVENT / "men-a"
    placings = (out / "placings.html").read_text(encoding="utf-8")
    assert re.search(r'>覃建涛</a> <small class="badge field-mark" title="第 5 轮后退赛">退赛</small></th>',
                     placings)
    assert placings.count("field-mark") == 1 and LEGEND in placings
    assert '<dt>参赛情况</dt><dd class="strong">第 5 轮后退赛</dd>' in \
        (out / "players" / "40.html").read_text(encoding="utf-8")


def test_the_printed_placings_mark_a_player_who_withdrew() -> None:
    t = Labels("zh")
    rows = [{"place": "1", "player": {"number": 42, "name": "方刚"}, "cols": {}, "mark": ""},
            {"place": "2", "player": {"number": 40, "name": "覃建涛"}, "cols": {}, "mark": t.withdrawn_mark}]
    lines = [re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", str(line))).strip()
             for line in placing_lines(rows, t, [])]
    assert lines[1:] == ["1 42 方刚", "2 40 覃建涛（退赛）"]
