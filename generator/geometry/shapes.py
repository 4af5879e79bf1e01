"""Outlines of the drawn shapes as path segments of ops.Path, in points on the face: regular
polygons and stars inscribed in a box, arcs and pies of the ellipse a box holds, rounded
rectangles and ellipses (for a dashed stroke). Angles are degrees clockwise from twelve
o'clock, as `rotate` turns and a clock reads; with y growing downwards that is the
mathematical angle minus 90 degrees."""

from __future__ import annotations

import math

from .svgpath import ellipse_curves

Box = tuple[float, float, float, float]


def _on_ellipse(box: Box, degrees: float, ratio: float = 1.0) -> tuple[float, float]:
    x, y, w, h = box
    a = math.radians(degrees - 90)
    return x + w / 2 + ratio * w / 2 * math.cos(a), y + h / 2 + ratio * h / 2 * math.sin(a)


def closed(points) -> tuple[tuple, ...]:
    """A closed outline through `points`."""
    first, *rest = points
    return (("M", *first), *(("L", *p) for p in rest), ("Z",))


def regular(box: Box, sides: int) -> tuple[tuple, ...]:
    """A regular polygon in the ellipse of the box, a corner at the top."""
    return closed([_on_ellipse(box, 360 * i / sides) for i in range(sides)])


def star(box: Box, tips: int, inner: float) -> tuple[tuple, ...]:
    """A star of `tips` points in the ellipse of the box, one up; its inner corners at
    `inner` times the outer radius."""
    return closed([_on_ellipse(box, 180 * i / tips, 1.0 if i % 2 == 0 else inner) for i in range(2 * tips)])


def arc(box: Box, start: float, end: float, pie: bool = False) -> tuple[tuple, ...]:
    """The ellipse of the box from `start` to `end` clockwise; a pie closes through the centre."""
    x, y, w, h = box
    sweep = (end - start) % 360 or 360.0
    curves = ellipse_curves(x + w / 2, y + h / 2, w / 2, h / 2, 0.0, math.radians(start - 90), math.radians(sweep))
    segments = [("M", *_on_ellipse(box, start))] + [("C", *c) for c in curves]
    if pie and sweep < 360:
        segments = [("M", x + w / 2, y + h / 2), ("L", *segments[0][1:])] + segments[1:]
    return tuple(segments + ([("Z",)] if pie else []))


def ellipse(box: Box) -> tuple[tuple, ...]:
    return arc(box, 0, 360) + (("Z",),)


def rounded(box: Box, radius: float) -> tuple[tuple, ...]:
    """A rectangle, its corners rounded by `radius` (0: square), clockwise from the top-left."""
    x, y, w, h = box
    r = max(0.0, min(radius, w / 2, h / 2))
    if r == 0:
        return closed([(x, y), (x + w, y), (x + w, y + h), (x, y + h)])
    out: list[tuple] = [("M", x + r, y)]
    for cx, cy, angle in [(x + w - r, y + r, -90), (x + w - r, y + h - r, 0), (x + r, y + h - r, 90), (x + r, y + r, 180)]:
        out.append(("L", cx + r * math.cos(math.radians(angle)), cy + r * math.sin(math.radians(angle))))
        out += [("C", *c) for c in ellipse_curves(cx, cy, r, r, 0.0, math.radians(angle), math.pi / 2)]
    return tuple(out + [("Z",)])


def outline_of(item) -> tuple[tuple, ...]:
    """The outline of a drawn shape (ops.Rect, Ellipse, Line or Path) as path segments."""
    kind = type(item).__name__
    if kind == "Rect":
        return rounded((item.x, item.y, item.w, item.h), item.radius)
    if kind == "Ellipse":
        return ellipse((item.x, item.y, item.w, item.h))
    if kind == "Line":
        return (("M", item.x1, item.y1), ("L", item.x2, item.y2))
    return item.segments


def styled(item) -> bool:
    """True for a shape that asks for what the drawing keys added: a gradient fill, a dash,
    a cap or a join; such a shape is drawn through its outline in both backends."""
    fill = getattr(item, "fill", None)
    return bool(item.dash) or item.cap is not None or item.join is not None or \
        (fill is not None and not isinstance(fill, str))


def stroke_ends(item) -> tuple[str, str]:
    """The cap and join a styled stroke is drawn with: its own, else what the op drew
    before the drawing keys (square corners on boxes and ellipses, round ends on lines
    and paths; butt ends on a box's dashes, as a PDF draws them by default)."""
    boxy = type(item).__name__ in ("Rect", "Ellipse")
    return item.cap or ("butt" if boxy else "round"), item.join or ("miter" if boxy else "round")


MAX_DASHES = 20_000  # dashes along one element's outline: a hair-thin pattern round a mat


def dash_fault(item) -> str | None:
    """What is wrong with a stroke's dash pattern along its outline: too many dashes to draw."""
    if not item.dash or not getattr(item, "stroke", None):
        return None
    along, last = 0.0, None
    for seg in outline_of(item):  # the control polygon: at least as long as the outline
        if len(seg) > 1:
            for x, y in zip(seg[1::2], seg[2::2]):
                along += math.dist(last, (x, y)) if last and seg[0] != "M" else 0.0
                last = (x, y)
    dashes = along / sum(item.dash) * len(item.dash) / 2
    if dashes > MAX_DASHES:
        return (f"'dash' would cut its outline into about {dashes:,.0f} dashes; at most {MAX_DASHES:,}: "
                f"make the dashes longer")
    return None
