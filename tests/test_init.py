"""Adoption: `bulletin new`, `bulletin init` (repository, CI files), `bulletin doctor`."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner
from organizer import printed_seed

from site_builder import draw_seed
from site_builder.cli import main
from site_builder.commands import doctor
from site_builder.commands import init as init_module
from site_builder.games.registry import NAMES, game_of

BIN = Path(sys.executable).parent
ROOT = Path(__file__).resolve().parents[1]


def run(*args: str) -> subprocess.CompletedProcess:
    return CliRunner().invoke(main, list(args))


# ---------------------------------------------------------------- bulletin new


@pytest.mark.parametrize("game", sorted(NAMES))
def test_new_event_is_paired_at_once_by_the_games_default_system(tmp_path: Path, game: str) -> None:
    event = tmp_path / "content" / "cup"
    result = run("new", str(event), "--game", game, "--language", "en", "--players", "6", "--plain-seed")
    assert result.exit_code == 0, result.output
    data = yaml.safe_load((event / "event.yaml").read_text(encoding="utf-8"))
    assert data["sections"]["open"]["system"] == game_of(game).defaults.system
    assert not (event / "open" / "rounds").exists()  # no invented round: round 1 comes from `pair`
    result = run("pair", str(tmp_path / "content"))
    assert result.exit_code == 0, result.output
    assert (event / "open" / "rounds" / "01.yaml").is_file()
    assert run("check", str(tmp_path / "content")).exit_code == 0


def test_new_chess_defaults_to_the_dutch_system_and_xiangqi_to_the_positional_swiss() -> None:
    assert game_of("chess").defaults.system == "dutch"
    assert game_of("xiangqi").defaults.system == "swiss-positional"


@pytest.mark.parametrize(("system", "players", "rounds"), [("round-robin", 6, 5), ("knockout", 8, 3),
                                                          ("dutch", 12, 7)])
def test_new_rounds_follow_from_the_system(tmp_path: Path, system: str, players: int, rounds: int) -> None:
    event = tmp_path / "content" / "cup"
    assert run("new", str(event), "--game", "chess", "--system", system, "--players", str(players),
               "--plain-seed").exit_code == 0
    assert yaml.safe_load((event / "event.yaml").read_text(encoding="utf-8"))["sections"]["open"]["rounds"] \
        == rounds
    result = run("pair", str(tmp_path / "content"))
    assert result.exit_code == 0, result.output


def test_new_sample_text_is_in_the_events_language(tmp_path: Path) -> None:
    zh, en = tmp_path / "zh", tmp_path / "en"
    run("new", str(zh), "--language", "zh", "--players", "2")
    run("new", str(en), "--language", "en", "--players", "2")
    assert "竞赛规程" in (zh / "pages" / "regulations.md").read_text(encoding="utf-8")
    assert "棋手01" in (zh / "open" / "players.yaml").read_text(encoding="utf-8")
    assert "公开组" in (zh / "event.yaml").read_text(encoding="utf-8")
    for path in zh.rglob("*.md"):
        assert "Write the" not in path.read_text(encoding="utf-8")
    assert "Regulations" in (en / "pages" / "regulations.md").read_text(encoding="utf-8")


@pytest.mark.parametrize(("language", "comment"), [
    ("zh", "# 2017年全国象棋个人锦标赛：依其计分、破同分与编排规则"),
    ("ja", "# 2017年全国シャンチー個人選手権：その得点、タイブレーク、組み合わせ規則"),
    ("en", "# 2017 National Xiangqi Individual Championship: its scoring, tiebreaks and pairing rules"),
])
def test_new_names_the_regulation_in_the_events_language(tmp_path: Path, language: str, comment: str) -> None:
    """The comment beside `regulation:` gives the regulation's title in the event's language (the
    catalogue's `new.regulation.<name>`), as every other comment `new` writes; the line still loads."""
    event = tmp_path / "content" / "cup"
    assert run("new", str(event), "--language", language, "--regulation", "xiangqi-national-individual",
               "--players", "4", "--plain-seed").exit_code == 0
    text = (event / "event.yaml").read_text(encoding="utf-8")
    [line] = [line for line in text.splitlines() if line.startswith("regulation:")]
    assert line == f"regulation: xiangqi-national-individual   {comment}"
    assert yaml.safe_load(text)["regulation"] == "xiangqi-national-individual"
    assert run("check", str(tmp_path / "content")).exit_code == 0


def test_new_without_players_writes_an_empty_list(tmp_path: Path) -> None:
    event = tmp_path / "content" / "cup"
    run("new", str(event), "--plain-seed")
    assert yaml.safe_load((event / "open" / "players.yaml").read_text(encoding="utf-8")) == {"players": []}


def test_new_commits_to_a_secret_seed_and_writes_it_nowhere(tmp_path: Path) -> None:
    event = tmp_path / "cup"
    result = run("new", str(event), "--players", "4")
    seed = int(printed_seed(result.output))
    assert seed.bit_length() == 128
    data = yaml.safe_load((event / "event.yaml").read_text(encoding="utf-8"))
    assert data["draw_seed_sha256"] == draw_seed.commitment(seed) and "draw_seed" not in data
    assert not any(str(seed) in p.read_text(encoding="utf-8") for p in event.rglob("*") if p.is_file())


def test_new_leaves_the_dates_to_the_organizer_and_check_warns_of_a_round_outside_them(
        tmp_path: Path) -> None:
    """No invented dates: `new` writes them commented out; once given, `check` warns of a round
    dated outside them (a typed year or month)."""
    content = tmp_path / "content"
    run("new", str(content / "cup"), "--players", "4", "--plain-seed")
    event = content / "cup" / "event.yaml"
    assert "\n# dates: [" in event.read_text(encoding="utf-8")
    assert run("pair", str(content)).exit_code == 0
    first = content / "cup" / "open" / "rounds" / "01.yaml"
    first.write_text(first.read_text(encoding="utf-8").replace("round: 1\n", "round: 1\ndate: 2026-03-06\n"),
                     encoding="utf-8")
    assert run("check", str(content), "--strict").exit_code == 0  # no dates given: nothing to compare
    text = event.read_text(encoding="utf-8")
    event.write_text(re.sub(r"^# dates: \[[^\]]*\]", "dates: [2027-03-06, 2027-03-07]", text, flags=re.M),
                     encoding="utf-8")
    result = run("check", str(content))
    assert result.exit_code == 0
    assert ("01.yaml:3:7: round 1 of '公开组' is dated 2026-03-06, outside the event's dates "
            "(2027-03-06 to 2027-03-07)") in result.output
    assert run("check", str(content), "--strict").exit_code == 2


def test_check_warns_of_results_without_dates_and_a_placeholder_arbiter(tmp_path: Path) -> None:
    """A played round needs a date once the event lasts several days, and the event needs dates
    once it has results; a chief arbiter named by a title ("裁判长") is not a name."""
    content = tmp_path / "content"
    run("new", str(content / "cup"), "--players", "4", "--plain-seed")
    assert run("pair", str(content)).exit_code == 0
    first = content / "cup" / "open" / "rounds" / "01.yaml"
    assert run("check", str(content), "--strict").exit_code == 0  # paired, nothing played yet
    second = first.with_name("02.yaml")  # round 2 prepared with a requested bye: nothing played either
    second.write_text("round: 2\nhalf_byes: [棋手01]\ngames: []\n", encoding="utf-8")
    assert "no dates" not in run("check", str(content)).output
    second.unlink()
    first.write_text(re.sub(r'"\?"\]', '"1-0"]', first.read_text(encoding="utf-8")), encoding="utf-8")
    result = run("check", str(content))
    assert "cup/event.yaml:1:1: the event has results but no dates (hint: add 'dates: [first day, " \
           "last day]' to event.yaml)" in result.output
    event = content / "cup" / "event.yaml"
    text = re.sub(r"^# dates: \[[^\]]*\]", "dates: [2027-03-06, 2027-03-07]",
                  event.read_text(encoding="utf-8"), flags=re.M)
    event.write_text(text + "chief_arbiter: 裁判长\n", encoding="utf-8")
    result = run("check", str(content))
    assert "01.yaml:2:8: round 1 of '公开组' has results but no date (hint: add 'date: YYYY-MM-DD' (from " \
           "2027-03-06 to 2027-03-07) to each round file)" in result.output
    assert "event.yaml:" in result.output and "the chief arbiter's name is '裁判长', a title or placeholder" \
        in result.output
    event.write_text(text.replace("2027-03-07]", "2027-03-06]") + "chief_arbiter: 王建国\n", encoding="utf-8")
    assert run("check", str(content), "--strict").exit_code == 0  # one day: the round's date is the event's


def test_new_refuses_a_system_it_cannot_start(tmp_path: Path) -> None:
    result = run("new", str(tmp_path / "cup"), "--system", "staged-swiss")
    assert result.exit_code == 2 and "Invalid value" in result.output


# ---------------------------------------------------------------- bulletin init


@pytest.fixture
def repository(tmp_path: Path) -> Path:
    repo = tmp_path / "club-2027"
    result = run("init", str(repo), "--name", "Club Championship 2027", "--game", "chess", "--language",
                 "en", "--players", "12", "--tool", "tournament-bulletin==0.1.0")
    assert result.exit_code == 0, result.output
    return repo


def test_init_writes_an_organizers_repository(repository: Path) -> None:
    for name in ("content/site.yaml", "content/club-2027/event.yaml", "content/club-2027/open/players.yaml",
                 ".gitignore", "README.md", "requirements.txt", ".github/workflows/bulletin.yml",
                 ".gitlab-ci.yml"):
        assert (repository / name).is_file(), name
    ignored = (repository / ".gitignore").read_text(encoding="utf-8")
    assert "/output/" in ignored and "/.bulletin-cache/" in ignored
    assert "tournament-bulletin==0.1.0" in (repository / "requirements.txt").read_text(encoding="utf-8")
    readme = (repository / "README.md").read_text(encoding="utf-8")
    assert "Club Championship 2027" in readme and "bulletin pair" in readme and "GitHub Actions" in readme
    assert "Results: `1-0 2:0 W |" in readme and 'absent: ["Name"]' in readme  # how a round is written


def test_a_go_repository_s_readme_says_how_go_results_are_written(tmp_path: Path) -> None:
    result = run("init", str(tmp_path / "go"), "--game", "go", "--language", "zh",
                 "--tool", "tournament-bulletin==0.1.0")
    assert result.exit_code == 0, result.output
    readme = (tmp_path / "go" / "README.md").read_text(encoding="utf-8")
    assert "成绩写法：`B+ W+ | B+R W+R (resignation)" in readme and 'absent: ["姓名"]' in readme


#: The majors of the Node 20 era: each warns on every run (GitHub forces Node 24 since 2 June 2026).
NODE_20_MAJORS = {"actions/checkout": 4, "actions/setup-python": 5, "actions/cache": 4,
                  "actions/configure-pages": 5, "actions/upload-pages-artifact": 3, "actions/deploy-pages": 4}


def test_the_workflow_uses_the_listed_action_majors_and_no_node_20_one() -> None:
    workflow = (init_module.FILES / "github-workflow.yml").read_text(encoding="utf-8")
    used = dict(re.findall(r"uses: ([\w./-]+)@(v\d+)", workflow))
    assert used == init_module.ACTIONS
    assert all(int(used[name][1:]) > major for name, major in NODE_20_MAJORS.items())
    for doc in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]:  # the docs quote the same list
        for name, version in re.findall(r"(actions/[\w-]+)@(v\d+)", doc.read_text(encoding="utf-8")):
            assert init_module.ACTIONS.get(name) == version, f"{doc.name}: {name}@{version}"


def test_init_refuses_a_tool_ci_cannot_install_before_writing_anything(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    wheel = {"url": "file:///home/arbiter/tournament_bulletin-0.1.0-py3-none-any.whl", "archive_info": {}}
    monkeypatch.setattr(init_module, "_direct_url", lambda: wheel)
    result = run("init", str(tmp_path / "club"), "--players", "4")
    assert result.exit_code == 2
    assert "CI could not install 'tournament-bulletin==" in result.output and "--tool '" in result.output
    assert not (tmp_path / "club").exists()
    result = run("init", str(tmp_path / "club"), "--players", "4", "--tool", "tournament-bulletin==0.1.0")
    assert result.exit_code == 0, result.output
    assert "CI 将安装 tournament-bulletin==0.1.0（requirements.txt）" in result.output  # the event's language
    assert "已创建 " in result.output and "秘密抽签种子：" in result.output


@pytest.mark.parametrize("language", ["en", "zh"])
def test_the_first_push_is_on_main_before_any_lot(tmp_path: Path, language: str) -> None:
    """The workflow publishes `main`; the generated README and the quick start push the commitment
    there, with a remote, before `bulletin pair` draws anything; the seed is read without history."""
    repo = tmp_path / "cup"
    result = run("init", str(repo), "--language", language, "--players", "4", "--tool", "tournament-bulletin")
    assert "read -rs BULLETIN_DRAW_SEED" in result.output
    for path in (repo / "README.md", ROOT / "README.md", ROOT / "docs/quickstart.md"):
        text = path.read_text(encoding="utf-8")
        branch, remote, pair = (text.index("git branch -M main"), text.index("git remote add origin"),
                                text.index("bulletin pair"))
        assert branch < remote < pair and "read -rs BULLETIN_DRAW_SEED" in text
        assert "export BULLETIN_DRAW_SEED=" not in text
    assert "branches: [main]" in (repo / ".github/workflows/bulletin.yml").read_text(encoding="utf-8")


def test_init_refuses_a_non_empty_directory(tmp_path: Path) -> None:
    (tmp_path / "x").write_text("x")
    result = run("init", str(tmp_path))
    assert result.exit_code == 2 and "not empty" in result.output


@pytest.mark.parametrize(("path", "schema"), [(".github/workflows/bulletin.yml", "vendor.github-workflows"),
                                              (".gitlab-ci.yml", "vendor.gitlab-ci")])
def test_ci_files_are_valid_for_their_platform(repository: Path, path: str, schema: str) -> None:
    """The published JSON schemas of GitHub workflows and GitLab CI, as check-jsonschema ships them."""
    proc = subprocess.run([str(BIN / "check-jsonschema"), "--builtin-schema", schema, str(repository / path)],
                          capture_output=True, text=True)
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_ci_files_never_cancel_a_deployment_and_install_no_test_tools(repository: Path) -> None:
    github = yaml.safe_load((repository / ".github/workflows/bulletin.yml").read_text(encoding="utf-8"))
    assert github["concurrency"]["cancel-in-progress"] is False
    gitlab = yaml.safe_load((repository / ".gitlab-ci.yml").read_text(encoding="utf-8"))
    assert gitlab["pages"]["interruptible"] is False and gitlab["pages"]["resource_group"]
    for text in ((repository / p).read_text(encoding="utf-8") for p in (".github/workflows/bulletin.yml",
                                                                        ".gitlab-ci.yml")):
        assert "pytest" not in text and "playwright" not in text and "chromium" not in text
        assert "--strict" in text and "BULLETIN_DRAW_SEED" in text
        for package in ("libpango-1.0-0", "libpangoft2-1.0-0", "fontconfig", "fonts-noto-cjk"):
            assert package in text


def test_tool_requirement_pins_the_installed_source() -> None:
    from site_builder.commands.init import tool_requirement

    git = {"url": "https://github.com/o/t.git", "vcs_info": {"vcs": "git", "commit_id": "0f" * 20}}
    assert tool_requirement(git) == (f"tournament-bulletin @ git+{git['url']}@{'0f' * 20}", True)
    wheel = {"url": "https://example.org/tournament_bulletin-0.1.0-py3-none-any.whl", "archive_info": {}}
    assert tool_requirement(wheel)[0].endswith(".whl")
    assert tool_requirement({"url": "file:///tmp/tool", "dir_info": {}})[1] is False


# ---------------------------------------------------------------- bulletin doctor, missing libraries


def test_doctor_reports_every_check(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(doctor, "all_checks", lambda: [
        doctor.Check("Python", True, "3.11"), doctor.Check("pango", False, "not found", "libpango-1.0-0"),
        doctor.Check("Noto CJK fonts", False, "not found", "fonts-noto-cjk")])
    result = run("doctor")
    assert result.exit_code == 1
    assert "ok       Python" in result.output and "missing  pango" in result.output
    assert "apt-get install libpango-1.0-0 fonts-noto-cjk" in result.output


def test_a_missing_library_is_one_line_and_leaves_output_alone(tmp_path: Path, small_event,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    real = doctor.library

    def without_pango(name: str, soname: str, package: str) -> doctor.Check:
        return doctor.Check(name, False, f"{soname} not found", package) if name == "pango" else \
            real(name, soname, package)

    monkeypatch.setattr(doctor, "library", without_pango)
    small_event(tmp_path / "content" / "cup")
    output = tmp_path / "output"
    output.mkdir()
    (output / "old.html").write_text("kept", encoding="utf-8")
    result = run("build", str(tmp_path / "content"), "--output", str(output))
    assert result.exit_code == 2
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in result.output
    assert "pango (libpango-1.0.so.0 not found)" in lines[0] and "libpango-1.0-0" in lines[0]
    assert "--no-pdf" in lines[0]
    assert [p.name for p in output.iterdir()] == ["old.html"]
    assert run("build", str(tmp_path / "content"), "--output", str(output), "--no-pdf").exit_code == 0


@pytest.mark.parametrize(("args", "entrants"), [
    (["--system", "team-swiss", "--teams", "8", "--boards", "4"], "open/teams.yaml"),
    (["--regulation", "xiangqi-national-individual", "--players", "20"], "open/players.yaml"),
    (["--regulation", "xiangqi-team-swiss", "--teams", "6"], "open/teams.yaml"),
])
def test_init_starts_every_system_and_regulation_that_pairs_at_once(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, args: list[str], entrants: str) -> None:
    """`init --system team-swiss` writes teams.yaml and the boards; `--regulation` writes the
    regulation and, uncommented, the settings it turns on (the national championship's secret codes);
    each event pairs at once once committed."""
    from repository import commit_all

    repo = tmp_path / "cup"
    made = run("init", str(repo), "--tool", "tournament-bulletin", *args)
    assert made.exit_code == 0, made.output
    seed = printed_seed(made.output)
    event = (repo / "content" / "cup" / "event.yaml").read_text(encoding="utf-8")
    assert (repo / "content" / "cup" / entrants).is_file()
    if "--regulation" in args:
        regulation = args[args.index("--regulation") + 1]
        assert f"\nregulation: {regulation}   # " in event
    if "xiangqi-national-individual" in args:
        assert "\n    numbering: codes         # 规程规定：第 2 轮起使用秘密编号" in event  # in Chinese
    if "--boards" in args:
        teams = (repo / "content" / "cup" / entrants).read_text(encoding="utf-8")
        assert "\n    boards: 4 " in event and "队01棋手4" in teams  # the default language: zh
    commit_all(repo)
    monkeypatch.setenv(draw_seed.ENV, seed)
    paired = run("pair", str(repo / "content"))
    assert paired.exit_code == 0, paired.output
    assert (repo / "content" / "cup" / "open" / "rounds" / "01.yaml").is_file()


def test_a_regulation_for_another_game_is_refused_in_one_line(tmp_path: Path) -> None:
    result = run("new", str(tmp_path / "cup"), "--regulation", "shogi-student-league", "--game", "chess")
    assert result.exit_code == 2 and "the regulation shogi-student-league is for shogi: give --game shogi" \
        in result.output and not (tmp_path / "cup").exists()
