"""Squib Squares figures for the rules and aids, drawn from the game's own data as
display-list ops (doc.py's OpsFigure), so the booklet, the aid cards and the half-page
sheet all draw the same ops:

- the colour wheel of who beats whom (WheelFigure), from data.beats, data.inks and
  data.symbols;
- the outline of a set of columns × rows cards (ShapeFigure).

Ops use the faces' coordinates: points, origin top-left, y downwards.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from ...text import fonts
from ... import ops as op
from ...model import Game
from ...doc import FigureRoom
from ...words import words
from .art import symbol
from .engine import printed, wheel_order
from .pen import DARK, mix

WHEEL_ARROW = "#3A3550"
WHEEL_LABEL = "#1E1B33"
NO_INK = "#888888"


# -- the colour wheel ------------------------------------------------------------------------

@dataclass(frozen=True, eq=False)
class WheelFigure:
    """Who beats whom: a disc per colour (its ink and symbol) round a circle, its name above
    (top half) or below it, and an arrow from each colour to every colour it beats."""

    order: tuple[str, ...]
    rotational: bool  # each colour beats the next (n-1)/2 clockwise
    beats: dict = field(default_factory=dict)
    inks: dict = field(default_factory=dict)
    symbols: dict = field(default_factory=dict)
    caption: str = ""
    names: dict = field(default_factory=dict)  # colour -> the word printed for it

    @property
    def explanation(self) -> str:
        if self.rotational:
            reach = (len(self.order) - 1) // 2
            return (f"Each colour beats the {words(reach)} colours that follow it clockwise; "
                    f"arrows point from winner to loser.")
        return "Arrows point from each colour to the colours it beats."

    def measure(self, width: float, room: FigureRoom) -> tuple[float, float]:
        side = min(width, room.diagram)
        return side, side

    def ops(self, width: float, room: FigureRoom) -> list:
        side, _ = self.measure(width, room)
        return wheel_ops(self, side, side, room.text_size)


def wheel_figure(game: Game, caption: str = "") -> WheelFigure:
    colors = [str(c) for c in game.data.get("colors", ())]
    beats = {str(k): [str(v) for v in vs] for k, vs in dict(game.data.get("beats", {})).items()}
    order, rotational = wheel_order(colors, beats)
    return WheelFigure(tuple(order), rotational, beats, dict(game.data.get("inks", {})),
                       dict(game.data.get("symbols", {})), caption, {c: printed(game.data, c) for c in order})


def wheel_ops(wheel: WheelFigure, width: float, height: float, label_size: float | None = None) -> list:
    """The wheel in a width × height box at the origin, its circle as large as the box allows."""
    size = min(width, height)
    label_size = label_size or max(6.0, size * 0.062)
    disc = size * 0.19
    gap = label_size * 0.3
    angles = {color: math.radians(-90 + 360 * i / len(wheel.order)) for i, color in enumerate(wheel.order)}
    centres = _wheel_centres(angles, wheel.names, width, height, disc, gap, label_size)
    ops = _wheel_arrows(wheel, centres, disc, size)
    for color in wheel.order:
        x, y = centres[color]
        ink = wheel.inks.get(color, NO_INK)
        ops.append(op.Ellipse(x - disc / 2, y - disc / 2, disc, disc, ink, DARK, max(0.7, disc * 0.05)))
        if wheel.symbols.get(color):
            symbol(ops, x, y, disc * 0.68, wheel.symbols[color], ink)
        if math.sin(angles[color]) < -1e-9:
            baseline = y - disc / 2 - gap - label_size * 0.22
        else:
            baseline = y + disc / 2 + gap + label_size * 0.78
        ops.append(op.Text(x, baseline, wheel.names.get(color, color), "body-bold", label_size, WHEEL_LABEL, "center"))
    return ops


def _wheel_centres(angles: dict, printed_names: dict, width: float, height: float, disc: float, gap: float,
                   label_size: float) -> dict:
    """Each colour's disc centre on the largest circle whose discs and names fit the box, centred in it."""
    names = {color: fonts.string_width(printed_names.get(color, color), "body-bold", label_size) for color in angles}

    def extent(r: float):
        """The bounding box (x0, y0, x1, y1) of every disc with its name, circle centre at 0, 0."""
        boxes = []
        for color, a in angles.items():
            x, y = r * math.cos(a), r * math.sin(a)
            half = max(disc / 2, names[color] / 2)
            if math.sin(a) < -1e-9:  # name above
                boxes.append((x - half, y - disc / 2 - gap - label_size, x + half, y + disc / 2))
            else:
                boxes.append((x - half, y - disc / 2, x + half, y + disc / 2 + gap + label_size))
        return (min(x for x, _, _, _ in boxes), min(y for _, y, _, _ in boxes),
                max(x for _, _, x, _ in boxes), max(y for _, _, _, y in boxes))

    low, high = 0.0, min(width, height)
    for _ in range(40):  # the largest radius whose drawing fits the box
        mid = (low + high) / 2
        x0, y0, x1, y1 = extent(mid)
        low, high = (mid, high) if x1 - x0 <= width and y1 - y0 <= height else (low, mid)
    radius = low
    x0, y0, x1, y1 = extent(radius)
    cx, cy = (width - (x1 - x0)) / 2 - x0, (height - (y1 - y0)) / 2 - y0
    return {color: (cx + radius * math.cos(a), cy + radius * math.sin(a)) for color, a in angles.items()}


def _wheel_arrows(wheel: WheelFigure, centres: dict, disc: float, size: float) -> list:
    """An arrow from each colour to each colour it beats, the one to its neighbour a little heavier."""
    order = list(wheel.order)
    ops: list = []
    line_w, head = max(0.6, size * 0.008), max(3.5, size * 0.045)
    for winner in order:
        for loser in wheel.beats.get(winner, ()):
            if loser not in centres:
                continue
            (x1, y1), (x2, y2) = centres[winner], centres[loser]
            d = math.hypot(x2 - x1, y2 - y1) or 1
            ux, uy = (x2 - x1) / d, (y2 - y1) / d
            clear = disc / 2 + size * 0.012
            # Arrows in the winner's ink, darkened so light inks read on paper.
            ops += arrow(x1 + ux * clear, y1 + uy * clear, x2 - ux * clear, y2 - uy * clear,
                         mix(wheel.inks.get(winner, WHEEL_ARROW), WHEEL_ARROW, 0.22),
                         line_w * (1.6 if _next(order, winner) == loser else 1.3), head)
    return ops


def _next(order: list[str], color: str) -> str:
    return order[(order.index(color) + 1) % len(order)]


def arrow(x1: float, y1: float, x2: float, y2: float, color: str, width: float, head: float) -> list:
    """A line from (x1, y1) to (x2, y2) with a filled head at the end."""
    angle = math.atan2(y2 - y1, x2 - x1)
    back_x, back_y = x2 - head * math.cos(angle), y2 - head * math.sin(angle)
    side = head * 0.5
    px, py = -math.sin(angle) * side, math.cos(angle) * side
    return [op.Line(x1, y1, back_x + head * 0.2 * math.cos(angle), back_y + head * 0.2 * math.sin(angle),
                    color, width),
            op.Path((("M", x2, y2), ("L", back_x + px, back_y + py), ("L", back_x - px, back_y - py), ("Z",)),
                    color, None)]


# -- set outlines ----------------------------------------------------------------------------

CELL_RATIO = 0.72  # a card in an outline: height / width (the cards lie landscape)


@dataclass(frozen=True)
class ShapeFigure:
    """The outline of a set of columns × rows cards."""

    columns: int
    rows: int
    caption: str = ""
    explanation: str = ""

    def cell(self, width: float, room: FigureRoom) -> float:
        return min(room.cell, width / max(self.columns, 1))

    def measure(self, width: float, room: FigureRoom) -> tuple[float, float]:
        cell = self.cell(width, room)
        return cell * self.columns, cell * CELL_RATIO * self.rows

    def ops(self, width: float, room: FigureRoom) -> list:
        cell = self.cell(width, room)
        return shape_ops(self.columns, self.rows, cell, cell * CELL_RATIO, room.fill, room.stroke)


def shape_ops(columns: int, rows: int, cell_w: float, cell_h: float, fill: str, stroke: str) -> list:
    ops = []
    for r in range(rows):
        for c in range(columns):
            ops.append(op.Rect(c * cell_w, r * cell_h, cell_w * 0.94, cell_h * 0.9, fill, stroke,
                               max(0.5, cell_w * 0.03), cell_w * 0.1))
    return ops
