"""TRF-2026's encoded starting-rank method (172): the federation of the National Rating Support
records in columns 5-7 and how the start ranks were ordered in 9-13. The content numbers players by
the file's start ranks whatever the method, so the record is checked and kept for export as written.
"""

from __future__ import annotations

from site_builder.trf.fields import RecordReader, text_at

METHODS = ("FIDE", "NRO", "FIDON", "NIDOF", "HBFN", "LBFN", "OTHER")
HINT = "172: a federation in columns 5-7 and a method in 9-13: FIDE, NRO, FIDON, NIDOF, HBFN, LBFN or " \
       "OTHER, e.g. '172 NOR FIDON'"


def check_rank_method(line: str, number: int, reader: RecordReader) -> None:
    """Report a malformed 172 record; a bare method (no federation, as files written before TRF-2026
    added it carry) is read with a warning."""
    words = line[4:].split()
    if len(words) == 1 and words[0] in METHODS:
        reader.warn(number, 5, f"172: the method {words[0]} without the federation of the rating list "
                    "(as written before TRF-2026 added it)")
        return
    federation, method = text_at(line, 5, 7), text_at(line, 9, 13).strip()
    if not (federation.isalpha() and federation.isupper()) or text_at(line, 8, 8) != " ":
        reader.error(number, 5, f"172: columns 5-7 give a federation's 3-letter code, found {federation!r}",
                     HINT)
    elif method not in METHODS or line[13:].strip():
        reader.error(number, 9, f"172: unknown starting-rank method {line[8:].strip()!r}", HINT)
