"""Why these pairings, for the Lim system: the scoregroups hold every player a round pairs, in the
order of C.04.4.3 art. 2.2, each float seen from both groups; the colour rule stated gives the
colours; a pair changed by hand says so; the page is built and linked from the round."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

from site_builder.build import build_site
from site_builder.checks import load_checked
from site_builder.pairing.lim.why import LimWhy
from site_builder.results.section import section_results
from site_builder.systems.lim import PAIRING_WHY
from site_builder.tournament.generate import write_generated
from site_builder.tournament.generator import Spec

GAME = re.compile(r'^  - \[(\d+), "([^"]+)", "([^"]+)", "([^"]+)"\]$', re.M)


@pytest.fixture(scope="module")
def content(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A generated Lim tournament whose round 4 has the Blacks of boards 1 and 2 exchanged."""
    root = tmp_path_factory.mktemp("limwhy") / "content"
    spec = Spec(seed=11, system="lim", players=11, rounds=5, half_byes=0.05, baku=True)
    write_generated(spec, root / "cup")
    event = root / "cup" / "event.yaml"
    own = "system: lim\n    rematches: true"  # the loader lets the exchanged pairs through
    event.write_text(event.read_text(encoding="utf-8").replace("system: lim", own), encoding="utf-8")
    fourth = root / "cup" / "open" / "rounds" / "04.yaml"
    text = fourth.read_text(encoding="utf-8")
    (b1, w1, s1, _), (b2, w2, s2, _) = GAME.findall(text)[:2]
    text = text.replace(f'[{b1}, "{w1}", "{s1}"', f'[{b1}, "{w1}", "SWAP"').replace(
        f'[{b2}, "{w2}", "{s2}"', f'[{b2}, "{w2}", "{s1}"').replace('"SWAP"', f'"{s2}"')
    fourth.write_text(text, encoding="utf-8")
    return root


@pytest.fixture(scope="module")
def explained(content: Path) -> dict[int, LimWhy]:
    event = load_checked(content).events[0]
    return section_results(event, event.sections[0]).extra(PAIRING_WHY)


def test_the_groups_hold_every_paired_player_once_and_each_float_twice(explained: dict[int, LimWhy]) -> None:
    for why in explained.values():
        paired = {n for t in why.tables for n in (t.white, t.black)}
        own = [n for g in why.groups for n in g.players]
        assert sorted(own) == sorted(paired) and len(own) == len(set(own))
        came = sorted(n for g in why.groups for n in g.came)
        left = sorted(n for g in why.groups for n in g.left)
        assert came == left  # every player floated on from one group came into the next
        assert why.accelerated


def test_the_colours_are_those_of_the_stated_rule_except_by_hand(explained: dict[int, LimWhy]) -> None:
    for number, why in explained.items():
        assert all(t.by_rule for t in why.tables) or number == 4
        assert all(t.as_engine for t in why.tables) == (number != 4)


@pytest.fixture(scope="module")
def site(content: Path) -> Path:
    output = content.parent / "output"
    build_site(content, output, pdf=False)
    return output / "cup" / "open"


def test_each_round_page_links_its_explanation_in_the_rules_words(site: Path) -> None:
    assert 'href="round-02-why.html"' in (site / "round-02.html").read_text(encoding="utf-8")
    page = html.unescape((site / "round-02-why.html").read_text(encoding="utf-8"))
    assert "the Lim rules (C.04.4.3)" in page and "paired downward" in page and "(art. 5." in page
    assert "scrutinised from #1" in page  # art. 4.1: the engine's and the checker's order


def test_a_pair_changed_by_hand_says_so(site: Path) -> None:
    page = html.unescape((site / "round-04-why.html").read_text(encoding="utf-8"))
    assert "not the engine's pair: set by hand" in page
