"""What an arbiter pins on the wall: every bulletin dated (event dates, venue, the round's date),
the last round headed as such with the final standings, and a line for the chief arbiter's
signature; result slips have their own signature lines instead."""

from __future__ import annotations

import subprocess
from pathlib import Path


def _text(pdf: Path) -> str:
    return subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True,
                          check=True).stdout


def test_a_bulletin_carries_its_dates_and_the_signature_line(example_site: Path) -> None:
    text = _text(example_site / "2017-xiangqi-national/women/bulletin-round-01.pdf")
    assert "2017-10-24 – 2017-11-01" in text  # content/2017-xiangqi-national/event.yaml dates
    assert "裁判长签字：裁判委员会" in text and "日期：" in text


def test_the_last_round_is_headed_as_final(example_site: Path) -> None:
    """The women's section plays 9 rounds (content/2017-xiangqi-national-full/event.yaml)."""
    text = _text(example_site / "2017-xiangqi-national-full/women/bulletin-round-09.pdf")
    assert "第 9 轮（最后一轮）" in text and "女子组 · 最终名次" in text
    earlier = _text(example_site / "2017-xiangqi-national-full/women/bulletin-round-08.pdf")
    assert "最后一轮" not in earlier and "第 8 轮后名次" in earlier


def test_english_bulletins_bracket_in_english(example_site: Path) -> None:
    text = _text(example_site / "2024-gomoku-open/en/open/bulletin-round-07.pdf")
    assert "Round 7 (final)" in text and "（" not in text


def test_with_a_base_url_a_bulletin_carries_a_qr_code_of_its_round_page(tmp_path: Path, small_event) -> None:
    """Decoded from the rendered page by an independent reader (zxing-cpp); without a base URL there is
    no code, since a relative address means nothing on paper."""
    import zxingcpp
    from PIL import Image

    from site_builder.build import build_site

    content = small_event(tmp_path / "cup")
    for base_url, expected in (("https://example.org/b/", ["https://example.org/b/cup/open/round-01.html"]),
                               ("", [])):
        output = tmp_path / f"out{len(expected)}"
        build_site(content, output, pdf=True, base_url=base_url)
        [pdf] = output.rglob("bulletin-round-01.pdf")
        subprocess.run(["pdftoppm", "-r", "150", "-png", "-f", "1", "-l", "1", str(pdf),
                        str(tmp_path / "page")], check=True)
        codes = zxingcpp.read_barcodes(Image.open(tmp_path / "page-1.png"))
        assert [code.text for code in codes] == expected
        assert ("Scan for the web" in _text(pdf)) == bool(expected)
