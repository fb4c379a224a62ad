"""Names and fields as the go federations' files write them: in Latin-9 (`games.go_latin`), each
text those files cannot hold a located problem, every one of them said in one run."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from site_builder.errors import Location, Problems
from site_builder.games.go_latin import LATIN_NAME, latin9_form
from site_builder.games.registry import game_of
from site_builder.model import Event, Player

#: The language of the event's texts (`name: {zh: …, en: …}`) the federations' files take first.
FEDERATIONS_LANGUAGE = "en"
#: What each event text the files write is called, and how to give it in Latin letters.
EVENT_TEXTS = {"name": ("the event's name", "name: {zh: 2026 杭州围棋公开赛, en: Hangzhou Go Open 2026}"),
               "venue": ("the venue", "venue: {zh: 杭州棋院, en: Hangzhou Go Academy}"),
               "time_control": ("the time control", "time_control: {zh: 基本用时60分钟，5次30秒读秒, "
                                "en: 60 min + 5×30 s byo-yomi}")}


class ExportError(Exception):
    """What a go export cannot write at all (a one-line reason with a hint)."""


def refusal(event: Event) -> str:
    """Why the go federations' files cannot hold `event` ("" when they can): they hold go events, as
    OpenGotha's do."""
    if game_of(event.game).game_terms:
        return ""
    return (f"{event.slug} is a {event.game} event; the go federations' files hold go events, "
            "as OpenGotha's do")


def egf_name(name: str) -> str:
    """A name in the EGF's order, "Surname Given", from the content's "Surname, Given" (a name
    without a comma is kept as written).

    >>> egf_name("Dubois, Claire"), egf_name("de Vries, Anna"), egf_name("Sato Ken")
    ('Dubois Claire', 'de Vries Anna', 'Sato Ken')
    """
    surname, comma, given = name.partition(",")
    if not comma:
        return " ".join(name.split())
    return " ".join(f"{surname} {given}".split())


def federation_name(player: Player) -> str:
    """The name a federation's file gives `player`: their `latin_name:`, else their name."""
    return player.fields.get(LATIN_NAME, "").strip() or player.name


class Latin9Texts:
    """The texts of one go export of `event` as ISO-8859-15 holds them (`latin9_form`): each text
    of other letters (Chinese, Japanese …) is a located problem, and `check` raises them all
    together (a `ContentError`), so that one run says every one."""

    def __init__(self, event: Event) -> None:
        self.event = event
        self.problems = Problems()
        #: where a problem of no known place is said: the event's file
        self.event_file = event.files.locs.get("event.yaml") or Location(Path(event.slug) / "event.yaml")

    def text(self, text: str, what: str, where: Location | None,
             hint: str = "write it in Latin letters") -> str:
        """`text` as Latin-9 holds it; one it cannot hold is a problem at `where`, with `hint` ("")."""
        plain = latin9_form(text)
        if plain is None:
            self.problems.add(where or self.event_file, f"{what} ({text!r}) has letters the file's "
                              "encoding (ISO-8859-15) cannot hold", hint)
            return ""
        return plain

    def name(self, player: Player, order: Callable[[str], str] = egf_name) -> str:
        """`player`'s name for the federations (`federation_name`) in `order` (the EGF's by default);
        a name of other letters is a problem at its field, with the hint of `latin_name:`."""
        if player.fields.get(LATIN_NAME, "").strip():
            return self.text(order(federation_name(player)), f"the {LATIN_NAME} of player #{player.number}",
                             player.at(LATIN_NAME), "write it in Latin letters, as the player's federation "
                             "registers it, e.g. 'Li, Ming'")
        return self.text(order(player.name), f"the name of player #{player.number}", player.at("name"),
                         f"give the player a '{LATIN_NAME}:', the name in Latin letters as the player's "
                         f"federation registers it, e.g. '{LATIN_NAME}: \"Li, Ming\"'; the pages keep "
                         "the name")

    def event_source(self, key: str) -> str:
        """The event's text `key` (`EVENT_TEXTS`) the files take: its English one when the content
        gives one (`name: {zh: …, en: …}`), else its own."""
        texts = self.event.translations.texts.get(FEDERATIONS_LANGUAGE, {})
        return texts.get(key) or str(getattr(self.event, key))

    def event_text(self, key: str) -> str:
        """The event's text `key` (`event_source`) in Latin letters; one Latin-9 cannot hold is a
        problem at its line in event.yaml."""
        what, example = EVENT_TEXTS[key]
        locs = self.event.files.locs
        return self.text(self.event_source(key), what, locs.get(key), "give it in English too, "
                         f"as the federations' files write it; the pages keep it: '{example}'")

    def check(self) -> None:
        """Raise every problem found (`ContentError`), if any."""
        self.problems.raise_if_any()
