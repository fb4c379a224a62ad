"""`bulletin init`: an organizer's repository with one event, ready to push and publish.

It holds the content (`content/site.yaml` and an event made by `bulletin new`), the tool's pinned
version (`requirements.txt`), CI files for GitHub Pages and GitLab Pages, `.gitignore` and a short
README. The CI files are kept in `site_builder/init_files/`.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path

from site_builder import __version__
from site_builder.commands.new import ScaffoldError, scaffold
from site_builder.content import notation
from site_builder.games.registry import game_of
from site_builder.languages import catalogue

DISTRIBUTION = "tournament-bulletin"
FILES = Path(__file__).resolve().parents[1] / "init_files"
#: Where the documentation is read when the tool's own source is not known.
DOCS_FALLBACK = "the docs/ folder of the bulletin tool's repository"
_SLUG = re.compile(r"^[a-z0-9][a-z0-9-]*$")
#: The GitHub actions the workflow (`init_files/github-workflow.yml`) uses, at their current majors
#: (the first to run on Node 24; the Node 20 majors before them warn on every run). The one list the
#: workflow, the docs and the tests are checked against.
ACTIONS = {
    "actions/checkout": "v7",
    "actions/setup-python": "v7",
    "actions/cache": "v6",
    "actions/configure-pages": "v6",
    "actions/upload-pages-artifact": "v5",
    "actions/deploy-pages": "v5",
}
#: An example of `--tool`, for the refusal below.
TOOL_EXAMPLE = f"--tool '{DISTRIBUTION} @ git+https://github.com/<owner>/<repository>@<commit>'"

_SITE = """\
# The whole site: its title on the home page (one event: the event's name is used).
title: {title}
language: {language}
"""

@dataclass(frozen=True)
class Repository:
    """What `init_repository` wrote, the requirement it pinned and the secret seed (shown once)."""

    written: list[Path]
    requirement: str
    seed: int | None


def init_repository(directory: Path, *, slug: str = "", name: str = "", game: str = "xiangqi",
                    language: str = "zh", system: str = "", rounds: int = 0, players: int = 0,
                    requirement: str = "", regulation: str = "", teams: int = 0, boards: int = 3
                    ) -> Repository:
    """Write an organizer's repository into `directory` (absent or empty). Without `requirement`,
    CI installs the tool as it was installed here; a tool installed from a local folder or wheel is
    refused before anything is written, since CI could not install it."""
    if directory.exists() and any(directory.iterdir()):
        raise ScaffoldError(f"{directory} is not empty (hint: choose a new directory)")
    pinned, installable = (requirement, True) if requirement else tool_requirement()
    if not installable:
        raise ScaffoldError(f"this tool was installed from a local folder or wheel, so CI could not install "
                            f"'{pinned}' (hint: say where CI installs it from, e.g. {TOOL_EXAMPLE})")
    slug = slug or directory.resolve().name.lower()
    if not _SLUG.match(slug):
        raise ScaffoldError(f"{slug!r} cannot name the event's folder (hint: give --slug with lowercase "
                            "letters, digits and hyphens)")
    made = scaffold(directory / "content" / slug, name=name, game=game, language=language,
                    system=system, rounds=rounds, players=players, regulation=regulation, teams=teams,
                    boards=boards)
    event_name = name or _event_name(directory / "content" / slug / "event.yaml")
    docs = docs_url()
    files = {
        "content/site.yaml": _SITE.format(title=json.dumps(event_name, ensure_ascii=False),
                                          language=language),
        "requirements.txt": "# The bulletin tool, pinned: CI installs exactly this version.\n"
                            f"{pinned}\n",
        ".gitignore": (FILES / "gitignore").read_text(encoding="utf-8"),
        ".github/workflows/bulletin.yml": (FILES / "github-workflow.yml").read_text(encoding="utf-8"),
        ".gitlab-ci.yml": (FILES / "gitlab-ci.yml").read_text(encoding="utf-8"),
        "README.md": catalogue(language).labels["init.readme"].format(
            name=event_name, slug=slug, docs=docs, platform=catalogue(language).labels["init.platform"],
            results=f"`{game_of(game).accepted_results or notation.ACCEPTED}`") + "\n",
    }
    written = list(made.written)
    for relative, text in files.items():
        path = directory / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        written.append(path)
    return Repository(written, pinned, made.seed)


def _event_name(event_file: Path) -> str:
    line = next(line for line in event_file.read_text(encoding="utf-8").splitlines()
                if line.startswith("name:"))
    return json.loads(line.removeprefix("name:").strip())


def _direct_url() -> dict:
    """PEP 610's record of where pip installed this tool from ({} when unknown)."""
    try:
        text = metadata.distribution(DISTRIBUTION).read_text("direct_url.json")
    except metadata.PackageNotFoundError:
        return {}
    return json.loads(text) if text else {}


def tool_requirement(direct: dict | None = None) -> tuple[str, bool]:
    """The requirement that installs this very version in CI, and whether it names a public source.

    >>> git = {"vcs": "git", "commit_id": "ab12"}
    >>> tool_requirement({"url": "https://example.org/t.git", "vcs_info": git})
    ('tournament-bulletin @ git+https://example.org/t.git@ab12', True)
    >>> tool_requirement({"url": "file:///home/me/tool", "dir_info": {"editable": True}})[1]
    False
    """
    direct = _direct_url() if direct is None else direct
    url, vcs = direct.get("url", ""), direct.get("vcs_info", {})
    if vcs.get("vcs") == "git" and not url.startswith("file:"):
        return f"{DISTRIBUTION} @ git+{url}@{vcs.get('commit_id') or vcs.get('requested_revision')}", True
    if url.startswith(("https://", "http://")):
        return f"{DISTRIBUTION} @ {url}", True
    if direct:
        return f"{DISTRIBUTION}=={__version__}", False  # a local path: CI cannot reach it
    return f"{DISTRIBUTION}=={__version__}", True  # installed from a package index


def docs_url(direct: dict | None = None) -> str:
    """The documentation of this version, when the tool came from a GitHub or GitLab repository.

    >>> docs_url({"url": "https://github.com/o/t.git", "vcs_info": {"vcs": "git", "commit_id": "ab12"}})
    'https://github.com/o/t/tree/ab12/docs'
    """
    direct = _direct_url() if direct is None else direct
    url, commit = direct.get("url", ""), direct.get("vcs_info", {}).get("commit_id", "")
    match = re.match(r"^(https://(github\.com|gitlab\.com)/[^/]+/[^/]+?)(\.git)?/?$", url)
    if not match or not commit:
        return DOCS_FALLBACK
    separator = "/-" if match.group(2) == "gitlab.com" else ""
    return f"{match.group(1)}{separator}/tree/{commit}/docs"
