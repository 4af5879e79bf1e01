"""Images in rules.md sized with {width=..} / {height=..}: printed at that size in the
booklet, shrunk to the column when too big, never wider than a handout column; a bad size
is a rules.md:LINE error (the corpus has one too)."""

from __future__ import annotations

import re
import shutil

import pytest
from PIL import Image
from pypdf import PdfReader

from conftest import ROOT, line_of, ppgen
from generator.units import MM

SIZED = """
![map](map.png "Forty wide"){width=40mm}

![map](map.png "Twenty high"){height=20mm}

![map](map.png "Half the column"){width=50%}

![map](map.png "Too wide"){width=400mm}
"""
TEXT_WIDTH = (148 - 15 - 14) * MM  # the A5 booklet's column (templates/styles.toml)


def drawn_images(path) -> list[tuple[float, float]]:
    """(width, height) in mm of every image drawn, page by page, in order."""
    found = []
    for page in PdfReader(path).pages:
        data = page.get_contents().get_data().decode("latin-1")
        for m in re.finditer(r"([\d.]+) 0 0 ([\d.]+) [\d.-]+ [\d.-]+ cm\s+/FormXob\S* Do", data):
            found.append((float(m.group(1)) / MM, float(m.group(2)) / MM))
    return found


@pytest.fixture(scope="module")
def pictured(tmp_path_factory):
    root = tmp_path_factory.mktemp("pictured")
    game = root / "coin-flip"
    shutil.copytree(ROOT / "examples" / "coin-flip", game)
    Image.new("RGB", (600, 300), "#3366AA").save(game / "map.png")  # 2:1
    with open(game / "rules.md", "a", encoding="utf-8") as rules:
        rules.write(SIZED)
    out = root / "out"
    run = ppgen("build", game, "--only", "rules", "--paper", "a4", "--out", out)
    assert run.code == 0, run.text
    return out / "coin-flip"


def test_sized_images_print_at_their_size_in_the_booklet(pictured):
    sizes = drawn_images(pictured / "rules-booklet.pdf")
    assert len(sizes) == 4
    expected = [(40, 20), (40, 20), (TEXT_WIDTH / MM / 2, TEXT_WIDTH / MM / 4), (TEXT_WIDTH / MM, TEXT_WIDTH / MM / 2)]
    for (w, h), (ew, eh) in zip(sizes, expected):
        assert w == pytest.approx(ew, abs=0.05) and h == pytest.approx(eh, abs=0.05), sizes


def test_sized_images_fit_the_handout_columns(pictured):
    sizes = drawn_images(pictured / "handout-a4.pdf")
    column = (210 - 2 * 12 - 6) / 2  # two columns, 12 mm margins, 6 mm gap
    assert len(sizes) == 4 and all(w <= column + 0.01 for w, _ in sizes), sizes
    assert sizes[0][0] < 40 + 0.01  # shrunk with the handout's smaller text, never grown


@pytest.mark.parametrize("size, message", [("width=huge", "expected a length such as 40mm"),
                                           ("depth=3mm", "write width=LENGTH or height=LENGTH"),
                                           ("height=0mm", "must be above 0"),
                                           ("width=150%", "at most 100 %")])
def test_a_bad_size_is_an_error_at_its_line(tmp_path, size, message):
    game = tmp_path / "coin-flip"
    shutil.copytree(ROOT / "examples" / "coin-flip", game)
    Image.new("RGB", (60, 30), "#3366AA").save(game / "map.png")
    with open(game / "rules.md", "a", encoding="utf-8") as rules:
        rules.write(f"\nText.\n\n![map](map.png){{{size}}}\n")
    run = ppgen("validate", game)
    line = line_of(game / "rules.md", "![map]")
    assert run.code == 1 and f"rules.md:{line}: error: " in run.err and message in run.err, run.err
