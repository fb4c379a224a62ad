"""Shared fixtures: the example content built once per test session."""

from __future__ import annotations

from pathlib import Path

import pytest

from site_builder.build import build_site

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "content"


@pytest.fixture(scope="session")
def example_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The example content built with PDFs into a temporary output directory."""
    output = tmp_path_factory.mktemp("site") / "output"
    build_site(EXAMPLE, output, pdf=True)
    return output
