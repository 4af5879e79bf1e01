"""The squib art's pen: its palette, colour mixing, and shapes drawn in design units.

A Frame maps design units (the squib's 100 x 120 canvas, y down) to points, optionally
rotated about a pivot; the shape functions append ops.py operations through it.
"""

from __future__ import annotations

import math
from typing import Iterable

from ... import ops as op

DARK = "#2B2540"       # outlines and facial features
CREAM = "#FFFDF3"      # symbol disc, eye whites
TEETH = "#FFFFFF"
TONGUE = "#F2708A"
BLUSH = "#F59AAE"
TEAR = "#9FDCFF"
SPARK = "#FFE45C"
WOOD = "#B9874F"
FUSE = "#6B4E2E"
SMOKE = "#E4E1EA"
ANGER = "#E0312B"

OUTLINE = 2.0                       # design units
KAPPA = 0.5522847498                # Bezier circle constant


# -- colour helpers -------------------------------------------------------------------------

def mix(a: str, b: str, t: float) -> str:
    """Colour a moved a fraction t of the way to colour b (both '#RRGGBB')."""
    ra, rb = op.rgb(a), op.rgb(b)
    return "#%02X%02X%02X" % tuple(round(p + (q - p) * t) for p, q in zip(ra, rb))


def tint(ink: str, t: float) -> str:
    return mix(ink, "#FFFFFF", t)


def shade(ink: str, t: float) -> str:
    return mix(ink, DARK, t)


# -- geometry -------------------------------------------------------------------------------

class Frame:
    """Design units -> points: scale s, origin (ox, oy), optional rotation about a pivot."""

    def __init__(self, ox: float, oy: float, s: float, angle: float = 0.0,
                 pivot: tuple[float, float] = (50.0, 60.0)):
        self.ox, self.oy, self.s, self.angle, self.pivot = ox, oy, s, angle, pivot
        self._cos, self._sin = math.cos(math.radians(angle)), math.sin(math.radians(angle))

    def rotated(self, angle: float, pivot: tuple[float, float]) -> "Frame":
        return Frame(self.ox, self.oy, self.s, angle, pivot)

    def design(self, u: float, v: float) -> tuple[float, float]:
        """Where (u, v) lands in unrotated design units."""
        if not self.angle:
            return u, v
        pu, pv = self.pivot
        du, dv = u - pu, v - pv
        return pu + du * self._cos - dv * self._sin, pv + du * self._sin + dv * self._cos

    def pt(self, u: float, v: float) -> tuple[float, float]:
        u, v = self.design(u, v)
        return self.ox + u * self.s, self.oy + v * self.s

    def segs(self, segments: Iterable[tuple]) -> tuple[tuple, ...]:
        out = []
        for seg in segments:
            kind, coords = seg[0], seg[1:]
            mapped: list[float] = []
            for i in range(0, len(coords), 2):
                mapped.extend(self.pt(coords[i], coords[i + 1]))
            out.append((kind, *mapped))
        return tuple(out)

    def len(self, d: float) -> float:
        return d * self.s


def shape(ops, f: Frame, segments, fill=None, stroke=DARK, width=OUTLINE) -> None:
    ops.append(op.Path(f.segs(segments), fill, stroke, f.len(width)))


def oval_segs(cx, cy, rx, ry) -> list[tuple]:
    kx, ky = rx * KAPPA, ry * KAPPA
    return [("M", cx + rx, cy),
            ("C", cx + rx, cy + ky, cx + kx, cy + ry, cx, cy + ry),
            ("C", cx - kx, cy + ry, cx - rx, cy + ky, cx - rx, cy),
            ("C", cx - rx, cy - ky, cx - kx, cy - ry, cx, cy - ry),
            ("C", cx + kx, cy - ry, cx + rx, cy - ky, cx + rx, cy), ("Z",)]


def oval(ops, f: Frame, cx, cy, rx, ry, fill=None, stroke=DARK, width=OUTLINE) -> None:
    if f.angle:
        shape(ops, f, oval_segs(cx, cy, rx, ry), fill, stroke, width)
        return
    x, y = f.pt(cx - rx, cy - ry)
    ops.append(op.Ellipse(x, y, f.len(2 * rx), f.len(2 * ry), fill, stroke, f.len(width)))


def line(ops, f: Frame, u1, v1, u2, v2, color=DARK, width=OUTLINE) -> None:
    x1, y1 = f.pt(u1, v1)
    x2, y2 = f.pt(u2, v2)
    ops.append(op.Line(x1, y1, x2, y2, color, f.len(width)))


def polyline(points, closed=True) -> list[tuple]:
    segs = [("M", *points[0])] + [("L", *p) for p in points[1:]]
    return segs + [("Z",)] if closed else segs


def round_rect(x0, y0, x1, y1, r) -> list[tuple]:
    k = r * (1 - KAPPA)
    return [("M", x0 + r, y0), ("L", x1 - r, y0), ("C", x1 - k, y0, x1, y0 + k, x1, y0 + r),
            ("L", x1, y1 - r), ("C", x1, y1 - k, x1 - k, y1, x1 - r, y1),
            ("L", x0 + r, y1), ("C", x0 + k, y1, x0, y1 - k, x0, y1 - r),
            ("L", x0, y0 + r), ("C", x0, y0 + k, x0 + k, y0, x0 + r, y0), ("Z",)]


def star(cx, cy, r, points=4, inner=0.38, turn=-90.0) -> list[tuple]:
    pts = []
    for i in range(points * 2):
        rad = r if i % 2 == 0 else r * inner
        a = math.radians(turn + i * 180.0 / points)
        pts.append((cx + rad * math.cos(a), cy + rad * math.sin(a)))
    return polyline(pts)


def sparkle(ops, f: Frame, cx, cy, r, fill=SPARK) -> None:
    shape(ops, f, star(cx, cy, r, 4, 0.34), fill, DARK, OUTLINE * 0.7)

