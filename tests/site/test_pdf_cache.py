"""The PDF cache never changes what a build writes: a build that follows another in the same process,
after its theme's print stylesheet or an image it loads was edited, writes the PDFs a fresh process
with an empty cache writes."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image

from site_builder.build import build_site
from site_builder.render.html import DEFAULT_THEME

ROUND_PDF = Path("cup/open/bulletin-round-01.pdf")


def _site(content: Path, small_event) -> Path:
    """A small event whose theme prints a logo on every page of the PDFs."""
    small_event(content / "cup", name="Cup", language="en")
    static = content / "theme" / "static"
    static.mkdir(parents=True)
    default = (DEFAULT_THEME / "static" / "print.css").read_text(encoding="utf-8")
    (static / "print.css").write_text(default + "\nbody { background: url(logo.png) no-repeat top right; }\n",
                                      encoding="utf-8")
    _logo(static / "logo.png", (200, 30, 30))
    (content / "site.yaml").write_text("title: Club\ntheme: theme\n", encoding="utf-8")
    return static


def _logo(path: Path, colour: tuple[int, int, int]) -> None:
    Image.new("RGB", (40, 40), colour).save(path, format="PNG")


def _process_build(content: Path, output: Path) -> bytes:
    """The PDF a new `bulletin build` process writes (its cache: `.bulletin-cache` beside `output`)."""
    subprocess.run([sys.executable, "-m", "site_builder", "build", str(content), "-o", str(output)],
                   check=True, capture_output=True)
    return (output / ROUND_PDF).read_bytes()


@pytest.mark.parametrize("jobs", [1, 2])
def test_edited_theme_files_reach_the_next_pdfs_of_the_same_process(tmp_path: Path, small_event,
                                                                    jobs: int) -> None:
    content = tmp_path / "content"
    static = _site(content, small_event)
    output = tmp_path / "main" / "out"
    build_site(content, output, jobs=jobs)
    first = (output / ROUND_PDF).read_bytes()
    assert first == _process_build(content, tmp_path / "fresh0" / "out")

    _logo(static / "logo.png", (30, 30, 200))  # a new logo …
    build_site(content, output, jobs=jobs)
    with_logo = (output / ROUND_PDF).read_bytes()
    assert with_logo != first
    assert with_logo == _process_build(content, tmp_path / "fresh1" / "out")

    css = static / "print.css"  # … then a new print stylesheet
    css.write_text(css.read_text(encoding="utf-8") + "h1 { color: #0a0; }\n", encoding="utf-8")
    build_site(content, output, jobs=jobs)
    restyled = (output / ROUND_PDF).read_bytes()
    assert restyled not in (first, with_logo)
    assert restyled == _process_build(content, tmp_path / "fresh2" / "out")

    # A later process reuses the cache, and what it takes from there is what it would render.
    assert _process_build(content, tmp_path / "main" / "later") == restyled


def test_a_second_build_in_a_process_renders_what_the_first_did(tmp_path: Path, small_event) -> None:
    """The renderer belongs to its build: the second build of a process (another output, another
    cache) still finds the theme's images."""
    content = tmp_path / "content"
    _site(content, small_event)
    build_site(content, tmp_path / "a", cache=tmp_path / "a-cache", jobs=1)
    build_site(content, tmp_path / "b", cache=tmp_path / "b-cache", jobs=1)
    assert (tmp_path / "a" / ROUND_PDF).read_bytes() == (tmp_path / "b" / ROUND_PDF).read_bytes()
