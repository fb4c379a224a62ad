"""Typed, located reading of YAML mappings: each wrong field becomes one `Problem`."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from fractions import Fraction
from typing import Any, TypeVar, cast

from site_builder.content.yamlsource import LList, LMap, suggest
from site_builder.errors import Location, Problems

Word = TypeVar("Word", bound=str)  # one of the words a field chooses from (often a `Literal` type)
Fallback = TypeVar("Fallback", bound=Fraction | None)  # a number's default


_TYPE_NAMES = {
    str: "text",
    int: "a whole number",
    bool: "true or false",
    LMap: "a mapping (key: value lines)",
    LList: "a list",
}


def type_name(value: Any) -> str:
    """How a YAML value's type is named in messages."""
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, int):
        return f"the number {value}"
    if isinstance(value, float):
        return f"the number {value}"
    if isinstance(value, LMap | dict):
        return "a mapping"
    if isinstance(value, LList | list):
        return "a list"
    if isinstance(value, dt.date):
        return f"the date {value}"
    return f"text {str(value)!r}"


class MapReader:
    """Reads fields of one YAML mapping, reporting unknown keys and wrong types."""

    def __init__(
        self,
        data: Any,
        loc: Location,
        problems: Problems,
        what: str,
        allowed: Iterable[str],
    ) -> None:
        self.problems = problems
        self.what = what
        if not isinstance(data, LMap):
            if data is not None:
                problems.add(
                    getattr(data, "loc", loc),
                    f"{what} must be a mapping, found {type_name(data)}",
                    "write one 'key: value' per line",
                )
            data = LMap()
            data.loc, data.key_locs, data.value_locs = loc, {}, {}
        self.data: LMap = data
        allowed = list(allowed)
        for key in data:
            if key not in allowed:
                problems.add(
                    data.key_locs[key],
                    f"unknown field {key!r} in {what}",
                    suggest(str(key), allowed),
                )

    def has(self, key: str) -> bool:
        return key in self.data and self.data[key] is not None

    def at(self, key: str) -> Location:
        return self.data.at(key)

    def key_at(self, key: str) -> Location:
        """Where `key` is written (its value's location is `at`), or the mapping's when it is absent."""
        return self.data.key_locs.get(key, self.data.loc)

    def raw(self, key: str) -> Any:
        return self.data.get(key)

    def _missing(self, key: str, hint: str) -> None:
        self.problems.add(self.data.loc, f"{self.what} is missing the field {key!r}", hint)

    def _wrong(self, key: str, expected: str, hint: str = "") -> None:
        value = self.data[key]
        self.problems.add(
            self.at(key), f"{key!r} must be {expected}, found {type_name(value)}", hint
        )

    def text(self, key: str, required: bool = False, default: str = "", hint: str = "") -> str:
        if not self.has(key):
            if required:
                self._missing(key, hint or f"add '{key}: ...'")
            return default
        value = self.data[key]
        if isinstance(value, bool | LMap | LList | dt.date):
            self._wrong(key, "text", "quote it")
            return default
        return str(value).strip()

    def texts(self, key: str, language: str, languages: Iterable[str], what: str,
              default: str = "", whose: str = "the event's") -> tuple[str, dict[str, str]]:
        """`key: 女子组`, or one text per language `key: {zh: 女子组, en: Women}` (`language`, the
        event's or `whose`, among them): the text in `language`, and the texts in the others."""
        raw = self.raw(key)
        if not isinstance(raw, LMap):
            return self.text(key) or default, {}
        texts = {}
        for code, text in raw.items():
            if code not in languages:
                self.problems.add(raw.key_locs[code], f"unknown language {code!r} in {what}",
                                  f"give it per language: {', '.join(languages)}")
            elif isinstance(text, str | int) and str(text).strip():
                texts[code] = str(text).strip()
            else:
                self.problems.add(raw.at(code), f"the {code} text of {what} is empty or not text",
                                  "write it as text")
        if language not in texts:
            self.problems.add(self.at(key), f"{what} in {whose} language ({language}) is missing",
                              f"add '{language}: …' to it")
        return texts.get(language, default), {code: t for code, t in texts.items() if code != language}

    def integer(
        self, key: str, required: bool = False, default: int | None = None, minimum: int = 0,
        maximum: int | None = None,
    ) -> int | None:
        """A whole number from `minimum` to `maximum` (None: no bound); `default` when it is absent
        or wrong (reported)."""
        if not self.has(key):
            if required:
                self._missing(key, f"add '{key}: <number>'")
            return default
        value = self.data[key]
        if isinstance(value, bool) or not isinstance(value, int):
            self._wrong(key, "a whole number", f"write e.g. '{key}: {max(minimum, 1)}'")
            return default
        if value < minimum:
            self.problems.add(self.at(key), f"{key!r} must be at least {minimum}, found {value}",
                              f"write a whole number of at least {minimum}")
            return default
        if maximum is not None and value > maximum:
            self.problems.add(self.at(key), f"{key!r} must be at most {maximum}, found {value}",
                              f"write a whole number from {minimum} to {maximum}")
            return default
        return value

    def number(self, key: str, default: Fallback) -> Fraction | Fallback:
        if not self.has(key):
            return default
        value = self.data[key]
        number = to_fraction(value)
        if number is None:
            self._wrong(key, "a number", "write e.g. 1 or 0.5")
            return default
        return number

    def boolean(self, key: str, default: bool) -> bool:
        if not self.has(key):
            return default
        value = self.data[key]
        if not isinstance(value, bool):
            self._wrong(key, "true or false", f"write '{key}: true' or '{key}: false'")
            return default
        return value

    def choice(self, key: str, choices: Iterable[Word], default: Word) -> Word:
        options: list[str] = list(choices)
        if not self.has(key):
            return default
        value = self.data[key]
        if not isinstance(value, str) or value not in options:
            self.problems.add(
                self.at(key), f"{key!r} must be one of {', '.join(options)}, found {type_name(value)}",
                suggest(str(value), options),
            )
            return default
        return cast(Word, value)  # one of `choices`

    def date(self, key: str) -> dt.date | None:
        if not self.has(key):
            return None
        day = parse_date(self.data[key])
        if day is None:
            self._wrong(key, "a date (YYYY-MM-DD)", f"write e.g. '{key}: 2017-10-24'")
        return day

    def sequence(self, key: str) -> LList:
        """A list field; a single scalar is accepted as a one-item list."""
        if not self.has(key):
            empty = LList()
            empty.loc, empty.item_locs = self.at(key), []
            return empty
        value = self.data[key]
        if isinstance(value, LList):
            return value
        if isinstance(value, LMap):
            self._wrong(key, "a list", "write one '- item' per line")
            empty = LList()
            empty.loc, empty.item_locs = self.at(key), []
            return empty
        single = LList([value])
        single.loc, single.item_locs = self.at(key), [self.at(key)]
        return single

    def mapping(self, key: str) -> LMap | None:
        if not self.has(key):
            return None
        value = self.data[key]
        if not isinstance(value, LMap):
            self._wrong(key, "a mapping", "write one 'key: value' per line, indented")
            return None
        return value

    def strings(self, key: str) -> tuple[str, ...]:
        items = self.sequence(key)
        out = []
        for i, item in enumerate(items):
            if isinstance(item, LMap | LList) or item is None:
                self.problems.add(items.at(i), f"items of {key!r} must be text, found {type_name(item)}",
                                  "write each item as plain or quoted text")
            else:
                out.append(str(item))
        return tuple(out)


def to_fraction(value: Any) -> Fraction | None:
    """A YAML number (int, float or '1/2' text) as an exact fraction, or None."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return Fraction(value)
    if isinstance(value, float):
        return Fraction(str(value))
    if isinstance(value, str):
        try:
            return Fraction(value.strip().replace("½", "1/2"))
        except (ValueError, ZeroDivisionError):
            return None
    return None


def parse_date(value: Any) -> dt.date | None:
    """A YAML date, or an ISO date in text; None if it is not a date."""
    if isinstance(value, dt.datetime):
        return value.date()
    if isinstance(value, dt.date):
        return value
    if isinstance(value, str):
        try:
            return dt.date.fromisoformat(value.strip())
        except ValueError:
            return None
    return None
