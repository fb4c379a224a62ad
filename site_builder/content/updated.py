"""When each event last changed: the committer time of the last git commit that touched its directory.

The same commit gives the same time on any machine, so pages stay reproducible without a wall clock.
An event has no such time when its content is not in a git work tree, git is not installed, its
directory holds changes not yet committed (the commit's time would not be the content's), or the
commit found is where a shallow clone was cut (its files may have changed in commits not fetched;
CI checks out the whole history for this: `bulletin init`'s workflows).
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path


def last_changed(directories: list[Path]) -> dict[Path, str]:
    """The ISO time (with the committer's UTC offset) of each directory's last commit, for the
    directories that have one and no uncommitted changes."""
    git = shutil.which("git")
    if git is None or not directories:
        return {}
    absolute = {directory: directory.resolve() for directory in directories}
    root = absolute[directories[0]]
    repository = _run([git, "rev-parse", "--show-toplevel", "--git-path", "shallow"], root)
    status = _run([git, "status", "--porcelain", "-z", "--untracked-files=normal", "--no-renames", "--",
                   *map(str, absolute.values())], root) if repository else None
    if repository is None or status is None:  # not a work tree, or git refuses it
        return {}
    top, shallow_file = repository.splitlines()
    shallow_path = root / shallow_file
    cut = set(shallow_path.read_text().split()) if shallow_path.is_file() else set()
    # porcelain paths are relative to the top of the work tree: "XY path\0"
    changed = [Path(top, entry[3:]).resolve() for entry in status.split("\0") if entry]
    dirty = {directory for directory, where in absolute.items()
             if any(path == where or where in path.parents for path in changed)}
    # One process per event, all started at once: a site has a handful of events.
    logs = {directory: _start([git, "log", "-1", "--format=%H %cI", "--", str(absolute[directory])], root)
            for directory in directories if directory not in dirty}
    times = {}
    for directory, process in logs.items():
        out, _ = process.communicate()
        commit, _, time = out.strip().partition(" ")
        if process.returncode == 0 and time and commit not in cut:
            times[directory] = time
    return times


def _start(command: list[str], cwd: Path) -> subprocess.Popen:
    return subprocess.Popen(command, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)


def _run(command: list[str], cwd: Path) -> str | None:
    process = _start(command, cwd)
    out, _ = process.communicate()
    return out if process.returncode == 0 else None

