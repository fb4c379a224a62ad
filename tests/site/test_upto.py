"""Page data memoized by rounds 1..n (`views.section.upto`) is made from a `SectionUpto`: the section
up to round n, the labels, the event's settings and what the results say of those rounds. At run time
it holds nothing later; at type-check time a maker that reads the results or the event, or that
takes the whole `SectionData`, is refused."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from mypy import api

from site_builder.checks import load_checked
from site_builder.results import event_results
from site_builder.views.section import SectionUpto, section_views

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def played(tmp_path: Path, small_event) -> SectionUpto:
    """The page data of a four-player section with round 1 played and round 2 paired."""
    event_dir = small_event(tmp_path / "content" / "cup")
    rounds = event_dir / "open" / "rounds"
    first = (rounds / "01.yaml").read_text(encoding="utf-8")
    (rounds / "01.yaml").write_text(first.replace('"?"', '"1-0"'), encoding="utf-8")
    event = load_checked(tmp_path / "content").events[0]
    return section_views(event, event_results(event))[0]


def test_the_section_up_to_round_n_holds_no_later_round(played) -> None:
    data = played
    assert data.section.rounds and data.standings
    view = data.upto_round(0)
    assert view.section.rounds == () and view.records.rounds == 0 and dict(view.standings) == {}
    assert view.section.players == data.section.players and view.labels is data.labels
    assert view.settings.sections == () and view.event.slug == data.event.slug
    with pytest.raises(LookupError):
        view.main_points(1)  # what the results say of a later round is refused
    with pytest.raises(LookupError):
        view.ratings_after(1)
    assert data.upto_round(1).standings.keys() == {1} and data.upto_round(0) is view  # one per round


MAKERS = '''
from site_builder.model import Round
from site_builder.views.section import SectionData, SectionUpto, upto


def reads_the_results(view: SectionUpto, n: int) -> object:
    return view.results.section


def reads_what_it_holds(view: SectionUpto, n: int) -> object:
    return view.settings.name, view.section.rounds, view.standings[n], view.records.rounds


def takes_the_whole_data(data: SectionData, n: int) -> object:
    return data.section


def make(data: SectionData, n: int) -> None:
    upto(data, n, reads_what_it_holds, n)
    upto(data, n, takes_the_whole_data, n)
'''


def test_a_maker_that_reads_later_data_fails_at_type_check_time(tmp_path: Path) -> None:
    makers = tmp_path / "makers.py"
    makers.write_text(MAKERS, encoding="utf-8")
    out, _, status = api.run([str(makers), "--config-file", str(ROOT / "pyproject.toml"),
                              "--cache-dir", str(ROOT / ".mypy_cache"), "--no-error-summary"])
    errors = [line.split(": error: ")[1] for line in out.splitlines() if ": error: " in line]
    assert status == 1
    assert errors == [
        '"_ResultsUpto" has no attribute "section"  [attr-defined]',
        'Argument 3 to "upto" has incompatible type "Callable[[SectionData, int], object]"; expected '
        '"Callable[[SectionUpto, int], object]"  [arg-type]',
    ]


class _Builds:
    """The page data of a four-player section (round 1 played) as successive builds make it: each
    with a new digester and the same store, written after each build."""

    def __init__(self, tmp_path: Path, small_event) -> None:
        from site_builder.cache.store import Store

        event_dir = small_event(tmp_path / "content" / "cup")
        self.content, self.round_file = tmp_path / "content", event_dir / "open" / "rounds" / "01.yaml"
        self.store = Store(tmp_path / "cache")
        self.result("1-0")

    def result(self, result: str) -> None:
        """The first game's result, whatever it was."""
        text = self.round_file.read_text(encoding="utf-8")
        self.round_file.write_text(re.sub(r'"(\?|1-0|0-1)"', f'"{result}"', text, count=1), encoding="utf-8")

    def data(self):
        from site_builder.cache.digest import Digester
        from site_builder.cache.store import BuildCache

        self.store.finish(succeeded=True)  # the previous build's values, written
        event = load_checked(self.content, self.store).events[0]
        return section_views(event, event_results(event, BuildCache(self.store, Digester())))[0]


def _counted(monkeypatch: pytest.MonkeyPatch, module, name: str) -> list:
    """The calls of `module.name` from now on."""
    calls: list = []
    original = getattr(module, name)
    monkeypatch.setattr(module, name, lambda *args: calls.append(args) or original(*args))
    return calls


def test_a_crosstable_is_made_of_cells_memoized_between_builds(tmp_path: Path, small_event,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """The next build's crosstable reads its cells from the store (none is made again) and is equal,
    under the same key; a changed result of the round gives it another key."""
    from site_builder.views import crosstable as module

    builds = _Builds(tmp_path, small_event)

    def table() -> dict:
        data = builds.data()
        return module.crosstable(data, data.standings[1])

    first = table()
    made = _counted(monkeypatch, module, "_entry_text")
    again = table()
    assert not made and again == first and again.key == first.key
    assert first["rows"][0]["cells"]  # a played round: its cells shown
    builds.result("0-1")
    changed = table()
    assert made and changed.key != first.key and changed != first


def test_player_cards_are_memoized_between_builds_until_the_section_changes(
        tmp_path: Path, small_event, monkeypatch: pytest.MonkeyPatch) -> None:
    """The next build takes every card from the store; a changed result makes them all again."""
    from site_builder.views import cards as module

    builds = _Builds(tmp_path, small_event)

    def cards() -> dict:
        data = builds.data()
        deferred = module.player_cards(data, data.section.players)
        return {number: card.value for number, card in deferred.items()}

    first = cards()
    made = _counted(monkeypatch, module, "player_card")
    assert cards() == first and not made
    builds.result("0-1")
    changed = cards()
    assert len(made) == 4 and changed != first  # every card made again, one of its games changed


def test_player_cards_are_neither_made_nor_loaded_while_their_section_is_unchanged(
        tmp_path: Path, small_event, monkeypatch: pytest.MonkeyPatch) -> None:
    """A new process building an unchanged section keys every card as the build before did, without
    making or loading one (their pages are taken over); after a changed result, a card keeps its key
    exactly when it is unchanged."""
    from site_builder.cache.store import Store
    from site_builder.views import cards as module

    builds = _Builds(tmp_path, small_event)

    def cards() -> dict:
        data = builds.data()
        return module.player_cards(data, data.section.players)

    first = cards()
    values = {number: card.value for number, card in first.items()}
    builds.store.finish(succeeded=True)
    builds.store = Store(tmp_path / "cache")  # a new process: nothing in memory
    made = _counted(monkeypatch, module, "player_card")
    again = cards()
    assert {n: c.key for n, c in again.items()} == {n: c.key for n, c in first.items()} and not made
    loaded = [value for value in builds.store.memory.values()
              if isinstance(value, dict) and any(isinstance(card, dict) and "games" in card
                                                 for card in value.values())]
    assert not loaded  # the cards' keys were read, not the cards
    assert {n: c.value for n, c in again.items()} == values and not made  # read when a page needs them
    builds.result("0-1")
    changed = cards()
    assert all((changed[n].key == first[n].key) == (changed[n].value == values[n]) for n in values)
    assert any(changed[n].value != values[n] for n in values)
