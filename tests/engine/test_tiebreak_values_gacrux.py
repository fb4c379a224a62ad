"""Every C.07 criterion of tests/data/tiebreak-values-gacrux (see its README): each player's value,
computed from the file as `bulletin import trf` reads it, is the one Gacrux's tie-break checker
printed for it."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import pytest

from site_builder.content.loader import load_site
from site_builder.engine.fide_tiebreaks import criteria_for
from site_builder.engine.scoring import records
from site_builder.systems import section_standings
from site_builder.trf.importer import import_trf
from site_builder.trf.tiebreaks import chain_record

DATA = Path(__file__).parents[1] / "data" / "tiebreak-values-gacrux"
CASES = sorted(DATA.glob("*.trf"))
#: The criteria that read the ratings: C.07 leaves an unrated player's rating to the regulations.
RATED_NAMES = ("ARO", "TPR", "PTP", "APRO", "APPO")


def _gacrux(path: Path) -> dict[int, dict[str, Fraction | None]]:
    lines = [line.split("\t") for line in path.with_suffix(".txt").read_text(encoding="utf-8").splitlines()]
    codes = lines[0][3:]
    return {int(cells[0]): {code: None if cell == "-0" else Fraction(Decimal(cell))
                            for code, cell in zip(codes, cells[3:], strict=True)} for cells in lines[1:]}


def _ours(path: Path, tmp_path: Path) -> tuple[dict[int, dict[str, Fraction | None]], bool]:
    import_trf(path, tmp_path / "event")
    section = load_site(tmp_path / "event").events[0].sections[0]
    recs = records(section)
    table = section_standings(section, recs, recs.rounds)
    codes = chain_record(table.tiebreaks)[4:].split()
    powers = [criteria_for(section)[tb.id].power for tb in table.tiebreaks]

    def points(value: object, power: int) -> Fraction | None:
        if value is None:
            return None
        assert isinstance(value, int | Fraction)
        return Fraction(value) / recs.scale ** power

    values = {row.player: {code: points(v, power)
                           for code, v, power in zip(codes, row.values, powers, strict=True)}
              for row in table.rows}
    return values, all(p.rating for p in section.players)


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_every_value_is_gacruxs(path: Path, tmp_path: Path) -> None:
    ours, rated = _ours(path, tmp_path)
    theirs = _gacrux(path)
    assert set(ours) == set(theirs)
    differ = [(player, code, value, theirs[player][code]) for player, values in ours.items()
              for code, value in values.items()
              if (rated or code.split("/")[0] not in RATED_NAMES) and value != theirs[player][code]]
    assert not differ
    assert len(next(iter(ours.values()))) == 36  # every criterion of the 202 record
