"""Poohsticks diagrams for the rules and aids: a stretch of river drawn as a grid of card
places, each place marked by what it is or what a boat may do there.

Marks (one letter code per place, rows upstream first):
    .  a card place          B  the boat            >  a place the boat may move to
    x  a place it may not    R  a rock              ?  a face-down bridge card
    !  the bridge card the boat turns over by landing in front of it
Every mark is a shape or a letter, never a colour alone, so the diagram reads in black and
white. Which places are marked '>' or 'x' is worked out by the river engine, not typed.
"""

from __future__ import annotations

from dataclasses import dataclass

from ... import ops as op
from ...doc import FigureRoom
from . import pictures
from .river import BRIDGE, ROCK, River, bridge_ahead, why_not_onto

CARD_RATIO = 1.4  # height / width of a card place
GAP = 0.12  # between places, as a share of a place's width
INK = "#26232E"


@dataclass(frozen=True)
class RiverFigure:
    marks: tuple[str, ...]  # one string per row, one character per place
    caption: str = ""
    explanation: str = ""
    numbered: bool = True  # row numbers down the left

    @property
    def columns(self) -> int:
        return max(len(r) for r in self.marks)

    def cell(self, width: float, room: FigureRoom) -> float:
        label = room.text_size * 1.6 if self.numbered else 0
        return min(room.cell * 0.8, (width - label) / (self.columns * (1 + GAP)))

    def measure(self, width: float, room: FigureRoom) -> tuple[float, float]:
        cell = self.cell(width, room)
        label = room.text_size * 1.6 if self.numbered else 0
        return label + self.columns * cell * (1 + GAP), len(self.marks) * cell * CARD_RATIO * (1 + GAP)

    def ops(self, width: float, room: FigureRoom) -> list:
        cell = self.cell(width, room)
        label = room.text_size * 1.6 if self.numbered else 0
        h = cell * CARD_RATIO
        out: list = []
        for r, row in enumerate(self.marks):
            y = r * h * (1 + GAP)
            if self.numbered:
                out.append(op.Text(label * 0.4, y + h / 2 + room.text_size * 0.35, str(r + 1), "body-bold",
                                   room.text_size, INK, "center"))
            for c, mark in enumerate(row):
                out += place_ops(mark, label + c * cell * (1 + GAP), y, cell, h, room)
        return out


def place_ops(mark: str, x: float, y: float, w: float, h: float, room: FigureRoom) -> list:
    line = max(0.5, w * 0.03)
    if mark == " ":
        return []
    if mark in "?!":  # face down: a hatched card back
        out: list = [op.Rect(x, y, w, h, "#FFFFFF", INK, line * (2 if mark == "!" else 1), w * 0.08)]
        step = w / 5
        lines = tuple(op.Line(x + i * step, y, x + i * step - h, y + h, pictures.WATER, line) for i in range(1, 12))
        out.append(op.Group(lines, clip=op.Rect(x, y, w, h)))
        if mark == "!":
            out.append(op.Ellipse(x + w * 0.2, y + h / 2 - w * 0.3, w * 0.6, w * 0.6, "#FFFFFF", INK, line))
            # the '!' drawn, not set: a pictogram this small would be text below any print size
            out.append(op.Rect(x + w * 0.46, y + h / 2 - w * 0.2, w * 0.08, w * 0.25, INK, radius=w * 0.03))
            out.append(op.Ellipse(x + w * 0.455, y + h / 2 + w * 0.1, w * 0.09, w * 0.09, INK))
        return out
    out = [op.Rect(x, y, w, h, room.fill if mark in ".>x" else "#FFFFFF", room.stroke, line, w * 0.08)]
    if mark == "B":
        out.append(pictures.placed(pictures.boat("S", INK), (x + w * 0.05, y + (h - w * 0.9) / 2, w * 0.9, w * 0.9)))
    elif mark == "R":
        out.append(pictures.placed(pictures.rock(), (x + w * 0.05, y + (h - w * 0.9) / 2, w * 0.9, w * 0.9)))
    elif mark == ">":
        cx, cy, s = x + w / 2, y + h / 2, w * 0.28
        out.append(op.Ellipse(cx - s, cy - s, 2 * s, 2 * s, "#FFFFFF", INK, line * 1.5))
        out.append(op.Path((("M", cx - s * 0.5, cy), ("L", cx - s * 0.1, cy + s * 0.45), ("L", cx + s * 0.55, cy - s * 0.45)),
                           None, INK, line * 2))
    elif mark == "x":
        cx, cy, s = x + w / 2, y + h / 2, w * 0.2
        out += [op.Line(cx - s, cy - s, cx + s, cy + s, INK, line * 2), op.Line(cx - s, cy + s, cx + s, cy - s, INK, line * 2)]
    return out


def marks_for(rows: int, lanes: int, boat: tuple[int, int] | None, rocks=(), bridge_row: int | None = None) -> tuple[str, ...]:
    """The marks of a river of rows × lanes with the boat at `boat` (None: not yet on the
    river), rocks at the given places and a face-down bridge row: where the boat may go next
    is asked of the engine."""
    cells = [["7H"] * lanes for _ in range(rows)]
    for (r, c) in rocks:
        cells[r - 1][c - 1] = ROCK
    if bridge_row:
        cells[bridge_row - 1] = [BRIDGE + "7H"] * lanes
    river = River(tuple(tuple(row) for row in cells))
    boats = {"boat": boat}
    marks = []
    for r in range(1, rows + 1):
        row = ""
        for c in range(1, lanes + 1):
            cell = river.at((r, c))
            if (r, c) == boat:
                row += "B"
            elif cell == ROCK:
                row += "R"
            elif cell.startswith(BRIDGE):
                row += "!" if boat and bridge_ahead(river, boat) == (r, c) else "?"
            elif why_not_onto(river, boats, "boat", (r, c)) is None:
                row += ">"
            elif boat and abs(r - boat[0]) == 1 and abs(c - boat[1]) == 1:
                row += "x"  # diagonal: the move people try most often
            else:
                row += "."
        marks.append(row)
    return tuple(marks)
