"""The software and font digests every cache key starts from change whenever what they stand for does."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from site_builder.cache import fingerprint


def _dist(site: Path, name: str, record: str) -> None:
    info = site / name
    info.mkdir(parents=True)
    (info / "RECORD").write_text(record, encoding="utf-8")


def test_every_installed_distribution_counts_by_name_version_and_files(tmp_path: Path) -> None:
    _dist(tmp_path, "pypinyin-0.53.0.dist-info", "pypinyin/__init__.py,sha256=aaa,10\n")
    _dist(tmp_path, "chess-1.11.2.dist-info", "chess/__init__.py,sha256=bbb,10\n")
    (tmp_path / "not_a_distribution").mkdir()
    found = fingerprint.distributions([str(tmp_path), str(tmp_path / "missing")])
    assert [name for name, _ in found] == ["chess-1.11.2.dist-info", "pypinyin-0.53.0.dist-info"]

    before = dict(found)
    (tmp_path / "pypinyin-0.53.0.dist-info" / "RECORD").write_text("pypinyin/__init__.py,sha256=ccc,10\n")
    after = dict(fingerprint.distributions([str(tmp_path)]))
    # the same version installed from other files
    assert after["pypinyin-0.53.0.dist-info"] != before["pypinyin-0.53.0.dist-info"]
    assert after["chess-1.11.2.dist-info"] == before["chess-1.11.2.dist-info"]


def test_the_libraries_the_pages_depend_on_are_all_in_the_digest() -> None:
    names = " ".join(name.lower() for name, _ in fingerprint.distributions())
    for library in ("pypinyin", "chess", "python_shogi", "sgfmill", "jinja2", "markdown", "nh3", "pyyaml",
                    "weasyprint", "pydyf", "fonttools", "uharfbuzz"):
        assert f"{library}-" in names.replace("python-shogi", "python_shogi"), library


def test_another_version_of_one_dependency_changes_the_software_digest(monkeypatch) -> None:
    real = fingerprint.distributions()
    fingerprint.software.cache_clear()
    try:
        base = fingerprint.software()
        other = [(name.replace("pypinyin-", "pypinyin-0.0.0+other-") if name.startswith("pypinyin-")
                  else name, record) for name, record in real]
        assert other != real
        monkeypatch.setattr(fingerprint, "distributions", lambda: other)
        fingerprint.software.cache_clear()
        assert fingerprint.software() != base
    finally:
        monkeypatch.undo()
        fingerprint.software.cache_clear()
    assert fingerprint.software() == base


def test_tree_digests_names_and_contents(tmp_path: Path) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "x.py").write_text("1")
    first = fingerprint.tree(tmp_path)
    assert fingerprint.tree(tmp_path) == first
    (tmp_path / "a" / "x.py").write_text("2")
    second = fingerprint.tree(tmp_path)
    assert second != first
    (tmp_path / "a" / "x.py").rename(tmp_path / "a" / "y.py")
    assert fingerprint.tree(tmp_path) != second
    assert fingerprint.tree(None) == fingerprint.tree(tmp_path / "missing")


def test_a_changed_catalogue_changes_the_software_digest(tmp_path: Path, monkeypatch) -> None:
    """Every word of a page comes from a language catalogue: editing one (the package's, or one of
    `BULLETIN_CATALOGUES`) changes every key, as editing a module does."""
    added = tmp_path / "eo.po"
    added.write_text('msgid ""\nmsgstr ""\n', encoding="utf-8")
    monkeypatch.setitem(fingerprint.FILES, "eo", added)
    fingerprint.software.cache_clear()
    try:
        base = fingerprint.software()
        added.write_text('msgid ""\nmsgstr ""\n\nmsgid "round"\nmsgstr "Raŭndo {n}"\n', encoding="utf-8")
        fingerprint.software.cache_clear()
        assert fingerprint.software() != base
    finally:
        monkeypatch.undo()
        fingerprint.software.cache_clear()
    package = tmp_path / "package"
    package.mkdir()
    (package / "en.po").write_text("1")
    first = fingerprint.tree(package, suffixes=fingerprint.SOURCES)
    (package / "en.po").write_text("2")
    assert fingerprint.tree(package, suffixes=fingerprint.SOURCES) != first


FONT_SCRIPT = "from site_builder.cache.fingerprint import fonts; import sys; sys.stdout.write(fonts().hex())"


def _fonts_digest(config: Path) -> str:
    result = subprocess.run([sys.executable, "-c", FONT_SCRIPT], check=True, capture_output=True, text=True,
                            env={"FONTCONFIG_FILE": str(config), "PATH": "/usr/bin:/bin",
                                 "HOME": str(config.parent), "XDG_CACHE_HOME": str(config.parent / "cache")})
    return result.stdout


@pytest.mark.skipif(shutil.which("fc-list") is None, reason="fontconfig is a prerequisite of PDF builds")
def test_a_changed_font_file_changes_the_font_digest(tmp_path: Path) -> None:
    system_fonts = [p for p in Path("/usr/share/fonts").rglob("*") if p.suffix in (".ttf", ".otf", ".ttc")]
    assert len(system_fonts) >= 2, "fonts-noto-cjk (and its dependencies) are installed by make test"
    small = sorted(system_fonts, key=lambda p: p.stat().st_size)[:2]
    fonts = tmp_path / "fonts"
    fonts.mkdir()
    config = tmp_path / "fonts.conf"
    config.write_text(f'<?xml version="1.0"?><fontconfig><dir>{fonts}</dir>'
                      f'<cachedir>{tmp_path / "cache"}</cachedir></fontconfig>', encoding="utf-8")
    target = fonts / f"face{small[0].suffix}"
    shutil.copyfile(small[0], target)
    first = _fonts_digest(config)
    assert first == _fonts_digest(config)
    target.unlink()
    shutil.copyfile(small[1], fonts / f"face{small[1].suffix}")
    assert _fonts_digest(config) != first
