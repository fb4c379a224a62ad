"""The organizer's git repository, for tests that need the content committed (a secret seed's
commitment before the first lot, commit times)."""

from __future__ import annotations

import subprocess
from pathlib import Path


def commit_all(repository: Path, message: str = "The event and its draw seed's commitment") -> None:
    """The organizer's `git init && git add . && git commit` (a repository made on first use)."""
    identity = ["-c", "user.name=Arbiter", "-c", "user.email=arbiter@example.org"]
    if not (repository / ".git").exists():
        subprocess.run(["git", "init", "-q", str(repository)], check=True)
    subprocess.run(["git", "-C", str(repository), "add", "-A"], check=True)
    subprocess.run(["git", "-C", str(repository), *identity, "commit", "-q", "-m", message], check=True)
