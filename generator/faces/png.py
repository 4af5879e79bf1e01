"""Draw a FaceDrawing into a Pillow image (a PNG for print shops: pngfile.py writes it).

Pillow draws shapes without anti-aliasing. Rather than drawing the whole card at a higher
resolution (which costs as much as encoding the PNG), each curved or slanted shape is drawn
into a small coverage mask at SUPERSAMPLE times the resolution, reduced, and used to paint
its colour; axis-aligned rectangles and text (FreeType smooths glyphs) go straight on."""

from __future__ import annotations

import math

from PIL import Image, ImageDraw

from ..text import fonts
from ..text.fit import ALIGNED, text_width
from .. import ops as op
from ..svgart import is_svg
from . import png_group, png_paint, svgdraw
from ..geometry.shapes import outline_of, styled

SUPERSAMPLE = 4
LARGE_MASK = 400_000  # pixels; bigger shapes are smoothed at 2x to keep masks small
EDGES_ONLY = 4  # a box-shaped figure is smoothed along its edges only where they are a 4th of it at most
CURVE_STEP = 2.0  # pt: curves are flattened into chords about this long (< 0.25 px off at 300 dpi)
PNG_POINT_PX = 300 / 72  # the chords keep the length on the image they have at 300 dpi


def render(drawing: op.FaceDrawing, dpi: float = 300, bleed: float | None = None) -> Image.Image:
    """Rasterise at dpi. bleed (points) crops or pads the drawing's own bleed to a shop's."""
    bleed = drawing.bleed if bleed is None else bleed
    trim_w, trim_h = drawing.width - 2 * drawing.bleed, drawing.height - 2 * drawing.bleed
    size = (round((trim_w + 2 * bleed) * dpi / 72), round((trim_h + 2 * bleed) * dpi / 72))
    scale = dpi / 72
    shift = (bleed - drawing.bleed) * scale
    pen = _Pen(Image.new("RGB", size, "#FFFFFF"), scale, shift, shift)
    pen.paint(drawing.ops)
    return pen.image


class _Pen:
    """Draws into `image`, a point (x, y) of the face landing on pixel
    (x · scale + ox, y · scale + oy)."""

    def __init__(self, image: Image.Image, scale: float, ox: float, oy: float):
        self.image = image
        self.draw = ImageDraw.Draw(image)
        self.scale = scale  # pixels per point
        self.ox, self.oy = ox, oy

    def xy(self, x: float, y: float) -> tuple[float, float]:
        return x * self.scale + self.ox, y * self.scale + self.oy

    def matrix(self) -> op.Matrix:
        """Points to pixels, as an affine matrix."""
        return (self.scale, 0.0, 0.0, self.scale, self.ox, self.oy)

    def on(self, image: Image.Image, scale: float, ox: float, oy: float) -> "_Pen":
        """A pen like this one for another image or mapping (a group's children)."""
        return _Pen(image, scale, ox, oy)

    def paint(self, ops) -> None:
        for item in ops:
            _DRAW[type(item)](self, item)

    def smooth(self, color, bounds: tuple[float, float, float, float], paint) -> None:
        """Paint `color` (or a gradient) through a coverage mask: paint(draw, map_xy, factor)
        draws the shape in white on the mask, mapping point coordinates with map_xy; factor =
        mask px per px."""
        region = self.region(bounds)
        if region is not None:
            self._masked(color, region[0], region[1], paint)

    def smooth_edges(self, color, bounds: tuple[float, float, float, float], corner: float,
                     ring: float | None, paint) -> None:
        """smooth() for a box-shaped figure, filled (ring None) or its outline (ring: the
        stroke's width in pixels), corner: how deep its corners reach in pixels. Only the
        pixels along its edges go through masks, rows at the top and bottom as deep as the
        corners, a few columns at the sides; those inside a fill are painted plain, those inside an
        outline left. Every pixel is in one mask (at the supersampling of the largest, finer
        than one mask over it all may be): a card's border smoothed whole was a fifth of its
        face's drawing."""
        region = self.region(bounds)
        if region is None:
            return
        (left, top, right, bottom), factor, _ = region
        # Rows holding the corners' curves. Pillow draws a corner as a quarter of an ellipse
        # twice its depth, and where the top of that ellipse lies off the mask (not its
        # bottom) it draws other pixels: the bottom rows reach up to it.
        top_rows, bottom_rows = math.ceil(corner) + 3, math.ceil(2 * corner) + 3
        side = math.ceil(ring or 0) + 3  # columns holding a straight side
        width, height = right - left, bottom - top
        # Each edge's mask has the whole figure drawn on it: worth it when they are small
        if not isinstance(color, str) \
                or (width * (top_rows + bottom_rows) + 2 * side * height) * EDGES_ONLY > width * height:
            self._masked(color, (left, top, right, bottom), factor, paint)
            return
        factor = _supersampling(width * bottom_rows)  # the masks are small: finer than the whole's may be
        middle = (top + top_rows, bottom - bottom_rows)
        for box in ((left, top, right, middle[0]), (left, middle[1], right, bottom),
                    (left, middle[0], left + side, middle[1]), (right - side, middle[0], right, middle[1])):
            self._masked(color, box, factor, paint)
        if ring is None:
            self.draw.rectangle([left + side, middle[0], right - side - 1, middle[1] - 1], fill=color)

    def _masked(self, color, box: tuple[int, int, int, int], factor: int, paint) -> None:
        """Paint color through the coverage mask of the pixels `box` at `factor` (smooth())."""
        left, top, right, bottom = box
        mask = Image.new("L", ((right - left) * factor, (bottom - top) * factor), 0)
        paint(ImageDraw.Draw(mask), self._onto_mask(left, top, factor), factor)
        self.paste(color, box, mask.reduce(factor))

    def region(self, bounds: tuple[float, float, float, float]):
        """The pixels a shape within `bounds` may cover, the mask's supersampling over them and
        the mapping of points onto the mask; None when it lies off the image."""
        x0, y0, x1, y1 = bounds
        left, top = max(0, math.floor(x0) - 1), max(0, math.floor(y0) - 1)
        right = min(self.image.width, math.ceil(x1) + 1)
        bottom = min(self.image.height, math.ceil(y1) + 1)
        if right <= left or bottom <= top:
            return None
        factor = _supersampling((right - left) * (bottom - top))
        return (left, top, right, bottom), factor, self._onto_mask(left, top, factor)

    def _onto_mask(self, left: int, top: int, factor: int):
        """Points onto a mask of the pixels from (left, top) on, at factor."""
        def map_xy(x: float, y: float) -> tuple[float, float]:
            px, py = self.xy(x, y)
            return (px - left) * factor, (py - top) * factor
        return map_xy

    def paste(self, paint, box: tuple[int, int, int, int], mask: Image.Image) -> None:
        """A colour, or a gradient (ops.Gradient), through the mask onto the box's pixels."""
        if isinstance(paint, str):  # an image of the colour: Pillow pastes one through a mask a
            paint = Image.new(self.image.mode, mask.size, paint)  # quarter faster than the colour
        else:
            paint = png_paint.gradient_region(paint, self.matrix(), box)
        self.image.paste(paint, box, mask)

    def bounds(self, x: float, y: float, w: float, h: float, pad: float = 0) -> tuple[float, float, float, float]:
        x0, y0 = self.xy(x - pad, y - pad)
        return x0, y0, x0 + (w + 2 * pad) * self.scale, y0 + (h + 2 * pad) * self.scale


def _supersampling(area: int) -> int:
    """The supersampling of a mask over `area` pixels: coarser for a large one."""
    return SUPERSAMPLE if area * SUPERSAMPLE ** 2 <= LARGE_MASK * 4 else 2


def _box(map_xy, x, y, w, h) -> list[float]:
    x0, y0 = map_xy(x, y)
    x1, y1 = map_xy(x + w, y + h)
    return [x0, y0, x1, y1]


def _shape(pen: _Pen, x, y, w, h, fill, stroke, width, draw_shape, corner: float = 0) -> None:
    """Fill then stroke a box-shaped figure; the stroke straddles the outline as in PDF.
    corner: how deep its corners' curves reach (points)."""
    if fill:
        pen.smooth_edges(fill, pen.bounds(x, y, w, h), corner * pen.scale, None,
                         lambda d, m, f: draw_shape(d, _box(m, x, y, w, h), f, fill=255))
    if stroke and width > 0:
        half = width / 2

        def outline(d, m, f):
            draw_shape(d, _box(m, x - half, y - half, w + width, h + width), f,
                       outline=255, width=max(1, round(width * pen.scale * f)))

        pen.smooth_edges(stroke, pen.bounds(x, y, w, h, pad=half), (width + corner) * pen.scale,
                         width * pen.scale, outline)


def _rect(pen: _Pen, r: op.Rect):
    if r.radius <= 0 and not r.stroke:
        x0, y0 = pen.xy(r.x, r.y)
        x1, y1 = pen.xy(r.x + r.w, r.y + r.h)
        pen.draw.rectangle([round(x0), round(y0), round(x1) - 1, round(y1) - 1], fill=r.fill)
        return

    def draw_shape(d, box, factor, **style):
        # In 64ths of a pixel: Pillow places the corners at the box's rounded edge minus the
        # diameter, and a diameter with more bits than a float keeps past the point rounds
        # one way far down a mask and the other near its top (smooth_edges' masks must agree)
        radius = round((r.radius + (style.get("width", 0) and r.width / 2)) * pen.scale * factor * 64) / 64
        if radius > 0:
            d.rounded_rectangle(box, radius=radius, **style)
        else:
            d.rectangle(box, **style)

    _shape(pen, r.x, r.y, r.w, r.h, r.fill, r.stroke, r.width, draw_shape, corner=r.radius)


def _ellipse(pen: _Pen, e: op.Ellipse):
    _shape(pen, e.x, e.y, e.w, e.h, e.fill, e.stroke, e.width,
           lambda d, box, factor, **style: d.ellipse(box, **style), corner=max(e.w, e.h) / 2)


def _polyline(d, points, width: int, closed: bool, corners=None) -> None:
    """A stroked line with round joins and caps, as the PDF draws it. Joins are discs at the
    path's vertices: at every point of a thick line (Pillow's segments leave notches where
    they meet), only at the path's own vertices (`corners`) for a thin one. Pillow's own
    joint="curve" gives the same result at several times the cost."""
    if width >= 6:
        corners = None
    if closed:
        points = points + points[:1]
    d.line(points, fill=255, width=width)
    radius = width / 2
    if radius < 1:
        return
    for index in (range(len(points)) if corners is None else corners):
        x, y = points[index]
        d.ellipse([x - radius, y - radius, x + radius, y + radius], fill=255)


def _line(pen: _Pen, l: op.Line):
    half = l.width / 2
    x, y = min(l.x1, l.x2), min(l.y1, l.y2)
    bounds = pen.bounds(x, y, abs(l.x2 - l.x1), abs(l.y2 - l.y1), pad=half)
    pen.smooth(l.stroke, bounds, lambda d, m, f: _polyline(
        d, [m(l.x1, l.y1), m(l.x2, l.y2)], max(1, round(l.width * pen.scale * f)), closed=False))


def flatten(segments) -> list[tuple[list[tuple[float, float]], bool]]:
    """Path segments -> [(points, closed)], curves flattened into short lines."""
    return [(points, closed) for points, closed, _ in flatten_with_corners(segments)]


def flatten_with_corners(segments, step: float = CURVE_STEP) -> list[tuple[list, bool, list[int]]]:
    """Like flatten, plus the indices of the path's own vertices (not curve samples); curves
    become chords about `step` long, in the path's own units."""
    subpaths: list = []
    points: list = []
    corners: list = []
    for seg in segments:
        kind = seg[0]
        if kind == "M":
            if points:
                subpaths.append((points, False, corners))
            points, corners = [(seg[1], seg[2])], [0]
        elif kind == "L":
            points.append((seg[1], seg[2]))
            corners.append(len(points) - 1)
        elif kind == "C":
            x0, y0 = points[-1]
            x1, y1, x2, y2, x3, y3 = seg[1:]
            hull = math.dist((x0, y0), (x1, y1)) + math.dist((x1, y1), (x2, y2)) + math.dist((x2, y2), (x3, y3))
            steps = max(2, min(32, math.ceil(hull / step)))
            for i in range(1, steps + 1):
                t = i / steps
                u = 1 - t
                points.append((u ** 3 * x0 + 3 * u * u * t * x1 + 3 * u * t * t * x2 + t ** 3 * x3,
                               u ** 3 * y0 + 3 * u * u * t * y1 + 3 * u * t * t * y2 + t ** 3 * y3))
            corners.append(len(points) - 1)
        elif kind == "Z":
            if points:
                subpaths.append((points, True, corners))
            points, corners = [], []
    if points:
        subpaths.append((points, False, corners))
    return subpaths


def _path(pen: _Pen, p: op.Path):
    # Chords as long on the image whatever the path's units: a suit drawn in a unit box
    # and scaled up by its group would otherwise come out as a polygon.
    subpaths = flatten_with_corners(p.segments, CURVE_STEP * PNG_POINT_PX / pen.scale)
    every = [pt for points, _, _ in subpaths for pt in points]
    if not every:
        return
    xs, ys = [x for x, _ in every], [y for _, y in every]
    pad = p.width / 2 if p.stroke else 0
    bounds = pen.bounds(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys), pad=pad)
    if p.fill:
        def fill(d, m, f):
            for points, _, _ in subpaths:
                if len(points) >= 3:
                    d.polygon([m(x, y) for x, y in points], fill=255)
        pen.smooth(p.fill, bounds, fill)
    if p.stroke:
        def stroke(d, m, f):
            width = max(1, round(p.width * pen.scale * f))
            for points, closed, corners in subpaths:
                if len(points) >= 2:
                    _polyline(d, [m(x, y) for x, y in points], width, closed, corners)
        pen.smooth(p.stroke, bounds, stroke)


def _text(pen: _Pen, t: op.Text):
    pixels = round(t.size * pen.scale * 4) / 4
    if t.outline or t.spacing:
        _styled_text(pen, t, pixels)
        return
    if not fonts.covers(t.font, t.text):  # what the font lacks in the fallback, placed as the PDF does
        pieces = fonts.segments(t.text, t.font)
        x = t.x - {"left": 0, "center": 0.5, "right": 1}[t.align] * sum(
            fonts.string_width(piece, font, t.size) for piece, font in pieces)
        for piece, font in pieces:
            pen.draw.text(pen.xy(x, t.y), piece, fill=t.color, font=fonts.pillow_font(font, pixels), anchor="ls")
            x += fonts.string_width(piece, font, t.size)
        return
    anchor = {"left": "ls", "center": "ms", "right": "rs"}[t.align]
    pen.draw.text(pen.xy(t.x, t.y), t.text, fill=t.color, font=fonts.pillow_font(t.font, pixels), anchor=anchor)


def _styled_text(pen: _Pen, t: op.Text, pixels: float) -> None:
    """Text spaced out letter by letter, or outlined: the outline (the letters grown by
    outline_width) under the letters, as the PDF draws it."""
    font = fonts.pillow_font(t.font, pixels)
    left = t.x - ALIGNED[t.align] * text_width(t)
    places = []
    for ch in t.text if t.spacing else [t.text]:
        places.append((pen.xy(left, t.y), ch))
        left += fonts.string_width(ch, t.font, t.size) + t.spacing
    if t.outline and t.outline_width > 0:
        grow = t.outline_width * pen.scale
        for xy, ch in places:
            pen.draw.text(xy, ch, fill=t.outline, font=font, anchor="ls", stroke_width=grow, stroke_fill=t.outline)
    for xy, ch in places:
        pen.draw.text(xy, ch, fill=t.color, font=font, anchor="ls")


def _image(pen: _Pen, i: op.Image):
    x0, y0 = pen.xy(i.x, i.y)
    box_w, box_h = round(i.w * pen.scale), round(i.h * pen.scale)
    if is_svg(i.path):  # drawn at its size, from vectors (the cover's overflow never drawn)
        picture = svgdraw.raster(str(i.path), box_w, box_h, i.fit)
        pen.image.paste(picture, (round(x0 + (box_w - picture.width) / 2),
                                  round(y0 + (box_h - picture.height) / 2)), picture)
        return
    with Image.open(i.path) as source:
        picture = source.convert("RGBA")
    size = svgdraw.fitted_size(picture.size, box_w, box_h, i.fit)
    picture = picture.resize(size, Image.LANCZOS)
    left, top = round(x0 + (box_w - size[0]) / 2), round(y0 + (box_h - size[1]) / 2)
    if i.fit == "cover":  # crop what overflows the box
        dx, dy = round(x0) - left, round(y0) - top
        picture = picture.crop((dx, dy, dx + box_w, dy + box_h))
        left, top = round(x0), round(y0)
    pen.image.paste(picture, (left, top), picture)


def _styled(pen: _Pen, item) -> None:
    """A shape with a gradient fill or a dashed, capped or joined stroke (png_paint.py)."""
    subpaths = [(points, closed) for points, closed, _ in
                flatten_with_corners(outline_of(item), CURVE_STEP * PNG_POINT_PX / pen.scale)]
    png_paint.draw_styled(pen, item, subpaths)


def _either(plain):
    """The op's own drawing, or the styled one when it asks for what the drawing keys added."""
    return lambda pen, item: _styled(pen, item) if styled(item) else plain(pen, item)


_DRAW = {op.Rect: _either(_rect), op.Ellipse: _either(_ellipse), op.Line: _either(_line),
         op.Path: _either(_path), op.Text: _text, op.Image: _image, op.Group: png_group.draw}
