"""The skia side of faces/png.py: a display list (ops.py) drawn on a skia canvas the way
pdf.py draws it on a PDF's, then handed to Pillow as RGB."""

from __future__ import annotations

import math
from functools import lru_cache

import skia
from PIL import Image

from .. import ops as op
from ..geometry.shapes import outline_of, stroke_ends, styled
from ..svgart import is_svg
from ..text import fonts
from ..text.fit import ALIGNED, text_width
from . import svgdraw
from .extent import bounds
from ..lasting import lasting

MITER_LIMIT = 10.0  # the PDF's default (skia's is 4)
CAPS = {"butt": skia.Paint.kButt_Cap, "round": skia.Paint.kRound_Cap, "square": skia.Paint.kSquare_Cap}
JOINS = {"miter": skia.Paint.kMiter_Join, "round": skia.Paint.kRound_Join, "bevel": skia.Paint.kBevel_Join}
# pictures are resampled as Pillow's LANCZOS did: a cubic filter (Catmull-Rom)
SAMPLING = skia.SamplingOptions(skia.CubicResampler.CatmullRom())


def band(ops, width: int, rows: int, top: int, scale: float, shift: float) -> Image.Image:
    """Rows top .. top + rows of the picture, drawn on a skia surface and handed to Pillow."""
    info = skia.ImageInfo.Make(width, rows, skia.kRGBA_8888_ColorType, skia.kPremul_AlphaType)
    surface = skia.Surface.MakeRaster(info)
    canvas = surface.getCanvas()
    canvas.clear(skia.ColorWHITE)
    canvas.translate(shift, shift - top)
    canvas.scale(scale, scale)
    _draw(canvas, ops)
    pixels = surface.makeImageSnapshot().tobytes()  # opaque, so premultiplied is plain RGB
    return Image.frombytes("RGB", (width, rows), pixels, "raw", "RGBX")


def _draw(canvas, ops) -> None:
    for item in ops:
        _DRAW[type(item)](canvas, item)


def _shape(canvas, item) -> None:
    """A Rect, Ellipse, Line or Path, filled then stroked, as pdf.py draws it: a box's
    stroke with square corners and butt ends, a line's and a path's round; a shape with a
    gradient, dash, cap or join of its own through its outline (geometry/shapes.py)."""
    kind = type(item)
    if styled(item) or kind is op.Path or kind is op.Line:
        path = _path(outline_of(item))
    else:
        path = skia.Path()
        box = skia.Rect.MakeXYWH(item.x, item.y, item.w, item.h)
        if kind is op.Ellipse:
            path.addOval(box)
        elif item.radius > 0:
            path.addRoundRect(box, item.radius, item.radius)
        else:
            path.addRect(box)
    fill = getattr(item, "fill", None)
    if fill:
        canvas.drawPath(path, _fill(fill))
    if item.stroke and item.width > 0:
        canvas.drawPath(path, _stroke(item))


def _path(segments) -> skia.Path:
    """ops' path segments as a skia path, filled even-odd as the PDF fills it."""
    path = skia.Path()
    path.setFillType(skia.PathFillType.kEvenOdd)
    for segment in segments:
        kind = segment[0]
        if kind == "M":
            path.moveTo(segment[1], segment[2])
        elif kind == "L":
            path.lineTo(segment[1], segment[2])
        elif kind == "C":
            path.cubicTo(*segment[1:7])
        else:
            path.close()
    return path


@lasting
@lru_cache(maxsize=4096)
def _colour(value: str) -> int:
    r, g, b = op.rgb(value)
    return skia.Color(r, g, b)


def _fill(paint: op.Paint) -> skia.Paint:
    """A solid colour, or a gradient through its box as pdf.py shades it (its ends carry on)."""
    fill = skia.Paint(AntiAlias=True)
    if isinstance(paint, str):
        fill.setColor(_colour(paint))
        return fill
    x, y, w, h = paint.box
    cx, cy = x + w / 2, y + h / 2
    colours = [_colour(c) for c in paint.colors]
    if paint.kind == "radial":
        fill.setShader(skia.GradientShader.MakeRadial(skia.Point(cx, cy), max(w, h) / 2 or 1.0, colours))
        return fill
    ux, uy = math.cos(math.radians(paint.angle)), math.sin(math.radians(paint.angle))
    half = (abs(w * ux) + abs(h * uy) or 1.0) / 2  # the ends at the box's far corners
    fill.setShader(skia.GradientShader.MakeLinear(
        [skia.Point(cx - ux * half, cy - uy * half), skia.Point(cx + ux * half, cy + uy * half)], colours))
    return fill


def _stroke(item) -> skia.Paint:
    """The stroke's paint: its width straddling the outline, its cap and join (stroke_ends),
    its dash pattern (a PDF repeats an odd one twice over: on, off, on...)."""
    stroke = skia.Paint(AntiAlias=True, Style=skia.Paint.kStroke_Style, StrokeWidth=item.width,
                        StrokeMiter=MITER_LIMIT)
    stroke.setColor(_colour(item.stroke))
    cap, join = stroke_ends(item)
    stroke.setStrokeCap(CAPS[cap])
    stroke.setStrokeJoin(JOINS[join])
    if item.dash:
        stroke.setPathEffect(skia.DashPathEffect.Make(list(item.dash) * (2 if len(item.dash) % 2 else 1), 0))
    return stroke


def _text(canvas, t: op.Text) -> None:
    """One line of text on its baseline, aligned by the widths the PDF sets it with; what
    the font lacks, in the fallback font (fonts.segments), as pdfdoc.Canvas draws it."""
    if t.outline or t.spacing:
        _styled_text(canvas, t)
        return
    x = t.x - ALIGNED[t.align] * fonts.string_width(t.text, t.font, t.size)
    pieces = [(t.text, t.font)] if fonts.covers(t.font, t.text) else fonts.segments(t.text, t.font)
    paint = _fill(t.color)
    for piece, key in pieces:
        canvas.drawString(piece, x, t.y, _font(key, t.size), paint)
        x += fonts.string_width(piece, key, t.size)


def _styled_text(canvas, t: op.Text) -> None:
    """Text spaced out letter by letter, or outlined: the outline (the letters stroked
    2 × outline_width wide, round joins) under the letters, as the PDF draws it."""
    font = _font(t.font, t.size)
    left = t.x - ALIGNED[t.align] * text_width(t)
    places = []
    for piece in t.text if t.spacing else [t.text]:
        places.append((left, piece))
        left += fonts.string_width(piece, t.font, t.size) + t.spacing
    if t.outline and t.outline_width > 0:
        outline = skia.Paint(AntiAlias=True, Style=skia.Paint.kStroke_Style, StrokeWidth=2 * t.outline_width)
        outline.setColor(_colour(t.outline))
        outline.setStrokeJoin(skia.Paint.kRound_Join)
        for x, piece in places:
            canvas.drawString(piece, x, t.y, font, outline)
    fill = _fill(t.color)
    for x, piece in places:
        canvas.drawString(piece, x, t.y, font, fill)


def _font(key: str, size: float) -> skia.Font:
    font = skia.Font(_typeface(fonts.resolved(key)), size)
    font.setSubpixel(True)  # glyphs where the PDF's widths put them, not on whole pixels,
    font.setLinearMetrics(True)  # advanced by the font's own widths (hinted ones drift from the PDF's)
    return font


@lru_cache(maxsize=64)
def _typeface(key: str) -> skia.Typeface:
    """The font file of a key, from the bytes ReportLab embeds (fonts.font_bytes), through a
    font manager of no fonts: the system's (fontconfig) is never asked, nor its warnings said."""
    typeface = _no_system_fonts().makeFromData(skia.Data.MakeWithCopy(fonts.font_bytes(key)))
    if typeface is None:  # load checked that FreeType draws it (text/fontfile.py): never drawn in another font
        raise ValueError(f"{key}: skia cannot read this font, which FreeType reads")
    return typeface


@lasting
@lru_cache(maxsize=1)
def _no_system_fonts() -> skia.FontMgr:
    return skia.FontMgr.New_Custom_Empty()


def _image(canvas, i: op.Image) -> None:
    """A picture in its box: contained (centred), stretched, or covering it (centred, what
    overflows clipped); an SVG drawn from its vectors at the size it lands at."""
    natural = svgdraw.natural_size(str(i.path)) if is_svg(i.path) else _size(i.path)
    w, h = _fitted(natural, i.w, i.h, i.fit)
    box = skia.Rect.MakeXYWH(i.x + (i.w - w) / 2, i.y + (i.h - h) / 2, w, h)
    matrix = canvas.getTotalMatrix()
    pixels = math.sqrt(abs(matrix.getScaleX() * matrix.getScaleY() - matrix.getSkewX() * matrix.getSkewY()))
    size = (max(1, round(w * pixels)), max(1, round(h * pixels)))  # the pixels it lands on
    if is_svg(i.path):
        picture = svgdraw.raster(str(i.path), *size, "stretch")
    else:
        with Image.open(i.path) as source:
            picture = source.convert("RGBA")
        if picture.width > size[0]:  # shrunk by Lanczos first: a cubic filter alone would alias
            picture = picture.resize(size, Image.LANCZOS)
    canvas.save()
    if i.fit == "cover":
        canvas.clipRect(skia.Rect.MakeXYWH(i.x, i.y, i.w, i.h), doAntiAlias=True)
    canvas.drawImageRect(_skia_image(picture), box, SAMPLING)
    canvas.restore()


def _size(path) -> tuple[int, int]:
    with Image.open(path) as source:
        return source.size


def _fitted(natural: tuple[float, float], w: float, h: float, fit: str) -> tuple[float, float]:
    """The size (points) a picture of natural size takes in a w × h box."""
    if fit == "stretch":
        return w, h
    ratio = (min if fit == "contain" else max)(w / natural[0], h / natural[1])
    return natural[0] * ratio, natural[1] * ratio


def _skia_image(picture: Image.Image) -> skia.Image:
    return skia.Image.frombytes(picture.tobytes(), picture.size, skia.kRGBA_8888_ColorType,
                                skia.kUnpremul_AlphaType)


def _group(canvas, g: op.Group) -> None:
    """Children drawn through the group's transform, clipped to its outline (anti-aliased),
    and faded as one layer when it is see-through."""
    canvas.save()
    a, b, c, d, e, f = g.transform
    canvas.concat(skia.Matrix.MakeAll(a, c, e, b, d, f, 0, 0, 1))
    if isinstance(g.clip, op.Rect):
        r = g.clip
        box = skia.Rect.MakeXYWH(r.x, r.y, r.w, r.h)
        if r.radius > 0:
            canvas.clipRRect(skia.RRect.MakeRectXY(box, r.radius, r.radius), doAntiAlias=True)
        else:
            canvas.clipRect(box, doAntiAlias=True)
    elif g.clip is not None:
        canvas.clipPath(_path(g.clip.segments), doAntiAlias=True)
    box = bounds(g.ops) if g.opacity < 1 else None
    if box is not None:  # the layer only as large as what it holds: a whole 300 dpi mat's took 40 ms
        x0, y0, x1, y1 = box
        pad = 2 + 0.1 * max(x1 - x0, y1 - y0)  # extent's text boxes are an estimate: room for accents
        canvas.saveLayerAlpha(skia.Rect.MakeLTRB(x0 - pad, y0 - pad, x1 + pad, y1 + pad),
                              round(255 * max(0.0, g.opacity)))
        _draw(canvas, g.ops)
        canvas.restore()
    elif g.opacity >= 1:
        _draw(canvas, g.ops)
    canvas.restore()


_DRAW = {op.Rect: _shape, op.Ellipse: _shape, op.Line: _shape, op.Path: _shape, op.Text: _text,
         op.Image: _image, op.Group: _group}


