"""`bulletin search-index`: one player search over several sites (a federation's seasons, each its
own site of at most a host's limit), written from each built site's `search/entries.json`.

Each site names the shared index in its site.yaml (`search: https://…/search/`); its pages then
search there, and a result opens the page on the site that has it.
"""

from __future__ import annotations

import json
import shutil
import tempfile
from pathlib import Path
from typing import Any

from site_builder.errors import ContentError, Location, Problem
from site_builder.views.search_index import search_files


def site_entries(address: str, built: Path) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The events and the other entries of the site built into `built`, published at `address`."""
    source = built / "search" / "entries.json"
    try:
        index = json.loads(source.read_text(encoding="utf-8"))
        events, entries = int(index["events"]), list(index["entries"])
    except FileNotFoundError:
        hint = f"build the site first: bulletin build CONTENT --output {built}"
        raise ContentError([Problem(Location(source), "no search index here", hint)]) from None
    except json.JSONDecodeError as error:  # located where the JSON breaks, its message without the place
        raise _broken(Location(source, error.lineno, error.colno), error.msg) from None
    except (ValueError, KeyError, TypeError) as error:
        raise _broken(Location(source), str(error)) from None
    placed = [{**entry, "site": address} for entry in entries]
    return placed[:events], placed[events:]


def _broken(location: Location, said: str) -> ContentError:
    """A site's entries.json that is not a search index (`said`: why), at `location`."""
    return ContentError([Problem(location, f"not a search index ({said})",
                                 "build the site again with this version of bulletin")])


def shared_index(sites: list[tuple[str, Path]], output: Path) -> int:
    """Write into `output` the search index of every site (its address, its built folder), the
    events of all first, in the sites' order; return how many entries it has. `output` is replaced
    whole, or left as it was when a site has no index."""
    events: list[dict[str, Any]] = []
    others: list[dict[str, Any]] = []
    for address, built in sites:
        leading, rest = site_entries(address, built)
        events += leading
        others += rest
    output.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{output.name}.new-", dir=output.parent))
    try:
        for name, text in search_files([*events, *others], len(events), folder="").items():
            (staging / name).write_text(text, encoding="utf-8", newline="\n")
        if output.exists():
            shutil.rmtree(output)
        staging.rename(output)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    return len(events) + len(others)
