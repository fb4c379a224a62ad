"""`live.json` (site_builder/render/live.py): the same content writes the same bytes, whether the
build is fresh or takes unchanged events over from the previous output; a changed result changes
the keys of its section, its event and the site, and no other."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from site_builder.build import build_site

FULL = Path(__file__).resolve().parents[2] / "content" / "2017-xiangqi-national-full"


def _keys(output: Path) -> dict[str, str]:
    document = json.loads((output / "live.json").read_text(encoding="utf-8"))
    assert (document["format"], document["version"]) == ("bulletin-live", 1)
    return document["keys"]


def test_live_json_follows_the_content_and_nothing_else(tmp_path: Path, small_event) -> None:
    content = tmp_path / "content"
    shutil.copytree(FULL, content / "national")
    small_event(content / "cup")
    output = tmp_path / "out"
    build_site(content, output, pdf=False)
    first = (output / "live.json").read_bytes()
    keys = _keys(output)
    assert set(keys) == {"", "cup", "cup/open", "national", "national/men-a", "national/men-b",
                         "national/women"}

    build_site(content, output, pdf=False)  # nothing changed: the events are taken over whole
    assert (output / "live.json").read_bytes() == first
    build_site(content, tmp_path / "elsewhere", pdf=False, cache=tmp_path / "no-cache")
    assert (tmp_path / "elsewhere" / "live.json").read_bytes() == first

    last = content / "national" / "women" / "rounds" / "09.yaml"
    text = last.read_text("utf-8")
    assert '"刘欢", "党国蕾", "2:0"' in text
    last.write_text(text.replace('"刘欢", "党国蕾", "2:0"', '"刘欢", "党国蕾", "1:1"'), "utf-8")
    build_site(content, output, pdf=False)  # the cup is taken over from the previous output
    changed = _keys(output)
    assert sorted(k for k in keys if keys[k] != changed[k]) == ["", "national", "national/women"]
    fresh = tmp_path / "fresh"
    build_site(content, fresh, pdf=False, cache=tmp_path / "no-cache-2")
    assert (fresh / "live.json").read_bytes() == (output / "live.json").read_bytes()


def test_each_page_that_changes_during_play_names_its_key(tmp_path: Path, small_event) -> None:
    content = tmp_path / "content"
    small_event(content / "cup")
    small_event(content / "shield", name="Shield")
    output = tmp_path / "out"
    build_site(content, output, pdf=False)
    keys = _keys(output)
    pages = {"index.html": "", "cup/index.html": "cup", "cup/open/round-01.html": "cup/open",
             "cup/open/players.html": "cup/open", "shield/open/round-01.html": "shield/open"}
    for path, key in pages.items():
        html = (output / path).read_text(encoding="utf-8")
        assert f'<main id="main" data-live="{key}">' in html, path
        assert key in keys
        assert 'id="live-note" class="live-note" role="status" aria-live="polite"' in html
