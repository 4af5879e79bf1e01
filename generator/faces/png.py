"""Draw a FaceDrawing into a Pillow image (a PNG for print shops: pngfile.py writes it).

Drawn by skia (skia-python: the rasteriser of Chrome) in skiapaint.py, which draws the PDF's
imaging model itself, as pdf.py asks it of ReportLab: anti-aliased fills (even-odd, as the
PDF fills a path) and strokes with their caps, joins, miter limit and dashes, gradients,
clips, transforms and see-through groups, text from the very font files the PDF embeds,
placed by their widths. The Pillow backend before it emulated each of these with
supersampled coverage masks and took two to four times as long a face (bench/README.md).
A large picture (a mat) is drawn a band of rows at a time, so that it takes the memory of
the Pillow image it ends in and one band."""

from __future__ import annotations

import math
from functools import lru_cache
from importlib import import_module

from PIL import Image

from .. import ops as op
from ..lasting import lasting

SUPERSAMPLE = 4  # cutmask.py smooths a shaped piece's edge at this many times the size
CURVE_STEP = 2.0  # pt: curves are flattened into chords about this long (< 0.25 px off at 300 dpi)
BAND = 1 << 22  # pixels drawn at once: a larger picture is drawn in bands of rows


def render(drawing: op.FaceDrawing, dpi: float = 300, bleed: float | None = None) -> Image.Image:
    """Rasterise at dpi (RGB). bleed (points) crops or pads the drawing's own bleed to a shop's."""
    bleed = drawing.bleed if bleed is None else bleed
    trim_w, trim_h = drawing.width - 2 * drawing.bleed, drawing.height - 2 * drawing.bleed
    width, height = round((trim_w + 2 * bleed) * dpi / 72), round((trim_h + 2 * bleed) * dpi / 72)
    scale = dpi / 72
    shift = (bleed - drawing.bleed) * scale
    rows = max(1, BAND // max(1, width))
    if rows >= height:
        return _painter().band(drawing.ops, width, height, 0, scale, shift)
    image = Image.new("RGB", (width, height))
    for top in range(0, height, rows):
        image.paste(_painter().band(drawing.ops, width, min(rows, height - top), top, scale, shift), (0, top))
    return image


@lasting
@lru_cache(maxsize=1)
def _painter():
    """skiapaint.py, imported when the first face is drawn: a build whose worker processes
    draw its faces keeps skia (20 ms to import, 17 MB resident) out of its main process."""
    return import_module(".skiapaint", __package__)


def flatten(segments) -> list[tuple[list[tuple[float, float]], bool]]:
    """Path segments -> [(points, closed)], curves flattened into chords about CURVE_STEP
    long (cutmask.py draws a shaped piece's outline with Pillow)."""
    subpaths: list = []
    points: list = []
    for seg in segments:
        kind = seg[0]
        if kind == "M":
            if points:
                subpaths.append((points, False))
            points = [(seg[1], seg[2])]
        elif kind == "L":
            points.append((seg[1], seg[2]))
        elif kind == "C":
            x0, y0 = points[-1]
            x1, y1, x2, y2, x3, y3 = seg[1:]
            hull = math.dist((x0, y0), (x1, y1)) + math.dist((x1, y1), (x2, y2)) + math.dist((x2, y2), (x3, y3))
            steps = max(2, min(32, math.ceil(hull / CURVE_STEP)))
            for i in range(1, steps + 1):
                t = i / steps
                u = 1 - t
                points.append((u ** 3 * x0 + 3 * u * u * t * x1 + 3 * u * t * t * x2 + t ** 3 * x3,
                               u ** 3 * y0 + 3 * u * u * t * y1 + 3 * u * t * t * y2 + t ** 3 * y3))
        elif kind == "Z":
            if points:
                subpaths.append((points, True))
            points = []
    if points:
        subpaths.append((points, False))
    return subpaths
