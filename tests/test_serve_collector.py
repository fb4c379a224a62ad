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


class _Boxes:
    """A cycle, as WeasyPrint's boxes are: only the collector frees it."""

    def __init__(self) -> None:
        self.me = self


def test_a_paused_build_frees_each_pdfs_cycles_before_the_next(tmp_path: Path, small_event,
                                                                monkeypatch) -> None:
    import weakref

    from site_builder.build.collector import collector_paused
    from site_builder.render.pdf import PdfRenderer

    content = tmp_path / "content"
    small_event(content / "cup", name="Cup", language="en")
    left: list[weakref.ref] = []
    alive_at_each_render: list[int] = []
    render = PdfRenderer.render

    def leaving_cycles(self, html: str) -> bytes:
        alive_at_each_render.append(sum(ref() is not None for ref in left))
        boxes = _Boxes()
        left.append(weakref.ref(boxes))
        return render(self, html)

    monkeypatch.setattr(PdfRenderer, "render", leaving_cycles)
    with collector_paused():
        site_builder.build.build_site(content, tmp_path / "out", jobs=1)
        assert not gc.isenabled() and gc.get_freeze_count() == 0
    assert len(alive_at_each_render) > 1 and set(alive_at_each_render) == {0}
    assert gc.isenabled()


def test_the_sweep_scans_only_what_a_job_made_and_leaves_a_running_collector_alone() -> None:
    from site_builder.build.collector import swept_after_each

    gc.disable()
    try:
        before = _Boxes()
        with swept_after_each() as sweep:
            assert gc.get_freeze_count() > 0  # `before` and the rest of the build: not scanned
            sweep()
        assert gc.get_freeze_count() == 0 and before.me is before
    finally:
        gc.enable()
    with swept_after_each() as sweep:
        assert gc.get_freeze_count() == 0 and sweep() is None
