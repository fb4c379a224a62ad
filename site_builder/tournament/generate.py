"""`bulletin generate`: a random tournament (`random_tournament.py`) written as a TRF-2026 file
(`-o NAME.trf`) or as a content folder (`-o FOLDER`)."""

from __future__ import annotations

from pathlib import Path

from site_builder.systems import SYSTEMS
from site_builder.tournament.generator import Generated, GenerateError, Spec, generate
from site_builder.trf.write import ExportError, export_trf


def trf_text(generated: Generated) -> str:
    """The generated tournament as a TRF-2026 file."""
    try:
        return export_trf(generated.event, generated.section, "2026")
    except ExportError as error:
        raise GenerateError(f"{error}; write a content folder instead (-o FOLDER)") from None


def write_generated(spec: Spec, output: Path) -> list[Path]:
    """Generate the tournament of `spec` and write it to `output`: a TRF file when its name ends in
    `.trf` (or `.txt`), else a content folder (which must be empty or absent). Returns the files."""
    is_file = output.suffix.lower() in (".trf", ".txt")
    if not is_file and output.exists() and (not output.is_dir() or any(output.iterdir())):
        raise GenerateError(f"{output} is not an empty folder; choose a new one")
    system = SYSTEMS.get(spec.system)  # type: ignore[call-overload]
    if is_file and system is not None and (system.teams or not system.trf_export):
        raise GenerateError(f"TRF holds individual games, one per round, not a {spec.system} tournament; "
                            "write a content folder instead (-o FOLDER)")
    generated = generate(spec)
    if is_file:
        output.parent.mkdir(parents=True, exist_ok=True)
        output.write_text(trf_text(generated), encoding="utf-8")
        return [output]
    written = []
    for relative, text in sorted(generated.files.items()):
        path = output / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        written.append(path)
    return written
