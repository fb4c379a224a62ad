"""The cold `bulletin build --no-pdf` beside Hugo on the same page set, alternated in one run.

For each size (500 players × 11 rounds, 2000 × 13: `bench/generate.py`) the event is built once to
know its pages; then a Hugo site is written with one Markdown page for each HTML page of that build,
holding the page's own text: its title, its headings, paragraphs, list items and tables (links kept),
under a layout with a header, a breadcrumb and a footer. Both builds then run `RUNS` times,
alternated, each in a fresh process into an empty directory (our cache deleted: cold). Prints, per
size, each side's median seconds, pages and HTML bytes, and the ratio of bytes per second
(`hugo_ratio_bytes_per_s_<size>`: ours over Hugo's) and of pages per second.

Hugo is not a dependency: without a `hugo` on the PATH (or `$HUGO`) the script says so and prints
no figure. Debian's package (`apt install hugo`) is what docs/performance.md was measured with.

Usage: python bench/hugo.py [--sizes 500x11 2000x13] [--runs 3]
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from html.parser import HTMLParser
from pathlib import Path

from generate import generate
from run import run_child

RUNS = 3
SIZES = ("500x11", "2000x13")
HEADINGS = {"h1": "#", "h2": "##", "h3": "###", "h4": "####"}
BLOCKS = {"p", "li", "summary", "caption", "figcaption", "dt", "dd"}


class _Text(HTMLParser):
    """The text of a page's `<main>` as Markdown: headings, blocks, pipe tables, links."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.title = ""
        self.lines: list[str] = []
        self.depth = 0  # inside <main>
        self.in_title = False
        self.text: list[str] = []
        self.row: list[str] | None = None
        self.header_done = False
        self.link: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "title":
            self.in_title = True
        elif tag == "main":
            self.depth += 1
        elif not self.depth:
            return
        elif tag == "table":
            self.header_done = False
        elif tag == "tr":
            self.row = []
        elif tag in ("td", "th") or ((tag in HEADINGS or tag in BLOCKS) and self.row is None):
            self.text = []
        elif tag == "a":
            self.link = dict(attrs).get("href") or ""
            self.text.append("[")

    def handle_endtag(self, tag: str) -> None:
        if tag == "title":
            self.in_title = False
        elif tag == "main":
            self.depth -= 1
        elif not self.depth:
            return
        elif tag == "a" and self.link is not None:
            self.text.append(f"]({self.link})")
            self.link = None
        elif tag in ("td", "th") and self.row is not None:
            self.row.append(" ".join("".join(self.text).split()).replace("|", "\\|"))
        elif tag == "tr" and self.row is not None:
            self.lines.append("| " + " | ".join(self.row) + " |")
            if not self.header_done:
                self.lines.append("|" + " --- |" * len(self.row))
                self.header_done = True
            self.row = None
        elif tag == "table":
            self.lines.append("")
        elif self.row is not None:
            return
        elif tag in HEADINGS:
            self.lines += [f"{HEADINGS[tag]} {self._flushed()}", ""]
        elif tag in BLOCKS:
            text = self._flushed()
            self.lines += [f"- {text}"] if tag == "li" else [text, ""]

    def handle_data(self, data: str) -> None:
        if self.in_title:
            self.title += data
        elif self.depth:
            self.text.append(data)

    def _flushed(self) -> str:
        text = " ".join("".join(self.text).split())
        self.text = []
        return text


def markdown_page(page: str) -> str:
    """A Hugo content file with `page`'s title and the text of its `<main>`."""
    parser = _Text()
    parser.feed(page)
    title = parser.title.strip().replace('"', '\\"')
    return f'---\ntitle: "{title}"\n---\n\n' + "\n".join(parser.lines) + "\n"


LAYOUT = """<!DOCTYPE html>
<html lang="{{ .Site.LanguageCode }}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{ .Title }} · {{ .Site.Title }}</title>
<link rel="stylesheet" href="{{ "style.css" | relURL }}"></head>
<body>
<header><a href="{{ "/" | relURL }}">{{ .Site.Title }}</a></header>
<nav>{{ range .Ancestors.Reverse }}<a href="{{ .RelPermalink }}">{{ .Title }}</a> › {{ end }}
{{ .Title }}</nav>
<main>{{ .Content }}</main>
<footer>{{ .Site.Title }} · {{ .Lastmod.Format "2006-01-02" }}</footer>
</body>
</html>
"""
CONFIG = """baseURL = "/"
title = "Bulletins"
languageCode = "zh-CN"
uglyURLs = true
disableKinds = ["taxonomy", "term"]
[markup.goldmark.renderer]
unsafe = false
"""


def hugo_site(built: Path, site: Path) -> None:
    """A Hugo site in `site` with one content page for each HTML page of `built`."""
    (site / "layouts" / "_default").mkdir(parents=True)
    for name in ("baseof", "single", "list"):
        (site / "layouts" / "_default" / f"{name}.html").write_text(LAYOUT, encoding="utf-8")
    (site / "static").mkdir()
    (site / "static" / "style.css").write_text("body{font-family:sans-serif}\n", encoding="utf-8")
    (site / "config.toml").write_text(CONFIG, encoding="utf-8")
    for page in built.rglob("*.html"):
        relative = page.relative_to(built)
        target = site / "content" / (relative.parent / "_index.md" if relative.name == "index.html"
                                     else relative.with_suffix(".md"))
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(markdown_page(page.read_text(encoding="utf-8")), encoding="utf-8")


def html_files(output: Path) -> tuple[int, int]:
    """The number of HTML files in `output` and their bytes."""
    sizes = [page.stat().st_size for page in output.rglob("*.html")]
    return len(sizes), sum(sizes)


def compare(size: str, hugo: str, runs: int, scratch: Path) -> None:
    players, rounds = map(int, size.split("x"))
    content = generate(scratch / f"content-{size}", players, rounds).parent
    bulletin = [sys.executable, "-m", "site_builder", "build", str(content), "--no-pdf"]
    ours, theirs = scratch / f"ours-{size}", scratch / f"hugo-{size}"
    site = scratch / f"hugo-site-{size}"
    subprocess.run([*bulletin, "--output", str(ours / "site")], check=True, stdout=subprocess.DEVNULL)
    hugo_site(ours / "site", site)
    times: dict[str, list[float]] = {"ours": [], "hugo": []}
    for _ in range(runs):
        shutil.rmtree(ours, ignore_errors=True)  # the output and .bulletin-cache beside it
        times["ours"].append(run_child([*bulletin, "--output", str(ours / "site")])[0])
        shutil.rmtree(theirs, ignore_errors=True)
        hugo_build = [hugo, "--quiet", "--source", str(site), "--destination", str(theirs)]
        times["hugo"].append(run_child(hugo_build)[0])
    (pages, size_ours), (hugo_pages, size_hugo) = html_files(ours / "site"), html_files(theirs)
    seconds, hugo_seconds = statistics.median(times["ours"]), statistics.median(times["hugo"])
    print(f"hugo_ours_{size}_s: {seconds:.2f}  # {pages} pages, {size_ours / 1e6:.1f} MB of HTML")
    print(f"hugo_hugo_{size}_s: {hugo_seconds:.2f}  # {hugo_pages} pages, {size_hugo / 1e6:.1f} MB of HTML")
    ratio = (size_ours / seconds) / (size_hugo / hugo_seconds)
    print(f"hugo_ratio_bytes_per_s_{size}: {ratio:.2f}  # target >= 2")
    print(f"hugo_ratio_pages_per_s_{size}: {(pages / seconds) / (hugo_pages / hugo_seconds):.2f}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", nargs="+", default=list(SIZES))
    parser.add_argument("--runs", type=int, default=RUNS)
    args = parser.parse_args()
    hugo = os.environ.get("HUGO") or shutil.which("hugo")
    if not hugo:
        print("# hugo: not installed (apt install hugo, or $HUGO); no Hugo figures")
        return
    version = subprocess.run([hugo, "version"], capture_output=True, text=True).stdout.split()
    print(f"# hugo: {' '.join(version[:2])}; median of {args.runs} alternated cold builds", flush=True)
    with tempfile.TemporaryDirectory(prefix="bench-hugo-", dir="/dev/shm") as scratch:
        for size in args.sizes:
            compare(size, hugo, args.runs, Path(scratch))


if __name__ == "__main__":
    main()
