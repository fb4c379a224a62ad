"""A pairing's notes are explained as data by the engine (`pairing/explain.py`: a catalogue key and
the values it names, no words) and put in words of a language by the views (`views/reasons.py`)."""

from __future__ import annotations

from site_builder.model import Player, Scoring, Section
from site_builder.pairing import Note, Pair, Pairing
from site_builder.pairing.explain import Reason, reasons
from site_builder.views.reasons import said

SECTION = Section(id="s", name="S", system="swiss-positional", rounds_planned=5, scoring=Scoring(),
                  tiebreaks=(), rounds=(),
                  players=tuple(Player(n, name) for n, name in ((1, "Ann"), (2, "Bo"), (3, "Cy"))))
PAIRING = Pairing(2, (Pair(1, 1, 2),), (3,), notes=(
    Note("bye", (3,)), Note("float", (1, 2)), Note("lot", (), "final"), Note("unheard-of", (3,))))


def test_the_engine_gives_keys_and_values() -> None:
    found = reasons(SECTION, PAIRING)
    assert [r.key for r in found] == ["note.bye", "note.float", "note.lot", "note.unheard-of"]
    assert dict(found[1].values)["a"] == "Ann (#1)" and dict(found[1].values)["b"] == "Bo (#2)"
    assert found[2].worded == (("detail", "placement.final"),)  # a word of the catalogues, by its key
    assert all(isinstance(r, Reason) for r in found)


def test_the_views_put_them_in_words_of_each_language() -> None:
    found = reasons(SECTION, PAIRING)
    assert said(found, "en") == ["bye: Cy (#3)", "down-float: Ann (#1) meets Bo (#2) of a lower score group",
                                 "lot: Final", "unheard-of: Cy (#3)"]  # a note no catalogue knows: as it is
    assert said(found, "zh")[1:3] == ["下调：Ann (#1) 与低分组的 Bo (#2) 配对", "抽签：冠亚军决赛"]


def test_a_note_on_players_agrees_with_their_count() -> None:
    """A plural message of the catalogues (`Labels.plural`'s mechanism) takes its form by the count of
    the players the note names: one player withdrawn "loses", two "lose"; one form in Chinese."""
    one = reasons(SECTION, Pairing(4, (), notes=(Note("withdrawn", (3,)),)))
    two = reasons(SECTION, Pairing(4, (), notes=(Note("withdrawn", (2, 3)),)))
    assert said(one, "en") == ["withdrawn: Cy (#3) loses their scheduled games by forfeit"]
    assert said(two, "en") == ["withdrawn: Bo (#2), Cy (#3) lose their scheduled games by forfeit"]
    assert said(one, "zh") == ["已退赛：Cy (#3) 按日程的对局判负（弃权）"]
