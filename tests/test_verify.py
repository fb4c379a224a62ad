"""`bulletin verify`: every round paired again from the rounds before it with the draw seed, and the
secret codes opened and drawn again, one line per draw; a pairing changed by hand is named."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from site_builder.cli import main
from site_builder.draw_seed import ENV


def bulletin(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.output


def test_an_event_paired_by_the_tool_verifies_draw_by_draw(played: Path) -> None:
    code, out = bulletin("verify", str(played))
    assert code == 0, out
    lines = out.strip().splitlines()
    # said in the event's language (the fixture's event is Chinese)
    assert lines[0] == "ok    cup/open 秘密编号: 种子抽出的 10 个编号；codes.yaml 与抽签结果逐字节一致"
    assert [line.split(":")[0] for line in lines[1:5]] == [f"ok    cup/open 第 {n} 轮" for n in range(1, 5)]
    assert lines[-1] == "5 次抽签中 5 次与规则和种子给出的一致"


def test_verify_run_in_the_event_s_folder_names_the_event(played: Path,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(played / "cup")
    code, out = bulletin("verify", ".")
    assert code == 0, out
    assert out.splitlines()[1].startswith("ok    cup/open 第 1 轮")  # the folder's name, as from above


def test_a_pairing_changed_by_hand_is_named(played: Path) -> None:
    third = played / "cup" / "open" / "rounds" / "03.yaml"
    text = third.read_text(encoding="utf-8")
    a, b = re.search(r"^  - \[1, (\"[^\"]+\"), (\"[^\"]+\"),", text, flags=re.M).groups()
    third.write_text(text.replace(f"[1, {a}, {b},", f"[1, {b}, {a},"), encoding="utf-8")  # sides swapped
    code, out = bulletin("verify", str(played))
    assert code == 1
    line, later = [line for line in out.splitlines() if line.startswith("DIFF")]
    assert line == (f"DIFF  cup/open 第 3 轮: 与规则和种子给出的编排不同：第 1 台为 {b.strip(chr(34))} – "
                    f"{a.strip(chr(34))}，抽签结果为 {a.strip(chr(34))} – {b.strip(chr(34))}")
    # round 4 was paired from the round 3 that was published then: against today's round 3 it differs,
    # and its recorded `paired_from` says why: round 3's pairing changed, no result
    assert later.startswith("DIFF  cup/open 第 4 轮: 与规则和种子给出的编排不同"
                            "（编排依据的是第 3 轮的另一种对阵，而非文件现有的：见 'bulletin check'）")
    assert "更正" not in later
    assert out.strip().endswith("5 次抽签中 3 次与规则和种子给出的一致；2 次不一致")


def test_without_the_seed_nothing_is_said_to_agree(played: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(ENV)
    code, out = bulletin("verify", str(played))
    assert code == 1
    assert "DIFF  cup/open 秘密编号: 没有抽签种子无法打开" in out
    assert "cup/open 第 1 轮: 没有抽签种子无法重新抽签" in out
