"""The river mat: the `poohsticks-river` face element of a `kind = "mat"` component.

One lane per player at the game's largest player count, `data.river_length` rows long,
every place the size of the game's real cards. From the top: the start (the Poohsticks
bridge the sticks are dropped from, the boats waiting), the lane labels (which lanes a
2-, 3- or 4-player river uses), the rows of card places numbered on both banks, and the
finish line. Lanes a smaller game leaves empty are outlined with dashes, not only paler.
"""

from __future__ import annotations

from typing import Mapping

from ...elements import geometry
from ... import ops as op
from ...model import Game
from ...units import MM
from ..base import Painter
from . import pictures

DECK = "cards"
BANK = "#CFE3B4"
BANK_EDGE = "#6E8F4E"
PLACE_LINE = "#26232E"
PALE = "#4F6B85"
GAP = 6 * MM  # between the cards of neighbouring places
PLACE_MARGIN = 2 * MM  # a place's outline beyond its card, each side: a card laid there leaves it showing
START_BAND = 62 * MM
LABEL_BAND = 9 * MM
FINISH_BAND = 40 * MM
SUITS = ("S", "H", "D", "C")
INKS = {"S": "#1B1B1F", "H": "#C8102E", "D": "#C8102E", "C": "#1B1B1F"}


def layout(game: Game) -> tuple[int, int, int, float, float]:
    """(lanes, fewest lanes, rows, card width, card height) from the game's data."""
    try:
        deck = game.component(DECK)
    except KeyError:
        raise ValueError(f"the river's places take the size of the '{DECK}' deck, and there is none") from None
    rows = int(game.data.get("river_length", 6))
    return game.players[1], game.players[0], rows, deck.size.width, deck.size.height


def needed(game: Game) -> tuple[float, float]:
    """The least width and height (points) the river mat needs, banks and bands included."""
    lanes, _, rows, cw, ch = layout(game)
    return lanes * cw + (lanes - 1) * GAP + 2 * 20 * MM, START_BAND + LABEL_BAND + rows * (ch + GAP) + FINISH_BAND


def paint(ops: list, box, params: Mapping, game: Game) -> None:
    x, y, w, h = box
    lanes, fewest, rows, cw, ch = layout(game)
    need_w, need_h = needed(game)
    if w < need_w - 0.01 or h < need_h - 0.01:
        raise ValueError(f"the river needs {need_w / MM:.0f} × {need_h / MM:.0f} mm for {lanes} lanes of "
                         f"{rows} cards; the box is {w / MM:.0f} × {h / MM:.0f} mm")
    river_w = lanes * cw + (lanes - 1) * GAP
    left = x + (w - river_w) / 2
    bank = left - x
    ops.append(op.Rect(x, y, w, h, pictures.WATER_LIGHT))
    for bx in (x, left + river_w + GAP / 2):
        ops.append(op.Rect(bx, y, bank - GAP / 2, h, BANK, None))
    ops.append(op.Line(left - GAP / 2, y, left - GAP / 2, y + h, BANK_EDGE, 1.5))
    ops.append(op.Line(left + river_w + GAP / 2, y, left + river_w + GAP / 2, y + h, BANK_EDGE, 1.5))
    ops += start_ops(left, y, river_w, lanes)
    top = y + START_BAND + LABEL_BAND
    for lane in range(1, lanes + 1):
        label = "every game" if lane <= fewest else f"{lane}+ players" if lane < lanes else f"{lane} players"
        ops.append(op.Text(left + (lane - 1) * (cw + GAP) + cw / 2, top - 3 * MM, label, "body-bold", 11,
                           pictures.OUTLINE if lane <= fewest else PALE, "center"))
    for row in range(1, rows + 1):
        py = top + (row - 1) * (ch + GAP)
        for bx in (x + (bank - GAP / 2) / 2, left + river_w + GAP / 2 + (bank - GAP / 2) / 2):
            d = min(bank - GAP, 14 * MM)
            ops.append(op.Ellipse(bx - d / 2, py + ch / 2 - d / 2, d, d, "#FFFFFF", PLACE_LINE, 1.2))
            ops.append(op.Text(bx, py + ch / 2 + d * 0.22, str(row), "body-bold", d * 0.6, PLACE_LINE, "center"))
        for lane in range(1, lanes + 1):
            px = left + (lane - 1) * (cw + GAP)
            ops += place_ops(px, py, cw, ch, row, lane, dashed=lane > fewest)
    ops += finish_ops(left, top + rows * (ch + GAP), river_w, rows)


def place_ops(x: float, y: float, w: float, h: float, row: int, lane: int, dashed: bool) -> list:
    """One card place round a card at x, y, w, h: a white outline PLACE_MARGIN wider than
    the card all round, so that a card laid on it leaves the place showing (dashed in the
    lanes only bigger games use), its row and lane named faintly in the middle."""
    x, y, w, h = x - PLACE_MARGIN, y - PLACE_MARGIN, w + 2 * PLACE_MARGIN, h + 2 * PLACE_MARGIN
    out: list = [op.Rect(x, y, w, h, "#FFFFFF", None, 0, 8)]
    if dashed:
        out += dashed_rect(x, y, w, h, PALE, 1.4)
    else:
        out.append(op.Rect(x, y, w, h, None, PLACE_LINE, 1.4, 8))
    out.append(op.Text(x + w / 2, y + h / 2 - 4, f"row {row}", "body", 12, PALE, "center"))
    out.append(op.Text(x + w / 2, y + h / 2 + 12, f"lane {lane}", "body", 10, PALE, "center"))
    ripples = tuple(pictures.waves(40, 2, 8, PALE, 1.0, 30, 70, 10))  # field units, y 40 to 48
    out.append(op.Group(ripples, op.compose(op.scale(w / pictures.FIELD), op.translate(x, y + h * 0.62 - w * 0.4))))
    return out


def dashed_rect(x: float, y: float, w: float, h: float, ink: str, width: float, dash: float = 9.0) -> list:
    out = []
    for (x1, y1, x2, y2) in ((x, y, x + w, y), (x + w, y, x + w, y + h), (x + w, y + h, x, y + h), (x, y + h, x, y)):
        length = max(abs(x2 - x1), abs(y2 - y1))
        steps = max(1, int(length / (2 * dash)))
        for i in range(steps):
            a, b = i / steps, (i + 0.5) / steps
            out.append(op.Line(x1 + (x2 - x1) * a, y1 + (y2 - y1) * a, x1 + (x2 - x1) * b, y1 + (y2 - y1) * b,
                               ink, width))
    return out


def start_ops(x: float, y: float, w: float, lanes: int) -> list:
    """The bridge across the top of the river, START on it, a boat of each suit waiting."""
    deck_top, deck_h = y + 20 * MM, 16 * MM
    out: list = [op.Rect(x - 8 * MM, deck_top, w + 16 * MM, deck_h, pictures.WOOD, pictures.OUTLINE, 1.5)]
    plank = 12 * MM
    px = x - 8 * MM + plank
    while px < x + w + 8 * MM:
        out.append(op.Line(px, deck_top, px, deck_top + deck_h, pictures.WOOD_DARK, 0.8))
        px += plank
    rail = deck_top - 9 * MM
    out.append(op.Rect(x - 8 * MM, rail, w + 16 * MM, 2.5 * MM, pictures.WOOD, pictures.OUTLINE, 1.0))
    post = x - 8 * MM
    while post <= x + w + 8 * MM:
        out.append(op.Rect(post - 1.2 * MM, rail, 2.4 * MM, 9 * MM, pictures.WOOD, pictures.OUTLINE, 0.8))
        post += (w + 16 * MM) / 8
    out.append(op.Rect(x + w / 2 - 32 * MM, deck_top + 2 * MM, 64 * MM, deck_h - 4 * MM, "#FFFFFF", pictures.OUTLINE, 1.2, 6))
    out.append(op.Text(x + w / 2, deck_top + deck_h / 2 + 4.5 * MM, "START", "display", 36, pictures.OUTLINE, "center"))
    out.append(op.Text(x + w / 2, deck_top + deck_h + 9 * MM, "Boats enter the river on any card of row 1",
                       "body-bold", 13, pictures.OUTLINE, "center"))
    size = 17 * MM
    for i, suit in enumerate(SUITS):
        cx = (x + 4 * MM + i * (size + 1 * MM)) if i < 2 else (x + w - 4 * MM - (4 - i) * (size + 1 * MM) + 1 * MM)
        out.append(pictures.placed(pictures.boat(suit, INKS[suit]), (cx, deck_top + deck_h + 2 * MM, size, size)))
    return out


def finish_ops(x: float, y: float, w: float, rows: int) -> list:
    """A chequered finish line across the river and how to leave it."""
    square = 6 * MM
    out: list = []
    count = int(w // square) + 1
    for i in range(count):
        for j in range(2):
            fill = pictures.OUTLINE if (i + j) % 2 else "#FFFFFF"
            out.append(op.Rect(x + i * (w / count), y + 2 * MM + j * square, w / count, square, fill, pictures.OUTLINE, 0.4))
    out.append(op.Text(x + w / 2, y + 2 * MM + 2 * square + 13 * MM, "FINISH", "display", 36, pictures.OUTLINE, "center"))
    out.append(op.Text(x + w / 2, y + 2 * MM + 2 * square + 21 * MM,
                       f"From row {rows}, play a J, Q, K or an ace on its own to leave the river",
                       "body-bold", 13, pictures.OUTLINE, "center"))
    return out


PAINTER = Painter(geometry(), paint)
