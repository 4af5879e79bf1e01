"""The score track (the `squid-track` element of a mat): team A, team B and the Squid, each
from 0 to the points that win, and markers to cut out. Each row's marker has its own shape
and letter (a circle A, a square B, the Squid in an octagon), so nothing depends on colour.

Laid out in millimetres on a 180 x 250 mm design, scaled to the element's box.
"""

from __future__ import annotations

import math
from typing import Mapping

from ...elements import geometry
from ... import ops as op
from ...model import Game
from ...text.fit import text_ops
from ...units import MM
from ..base import Painter
from ..playing_cards.courts import tint
from . import cults, marks
from .emblems import emblem_ops, polygon
from .engine import POINTS_TO_WIN

DESIGN_WIDTH = 180.0  # mm
INK = "#1B1B1F"
TEAM_INKS = {"A": "#1F5F8B", "B": "#9B3A22"}
ROW_TOP, ROW_H, ROW_GAP = 26.0, 30.0, 6.0
LABEL_X, LABEL_W, CELL_X, CELL_W = 8.0, 52.0, 64.0, 27.0
MARKER = 22.0  # mm across
MARKERS_TOP = 190.0
REMINDER = ("At the end of each round the team that holds the totem moves up one space. "
            "If the totem is loose, the Squid moves up one space and both teams go back to 0.")


def floor(size: float) -> float:
    """The smallest size text may shrink to: 6 pt, or less on a figure drawn small."""
    return min(6.0, size)


def rows(game: Game) -> list[tuple[str, str, str]]:
    """(name, marker, ink) per row: the two teams, then the Squid."""
    squid = cults.squid_cult(game)
    return [("Team A", "A", TEAM_INKS["A"]), ("Team B", "B", TEAM_INKS["B"]), (squid.name, "squid", squid.color)]


def marker_ops(kind: str, x: float, y: float, size: float, ink: str, emblem: str = "squid") -> list:
    """A marker in the square (x, y, size): its shape filled pale, outlined, with its letter
    or emblem. The outline is the cut line."""
    pale = tint(ink, 0.18)
    if kind == "A":
        out = [op.Ellipse(x, y, size, size, pale, ink, size * 0.04)]
    elif kind == "B":
        out = [op.Rect(x, y, size, size, pale, ink, size * 0.04, size * 0.06)]
    else:
        c, r = size / 2, size / 2 / math.cos(math.pi / 8)
        angles = [math.pi / 8 + i * math.pi / 4 for i in range(8)]
        corners = [(x + c + r * math.cos(a), y + c + r * math.sin(a)) for a in angles]
        out = [op.Path(polygon(corners), pale, ink, size * 0.04)]
        inner = size * 0.7
        out.append(emblem_ops(emblem, x + (size - inner) / 2, y + (size - inner) / 2, inner, ink, pale))
        return out
    out += text_ops(kind, x, y, size, size, "display", size * 0.6, floor(size * 0.6), ink)
    return out


def paint(ops: list, box, params: Mapping, game: Game) -> None:
    x, y, w, h = box
    u = w / (DESIGN_WIDTH * MM)

    def mm(value: float) -> float:
        return value * MM * u

    ops += text_ops("Score track", x + mm(8), y + mm(6), mm(164), mm(14), "display", mm(8), 8.0, INK, "left")
    squid = cults.squid_cult(game)
    ops += rows_ops(x, y + mm(ROW_TOP), mm, game)
    reminder_top = y + mm(ROW_TOP + 3 * (ROW_H + ROW_GAP) + 2)
    ops.append(op.Rect(x + mm(LABEL_X), reminder_top, mm(ROWS_WIDTH), mm(30), tint(squid.color, 0.08),
                       tint(squid.color, 0.6), mm(0.4), mm(2)))
    ops += text_ops(REMINDER, x + mm(LABEL_X + 4), reminder_top + mm(2), mm(ROWS_WIDTH - 8), mm(26), "body", mm(4), 6.0,
                    INK)
    ops += _markers(x, y + mm(MARKERS_TOP), mm, game)


def rows_ops(x: float, y: float, mm, game: Game) -> list:
    """The three rows of spaces, the first row's top at y; mm(design millimetres) -> points."""
    out: list = []
    squid = cults.squid_cult(game)
    for index, (name, kind, ink) in enumerate(rows(game)):
        top = y + mm(index * (ROW_H + ROW_GAP))
        out.append(op.Rect(x + mm(LABEL_X), top, mm(LABEL_W), mm(ROW_H), tint(ink, 0.08), ink, mm(0.4), mm(2)))
        out += marker_ops(kind, x + mm(LABEL_X + 3), top + mm(5), mm(ROW_H - 10), ink, squid.emblem)
        out += text_ops(name, x + mm(LABEL_X + ROW_H - 4), top, mm(LABEL_W - ROW_H + 2), mm(ROW_H), "body-bold",
                        mm(4.2), floor(mm(4.2)), INK, "left")
        for points in range(POINTS_TO_WIN + 1):
            cx = x + mm(CELL_X + points * (CELL_W + 1.5))
            winning = points == POINTS_TO_WIN
            out.append(op.Rect(cx, top, mm(CELL_W), mm(ROW_H), tint(ink, 0.25 if winning else 0.04), ink,
                               mm(0.8 if winning else 0.4), mm(2)))
            out += text_ops(str(points), cx, top + mm(2), mm(CELL_W), mm(ROW_H - 10), "display", mm(9), floor(mm(9)),
                            ink)
            if winning:
                out += text_ops("wins", cx, top + mm(ROW_H - 9), mm(CELL_W), mm(6), "body-bold-italic", mm(3.6),
                                floor(mm(3.6)), INK)
    return out


ROWS_WIDTH = CELL_X + (POINTS_TO_WIN + 1) * (CELL_W + 1.5) - LABEL_X  # mm, from the label's left edge
ROWS_HEIGHT = 3 * ROW_H + 2 * ROW_GAP


def _markers(x: float, top: float, mm, game: Game) -> list:
    """Two sets of markers (one spare), each shape outlined by its cut line."""
    out = list(text_ops("Markers: cut out along the outlines", x + mm(16), top - mm(9), mm(150), mm(7),
                        "body-bold", mm(4), 6.0, INK, "left"))
    out.append(marks.scissors(x + mm(8), top - mm(8.5), mm(6)))
    squid = cults.squid_cult(game)
    for index, (name, kind, ink) in enumerate(rows(game) * 2):
        mx = x + mm(10 + index * 27)
        out += marker_ops(kind, mx, top + mm(4), mm(MARKER), ink, squid.emblem)
    return out


PAINTER = Painter(geometry(), paint)
