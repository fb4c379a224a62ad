"""A new language is one catalogue file: a `.po` dropped in a directory `BULLETIN_CATALOGUES` names
gives `bulletin new`, `pair` and `build` a language the package does not ship; a catalogue that
cannot serve is refused with its file and line."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.pofile import read_po, write_po

from site_builder.errors import ContentError
from site_builder.languages import DIRECTORY, catalogue
from site_builder.languages.catalogue import read


def _pseudo(directory: Path, code: str = "xx", *, drop: str = "") -> Path:
    """A copy of the English catalogue as the language `code` (CLDR's German, "de", for its tag and
    plural rules), its "home" label "Heim"; without the message `drop`."""
    with (DIRECTORY / "en.po").open("rb") as file:
        po = read_po(file, locale="de")
    po.locale = "de"  # type: ignore[method-assign, assignment]  # the header's Language:
    po["home"].string = "Heim"
    if drop:
        po.delete(drop)
    directory.mkdir(parents=True, exist_ok=True)
    path = directory / f"{code}.po"
    with path.open("wb") as file:
        write_po(file, po)
    return path


def _bulletin(tmp_path: Path, catalogues: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "BULLETIN_CATALOGUES": str(catalogues)}
    return subprocess.run([sys.executable, "-m", "site_builder", *args], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=300, check=False)


def test_a_po_file_in_a_catalogue_directory_is_a_language_the_site_builds_in(tmp_path: Path) -> None:
    catalogues = tmp_path / "catalogues"
    _pseudo(catalogues)
    made = _bulletin(tmp_path, catalogues, "new", "content/ev", "--language", "xx", "--game", "chess",
                     "--players", "4", "--plain-seed")
    assert made.returncode == 0, made.stderr
    event = (tmp_path / "content/ev/event.yaml").read_text(encoding="utf-8")
    assert "language: xx                # zh | en | ja | xx: the pages' labels" in event
    paired = _bulletin(tmp_path / "content", catalogues, "pair", "ev")
    assert paired.returncode == 0, paired.stderr
    built = _bulletin(tmp_path, catalogues, "build", "content", "--no-pdf", "--output", "out")
    assert built.returncode == 0, built.stderr
    page = (tmp_path / "out/ev/open/round-01.html").read_text(encoding="utf-8")
    assert '<html lang="de"' in page and "Heim" in page and "Player 01" in page


def test_a_language_the_package_does_not_ship_is_unknown_without_its_file(tmp_path: Path) -> None:
    made = _bulletin(tmp_path, tmp_path / "none", "new", "content/ev", "--language", "xx")
    assert made.returncode != 0 and "'xx' is not one of 'zh', 'en', 'ja'" in made.stderr


@pytest.mark.parametrize("message", ["standings", "cli.pending"])  # a label, a plural message
def test_a_catalogue_lacking_a_message_is_refused_with_its_file(tmp_path: Path, message: str) -> None:
    catalogues = tmp_path / "catalogues"
    _pseudo(catalogues, drop=message)
    made = _bulletin(tmp_path, catalogues, "new", "content/ev", "--language", "xx", "--plain-seed")
    assert made.returncode != 0
    assert made.stderr.strip().endswith(f"{catalogues / 'xx.po'}:1:1: lacks 1 of zh.po's messages: {message} "
                                        "(hint: copy them from zh.po and translate them)")


def test_a_catalogue_that_is_no_po_file_is_refused_with_its_line(tmp_path: Path) -> None:
    path = tmp_path / "xx.po"
    path.write_text('msgid ""\nmsgstr "Language: de\\n"\n\nmsgid "home"\n\nmsgid "x"\nmsgstr "y"\n',
                    encoding="utf-8")  # line 4: a msgid without its msgstr
    with pytest.raises(ContentError, match=r"xx\.po:4:1: missing msgstr for msgid 'home'.*"
                                           r"\(hint: check the file with msgfmt -c\)"):
        read(path)


def test_plurals_follow_cldr_through_the_catalogue() -> None:
    english, chinese = catalogue("en"), catalogue("zh")
    said = [english.plural("cli.pending", k).format(where="x", n=2, m=1, k=k) for k in (1, 2, 0)]
    assert [text.split(": ")[2][:25] for text in said] == [
        "round 1 has 1 result pend", "round 1 has 2 results pen", "round 1 has 0 results pen"]
    assert chinese.plural("cli.pending", 1) == chinese.plural("cli.pending", 2)  # one form
    assert english.plural_categories == ("one", "other") and chinese.plural_categories == ("other",)
