"""The four animal forms drawn in code: jackrabbit, peacock, lion and chameleon.

Each animal is designed on a square field FIELD units wide (y downwards) and scaled into a
box by animal_ops. Every shape has a dark outline and the animals differ in silhouette
(long ears, a fanned tail, a mane, a curled tail), so they read apart in black-and-white
print as well as in colour. Limbs and tails are drawn as tubes: a wide dark stroke with a
narrower coloured stroke on top, which gives an outlined shape from one centre line.
"""

from __future__ import annotations

import math
from typing import Callable

from ... import ops as op

FIELD = 100.0
INK = "#2A2420"  # every outline
EYE = "#17130F"
WHITE = "#FFFFFF"
LINE = 1.3  # outline width in field units


def _tube(segments: tuple, fill: str, width: float) -> list:
    """A limb or tail along a centre line: outline first, colour over it."""
    return [op.Path(segments, None, INK, width + 2 * LINE), op.Path(segments, None, fill, width)]


def _eye(cx: float, cy: float, r: float) -> list:
    return [op.Ellipse(cx - r, cy - r, 2 * r, 2 * r, EYE),
            op.Ellipse(cx - r * 0.15, cy - r * 0.65, r * 0.7, r * 0.7, WHITE)]


# -- jackrabbit: sitting side-on, facing left, ears raised ----------------------------------

FUR = "#B48A5E"
FUR_DARK = "#8A6642"
FUR_LIGHT = "#EFE2CC"
EAR_PINK = "#E8AFA4"


def jackrabbit() -> list:
    ops: list = []
    # the far ear, behind the head
    ops.append(op.Path((("M", 22, 31), ("C", 18, 18, 18, 6, 22, 1), ("C", 28, 4, 30, 18, 28, 32), ("Z",)),
                       FUR_DARK, INK, LINE))
    # the hind foot, long and flat on the ground
    ops.append(op.Path((("M", 50, 86), ("C", 62, 84, 82, 85, 88, 89), ("C", 89, 93, 60, 94, 50, 93), ("Z",)),
                       FUR, INK, LINE))
    # body: chest, arched back, round rump
    ops.append(op.Path((("M", 24, 50), ("C", 34, 40, 56, 34, 72, 42), ("C", 88, 50, 94, 68, 86, 82),
                        ("C", 80, 90, 66, 92, 54, 90), ("L", 38, 90), ("C", 28, 86, 22, 74, 24, 60), ("Z",)),
                       FUR, INK, LINE))
    # a pale chest under the chin
    ops.append(op.Path((("M", 25, 52), ("C", 30, 50, 36, 52, 38, 58), ("C", 38, 66, 36, 72, 33, 76),
                        ("C", 28, 72, 25, 64, 25, 56), ("Z",)), FUR_LIGHT))
    # the thigh
    ops.append(op.Path((("M", 52, 88), ("C", 48, 70, 58, 54, 74, 54), ("C", 84, 56, 88, 68, 84, 80)), None, INK, LINE))
    # the tail: a pale puff
    ops.append(op.Path((("M", 86, 56), ("C", 86, 50, 92, 48, 95, 52), ("C", 98, 56, 96, 62, 91, 62),
                        ("C", 88, 62, 86, 60, 86, 56), ("Z",)), FUR_LIGHT, INK, LINE))
    # the front legs
    ops += _tube((("M", 34, 70), ("C", 33, 78, 31, 84, 29, 90)), FUR, 5.5)
    ops.append(op.Ellipse(23, 87.5, 10, 5.5, FUR, INK, LINE))
    ops += _tube((("M", 40, 72), ("C", 40, 80, 39, 86, 38, 90)), FUR, 5.5)
    ops.append(op.Ellipse(33, 87.5, 10, 5.5, FUR, INK, LINE))
    # head with a long muzzle
    ops.append(op.Path((("M", 6, 42), ("C", 6, 32, 14, 26, 24, 27), ("C", 34, 28, 38, 36, 36, 44),
                        ("C", 34, 52, 24, 54, 16, 52), ("C", 10, 51, 6, 47, 6, 42), ("Z",)), FUR, INK, LINE))
    ops.append(op.Path((("M", 14, 50), ("C", 20, 53, 28, 52, 32, 47), ("C", 26, 49, 20, 49, 14, 50), ("Z",)),
                       FUR_LIGHT))
    # the near ear, long, with a pink inside
    ops.append(op.Path((("M", 26, 30), ("C", 26, 16, 30, 4, 38, 0), ("C", 42, 6, 38, 22, 32, 33), ("Z",)),
                       FUR, INK, LINE))
    ops.append(op.Path((("M", 28.5, 28), ("C", 29, 18, 32, 8, 37, 3.5), ("C", 38, 10, 35, 20, 31, 29), ("Z",)),
                       EAR_PINK))
    # eye, nose, mouth, whiskers
    ops += _eye(19, 37, 2.7)
    ops.append(op.Ellipse(5, 40.5, 4, 3.5, "#C9746A", INK, 0.8))
    ops.append(op.Path((("M", 7, 44), ("C", 8, 47, 10, 48, 12, 47)), None, INK, 0.9))
    ops += [op.Line(8, 43, -2, 40, INK, 0.6), op.Line(8, 44, -2, 45, INK, 0.6), op.Line(9, 44.5, 0, 49, INK, 0.6)]
    return ops


# -- peacock: facing us, tail fanned out behind ----------------------------------------------

TAIL = "#2F7D4F"
TAIL_DARK = "#1F5A38"
PEACOCK_BLUE = "#1F4E9A"
GOLD = "#E2B13C"
EYE_TEAL = "#2A9D8F"
EYE_CORE = "#142A66"


def peacock() -> list:
    ops: list = []
    cx, cy = 50.0, 74.0
    # the fan: a wedge of green behind the feathers
    fan = [("M", cx, cy)]
    for i in range(0, 37):
        angle = math.radians(-172 + i * 164 / 36)
        fan.append(("L", cx + 49 * math.cos(angle), cy + 56 * math.sin(angle)))
    fan.append(("Z",))
    ops.append(op.Path(tuple(fan), TAIL, INK, LINE))
    # feathers: a quill from the body to an eye, two rows
    for row, (count, rx, ry, size) in enumerate(((11, 40.0, 48.0, 9.5), (8, 24.0, 30.0, 7.0))):
        for i in range(count):
            angle = math.radians(-166 + i * 152 / (count - 1))
            ex, ey = cx + rx * math.cos(angle), cy + ry * math.sin(angle)
            ops.append(op.Line(cx, cy, ex, ey, TAIL_DARK, 0.9))
            ops += _feather_eye(ex, ey, size, angle)
    # legs and feet
    for x in (45.0, 55.0):
        ops += [op.Line(x, 86, x, 97, "#8C6A3C", 2.2),
                op.Line(x, 97, x - 4, 99, "#8C6A3C", 1.6), op.Line(x, 97, x + 4, 99, "#8C6A3C", 1.6)]
    # body: a blue teardrop, wing edges drawn over it
    ops.append(op.Path((("M", 50, 30), ("C", 58, 34, 62, 52, 62, 72), ("C", 62, 84, 56, 90, 50, 90),
                        ("C", 44, 90, 38, 84, 38, 72), ("C", 38, 52, 42, 34, 50, 30), ("Z",)),
                       PEACOCK_BLUE, INK, LINE))
    ops.append(op.Path((("M", 40, 64), ("C", 40, 76, 44, 86, 50, 88)), None, "#153A75", 1.0))
    ops.append(op.Path((("M", 60, 64), ("C", 60, 76, 56, 86, 50, 88)), None, "#153A75", 1.0))
    # head, crest, face and beak
    ops.append(op.Ellipse(43.5, 22, 13, 14, PEACOCK_BLUE, INK, LINE))
    for dx in (-5.0, 0.0, 5.0):
        ops.append(op.Line(50, 22, 50 + dx, 10, INK, 0.8))
        ops.append(op.Ellipse(50 + dx - 2, 8, 4, 4, PEACOCK_BLUE, INK, 0.8))
    ops.append(op.Path((("M", 44.5, 27), ("C", 46, 25, 48, 25, 48.5, 28), ("C", 47, 29, 45.5, 29, 44.5, 27), ("Z",)), WHITE))
    ops.append(op.Path((("M", 55.5, 27), ("C", 54, 25, 52, 25, 51.5, 28), ("C", 53, 29, 54.5, 29, 55.5, 27), ("Z",)), WHITE))
    ops += _eye(46.6, 27.2, 1.3) + _eye(53.4, 27.2, 1.3)
    ops.append(op.Path((("M", 48.2, 30), ("L", 51.8, 30), ("L", 50, 35), ("Z",)), "#C9A26A", INK, 0.8))
    return ops


def _feather_eye(x: float, y: float, size: float, angle: float) -> list:
    """A tail feather's eye: gold, teal and a dark-blue heart, pointing along its quill."""
    w, h = size, size * 1.3
    rings = ((w, h, GOLD, LINE * 0.7), (w * 0.7, h * 0.68, EYE_TEAL, 0.0), (w * 0.38, h * 0.36, EYE_CORE, 0.0))
    shapes = tuple(op.Ellipse(-rw / 2, -rh / 2, rw, rh, fill, INK if width else None, width or 0.5)
                   for rw, rh, fill, width in rings)
    turn = op.rotate(math.degrees(angle) + 90)
    return [op.Group(shapes, op.compose(turn, op.translate(x, y)))]


# -- lion: the head and mane, facing us ------------------------------------------------------

MANE = "#9A4E1E"
MANE_LIGHT = "#C9752E"
LION_FUR = "#E6AE4C"
MUZZLE = "#F6E4BC"
NOSE = "#4A2C22"


def lion() -> list:
    ops: list = []
    cx, cy = 50.0, 52.0
    ops.append(op.Path(_lobed(cx, cy, 18, 47, 39), MANE, INK, LINE))
    ops.append(op.Path(_lobed(cx, cy + 2, 14, 37, 31, turn=0.5), MANE_LIGHT, INK, LINE * 0.8))
    # ears
    for x in (27.0, 73.0):
        ops.append(op.Ellipse(x - 8, 24, 16, 15, LION_FUR, INK, LINE))
        ops.append(op.Ellipse(x - 4.5, 27.5, 9, 8, "#B9783A"))
    # face: broad brow, narrowing to the chin
    ops.append(op.Path((("M", 50, 26), ("C", 66, 26, 74, 38, 72, 54), ("C", 70, 70, 60, 82, 50, 82),
                        ("C", 40, 82, 30, 70, 28, 54), ("C", 26, 38, 34, 26, 50, 26), ("Z",)),
                       LION_FUR, INK, LINE))
    # brow and eyes
    for side in (-1, 1):
        ex = cx + side * 10
        ops.append(op.Path((("M", ex - 6, 47), ("C", ex - 3, 42.5, ex + 3, 42.5, ex + 6, 47),
                            ("C", ex + 3, 49.5, ex - 3, 49.5, ex - 6, 47), ("Z",)), "#F2D27A", INK, 0.9))
        ops += _eye(ex, 46.5, 2.1)
        ops.append(op.Path((("M", ex - 7, 41 - side * 0), ("C", ex - 3, 38, ex + 3, 38, ex + 7, 41)), None, INK, 1.1))
    # the bridge of the nose, muzzle, nose and mouth
    ops.append(op.Path((("M", 46, 50), ("C", 46, 55, 45, 58, 44, 61), ("L", 56, 61), ("C", 55, 58, 54, 55, 54, 50)),
                       "#EDC06A"))
    ops.append(op.Ellipse(38, 60, 13, 11, MUZZLE, INK, 0.9))
    ops.append(op.Ellipse(49, 60, 13, 11, MUZZLE, INK, 0.9))
    ops.append(op.Path((("M", 44, 58), ("L", 56, 58), ("C", 56, 62, 52, 64, 50, 65), ("C", 48, 64, 44, 62, 44, 58),
                        ("Z",)), NOSE, INK, 0.8))
    ops.append(op.Line(50, 65, 50, 70, INK, 1.0))
    ops.append(op.Path((("M", 43, 72), ("C", 46, 74, 48, 72, 50, 70), ("C", 52, 72, 54, 74, 57, 72)), None, INK, 1.0))
    ops.append(op.Ellipse(45.5, 73, 9, 5.5, MUZZLE, INK, 0.8))
    for x, y in ((41.5, 64), (44, 67), (41, 68.5), (58.5, 64), (56, 67), (59, 68.5)):
        ops.append(op.Ellipse(x - 0.7, y - 0.7, 1.4, 1.4, NOSE))
    return ops


def _lobed(cx: float, cy: float, lobes: int, outer: float, inner: float, turn: float = 0.0) -> tuple:
    """A closed wavy ring: `lobes` rounded tufts between radii inner and outer."""
    segments: list = []
    step = 2 * math.pi / lobes
    for i in range(lobes):
        a0 = (i + turn) * step - math.pi / 2
        a1 = a0 + step
        mid = a0 + step / 2
        x0, y0 = cx + inner * math.cos(a0), cy + inner * math.sin(a0)
        x1, y1 = cx + inner * math.cos(a1), cy + inner * math.sin(a1)
        bulge = outer * 1.08
        if i == 0:
            segments.append(("M", x0, y0))
        segments.append(("C", cx + bulge * math.cos(mid - step * 0.45), cy + bulge * math.sin(mid - step * 0.45),
                         cx + bulge * math.cos(mid + step * 0.1), cy + bulge * math.sin(mid + step * 0.1), x1, y1))
    segments.append(("Z",))
    return tuple(segments)


# -- chameleon: on a branch, side-on, tail curled --------------------------------------------

SKIN = "#5FAF45"
SKIN_DARK = "#3C7F2A"
SKIN_LIGHT = "#C9E59A"
BARK = "#7A5534"


_BACK = ((22.0, 50.0), (28.0, 36.0), (44.0, 30.0), (58.0, 34.0))  # the body's top edge, a cubic


def _on_curve(curve, t: float):
    """A point of a cubic Bézier and its outward unit normal (to the left of travel)."""
    (x0, y0), (x1, y1), (x2, y2), (x3, y3) = curve
    u = 1 - t
    x = u ** 3 * x0 + 3 * u * u * t * x1 + 3 * u * t * t * x2 + t ** 3 * x3
    y = u ** 3 * y0 + 3 * u * u * t * y1 + 3 * u * t * t * y2 + t ** 3 * y3
    dx = 3 * u * u * (x1 - x0) + 6 * u * t * (x2 - x1) + 3 * t * t * (x3 - x2)
    dy = 3 * u * u * (y1 - y0) + 6 * u * t * (y2 - y1) + 3 * t * t * (y3 - y2)
    length = math.hypot(dx, dy) or 1.0
    return (x, y), (dy / length, -dx / length)


def chameleon() -> list:
    ops: list = []
    # the branch
    ops += _tube((("M", -2, 80), ("C", 30, 76, 60, 80, 102, 74)), BARK, 5.0)
    # the tail, curled into a spiral below the branch's far end
    ops += _tube((("M", 74, 58), ("C", 88, 60, 94, 72, 90, 84), ("C", 86, 94, 72, 94, 71, 85),
                  ("C", 70, 78, 80, 76, 82, 83), ("C", 83, 87, 78, 88, 77, 85)), SKIN, 6.0)
    # the far legs, behind the body
    ops += _tube((("M", 38, 60), ("L", 44, 70), ("L", 42, 77)), SKIN_DARK, 4.5)
    ops += _tube((("M", 64, 60), ("L", 70, 69), ("L", 70, 76)), SKIN_DARK, 4.5)
    # the body: a tall leaf with a crested back; bands and a pale stripe kept inside it
    body = (("M", 22, 50), ("C", 28, 36, 44, 30, 58, 34), ("C", 70, 38, 78, 48, 76, 58),
            ("C", 72, 66, 60, 68, 46, 67), ("C", 34, 66, 24, 62, 22, 50), ("Z",))
    ops.append(op.Path(body, SKIN))
    marks = [op.Path((("M", x, 34), ("C", x + 4, 46, x + 3, 56, x - 1, 68), ("L", x + 4, 68),
                      ("C", x + 8, 56, x + 8, 46, x + 5, 33), ("Z",)), SKIN_DARK) for x in (36.0, 48.0, 60.0)]
    marks.append(op.Path((("M", 24, 56), ("C", 40, 62, 58, 62, 76, 55)), None, SKIN_LIGHT, 2.2))
    ops.append(op.Group(tuple(marks), clip=op.Path(body)))
    ops.append(op.Path(body, None, INK, LINE))
    # the crest: small spines standing out of the back
    for t in (0.3, 0.42, 0.54, 0.66, 0.78, 0.9):
        (x, y), (nx, ny) = _on_curve(_BACK, t)
        tip = (x + 3.2 * nx, y + 3.2 * ny)
        ops.append(op.Path((("M", x - 2 * ny, y + 2 * nx), ("L", *tip), ("L", x + 2 * ny, y - 2 * nx), ("Z",)),
                           SKIN_DARK, INK, 0.8))
    # the near legs, gripping the branch
    ops += _tube((("M", 32, 60), ("L", 27, 70), ("L", 30, 77)), SKIN, 4.5)
    ops += _tube((("M", 60, 62), ("L", 60, 70), ("L", 62, 77)), SKIN, 4.5)
    for x in (30.0, 62.0):
        ops.append(op.Ellipse(x - 3.5, 74.5, 7, 5, SKIN, INK, 0.9))
    # the head: a helmet-shaped casque, jaw, and a turret eye
    ops.append(op.Path((("M", 24, 44), ("C", 22, 34, 16, 28, 10, 30), ("C", 4, 36, 2, 44, 2, 50),
                        ("C", 6, 58, 16, 60, 26, 56), ("Z",)), SKIN, INK, LINE))
    ops.append(op.Path((("M", 3, 51), ("C", 10, 54, 18, 54, 25, 51)), None, INK, 1.0))
    ops.append(op.Ellipse(8, 38, 11, 11, SKIN_LIGHT, INK, LINE))
    ops.append(op.Ellipse(10.5, 40.5, 6, 6, SKIN, INK, 0.8))
    ops += _eye(13.5, 43.5, 1.6)
    return ops


ANIMALS: dict[str, Callable[[], list]] = {
    "jackrabbit": jackrabbit, "peacock": peacock, "lion": lion, "chameleon": chameleon,
}


def animal_ops(animal: str, box: tuple[float, float, float, float]) -> list:
    """The animal scaled evenly into box (x, y, w, h), centred; KeyError for an unknown one."""
    x, y, w, h = box
    s = min(w, h) / FIELD
    shapes = tuple(ANIMALS[animal]())
    return [op.Group(shapes, op.compose(op.scale(s), op.translate(x + (w - FIELD * s) / 2,
                                                                  y + (h - FIELD * s) / 2)))]
