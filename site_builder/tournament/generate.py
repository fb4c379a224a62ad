"""`bulletin generate`: a random tournament (`generator.py`) written as a TRF-2026 file
(`-o NAME.trf`, chess), an OpenGotha tournament file (`-o NAME.xml`, go) or a content folder
(`-o FOLDER`, every system)."""

from __future__ import annotations

from pathlib import Path

from site_builder.errors import ContentError
from site_builder.opengotha.write import export_opengotha
from site_builder.systems import SYSTEMS
from site_builder.tournament.generator import Generated, GenerateError, Spec, generate, profiles
from site_builder.trf.names import trf_capability
from site_builder.trf.write import ExportError, export_trf

#: The file names `-o` takes as one file rather than a folder, by the format they are written in.
TRF_SUFFIXES, GOTHA_SUFFIXES = (".trf", ".txt"), (".xml",)


def trf_text(generated: Generated) -> str:
    """The generated tournament as a TRF-2026 file."""
    try:
        return export_trf(generated.event, generated.section, "2026")
    except (ExportError, ContentError) as error:  # ContentError: a value too wide for its TRF field
        raise GenerateError(f"{error}; write a content folder instead (-o FOLDER)") from None


def gotha_text(generated: Generated) -> str:
    """The generated go tournament as an OpenGotha tournament file."""
    return export_opengotha(generated.event, generated.section)


def write_generated(spec: Spec, output: Path) -> list[Path]:
    """Generate the tournament of `spec` and write it to `output`: a TRF file when its name ends in
    `.trf` (or `.txt`), an OpenGotha file when it ends in `.xml` (go), else a content folder (which
    must be empty or absent). Returns the files."""
    suffix = output.suffix.lower()
    is_trf, is_gotha = suffix in TRF_SUFFIXES, suffix in GOTHA_SUFFIXES
    if not (is_trf or is_gotha) and output.exists() and (not output.is_dir() or any(output.iterdir())):
        raise GenerateError(f"{output} is not an empty folder; choose a new one")
    system, profile = SYSTEMS.get(spec.system), profiles().get(spec.system)
    go = profile is not None and profile.go
    if is_trf and go:
        raise GenerateError(f"TRF is FIDE's format for chess; write a {spec.system} tournament as an "
                            "OpenGotha file (-o NAME.xml) or a content folder (-o FOLDER)")
    if is_trf and system is not None and trf_capability(system) is None:
        raise GenerateError(f"TRF holds individual games, one per round, not a {spec.system} tournament; "
                            "write a content folder instead (-o FOLDER)")
    if is_gotha and profile is not None and not go:
        raise GenerateError(f"an OpenGotha file holds a go tournament (mcmahon, go-swiss), not a "
                            f"{spec.system} one; write a TRF file (-o NAME.trf) or a content folder "
                            "(-o FOLDER)")
    generated = generate(spec)
    if is_trf or is_gotha:
        output.parent.mkdir(parents=True, exist_ok=True)
        output.write_text(trf_text(generated) if is_trf else gotha_text(generated), encoding="utf-8")
        return [output]
    written = []
    for relative, text in sorted(generated.files.items()):
        path = output / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        written.append(path)
    return written
