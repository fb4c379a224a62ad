"""Jinja2 rendering of pages with relative links, so a site works from file:// and any sub-path."""

from __future__ import annotations

import os
import posixpath
import re
import traceback
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path
from typing import Any

from jinja2 import (
    BytecodeCache,
    ChoiceLoader,
    Environment,
    FileSystemBytecodeCache,
    FileSystemLoader,
    PrefixLoader,
    StrictUndefined,
    TemplateError,
    TemplateNotFound,
    TemplateSyntaxError,
    pass_context,
    select_autoescape,
)
from jinja2 import __version__ as jinja_version
from jinja2.bccache import Bucket
from markupsafe import Markup

from site_builder.cache.store import log_once
from site_builder.content.loader import shown_path
from site_builder.errors import ContentError, Location, Problem
from site_builder.languages import catalogue
from site_builder.render import textlines
from site_builder.render.columns import ColumnMarks
from site_builder.render.qr import qr_svg
from site_builder.views.format import commit_time, written_language, written_runs
from site_builder.views.page import Page
from site_builder.views.page_set import template_dirs as page_set_templates

DEFAULT_THEME = Path(__file__).resolve().parents[1] / "themes" / "default"


@lru_cache(maxsize=65536)
def relative(target: str, page_path: str) -> str:
    """The link from the page at `page_path` to `target` (both relative to the output root)."""
    start = posixpath.dirname(page_path)
    here = start.split("/") if start else []
    there = target.split("/")
    common = 0
    while common < len(here) and common < len(there) - 1 and here[common] == there[common]:
        common += 1
    return "../" * (len(here) - common) + "/".join(there[common:])


#: Attributes a sanitized Markdown page keeps on any element (`attr_list`'s {#id .class}, titles),
#: besides those nh3 keeps on its own (links' href, images' src and alt, table cells' align …).
MARKDOWN_ATTRIBUTES = {"id", "class", "title", "lang", "dir"}


def _markdown(text: str, raw_html: bool = False) -> Markup:
    """A Markdown page as HTML. Sanitized with nh3 unless `raw_html` (site.yaml `raw_html: true`):
    scripts, event handlers (`onerror=`), styles, frames, forms and `javascript:` links are removed,
    headings, lists, tables, links, images, emphasis and code are kept."""
    import markdown as md  # only sites with Markdown pages pay for the import

    if raw_html:
        return Markup(md.markdown(text, extensions=["tables", "sane_lists", "attr_list"]))
    import nh3

    html = md.markdown(text, extensions=["tables", "sane_lists", "attr_list"],
                       extension_configs={"tables": {"use_align_attribute": True}})
    attributes = {**nh3.ALLOWED_ATTRIBUTES, "*": MARKDOWN_ATTRIBUTES | nh3.ALLOWED_ATTRIBUTES.get("*", set())}
    return Markup(nh3.clean(html, attributes=attributes))


def css_string(text: str) -> Markup:
    r"""`text` as a quoted CSS string, safe inside a `<style>` element: each ASCII character other than a
    letter, a digit or the space is a hex escape (quotes, backslashes, the `<` of `</style>`, line breaks),
    and so is any other character that is not printable.

    >>> str(css_string('Cup "A" </style>'))
    '"Cup \\22 A\\22  \\3c \\2f style\\3e "'
    >>> str(css_string("象棋 · 女子组"))
    '"象棋 · 女子组"'
    """
    def kept(c: str) -> bool:
        return (c.isalnum() or c == " ") if c.isascii() else c.isprintable()

    return Markup('"' + "".join(c if kept(c) else f"\\{ord(c):x} " for c in str(text)) + '"')


@pass_context
def as_written(context: Any, text: Any) -> Any:
    """`text` (a name, a club, as the content writes it) marked with its language where the page is
    in another (`written_language`: on an event's pages in its other languages, the page data's
    `written_language` is the event's own), for screen readers and fonts; else as it is."""
    written, labels = context.get("written_language", ""), context.get("t")
    if not written or labels is None or not isinstance(text, str):
        return text
    code = written_language(text, labels.language, written)
    return Markup('<span lang="{}">{}</span>').format(catalogue(code).tag, text) if code else text


@pass_context
def as_written_runs(context: Any, text: Any) -> Any:
    """`text` (a sentence of the page's words that names players, clubs or pages as the content writes
    them: a pairing's reasons, a note, a game's link) with each run in the script of the event's
    language marked with it where the page is in another (`written_runs`), as `as_written` marks a
    whole name; else as it is."""
    written, labels = context.get("written_language", ""), context.get("t")
    if not written or labels is None or not isinstance(text, str) or isinstance(text, Markup):
        return text
    span = Markup('<span lang="{}">{}</span>')
    return Markup("").join(span.format(catalogue(code).tag, piece) if code else piece
                           for piece, code in written_runs(text, labels.language, written))


@pass_context
def written_lang(context: Any, text: Any) -> str:
    """The language tag (`zh-CN`) of a whole text in the event's language on a page in another (a
    Markdown page, written once), for the `lang` attribute of the element that holds it; else ""."""
    written, labels = context.get("written_language", ""), context.get("t")
    if not written or labels is None or not isinstance(text, str):
        return ""
    code = written_language(text, labels.language, written)
    return catalogue(code).tag if code else ""


class _Environment(Environment):
    """Jinja2 environment that looks up `row.name` in page-data dicts first (the common case):
    Jinja's default tries the attribute first and pays for an exception on every dict key."""

    def getattr(self, obj: Any, attribute: str) -> Any:
        if type(obj) is dict and attribute in obj:
            return obj[attribute]
        return super().getattr(obj, attribute)


#: Where a template keeps its whitespace as written: inside these elements a line's indentation is text.
_VERBATIM_OPEN = re.compile(r"<(pre|textarea)\b", re.IGNORECASE)
_VERBATIM_CLOSE = re.compile(r"</(pre|textarea)\s*>", re.IGNORECASE)


def unindented(source: str) -> str:
    """`source` (a template) without the indentation of its lines and its blank lines, which only make
    the template readable: a page shows the same, with no run of spaces between its tags. Where a
    line's newline is dropped by `trim_blocks` (after a `%}` or a `#}`), one space stands for the
    indentation that followed it, so that whitespace between two words or inline tags stays whitespace.
    The lines inside `<pre>` and `<textarea>` are kept as written."""
    body = source.rstrip(" \t\n")
    tail = "\n" * min(source[len(body):].count("\n"), 2)  # Jinja drops one: a second is whitespace
    kept: list[str] = []
    verbatim = False
    for line in body.split("\n"):
        if verbatim:
            kept.append(line)
            verbatim = not _VERBATIM_CLOSE.search(line)
            continue
        text = line.lstrip(" \t")
        eaten = bool(kept) and kept[-1].endswith(("%}", "#}"))  # trim_blocks drops that line's newline
        if not text:
            if eaten:
                kept.append("")
        elif eaten and text != line and not text.startswith(("{%", "{#")):
            kept.append(" " + text)
        else:
            kept.append(text)
        opened = list(_VERBATIM_OPEN.finditer(text))
        verbatim = bool(opened) and not _VERBATIM_CLOSE.search(text, opened[-1].end())
    return "\n".join(kept) + tail


class _UnindentedLoader(FileSystemLoader):
    """A theme's templates as `unindented` gives them: the pages carry no indentation runs."""

    def get_source(self, environment: Environment,
                   template: str) -> tuple[str, str, Callable[[], bool]]:
        source, filename, uptodate = super().get_source(environment, template)
        return unindented(source), filename, uptodate


def template_dirs(custom: Path | None = None) -> list[Path]:
    """Where templates come from, first match wins: the custom theme's, the page sets' own (a
    system's pages, `views/page_set.py`), then the default ones."""
    return [*([custom / "templates"] if custom else []), *page_set_templates(), DEFAULT_THEME / "templates"]


_environments: dict[tuple[Path | None, Path | None, bytes], Environment] = {}


class _TolerantBytecodeCache(FileSystemBytecodeCache):
    """Compiled templates on disk, as a cache only: a directory deleted meanwhile (the cache is safe
    to delete at any time) is made again, a compiled template that cannot be read is compiled again
    and one that cannot be stored is not stored (each logged once per process)."""

    def load_bytecode(self, bucket: Bucket) -> None:
        try:
            super().load_bytecode(bucket)
        except Exception as error:  # damaged, or unreadable: the template compiles as without a cache
            bucket.reset()
            log_once("templates-unreadable", f"compiled template in {self.directory} unreadable "
                     f"({type(error).__name__}: {error}); compiled again")

    def dump_bytecode(self, bucket: Bucket) -> None:
        try:
            Path(self.directory).mkdir(parents=True, exist_ok=True)
            super().dump_bytecode(bucket)
        except OSError as error:
            log_once("templates-unwritable", f"compiled templates not stored in {self.directory} ({error}); "
                     "the next process compiles them again")


def cached_environment(custom: Path | None, cache: Path | None, templates: bytes) -> Environment:
    """The environment of `environment(custom)` kept for the whole process while the templates'
    digest stays `templates` (templates compile once), with compiled templates cached on disk
    under the `cache` directory for the next process."""
    key = (custom, cache, templates)
    env = _environments.pop(key, None)
    if env is None:
        for old in [k for k in _environments if k[:2] == key[:2]]:
            del _environments[old]  # the templates changed: forget the old compiled ones
        compiled = None
        if cache:
            directory = cache / f"jinja-{jinja_version}"  # compiled by this version of Jinja
            try:
                directory.mkdir(parents=True, exist_ok=True)
                compiled = _TolerantBytecodeCache(str(directory))
            except OSError as error:
                log_once("templates-unwritable", f"compiled templates not stored in {directory} ({error}); "
                         "every process compiles them")
        env = environment(custom, compiled)
    _environments[key] = env  # the most recently used last
    for old in list(_environments)[:-4]:
        del _environments[old]
    return env


def environment(custom: Path | None = None, bytecode_cache: BytecodeCache | None = None) -> Environment:
    """Templates of the default theme, shadowed by those of a `custom` theme directory, which may
    also extend the originals as `default/<name>` (e.g. `{% extends "default/base.html" %}`)."""
    default = _UnindentedLoader(str(DEFAULT_THEME / "templates"))
    loaders = [_UnindentedLoader(str(d)) for d in template_dirs(custom)[:-1]]  # all but the default
    env = _Environment(
        loader=ChoiceLoader([*loaders, PrefixLoader({"default": default}), default]),
        autoescape=select_autoescape(default=True, default_for_string=True),
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        auto_reload=False,
        bytecode_cache=bytecode_cache,
    )
    env.filters["markdown"] = _markdown
    env.filters["commit_time"] = commit_time
    env.filters["css_string"] = css_string
    env.filters["as_written"] = as_written
    env.filters["as_written_runs"] = as_written_runs
    env.filters["written_lang"] = written_lang
    env.globals["round_lines"] = textlines.round_lines
    env.globals["standings_lines"] = textlines.standings_lines
    env.globals["crosstable_lines"] = textlines.crosstable_lines
    env.globals["match_lines"] = textlines.match_lines
    env.globals["placing_lines"] = textlines.placing_lines
    env.globals["final_lines"] = textlines.final_lines
    env.globals["team_board_lines"] = textlines.team_board_lines
    env.globals["team_standing_lines"] = textlines.team_standing_lines
    env.globals["qr_svg"] = qr_svg
    env.globals["column_marks"] = ColumnMarks
    env.globals.update(base_url="", logo="", search_url="")  # a build sets its own (build/__init__.py)
    env.globals["league_lines"] = textlines.league_lines
    env.globals["school_lines"] = textlines.school_lines
    env.globals["prize_lines"] = textlines.prize_lines
    env.globals["certificate_lines"] = textlines.certificate_lines
    return env


def render_page(env: Environment, page: Page) -> str:
    """Render one page; `url()` in templates gives links relative to this page. A template that does
    not compile, or fails while it renders, is a `ContentError` located in it (`template_problem`)."""
    path = page.path

    def url(target: str) -> str:
        return relative(target, path)

    try:
        return env.get_template(page.template).render(page.data(), page=page, url=url, title=page.title)
    except Exception as error:
        problem = template_problem(error)
        if problem is None:
            raise
        raise ContentError([problem]) from error


#: What to do about a template that fails (a theme's, most often).
TEMPLATE_HINT = "correct the template; delete a theme's copy to use the default theme's again"


def template_problem(error: BaseException) -> Problem | None:
    """`error` at its template's line: Jinja's message where a template does not compile, else where
    the innermost template was when it failed (its column unknown: 1). None for an error a template
    did not cause: one raised in the software's own code (a bug, kept with its traceback)."""
    if isinstance(error, TemplateSyntaxError) and error.filename:
        where = Location(shown_path(Path(error.filename)), error.lineno or 1)
        return Problem(where, _one_line(error.message or str(error)), TEMPLATE_HINT)
    frames = traceback.extract_tb(error.__traceback__)
    templates = [frame for frame in frames if _is_template(frame.filename)]
    if not templates or not (isinstance(error, TemplateError) or frames[-1] is templates[-1]):
        return None
    message = (f"no template {error.name!r} in the theme or the default theme"
               if isinstance(error, TemplateNotFound)
               else str(error) if isinstance(error, TemplateError) else f"{type(error).__name__}: {error}")
    where = Location(shown_path(Path(templates[-1].filename)), templates[-1].lineno or 1)
    return Problem(where, _one_line(message), TEMPLATE_HINT)


def _is_template(filename: str) -> bool:
    """Whether a traceback's frame is a template's: Jinja names it by the template's file."""
    return not filename.endswith(".py") and os.path.isfile(filename)


def _one_line(text: str) -> str:
    """`text` on one line (Jinja's messages may run over several)."""
    return " ".join(text.split())
