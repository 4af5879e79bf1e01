"""Cut and fold lines for the sheets a player cuts out (the totem, the track's markers):
cut lines solid, fold lines dashed, the way paper crafts mark them, plus their labels."""

from __future__ import annotations

import math

from ... import ops as op

CUT = "#000000"
FOLD = "#555555"


def cut_rect(x: float, y: float, w: float, h: float, width: float, radius: float = 0.0) -> op.Rect:
    return op.Rect(x, y, w, h, None, CUT, width, radius)


def dashed(x1: float, y1: float, x2: float, y2: float, dash: float, width: float, ink: str = FOLD) -> list:
    """A dashed line from (x1, y1) to (x2, y2): dashes `dash` long with gaps as long,
    starting and ending on a dash."""
    length = math.hypot(x2 - x1, y2 - y1)
    count = max(1, int(length / (2 * dash)))
    step = length / (2 * count + 1) if count else length
    ux, uy = (x2 - x1) / length, (y2 - y1) / length
    out = []
    for i in range(count + 1):
        a, b = 2 * i * step, min(length, (2 * i + 1) * step)
        out.append(op.Line(x1 + ux * a, y1 + uy * a, x1 + ux * b, y1 + uy * b, ink, width))
    return out


def scissors(x: float, y: float, size: float, ink: str = CUT) -> op.Group:
    """A pair of open scissors pointing right, in a box `size` wide at (x, y)."""
    blades = (op.Line(0.3, 0.3, 1.0, 0.62, ink, 0.07), op.Line(0.3, 0.7, 1.0, 0.38, ink, 0.07),
              op.Ellipse(0.0, 0.08, 0.3, 0.3, None, ink, 0.07), op.Ellipse(0.0, 0.62, 0.3, 0.3, None, ink, 0.07))
    return op.Group(blades, op.compose(op.scale(size), op.translate(x, y)))
