"""A system with its own checker (`RuleChecked`: a `breaches` method) has each round checked by
`bulletin verify` rule by rule, each broken criterion named with its article, instead of paired
again; the words are the catalogues' (`verify.rules_hold`, `verify.breach`)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from site_builder.engine.scoring import Records
from site_builder.model import Section
from site_builder.pairing import Pairing
from site_builder.pairing.breach import Breach
from site_builder.systems import SYSTEMS
from site_builder.systems.dutch import Dutch
from site_builder.tournament.generate import write_generated
from site_builder.tournament.generator import Spec
from site_builder.tournament.verify import RuleChecked, summary, verify


class Checked(Dutch):
    """FIDE Dutch with a checker of one absolute criterion: no two players meet twice."""

    name = "checked"

    def breaches(self, before: Section, recs: Records, published: Pairing) -> list[Breach]:
        met = {frozenset((g.first, g.second)) for r in before.rounds for g in r.games}
        return [Breach("C1", "C.04.3 art. 2.1", "check.rematch", (p.first, p.second))
                for p in published.pairs if frozenset((p.first, p.second)) in met]


@pytest.fixture
def content(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setitem(SYSTEMS, "checked", Checked())
    folder = tmp_path / "content" / "cup"
    write_generated(Spec(seed=3, players=8, rounds=4), folder)
    event = folder / "event.yaml"
    own = "system: checked\n    rematches: true"  # the loader lets a rematch through to the checker
    event.write_text(event.read_text(encoding="utf-8").replace("system: dutch", own), encoding="utf-8")
    return tmp_path / "content"


def test_a_system_with_its_own_checker_is_checked_rule_by_rule(content: Path) -> None:
    assert isinstance(SYSTEMS["checked"], RuleChecked) and not isinstance(SYSTEMS["dutch"], RuleChecked)
    verdicts, _ = verify(content)
    rounds = [v for v in verdicts if not v.standings]
    assert len(rounds) == 4 and all(v.agrees and "checked one by one" in v.text for v in rounds)


def test_a_broken_criterion_is_named_with_its_article(content: Path) -> None:
    rounds = content / "cup" / "open" / "rounds"
    games = re.compile(r"^  - \[\d+, .*$", re.M)
    first = games.findall((rounds / "01.yaml").read_text(encoding="utf-8"))
    third = (rounds / "03.yaml").read_text(encoding="utf-8")
    (rounds / "03.yaml").write_text(third.replace("\n".join(games.findall(third)), "\n".join(first)),
                                    encoding="utf-8")  # round 3 plays round 1's games again
    verdicts, _ = verify(content)
    said = {v.where.rsplit(" ", 1)[-1]: v for v in verdicts if not v.standings}
    assert said["3"].differs and not said["2"].differs
    a, b = re.findall(r'"([^"]+)"', first[0])[:2]
    assert f"C1 (C.04.3 art. 2.1) broken: {a} and {b} have met before" in said["3"].text


def test_the_last_line_counts_the_rounds_checked_rule_by_rule(content: Path) -> None:
    """A section checked by its own checker is counted as rounds that keep every criterion, not as
    draws that are "the ones the rules and the seed give" (nothing was drawn again)."""
    verdicts, language = verify(content)
    said = summary(verdicts, language)
    assert said.startswith("4 of 4 rounds keep every criterion of their system's rules"), said
