"""A chess event paired by the Dutch system: `bulletin pair`, requested byes, the preview."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from site_builder.build import build_site
from site_builder.checks import load_checked
from site_builder.cli import main
from site_builder.trf.importer import import_trf

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "trf"))
from trf_sample import player

NAMES = ["Ames, A", "Baker, B", "Cole, C", "Dunn, D", "Eads, E", "Fox, F"]


def event_after_round_one(tmp_path: Path) -> Path:
    """Six players, round 1 folded (1–4, 5–2, 3–6) and played; two more rounds to go."""
    cells = {1: "   4 w 1", 2: "   5 b 0", 3: "   6 w =", 4: "   1 b 0", 5: "   2 w 1", 6: "   3 b ="}
    text = "\n".join(["012 Dutch Club Night", "092 FIDE_DUTCH_2025", "XXR 3"]
                     + [player(n, NAMES[n - 1], [cells[n]]) for n in range(1, 7)]) + "\n"
    (tmp_path / "night.trf").write_text(text, encoding="utf-8")
    content = tmp_path / "content" / "night"
    import_trf(tmp_path / "night.trf", content)
    return tmp_path / "content"


def test_the_imported_event_states_the_first_colour(tmp_path: Path) -> None:
    section = load_checked(event_after_round_one(tmp_path)).events[0].sections[0]
    assert (section.system, section.options["first_colour"]) == ("dutch", "white")


def test_pair_fills_a_round_file_of_requested_byes(tmp_path: Path) -> None:
    """Round 2 is written before pairing with Cole's half-point bye; `bulletin pair` pairs the five
    others into that file (bye to the lowest eligible player) and keeps the request."""
    content = event_after_round_one(tmp_path)
    rounds = next(content.rglob("rounds"))
    (rounds / "02.yaml").write_text('round: 2\nhalf_byes: ["Cole, C"]\n', encoding="utf-8")
    result = CliRunner().invoke(main, ["pair", str(content)])
    assert result.exit_code == 0, result.output
    text = (rounds / "02.yaml").read_text(encoding="utf-8")
    assert 'half_byes: ["Cole, C"]' in text
    assert "# bye: " in text  # the arbiters' explanation: who got the bye, who floated
    section = load_checked(content).events[0].sections[0]
    second = section.rounds[1]
    assert len(second.games) == 2 and len(second.byes) == 1
    assert 3 not in {p for g in second.games for p in (g.first, g.second)} | set(second.byes)
    assert set(second.half_byes) == {3}


def test_the_preview_shows_requested_byes_with_the_provisional_pairing(tmp_path: Path) -> None:
    content = event_after_round_one(tmp_path)
    rounds = next(content.rglob("rounds"))
    (rounds / "02.yaml").write_text('round: 2\nhalf_byes: ["Cole, C"]\n', encoding="utf-8")
    build_site(content, tmp_path / "output", pdf=False)
    page = next((tmp_path / "output").rglob("round-02.html")).read_text(encoding="utf-8")
    assert "Cole, C" in page and "½-point bye" in page
    assert not list((tmp_path / "output").rglob("standings-02.html"))


@pytest.mark.parametrize("slug", ["2026-spring-open", "2025-shogi-ja-open"])
def test_snapshot_the_example_open_repairs_every_round_as_committed(slug: str) -> None:
    """Regression snapshot: content/2026-spring-open and 2025-shogi-ja-open were paired round by round
    with `bulletin pair` (requested byes written first), so each round file is what the engine paired
    then; this catches change, not error (the bbpPairings corpus, test_dutch_corpus.py, is the oracle)."""
    from corpus import before

    from site_builder.engine.scoring import records
    from site_builder.pairing.dutch.from_section import dutch_round

    root = Path(__file__).resolve().parents[2] / "content"
    event = next(e for e in load_checked(root).events if e.slug == slug)
    section = event.sections[0]
    for k, played in enumerate(section.rounds):
        earlier = before(section, k)
        pairing = dutch_round(earlier, records(earlier), event.draw.seed)
        assert [(p.board, p.first, p.second) for p in pairing.pairs] == \
            [(g.board, g.first, g.second) for g in played.games]
        assert set(pairing.byes) == set(played.byes)
