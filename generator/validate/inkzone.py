"""The preflight of a card face's drawing: ink that a cut which strays may take off or show
unevenly, and text too small to read in the hand.

The safe margin (the component's `safe`) is the band between the trim and the safe line. A
cutter a millimetre off takes text there, and a frame there shows as a border thicker on one
side than the other; ink wholly in the bleed, or filled art (a background, a picture) that
runs through the band, is meant to be cut through. A face's operations carry no element, so
faults are found on the drawing (cheaply, every face as validate composes it), each with
the element that drew it (validate/faces.py), whose line preflight.py names."""

from __future__ import annotations

import math
from dataclasses import dataclass

from .. import ops as op
from ..faces.extent import bounds
from ..text import fonts

MIN_CARD_TEXT = 6.0  # pt: the smallest text a card may print
SLACK = 0.05  # pt: ink this close to a line is on it
ASCENT, DESCENT = 0.75, 0.2  # of the size: how far a line of text inks above and below its baseline


@dataclass(frozen=True)
class Fault:
    kind: str  # "text-margin", "frame-margin" or "small-text"
    index: int  # of the top-level op that holds it
    measure: float  # mm inside the trim (a margin fault) or pt (small text)


def faults(drawing: op.FaceDrawing, safe: float) -> list[Fault]:
    """What on this face breaks the print rules, at most one fault of each kind per top-level op."""
    found: dict[tuple[str, int], Fault] = {}
    for index, top in enumerate(drawing.ops):
        for fault in _leaf_faults(top, op.IDENTITY, drawing, safe):
            found.setdefault((fault[0], index), Fault(fault[0], index, fault[1]))
    return list(found.values())


def _leaf_faults(o, matrix: op.Matrix, drawing: op.FaceDrawing, safe: float):
    """(kind, measure) for each fault of o and what it holds, drawn through matrix."""
    if isinstance(o, op.Group):
        inner = op.compose(o.transform, matrix)
        for child in o.ops:
            yield from _leaf_faults(child, inner, drawing, safe)
        return
    if isinstance(o, op.Text):
        size = o.size * math.sqrt(abs(matrix[0] * matrix[3] - matrix[1] * matrix[2]))
        if size < MIN_CARD_TEXT - 0.01 and o.text.strip():
            yield "small-text", size
        inset = _inset(_moved(_text_box(o), matrix), drawing)
        if inset is not None and -_height(o) < inset < safe - SLACK and o.text.strip():
            yield "text-margin", inset
    elif _outline(o):
        box = _moved(bounds([o]), matrix)  # padded by the whole stroke width, where half of it inks
        inset = _inset(box, drawing) if _frames(box, drawing) else None
        if inset is not None and -o.width < inset + o.width / 2 < safe - SLACK:
            yield "frame-margin", inset + o.width / 2


def _outline(o) -> bool:
    """A stroke with nothing filled inside it (a filled shape with an edge is art)."""
    if isinstance(o, op.Line):
        return o.width > 0
    return isinstance(o, (op.Rect, op.Ellipse, op.Path)) and bool(o.stroke) and o.width > 0 and not o.fill


def _frames(box, drawing: op.FaceDrawing) -> bool:
    """An outline reaching across half the card or more: a frame or a rule along an edge,
    not a motif drawn near one."""
    _, _, width, height = drawing.trim
    return box[2] - box[0] >= width / 2 or box[3] - box[1] >= height / 2


def _text_box(o: op.Text) -> tuple[float, float, float, float]:
    width = fonts.string_width(o.text, o.font, o.size)
    left = o.x - {"left": 0, "center": width / 2, "right": width}[o.align]
    return left, o.y - ASCENT * o.size, left + width, o.y + DESCENT * o.size


def _height(o: op.Text) -> float:
    return (ASCENT + DESCENT) * o.size


def _moved(box, matrix: op.Matrix) -> tuple[float, float, float, float]:
    corners = [op.apply(matrix, x, y) for x in (box[0], box[2]) for y in (box[1], box[3])]
    return (min(x for x, _ in corners), min(y for _, y in corners),
            max(x for x, _ in corners), max(y for _, y in corners))


def _inset(box, drawing: op.FaceDrawing) -> float | None:
    """How far inside the trim the ink nearest it lies (negative: past it, in the bleed), or
    None when the ink lies wholly outside the trim (the bleed only)."""
    x0, y0, x1, y1 = box
    left, top, width, height = drawing.trim
    right, bottom = left + width, top + height
    if x1 <= left or y1 <= top or x0 >= right or y0 >= bottom:
        return None
    return min(x0 - left, y0 - top, right - x1, bottom - y1)
