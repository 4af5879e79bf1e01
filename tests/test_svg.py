"""SVG art (issue 21, item 5): an `image` may draw an .svg, as vectors in the PDFs and
rasterised at the build's dpi in the PNGs, the two agreeing as every element's PDF and PNG
do; the face cache keys on the SVG's bytes. Hostile SVG is in tests/corpus_svg.py."""

from __future__ import annotations

import base64
import io
import shutil

import pytest
from PIL import Image

from generator import ops as op
from generator.faces import png

from conftest import EDGE_SHARE_BOUND, MEAN_BOUND, ROOT, agreement, build_game, ppgen, replace_in

ROSE = ROOT / "examples" / "face-language" / "art" / "rose.svg"
COIN_FLIP = ROOT / "examples" / "coin-flip"
WIDE = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 100">'
        '<rect x="0" y="0" width="200" height="100" fill="#336699"/>'
        '<circle cx="100" cy="50" r="40" fill="#F2D7A0" stroke="#1F2A44" stroke-width="4"/>'
        '<path d="M10 90 C 50 10, 150 10, 190 90" fill="none" stroke="#C8553D" stroke-width="6"/></svg>')
IMAGE = '[[faces.coin.elements]]\ntype = "image"\nx = "4mm"\ny = "4mm"\nw = "20mm"\nh = "12mm"\npath = "art.svg"\n\n'


@pytest.mark.parametrize("fit", ["contain", "cover", "stretch"])
def test_svg_art_agrees_in_pdf_and_png(fit, tmp_path):
    wide = tmp_path / "wide.svg"
    wide.write_text(WIDE, encoding="utf-8")
    drawing = op.FaceDrawing(180, 252, 9, (
        op.Rect(0, 0, 180, 252, "#FBF7EE"),
        op.Image(20, 20, 140, 100, str(wide), fit),
        op.Image(40, 140, 100, 100, str(ROSE), fit),  # gradients, <use>, opacity
        op.Rect(30, 130, 120, 20, "#1F2A44")))
    mean, far = agreement(drawing, tmp_path)
    assert mean < MEAN_BOUND and far < EDGE_SHARE_BOUND, (mean, far)


def test_a_picture_the_svg_embeds_agrees_in_pdf_and_png(tmp_path):
    buffer = io.BytesIO()
    Image.new("RGB", (40, 20), "#C8553D").save(buffer, "PNG")
    uri = "data:image/png;base64," + base64.b64encode(buffer.getvalue()).decode("ascii")
    art = tmp_path / "embeds.svg"
    art.write_text(f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><circle cx="50" cy="50" r="45" '
                   f'fill="#336699"/><image x="10" y="40" width="80" height="40" href="{uri}"/></svg>')
    drawing = op.FaceDrawing(180, 180, 0, (op.Rect(0, 0, 180, 180, "#FFFFFF"), op.Image(20, 20, 140, 140, str(art))))
    mean, far = agreement(drawing, tmp_path)
    assert mean < MEAN_BOUND and far < EDGE_SHARE_BOUND, (mean, far)
    assert png.render(drawing, 300).getpixel((375, 450)) == (0xC8, 0x55, 0x3D)  # the picture, drawn


def test_svg_art_is_sharp_at_the_dpi_asked(tmp_path):
    """Rasterised from vectors at the PNG's own size: no blur from scaling a small raster."""
    drawing = op.FaceDrawing(72, 72, 0, (op.Image(0, 0, 72, 72, str(ROSE), "contain"),))
    small, large = png.render(drawing, 72), png.render(drawing, 600)
    assert small.size == (72, 72) and large.size == (600, 600)
    # the red centre (r = 4 of 100) stays a crisp disc: at 600 dpi its middle pixel is pure red
    assert large.getpixel((300, 300))[:3] == (0xC8, 0x55, 0x3D)


def _coin_flip_with_art(tmp_path):
    game = tmp_path / "coin-flip"
    shutil.copytree(COIN_FLIP, game)
    (game / "art.svg").write_text(WIDE, encoding="utf-8")
    replace_in(game / "game.toml", "[faces.coin-back]", IMAGE + "[faces.coin-back]")
    return game


def test_svg_art_is_vectors_in_the_pdf_and_drawn_in_the_png(tmp_path):
    game = _coin_flip_with_art(tmp_path)
    folder, artifacts = build_game(tmp_path / "out", game, "--only", "cards,png")
    sheet = next(folder.glob("cards*a4.pdf")).read_bytes()
    assert b"/Subtype /Image" not in sheet  # no picture embedded: the art is paths
    front = next((folder / "png").rglob("c1-front.png"))
    with Image.open(front) as card:  # the art's blue 1 mm into its top-left corner (3 mm bleed,
        # a 20 × 12 mm box 4 mm in, the 2:1 art 1 mm down in it), at 300 dpi
        pixel = card.convert("RGB").getpixel((round(8 / 25.4 * 300), round(9 / 25.4 * 300)))
    assert pixel == (0x33, 0x66, 0x99)


def test_the_face_cache_keys_on_the_svg_bytes(tmp_path):
    game = _coin_flip_with_art(tmp_path)
    folder, _ = build_game(tmp_path / "a", game, "--only", "png")
    before = next((folder / "png").rglob("c1-front.png")).read_bytes()
    (game / "art.svg").write_text(WIDE.replace("#336699", "#993366"), encoding="utf-8")
    folder, _ = build_game(tmp_path / "b", game, "--only", "png")
    assert next((folder / "png").rglob("c1-front.png")).read_bytes() != before


def test_a_hostile_svg_is_an_error_at_its_path_in_validate_and_build(tmp_path):
    game = _coin_flip_with_art(tmp_path)
    (game / "art.svg").write_text('<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]>'
                                  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1">&x;</svg>')
    for command in (("validate", game), ("build", game, "--out", tmp_path / "out")):
        run = ppgen(*command)
        assert run.code == 1, run.text
        assert f"{game / 'art.svg'}: error: face 'coin': this image declares a DOCTYPE" in run.text, run.text
        assert "Traceback" not in run.text
    assert not (tmp_path / "out" / "coin-flip").exists()
