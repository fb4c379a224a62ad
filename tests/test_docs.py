"""The documentation in docs/: it builds strictly, and it keeps up with the systems and the commands.

A broken link or anchor, a page missing from the navigation (or a navigation entry without its
file) fails the MkDocs build; a pairing system the content accepts without its definition in
docs/systems.md, a `bulletin` command without its section in docs/commands.md, or an example event
of `content/` that docs/index.md does not count and list, fails here.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import click

from site_builder.cli import main
from site_builder.systems import SYSTEMS

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
#: Numbers as the documentation writes them in words.
NUMBERS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
           "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen",
           "nineteen", "twenty")


def headings(page: str) -> list[str]:
    """The Markdown headings of a docs page (outside fenced code)."""
    text = re.sub(r"^```.*?^```", "", (DOCS / page).read_text(encoding="utf-8"), flags=re.M | re.S)
    return [line.lstrip("#").strip() for line in text.splitlines() if re.match(r"#{1,6} ", line)]


def commands(group: click.Group, prefix: str = "bulletin") -> list[str]:
    """Every command of the click group, sub-groups' commands included ("bulletin import trf")."""
    found = []
    for name, command in sorted(group.commands.items()):
        if isinstance(command, click.Group):
            found += commands(command, f"{prefix} {name}")
        else:
            found.append(f"{prefix} {name}")
    return found


def test_mkdocs_builds_strictly(tmp_path: Path) -> None:
    site = tmp_path / "site"
    result = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--config-file", str(ROOT / "mkdocs.yml"),
         "--site-dir", str(site)],
        cwd=ROOT, capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stdout + result.stderr
    for page in sorted(DOCS.glob("*.md")):
        assert (site / page.with_suffix(".html").name).is_file(), f"{page.name} was not built"


def test_every_system_is_defined() -> None:
    defined = headings("systems.md")
    missing = [s for s in SYSTEMS if f"`{s}`" not in defined]
    assert not missing, f"docs/systems.md has no '### `name`' section for: {', '.join(missing)}"


def test_every_command_is_documented() -> None:
    documented = headings("commands.md")
    missing = [c for c in commands(main) if f"`{c}`" not in documented]
    assert not missing, f"docs/commands.md has no '## `command`' section for: {', '.join(missing)}"


def test_the_nav_lists_every_page() -> None:
    nav = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    listed = set(re.findall(r"^\s*- .*:\s*([\w-]+\.md)\s*$", nav, flags=re.M))
    pages = {p.name for p in DOCS.glob("*.md")}
    assert listed == pages, f"docs/ only: {sorted(pages - listed)}; nav only: {sorted(listed - pages)}"


def test_the_overview_counts_and_lists_every_example_event() -> None:
    """docs/index.md, "Example content": the number of events it says `content/` holds and the events
    it lists are the event folders of `content/`."""
    text = (DOCS / "index.md").read_text(encoding="utf-8")
    section = text[text.index("## Example content"):]
    said = re.search(r"`content/` holds (\w+) events", section)
    listed = re.findall(r"^- `([\w-]+)/`", section, flags=re.M)
    events = sorted(p.name for p in (ROOT / "content").iterdir() if (p / "event.yaml").is_file())
    assert sorted(listed) == events, "docs/index.md lists other events than content/ holds"
    assert said and said.group(1) in NUMBERS and NUMBERS.index(said.group(1)) == len(events), \
        f"docs/index.md says content/ holds {said and said.group(1)} events; it holds {len(events)}"
