"""The labels of one language as pages and exports use them (`Labels`): its catalogue
(`site_builder/languages/`) formatted, with the tiebreaks' FIDE C.07 names."""

from __future__ import annotations

import re
from collections.abc import Mapping

from site_builder.games.go_ranks import GoRank
from site_builder.games.registry import side
from site_builder.languages import catalogue
from site_builder.model import Tiebreak

#: Under `tiebreak_rules: fide`: (C.07 acronym, C.07 name, article) by id.
FIDE_TIEBREAK_LABELS: dict[str, tuple[str, str, str]] = {
    "opponent-score": ("BH", "Buchholz", "8.1"),
    "sonneborn-berger": ("SB", "Sonneborn-Berger", "9.1"),
    "direct-encounter": ("DE", "Direct encounter", "6"),
    "wins": ("WIN", "Number of wins", "7.1"),
    "wins-over-board": ("WON", "Number of games won", "7.2"),
    "second-games": ("BPG", "Number of games played with black", "7.3"),
    "second-wins": ("BWG", "Number of games won with black", "7.4"),
    "cumulative": ("PS", "Progressive score", "7.5"),
    "opponents-buchholz": ("AOB", "Average of opponents' Buchholz", "8.2"),
    "fore-buchholz": ("FB", "Fore Buchholz", "8.3"),
    "performance": ("TPR", "Tournament performance rating", "10.2"),
    "perfect-performance": ("PTP", "Perfect tournament performance", "10.3"),
    "opponents-performance": ("APRO", "Average performance rating of opponents", "10.4"),
    "opponents-perfect-performance": ("APPO", "Average perfect performance of opponents", "10.5"),
    "koya": ("KS", "Koya score", "9.2"),
    "opponents-rating": ("ARO", "Average rating of opponents", "10.1"),
}

#: A result's notation ending in its margin (go's `W+12`, `B+3.5`): what comes before, the whole
#: points and the half.
_MARGIN = re.compile(r"(\D*?)(\d+)(\.5)?")


def notation_key(detail: str) -> tuple[str, dict[str, int]]:
    """The catalogue key of a result's notation (`result.<game>.<key>`) and its fields: a margin is
    the field `n` (`W+12` → `W+n`, `B+3.5` → `B+n.5`), half a point its own key (`W+0.5`).

    >>> notation_key("B+R"), notation_key("W+12"), notation_key("B+3.5"), notation_key("W+0.5")
    (('B+R', {}), ('W+n', {'n': 12}), ('B+n.5', {'n': 3}), ('W+0.5', {}))
    """
    match = _MARGIN.fullmatch(detail)
    if match is None:
        return detail, {}
    whole, half = int(match[2]), match[3] or ""
    if half and whole == 0:
        return f"{match[1]}0.5", {}
    return f"{match[1]}n{half}", {"n": whole}


class Labels:
    """Labels of one language; `t("round", n=3)` formats, `t.side(game, second)` names a side."""

    def __init__(self, language: str) -> None:
        self.language = language
        self.catalogue = catalogue(language)
        self._labels = self.catalogue.labels

    @property
    def tag(self) -> str:
        """The language's BCP 47 tag, for `lang=` (zh-CN, en, ja)."""
        return self.catalogue.tag

    def __call__(self, key: str, **values: object) -> str:
        """The message `key` filled with `values`; a plural message in the form for the count `n`."""
        if key in self.catalogue.plurals:
            return self.catalogue.formatted(key, values)
        text = self._labels[key]
        return text.format(**values) if values else text

    def plural(self, key: str, n: int) -> str:
        """The plural message `key` for the count `n`, formatted with it ("1 rated game", "2 rated
        games"; one form in Chinese and Japanese)."""
        return self.catalogue.plural(key, n).format(n=n)

    def paren(self, text: str) -> str:
        """`text` in brackets as the language writes them: 决赛 → （决赛）, final → " (final)"."""
        opening, closing = self.catalogue.brackets
        return f"{opening}{text}{closing}"

    def __getattr__(self, key: str) -> str:
        try:
            return self._labels[key]
        except KeyError as exc:
            raise AttributeError(key) from exc

    def field(self, key: str) -> str:
        """The heading of a player field: its label, or the key as written in the player list."""
        return self._labels.get(key, key.replace("_", " "))

    def own_result(self, game: str, value: str, detail: str = "") -> str:
        """A game's own words for a result in this language: by the notation of its `detail` (go's
        `B+R`: 黑中盘胜, `W+3.5`: 白3目半勝ち), else by its `Outcome` value (go's jigo: 和棋, 持碁);
        "" where the catalogue has none (the game's notation serves every language)."""
        if detail:
            key, fields = notation_key(detail)
            text = self._labels.get(f"result.{game}.{key}")
            return text.format(**fields) if text else ""
        return self._labels.get(f"result.{game}.{value}", "")

    def rank_of(self, rank: GoRank) -> str:
        """A go rank as the language writes it: 5d, 5段; 3k, 3级, 3級; 2p, 职业2段."""
        if rank.pro:
            return self("go_rank.pro", n=rank.pro)
        return self("go_rank.kyu", n=-rank.value) if rank.value < 0 else self("go_rank.dan", n=rank.value + 1)

    def game_lines(self, prefix: str, game: str) -> list[str]:
        """The catalogue's lines `<prefix>.<game>.*` in their order (the legend under a go round:
        `round_legend.go.results` …); none where the game has none."""
        start = f"{prefix}.{game}."
        return [text for key, text in self._labels.items() if key.startswith(start)]

    def field_value(self, key: str, value: str) -> str:
        """A player field's value as shown: the codes the content format defines in words (the league's
        `team: main` is 一队), anything else as written."""
        return self._labels.get(f"field.{key}.{value}", value)

    def system(self, name: str, titles: Mapping[str, str]) -> str:
        """A pairing system's name on pages: the catalogue's `system.<name>`, else the `titles` its
        module gives by language (a system added outside the package), else its name."""
        return self._labels.get(f"system.{name}") or titles.get(self.language) or titles.get("en") or name

    def side(self, game: str, second: bool) -> str:
        """The first or `second` player's side in `game` (the catalogue's `game.<name>.first`,
        `.second`, else the game's own words): 红方, White, 先手…"""
        return side(self.language, game, second)

    def fide_tiebreak(self, tb: Tiebreak) -> tuple[str, str]:
        """(column heading, full name) of a tiebreak under FIDE C.07: `BH-C1`, `Buchholz Cut-1 (C.07 8.1)`."""
        if tb.id not in FIDE_TIEBREAK_LABELS:
            return self.tiebreak_of(tb)
        short, full, article = FIDE_TIEBREAK_LABELS[tb.id]
        cut, median = tb.option("cut", 0), tb.option("median", 0)
        drop = tb.option("drop_first", 0)
        modifier = f"M{median}" if median else f"C{cut}" if cut else f"C{drop}" if drop else ""
        if modifier:
            short += f"-{modifier}"
            full += f" {'Median' if median else 'Cut'}-{modifier[1:]}"
        return short, f"{full} (C.07 {article})"

    def tiebreak(self, tiebreak_id: str) -> tuple[str, str]:
        """(column heading, full name) of a tiebreak."""
        return self.catalogue.tiebreaks[tiebreak_id]

    def tiebreak_of(self, tb: Tiebreak) -> tuple[str, str]:
        """(column heading, full name) of a tiebreak as the chain has it: a go tiebreak's variant by
        its score (`sos` by MMS is SOSM), else its id's."""
        variant = f"{tb.id}/{tb.option('by')}"
        return self.catalogue.tiebreaks.get(variant) or self.tiebreak(tb.id)
