"""A playing card's face as display-list ops, and the `playing-card` face element.

card_ops(card, box, style) draws, inside box (the card's trim, usually):
  * the corner index, rank above suit, top-left, and the same turned by 180 degrees
    bottom-right, so the card reads in a hand fanned either way;
  * the centre: pips in the traditional places (2-10), one large pip (ace), a framed court
    figure (J, Q, K) or a jester (joker).
A rule set may repaint the centre with its own art through `centre` (a function given the
ops list and the centre's box) while the indices stay standard, so a printed card still
plays as an ordinary card.

Sizes are designed for a poker card (180 pt wide) and scale with the box's width.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Mapping

from ...elements import Param, geometry
from ... import ops as op
from ...model import Game
from ..base import Painter
from . import courts, pips
from .deck import Card, parse
from .suits import INKS, SCHEMES, SUIT_HEIGHT, suit_ops

DESIGN_WIDTH = 180.0  # a poker card, in points
INDEX_LEFT = 12.0  # index column's left edge from the box edge (the default safe zone is 9)
INDEX_TOP = 11.0
RANK_SIZE = 16.0  # points at design width; never below MIN_RANK_SIZE
MIN_RANK_SIZE = 9.0
INDEX_SUIT = 11.0  # width of the suit under the rank
PIP = 27.0  # width of a number card's pip
ACE_PIP = 66.0
PIP_INSET = (50.0, 38.0)  # the field of pip centres: inset from the sides, from top and bottom
CENTRE_MARGIN = (34.0, 30.0)  # the centre's box: inset from the box's sides and top/bottom
JOKER_INKS = ("#1B1B1F", "#C8102E")  # the first joker black, the second red

Centre = Callable[[list, tuple[float, float, float, float]], None]


@dataclass(frozen=True)
class CardStyle:
    colors: str = "two"  # 'two' or 'four'
    rank_font: str = "display"  # a plain zero: the body font slashes it, and "10" read as "1Ø"

    def ink(self, card: Card) -> str:
        if card.is_joker:
            return JOKER_INKS[(card.number - 1) % 2]
        return INKS[self.colors][card.suit]


def card_ops(card: Card, box: tuple[float, float, float, float], style: CardStyle = CardStyle(),
             centre: Centre | None = None) -> list:
    x, y, w, h = box
    u = w / DESIGN_WIDTH
    ink = style.ink(card)
    ops: list = []
    middle = (x + CENTRE_MARGIN[0] * u, y + CENTRE_MARGIN[1] * u,
              w - 2 * CENTRE_MARGIN[0] * u, h - 2 * CENTRE_MARGIN[1] * u)
    if centre is not None:
        centre(ops, middle)
    elif card.is_joker:
        ops += courts.joker_ops(ink, middle)
    elif card.is_court:
        ops += courts.court_ops(card.rank, card.suit, ink, middle)
    elif card.rank == "A":
        size = ACE_PIP * u
        ops.append(suit_ops(card.suit, x + (w - size) / 2, y + (h - size * SUIT_HEIGHT) / 2, size, ink))
    else:
        ops += pip_ops(card, box, ink)
    index = tuple(index_ops(card, x, y, u, ink, style))
    ops.append(op.Group(index))
    ops.append(op.Group(index, op.rotate(180, x + w / 2, y + h / 2)))
    return ops


def index_ops(card: Card, x: float, y: float, u: float, ink: str, style: CardStyle) -> list:
    """The top-left index: rank above suit (a joker: a star above JOKER spelled downwards)."""
    size = max(MIN_RANK_SIZE, RANK_SIZE * u)
    column = x + (INDEX_LEFT + INDEX_SUIT / 2 + 1) * u  # centre line of the index column
    baseline = y + INDEX_TOP * u + size * 0.72
    if card.is_joker:
        letter = max(MIN_RANK_SIZE, 10.0 * u)
        return [op.Text(column, y + INDEX_TOP * u + letter * 0.72 + i * letter * 0.92, ch, style.rank_font,
                        letter, ink, "center") for i, ch in enumerate("JOKER")]
    suit_w = INDEX_SUIT * u
    return [op.Text(column, baseline, card.rank, style.rank_font, size, ink, "center"),
            suit_ops(card.suit, column - suit_w / 2, baseline + 3 * u, suit_w, ink)]


def pip_ops(card: Card, box: tuple[float, float, float, float], ink: str) -> list:
    """The pips of a number card: one Group per pip, in the traditional places."""
    x, y, w, h = box
    u = w / DESIGN_WIDTH
    inset_x, inset_y = PIP_INSET[0] * u, PIP_INSET[1] * u
    field_x, field_w = x + inset_x, w - 2 * inset_x
    field_y, field_h = y + inset_y, h - 2 * inset_y
    size = PIP * u
    out = []
    for px, py, turned in pips.positions(card.rank):
        cx, cy = field_x + px * field_w, field_y + py * field_h
        out.append(suit_ops(card.suit, cx - size / 2, cy - size * SUIT_HEIGHT / 2, size, ink, turned))
    return out


PARAMS: Mapping[str, Param] = {
    **geometry(),
    "card": Param("text", required=True),
    "colors": Param("choice", "two", choices=SCHEMES),
}


def paint(ops: list, box, params: Mapping, game: Game) -> None:
    """The `playing-card` face element: card = '{card}' (an id such as 10H or JK1)."""
    ops += card_ops(parse(str(params["card"])), box, CardStyle(colors=str(params.get("colors", "two"))))


PAINTER = Painter(PARAMS, paint)
