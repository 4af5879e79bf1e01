"""Draw a FaceDrawing into a Pillow image (PNG for print shops).

Pillow draws shapes without anti-aliasing, so the face is drawn at SUPERSAMPLE times the
target resolution and reduced with a box filter: smooth edges at a cost we measured
(bench/) to be small next to PNG encoding."""

from __future__ import annotations

import io

from PIL import Image, ImageDraw
from PIL.PngImagePlugin import PngInfo

from .. import fonts
from . import ops as op

SUPERSAMPLE = 2
CURVE_STEPS = 16  # line segments per Bézier curve when flattening


def srgb_chunks() -> PngInfo:
    """Mark the image sRGB the PNG way: an sRGB chunk (perceptual intent) with the gAMA and
    cHRM values the PNG spec gives for it. (An ICC profile made by littlecms would carry
    the time it was made, and builds must be byte-identical.)"""
    info = PngInfo()
    info.add(b"sRGB", bytes([0]))
    info.add(b"gAMA", (45455).to_bytes(4, "big"))
    info.add(b"cHRM", b"".join(v.to_bytes(4, "big") for v in
                               (31270, 32900, 64000, 33000, 30000, 60000, 15000, 6000)))
    return info


def render(drawing: op.FaceDrawing, dpi: int = 300, bleed: float | None = None) -> Image.Image:
    """Rasterise at dpi. bleed (points) crops or pads the drawing's own bleed to a shop's."""
    bleed = drawing.bleed if bleed is None else bleed
    trim_w, trim_h = drawing.width - 2 * drawing.bleed, drawing.height - 2 * drawing.bleed
    px_w = round((trim_w + 2 * bleed) * dpi / 72)
    px_h = round((trim_h + 2 * bleed) * dpi / 72)
    scale = dpi / 72 * SUPERSAMPLE
    shift = (drawing.bleed - bleed) * scale  # drawing units beyond the shop's bleed fall off
    image = Image.new("RGB", (px_w * SUPERSAMPLE, px_h * SUPERSAMPLE), "#FFFFFF")
    pen = _Pen(image, scale, shift)
    for item in drawing.ops:
        _DRAW[type(item)](pen, item)
    return image.reduce(SUPERSAMPLE) if SUPERSAMPLE > 1 else image


def png_bytes(image: Image.Image, dpi: int = 300) -> bytes:
    """PNG with 300 dpi and sRGB recorded; no timestamps, so repeatable."""
    buffer = io.BytesIO()
    image.save(buffer, "PNG", dpi=(dpi, dpi), pnginfo=srgb_chunks(), compress_level=3)
    return buffer.getvalue()


class _Pen:
    def __init__(self, image: Image.Image, scale: float, shift: float):
        self.image = image
        self.draw = ImageDraw.Draw(image)
        self.scale = scale
        self.shift = shift

    def xy(self, x: float, y: float) -> tuple[float, float]:
        return x * self.scale - self.shift, y * self.scale - self.shift

    def box(self, x, y, w, h) -> list[float]:
        x0, y0 = self.xy(x, y)
        return [x0, y0, x0 + w * self.scale, y0 + h * self.scale]

    def px(self, width: float) -> int:
        return max(1, round(width * self.scale))


def _rect(pen: _Pen, r: op.Rect):
    box = pen.box(r.x, r.y, r.w, r.h)
    width = pen.px(r.width) if r.stroke else 0
    _inset_for_stroke(box, width)
    if r.radius > 0:
        pen.draw.rounded_rectangle(box, radius=r.radius * pen.scale, fill=r.fill, outline=r.stroke, width=width)
    else:
        pen.draw.rectangle(box, fill=r.fill, outline=r.stroke, width=width)


def _inset_for_stroke(box: list[float], width: int) -> None:
    """PDF strokes straddle the outline; Pillow draws them inside it. Grow the box by half."""
    if width:
        half = width / 2
        box[0] -= half
        box[1] -= half
        box[2] += half
        box[3] += half


def _ellipse(pen: _Pen, e: op.Ellipse):
    box = pen.box(e.x, e.y, e.w, e.h)
    width = pen.px(e.width) if e.stroke else 0
    _inset_for_stroke(box, width)
    pen.draw.ellipse(box, fill=e.fill, outline=e.stroke, width=width)


def _round_line(pen: _Pen, points: list[tuple[float, float]], color: str, width: int, closed=False):
    if closed:
        points = points + [points[0], points[1] if len(points) > 1 else points[0]]
    pen.draw.line(points, fill=color, width=width, joint="curve")
    radius = width / 2
    if not closed and radius >= 1:
        for x, y in (points[0], points[-1]):
            pen.draw.ellipse([x - radius, y - radius, x + radius, y + radius], fill=color)


def _line(pen: _Pen, l: op.Line):
    _round_line(pen, [pen.xy(l.x1, l.y1), pen.xy(l.x2, l.y2)], l.stroke, pen.px(l.width))


def flatten(segments) -> list[tuple[list[tuple[float, float]], bool]]:
    """Path segments -> [(points, closed)], curves flattened into short lines."""
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
            for i in range(1, CURVE_STEPS + 1):
                t = i / CURVE_STEPS
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


def _path(pen: _Pen, p: op.Path):
    for points, closed in flatten(p.segments):
        scaled = [pen.xy(x, y) for x, y in points]
        if p.fill and len(scaled) >= 3:
            pen.draw.polygon(scaled, fill=p.fill)
        if p.stroke and len(scaled) >= 2:
            _round_line(pen, scaled, p.stroke, pen.px(p.width), closed=closed)


def _text(pen: _Pen, t: op.Text):
    font = fonts.pillow_font(t.font, round(t.size * pen.scale * 4) / 4)
    anchor = {"left": "ls", "center": "ms", "right": "rs"}[t.align]
    pen.draw.text(pen.xy(t.x, t.y), t.text, fill=t.color, font=font, anchor=anchor)


def _image(pen: _Pen, i: op.Image):
    x0, y0, x1, y1 = pen.box(i.x, i.y, i.w, i.h)
    box_w, box_h = round(x1 - x0), round(y1 - y0)
    with Image.open(i.path) as source:
        picture = source.convert("RGBA")
    if i.fit == "stretch":
        size = (box_w, box_h)
    else:
        ratio = (min if i.fit == "contain" else max)(box_w / picture.width, box_h / picture.height)
        size = (max(1, round(picture.width * ratio)), max(1, round(picture.height * ratio)))
    picture = picture.resize(size, Image.LANCZOS)
    left, top = round(x0 + (box_w - size[0]) / 2), round(y0 + (box_h - size[1]) / 2)
    if i.fit == "cover":  # crop what overflows the box
        picture = picture.crop((round(x0) - left, round(y0) - top, round(x0) - left + box_w, round(y0) - top + box_h))
        left, top = round(x0), round(y0)
    pen.image.paste(picture, (left, top), picture)


_DRAW = {op.Rect: _rect, op.Ellipse: _ellipse, op.Line: _line, op.Path: _path, op.Text: _text,
         op.Image: _image}

