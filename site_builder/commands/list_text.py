"""How `bulletin import players` reads a list's bytes as text: as UTF-8, in the encoding `--encoding`
names, or in an encoding the event's language saves its lists in (GB18030 for a Chinese event).

Such a reading is a guess, taken only where it cannot be a file of another encoding: Windows-1252's
`Müller, Jörg` (the bytes 0xFC 0x6C, 0xF6 0x72) is valid GB18030 too, read as `M黮ler, J鰎g`, and
a reading that puts a CJK character inside a Latin word, made of a byte of a Latin letter, is refused.
"""

from __future__ import annotations

import codecs
import re
from pathlib import Path

from site_builder.content.yamlsource import byte_location


class ListRefused(Exception):
    """The list cannot be read or written (a one-line reason)."""


#: What to do with a file that is not UTF-8.
ENCODING_HINT = ("save the file as UTF-8, or name its encoding with --encoding: cp1252 is what Excel saves "
                 "on a Western European Windows, gbk on a Chinese one (in Excel, Save As 'CSV UTF-8')")

#: The letters of Han, Hangul and Kana (what a misread Latin letter becomes), and the Latin letters.
_CJK = ("\u1100-\u11ff\u3040-\u30ff\u3130-\u318f\u31f0-\u31ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af"
        "\uf900-\ufaff\uff66-\uff9f\U00020000-\U0003ffff")
_LATIN = "A-Za-z\u00aa\u00b5\u00ba\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u024f\u1e00-\u1eff"
_CJK_BESIDE_LATIN = re.compile(f"(?<=[{_LATIN}])[{_CJK}]|[{_CJK}](?=[{_LATIN}])")
_WORD = re.compile(r"\w+")


def codec_name(name: str) -> str:
    """The name Python gives the text encoding `name` (`latin-1` → `iso8859-1`); an unknown name, or
    a codec that is no text encoding (base64), is refused."""
    try:
        b"a".decode(name, errors="replace")  # empty bytes decode in any name
    except LookupError:
        raise ListRefused(f"--encoding {name}: no such text encoding (hint: name one Python knows: utf-8, "
                          "cp1252, latin-1, iso8859-15, gbk, gb18030, big5, shift_jis, utf-16 …)") from None
    return codecs.lookup(name).name


def decode_named(data: bytes, path: Path, codec: str) -> str:
    """`data` in the encoding `codec` (a `codec_name`), a byte-order mark dropped; a byte that is not
    of it is refused at its place."""
    try:
        text = data.decode(codec)
    except UnicodeDecodeError as error:
        before = data[:error.start].decode(codec, errors="replace")
        raise ListRefused(f"{text_place(before, len(before), path)}: byte 0x{data[error.start]:02x} here is "
                          f"not {codec} text (hint: name the encoding the file was saved in, or save it as "
                          "UTF-8)") from None
    return text.removeprefix("\ufeff")


def decode_guessed(data: bytes, path: Path, guesses: tuple[str, ...], refused: str) -> tuple[str, str]:
    """`data` as UTF-8 (with or without a byte-order mark), or else in the first of the encodings
    `guesses` that reads it with no CJK character inside a Latin word; and the encoding read. A file
    that is none of them is refused at its first byte that is not UTF-8, saying why the guesses were
    not taken (`refused`: why there are none)."""
    try:
        return data.decode("utf-8-sig"), "UTF-8"
    except UnicodeDecodeError as error:
        not_utf8 = error
    for codec in guesses:
        try:
            text = data.decode(codec)
        except UnicodeDecodeError:
            continue
        misread(text, path, codec)
        return text, codec
    what = f"neither UTF-8 nor {' nor '.join(guesses)} text" if guesses else f"not UTF-8 text, and {refused}"
    raise not_utf8_error(data, not_utf8, path, what, ENCODING_HINT)


def misread(text: str, path: Path, codec: str) -> None:
    """Refuse the reading `text` of a file in the guessed encoding `codec` when it puts a CJK
    character made of a Latin letter's byte inside a Latin word (`M黮ler`: 黮 is 0xFC 0x6C, Windows-1252's
    `ül`), or between two Latin letters: the file is in another encoding."""
    for found in _CJK_BESIDE_LATIN.finditer(text):
        at, letter = found.start(), found.group()
        inside = at > 0 and _is_latin(text[at - 1]) and at + 1 < len(text) and _is_latin(text[at + 1])
        if inside or any(byte < 0x80 for byte in letter.encode(codec)[1:]):
            word = next(w.group() for w in _WORD.finditer(text) if w.start() <= at < w.end())
            raise ListRefused(f"{text_place(text, at, path)}: not UTF-8, and read as {codec} it puts a CJK "
                              f"character inside the Latin word {word!r} (bytes "
                              f"{' '.join(f'0x{b:02x}' for b in letter.encode(codec))}): the file is in "
                              f"another encoding (hint: {ENCODING_HINT})")


def _is_latin(char: str) -> bool:
    return re.fullmatch(f"[{_LATIN}]", char) is not None


def not_utf8_error(data: bytes, error: UnicodeDecodeError, path: Path, what: str, hint: str) -> ListRefused:
    """The refusal of a file that is `what`, located at its first byte that is not UTF-8."""
    return ListRefused(f"{byte_location(data, error.start, path)}: {what}: byte 0x{data[error.start]:02x} "
                       f"here is not UTF-8 (hint: {hint})")


def text_place(text: str, index: int, path: Path) -> str:
    """`path:line:column` of the character at `index` of a file's `text`."""
    start = text.rfind("\n", 0, index) + 1
    return f"{path}:{text.count(chr(10), 0, index) + 1}:{index - start + 1}"
