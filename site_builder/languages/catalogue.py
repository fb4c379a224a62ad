"""What a language of the pages is: its labels and its typography, one `Catalogue` a language, read
from its gettext catalogue (`<code>.po`) through Babel."""

from __future__ import annotations

import contextlib
import hashlib
import io
import marshal
import os
import unicodedata
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from site_builder.errors import ContentError, Location, Problem


def folded(name: str) -> tuple[str, ...]:
    """A name's sort key with accents and case ignored ("Dvořák" among the D)."""
    decomposed = unicodedata.normalize("NFKD", name)
    return ("".join(c for c in decomposed if not unicodedata.combining(c)).casefold(),)


def pinyin(name: str) -> tuple[str, ...]:
    """A Chinese name by the pinyin of each character (the order of a Chinese dictionary: syllable,
    then tone); names are not the words of pypinyin's phrase dictionary, which takes most of its
    0.2 s of loading, so it is left out."""
    os.environ.setdefault("PYPINYIN_NO_PHRASES", "1")
    os.environ.setdefault("PYPINYIN_NO_DICT_COPY", "1")
    from pypinyin import Style, lazy_pinyin

    return tuple(lazy_pinyin(name, style=Style.TONE3, neutral_tone_with_five=True,
                             errors=lambda text: list(folded(text))))  # type: ignore[arg-type, return-value]  # pypinyin takes a list


#: The orders of a list by name a catalogue may choose (`language.name_order`).
NAME_ORDERS: dict[str, Callable[[str], tuple[str, ...]]] = {"folded": folded, "pinyin": pinyin}

#: The messages that set how a language writes, not a label (`language.*`), with their defaults.
SETTINGS = {"language.bracket_open": " (", "language.bracket_close": ")", "language.name_order": "folded",
            "language.padded_names": "no", "language.seed_lists": "no", "language.notation": "en",
            "language.file_encodings": "", "language.script": "latin", "language.pinyin_keys": "yes"}
#: CLDR's plural categories in the order a gettext catalogue lists its plural forms.
PLURAL_CATEGORIES = ("zero", "one", "two", "few", "many", "other")


class CatalogueError(ContentError):
    """A catalogue file that cannot be read or lacks a message: `file:line:column: message (hint: …)`."""

    def __init__(self, path: Path, line: int, message: str, hint: str) -> None:
        super().__init__([Problem(Location(path, line), message, hint)])


@dataclass(frozen=True)
class Catalogue:
    """One language of the pages: every word they show in it, and how it writes them."""

    code: str  # as the content names it (`language: ja`): the catalogue file's name
    tag: str  # BCP 47, for `lang=` and the feed's `xml:lang`: zh-CN, en, ja (the file's `Language:`)
    labels: Mapping[str, str]  # key → text, `{n}`-style fields formatted by `Labels`
    tiebreaks: Mapping[str, tuple[str, str]]  # tiebreak id → (column heading, full name)
    brackets: tuple[str, str] = (" (", ")")  # around a remark: " (final)", "（决赛）"
    padded_names: bool = False  # two-character CJK names padded to three (孙　文), as in seed 004
    seed_lists: bool = False  # a regulation's own round lists printed as it does: (0.0), (轮空)
    name_key: Callable[[str], tuple[str, ...]] = folded  # the order of a list by name
    notation: str = "en"  # which of a game record's notations its pages print (`Ply.notation`)
    script: str = "latin"  # the script its words are written in: han (Han characters, kana) | latin
    #: whether the search finds a Han name by its pinyin too (not in Japanese, which reads kanji names
    #: otherwise: pinyin would be words its readers never type)
    pinyin_keys: bool = True
    #: The encodings other than UTF-8 that the organizers' lists in this language are saved in, which
    #: `bulletin import players` reads an event's list in when it is not UTF-8 (zh: GB18030, which holds
    #: GBK, what Excel saves on a Chinese Windows); none: a list that is not UTF-8 is refused.
    file_encodings: tuple[str, ...] = ()
    #: key → the text's plural forms (`msgid_plural`), in CLDR's order of the language's categories
    plurals: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    #: CLDR's plural categories of the language, in the order of a plural message's forms
    plural_categories: tuple[str, ...] = ("other",)

    def plural(self, key: str, count: int) -> str:
        """The form of the plural message `key` for `count` by CLDR's rule of the language ("1 result",
        "2 results"; one form in Chinese and Japanese)."""
        from babel import Locale

        forms, category = self.plurals[key], Locale.parse(self.tag, sep="-").plural_form(count)
        return forms[min(self.plural_categories.index(category), len(forms) - 1)]

    def formatted(self, key: str, values: Mapping[str, object]) -> str:
        """The message `key` filled with `values`; a plural message (`msgid_plural`) in the form for
        the count its value `n` gives ("has 2 upfloaters where 1 suffices")."""
        text = self.plural(key, int(str(values["n"]))) if key in self.plurals else self.labels[key]
        return text.format(**values)


def read(path: Path) -> Catalogue:
    """The catalogue of the language `path` holds (`<code>.po`): Babel reads the file once, its
    messages are kept compiled (`__pycache__/<code>.<digest>.marshal` beside it, where it can be
    written) for the next start."""
    data = path.read_bytes()
    compiled = path.parent / "__pycache__" / f"{path.stem}.{hashlib.sha256(data).hexdigest()[:16]}.marshal"
    try:
        messages = marshal.loads(compiled.read_bytes())
    except (OSError, ValueError, EOFError, TypeError):
        messages = _parsed(path, data)
        with contextlib.suppress(OSError):
            _keep(compiled, marshal.dumps(messages), f"{path.stem}.*.marshal")
    return _catalogue(path, *messages)


def _keep(compiled: Path, data: bytes, pattern: str) -> None:
    """Write a compiled catalogue whole (another process reads the old one or the new one, never a
    part), removing the catalogue's older ones."""
    compiled.parent.mkdir(exist_ok=True)
    for stale in compiled.parent.glob(pattern):
        stale.unlink(missing_ok=True)
    partial = compiled.with_name(f"{compiled.name}.{os.getpid()}.part")
    partial.write_bytes(data)
    os.replace(partial, compiled)


Messages = tuple[str, dict[str, str], dict[str, tuple[str, ...]], tuple[str, ...]]


def _parsed(path: Path, data: bytes) -> Messages:
    """A catalogue file's tag, texts, plural texts and CLDR plural categories, as Babel reads them."""
    from babel import Locale, UnknownLocaleError
    from babel.messages.pofile import PoFileError, read_po

    try:
        po = read_po(io.BytesIO(data), abort_invalid=True)
    except (PoFileError, UnicodeDecodeError) as error:
        line = getattr(error, "lineno", 0) + 1  # Babel counts from 0
        raise CatalogueError(path, line, str(error), "check the file with msgfmt -c") from None
    identifier = po.locale_identifier
    try:
        rule = Locale.parse(identifier).plural_form if identifier else None
    except (ValueError, UnknownLocaleError):
        rule = None
    if rule is None or not identifier:
        raise CatalogueError(path, 1, f"no language CLDR knows in the header's Language: {identifier!r}",
                             'its BCP 47 tag, e.g. "Language: en\\n"')
    order = next((m for m in po if m.id == "language.name_order"), None)
    if order is not None and order.string not in NAME_ORDERS:
        raise CatalogueError(path, order.lineno or 1, f"unknown language.name_order {order.string!r}",
                             f"one of {', '.join(NAME_ORDERS)}")
    texts = {m.id: m.string for m in po if m.id and isinstance(m.id, str) and isinstance(m.string, str)}
    plurals = {str(m.id[0]): tuple(m.string) for m in po
               if isinstance(m.id, tuple | list) and isinstance(m.string, tuple | list)}
    categories = tuple(c for c in PLURAL_CATEGORIES if c in rule.tags or c == "other")
    return identifier.replace("_", "-"), texts, plurals, categories


def _catalogue(path: Path, tag: str, texts: dict[str, str], plurals: dict[str, tuple[str, ...]],
               categories: tuple[str, ...]) -> Catalogue:
    """A `Catalogue` of the messages of one file: its settings, its tiebreaks' and its other labels."""
    setting = {key: texts.pop(key, default) for key, default in SETTINGS.items()}
    tiebreaks = {key.removeprefix("tiebreak."): (texts.pop(key), texts.pop(key + ".name", ""))
                 for key in [k for k in texts if k.startswith("tiebreak.") and not k.endswith(".name")]}
    encodings = tuple(e.strip() for e in setting["language.file_encodings"].split(",") if e.strip())
    return Catalogue(
        code=path.stem, tag=tag, labels=texts, tiebreaks=tiebreaks,
        brackets=(setting["language.bracket_open"], setting["language.bracket_close"]),
        padded_names=setting["language.padded_names"] == "yes",
        seed_lists=setting["language.seed_lists"] == "yes",
        name_key=NAME_ORDERS[setting["language.name_order"]], notation=setting["language.notation"],
        script=setting["language.script"], pinyin_keys=setting["language.pinyin_keys"] == "yes",
        file_encodings=encodings, plurals=plurals,
        plural_categories=categories)
