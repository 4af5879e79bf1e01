"""The cults' emblems and the Squid, drawn in code as display-list ops.

Each emblem is drawn in a unit box (1 x 1, y down) in one ink, with `paper` for the cut-outs
(an eye's white, a jewel); emblem_ops places it in any square. The shapes differ in outline,
so cults are told apart in black-and-white print as well as by their inks.
"""

from __future__ import annotations

import math

from ... import ops as op

KAPPA = 0.5523  # a quarter circle as one cubic Bezier


def circle(cx: float, cy: float, r: float) -> tuple:
    """A circle as Path segments (so it can clip or join other outlines)."""
    k = KAPPA * r
    return (("M", cx, cy - r), ("C", cx + k, cy - r, cx + r, cy - k, cx + r, cy),
            ("C", cx + r, cy + k, cx + k, cy + r, cx, cy + r),
            ("C", cx - k, cy + r, cx - r, cy + k, cx - r, cy),
            ("C", cx - r, cy - k, cx - k, cy - r, cx, cy - r), ("Z",))


def polygon(points) -> tuple:
    first, *rest = points
    return (("M", *first),) + tuple(("L", *p) for p in rest) + (("Z",),)


def disc(cx: float, cy: float, r: float, fill: str) -> op.Ellipse:
    return op.Ellipse(cx - r, cy - r, 2 * r, 2 * r, fill)


def _eye(ink: str, paper: str) -> tuple:
    almond = (("M", 0.02, 0.5), ("C", 0.28, 0.12, 0.72, 0.12, 0.98, 0.5),
              ("C", 0.72, 0.88, 0.28, 0.88, 0.02, 0.5), ("Z",))
    return (op.Path(almond, ink), disc(0.5, 0.5, 0.22, paper), disc(0.5, 0.5, 0.14, ink),
            disc(0.56, 0.44, 0.045, paper))


def _shell(ink: str, paper: str) -> tuple:
    """A nautilus: a logarithmic spiral from the centre out to the rim, drawn thick."""
    turns, inner, outer = 2.5, 0.04, 0.45
    growth = math.log(outer / inner) / (turns * 2 * math.pi)
    points = []
    for step in range(0, 121):
        angle = step / 120 * turns * 2 * math.pi
        r = inner * math.exp(growth * angle)
        points.append((0.5 + r * math.cos(angle), 0.5 + r * math.sin(angle)))
    spiral = (("M", *points[0]),) + tuple(("L", *p) for p in points[1:])
    return (op.Path(spiral, None, ink, 0.08),)


def _trident(ink: str, paper: str) -> tuple:
    shaft = polygon([(0.46, 0.16), (0.54, 0.16), (0.54, 0.98), (0.46, 0.98)])
    middle = polygon([(0.5, 0.0), (0.6, 0.2), (0.4, 0.2)])
    bar = (("M", 0.14, 0.3), ("L", 0.23, 0.3), ("C", 0.23, 0.5, 0.77, 0.5, 0.77, 0.3), ("L", 0.86, 0.3),
           ("C", 0.86, 0.6, 0.14, 0.6, 0.14, 0.3), ("Z",))
    left = polygon([(0.185, 0.04), (0.27, 0.2), (0.23, 0.2), (0.23, 0.34), (0.14, 0.34), (0.14, 0.2), (0.1, 0.2)])
    right = polygon([(0.815, 0.04), (0.9, 0.2), (0.86, 0.2), (0.86, 0.34), (0.77, 0.34), (0.77, 0.2), (0.73, 0.2)])
    return tuple(op.Path(p, ink) for p in (shaft, middle, bar, left, right))


def _moon(ink: str, paper: str) -> tuple:
    # A crescent: the full disc clipped to what the offset disc leaves uncovered.
    return (op.Path(circle(0.5, 0.5, 0.46), ink), op.Path(circle(0.68, 0.4, 0.38), paper),
            disc(0.26, 0.62, 0.045, paper), disc(0.36, 0.78, 0.03, paper))


def _star(ink: str, paper: str) -> tuple:
    points = []
    for i in range(10):
        r = 0.5 if i % 2 == 0 else 0.2
        angle = math.radians(-90 + 36 * i)
        points.append((0.5 + r * math.cos(angle), 0.54 + r * math.sin(angle)))
    return (op.Path(polygon(points), ink),)


def _wave(ink: str, paper: str) -> tuple:
    out = []
    for row, y in enumerate((0.25, 0.5, 0.75)):
        out.append(op.Path((("M", 0.04, y), ("C", 0.16, y - 0.16, 0.29, y - 0.16, 0.38, y),
                            ("C", 0.47, y + 0.16, 0.6, y + 0.16, 0.7, y),
                            ("C", 0.79, y - 0.16, 0.9, y - 0.16, 0.96, y - 0.04)), None, ink, 0.09))
    return tuple(out)


def _crown(ink: str, paper: str) -> tuple:
    body = polygon([(0.08, 0.78), (0.08, 0.28), (0.3, 0.52), (0.5, 0.16), (0.7, 0.52), (0.92, 0.28), (0.92, 0.78)])
    band = polygon([(0.08, 0.83), (0.92, 0.83), (0.92, 0.93), (0.08, 0.93)])
    return (op.Path(body, ink), op.Path(band, ink), disc(0.08, 0.24, 0.06, ink), disc(0.5, 0.12, 0.06, ink),
            disc(0.92, 0.24, 0.06, ink), disc(0.5, 0.64, 0.07, paper), disc(0.27, 0.67, 0.045, paper),
            disc(0.73, 0.67, 0.045, paper))


def _pearl(ink: str, paper: str) -> tuple:
    shell = (("M", 0.04, 0.62), ("C", 0.1, 1.0, 0.9, 1.0, 0.96, 0.62), ("Z",))
    ribs = tuple(op.Line(0.5, 0.64, 0.5 + 0.42 * math.cos(a), 0.64 + 0.3 * math.sin(a), paper, 0.035)
                 for a in (math.radians(d) for d in (30, 60, 90, 120, 150)))
    return (op.Path(shell, ink),) + ribs + (disc(0.5, 0.38, 0.25, ink), disc(0.42, 0.3, 0.07, paper))


def _squid(ink: str, paper: str) -> tuple:
    """The Squid: a pointed mantle with fins, two big eyes, eight arms and two long
    tentacles with clubs."""
    mantle = (("M", 0.5, 0.0), ("C", 0.62, 0.08, 0.68, 0.22, 0.67, 0.4), ("L", 0.66, 0.52),
              ("C", 0.6, 0.56, 0.4, 0.56, 0.34, 0.52), ("L", 0.33, 0.4),
              ("C", 0.32, 0.22, 0.38, 0.08, 0.5, 0.0), ("Z",))
    fins = (polygon([(0.5, 0.03), (0.82, 0.16), (0.63, 0.26)]), polygon([(0.5, 0.03), (0.18, 0.16), (0.37, 0.26)]))
    out = [op.Path(mantle, ink)] + [op.Path(f, ink) for f in fins]
    for side in (-1, 1):
        for i, spread in enumerate((0.05, 0.11, 0.17, 0.23)):
            x0 = 0.5 + side * (0.03 + 0.045 * i)
            x1 = 0.5 + side * spread
            arm = (("M", x0, 0.5), ("C", x0 + side * 0.02, 0.66, x1 - side * 0.06, 0.74, x1, 0.86 - 0.04 * i))
            out.append(op.Path(arm, None, ink, 0.045))
        club = 0.5 + side * 0.36
        tentacle = (("M", 0.5 + side * 0.02, 0.52), ("C", 0.5 + side * 0.05, 0.8, club - side * 0.12, 0.84, club, 0.94))
        out.append(op.Path(tentacle, None, ink, 0.03))
        out.append(op.Ellipse(club - 0.045, 0.9, 0.09, 0.07, ink))
        out.append(disc(0.5 + side * 0.085, 0.45, 0.06, paper))
        out.append(disc(0.5 + side * 0.085, 0.46, 0.032, ink))
    return tuple(out)


EMBLEMS = {"eye": _eye, "shell": _shell, "trident": _trident, "moon": _moon, "star": _star,
           "wave": _wave, "crown": _crown, "pearl": _pearl, "squid": _squid}
NAMES = tuple(EMBLEMS)


def emblem_ops(name: str, x: float, y: float, size: float, ink: str, paper: str = "#FFFFFF") -> op.Group:
    """The emblem in the square of side `size` at (x, y); ValueError for an unknown name."""
    if name not in EMBLEMS:
        raise ValueError(f"no emblem {name!r} (emblems: {', '.join(NAMES)})")
    return op.Group(EMBLEMS[name](ink, paper), op.compose(op.scale(size), op.translate(x, y)))

