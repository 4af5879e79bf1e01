"""Fellowship figures for the rules, the aids and the mat, drawn from the engine as
display-list ops (any object with caption, explanation, measure and ops is a figure):

- the rank order with the odd ace (RankOrderFigure): the ranks from 2 to K in a row, the
  ace at both ends, one ace: it loses to the numbers and beats the courts;
- the ring (RingFigure): thirteen places round a circle, cards on some of them, and arrows
  for the captures they allow.

Ops use the faces' coordinates: points, origin top-left, y downwards. Things are told apart
by shape and words as well as colour, so they read in black-and-white print.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ...text import fonts
from ... import ops as op
from ...doc import FigureRoom
from ..playing_cards.deck import parse
from ..playing_cards.face import CardStyle
from ..playing_cards.suits import INKS, suit_ops
from . import engine, ring

INK = "#26232E"
PAPER = "#FFFFFF"
CELLS = 14  # the ace, 2 .. K, the ace again
LEGIBLE = 7.0  # pt: ranks and mini cards never set smaller than this (or the text around them)
RANK_FONT = CardStyle().rank_font  # as on the cards: a plain zero in "10"


def ace_beats() -> list[str]:
    """The ranks an ace captures (the engine decides)."""
    ace = parse("AS")
    return [r for r in engine.LADDER if engine.beats(ace, parse(r + "H"))]


def beat_ace() -> list[str]:
    """The ranks that capture an ace."""
    ace = parse("AS")
    return [r for r in engine.LADDER if engine.beats(parse(r + "H"), ace)]


@dataclass(frozen=True)
class RankOrderFigure:
    caption: str = ""
    explanation: str = ("Ranks climb from 2 to the king. The ace is one card shown at both ends: "
                        "every number captures it, and it captures every court.")

    def measure(self, width: float, room: FigureRoom) -> tuple[float, float]:
        w = min(width, room.diagram * 1.9)
        return w, _Rows(w, room.text_size).height

    def ops(self, width: float, room: FigureRoom) -> list:
        w, _ = self.measure(width, room)
        return rank_order_ops(w, room.text_size, room.fill, room.stroke)


@dataclass(frozen=True)
class _Rows:
    """Where the rank order's rows go for a width and a label size: labels over brackets, the
    ranks, the 'higher' arrow, the line joining the two aces (labels never touch lines)."""

    width: float
    label_size: float

    @property
    def cell(self) -> float:
        return self.width / CELLS

    @property
    def size(self) -> float:
        return min(self.label_size, self.cell * 0.62)

    @property
    def top(self) -> float:
        return max(self.cell * 0.9, self.size * 1.1 + self.cell * 0.15)

    @property
    def arrow(self) -> float:
        return self.top + self.cell * 1.15 + self.size * 1.0

    @property
    def link(self) -> float:
        return self.arrow + self.size * 1.5

    @property
    def height(self) -> float:
        return self.link + self.size * 0.7


def rank_order_ops(width: float, label_size: float, fill: str, stroke: str) -> list:
    rows = _Rows(width, label_size)
    cell, size, top = rows.cell, rows.size, rows.top
    rank_size = max(cell * 0.5, min(label_size, LEGIBLE))  # a narrow aid card's ranks stay readable
    ranks = ["A"] + list(engine.LADDER) + ["A"]
    ops: list = []

    def centre(i: int) -> float:
        return (i + 0.5) * cell

    def bracket(first: int, last: int, label: str) -> None:
        x1, x2, y = first * cell + cell * 0.12, (last + 1) * cell - cell * 0.12, top - cell * 0.12
        ops.append(op.Path((("M", x1, y + cell * 0.1), ("L", x1, y), ("L", x2, y), ("L", x2, y + cell * 0.1)),
                           None, INK, max(0.5, cell * 0.04)))
        ops.append(op.Text((x1 + x2) / 2, y - size * 0.35, label, "body-bold", size, INK, "center"))

    numbers, courts = beat_ace(), ace_beats()
    bracket(ranks.index(numbers[0], 1), ranks.index(numbers[-1], 1), f"{_span(numbers)} beat A")
    bracket(ranks.index(courts[0], 1), ranks.index(courts[-1], 1), f"A beats {_span(courts)}")
    for i, rank in enumerate(ranks):
        ace = rank == "A"
        ops.append(op.Rect(i * cell + cell * 0.06, top, cell * 0.88, cell * 1.15, stroke if ace else PAPER,
                           INK, max(0.5, cell * (0.08 if ace else 0.04)), cell * 0.12))
        ops.append(op.Text(centre(i), top + cell * 0.58 + rank_size * 0.36, rank, RANK_FONT, rank_size,
                           PAPER if ace else INK, "center"))
    # smaller to larger, under the row
    y = rows.arrow
    ops.append(op.Text(centre(1) - cell * 0.3, y + size * 0.35, "higher", "body-italic", size, INK))
    start = centre(1) - cell * 0.2 + fonts.string_width("higher", "body-italic", size)
    ops.append(op.Line(start, y, centre(CELLS - 2) - cell * 0.3, y, INK, max(0.5, cell * 0.05)))
    head = cell * 0.3
    x = centre(CELLS - 2)
    ops.append(op.Path((("M", x, y), ("L", x - head, y - head * 0.5), ("L", x - head, y + head * 0.5), ("Z",)), INK))
    # the two aces are one card
    low = rows.link
    ops.append(op.Path((("M", centre(0), top + cell * 1.2), ("L", centre(0), low), ("L", centre(CELLS - 1), low),
                        ("L", centre(CELLS - 1), top + cell * 1.2)), None, stroke, max(0.7, cell * 0.07)))
    label, middle = "one and the same ace", CELLS / 2 * cell
    label_w = fonts.string_width(label, "body-italic", size) + size
    ops.append(op.Rect(middle - label_w / 2, low - size * 0.6, label_w, size * 1.2, PAPER))
    ops.append(op.Text(middle, low + size * 0.35, label, "body-italic", size, INK, "center"))
    return ops


def _span(ranks: list[str]) -> str:
    return ranks[0] if len(ranks) == 1 else f"{ranks[0]}–{ranks[-1]}"


# -- the ring --------------------------------------------------------------------------------

CARD_RATIO = 1.4  # a poker card's height over its width


@dataclass(frozen=True)
class RingFigure:
    """Thirteen places round a circle; cards (top cards, by id) on the first places; an arrow
    for each capture the engine allows."""

    stacks: tuple[str | None, ...]
    caption: str = ""
    explanation: str = ""
    arrows: bool = True

    def measure(self, width: float, room: FigureRoom) -> tuple[float, float]:
        side = min(width, room.diagram * 1.2)
        return side, side

    def ops(self, width: float, room: FigureRoom) -> list:
        side, _ = self.measure(width, room)
        return ring_ops(self.stacks, side, room.text_size, room.fill, self.arrows)


def ring_ops(stacks, side: float, label_size: float, fill: str, arrows: bool) -> list:
    n = engine.RING_SIZE
    cw = side * 0.105
    ch = cw * CARD_RATIO
    radius = ring.radius_to_fill(side / 2 - 1, cw, ch)
    centres = ring.places(side / 2, side / 2, radius, n)
    ops: list = [op.Ellipse(side / 2 - radius, side / 2 - radius, 2 * radius, 2 * radius, None, fill,
                            max(1.0, side * 0.012))]
    tops = list(stacks) + [None] * (n - len(stacks))
    for place, card in zip(centres, tops):
        frame = op.Rect(place.x - cw / 2, place.y - ch / 2, cw, ch, PAPER if card else fill, INK,
                        max(0.5, cw * 0.03), cw * 0.1)
        ops.append(op.Group((frame,), op.rotate(place.angle, place.x, place.y)))
        if card:  # the index stays upright, to be read from outside the ring
            ops += _mini(parse(card), place.x, place.y, cw, ch, label_size)
    if arrows and all(tops):
        for capture in engine.legal_captures(tops):
            ops += _arc_arrow(centres[capture.source], centres[capture.target], radius, cw)
    return ops


def _mini(card, x: float, y: float, cw: float, ch: float, label_size: float) -> list:
    """A card reduced to its index: rank above the suit's letter, in its colour."""
    ink = "#1B1B1F" if card.is_joker else INKS["two"][card.suit]
    size = min(label_size * 1.1, max(cw * 0.42, min(label_size, LEGIBLE)))
    if card.is_joker:
        return [op.Text(x, y + size * 0.35, "JK", "body-bold", size, ink, "center")]
    out = [op.Text(x, y - ch * 0.06, card.rank, RANK_FONT, size, ink, "center")]
    out.append(suit_ops(card.suit, x - cw * 0.2, y + ch * 0.02, cw * 0.4, ink))
    return out


def _arc_arrow(a, b, radius: float, cw: float) -> list:
    """A short arrow from place a towards its neighbour b, just inside the ring."""
    inner = radius - cw * 1.05
    angle_a, angle_b = math.radians(a.angle), math.radians(b.angle)
    if abs(angle_b - angle_a) > math.pi:
        angle_b += 2 * math.pi if angle_b < angle_a else -2 * math.pi
    start = angle_a + (angle_b - angle_a) * 0.2
    end = angle_a + (angle_b - angle_a) * 0.8
    cx, cy = a.x - radius * math.sin(angle_a), a.y + radius * math.cos(angle_a)
    x1, y1 = cx + inner * math.sin(start), cy - inner * math.cos(start)
    x2, y2 = cx + inner * math.sin(end), cy - inner * math.cos(end)
    head = cw * 0.35
    direction = math.atan2(y2 - y1, x2 - x1)
    px, py = -math.sin(direction) * head * 0.5, math.cos(direction) * head * 0.5
    bx, by = x2 - head * math.cos(direction), y2 - head * math.sin(direction)
    return [op.Line(x1, y1, bx, by, INK, max(0.6, cw * 0.05)),
            op.Path((("M", x2, y2), ("L", bx + px, by + py), ("L", bx - px, by - py), ("Z",)), INK)]


__all__ = ["RankOrderFigure", "RingFigure", "ace_beats", "beat_ace"]
