"""Poohsticks' pictures as display-list ops: the stick boat, water, a rock and a bridge.

Each is designed in a 100 × 100 field (y downwards) and placed into a box by `placed`. The
boat carries its suit on the sail, so the four boats differ in shape, not only in ink, and
stay apart in black-and-white print.
"""

from __future__ import annotations

from ... import ops as op
from ..playing_cards.suits import suit_ops

FIELD = 100.0
WATER = "#3C7DBF"
WATER_LIGHT = "#DCEEF8"
WOOD = "#9A6532"
WOOD_DARK = "#5E3A17"
OUTLINE = "#26232E"
SAIL = "#FFFFFF"
STONE = "#A7A39B"
STONE_DARK = "#5F5B55"


def placed(field: list, box: tuple[float, float, float, float]) -> op.Group:
    """The 100 × 100 field scaled evenly into box, centred."""
    x, y, w, h = box
    s = min(w, h) / FIELD
    return op.Group(tuple(field), op.compose(op.scale(s), op.translate(x + (w - FIELD * s) / 2,
                                                                        y + (h - FIELD * s) / 2)))


def waves(top: float, rows: int = 3, step: float = 7.0, ink: str = WATER, width: float = 1.6,
          left: float = 4.0, right: float = 96.0, crest: float = 12.0) -> list:
    """Rows of wavy lines across the field, `step` apart from `top` down."""
    out = []
    for i in range(rows):
        y = top + i * step
        x = left + (crest / 2 if i % 2 else 0)
        segments = [("M", x, y)]
        while x + crest <= right:
            segments.append(("C", x + crest / 4, y - 2.2, x + crest * 3 / 4, y - 2.2, x + crest, y))
            x += crest
        out.append(op.Path(tuple(segments), None, ink, width))
    return out


def boat(suit: str, ink: str) -> list:
    """A stick boat: a wooden hull, a stick for a mast, a sail bearing the suit, a pennant."""
    return [
        *waves(84, 2, 8),
        op.Path((("M", 8, 64), ("L", 92, 64), ("C", 86, 76, 78, 82, 70, 82), ("L", 30, 82),
                 ("C", 22, 82, 14, 76, 8, 64), ("Z",)), WOOD, OUTLINE, 1.4),
        op.Line(14, 70, 86, 70, WOOD_DARK, 0.9),
        op.Rect(48.5, 6, 3, 60, WOOD_DARK, OUTLINE, 0.8),  # the stick
        op.Path((("M", 53, 12), ("L", 53, 60), ("L", 90, 60), ("Z",)), SAIL, ink, 1.6),
        op.Path((("M", 47, 20), ("L", 47, 60), ("L", 20, 60), ("Z",)), SAIL, ink, 1.2),
        op.Path((("M", 51.5, 6), ("L", 66, 10), ("L", 51.5, 14), ("Z",)), ink, OUTLINE, 0.6),
        suit_ops(suit, 56, 40, 15, ink),
    ]


def rock() -> list:
    """Grey boulders breaking the water, with foam lines round them."""
    return [
        *waves(74, 3, 8),
        op.Path((("M", 12, 74), ("C", 14, 52, 30, 40, 44, 44), ("C", 50, 30, 70, 26, 80, 40),
                 ("C", 90, 48, 92, 64, 88, 74), ("Z",)), STONE, OUTLINE, 1.6),
        op.Path((("M", 30, 74), ("C", 32, 62, 44, 56, 54, 62), ("C", 62, 54, 74, 58, 74, 74), ("Z",)),
                STONE_DARK, OUTLINE, 1.2),
        op.Line(50, 36, 60, 44, OUTLINE, 1.0),
        op.Line(24, 58, 32, 54, OUTLINE, 1.0),
    ]


def bridge() -> list:
    """A span of a wooden footbridge: planks on a stone arch, a railing on top."""
    out = [*waves(86, 2, 7)]
    out.append(op.Path((("M", 0, 40), ("L", 100, 40), ("L", 100, 90), ("L", 86, 90),
                        ("C", 84, 62, 16, 62, 14, 90), ("L", 0, 90), ("Z",)), STONE, OUTLINE, 1.4))
    for x in range(0, 100, 10):
        out.append(op.Rect(x, 34, 10, 8, WOOD, OUTLINE, 0.8))
    out.append(op.Rect(0, 14, 100, 4, WOOD, OUTLINE, 0.8))
    for x in (4, 36, 64, 96):
        out.append(op.Rect(x - 2, 14, 4, 20, WOOD, OUTLINE, 0.8))
    out.append(op.Rect(0, 24, 100, 2.5, WOOD, OUTLINE, 0.6))
    return out
