"""One face description, two renderers: the PNG must match the rasterised PDF."""

from __future__ import annotations

import io
import random
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageStat

from conftest import EDGE_SHARE_BOUND, GAMES, MEAN_BOUND, ROOT, agreement, ppgen, rasterised_pdf
from generator.elements import ELEMENTS
from generator import ops as op
from generator.faces import png, pngfile, skiapaint
from generator.faces.compose import compose
from generator.faces.painters import GENERIC
from generator.load.game import load_game



def pdf_vs_png(game_dir: Path, cards: int, side: str, tmp_path: Path) -> list[tuple[float, float]]:
    game = load_game(game_dir)
    component = game.components[0]
    return [agreement(compose(game, component, card, side), tmp_path) for card in component.cards[:cards]]


@pytest.mark.parametrize("game_dir,side", [(ROOT / "bench" / "bench-deck", "front"),
                                           (ROOT / "examples" / "standard-deck", "front"),
                                           (ROOT / "examples" / "standard-deck", "back"),
                                           (GAMES / "squib-squares", "front"),
                                           (GAMES / "squib-squares", "back")])
def test_png_matches_rasterised_pdf(game_dir, side, tmp_path):
    for mean, far in pdf_vs_png(game_dir, 4, side, tmp_path):
        assert mean < MEAN_BOUND and far < EDGE_SHARE_BOUND, (mean, far)


@pytest.mark.parametrize("shop,size", [("tgc", (1125, 825)), ("mpc", (1122, 822))])
def test_print_shop_sizes_for_landscape_poker(shop, size, tmp_path):
    run = ppgen("build", "squib-squares", "--only", "png", "--print-shop", shop, "--edition", "en", "--out", tmp_path)
    assert run.code == 0, run.text
    images = sorted((tmp_path / "squib-squares" / "en" / "png").rglob("*.png"))
    assert len(images) == 55
    for path in images[:3] + images[-2:]:
        with Image.open(path) as image:
            assert image.size == size
            assert [round(v) for v in image.info["dpi"]] == [300, 300]


# -- groups and images: the same agreement for what the generic elements do not exercise ---

INDEX = (op.Text(20, 40, "10", "display", 18, "#C0102A", "left"),
         op.Path((("M", 20, 50), ("L", 34, 50), ("L", 27, 66), ("Z",)), "#C0102A"),
         op.Rect(40, 30, 30, 20, "#3366AA", "#000000", 1, 4),
         op.Ellipse(40, 60, 30, 20, "#33AA66"))

GROUPS = {
    "identity": [op.Group(INDEX)],
    "turned 180": [op.Group(INDEX), op.Group(INDEX, op.rotate(180, 90, 126))],
    "turned 90": [op.Group(INDEX, op.rotate(90, 90, 126))],
    "turned 30": [op.Group(INDEX, op.rotate(30, 90, 126))],
    "scaled and moved": [op.Group(INDEX, op.compose(op.scale(2), op.translate(10, 80)))],
    "clipped": [op.Group(INDEX, op.compose(op.scale(2), op.translate(10, 80)), op.Rect(35, 25, 30, 30, radius=6))],
    "nested": [op.Group((op.Group(INDEX, op.rotate(180, 50, 50)),), op.rotate(15, 90, 126),
                        op.Rect(0, 0, 120, 120, radius=10))],
    # a mirror, a turn and a scale at once
    "turned, mirrored, scaled, holding a group": [op.Group(
        (op.Group(INDEX, op.rotate(180, 50, 50)), op.Line(10, 90, 70, 100, "#000000", 1.5, (4, 2)), *INDEX),
        op.compose(op.compose(op.scale(-1.5, 1.5), op.rotate(40)), op.translate(215, 80)))],
}


def poker(ops) -> op.FaceDrawing:
    return op.FaceDrawing(198, 270, 9, (op.Rect(0, 0, 198, 270, "#FFFFFF"), *ops))


@pytest.mark.parametrize("name", GROUPS)
def test_groups_agree_in_pdf_and_png(name, tmp_path):
    mean, far = agreement(poker(GROUPS[name]), tmp_path)
    assert mean < MEAN_BOUND and far < EDGE_SHARE_BOUND, (mean, far)


def test_an_identity_group_draws_the_same_pixels_as_no_group():
    plain = png.render(poker(INDEX), 300)
    grouped = png.render(poker([op.Group(INDEX)]), 300)
    assert ImageChops.difference(plain, grouped).getbbox() is None


def test_a_half_turn_moves_whole_pixels_in_png():
    """Turned twice by 180 degrees, the index is the index to the pixel; turned once, it is
    the whole image turned, but for glyph hinting (which is not symmetric: a pixel or two)."""
    once = png.render(poker([op.Group(INDEX, op.rotate(180, 99, 135))]), 300)
    twice = png.render(poker([op.Group((op.Group(INDEX, op.rotate(180, 99, 135)),), op.rotate(180, 99, 135))]), 300)
    plain = png.render(poker(INDEX), 300)
    assert ImageChops.difference(plain, twice).getbbox() is None
    turned = ImageChops.difference(plain, once.rotate(180)).convert("L")
    assert ImageStat.Stat(turned).mean[0] < 0.05 and sum(turned.histogram()[64:]) <= 2


@pytest.mark.parametrize("fit", ["contain", "cover", "stretch"])
def test_images_agree_in_pdf_and_png_for_every_fit(fit, tmp_path):
    picture = Image.new("RGB", (300, 120), "#2266AA")
    picture.paste(Image.new("RGB", (100, 120), "#EECC22"), (100, 0))  # a yellow band in the middle
    picture.save(tmp_path / "band.png")
    ops = [op.Rect(30, 40, 120, 120, None, "#000000", 0.5), op.Image(30, 40, 120, 120, tmp_path / "band.png", fit)]
    mean, far = agreement(poker(ops), tmp_path)
    assert mean < MEAN_BOUND and far < EDGE_SHARE_BOUND, (fit, mean, far)


def test_every_element_type_has_its_painter():
    """An element type is its parameters (elements.py) and its painter (faces/painters.py):
    adding one to either alone would be a type the loader takes and compose cannot draw."""
    assert set(GENERIC) == set(ELEMENTS)
    assert all(GENERIC[kind].params is ELEMENTS[kind] for kind in ELEMENTS)


def test_a_large_picture_drawn_in_bands_agrees_with_the_pdf(monkeypatch, tmp_path):
    """A mat is drawn a band of rows at a time (png.BAND), its memory that of a band: the
    shapes and text crossing from one band into the next agree with the rasterised PDF as
    drawn at once (skia's edge smoothing moves by a few levels with the band's offset, no
    seam shows)."""
    ops = [op.Group(INDEX, op.compose(op.scale(2.5), op.translate(-20, 10))), *GROUPS["turned 30"],
           op.Line(5, 5, 190, 260, "#202020", 2.5, (6, 3))]
    monkeypatch.setattr(png, "BAND", 825 * 37)  # bands of 37 rows
    mean, far = agreement(poker(ops), tmp_path)
    assert mean < MEAN_BOUND and far < EDGE_SHARE_BOUND, (mean, far)


@pytest.mark.parametrize("mode", ["RGB", "RGBA", "L"])
def test_a_large_image_read_out_in_bands_writes_the_same_png(mode, monkeypatch):
    """A mat's pixels are read out a band of rows at a time (pngfile.BAND): the same bytes as
    all at once, and the same pixels back."""
    rng = random.Random(7)
    image = Image.frombytes(mode, (913, 700), rng.randbytes(913 * 700 * len(mode)))
    monkeypatch.setattr(pngfile, "LARGE", 100)
    banded = pngfile.png_bytes(image, 300)
    monkeypatch.setattr(pngfile, "LARGE", 10 ** 9)
    assert banded == pngfile.png_bytes(image, 300)
    with Image.open(io.BytesIO(banded)) as back:
        assert ImageChops.difference(back.convert(mode), image).getbbox() is None


def test_a_box_stroked_after_a_path_keeps_square_corners(tmp_path):
    """A path leaves round joins in the PDF's graphics state; a box stroked after it has
    square corners all the same (geometry/shapes.stroke_ends), in the PDF as in the PNG: the
    pixel just inside the stroke's outer corner is ink in both."""
    ops = [op.Path((("M", 20, 20), ("L", 60, 30)), None, "#000000", 2),
           op.Rect(60, 80, 80, 100, None, "#000000", 16)]
    drawing = poker(ops)
    corner = (60 - 8 + 1, 80 - 8 + 1)  # a point inside the outer corner, where a round join leaves paper
    assert rasterised_pdf(drawing, tmp_path, 72).convert("L").getpixel(corner) < 64
    assert png.render(drawing, 72).convert("L").getpixel(corner) < 64


def test_a_see_through_groups_layer_holds_all_it_draws(monkeypatch):
    """A faded group is drawn through a layer only as large as its ops' extent (a whole
    mat's layer took 40 ms each): the same pixels as through a layer over everything, for
    text with accents, a turned group and a stroke."""
    faded = op.Group((op.Text(30, 120, "Ÿÿ Ǻ Ḉ ỹ", "display", 40, "#204080", "left"),
                      op.Group(INDEX, op.rotate(30, 90, 126)), op.Line(10, 200, 180, 240, "#AA2020", 6)),
                     opacity=0.4)
    drawing = poker([faded])
    tight = png.render(drawing, 300)
    monkeypatch.setattr(skiapaint, "bounds", lambda ops: (-1e4, -1e4, 1e4, 1e4))
    assert ImageChops.difference(tight, png.render(drawing, 300)).getbbox() is None
