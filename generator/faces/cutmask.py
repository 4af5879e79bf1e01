"""A shaped piece's print-shop PNG (a component's `shape`, geometry/pieces.py): transparent
outside the shape plus its bleed, so a shop that cuts shapes sees where to cut and prints
nothing beyond. The edge is smoothed by drawing the mask at SUPERSAMPLE times the size and
reducing it."""

from __future__ import annotations

from PIL import Image, ImageDraw

from ..geometry import pieces
from .png import SUPERSAMPLE, flatten


def cut(image: Image.Image, shape: str, corner: float, bleed: float, dpi: float) -> Image.Image:
    """image (a face rendered with `bleed` pt round its trim) as RGBA, clear outside the shape
    grown by the bleed; a rectangle comes back as it was."""
    if shape == "rectangle":
        return image
    scale = dpi / 72 * SUPERSAMPLE
    width, height = image.size
    margin = bleed * scale
    trim_w, trim_h = width * SUPERSAMPLE - 2 * margin, height * SUPERSAMPLE - 2 * margin
    outline = pieces.grown(shape, margin, margin, trim_w, trim_h, corner * scale, margin)
    mask = Image.new("L", (width * SUPERSAMPLE, height * SUPERSAMPLE), 0)
    draw = ImageDraw.Draw(mask)
    for points, _ in flatten(outline):
        draw.polygon(points, fill=255)
    shaped = image.convert("RGBA")
    shaped.putalpha(mask.reduce(SUPERSAMPLE))
    return shaped
