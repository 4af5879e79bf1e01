"""One face description, two renderers: the PNG must match the rasterised PDF."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageStat

from conftest import GAMES, ROOT, ppgen, tool
from generator.faces import pdf, png
from generator.faces.compose import compose
from generator.load import load_game
from generator.pdfdoc import new_canvas

# Measured (poppler 22, Pillow 13): the bench deck agrees to a mean of ~1.0/255 with ~0.45 %
# of pixels off by more than a quarter of the range (anti-aliased edges, glyph hinting);
# Squib Squares ~0.75/255 and ~0.35 %. The bounds leave room for other versions.
MEAN_BOUND = 3.0
EDGE_SHARE_BOUND = 0.02


def pdf_vs_png(game_dir: Path, cards: int, side: str, tmp_path: Path) -> list[tuple[float, float]]:
    game = load_game(game_dir)
    component = game.components[0]
    results = []
    for card in component.cards[:cards]:
        drawing = compose(game, component, card, side)
        single = tmp_path / "card.pdf"
        canvas = new_canvas(single, (drawing.width, drawing.height))
        pdf.draw(canvas, drawing, 0, 0)
        canvas.showPage()
        canvas.save()
        subprocess.run([tool("pdftoppm"), "-r", "300", "-png", "-singlefile", single, tmp_path / "raster"], check=True)
        from_pdf = Image.open(tmp_path / "raster.png").convert("RGB")
        from_png = png.render(drawing, 300)
        w, h = min(from_pdf.width, from_png.width), min(from_pdf.height, from_png.height)
        assert abs(from_pdf.width - from_png.width) <= 1 and abs(from_pdf.height - from_png.height) <= 1
        diff = ImageChops.difference(from_pdf.crop((0, 0, w, h)), from_png.crop((0, 0, w, h)))
        mean = sum(ImageStat.Stat(diff).mean) / 3
        far = sum(diff.convert("L").histogram()[64:]) / (w * h)
        results.append((mean, far))
    return results


@pytest.mark.parametrize("game_dir,side", [(ROOT / "bench" / "bench-deck", "front"),
                                           (GAMES / "squib-squares", "front"),
                                           (GAMES / "squib-squares", "back")])
def test_png_matches_rasterised_pdf(game_dir, side, tmp_path):
    for mean, far in pdf_vs_png(game_dir, 4, side, tmp_path):
        assert mean < MEAN_BOUND and far < EDGE_SHARE_BOUND, (mean, far)


@pytest.mark.parametrize("shop,size", [("tgc", (1125, 825)), ("mpc", (1122, 822))])
def test_print_shop_sizes_for_landscape_poker(shop, size, tmp_path):
    run = ppgen("build", "squib-squares", "--only", "png", "--print-shop", shop, "--out", tmp_path)
    assert run.code == 0, run.text
    images = sorted((tmp_path / "squib-squares" / "png").rglob("*.png"))
    assert len(images) == 55
    for path in images[:3] + images[-2:]:
        with Image.open(path) as image:
            assert image.size == size
            assert [round(v) for v in image.info["dpi"]] == [300, 300]
