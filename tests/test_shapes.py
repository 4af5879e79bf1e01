"""Shapes of pieces (issue 21, item 6): a component's `shape` (round, hex, rounded with a
`corner`) makes the cut guides on the sheets follow the shape and the print-shop PNGs clear
outside the shape plus its bleed; a rectangle builds as before. Bad keys are in
tests/corpus_svg.py."""

from __future__ import annotations

import math
import re
import shutil

import pytest
from PIL import Image
from pypdf import PdfReader

from generator.geometry import pieces

from conftest import ROOT, build_game, replace_in

COIN_FLIP = ROOT / "examples" / "coin-flip"
MM = 72 / 25.4
PX = 300 / 72  # pixels a point in the card PNGs


def _coins(tmp_path, keys: str = "", name: str = "coin-flip"):
    game = tmp_path / name
    shutil.copytree(COIN_FLIP, game)
    if keys:
        replace_in(game / "game.toml", 'size = "mini"', 'size = "mini"\n' + keys)
    return game


def _front(folder):
    return Image.open(next((folder / "png").rglob("c1-front.png")))


def _curves(pdf) -> int:
    """Bézier segments drawn on the first page."""
    return len(re.findall(rb"\d c\s", PdfReader(pdf).pages[0].get_contents().get_data()))


@pytest.mark.parametrize("shape", ["round", "hex", "rounded"])
def test_a_shaped_piece_png_is_clear_outside_its_shape_plus_bleed(shape, tmp_path):
    plain, _ = build_game(tmp_path / "plain-out", _coins(tmp_path, name="plain"), "--only", "png")
    keys = f'shape = "{shape}"' + ('\ncorner = "6mm"' if shape == "rounded" else "")
    folder, _ = build_game(tmp_path / "out", _coins(tmp_path, keys), "--only", "png")
    with _front(plain) as before, _front(folder) as card:
        assert before.mode == "RGB" and card.mode == "RGBA" and card.size == before.size
        alpha = card.getchannel("A")
        width, height = card.size
        assert alpha.getpixel((1, 1)) == 0  # the corner of the bleed box: outside every shape
        assert alpha.getpixel((width // 2, height // 2)) == 255
        bleed = round(9 * PX)  # the middle of the trim's top edge: inside, with bleed above it
        assert alpha.getpixel((width // 2, bleed)) == 255 and alpha.getpixel((width // 2, bleed // 2)) == 255
        # where it is opaque, the picture is the plain one's
        assert card.convert("RGB").getpixel((width // 2, height // 2)) == before.getpixel((width // 2, height // 2))


def test_the_cut_guides_follow_the_shape(tmp_path):
    plain, _ = build_game(tmp_path / "plain-out", _coins(tmp_path, name="plain"), "--only", "cards")
    folder, _ = build_game(tmp_path / "out", _coins(tmp_path, 'shape = "round"'), "--only", "cards")
    cards = 6
    # each disc: four quarter curves, drawn twice (the halo, then the line)
    assert _curves(folder / "cards-a4.pdf") - _curves(plain / "cards-a4.pdf") == cards * 4 * 2


def test_a_rounded_outline_keeps_its_corner_within_the_piece():
    outline = pieces.outline("rounded", 0, 0, 40, 60, corner=100)  # clamped to half the short side
    xs = [v for seg in outline for v in seg[1::2]]
    ys = [v for seg in outline for v in seg[2::2]]
    assert (min(xs), max(xs), min(ys), max(ys)) == (0, 40, 0, 60)


def test_a_grown_hexagon_keeps_its_sides_parallel_at_the_bleed():
    inner = pieces.hexagon(0, 0, 100, 100 * math.sqrt(3) / 2)
    outer = [seg[1:] for seg in pieces.grown("hex", 0, 0, 100, 100 * math.sqrt(3) / 2, 0, 9) if seg[0] != "Z"]
    for (x1, y1), (x2, y2), (ox, oy) in zip(inner, inner[1:] + inner[:1], outer[1:] + outer[:1]):
        # the grown corner after this side lies 9 from the side's line
        distance = abs((x2 - x1) * (y1 - oy) - (x1 - ox) * (y2 - y1)) / math.hypot(x2 - x1, y2 - y1)
        assert distance == pytest.approx(9)


def test_face_language_packs_round_markers_and_hex_tiles_on_the_tokens_sheet(tmp_path):
    folder, artifacts = build_game(tmp_path / "out", ROOT / "examples" / "face-language", "--only", "cards,png")
    with Image.open(folder / "png" / "markers" / "1-front.png") as marker:
        assert marker.mode == "RGBA" and marker.getchannel("A").getpixel((0, 0)) == 0
    sheets = {a.get("component"): a for a in artifacts.values() if a["kind"] == "cut-sheets"}
    assert "markers" not in sheets and "tiles" not in sheets  # they join the tokens' last page
    assert sheets["tokens"]["with"] == ["markers", "tiles"]  # several kinds packed on one sheet
