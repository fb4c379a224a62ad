"""The split search index (views/search_index.py): a query reads the parts of its words and finds
what a scan of every entry finds; `bulletin search-index` makes one index of several sites."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any
from unittest.mock import patch

import pytest
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st

from site_builder.build import build_site
from site_builder.cli import main
from site_builder.commands.new import scaffold
from site_builder.views import search_index
from site_builder.views.search_index import (
    CAPPED,
    FIELDS,
    INDEXED,
    LIMIT,
    begins_word,
    bucket_of,
    key_for,
    part_name,
    query_words,
    search_files,
    text_of,
)


def _loaded(text: str) -> Any:
    """The argument(s) of the one `BULLETIN_SEARCH.…(…)` call of a file of the index."""
    call = text.splitlines()[-1]
    return json.loads("[" + call[call.index("(") + 1:call.rindex(")")] + "]")


def client(files: dict[str, str], query: str) -> tuple[list[str], int]:
    """What `static/site.js` lists for `query` (names, in order) and the count it gives, read from
    the index's files as it reads them: the keys of each word, then its part."""
    words = query_words(query)
    keys, counts = [], {}
    for word in words:
        bucket, listed = _loaded(files[f"search/keys-{bucket_of(word):02d}.js"])
        assert bucket == bucket_of(word)
        counts.update(listed)
        key = key_for(word, listed)
        if key is not None and key not in keys:
            keys.append(key)
    candidates: dict[int, dict[str, Any]] = {}
    for key in keys:
        for values in _loaded(files[f"search/{part_name(key)}"])[1]:
            candidates[values[0]] = dict(zip(FIELDS, values[1:], strict=False))
    found = [entry["name"] for _, entry in sorted(candidates.items())
             if all(begins_word(text_of(entry), w) for w in words)
             and any(begins_word(text_of(entry, ("name", "club", "keys")), w) for w in words)]
    return found, counts[keys[0]] or len(found) if len(words) == len(keys) == 1 else len(found)


def scan(entries: list[dict[str, Any]], query: str) -> list[str]:
    """The same query over every entry: each word begins a word of the entry, one of its own."""
    words = query_words(query)
    own = INDEXED
    return [e["name"] for e in entries if words and all(begins_word(text_of(e), w) for w in words)
            and any(begins_word(text_of(e, own), w) for w in words)]


LETTERS = st.sampled_from([*"aábcdéoø唐丹王", " ", ", ", "'"])
TEXT = st.lists(LETTERS, min_size=1, max_size=8).map("".join)
ENTRY = st.fixed_dictionaries({"name": TEXT, "club": TEXT, "section": TEXT, "keys": TEXT}).map(
    lambda e: {**e, "url": "e/players/1.html"})


@given(st.lists(ENTRY, min_size=1, max_size=30), st.lists(st.sampled_from(list("aábcdéoø唐丹王")),
                                                          min_size=1, max_size=4).map("".join),
       st.lists(st.sampled_from(list("abcoé唐丹")), max_size=3).map("".join), st.sampled_from([2, 5, 400]))
def test_a_query_finds_in_its_parts_what_a_scan_of_every_entry_finds(
        entries: list[dict[str, Any]], first: str, second: str, limit: int) -> None:
    """With parts of at most `limit` entries, split by one more letter where there are more; a query
    whose words each fall on a whole part, or on a cut one holding all its entries, finds them all."""
    with patch.object(search_index, "LIMIT", limit), patch.object(search_index, "CAPPED", limit):
        files = search_files(entries, 0)
    query = f"{first} {second}".strip()
    found, count = client(files, query)
    expected = scan(entries, query)
    if len(expected) <= limit:
        assert found == expected
        assert count == len(found)
    else:  # the words fall on cut parts: the first of them, and the count of them all for one word
        assert set(found) <= set(expected)
    if len(query.split()) == 1:
        assert count == len(expected)


WORDS = st.sampled_from(["a", "ab", "ac", "abc", "abd", "b", "ba", "唐", "唐丹", "丹", "o'b"])
SHORT = st.lists(WORDS, min_size=1, max_size=3).map(" ".join)


@given(st.lists(st.fixed_dictionaries({"name": SHORT, "club": SHORT}), min_size=1, max_size=12),
       st.lists(WORDS, min_size=1, max_size=2).map(" ".join), st.sampled_from([1, 2, 3]))
def test_short_words_that_share_their_beginnings_are_found_through_cut_parts(
        entries: list[dict[str, Any]], query: str, limit: int) -> None:
    """Words that are each other's beginnings ("a", "ab", "abc") over parts cut at 1–3 entries: a
    query of one word counts every entry it finds, and lists them all where they fit in its part."""
    with patch.object(search_index, "LIMIT", limit), patch.object(search_index, "CAPPED", limit):
        files = search_files([{**entry, "url": "x"} for entry in entries], 0)
    found, count = client(files, query)
    expected = scan(entries, query)
    assert set(found) <= set(expected)
    if len(query.split()) == 1:
        assert count == len(expected)
        assert found == expected[:limit] if len(expected) > limit else found == expected


def test_a_cut_part_keeps_the_first_entries_and_counts_them_all() -> None:
    entries = [{"name": f"Anna {n}", "url": f"e/players/{n}.html"} for n in range(LIMIT + 30)]
    files = search_files(entries, 0)
    found, count = client(files, "a")
    assert found == [f"Anna {n}" for n in range(CAPPED)] and count == LIMIT + 30
    assert client(files, "anna")[1] == LIMIT + 30  # every name is "anna": the part of "anna" is cut too
    assert client(files, "anna 7")[0][:2] == ["Anna 7", "Anna 70"]  # "7…" has a whole part
    assert "search/61.js" in files and "search/616e6e61.js" in files  # a, then an, ann, anna


def test_a_part_is_cut_and_split_only_beyond_its_limit() -> None:
    entries = [{"name": name, "url": "x"} for name in ("ab", "ac", "b")]
    with patch.object(search_index, "LIMIT", 1), patch.object(search_index, "CAPPED", 1):
        parts = search_index.parts_of([search_index.words_of(text_of(e)) for e in entries])
    assert parts == {"a": ([0], 2), "ab": ([0], 0), "ac": ([1], 0), "b": ([2], 0)}


def test_a_name_that_looks_like_markup_stays_text_in_every_part() -> None:
    files = search_files([{"name": "</script><img src=x onerror=alert(1)>", "url": "e/players/1.html"}], 0)
    assert all("</script" not in text and "<img" not in text for text in files.values())
    assert client(files, "script")[0] == ["</script><img src=x onerror=alert(1)>"]


def test_search_matches_the_beginnings_of_words_and_any_part_of_a_chinese_name() -> None:
    entries = [{"name": "García, Lucía", "url": "a"}, {"name": "唐丹", "url": "b"},
               {"name": "邓子嘉", "keys": "deng zi jia dengzijia zijia dzj", "url": "c"}]
    files = search_files(entries, 0)
    assert client(files, "lucia garcia")[0] == ["García, Lucía"]
    assert client(files, "arcia")[0] == []  # inside a word: not a beginning
    assert client(files, "丹")[0] == ["唐丹"] and client(files, "Zijia Deng")[0] == ["邓子嘉"]


def test_a_query_word_in_quotes_or_brackets_finds_what_the_bare_word_finds() -> None:
    """Quotes, brackets and backticks around a query's words begin no word of the index: the words
    are read without them, as without accents and case (docs/exports.md, "Search index")."""
    entries = [{"name": "Winter Cup", "url": "a"}, {"name": 'The "Knights" \\ Club', "url": "b"},
               {"name": "García, Lucía", "url": "c"}]
    files = search_files(entries, 1)
    assert client(files, "winter")[0] == ["Winter Cup"]
    for query in ('"Winter"', '"Winter', "`Winter`", "(Winter)", "«winter»", "「Winter」"):
        assert client(files, query)[0] == ["Winter Cup"], query
    assert client(files, '"Knights"')[0] == ['The "Knights" \\ Club']
    assert client(files, "(Lucía) 'García'")[0] == ["García, Lucía"]
    assert client(files, '" ( `')[0] == [] and query_words('" ( `') == []


EXAMPLE = Path(__file__).resolve().parents[2] / "content"


def _site(tmp: Path, name: str, event: str, search: str) -> Path:
    content = tmp / name
    content.mkdir()
    (content / "site.yaml").write_text(f"title: {name}\nlanguage: en\nsearch: {search}\n", encoding="utf-8")
    shutil.copytree(EXAMPLE / event, content / event)
    out = tmp / f"{name}-out"
    build_site(content, out, pdf=False)
    return out


def test_several_sites_share_one_search(tmp_path: Path) -> None:
    """Two seasons as two sites, each naming the shared index in its site.yaml: the index lists the
    players of both, each with the address of its site, and every page searches there."""
    shared = "https://results.example.org/search/"
    one = _site(tmp_path, "s2025", "2025-club-open", shared)
    two = _site(tmp_path, "s2026", "2026-spring-open", shared)
    page = (one / "2025-club-open/open/round-01.html").read_text(encoding="utf-8")
    assert f'data-search="{shared}"' in page
    result = CliRunner().invoke(main, ["search-index", "https://results.example.org/2025/=" + str(one),
                                       "https://results.example.org/2026=" + str(two),
                                       "--output", str(tmp_path / "search")])
    assert result.exit_code == 0, result.output
    index = json.loads((tmp_path / "search/entries.json").read_text(encoding="utf-8"))
    sites = {entry["site"] for entry in index["entries"]}
    assert sites == {"https://results.example.org/2025/", "https://results.example.org/2026/"}
    assert [e["site"] for e in index["entries"][:index["events"]]] == sorted(sites)  # the events first
    files = {f"search/{p.name}": p.read_text(encoding="utf-8") for p in (tmp_path / "search").iterdir()}
    assert "García, Lucía" in client(files, "garcia")[0]  # a player of 2026, found from 2025's pages


def test_a_site_without_an_index_is_refused_in_one_line_and_nothing_is_written(tmp_path: Path) -> None:
    (tmp_path / "search").mkdir()
    (tmp_path / "search" / "keys.js").write_text("kept", encoding="utf-8")
    result = CliRunner().invoke(main, ["search-index", f"https://x.example/={tmp_path / 'none'}",
                                       "--output", str(tmp_path / "search")])
    assert result.exit_code == 2
    said = "none/search/entries.json:1:1: no search index here (hint: build the site first: bulletin build"
    assert said in result.output
    assert (tmp_path / "search" / "keys.js").read_text(encoding="utf-8") == "kept"


@pytest.mark.parametrize(("text", "where", "said"), [
    ('{"events": 0,\n"entries": [}\n', "2:13", "not a search index (Expecting value)"),
    ("\n", "2:1", "not a search index (Expecting value)"),
    ('{"events": 0}\n', "1:1", "not a search index ('entries')"),
])
def test_a_broken_entries_json_is_refused_where_it_breaks(tmp_path: Path, text: str, where: str,
                                                          said: str) -> None:
    """A site's entries.json that is not JSON is refused at the line and column where the JSON
    breaks (docs/commands.md, "Errors": `file:line:column`), not at its first character."""
    (tmp_path / "site" / "search").mkdir(parents=True)
    (tmp_path / "site" / "search" / "entries.json").write_text(text, encoding="utf-8")
    result = CliRunner().invoke(main, ["search-index", f"https://x.example/={tmp_path / 'site'}",
                                       "--output", str(tmp_path / "search")])
    assert result.exit_code == 2
    assert f"site/search/entries.json:{where}: {said} (hint: build the site again" in result.output
    assert not (tmp_path / "search").exists()


def test_a_search_address_that_is_not_one_is_refused_with_its_place(tmp_path: Path) -> None:
    content = tmp_path / "content"
    content.mkdir()
    shutil.copytree(EXAMPLE / "2025-club-open", content / "2025-club-open")
    (content / "site.yaml").write_text("title: T\nsearch: javascript:alert(1)\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["build", str(content), "--output", str(tmp_path / "out"), "--no-pdf"])
    assert result.exit_code == 2
    assert "site.yaml:2:" in result.output and "is not the address of a search index" in result.output
    assert not (tmp_path / "out").exists()


def test_a_rebuild_keeps_the_index_while_its_entries_and_files_are_the_same(tmp_path: Path) -> None:
    """A result changes no entry: the index's files are taken over, not written again; a new name, or
    a file of the index changed by hand, makes the build write it again."""
    content = tmp_path / "content"
    shutil.copytree(EXAMPLE / "2025-club-open", content / "2025-club-open")
    output = tmp_path / "out"
    build_site(content, output, pdf=False)
    keys = output / "search" / "keys-00.js"
    first = keys.stat().st_ino, keys.stat().st_mtime_ns
    rounds = sorted((content / "2025-club-open").rglob("rounds/*.yaml"))
    text = rounds[-1].read_text(encoding="utf-8")
    changed = text.replace('"1-0"', '"0-1"', 1)
    assert changed != text
    rounds[-1].write_text(changed, encoding="utf-8")
    build_site(content, output, pdf=False)
    assert (keys.stat().st_ino, keys.stat().st_mtime_ns) == first  # the same file, moved over
    part = output / "search" / part_name("m")
    part.write_text("changed by hand", encoding="utf-8")
    build_site(content, output, pdf=False)
    assert part.read_text(encoding="utf-8").startswith("BULLETIN_SEARCH.part(")
    players = next((content / "2025-club-open").rglob("players.yaml"))
    players.write_text(players.read_text(encoding="utf-8").replace("club: Riverside", "club: Quayside", 1),
                       encoding="utf-8")  # a player's club: an entry changes
    build_site(content, output, pdf=False)
    assert "Quayside" in (output / "search" / "entries.json").read_text(encoding="utf-8")
    assert "Müller, Anna" in (output / "search" / part_name("q")).read_text(encoding="utf-8")


def test_a_han_name_is_found_by_its_pinyin_in_any_event_but_a_japanese_one(tmp_path: Path) -> None:
    """A Chinese name in an English event (`李, 娜`) is found by its pinyin (docs/exports.md: pinyin
    among what a reader may type), as in a Chinese one; a Japanese event's kanji names get none,
    pinyin being no reading of them, and are found as written."""
    content = tmp_path / "content"
    for slug, language in (("cup", "en"), ("kai", "ja")):
        scaffold(content / slug, name=slug.title(), game="chess", language=language, secret_seed=False)
        (content / slug / "open" / "players.yaml").write_text(
            'players:\n  - {number: 1, name: "李, 娜"}\n  - {number: 2, name: "山田, 太郎"}\n'
            '  - {number: 3, name: "Doe, Jane"}\n', encoding="utf-8")
    build_site(content, tmp_path / "out", pdf=False)
    search = tmp_path / "out" / "search"
    entries = json.loads((search / "entries.json").read_text(encoding="utf-8"))["entries"]
    keys = {(e["url"].split("/")[0], e["name"]): e.get("keys", "")
            for e in entries if "/players/" in e["url"]}
    assert keys[("cup", "李, 娜")] == "li na lina ln" and keys[("cup", "山田, 太郎")]
    assert keys[("kai", "李, 娜")] == keys[("kai", "山田, 太郎")] == ""  # as before: none
    files = {f"search/{p.name}": p.read_text(encoding="utf-8") for p in search.iterdir()}
    assert client(files, "li na")[0] == ["李, 娜"] and client(files, "lina")[0] == ["李, 娜"]
    assert sorted(client(files, "李")[0]) == ["李, 娜", "李, 娜"]
