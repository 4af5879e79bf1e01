"""Court cards and jokers drawn in code.

A court is double-ended as on a real deck: a bust (head, headwear, robe, the suit on the
chest) and a big rank letter fill the top half of a framed field, and the same half turned
by 180 degrees fills the bottom. King: a pointed crown and a beard. Queen: a rounded tiara
and long hair. Jack: a cap with a feather. A joker is a jester, single-ended, with the word
JOKER across the field.

Everything is designed on a field 100 wide and 150 tall (y downwards), then scaled.
"""

from __future__ import annotations

from ... import ops as op
from .suits import suit_ops

FIELD_W, FIELD_H = 100.0, 150.0
SKIN = "#F3D3AE"
GOLD = "#E2B13C"
OUTLINE = "#26232E"
PAPER = "#FFFFFF"
HAIR = "#6B4423"


def tint(ink: str, share: float) -> str:
    """The ink mixed with white: `share` of ink."""
    r, g, b = op.rgb(ink)
    return "#%02X%02X%02X" % tuple(round(255 + (v - 255) * share) for v in (r, g, b))


def court_ops(rank: str, suit: str, ink: str, box: tuple[float, float, float, float]) -> list:
    """A court card's framed, double-ended figure filling box (x, y, w, h)."""
    half = tuple(_half(rank, suit, ink))
    field = (op.Rect(0, 0, FIELD_W, FIELD_H, tint(ink, 0.1), ink, 1.4, 6),
             op.Group(half),
             op.Group(half, op.rotate(180, FIELD_W / 2, FIELD_H / 2)),
             op.Line(6, FIELD_H / 2, FIELD_W - 6, FIELD_H / 2, ink, 0.8))
    return [_placed(field, box)]


def joker_ops(ink: str, box: tuple[float, float, float, float]) -> list:
    """A jester in a frame, JOKER lettered across the bottom."""
    accent = GOLD
    jester = [
        op.Rect(0, 0, FIELD_W, FIELD_H, tint(ink, 0.08), ink, 1.4, 6),
        # a three-pointed hat, each point with a bell
        op.Path((("M", 26, 52), ("C", 22, 34, 12, 24, 6, 22), ("C", 20, 20, 30, 26, 36, 36),
                 ("C", 40, 22, 46, 12, 50, 6), ("C", 54, 12, 60, 22, 64, 36),
                 ("C", 70, 26, 80, 20, 94, 22), ("C", 88, 24, 78, 34, 74, 52), ("Z",)), ink, OUTLINE, 1.0),
        op.Path((("M", 36, 36), ("C", 40, 22, 46, 12, 50, 6), ("C", 54, 12, 60, 22, 64, 36),
                 ("C", 58, 40, 42, 40, 36, 36), ("Z",)), accent, OUTLINE, 1.0),
        *(op.Ellipse(cx - 4, cy - 4, 8, 8, accent, OUTLINE, 0.8) for cx, cy in ((6, 22), (50, 6), (94, 22))),
        op.Rect(24, 48, 52, 7, accent, OUTLINE, 0.8, 3),
        # the face
        op.Ellipse(30, 52, 40, 38, SKIN, OUTLINE, 1.0),
        op.Ellipse(39, 64, 5, 6, OUTLINE), op.Ellipse(56, 64, 5, 6, OUTLINE),
        op.Path((("M", 38, 76), ("C", 44, 84, 56, 84, 62, 76)), None, OUTLINE, 1.6),
        op.Ellipse(32, 72, 7, 5, tint("#E0607E", 0.6)), op.Ellipse(61, 72, 7, 5, tint("#E0607E", 0.6)),
        # a ruff collar and a chequered tunic
        op.Path((("M", 22, 94), ("L", 30, 88), ("L", 38, 94), ("L", 46, 88), ("L", 54, 94), ("L", 62, 88),
                 ("L", 70, 94), ("L", 78, 88), ("L", 78, 98), ("L", 22, 98), ("Z",)), PAPER, OUTLINE, 0.9),
        op.Path((("M", 20, 98), ("L", 80, 98), ("L", 88, 124), ("L", 12, 124), ("Z",)), ink, OUTLINE, 1.0),
        op.Path((("M", 50, 98), ("L", 62, 111), ("L", 50, 124), ("L", 38, 111), ("Z",)), accent, OUTLINE, 0.8),
        op.Text(50, 142, "JOKER", "display", 15, ink, "center"),
    ]
    return [_placed(tuple(jester), box)]


def _placed(field: tuple, box: tuple[float, float, float, float]) -> op.Group:
    """The field scaled evenly into box, centred."""
    x, y, w, h = box
    s = min(w / FIELD_W, h / FIELD_H)
    return op.Group(field, op.compose(op.scale(s), op.translate(x + (w - FIELD_W * s) / 2, y + (h - FIELD_H * s) / 2)))


def _half(rank: str, suit: str, ink: str) -> list:
    """The top half of a court: rank letter, headwear, head, robe with the suit on it."""
    ops: list = [op.Text(12, 22, rank, "display", 20, ink, "center")]
    ops.append(suit_ops(suit, 6, 27, 12, ink))
    if rank == "Q":  # long hair behind the head
        ops.append(op.Path((("M", 36, 30), ("C", 34, 52, 32, 62, 30, 72), ("L", 70, 72),
                            ("C", 68, 62, 66, 52, 64, 30), ("Z",)), HAIR, OUTLINE, 0.9))
    # robe and shoulders
    ops.append(op.Path((("M", 22, 75), ("C", 24, 60, 34, 54, 50, 54), ("C", 66, 54, 76, 60, 78, 75), ("Z",)),
                       ink, OUTLINE, 1.0))
    ops.append(op.Path((("M", 38, 56), ("L", 50, 68), ("L", 62, 56)), None, GOLD, 2.6))
    ops.append(op.Ellipse(43, 63, 14, 14, PAPER, OUTLINE, 0.7))
    ops.append(suit_ops(suit, 45.5, 64.6, 9, ink))
    # head
    ops.append(op.Ellipse(38, 26, 24, 28, SKIN, OUTLINE, 1.0))
    ops += [op.Ellipse(44, 36, 3.4, 4, OUTLINE), op.Ellipse(52.6, 36, 3.4, 4, OUTLINE)]
    if rank == "K":  # a beard, then the crown
        ops.append(op.Path((("M", 39, 42), ("C", 40, 56, 46, 60, 50, 60), ("C", 54, 60, 60, 56, 61, 42),
                            ("C", 56, 47, 44, 47, 39, 42), ("Z",)), HAIR, OUTLINE, 0.9))
        ops.append(op.Path((("M", 36, 28), ("L", 34, 10), ("L", 42, 18), ("L", 50, 6), ("L", 58, 18),
                            ("L", 66, 10), ("L", 64, 28), ("Z",)), GOLD, OUTLINE, 1.0))
        ops += [op.Ellipse(48, 19, 4, 4, ink), op.Ellipse(38, 21, 3, 3, ink), op.Ellipse(59, 21, 3, 3, ink)]
    else:
        ops.append(op.Path((("M", 44.5, 47), ("C", 47, 49.5, 53, 49.5, 55.5, 47)), None, OUTLINE, 1.2))
    if rank == "Q":  # a rounded tiara
        ops.append(op.Path((("M", 38, 28), ("C", 40, 18, 44, 16, 44, 22), ("C", 46, 12, 54, 12, 56, 22),
                            ("C", 56, 16, 60, 18, 62, 28), ("Z",)), GOLD, OUTLINE, 1.0))
        ops.append(op.Ellipse(48, 16, 4, 4, ink))
    elif rank == "J":  # a cap with a feather
        ops.append(op.Path((("M", 34, 30), ("C", 34, 16, 66, 14, 68, 28), ("C", 58, 24, 44, 24, 34, 30), ("Z",)),
                           ink, OUTLINE, 1.0))
        ops.append(op.Path((("M", 62, 22), ("C", 72, 12, 80, 8, 86, 4), ("C", 82, 12, 74, 20, 64, 25), ("Z",)),
                           GOLD, OUTLINE, 0.8))
    return ops
