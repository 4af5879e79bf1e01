"""Draw a FaceDrawing on a ReportLab canvas (vector PDF)."""

from __future__ import annotations

import math
from functools import lru_cache

from reportlab.lib.colors import Color
from reportlab.lib.utils import ImageReader

from ..geometry.shapes import outline_of, stroke_ends, styled
from ..svgart import is_svg
from ..text import fonts
from ..text.fit import ALIGNED, text_width
from . import svgdraw
from .. import ops as op
from ..lasting import lasting


def draw(canvas, drawing: op.FaceDrawing, x: float, y: float) -> None:
    """Draw with the bleed box's bottom-left corner at (x, y) in canvas coordinates."""
    _draw_ops(canvas, drawing.ops, x, y + drawing.height)


def _draw_ops(canvas, ops, x0: float, top: float) -> None:
    for item in ops:
        _DRAW[type(item)](canvas, item, x0, top)


@lasting
@lru_cache(maxsize=None)
def rgb(color: str) -> tuple[float, float, float]:
    """'#RRGGBB' -> (r, g, b) in 0..1, parsed once (ReportLab's own parser is slow)."""
    return tuple(v / 255 for v in op.rgb(color))


def _style(canvas, fill, stroke, width) -> tuple[int, int]:
    if fill:
        canvas.setFillColorRGB(*rgb(fill))
    if stroke:
        canvas.setStrokeColorRGB(*rgb(stroke))
        canvas.setLineWidth(width)
    return (1 if fill else 0), (1 if stroke else 0)


def _rect(canvas, r: op.Rect, x0, top):
    fill, stroke = _style(canvas, r.fill, r.stroke, r.width)
    if stroke and r.radius <= 0 and canvas._lineJoin:  # a path or line before it left round joins
        canvas.setLineJoin(0)  # a box's corners are square (geometry/shapes.stroke_ends), as the PNG draws them
    if r.radius > 0:
        canvas.roundRect(x0 + r.x, top - r.y - r.h, r.w, r.h, r.radius, stroke=stroke, fill=fill)
    else:
        canvas.rect(x0 + r.x, top - r.y - r.h, r.w, r.h, stroke=stroke, fill=fill)


def _ellipse(canvas, e: op.Ellipse, x0, top):
    fill, stroke = _style(canvas, e.fill, e.stroke, e.width)
    canvas.ellipse(x0 + e.x, top - e.y - e.h, x0 + e.x + e.w, top - e.y, stroke=stroke, fill=fill)


def _line(canvas, l: op.Line, x0, top):
    canvas.setStrokeColorRGB(*rgb(l.stroke))
    canvas.setLineWidth(l.width)
    canvas.setLineCap(1)
    canvas.line(x0 + l.x1, top - l.y1, x0 + l.x2, top - l.y2)


def _path(canvas, p: op.Path, x0, top):
    fill, stroke = _style(canvas, p.fill, p.stroke, p.width)
    canvas.setLineJoin(1)
    canvas.setLineCap(1)
    canvas.drawPath(_outline(canvas, p.segments, x0, top), stroke=stroke, fill=fill)


def _outline(canvas, segments, x0, top):
    path = canvas.beginPath()
    for seg in segments:
        if seg[0] == "M":
            path.moveTo(x0 + seg[1], top - seg[2])
        elif seg[0] == "L":
            path.lineTo(x0 + seg[1], top - seg[2])
        elif seg[0] == "C":
            path.curveTo(x0 + seg[1], top - seg[2], x0 + seg[3], top - seg[4], x0 + seg[5], top - seg[6])
        else:
            path.close()
    return path


def _text(canvas, t: op.Text, x0, top):
    # a character the font lacks: pdfdoc.Canvas draws it in the fallback font
    canvas.setFillColorRGB(*rgb(t.color))
    canvas.setFont(fonts.pdf_name(t.font), t.size)
    if t.outline or t.spacing:
        _styled_text(canvas, t, x0, top)
        return
    draw = {"left": canvas.drawString, "center": canvas.drawCentredString,
            "right": canvas.drawRightString}[t.align]
    draw(x0 + t.x, top - t.y, t.text)


def _styled_text(canvas, t: op.Text, x0, top):
    """Text spaced out, or outlined: the outline stroked first and the letters filled over
    it, so it shows outline_width outside them (as the PNG draws it)."""
    x = x0 + t.x - ALIGNED[t.align] * text_width(t)
    if t.outline and t.outline_width > 0:
        canvas.saveState()
        canvas.setStrokeColorRGB(*rgb(t.outline))
        canvas.setLineWidth(2 * t.outline_width)
        canvas.setLineJoin(1)
        canvas.drawString(x, top - t.y, t.text, mode=1, charSpace=t.spacing)
        canvas.restoreState()
    canvas.drawString(x, top - t.y, t.text, charSpace=t.spacing)


def _image(canvas, i: op.Image, x0, top):
    if is_svg(i.path):
        svgdraw.draw_pdf(canvas, i, x0, top)
        return
    reader = ImageReader(str(i.path))
    if i.fit != "cover":
        canvas.drawImage(reader, x0 + i.x, top - i.y - i.h, i.w, i.h,
                         preserveAspectRatio=i.fit == "contain", anchor="c", mask="auto")
        return
    # Cover: scale to fill the box, centred, and clip what overflows (as the PNG crops it).
    width, height = reader.getSize()
    ratio = max(i.w / width, i.h / height)
    w, h = width * ratio, height * ratio
    canvas.saveState()
    box = canvas.beginPath()
    box.rect(x0 + i.x, top - i.y - i.h, i.w, i.h)
    canvas.clipPath(box, stroke=0, fill=0)
    canvas.drawImage(reader, x0 + i.x + (i.w - w) / 2, top - i.y - i.h + (i.h - h) / 2, w, h, mask="auto")
    canvas.restoreState()


def _group(canvas, g: op.Group, x0, top):
    """Children keep drawing in face coordinates (x0 + x, top - y); the canvas matrix is the
    group's transform conjugated by that flip, so they land where the transform puts them."""
    a, b, c, d, e, f = g.transform
    canvas.saveState()
    canvas.transform(a, -b, -c, d, x0 - a * x0 + c * top + e, top + b * x0 - d * top - f)
    if g.opacity < 1:
        canvas.setFillAlpha(g.opacity)
        canvas.setStrokeAlpha(g.opacity)
    if g.clip is not None:
        if isinstance(g.clip, op.Rect):
            clip = canvas.beginPath()
            r = g.clip
            if r.radius > 0:
                clip.roundRect(x0 + r.x, top - r.y - r.h, r.w, r.h, r.radius)
            else:
                clip.rect(x0 + r.x, top - r.y - r.h, r.w, r.h)
        else:
            clip = _outline(canvas, g.clip.segments, x0, top)
        canvas.clipPath(clip, stroke=0, fill=0)
    _draw_ops(canvas, g.ops, x0, top)
    canvas.restoreState()


CAPS = {"butt": 0, "round": 1, "square": 2}
JOINS = {"miter": 0, "round": 1, "bevel": 2}


def _styled(canvas, item, x0, top):
    """A shape with a gradient fill or a dashed, capped or joined stroke, through its
    outline; the graphics state saved around it, so no later op inherits its style."""
    outline = _outline(canvas, outline_of(item), x0, top)
    fill = getattr(item, "fill", None)
    if fill:
        canvas.saveState()
        if isinstance(fill, str):
            canvas.setFillColorRGB(*rgb(fill))
            canvas.drawPath(outline, stroke=0, fill=1)
        else:
            canvas.clipPath(outline, stroke=0, fill=0)
            _gradient(canvas, fill, x0, top)
        canvas.restoreState()
    if item.stroke and item.width > 0:
        cap, join = stroke_ends(item)
        canvas.saveState()
        canvas.setStrokeColorRGB(*rgb(item.stroke))
        canvas.setLineWidth(item.width)
        canvas.setLineCap(CAPS[cap])
        canvas.setLineJoin(JOINS[join])
        if item.dash:
            canvas.setDash(list(item.dash), 0)
        canvas.drawPath(outline, stroke=1, fill=0)
        canvas.restoreState()


def _gradient(canvas, g: op.Gradient, x0, top):
    """Shade the clipped area; its ends carry on past the gradient's (extend)."""
    x, y, w, h = g.box
    cx, cy = x0 + x + w / 2, top - y - h / 2
    colors = [Color(*rgb(c)) for c in g.colors]
    if g.kind == "radial":
        canvas.radialGradient(cx, cy, max(w, h) / 2 or 1.0, colors)
        return
    ux, uy = math.cos(math.radians(g.angle)), math.sin(math.radians(g.angle))
    half = (abs(w * ux) + abs(h * uy) or 1.0) / 2
    canvas.linearGradient(cx - ux * half, cy + uy * half, cx + ux * half, cy - uy * half, colors)


def _either(plain):
    """The op's own drawing, or the styled one when it asks for what the drawing keys added."""
    return lambda canvas, item, x0, top: (_styled if styled(item) else plain)(canvas, item, x0, top)


_DRAW = {op.Rect: _either(_rect), op.Ellipse: _either(_ellipse), op.Line: _either(_line),
         op.Path: _either(_path), op.Text: _text, op.Image: _image, op.Group: _group}
