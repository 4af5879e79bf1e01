"""The shapes a piece may be cut to (a component's `shape`): its outline in a box, as path
segments (("M", x, y), ("L", x, y), ("C", x1, y1, x2, y2, x, y), ("Z",)) that the cut guides
on the sheets draw and the print-shop PNGs' masks fill.

A rectangle is the default and draws as before. `round` is the ellipse the box holds (a disc
in a square), `hex` the hexagon whose corners touch the middle of the box's short sides (a
regular one in a box of 2 : √3, flat sides along the long ones), `rounded` a rectangle with
rounded corners of radius `corner`."""

from __future__ import annotations

import math

SHAPES = ("rectangle", "round", "hex", "rounded")
KAPPA = 4 * (math.sqrt(2) - 1) / 3  # a quarter ellipse as one cubic Bézier


def outline(shape: str, x: float, y: float, w: float, h: float, corner: float = 0.0) -> list[tuple]:
    """The closed outline of `shape` in the box (x, y, w, h) (either way up: every shape is
    symmetric about both middles of its box)."""
    if shape == "round":
        return _rounded(x, y, w, h, w / 2, h / 2)
    if shape == "hex":
        return _polygon(hexagon(x, y, w, h))
    if shape == "rounded":
        radius = max(0.0, min(corner, w / 2, h / 2))
        return _rounded(x, y, w, h, radius, radius)
    return _polygon([(x, y), (x + w, y), (x + w, y + h), (x, y + h)])


def hexagon(x: float, y: float, w: float, h: float) -> list[tuple[float, float]]:
    """Corners at the middles of the short sides, flat along the long ones."""
    if w >= h:
        return [(x, y + h / 2), (x + w / 4, y), (x + 3 * w / 4, y), (x + w, y + h / 2),
                (x + 3 * w / 4, y + h), (x + w / 4, y + h)]
    return [(x + w / 2, y), (x + w, y + h / 4), (x + w, y + 3 * h / 4), (x + w / 2, y + h),
            (x, y + 3 * h / 4), (x, y + h / 4)]


def grown(shape: str, x: float, y: float, w: float, h: float, corner: float, by: float) -> list[tuple]:
    """The outline moved `by` outwards (the shape plus its bleed): a rounded shape's corners
    grow by `by`, a hexagon's sides move out parallel to themselves."""
    if shape == "hex":
        return _polygon(_offset(hexagon(x, y, w, h), by))
    if shape == "round":
        return outline(shape, x - by, y - by, w + 2 * by, h + 2 * by)
    return outline(shape, x - by, y - by, w + 2 * by, h + 2 * by, corner + by)


def _offset(points: list[tuple[float, float]], by: float) -> list[tuple[float, float]]:
    """A convex polygon's sides each moved `by` along their outward normals, meeting again."""
    count = len(points)
    cx, cy = sum(p[0] for p in points) / count, sum(p[1] for p in points) / count
    lines = []
    for (x1, y1), (x2, y2) in zip(points, points[1:] + points[:1]):
        nx, ny = y2 - y1, x1 - x2
        length = math.hypot(nx, ny)
        nx, ny = nx / length, ny / length
        if nx * (x1 - cx) + ny * (y1 - cy) < 0:  # point the normal away from the centre
            nx, ny = -nx, -ny
        lines.append((nx, ny, nx * x1 + ny * y1 + by))  # the side as n · p = c
    corners = []
    for (a1, b1, c1), (a2, b2, c2) in zip(lines[-1:] + lines[:-1], lines):
        det = a1 * b2 - a2 * b1
        corners.append(((c1 * b2 - c2 * b1) / det, (a1 * c2 - a2 * c1) / det))
    return corners


def _polygon(points: list[tuple[float, float]]) -> list[tuple]:
    return [("M", *points[0])] + [("L", *p) for p in points[1:]] + [("Z",)]


def _rounded(x: float, y: float, w: float, h: float, rx: float, ry: float) -> list[tuple]:
    """A rectangle whose corners are quarter ellipses of radii rx, ry (w/2, h/2: an ellipse)."""
    kx, ky = rx * KAPPA, ry * KAPPA
    right, bottom = x + w, y + h
    return [("M", x + rx, y), ("L", right - rx, y),
            ("C", right - rx + kx, y, right, y + ry - ky, right, y + ry), ("L", right, bottom - ry),
            ("C", right, bottom - ry + ky, right - rx + kx, bottom, right - rx, bottom), ("L", x + rx, bottom),
            ("C", x + rx - kx, bottom, x, bottom - ry + ky, x, bottom - ry), ("L", x, y + ry),
            ("C", x, y + ry - ky, x + rx - kx, y, x + rx, y), ("Z",)]
