"""The `bulletin` command: thin wrappers that call one function each and print errors nicely."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING

import click
from click.core import ParameterSource

from site_builder import __version__
from site_builder.errors import ContentError

if TYPE_CHECKING:
    from collections.abc import Callable
    from datetime import datetime

    from site_builder.content.event_dir import Imported
    from site_builder.model import Event, Section

EXIT_CONTENT_ERROR = 2


def _report(error: ContentError, writes: bool = True) -> None:
    """The problems, one a line, and their count; for a command that `writes`, that it wrote nothing."""
    for problem in error.problems:
        click.echo(f"{problem}", err=True)
    count = len(error.problems)
    written = "; nothing was written" if writes else ""
    click.echo(f"{count} error{'s' if count != 1 else ''}{written}.", err=True)
    sys.exit(EXIT_CONTENT_ERROR)


def _located(content: Path) -> Path:
    """The content folder: as given, or, for the default `content`, the nearest `content/` in the
    current folder or a folder above it (as git finds `.git`), so that every command works from
    anywhere inside the repository."""
    if content != Path("content") or content.is_dir():
        return content
    here = Path.cwd()
    return next((folder / "content" for folder in (here, *here.parents) if (folder / "content").is_dir()),
                content)


def _names_file(path: Path) -> bool:
    """Whether `path` names a file rather than a content folder: an existing file, or a path that does
    not exist and ends in an extension (`open.trf`), which is then refused as a file that cannot be read."""
    return path.is_file() or (not path.exists() and bool(path.suffix))


def _beside(given: Path, found: Path, output: Path) -> Path:
    """The output folder: as given, or, when it is the default and the content folder was `found`
    above the current folder, the default beside that content folder."""
    default = click.get_current_context().get_parameter_source("output") is ParameterSource.DEFAULT
    return found.parent / output if default and found != given else output


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="bulletin")
def main() -> None:
    """Publish tournament bulletins: pairings, results, standings and PDFs from YAML."""


@main.command()
@click.argument("content", default="content", type=click.Path(path_type=Path))
@click.option("--output", "-o", default="output", type=click.Path(path_type=Path),
              help="Directory to write the site into (replaced atomically).")
@click.option("--pdf/--no-pdf", default=True, help="Render the PDF bulletins (default: yes).")
@click.option("--jobs", "-j", type=int, default=0, help="Processes rendering PDFs (default: CPU cores).")
@click.option("--base-url", default="", callback=lambda _ctx, _param, value: _base_url(value),
              help="Public URL of OUTPUT (e.g. https://example.org/bulletins/): absolute feed links, "
                   "canonical URLs and sitemap.xml.")
@click.option("--strict", is_flag=True,
              help="Fail on warnings (for CI), e.g. results pending in an old round.")
def build(content: Path, output: Path, pdf: bool, jobs: int, base_url: str, strict: bool) -> None:
    """Validate CONTENT and build the site into OUTPUT."""
    from site_builder.build import build_site

    content, output = _located(content), _beside(content, _located(content), output)
    if pdf:
        _require_pdf_runtime()
    progress = _progress_bar() if sys.stderr.isatty() else None
    from site_builder.build.collector import collector_paused

    try:
        with collector_paused():
            report = build_site(content, output, pdf=pdf, jobs=jobs or None, progress=progress,
                                base_url=base_url, strict=strict)
    except ContentError as error:
        _report(error)
    if progress:
        click.echo("", err=True)
    for warning in report.warnings:
        click.echo(f"warning: {warning}", err=True)
    cached = report.pdfs - report.pdfs_rendered
    kept = report.rendered < report.pages  # some pages taken over from the last build
    click.echo(f"built {report.pages} pages and {report.pdfs} PDFs ({cached} from the cache) into "
               f"{output} in {report.seconds:.2f} s; {report.rendered} pages rendered"
               f"{', the others unchanged since the last build' if kept else ''}")


def _require_pdf_runtime() -> None:
    """Stop with one line when WeasyPrint's libraries or the print fonts are missing."""
    from site_builder.commands.doctor import missing_for_pdf

    missing = missing_for_pdf()
    if missing:
        _fail(missing)


@main.command()
def doctor() -> None:
    """Check this machine for PDF bulletins: Python, WeasyPrint, pango, fonts, HarfBuzz subsetting."""
    from site_builder.commands.doctor import all_checks, install_line

    checks = all_checks()
    width = max(len(c.name) for c in checks)
    for c in checks:
        click.echo(f"{('ok' if c.ok else 'missing').ljust(7)}  {c.name.ljust(width)}  {c.found}")
    fix = install_line(checks)
    if fix:
        click.echo(f"to install what is missing: {fix}")
    if not all(c.ok for c in checks):
        sys.exit(1)
    click.echo("everything the bulletins need is installed")


def _base_url(value: str) -> str:
    from site_builder.render.exports import normalize_base_url

    try:
        return normalize_base_url(value)
    except ValueError as error:
        raise click.BadParameter(str(error)) from error


def _progress_bar():
    """A one-line PDF progress bar for terminals (CI logs get only the summary line)."""

    def show(done: int, total: int) -> None:
        width = 30
        filled = width * done // total
        click.echo(f"\rPDF [{'#' * filled}{'.' * (width - filled)}] {done}/{total}", nl=False, err=True)

    return show


@main.command()
@click.argument("content", default="content", type=click.Path(path_type=Path))
@click.option("--strict", is_flag=True, help="Fail on warnings, as 'build --strict' does (for CI).")
def check(content: Path, strict: bool) -> None:
    """Validate CONTENT without writing anything; print its warnings."""
    from site_builder.checks import load_checked
    from site_builder.checks.unfinished import warnings_of
    from site_builder.results.previews import preview_warnings
    from site_builder.results.prize_ties import prize_tie_warnings

    content = _located(content)
    try:
        site = load_checked(content)
        warnings = warnings_of(site) + preview_warnings(site) + prize_tie_warnings(site)
        if strict and warnings:
            raise ContentError(warnings)
    except ContentError as error:
        _report(error, writes=False)
    for warning in warnings:
        click.echo(f"warning: {warning}", err=True)
    sections = sum(len(e.sections) for e in site.events)
    click.echo(f"ok: {len(site.events)} event(s), {sections} section(s)"
               + (f", {len(warnings)} warning(s)" if warnings else ""))


@main.command()
@click.argument("content", default="content", type=click.Path(path_type=Path))
@click.option("--event", "event_slug", default="", help="Event directory name (if several).")
@click.option("--section", "section_id", default="", help="Section id (if several).")
@click.option("--replace", is_flag=True,
              help="Pair the last round again (only while it has no result); its other keys stay.")
@click.option("--force", is_flag=True, help="Pair although an earlier round still has results pending.")
@click.option("--accept", "accept", default="", metavar="ROUNDS",
              help="Keep the played rounds ROUNDS (3 or 3..7) as played after a result before them was "
                   "corrected; each round file records it ('challenges': a shogi league's played "
                   "challenges). Pairs nothing.")
@click.option("--record", "record", default="", metavar="ROUNDS",
              help="FIDE trail: for the rounds ROUNDS (3 or 3..7) whose games were changed by hand, "
                   "record in the round file what the engine pairs (its 'proposed:' key). Pairs nothing.")
@click.option("--offline", is_flag=True,
              help="Draw the event's first lot although the seed's commitment is not in a commit (an "
                   "event kept without git); the round file says so.")
def pair(content: Path, event_slug: str, section_id: str, replace: bool, force: bool, accept: str,
         record: str, offline: bool) -> None:
    """Pair the next round of a section and write its round file.

    A round file written before pairing (`games: []`, with its date, note, absences, requested byes)
    is the round to pair: its pairing is added, everything else in it stays."""
    from site_builder.commands.pair import PairCommandError, accept_rounds, pair_next, record_rounds

    content = _located(content)
    if accept or record:
        try:
            accepted = accept_rounds(content, accept, event_slug, section_id) if accept \
                else record_rounds(content, record, event_slug, section_id)
        except ContentError as error:
            _report(error)
        except PairCommandError as error:
            _fail(str(error))
        for line in accepted:
            click.echo(line)
        return
    from site_builder.build.collector import collector_paused

    try:
        with collector_paused():
            result = pair_next(content, event_slug, section_id, replace, force, offline)
    except ContentError as error:
        _report(error)
    except PairCommandError as error:
        click.echo(f"error: {error}", err=True)
        sys.exit(EXIT_CONTENT_ERROR)
    for line in result.report():
        click.echo(line)
    for warning in result.stale:
        click.echo(f"warning: {warning}", err=True)
    click.echo(result.text, nl=False)


@main.command()
@click.argument("content", default="content", type=click.Path(path_type=Path))
@click.option("--round", "round_number", type=click.IntRange(min=1),
              help="check this round's pairing alone (not the codes or the standings)")
@click.option("--encoding", default=None, metavar="NAME",
              help="The encoding of a TRF file that is not UTF-8 (cp1250, cp1251 …); default: Windows-1252.")
def verify(content: Path, round_number: int | None, encoding: str | None) -> None:
    """Check every round of CONTENT (a content folder, or a TRF16 or TRF-2026 file) and open the
    secret codes: a round is paired again from the rounds before it, with the draw seed, and said to
    be the one the rules and the seed give (else the first difference and the criterion that decides
    it) or that it cannot be checked (no seed); a system with its own checker (dubov, burstein, lim,
    double-swiss) has each round checked criterion by criterion against its own articles instead,
    without pairing it again (each criterion broken named with its article). A TRF file's standings
    are ranked again. Exit status 1 when one differs; a draw that cannot be checked is no difference."""
    from site_builder.build.collector import collector_paused
    from site_builder.tournament.check import verify_trf
    from site_builder.tournament.verify import summary
    from site_builder.tournament.verify import verify as run

    if encoding is not None and not _names_file(content):
        _fail(f"--encoding {encoding}: a content folder is UTF-8, and --encoding names the encoding of a "
              "TRF file (hint: leave out --encoding)")
    codec = _codec(encoding)
    try:
        with collector_paused():
            verdicts, language = verify_trf(content, round_number=round_number, encoding=codec) \
                if _names_file(content) else run(_located(content), round_number)
    except ContentError as error:
        _report(error, writes=False)
    if round_number is not None and not verdicts:
        raise click.BadParameter(f"no section of {content} has a round {round_number} paired",
                                 param_hint="'--round'")
    for verdict in verdicts:
        click.echo(str(verdict))
    click.echo(summary(verdicts, language))
    if any(v.differs for v in verdicts):
        sys.exit(1)


# ---- bulletin generate: a random tournament (site_builder/tournament/)


@main.command()
@click.option("-o", "--output", type=click.Path(path_type=Path), required=True,
              help="a TRF-2026 file (NAME.trf, chess), an OpenGotha file (NAME.xml, go) or a new "
                   "content folder")
@click.option("--seed", type=int, default=1, show_default=True, help="the same seed writes the same file")
@click.option("--system", default="dutch", show_default=True, help="the pairing system")
@click.option("--players", type=int, default=20, show_default=True, help="players (teams for team-swiss)")
@click.option("--rounds", type=int, default=0, help="rounds (default: the system's for the field)")
@click.option("--rating-max", type=int, default=2600, show_default=True)
@click.option("--rating-min", type=int, default=1400, show_default=True)
@click.option("--unrated", type=float, default=0.0, help="share of unrated players")
@click.option("--titles/--no-titles", default=False, help="FIDE titles by rating")
@click.option("--federations/--no-federations", default=False, help="a federation for each player")
@click.option("--half-byes", type=float, default=0.0, help="chance per player and round of a half-point bye")
@click.option("--full-byes", type=float, default=0.0, help="… of a full-point bye")
@click.option("--zero-byes", type=float, default=0.0, help="… of a zero-point bye (an announced absence)")
@click.option("--forfeits", type=float, default=0.0, help="chance per game of a forfeit")
@click.option("--abnormal", type=float, default=0.0, help="chance per game played of an abnormal result: "
              "½-0 or 0-½, one in five 0-0 (chess)")
@click.option("--draws", type=float, default=None, help="chance per game of a draw (default 0.3; go: 0.02, "
              "a jigo, only where the komi is whole)")
@click.option("--baku", is_flag=True, help="the Baku acceleration (C.04.7: the FIDE Swiss systems)")
@click.option("--first-colour", type=click.Choice(["white", "black"]), default="white", show_default=True)
@click.option("--tiebreaks", default="", help="the tie-break chain (default: BH-C1,BH,SB,DE,WIN; a "
              "round robin's own, DE,SB,WIN); fide-team: the team tiebreaks (default: GP,BH:MP,EMGSB,DE)")
@click.option("--boards", type=int, default=4, show_default=True, help="boards per team (team-swiss)")
@click.option("--komi", type=float, default=6.5, show_default=True, help="the event's komi (go)")
@click.option("--bar", default="", help="the McMahon bar (mcmahon; default 4d)")
@click.option("--floor", default="", help="the McMahon floor (mcmahon; default 20k)")
@click.option("--cycles", type=click.IntRange(1, 2), default=1, show_default=True,
              help="round-robin: 2 plays the Berger table twice, colours reversed")
@click.option("--swap-last-rounds/--no-swap-last-rounds", default=True, show_default=True,
              help="a double round robin's first cycle ends with its last two rounds swapped")
@click.option("--date", type=click.DateTime(formats=["%Y-%m-%d"]), default=None,
              help="the first day, YYYY-MM-DD (TRF 042; it dates the C.07 text; default: none)")
def generate(output: Path, tiebreaks: str, date: datetime | None, **options: object) -> None:
    """A random tournament, every round paired by the tool's own engine and its results invented
    from the seed: written as a TRF-2026 file (-o NAME.trf, chess), an OpenGotha file (-o NAME.xml,
    go) or a content folder (-o FOLDER)."""
    from site_builder.build.collector import collector_paused
    from site_builder.tournament.generate import write_generated
    from site_builder.tournament.generator import GenerateError, Spec

    chain = tuple(t.strip() for t in tiebreaks.split(",") if t.strip())
    spec = Spec(tiebreaks=chain, date=date.date() if date else None, **options)  # type: ignore[arg-type]
    try:
        with collector_paused():
            written = write_generated(spec, output)
    except GenerateError as error:
        _fail("\nerror: ".join(str(error).splitlines()))  # each refusal a line of its own
    except ContentError as error:
        _report(error)
    click.echo(f"wrote {len(written)} file{'s' if len(written) != 1 else ''} to {output}")


# ---- end of bulletin generate


@main.command()
@click.argument("old")
@click.argument("new")
@click.argument("content", default="content", type=click.Path(path_type=Path))
@click.option("--event", "event_slug", default="",
              help="The event (its folder's name) when several have someone named OLD.")
def rename(old: str, new: str, content: Path, event_slug: str) -> None:
    """Rename the player or team OLD to NEW in its list and in every file of its event that names it
    (round files, game records …); CONTENT may be one event's folder."""
    from site_builder.commands.rename import RenameRefused
    from site_builder.commands.rename import rename as run

    content = _located(content)
    try:
        done = run(content, old, new, event_slug)
    except ContentError as error:
        _report(error)
    except RenameRefused as error:
        _fail(str(error))
    click.echo(f"renamed the {done.what} {old!r} to {new!r}: {done.places} place(s) in "
               f"{len(done.files)} file(s)")
    for path in done.files:
        click.echo(f"  {path}")


@main.command()
@click.argument("content", default="content", type=click.Path(path_type=Path))
@click.option("--output", "-o", default=".bulletin-serve", type=click.Path(path_type=Path),
              help="Directory of the preview (not output/: the last build's PDFs stay there).")
@click.option("--port", "-p", default=8000, show_default=True, help="Port to listen on (0: any free port).")
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Address to listen on; 0.0.0.0 serves every network of this machine (the venue's "
                   "Wi-Fi, a screen in the hall): anyone on them can read the site, unpublished rounds "
                   "included.")
@click.option("--open", "open_browser", is_flag=True, help="Open the site in a browser.")
@click.option("--pdf", is_flag=True, help="Also render PDFs on every rebuild (cached by content hash).")
def serve(content: Path, output: Path, port: int, host: str, open_browser: bool, pdf: bool) -> None:
    """Serve the site with live reload; rebuild whenever CONTENT or the theme changes."""
    from site_builder.commands.serve import ServeError
    from site_builder.commands.serve import serve as run

    content, output = _located(content), _beside(content, _located(content), output)
    if pdf:
        _require_pdf_runtime()
    if host not in ("127.0.0.1", "localhost", "::1"):
        click.echo(f"warning: serving on {host}: every device on its networks can read the site, "
                   "rounds not yet published included", err=True)
    try:
        run(content, output, port, open_browser, pdf, ready=lambda text: click.echo(text, err=True),
            host=host)
    except ServeError as error:
        _fail(str(error))


@main.command()
@click.argument("content", default="content", type=click.Path(path_type=Path))
@click.option("--event", "event_slug", default="", help="Event directory name (if several).")
@click.option("--groups", type=click.IntRange(min=1), default=None,
              help="Number of groups (default: groups of at most 18).")
def split(content: Path, event_slug: str, groups: int | None) -> None:
    """Propose parallel groups by strength (serpentine) for the event's player list."""
    from site_builder.commands.split import groups_needed, split_yaml
    from site_builder.content.loader import load_site
    from site_builder.languages import catalogue

    try:
        site = load_site(_located(content))
    except ContentError as error:
        _report(error)
    listed = [e for e in site.events if e.players]
    if event_slug:
        named = [e for e in site.events if e.slug == event_slug]
        if not named:
            _fail(f"{content}: no event {event_slug!r} (hint: the events: "
                  f"{', '.join(e.slug for e in site.events) or 'none'})")
        if not named[0].players:
            _fail(f"{event_slug}: the event has no event-level player list (hint: split deals the players "
                  "of the event's own players.yaml into groups, as in content/2024-student-shogi-league)")
        listed = named
    if len(listed) != 1:
        _fail(f"{content}: {len(listed)} events have an event-level player list (hint: "
              + ("name one with --event: " + ", ".join(e.slug for e in listed) if listed else
                 "split deals the players of an event's own players.yaml into groups") + ")")
    event = listed[0]
    players = list(event.players)
    count = groups or groups_needed(len(players))
    if count > len(players):
        _fail(f"{event.slug}: {count} groups for {len(players)} players (hint: at most one group a player)")
    click.echo(split_yaml(players, count, catalogue(event.language).labels), nl=False)


def _event_options(command):
    """The options `new` and `init` share: what the event is and how it is paired."""
    from site_builder.commands.new import STARTED_REGULATIONS, SYSTEMS
    from site_builder.model import GAMES, LANGUAGES

    options = [
        click.option("--name", default="", help="The event's full name."),
        click.option("--game", default="xiangqi", show_default=True, type=click.Choice(GAMES)),
        click.option("--language", default="zh", show_default=True, type=click.Choice(LANGUAGES),
                     help="The pages' language (and the sample text's)."),
        click.option("--system", default=None, type=click.Choice(SYSTEMS),
                     help="Pairing system (default by game: dutch for chess, mcmahon for go, "
                          "swiss-positional otherwise)."),
        click.option("--rounds", type=click.IntRange(1), default=None,
                     help="Rounds planned (default: 7, or what a round robin or knockout of --players "
                          "needs)."),
        click.option("--players", type=click.IntRange(0), default=0,
                     help="Placeholder players to start the list with (default: an empty list)."),
        click.option("--regulation", default="", type=click.Choice(("", *STARTED_REGULATIONS)),
                     metavar="NAME",
                     help=f"A regulation's preset: its game, system, scoring, tiebreaks and pairing rules "
                          f"({', '.join(STARTED_REGULATIONS)}; a gomoku staged Swiss starts from a copy "
                          "of content/2024-gomoku-open, see docs/systems.md)."),
        click.option("--teams", type=click.IntRange(0), default=0,
                     help="A team system: placeholder teams to start the list with."),
        click.option("--boards", type=click.IntRange(1), default=3, show_default=True,
                     help="A team system: players per team and match."),
    ]
    for option in reversed(options):
        command = option(command)
    return command


def _game_of(game: str, regulation: str) -> str:
    """The game: as given, or, when `--game` was left at its default, the regulation's."""
    from site_builder.regulations import REGULATIONS

    given = click.get_current_context().get_parameter_source("game") is not ParameterSource.DEFAULT
    preset = REGULATIONS.get(regulation)
    return game if given or preset is None or preset.game is None else preset.game


def _say(language: str, key: str, **fields: object) -> None:
    """One line of a command's output in the event's `language` (the catalogue's `cli.` texts)."""
    from site_builder.languages import catalogue

    click.echo(catalogue(language).labels[f"cli.{key}"].format(**fields))


def _show_seed(seed: int | None, language: str) -> None:
    """The secret draw seed, shown once: it is written nowhere."""
    from site_builder.draw_seed import ENV

    if seed is None:
        return
    click.echo("")
    _say(language, "seed", seed=seed)
    _say(language, "seed_keep", env=ENV)
    _say(language, "seed_type", command=f"read -rs {ENV} && export {ENV}")


@main.command()
@click.argument("directory", type=click.Path(path_type=Path))
@_event_options
@click.option("--plain-seed", is_flag=True,
              help="Record the draw seed in event.yaml (for a private repository) instead of a commitment.")
def new(directory: Path, name: str, game: str, language: str, system: str | None, rounds: int | None,
        players: int, regulation: str, teams: int, boards: int, plain_seed: bool) -> None:
    """Make a new event in DIRECTORY (e.g. content/my-open) that 'bulletin pair' can pair at once."""
    from site_builder.commands.new import ScaffoldError, scaffold

    try:
        made = scaffold(directory, name=name, game=_game_of(game, regulation), language=language,
                        system=system or "", rounds=rounds or 0, players=players, secret_seed=not plain_seed,
                        regulation=regulation, teams=teams, boards=boards)
    except ScaffoldError as error:
        _fail(str(error))
    for path in made.written:
        _say(language, "created", path=path)
    _show_seed(made.seed, language)


@main.command()
@click.argument("directory", type=click.Path(path_type=Path))
@_event_options
@click.option("--slug", default="", help="The event's folder under content/ (default: DIRECTORY's name).")
@click.option("--tool", "requirement", default="",
              help="What CI installs the tool from (pip requirement; default: this version's source).")
def init(directory: Path, name: str, game: str, language: str, system: str | None, rounds: int | None,
         players: int, regulation: str, teams: int, boards: int, slug: str, requirement: str) -> None:
    """Make an organizer's repository in DIRECTORY: one event, CI for GitHub and GitLab Pages."""
    from site_builder.commands.init import init_repository
    from site_builder.commands.new import ScaffoldError

    try:
        repo = init_repository(directory, slug=slug, name=name, game=_game_of(game, regulation),
                               language=language, system=system or "", rounds=rounds or 0, players=players,
                               requirement=requirement, regulation=regulation, teams=teams, boards=boards)
    except ScaffoldError as error:
        _fail(str(error))
    for path in repo.written:
        _say(language, "created", path=path)
    _say(language, "ci_installs", requirement=repo.requirement)
    _show_seed(repo.seed, language)


@main.group("import")
def import_group() -> None:
    """Create content from another program's file."""


@import_group.command("trf")
@click.argument("file", type=click.Path(path_type=Path))
@click.argument("directory", type=click.Path(path_type=Path))
@click.option("--force", is_flag=True, help="Replace DIRECTORY even when it is not empty.")
@click.option("--strict", is_flag=True,
              help="Refuse what other programs write differently from TRF16 and TRF-2026 (and what "
                   "the content cannot apply) instead of reading it with a warning.")
@click.option("--encoding", default=None, metavar="NAME",
              help="The encoding of a FILE that is not UTF-8 (cp1250, cp1251 …); default: Windows-1252.")
def import_trf_command(file: Path, directory: Path, force: bool, strict: bool, encoding: str | None) -> None:
    """Create the event DIRECTORY from the FIDE TRF FILE."""
    from site_builder.trf.importer import ImportRefused, import_trf

    codec = _codec(encoding)
    try:
        imported = import_trf(file, directory, force, strict, codec)
    except ContentError as error:
        _report(error)
    except ImportRefused as error:
        _fail(str(error))
    _created(imported, directory)


@import_group.command("opengotha")
@click.argument("file", type=click.Path(path_type=Path))
@click.argument("directory", type=click.Path(path_type=Path))
@click.option("--force", is_flag=True, help="Replace DIRECTORY even when it is not empty.")
def import_opengotha_command(file: Path, directory: Path, force: bool) -> None:
    """Create the go event DIRECTORY from the OpenGotha tournament FILE (XML)."""
    from site_builder.content.event_dir import ImportRefused
    from site_builder.opengotha.importer import import_opengotha
    from site_builder.opengotha.to_content import NOT_CARRIED

    try:
        imported = import_opengotha(file, directory, force)
    except ContentError as error:
        _report(error)
    except ImportRefused as error:
        _fail(str(error))
    _created(imported, directory)
    click.echo("not in OpenGotha's file, so not in the event (docs/go.md, \"What does not move\"):")
    for line in NOT_CARRIED:
        click.echo(f"  - {line}")


def _created(imported: Imported, directory: Path) -> None:
    """An import's warnings, then the files it wrote: those named, the round files counted."""
    for warning in imported.warnings:
        click.echo(f"warning: {warning}", err=True)
    written = imported.files
    named = [p.relative_to(directory).as_posix() for p in written if p.parent.name != "rounds"]
    click.echo(f"created {directory}: {len(written)} files ({', '.join(sorted(named))}, "
               f"{len(written) - len(named)} round files)")


@import_group.command("players")
@click.argument("file", type=click.Path(path_type=Path))
@click.argument("target", type=click.Path(path_type=Path))
@click.option("--id", "ids", multiple=True, help="A FIDE id to take (repeat it; default: every entry).")
@click.option("--ids-file", type=click.Path(path_type=Path), help="A file of FIDE ids, one per line.")
@click.option("--fed", "federation", default="", help="Only players of this federation (e.g. CHN).")
@click.option("--rating", type=click.Choice(["standard", "rapid", "blitz"]), default=None,
              help="The rating to take from the list (default: standard); a list without it is refused.")
@click.option("--encoding", default=None, metavar="NAME",
              help="The encoding of a CSV or text FILE that is not UTF-8 (cp1252, latin-1, gbk …).")
def import_players_command(file: Path, target: Path, ids: tuple[str, ...], ids_file: Path | None,
                           federation: str, rating: str | None, encoding: str | None) -> None:
    """Start the player list TARGET (YAML) from the rating list FILE (FIDE XML or TXT, a CSV or an
    Excel .xlsx)."""
    from site_builder.commands.import_players import ListRefused, import_players, read_ids

    try:
        wanted = [*ids, *(read_ids(ids_file) if ids_file else [])]
        imported = import_players(file, target, wanted, federation, rating, encoding)
    except (ListRefused, OSError) as error:
        _fail(str(error))
    if imported.named:
        click.echo(f"read {file} as {imported.encoding}")
    elif imported.encoding not in ("UTF-8", ""):  # "": a workbook
        click.echo(f"read {file} as {imported.encoding} (it is not UTF-8)")
    if imported.unread:
        click.echo(f"warning: {file}: columns not imported: {', '.join(imported.unread)}", err=True)
    click.echo(f"ratings: {imported.ratings}")
    if imported.replaced:
        click.echo(f"{target} listed no player yet: replaced, its comment lines kept")
    click.echo(f"wrote {target}: {imported.count} players in seeding order ({imported.order})")


@main.group("push")
def push_group() -> None:
    """Post a round's games to a live broadcast (lichess)."""


@push_group.command("lichess")
@click.argument("round_id")
@click.argument("feed", type=click.Path(path_type=Path))
def push_lichess_command(round_id: str, feed: Path) -> None:
    """Post FEED (a round's output/EVENT/SECTION/relay/N/games.pgn, or its folder relay/N) to the
    lichess broadcast round ROUND_ID, with the API token of LICHESS_TOKEN; one line per game lichess
    could not read. A redirect is said, not followed. Exit status 1 when the push fails (no usable
    LICHESS_TOKEN or LICHESS_URL, no answer, an error answer, a redirect) or a game is not read; 2,
    as for every command's refusals, when ROUND_ID or FEED is refused (nothing is sent)."""
    from site_builder.commands.push import PushError, PushRefused, push_lichess

    try:
        pushed = push_lichess(round_id, feed)
    except PushRefused as error:
        _fail(str(error))
    except PushError as error:
        click.echo(f"error: {error}", err=True)
        sys.exit(1)
    for name, why in pushed.errors:
        click.echo(f"error: lichess did not read {name}: {why}", err=True)
    moves = sum(n for _, n in pushed.games)
    click.echo(f"pushed {len(pushed.games)} games ({moves} moves) to lichess round {round_id}")
    if pushed.errors:
        sys.exit(1)


@main.command("search-index")
@click.argument("sites", nargs=-1, required=True, metavar="ADDRESS=BUILT ...")
@click.option("--output", "-o", type=click.Path(path_type=Path), required=True,
              help="The folder of the shared index (the address each site.yaml names as 'search:').")
def search_index_command(sites: tuple[str, ...], output: Path) -> None:
    """One player search over several sites: for each site, the ADDRESS it is published at and the
    folder it was BUILT into (e.g. https://results.example.org/2025/=site-2025); the index is
    written to OUTPUT, replaced whole."""
    from site_builder.commands.search_index import shared_index

    pairs = []
    for given in sites:
        address, _, built = given.rpartition("=")
        if not address or not built:
            _fail(f"{given}: not ADDRESS=BUILT (hint: e.g. https://results.example.org/2025/=site-2025)")
        pairs.append((address if address.endswith("/") else address + "/", Path(built)))
    try:
        count = shared_index(pairs, output)
    except ContentError as error:
        _report(error)
    click.echo(f"wrote {output}: {count:,} entries of {len(pairs)} sites")


def _standard_output(ctx: click.Context, param: click.Parameter, value: Path | None) -> Path | None:
    """An export's `--output`: None (standard output) when not given or given as `-`."""
    return None if value is None or str(value) == "-" else value


#: An export's `--output`/`-o`: the file to write, standard output when none or `-`.
_export_output = click.option("--output", "-o", type=click.Path(path_type=Path), default=None,
                              callback=_standard_output,
                              help="File to write ('-' or none: standard output).")


@main.group("export")
def export_group() -> None:
    """Write content in another program's format."""


@export_group.command("trf")
@click.argument("event_dir", type=click.Path(path_type=Path))
@click.option("--section", "section_id", default="", help="Section id (if several).")
@_export_output
@click.option("--format", "version", type=click.Choice(["trf16", "trf2026"]), default=None,
              help="TRF16 (the default) or TRF-2026, for an event that keeps no imported TRF records "
                   "(those are written back in their file's version).")
def export_trf_command(event_dir: Path, section_id: str, output: Path | None, version: str | None) -> None:
    """Write a section of the event EVENT_DIR as a FIDE TRF file (TRF16 or TRF-2026)."""
    from site_builder.trf.write import ExportError, columns_kept, export_trf

    event, section = _one_section(event_dir, section_id)
    try:
        text = export_trf(event, section, (version or "").removeprefix("trf"))
    except ExportError as error:
        _fail(str(error))
    except ContentError as error:  # a value too wide for its TRF field, at the content's line
        _report(error)
    if event.trf.get("ranks") and not columns_kept(event, section):
        click.echo("note: the results changed since the import: the points and rank columns are "
                   "computed by bulletin (none are kept from the file)", err=True)
    _write_export(output, text.encode("utf-8"))


def _one_section(event_dir: Path, section_id: str) -> tuple[Event, Section]:
    """The event of EVENT_DIR, checked, and its section `section_id` (its only one when "")."""
    from site_builder.checks import load_checked

    try:
        site = load_checked(event_dir)
    except ContentError as error:
        _report(error)
    if len(site.events) != 1:
        _fail(f"{event_dir} holds {len(site.events)} events; name one event directory")
    event = site.events[0]
    ids = [s.id for s in event.sections]
    if section_id and section_id not in ids:
        _fail(f"no section {section_id!r} in {event.slug} (sections: {', '.join(ids)})")
    if not section_id and len(ids) > 1:
        _fail(f"{event.slug} has several sections; name one with --section ({', '.join(ids)})")
    return event, next(s for s in event.sections if s.id == (section_id or ids[0]))


@export_group.command("h9")
@click.argument("event_dir", type=click.Path(path_type=Path))
@click.option("--section", "section_id", default="", help="Section id (if several).")
@_export_output
def export_h9_command(event_dir: Path, section_id: str, output: Path | None) -> None:
    """Write a go section of EVENT_DIR as the EGF's h9 results table (ISO-8859-15), for the EGD."""
    from site_builder.goformats.h9 import club_warnings, export_h9

    _write_go_export(event_dir, section_id, output, export_h9, lambda e, s: club_warnings(s))


@export_group.command("aga")
@click.argument("event_dir", type=click.Path(path_type=Path))
@click.option("--section", "section_id", default="", help="Section id (if several).")
@_export_output
def export_aga_command(event_dir: Path, section_id: str, output: Path | None) -> None:
    """Write a go section of EVENT_DIR as the AGA's results file (TOURNEY, PLAYERS, GAMES)."""
    from site_builder.goformats.aga import export_aga

    _write_go_export(event_dir, section_id, output, export_aga)


@export_group.command("opengotha")
@click.argument("event_dir", type=click.Path(path_type=Path))
@click.option("--section", "-s", "section_id", default="", help="Section id (if several).")
@_export_output
def export_opengotha_command(event_dir: Path, section_id: str, output: Path | None) -> None:
    """Write a go section of EVENT_DIR as OpenGotha's tournament file (XML, UTF-8)."""
    from site_builder.opengotha.write import export_opengotha, export_warnings

    _write_go_export(event_dir, section_id, output, lambda e, s: export_opengotha(e, s).encode("utf-8"),
                     export_warnings)


def _write_go_export(event_dir: Path, section_id: str, output: Path | None,
                     make: Callable[[Event, Section], bytes],
                     warn: Callable[[Event, Section], list[str]] | None = None) -> None:
    """Write the bytes `make(event, section)` gives to `output` (or standard output), after the
    warnings `warn` gives; the located problems `make` finds are reported all together."""
    from site_builder.goformats.names import ExportError, refusal

    event, section = _one_section(event_dir, section_id)
    if refused := refusal(event):
        _fail(refused)
    for warning in warn(event, section) if warn else []:
        click.echo(f"warning: {warning}", err=True)
    try:
        data = make(event, section)
    except ExportError as error:
        _fail(str(error))
    except ContentError as error:
        _report(error)
    _write_export(output, data)


def _write_export(output: Path | None, data: bytes) -> None:
    """An export's bytes to `output` (its folder made where missing), or to standard output; a file
    that cannot be written is refused in one line."""
    if output is None:
        sys.stdout.buffer.write(data)
        return
    try:
        output.parent.mkdir(parents=True, exist_ok=True)
        output.write_bytes(data)
    except OSError as error:
        _fail(f"{output}: cannot be written: {error.strerror or error} (hint: give a file in a folder "
              "you may write to, or '-' for standard output)")
    click.echo(f"wrote {output}", err=True)


def _codec(encoding: str | None) -> str | None:
    """The codec `--encoding` names (None: not given); an unknown name is refused in one line."""
    from site_builder.commands.list_text import ListRefused, codec_name

    try:
        return None if encoding is None else codec_name(encoding)
    except ListRefused as error:
        _fail(str(error))
        raise  # _fail exits


def _fail(message: str) -> None:
    click.echo(f"error: {message}", err=True)
    sys.exit(EXIT_CONTENT_ERROR)


@main.command()
@click.argument("event_dir", type=click.Path(path_type=Path))
@click.option("--force", is_flag=True,
              help="Replace a committed seed, or make one after rounds were paired (their lots stay).")
def seed(event_dir: Path, force: bool) -> None:
    """Make a secret draw seed for EVENT_DIR and write its commitment into its event.yaml."""
    from site_builder.commands.seed import SeedRefused, commit_new_seed

    try:
        made = commit_new_seed(event_dir, force)
    except SeedRefused as error:
        _fail(str(error))
    for note in made.notes:
        click.echo(f"warning: {note}", err=True)
    _say(made.language, "wrote", path=made.path)
    _show_seed(made.seed, made.language)
    _say(made.language, "seed_commit")
