"""What the machine must have for PDF bulletins, checked before WeasyPrint is imported.

WeasyPrint loads pango, pangoft2, fontconfig and HarfBuzz from the system when it is imported; a
missing library ends in a traceback deep inside it. These checks find the same libraries first and
name the Debian package that provides each, so a command can stop with one line instead.
"""

from __future__ import annotations

import ctypes
import os
import shutil
import subprocess
import sys
from dataclasses import dataclass

#: Shared libraries WeasyPrint loads: (what it is, soname, Debian package).
LIBRARIES = (
    ("GLib objects", "libgobject-2.0.so.0", "libglib2.0-0"),
    ("pango", "libpango-1.0.so.0", "libpango-1.0-0"),
    ("pangoft2", "libpangoft2-1.0.so.0", "libpangoft2-1.0-0"),
    ("fontconfig", "libfontconfig.so.1", "libfontconfig1"),
    ("HarfBuzz", "libharfbuzz.so.0", "libharfbuzz0b"),
)
#: HarfBuzz's subsetter: without it, WeasyPrint subsets fonts with fontTools, far slower.
SUBSET = ("HarfBuzz subsetting", "libharfbuzz-subset.so.0", "libharfbuzz-subset0")
#: The families the print stylesheet names (site_builder/themes/default/static/print.css).
FONTS = ("Noto Sans CJK SC", "Noto Sans Mono CJK SC")
FONT_PACKAGE = "fonts-noto-cjk"


@dataclass(frozen=True)
class Check:
    """One requirement: whether it is met, what was found, and the Debian package that provides it."""

    name: str
    ok: bool
    found: str
    package: str = ""


def library(name: str, soname: str, package: str) -> Check:
    """Whether the shared library `soname` loads."""
    try:
        ctypes.CDLL(soname)
    except OSError:
        return Check(name, False, f"{soname} not found", package)
    return Check(name, True, soname, package)


def fonts() -> Check:
    """Whether fontconfig finds the print fonts (asks `fc-list`, which comes with fontconfig)."""
    fc_list = shutil.which("fc-list")
    if fc_list is None:
        return Check("Noto CJK fonts", False, "fc-list not found", f"fontconfig {FONT_PACKAGE}")
    missing = []
    for family in FONTS:
        out = subprocess.run([fc_list, f":family={family}", "family"], capture_output=True, text=True,
                             check=False).stdout
        if not out.strip():
            missing.append(family)
    if missing:
        return Check("Noto CJK fonts", False, f"{', '.join(missing)} not found", FONT_PACKAGE)
    return Check("Noto CJK fonts", True, ", ".join(FONTS), FONT_PACKAGE)


def weasyprint() -> Check:
    """Whether WeasyPrint imports (only worth asking once its libraries load)."""
    try:
        import weasyprint as module
    except (ImportError, OSError) as error:
        return Check("WeasyPrint", False, f"{type(error).__name__}: {error}".splitlines()[0])
    return Check("WeasyPrint", True, f"version {module.__version__}")


def python() -> Check:
    version = ".".join(map(str, sys.version_info[:3]))
    return Check("Python", sys.version_info >= (3, 11), f"{version} ({sys.executable})", "python3")


def pdf_checks() -> list[Check]:
    """What PDF bulletins need, cheapest first; WeasyPrint is imported only when its libraries load."""
    checks = [library(*entry) for entry in LIBRARIES]
    checks.append(fonts())
    if all(c.ok for c in checks):
        checks.append(weasyprint())
    return checks


def all_checks() -> list[Check]:
    """Everything `bulletin doctor` reports."""
    return [python(), *pdf_checks(), library(*SUBSET)]


def install_line(checks: list[Check], root: bool | None = None) -> str:
    """The apt-get command that installs the packages of the failed checks (with sudo unless root).

    >>> install_line([Check("pango", False, "", "libpango-1.0-0"), Check("fonts", True, "", "x")], root=False)
    'sudo apt-get install libpango-1.0-0'
    """
    packages = dict.fromkeys(p for c in checks if not c.ok for p in c.package.split())
    if not packages:
        return ""
    root = os.geteuid() == 0 if root is None else root
    return f"{'' if root else 'sudo '}apt-get install {' '.join(packages)}"


def missing_for_pdf() -> str:
    """One line naming what PDF bulletins lack and how to install it, or "" when nothing is missing."""
    failed = [c for c in pdf_checks() if not c.ok]
    if not failed:
        return ""
    what = ", ".join(f"{c.name} ({c.found})" for c in failed)
    fix = install_line(failed)
    remedy = f"install with '{fix}'" if fix else "reinstall the tool with pip"
    return (f"PDF bulletins need {what} (hint: {remedy}, or build with --no-pdf; "
            "'bulletin doctor' checks it all)")
