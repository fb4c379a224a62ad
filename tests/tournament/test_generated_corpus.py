"""The generated tournaments of tests/data/generated-dutch (see its README), which bbpPairings'
checker accepts round by round: `bulletin verify` accepts every round and the standings of each,
and `bulletin generate` writes them again byte for byte from the options the README gives."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest
from click.testing import CliRunner

from site_builder.cli import main
from site_builder.tournament.check import verify_trf

CORPUS = Path(__file__).resolve().parents[1] / "data" / "generated-dutch"
ROWS = re.findall(r"^\| `(g[^`]+\.trf)` \| `([^`]+)` \| (.+) \|$", (CORPUS / "README.md").read_text(), re.M)


def test_the_readme_lists_every_file_with_the_verdict_of_bbppairings() -> None:
    assert sorted(name for name, _, _ in ROWS) == sorted(p.name for p in CORPUS.glob("*.trf"))
    assert len(ROWS) == 20 and {verdict for _, _, verdict in ROWS} == {"every round accepted"}


@pytest.mark.parametrize("name", [name for name, _, _ in ROWS])
def test_every_round_and_the_standings_verify(name: str) -> None:
    verdicts, _ = verify_trf(CORPUS / name)
    rounds = int(re.search(r"-r(\d+)", name).group(1))  # type: ignore[union-attr]
    assert [v.agrees for v in verdicts] == [True] * (rounds + 1), [str(v) for v in verdicts if not v.agrees]


@pytest.mark.parametrize("row", [0, 1])
def test_generate_writes_the_file_again_byte_for_byte(row: int, tmp_path: Path) -> None:
    name, options, _ = ROWS[row]
    result = CliRunner().invoke(main, ["generate", *shlex.split(options), "-o", str(tmp_path / name)])
    assert result.exit_code == 0, result.output
    assert (tmp_path / name).read_bytes() == (CORPUS / name).read_bytes()
