"""`bulletin serve` leaves the garbage collector as Python sets it: its HTTP threads run during every
rebuild. Only `bulletin build`'s one-shot process pauses it for its build."""

from __future__ import annotations

import gc
from pathlib import Path

from click.testing import CliRunner

import site_builder.build
import site_builder.commands.serve
from site_builder.cli import main
from site_builder.commands.serve import LiveSite


def _traced(monkeypatch, module) -> list[bool]:
    """Whether the collector was on at each `build_site` call made through `module`."""
    seen: list[bool] = []
    build = site_builder.build.build_site

    def traced(*args, **kwargs):
        seen.append(gc.isenabled())
        return build(*args, **kwargs)

    monkeypatch.setattr(module, "build_site", traced)
    return seen


def test_a_serve_rebuild_runs_and_ends_with_the_collector_on(tmp_path: Path, small_event,
                                                             monkeypatch) -> None:
    content = tmp_path / "content"
    small_event(content / "cup", name="Cup", language="en")
    seen = _traced(monkeypatch, site_builder.commands.serve)
    site = LiveSite(content, tmp_path / "output", pdf=False)
    assert gc.isenabled()
    assert site.rebuild() and site.rebuild()
    assert seen == [True, True] and gc.isenabled()


def test_bulletin_build_pauses_the_collector_for_its_build_only(tmp_path: Path, small_event,
                                                                 monkeypatch) -> None:
    content = tmp_path / "content"
    small_event(content / "cup", name="Cup", language="en")
    seen = _traced(monkeypatch, site_builder.build)
    result = CliRunner().invoke(main, ["build", str(content), "--output", str(tmp_path / "out"), "--no-pdf"])
    assert result.exit_code == 0, result.output
    assert seen == [False] and gc.isenabled()
