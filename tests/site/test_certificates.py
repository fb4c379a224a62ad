"""Certificates: one for every player the prize list distinguishes — a prize, an arbiters' award, a
level or a mark — and none for a withdrawn prize; the PDF holds real certificates, one per page,
A4 landscape, with the event, the award and a place for the chief arbiter's signature.

Expected from content/2025-club-open/event.yaml by hand: O'Brien, Sean wins no prize but reaches the
`Certificate` mark (2.5 points ≥ 2.5); Müller, Anna's prize is withdrawn by the arbiters."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

from pypdf import PdfReader

SECTION = "2025-club-open/open"


def _names(html: str) -> list[str]:
    return [n.replace("&#39;", "'") for n in re.findall(r'players/\d+\.html">([^<]+)</a>', html)]


def test_every_distinction_gets_a_certificate(example_site: Path) -> None:
    html = (example_site / SECTION / "certificates.html").read_text(encoding="utf-8")
    names = _names(html[html.index("<main"):])
    assert "O'Brien, Sean" in names and "Rossi, Marco" in names  # a mark; an arbiters' award
    assert "Müller, Anna" not in names
    assert names.index("Dubois, Claire") == 0  # in ranking order
    card = html[html.index("Dubois, Claire"):]
    assert "Gold" in card[:400] and "prize 1" in card[:400]


def test_the_pdf_is_one_landscape_certificate_per_page(example_site: Path) -> None:
    html = (example_site / SECTION / "certificates.html").read_text(encoding="utf-8")
    count = len(_names(html[html.index("<main"):]))
    pdf = example_site / SECTION / "certificates.pdf"
    reader = PdfReader(str(pdf))
    assert len(reader.pages) == count
    box = reader.pages[0].mediabox
    assert float(box.width) > float(box.height)  # landscape
    first = subprocess.run(["pdftotext", "-f", "1", "-l", "1", str(pdf), "-"], capture_output=True, text=True,
                           check=True).stdout
    for text in ("Riverside Club Open 2025", "Certificate", "Claire Dubois", "Gold", "Chief arbiter"):
        assert text in first, text  # the name as it addresses the person, not as lists sort it


def test_a_printed_certificate_names_shared_prizes_and_says_certificate_once(example_site: Path) -> None:
    """A prize pooled by the tied (places 2–3) is named so; a mark named like the heading
    ("Certificate") is not printed under it again."""
    pdf = example_site / SECTION / "certificates.pdf"
    pages = subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True,
                           check=True).stdout.split("\f")
    second = next(page for page in pages if "Piotr Kowalski" in page)
    assert "Overall · prizes 2–3" in second and second.count("Certificate") == 1


def test_a_theme_logo_heads_every_certificate(tmp_path: Path) -> None:
    """content/theme/static/logo.png (site.yaml `theme: theme`) appears once on each certificate page;
    without it the certificates have no image (the default theme has no logo)."""
    import shutil

    from PIL import Image

    from site_builder.build import build_site

    content = tmp_path / "content"
    shutil.copytree(Path(__file__).resolve().parents[2] / "content" / "2025-club-open",
                    content / "2025-club-open")
    (content / "theme" / "static").mkdir(parents=True)
    Image.new("RGB", (120, 60), (138, 109, 31)).save(content / "theme" / "static" / "logo.png")
    (content / "site.yaml").write_text("theme: theme\n", encoding="utf-8")
    build_site(content, tmp_path / "out", pdf=True)
    pdf = tmp_path / "out" / "2025-club-open" / "open" / "certificates.pdf"
    listed = subprocess.run(["pdfimages", "-list", str(pdf)], capture_output=True, text=True,
                            check=True).stdout.splitlines()[2:]
    pages = len(PdfReader(str(pdf)).pages)
    assert sorted(int(line.split()[0]) for line in listed) == list(range(1, pages + 1))
    assert all(line.split()[3:5] == ["120", "60"] for line in listed)
