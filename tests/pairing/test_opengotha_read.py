"""OpenGotha files read: a broken value is a located one-line error."""

from __future__ import annotations

from pathlib import Path

import pytest

from site_builder.errors import ContentError
from site_builder.opengotha.read import read_gotha

FILE = """<?xml version="1.0" encoding="UTF-8"?>
<Tournament>
<Players>
<Player name="Ann" firstName="A" rank="{rank}" rating="2100" club="X" country="FR"/>
<Player name="Bob" firstName="B" rank="3k" rating="1700" club="Y" country="FR"/>
</Players>
<Games>
<Game whitePlayer="ANNA" blackPlayer="BOBB" handicap="0" result="{result}" roundNumber="1" tableNumber="1"/>
</Games>
<TournamentParameterSet><GeneralParameterSet numberOfRounds="3" genMMBar="{bar}" genMMFloor="20K"/>
</TournamentParameterSet>
</Tournament>
"""


def _write(tmp_path: Path, rank: str = "1d", result: str = "RESULT_WHITEWINS", bar: str = "4D") -> Path:
    path = tmp_path / "t.xml"
    path.write_text(FILE.format(rank=rank, result=result, bar=bar), encoding="utf-8")
    return path


def test_a_good_file_is_read(tmp_path: Path) -> None:
    event = read_gotha(_write(tmp_path)).event
    assert [p.rank for p in event.players] == [0, -3]
    assert event.games[0].white == "ANNA" and event.parameters.general.bar == 3


@pytest.mark.parametrize(("kwargs", "line", "text"), [
    ({"rank": "31k"}, 4, "kyu ranks run from 30k to 1k"),
    ({"result": "W+"}, 8, "is not an OpenGotha result"),
    ({"bar": "25k"}, 10, "the McMahon bar is below the floor"),
])
def test_broken_values_are_located(tmp_path: Path, kwargs: dict[str, str], line: int, text: str) -> None:
    with pytest.raises(ContentError) as error:
        read_gotha(_write(tmp_path, **kwargs))
    assert f"t.xml:{line}:" in str(error.value) and text in str(error.value)
    assert len(str(error.value).splitlines()) == 1


def test_broken_xml_is_located(tmp_path: Path) -> None:
    path = tmp_path / "t.xml"
    path.write_text("<Tournament><Players>\n<Player name='a'</Players>", encoding="utf-8")
    with pytest.raises(ContentError, match=r"t.xml:2:\d+: not well-formed XML"):
        read_gotha(path)


@pytest.mark.parametrize(("attributes", "version"), [
    ('fullVersionNumber="3.52.03"', (3, 52, 3)),
    ('fullVersionNumber="3.51"', (3, 51)),
    ('gothaVersion="346" gothaMinorVersion="2"', (3, 46, 2)),
    ("", (3, 52, 3)),
])
def test_the_version_that_saved_the_file(tmp_path: Path, attributes: str, version: tuple[int, ...]) -> None:
    path = _write(tmp_path)
    path.write_text(path.read_text(encoding="utf-8").replace("<Tournament>", f"<Tournament {attributes}>"),
                    encoding="utf-8")
    read = read_gotha(path)
    assert read.version == version
    assert read.event.parameters.rules == (3, 52, 3)  # paired as the latest OpenGotha pairs it
