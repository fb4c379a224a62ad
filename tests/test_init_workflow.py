"""The GitHub workflow `bulletin init` writes, run as GitHub runs it, in a repository with only content.

The tool is built as a wheel and pinned in `requirements.txt`; a fresh virtual environment installs
it with the workflow's own command; the build runs with the base URL `actions/configure-pages` gives
a project site and the draw seed from the CI secret. Only the Debian packages step is left out: it
needs root and the suite's machine has them (`make test` installs the same list as `make site`).
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import venv
from pathlib import Path

import pytest
import yaml
from organizer import printed_seed
from repository import commit_all

ROOT = Path(__file__).resolve().parents[1]
BASE_URL = "https://club.example.org/club-2027"  # configure-pages' base_url: no trailing slash


def expand(command: str, values: dict[str, str]) -> str:
    """GitHub's `${{ … }}` expressions replaced by the values the platform gives them."""
    return re.sub(r"\$\{\{\s*([^}]+?)\s*\}\}", lambda m: values[m.group(1)], command)


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(out), str(ROOT)],
                   check=True, capture_output=True)
    (path,) = out.glob("tournament_bulletin-*.whl")
    return path


def test_the_generated_github_workflow_builds_the_site(tmp_path: Path, wheel: Path) -> None:
    repo = tmp_path / "club-2027"
    tool = str(Path(sys.executable).with_name("bulletin"))
    made = subprocess.run([tool, "init", str(repo), "--name", "Club Championship 2027", "--game", "chess",
                           "--language", "en", "--players", "12", "--tool", str(wheel)],
                          capture_output=True, text=True, check=True)
    seed = printed_seed(made.stdout)
    event = repo / "content/club-2027/event.yaml"  # the organizer gives the dates `init` leaves open
    event.write_text(re.sub(r"^# dates: \[[^\]]*\]", "dates: [2027-03-06, 2027-04-17]",
                            event.read_text(encoding="utf-8"), flags=re.M), encoding="utf-8")
    commit_all(repo)  # the first push, before any lot
    env = {**os.environ, "BULLETIN_DRAW_SEED": seed}
    subprocess.run([tool, "pair", "content"], cwd=repo, env=env, check=True, capture_output=True)

    runner = tmp_path / "runner"  # a fresh Python, as actions/setup-python gives
    venv.create(runner, with_pip=True)
    env = {**os.environ, "PATH": f"{runner / 'bin'}{os.pathsep}{os.environ['PATH']}"}
    env.pop("VIRTUAL_ENV", None)
    workflow = yaml.safe_load((repo / ".github/workflows/bulletin.yml").read_text(encoding="utf-8"))
    values = {"steps.pages.outputs.base_url": BASE_URL, "secrets.BULLETIN_DRAW_SEED": seed}
    ran = []
    for step in workflow["jobs"]["build"]["steps"]:
        if "run" not in step or "apt-get" in step["run"]:
            continue
        step_env = {**env, **{k: expand(v, values) for k, v in step.get("env", {}).items()}}
        proc = subprocess.run(["bash", "-e", "-c", expand(step["run"], values)], cwd=repo, env=step_env,
                              capture_output=True, text=True)
        assert proc.returncode == 0, proc.stdout + proc.stderr
        ran.append(step["run"])
    assert any("pip install -r requirements.txt" in r for r in ran)
    assert any("bulletin build" in r for r in ran)
    assert (runner / "bin" / "bulletin").is_file()  # the build used the tool the workflow installed

    output = repo / "output"
    pdfs = list(output.rglob("*.pdf"))
    assert pdfs and all(p.read_bytes().startswith(b"%PDF") for p in pdfs)
    home = (output / "club-2027" / "index.html").read_text(encoding="utf-8")
    assert f'<link rel="canonical" href="{BASE_URL}/club-2027/' in home
    assert f"<loc>{BASE_URL}/club-2027/" in (output / "sitemap.xml").read_text(encoding="utf-8")
    assert seed not in "".join(p.read_text(encoding="utf-8") for p in output.rglob("*.html"))
