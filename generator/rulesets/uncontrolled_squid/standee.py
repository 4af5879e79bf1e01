"""The Squid Totem as a paper standee on one sheet (the `squid-standee` element of a mat).

One strip, cut out along its solid outline: a foot, the totem's back (upside down), the
head fold, the totem's front, a foot. Folded at the head, the two halves are glued back to
back with the pictures outside; the feet fold apart, one forward and one back, and the
totem stands on them. The instructions are printed beside the strip.

Laid out in millimetres on a 180 x 250 mm design, scaled to the element's box.
"""

from __future__ import annotations

from typing import Mapping

from ...elements import geometry
from ... import ops as op
from ...model import Game
from ...text.fit import text_ops
from ...units import MM
from ..base import Painter
from ..playing_cards.courts import tint
from . import cults, marks
from .emblems import emblem_ops

DESIGN = (180.0, 250.0)  # mm
STRIP_X, STRIP_W = 8.0, 84.0
FOOT_TOP, BACK_TOP, HEAD, FRONT_BOTTOM, FOOT_BOTTOM = 6.0, 30.0, 124.0, 218.0, 242.0
NOTES_X, NOTES_W = 102.0, 72.0
INK = "#1B1B1F"
STEPS = (
    "Print this page on card (or glue it onto card), then cut out the totem along its solid outline.",
    "Fold it in half along the middle dashed line, the pictures outside.",
    "Glue the two halves together back to back; leave the feet free.",
    "Fold one foot forward and the other back along their dashed lines. The totem stands on them.",
    "A coin taped to each foot makes it steadier.",
)


def paint(ops: list, box, params: Mapping, game: Game) -> None:
    x, y, w, h = box
    u = w / (DESIGN[0] * MM)  # design millimetres to points

    def at(mx: float, my: float) -> tuple[float, float]:
        return x + mx * MM * u, y + my * MM * u

    def mm(value: float) -> float:
        return value * MM * u

    squid = cults.squid_cult(game)
    left, _ = at(STRIP_X, 0)
    width = mm(STRIP_W)
    for top, bottom, turned in ((BACK_TOP, HEAD, True), (HEAD, FRONT_BOTTOM, False)):
        panel = (left, at(0, top)[1], width, mm(bottom - top))
        art = _panel(panel, squid, game.title, back=turned)
        ops.append(op.Group(tuple(art), op.rotate(180, panel[0] + panel[2] / 2, panel[1] + panel[3] / 2))
                   if turned else op.Group(tuple(art)))
    for top, bottom, words, turned in ((FOOT_TOP, BACK_TOP, "foot: fold back", True),
                                       (FRONT_BOTTOM, FOOT_BOTTOM, "foot: fold forward", False)):
        fy, fh = at(0, top)[1], mm(bottom - top)
        ops.append(op.Rect(left, fy, width, fh, tint(squid.color, 0.12)))
        label = tuple(text_ops(words.upper(), left, fy, width, fh, "body-bold", mm(3.2), 6.0, INK))
        ops.append(op.Group(label, op.rotate(180, left + width / 2, fy + fh / 2)) if turned else op.Group(label))
    for line_y in (BACK_TOP, HEAD, FRONT_BOTTOM):
        _, ly = at(0, line_y)
        ops += marks.dashed(left, ly, left + width, ly, mm(2.0), mm(0.35))
        ops += text_ops("fold", left + width + mm(1), ly - mm(3), mm(8), mm(6), "body-italic", mm(3), 6.0,
                        marks.FOLD, "left")
    _, top = at(0, FOOT_TOP)
    ops.append(marks.cut_rect(left, top, width, mm(FOOT_BOTTOM - FOOT_TOP), mm(0.4)))
    ops.append(marks.scissors(left - mm(7), top + mm(1), mm(6)))
    ops += _notes(at(NOTES_X, 10), mm(NOTES_W), mm, squid.color)


def _panel(panel, squid, title: str, back: bool) -> list:
    """One half of the totem: the Squid on a sea, seen from the front (eyes) or from behind."""
    px, py, pw, ph = panel
    out = [op.Rect(px, py, pw, ph, tint(squid.color, 0.1))]
    for i in range(3):
        wy = py + ph * (0.62 + 0.07 * i)  # a sea behind the arms, clear of the name
        out.append(op.Path((("M", px, wy), ("C", px + pw * 0.25, wy - ph * 0.04, px + pw * 0.5, wy + ph * 0.04,
                                              px + pw * 0.75, wy), ("C", px + pw * 0.88, wy - ph * 0.02, px + pw,
                                                                    wy - ph * 0.01, px + pw, wy)),
                           None, tint(squid.color, 0.45), ph * 0.012))
    size = min(pw * 0.86, ph * 0.72)
    paper = squid.color if back else "#FFFFFF"  # seen from behind, its eyes do not show
    out.append(emblem_ops(squid.emblem, px + (pw - size) / 2, py + ph * 0.06, size, squid.color, paper))
    words = "The Squid Totem" if not back else title
    out += text_ops(words.upper(), px + pw * 0.05, py + ph * 0.84, pw * 0.9, ph * 0.12, "display", ph * 0.07,
                    6.0, INK)
    return out


def _notes(origin, width: float, mm, ink: str) -> list:
    x, y = origin
    out = list(text_ops("The Squid Totem", x, y, width, mm(12), "display", mm(7), 8.0, INK, "left"))
    y += mm(18)
    out.append(op.Line(x, y, x + mm(14), y, marks.CUT, mm(0.4)))
    out += text_ops("cut", x + mm(17), y - mm(3), width - mm(17), mm(6), "body", mm(3.4), 6.0, INK, "left")
    y += mm(8)
    out += marks.dashed(x, y, x + mm(14), y, mm(2.0), mm(0.35))
    out += text_ops("fold", x + mm(17), y - mm(3), width - mm(17), mm(6), "body", mm(3.4), 6.0, INK, "left")
    y += mm(10)
    for number, step in enumerate(STEPS, start=1):
        r = mm(3.2)
        out.append(op.Ellipse(x, y, 2 * r, 2 * r, ink))
        out += text_ops(str(number), x, y, 2 * r, 2 * r, "body-bold", mm(3.4), 6.0, "#FFFFFF")
        lines = text_ops(step, x + mm(9), y, width - mm(9), mm(24), "body", mm(3.6), 6.0, INK, "left", "top")
        out += lines
        y += max(mm(10), (lines[-1].y - y) + mm(5))
    return out


PAINTER = Painter(geometry(), paint)
