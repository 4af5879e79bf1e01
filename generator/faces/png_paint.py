"""The drawing keys in the Pillow backend: gradients as images to paint through a shape's
coverage mask, and shapes with a gradient fill or a dashed, capped or joined stroke drawn
through their outline (geometry/shapes.py) with the stroke of png_stroke.py. Shapes without
them never come here, so they are drawn exactly as before."""

from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image, ImageChops, ImageDraw

from .. import ops as op
from ..geometry.shapes import stroke_ends
from .png_stroke import MITER_LIMIT, stroke_shapes

RAMP = 256  # steps of a gradient's colour; poppler's shading is as smooth to the eye at 300 dpi
_PAD = 4 * RAMP  # the ramp image's width each side of the gradient: its end colours carry on


def _palette(colors: tuple[str, ...]) -> list[int]:
    """RAMP colours evenly through the stops, flattened for Image.putpalette."""
    stops = [op.rgb(c) for c in colors]
    out = []
    for i in range(RAMP):
        at = i / (RAMP - 1) * (len(stops) - 1)
        k = min(int(at), len(stops) - 2)
        t = at - k
        out += [round(a + (b - a) * t) for a, b in zip(stops[k], stops[k + 1])]
    return out


@lru_cache(maxsize=1)
def _ramp() -> Image.Image:
    """Ramp indexes 0 .. RAMP - 1 in a row, its end values carried on _PAD pixels each side."""
    values = [0] * _PAD + list(range(RAMP)) + [RAMP - 1] * _PAD
    ramp = Image.new("L", (len(values), 1))
    ramp.putdata(values)
    return ramp


def gradient_region(g: op.Gradient, to_pixels: op.Matrix, region: tuple[int, int, int, int]) -> Image.Image:
    """The gradient painted over `region` (left, top, right, bottom) of the image, face
    points mapping to pixels through `to_pixels`."""
    left, top, right, bottom = region
    size = (right - left, bottom - top)
    x, y, w, h = g.box
    # Pixel (px, py) of the region -> face point -> t along the gradient (0..1) -> ramp index.
    back = op.invert(to_pixels)
    a, b, c, d, e, f = op.compose(op.translate(left, top), back)  # Pillow samples at pixel centres
    cx, cy = x + w / 2, y + h / 2
    if g.kind == "linear":
        ux, uy = math.cos(math.radians(g.angle)), math.sin(math.radians(g.angle))
        span = abs(w * ux) + abs(h * uy) or 1.0
        # t = ((X - cx) ux + (Y - cy) uy) / span + 0.5, X = a px + c py + e, Y = b px + d py + f
        k = (RAMP - 1) / span
        coeffs = ((a * ux + b * uy) * k, (c * ux + d * uy) * k,
                  ((e - cx) * ux + (f - cy) * uy) * k + (RAMP - 1) / 2 + _PAD + 0.5, 0, 0, 0.5)
        index = _ramp().transform(size, Image.AFFINE, coeffs, Image.BILINEAR)
    else:
        radius = max(w, h) / 2 or 1.0
        index = _radial(size, (a, b, c, d, e - cx, f - cy), radius)
    index = index.convert("P") if index.mode != "P" else index
    index.putpalette(_palette(g.colors))
    return index.convert("RGB")


@lru_cache(maxsize=1)
def _cone() -> Image.Image:
    """A cone of ramp indexes: each pixel's distance from the centre, 0 there, RAMP - 1 at
    CONE pixels away and beyond. Made once (Pillow's radial_gradient is scaled to reach its
    corners, not a circle's edge)."""
    side = 2 * CONE + 1
    cone = Image.new("L", (side, side))
    cone.putdata([min(RAMP - 1, round(math.hypot(x - CONE, y - CONE) * (RAMP - 1) / CONE))
                  for y in range(side) for x in range(side)])
    return cone


CONE = 255  # pixels from the cone's centre to where the gradient ends


def _radial(size, m, radius) -> Image.Image:
    """t = distance from the centre / radius, as ramp indexes, sampled from the cone through
    the affine map; past it, the end colour."""
    a, b, c, d, e, f = m
    k = CONE / radius
    return _cone().transform(size, Image.AFFINE, (a * k, c * k, e * k + CONE + 0.5, b * k, d * k, f * k + CONE + 0.5),
                             Image.BILINEAR, fillcolor=RAMP - 1)


def draw_styled(pen, item, subpaths: list) -> None:
    """A shape with a gradient fill or a styled stroke, through its outline flattened into
    subpaths [(points, closed)]."""
    every = [pt for points, _ in subpaths for pt in points]
    if not every:
        return
    xs, ys = [x for x, _ in every], [y for _, y in every]
    stroke = getattr(item, "stroke", None) if item.width > 0 else None
    pad = item.width / 2 * (MITER_LIMIT if stroke_ends(item)[1] == "miter" else 1.5) if stroke else 0
    bounds = pen.bounds(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys), pad=pad)
    fill = getattr(item, "fill", None)
    if fill:
        _fill_even_odd(pen, fill, bounds, [pts for pts, _ in subpaths if len(pts) >= 3])
    if stroke:
        polygons, discs = stroke_shapes(subpaths, item.width / 2, item.dash, *stroke_ends(item))

        def paint(d, m, f):
            for polygon in polygons:
                d.polygon([m(x, y) for x, y in polygon], fill=255)
            for x, y, r in discs:
                (px, py), radius = m(x, y), r * pen.scale * f
                d.ellipse([px - radius, py - radius, px + radius, py + radius], fill=255)

        pen.smooth(stroke, bounds, paint)


def _fill_even_odd(pen, paint, bounds, outlines: list) -> None:
    """Fill the outlines as the PDF fills a path (even-odd): where two overlap, a hole."""
    region = pen.region(bounds)
    if region is None or not outlines:
        return
    (left, top, right, bottom), factor, map_xy = region
    size = ((right - left) * factor, (bottom - top) * factor)
    mask = Image.new("L", size, 0)
    for outline in outlines:
        layer = Image.new("L", size, 0)
        ImageDraw.Draw(layer).polygon([map_xy(x, y) for x, y in outline], fill=255)
        mask = ImageChops.difference(mask, layer) if len(outlines) > 1 else layer
    pen.paste(paint, (left, top, right, bottom), mask.reduce(factor))
