"""Why these pairings: each round of the example McMahon event (content/2026-go-mcmahon) is explained
with the engine's own numbers (`pair_weight` of the round as it was paired), the next-best opponent's
swap is the difference of the pairs' weights, a round changed by hand is said to be changed, and the
pages (linked from each round page) keep names inert."""

from __future__ import annotations

import dataclasses
import html
import re
import shutil
from pathlib import Path

import pytest

from site_builder.build import build_site
from site_builder.checks import load_checked
from site_builder.engine.go_section import key
from site_builder.model import Section
from site_builder.pairing.gotha.round import players_to_pair
from site_builder.pairing.gotha.section import gotha_event, round_why
from site_builder.pairing.gotha.state import round_state
from site_builder.pairing.gotha.weights import pair_weight
from site_builder.pairing.gotha.why import CRITERIA
from site_builder.results.section import section_results
from site_builder.systems import system_of
from site_builder.systems.go_common import PAIRING_WHY, GoSystem

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "content" / "2026-go-mcmahon"


def _section(event_dir: Path = EXAMPLE) -> Section:
    return load_checked(event_dir).events[0].sections[0]


def _event(section: Section, number: int):  # type: ignore[no-untyped-def]
    rnd = next(r for r in section.rounds if r.number == number)
    before = dataclasses.replace(section, rounds=tuple(r for r in section.rounds if r.number < number))
    system = system_of(section)
    assert isinstance(system, GoSystem)
    return gotha_event(before, system.gotha_parameters(before), frozenset(rnd.absent), number)


@pytest.fixture(scope="module")
def explained() -> dict[int, object]:
    event = load_checked(EXAMPLE).events[0]
    return section_results(event, event.sections[0]).extra(PAIRING_WHY)  # type: ignore[return-value]


@pytest.mark.parametrize("number", [1, 2, 3, 4, 5])
def test_each_pair_is_explained_by_the_engines_weights(explained: dict, number: int) -> None:
    section = _section()
    why = explained[number]
    event = _event(section, number)
    state = round_state(event, number)
    order = {k: i for i, k in enumerate(players_to_pair(event, number))}
    played = next(r for r in section.rounds if r.number == number)
    assert not why.changed and why.total == why.engine_total
    assert sorted((p.table, p.black.key, p.white.key, p.stones) for p in why.pairs) == \
        sorted((g.board, key(g.first), key(g.second), g.handicap or 0) for g in played.games)
    assert all(p.handicap.stones == p.stones for p in why.pairs)  # the engine's, as the rules give them

    def weight(a: str, b: str):  # type: ignore[no-untyped-def]
        return pair_weight(state, *sorted((a, b), key=order.__getitem__))

    partner = {k: o for p in why.pairs for k, o in ((p.black.key, p.white.key), (p.white.key, p.black.key))}
    for pair in why.pairs:
        assert pair.weight == weight(pair.black.key, pair.white.key)
        assert pair.met == state.have_met(pair.black.key, pair.white.key)
        assert (pair.black.score, pair.white.score) == (state.main_score(pair.black.key),
                                                       state.main_score(pair.white.key))
        h = pair.handicap
        assert h.stones == min(max(h.gap - h.correction, 0), h.ceiling)
        for alt in pair.alternatives:
            # the swap: the two pairs of the round against the two the swap makes
            before = [weight(alt.player, alt.partner), weight(alt.opponent, alt.other)]
            after = [weight(alt.player, alt.opponent), weight(alt.partner, alt.other)]
            assert partner[alt.player] == alt.partner and partner[alt.opponent] == alt.other
            for name in CRITERIA:
                assert alt.swap[name] == sum(getattr(w, name) for w in before) - \
                    sum(getattr(w, name) for w in after)
            assert alt.swap["total"] == sum(w.total for w in before) - sum(w.total for w in after)
            # the round is the engine's best: no other pairing weighs more, the best with the pair
            # weighs at least as much as the swap
            assert alt.forced is not None and 0 <= alt.forced["total"] <= alt.swap["total"]


def test_a_round_changed_by_hand_is_said_to_be_changed() -> None:
    section = _section()
    fourth = section.rounds[3]
    first, second = fourth.games[1], fourth.games[2]  # boards 2 and 3: their Whites swapped
    swapped = (fourth.games[0], dataclasses.replace(first, second=second.second),
               dataclasses.replace(second, second=first.second), *fourth.games[3:])
    section = dataclasses.replace(section, rounds=(*section.rounds[:3],
                                                  dataclasses.replace(fourth, games=swapped)))
    system = system_of(section)
    assert isinstance(system, GoSystem)
    why = round_why(section, system.gotha_parameters(section), 4)
    assert why.changed and why.total < why.engine_total
    assert [d.board for d in why.difference.boards if not d.same_pair] == [2, 3]


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The example go event with a name that is markup, its round 4 changed by hand (the Whites of
    boards 2 and 3 swapped) and round 5 left out, built without PDFs."""
    content = tmp_path_factory.mktemp("why") / "content"
    shutil.copytree(EXAMPLE, content / EXAMPLE.name)
    rounds = content / EXAMPLE.name / "open" / "rounds"
    (rounds / "05.yaml").unlink()
    shutil.rmtree(rounds / "05")
    fourth = rounds / "04.yaml"
    text = fourth.read_text(encoding="utf-8")
    rossi, janssen = 'second: "Rossi, Marco"', 'second: "Janssen, Pieter"'
    text = text.replace(rossi, "SWAP").replace(janssen, rossi).replace("SWAP", janssen)
    fourth.write_text(text, encoding="utf-8")
    for path in (content / EXAMPLE.name).rglob("*"):
        if path.suffix in (".yaml", ".sgf"):
            marked = path.read_text(encoding="utf-8").replace("Müller, Jörg", "Müller, <i>Jörg</i> & Co")
            path.write_text(marked, encoding="utf-8")
    output = content.parent / "output"
    build_site(content, output, pdf=False)
    return output / EXAMPLE.name / "open"


@pytest.mark.parametrize("number", [1, 2, 3, 4])
def test_each_round_page_links_its_explanation(site: Path, number: int) -> None:
    page = (site / f"round-{number:02d}.html").read_text(encoding="utf-8")
    assert f'href="round-{number:02d}-why.html"' in page and "Why these pairings?" in page
    zh = (site.parent / "zh" / "open" / f"round-{number:02d}.html").read_text(encoding="utf-8")
    assert f'href="round-{number:02d}-why.html"' in zh and "为什么这样编排" in zh


def test_the_page_shows_the_engines_numbers_and_escapes_names(site: Path) -> None:
    page = (site / "round-03-why.html").read_text(encoding="utf-8")
    assert "<i>Jörg</i>" not in page and "Müller, &lt;i&gt;Jörg&lt;/i&gt; &amp; Co" in page
    section = load_checked(EXAMPLE).events[0].sections[0]
    event3 = _event(section, 3)
    state = round_state(event3, 3)
    order = {k: i for i, k in enumerate(players_to_pair(event3, 3))}
    first = section.rounds[2].games[0]
    a, b = sorted((key(first.first), key(first.second)), key=order.__getitem__)
    assert f"{pair_weight(state, a, b).total:,}" in html.unescape(page)
    assert 'id="p1"' in page  # the anchor of player 1's next-best opponent
    assert "changed by hand" not in page


def test_the_changed_round_says_so_on_its_page(site: Path) -> None:
    page = html.unescape((site / "round-04-why.html").read_text(encoding="utf-8"))
    assert "differs from the engine's pairing (changed by hand)" in page
    assert "Not the engine's pair: set by hand." in page
    # the engine's pairs where the round differs from them, boards 2 and 3, and no others
    assert re.findall(r"board (\d+): the engine pairs", page) == ["2", "3"]


def test_an_even_game_by_the_no_handicap_rank_says_so(tmp_path: Path) -> None:
    """A pair 1 MMS apart at 1d and above (MMS 31 against 30) is even because handicaps stop at 1d: a
    stronger player counts as 1d, so both do; a pair 1 apart across the cap, by the correction."""
    from site_builder.commands.new import scaffold
    from site_builder.commands.pair import pair_next
    from site_builder.views.i18n import Labels
    from site_builder.views.why_go_terms import handicap_line

    scaffold(tmp_path / "content" / "go", game="go", language="en", players=12, secret_seed=False)
    pair_next(tmp_path / "content")
    first = tmp_path / "content" / "go" / "open" / "rounds" / "01.yaml"
    text = first.read_text(encoding="utf-8")
    for result in ("W+R", "B+3.5", "W+12.5", "B+R", "B+F", "W+T"):
        text = text.replace('result: "?"', f'result: "{result}"', 1)
    first.write_text(text, encoding="utf-8")
    pair_next(tmp_path / "content")
    event = load_checked(tmp_path / "content" / "go").events[0]
    why = section_results(event, event.sections[0]).extra(PAIRING_WHY)[2]  # type: ignore[index]
    capped = [p for p in why.pairs if p.handicap.capped and not p.handicap.stones]
    assert capped, [(p.black.key, p.white.key, p.handicap) for p in why.pairs]
    h = capped[0].handicap
    assert h.uncapped_gap > h.gap and h.no_handicap_rank == 0
    assert h.gap == 0 and handicap_line(Labels("en"), h) == (
        "No handicap: none is given from 1d up, so both count as 1d.")
    across = dataclasses.replace(h, black=-1, uncapped_gap=2)  # 1k against a stronger one
    assert handicap_line(Labels("en"), across) == (
        "No handicap: none is given from 1d up, so a stronger player counts as 1d: 1 apart, within 1.")
    assert all("1段" in handicap_line(Labels(language), h) for language in ("zh", "ja"))  # its own rank


def test_the_colour_line_needs_no_plural() -> None:
    from site_builder.views.i18n import Labels

    t = Labels("en")
    text = t("why_colour_balance", black=t("why_whites", player="A", n=1, games=1),
             white=t("why_whites_none", player="B"))
    assert text == "Colours by balance: A White in 1 of 1 even games so far; B no even game yet."
