"""A knockout section has no prize list (docs/content.md, Prizes): prizes are allocated by standings
and a knockout places its players by the bracket, so `prizes:` given to one is an error at that key,
never silently left out of the site."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from site_builder.cli import main

PRIZES = "prizes: {currency: EUR, places: [300, 200, 100, 50]}"


def test_prizes_in_a_knockout_section_are_refused_at_their_key(tmp_path: Path) -> None:
    event = tmp_path / "content" / "ko"
    runner = CliRunner()
    made = runner.invoke(main, ["new", str(event), "--game", "chess", "--language", "en", "--system",
                                "knockout", "--players", "8", "--plain-seed"])
    assert made.exit_code == 0, made.output
    yaml = event / "event.yaml"
    lines = yaml.read_text(encoding="utf-8").splitlines()
    at = next(n for n, text in enumerate(lines) if text.startswith("    rounds:")) + 1
    yaml.write_text("\n".join([*lines[:at], "    " + PRIZES, *lines[at:]]) + "\n", encoding="utf-8")
    result = runner.invoke(main, ["check", "--strict", str(tmp_path / "content")])
    assert result.exit_code == 2, result.output
    assert f"ko/event.yaml:{at + 1}:5: section 'open' is a knockout section, which has no " \
           f"prize list: prizes are allocated by standings, and a knockout places its players by the " \
           f"bracket (hint: remove 'prizes:' from the section; " \
           f"its placing table gives the places)" in result.output, result.output
