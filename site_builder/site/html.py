"""Jinja2 rendering of pages with relative links, so a site works from file:// and any sub-path."""

from __future__ import annotations

import posixpath
from functools import lru_cache
from pathlib import Path
from typing import Any

import markdown as md
from jinja2 import (
    ChoiceLoader,
    Environment,
    FileSystemLoader,
    PrefixLoader,
    StrictUndefined,
    select_autoescape,
)
from markupsafe import Markup

from site_builder.site import textlines
from site_builder.site.views import Page

DEFAULT_THEME = Path(__file__).resolve().parents[2] / "themes" / "default"


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


def _markdown(text: str) -> Markup:
    # Markdown pages are the organizer's own trusted documents: raw HTML in them is kept.
    return Markup(md.markdown(text, extensions=["tables", "sane_lists", "attr_list"]))


class _Environment(Environment):
    """Jinja2 environment that looks up `row.name` in page-data dicts first (the common case):
    Jinja's default tries the attribute first and pays for an exception on every dict key."""

    def getattr(self, obj: Any, attribute: str) -> Any:
        if type(obj) is dict and attribute in obj:
            return obj[attribute]
        return super().getattr(obj, attribute)


def environment(custom: Path | None = None) -> Environment:
    """Templates of the default theme, shadowed by those of a `custom` theme directory, which may
    also extend the originals as `default/<name>` (e.g. `{% extends "default/base.html" %}`)."""
    default = FileSystemLoader(str(DEFAULT_THEME / "templates"))
    loaders = [FileSystemLoader(str(custom / "templates"))] if custom else []
    env = _Environment(
        loader=ChoiceLoader([*loaders, PrefixLoader({"default": default}), default]),
        autoescape=select_autoescape(default=True, default_for_string=True),
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        auto_reload=False,
    )
    env.filters["markdown"] = _markdown
    env.globals["round_lines"] = textlines.round_lines
    env.globals["standings_lines"] = textlines.standings_lines
    env.globals["match_lines"] = textlines.match_lines
    env.globals["placing_lines"] = textlines.placing_lines
    env.globals["final_lines"] = textlines.final_lines
    env.globals["team_board_lines"] = textlines.team_board_lines
    env.globals["team_standing_lines"] = textlines.team_standing_lines
    env.globals["league_lines"] = textlines.league_lines
    env.globals["school_lines"] = textlines.school_lines
    env.globals["prize_lines"] = textlines.prize_lines
    env.globals["certificate_lines"] = textlines.certificate_lines
    return env


def render_page(env: Environment, page: Page) -> str:
    """Render one page; `url()` in templates gives links relative to this page."""
    template = env.get_template(page.template)
    path = page.path

    def url(target: str) -> str:
        return relative(target, path)

    return template.render(page.context, page=page, url=url, title=page.title)
