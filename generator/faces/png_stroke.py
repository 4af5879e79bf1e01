"""A stroke as the PDF draws it, for the Pillow backend: dashed along the outline, with butt,
round or square ends and miter, round or bevel corners. The outline (already flattened into
points) becomes polygons and discs that cover the stroke; png.py paints them into a coverage
mask, as it does every shape. Used for the strokes that ask for a dash, cap or join; those
that do not are drawn as before."""

from __future__ import annotations

import math

MITER_LIMIT = 10.0  # the PDF's default: sharper corners than this are bevelled
MAX_DASH_PIECES = 50_000  # a hair-thin dash along a long outline: drawn solid past this


def pieces(points: list, closed: bool, dash: tuple[float, ...]) -> list[tuple[list, bool]]:
    """The outline cut into the dashes of the pattern (on, off, ...), as [(points, closed)]."""
    if closed:
        points = points + points[:1]
    if not dash:
        return [(points, closed)]
    total = sum(math.dist(a, b) for a, b in zip(points, points[1:]))
    if total / max(sum(dash), 1e-9) * len(dash) > MAX_DASH_PIECES:
        return [(points, closed)]
    out, current = [], [points[0]]
    index, left, on = 0, dash[0], True
    for a, b in zip(points, points[1:]):
        seg = math.dist(a, b)
        at = 0.0
        while seg - at > left:
            at += left
            t = at / seg
            point = (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)
            if on:
                out.append((current + [point], False))
            current = [point]
            index = (index + 1) % len(dash)
            left, on = dash[index], not on
        left -= seg - at
        if on:
            current.append(b)
    if on and len(current) >= 1:
        out.append((current, False))
    return [(piece, False) for piece, _ in out]


def _unit(a, b) -> tuple[float, float] | None:
    d = math.dist(a, b)
    return ((b[0] - a[0]) / d, (b[1] - a[1]) / d) if d > 1e-12 else None


def cover(points: list, closed: bool, half: float, cap: str, join: str, heading=None) -> tuple[list, list]:
    """Polygons and discs (cx, cy, r) covering a stroke `2 * half` wide along the points.
    `heading`: the direction of a dash too short to have one of its own."""
    polygons, discs = [], []
    pts = [p for i, p in enumerate(points) if i == 0 or math.dist(p, points[i - 1]) > 1e-12]
    if closed and len(pts) > 2 and math.dist(pts[0], pts[-1]) <= 1e-12:
        pts = pts[:-1]
    closed = closed and len(pts) > 2
    dirs = [_unit(a, b) for a, b in zip(pts, pts[1:] + (pts[:1] if closed else []))]
    for (a, b), (ux, uy) in zip(zip(pts, pts[1:] + (pts[:1] if closed else [])), dirs):
        nx, ny = -uy * half, ux * half
        polygons.append([(a[0] + nx, a[1] + ny), (b[0] + nx, b[1] + ny), (b[0] - nx, b[1] - ny), (a[0] - nx, a[1] - ny)])
    corners = range(len(pts)) if closed else range(1, len(pts) - 1)
    for i in corners:
        before, after = dirs[i - 1], dirs[i % len(dirs)]
        _corner(pts[i], before, after, half, join, polygons, discs)
    if not closed:
        start = dirs[0] if dirs else heading
        end = dirs[-1] if dirs else heading
        if start is not None:
            _cap(pts[0], (-start[0], -start[1]), half, cap, polygons, discs)
            _cap(pts[-1], end, half, cap, polygons, discs)
        elif cap == "round":
            discs.append((*pts[0], half))
    return polygons, discs


def _corner(v, d1, d2, half, join, polygons, discs) -> None:
    if join == "round":
        discs.append((v[0], v[1], half))
        return
    n1, n2 = (-d1[1], d1[0]), (-d2[1], d2[0])
    cos = n1[0] * n2[0] + n1[1] * n2[1]
    for side in (1, -1):
        a = (v[0] + side * n1[0] * half, v[1] + side * n1[1] * half)
        b = (v[0] + side * n2[0] * half, v[1] + side * n2[1] * half)
        if join == "miter" and cos > -1 + 1e-9 and 1 / math.sqrt((1 + cos) / 2) <= MITER_LIMIT:
            k = side * half / (1 + cos)
            polygons.append([v, a, (v[0] + k * (n1[0] + n2[0]), v[1] + k * (n1[1] + n2[1])), b])
        else:
            polygons.append([v, a, b])


def _cap(p, out, half, cap, polygons, discs) -> None:
    """The end of a stroke at p, `out` the direction leaving it."""
    if cap == "round":
        discs.append((p[0], p[1], half))
    elif cap == "square":
        nx, ny = -out[1] * half, out[0] * half
        ex, ey = p[0] + out[0] * half, p[1] + out[1] * half
        polygons.append([(p[0] + nx, p[1] + ny), (ex + nx, ey + ny), (ex - nx, ey - ny), (p[0] - nx, p[1] - ny)])


def stroke_shapes(subpaths, half: float, dash, cap: str, join: str) -> tuple[list, list]:
    """Every polygon and disc of a styled stroke along the subpaths [(points, closed)]."""
    polygons, discs = [], []
    for points, closed in subpaths:
        heading = next((u for a, b in zip(points, points[1:]) if (u := _unit(a, b))), (1.0, 0.0))
        for piece, piece_closed in pieces(list(points), closed, dash):
            if piece:
                more_polygons, more_discs = cover(piece, piece_closed, half, cap, join, heading)
                polygons += more_polygons
                discs += more_discs
    return polygons, discs
