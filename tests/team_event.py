"""A team event run as an organizer runs one (`bulletin new`, `bulletin pair`, results entered in
the round files), for the tests of what its pages show as the field changes: seven teams of three
(`xiangqi-team-swiss`), a reserve, a team that joins late."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner
from organizer import enter_results

from site_builder.cli import main

SLUG = "ts"


def new_team_event(content: Path, language: str = "zh", teams: int = 7) -> Path:
    """`bulletin new content/ts --regulation xiangqi-team-swiss --system team-swiss --teams 7
    --boards 3 --rounds 5 --plain-seed`: the section's folder."""
    result = CliRunner().invoke(main, [
        "new", str(content / SLUG), "--regulation", "xiangqi-team-swiss", "--system", "team-swiss",
        "--teams", str(teams), "--boards", "3", "--rounds", "5", "--plain-seed", "--language", language])
    assert result.exit_code == 0, result.output
    return content / SLUG / "open"


def pair_and_play(content: Path, section: Path, number: int) -> Path:
    """`bulletin pair content --offline`, then every board's result entered: round `number`'s file."""
    result = CliRunner().invoke(main, ["pair", str(content), "--offline"])
    assert result.exit_code == 0, result.output
    path = section / "rounds" / f"{number:02d}.yaml"
    enter_results(path)
    return path


def add_team(section: Path, number: int, name: str, players: str, reserves: str = "") -> None:
    """The organizer appends a team to teams.yaml (`players`, `reserves`: YAML lists)."""
    with (section / "teams.yaml").open("a", encoding="utf-8") as teams:
        teams.write(f"  - {{number: {number}, name: {name}, players: {players}"
                    + (f", reserves: {reserves}}}\n" if reserves else "}\n"))


def add_reserve(section: Path, team: str, reserves: str) -> None:
    """The organizer gives team `team` (its name as `bulletin new` quotes it) its reserves."""
    path = section / "teams.yaml"
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    index = next(i for i, line in enumerate(lines) if f'name: "{team}"' in line)
    lines[index] = lines[index].rstrip().removesuffix("}") + f", reserves: {reserves}}}\n"
    path.write_text("".join(lines), encoding="utf-8")


def prepare_lineup(section: Path, number: int, team: str, players: str) -> None:
    """Round `number` written before pairing with `team`'s line-up of the day (`players`, a YAML list)."""
    (section / "rounds" / f"{number:02d}.yaml").write_text(f"games: []\nlineups:\n  {team}: {players}\n",
                                                           encoding="utf-8")
