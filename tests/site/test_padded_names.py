"""Two-character Chinese names are padded (唐　丹) only on the board lines of a regulation whose own
round list the bulletin reproduces (`regulation: xiangqi-national-individual`, docs/content.md); a
Chinese xiangqi event without it names its players on the round page and in the round bulletin as its
standings do (唐丹)."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

from site_builder.build import build_site

EVENT = """name: 象棋公开赛
dates: [2026-10-01, 2026-10-01]
game: xiangqi
language: zh
sections:
  open:
    name: 公开组
    system: swiss-positional
    rounds: 1
"""
PLAYERS = """players:
  - {number: 1, name: 王天一}
  - {number: 2, name: 唐丹}
  - {number: 3, name: 孙文}
  - {number: 4, name: 王琳娜}
"""
ROUND = """round: 1
games:
  - [1, 王天一, 唐丹, "2:0"]
  - [2, 孙文, 王琳娜, "1:1"]
"""


def _site(root: Path) -> Path:
    event = root / "content" / "open-2026"
    (event / "open" / "rounds").mkdir(parents=True)
    (event / "event.yaml").write_text(EVENT, encoding="utf-8")
    (event / "open" / "players.yaml").write_text(PLAYERS, encoding="utf-8")
    (event / "open" / "rounds" / "01.yaml").write_text(ROUND, encoding="utf-8")
    build_site(root / "content", root / "out", pdf=True, jobs=1)
    return root / "out" / "open-2026" / "open"


def test_names_are_not_padded_without_the_regulations_round_list(tmp_path: Path) -> None:
    section = _site(tmp_path)
    page = section.joinpath("round-01.html").read_text("utf-8")
    assert "唐丹" in page and "孙文" in page and "唐　丹" not in page and "孙　文" not in page
    bulletin = subprocess.run(["pdftotext", "-layout", str(section / "bulletin-round-01.pdf"), "-"],
                              capture_output=True, text=True, check=True).stdout
    assert re.search(r"王天一.*唐丹", bulletin) and "唐　丹" not in bulletin and "孙　文" not in bulletin
