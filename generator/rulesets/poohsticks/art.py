"""Poohsticks' face elements: the card, its back and the variant markers.

- `poohsticks-card` (card = '{card}'): a standard card (indices, pips) whose aces are drawn
  as stick boats labelled '1 or 14' and whose courts carry their value (J 11, Q 12, K 13)
  in a badge, through playing_cards.face's centre hook.
- `poohsticks-back`: water, a stick floating on it, for every card.
- `poohsticks-marker` (marker = 'rock' or 'bridge'): a tile laid on a face-down river card
  to say what it is.
"""

from __future__ import annotations

from typing import Mapping

from ...elements import Param, geometry
from ... import ops as op
from ...model import Game
from ..base import Painter
from ..playing_cards import courts
from ..playing_cards.deck import parse
from ..playing_cards.face import CardStyle, card_ops
from . import pictures
from .engine import COURT_VALUES, values

BADGE_INK = "#26232E"
MARKERS = ("rock", "bridge")
MARKER_TEXT = {"rock": ("ROCK", "Lay on a face-down card.", "No boat may land here."),
               "bridge": ("BRIDGE", "Lay on a face-down card.", "Lift it when a boat lands", "in front, and turn the card.")}


def ace_centre(suit: str, ink: str):
    """The centre of an ace: its boat, and what an ace is worth."""
    def draw(ops: list, box) -> None:
        x, y, w, h = box
        ops.append(pictures.placed(pictures.boat(suit, ink), (x, y, w, w)))
        size = w * 0.16
        ops.append(op.Text(x + w / 2, y + w + size * 1.4, "1 or 14", "body-bold", size, BADGE_INK, "center"))
    return draw


def court_centre(rank: str, suit: str, ink: str):
    """The centre of a court: the usual figure, its value in a round badge on the middle line."""
    def draw(ops: list, box) -> None:
        x, y, w, h = box
        ops.extend(courts.court_ops(rank, suit, ink, box))
        d = w * 0.36
        cx, cy = x + w / 2, y + h / 2
        ops.append(op.Ellipse(cx - d / 2, cy - d / 2, d, d, "#FFFFFF", ink, max(0.8, w * 0.015)))
        ops.append(op.Text(cx, cy + d * 0.2, str(COURT_VALUES[rank]), "body-bold", d * 0.52, BADGE_INK, "center"))
    return draw


def card_face(card_id: str, box, colors: str = "two") -> list:
    """A Poohsticks card's ops in box: standard indices, a boat or a court's value centre."""
    card = parse(card_id)
    values(card)  # ValueError for a joker: the game has none
    style = CardStyle(colors=colors)
    ink = style.ink(card)
    centre = None
    if card.rank == "A":
        centre = ace_centre(card.suit, ink)
    elif card.is_court:
        centre = court_centre(card.rank, card.suit, ink)
    return card_ops(card, box, style, centre=centre)


def paint_card(ops: list, box, params: Mapping, game: Game) -> None:
    ops += card_face(str(params["card"]), box, str(params.get("colors", "two")))


def paint_back(ops: list, box, params: Mapping, game: Game) -> None:
    """Rows of waves over the whole box and a stick drifting across the middle."""
    x, y, w, h = box
    ink = str(params.get("ink") or pictures.WATER)
    step = 9.0  # field units between rows of waves
    rows = int(h * pictures.FIELD / w / step) + 1
    field = pictures.waves(step / 2, rows, step, ink, 1.2, -6, 106, 14)
    ops.append(op.Group(tuple(field), op.compose(op.scale(w / pictures.FIELD), op.translate(x, y))))
    stick = (op.Path((("M", 8, 54), ("C", 30, 46, 60, 52, 92, 44), ("L", 93, 48), ("C", 60, 57, 30, 51, 9, 58),
                      ("Z",)), pictures.WOOD, pictures.OUTLINE, 1.2),
             op.Path((("M", 62, 50), ("C", 66, 42, 72, 38, 78, 36)), None, pictures.OUTLINE, 1.4),
             op.Ellipse(76, 33, 7, 5, "#5C9E3C", pictures.OUTLINE, 0.8))
    ops.append(pictures.placed(list(stick), (x, y + h / 2 - w / 2, w, w)))


def paint_marker(ops: list, box, params: Mapping, game: Game) -> None:
    x, y, w, h = box
    kind = str(params["marker"])
    if kind not in MARKERS:
        raise ValueError(f"marker must be {' or '.join(MARKERS)}, got {kind!r}")
    ops.append(op.Rect(x, y, w, h, pictures.WATER_LIGHT))
    art = pictures.rock() if kind == "rock" else pictures.bridge()
    ops.append(pictures.placed(art, (x + w * 0.1, y + h * 0.19, w * 0.8, w * 0.8)))
    title, *lines = MARKER_TEXT[kind]
    ops.append(op.Text(x + w / 2, y + h * 0.14, title, "display", w * 0.16, pictures.OUTLINE, "center"))
    for i, line in enumerate(lines):
        ops.append(op.Text(x + w / 2, y + h * 0.19 + w * 0.9 + i * w * 0.085, line, "body-bold", w * 0.07,
                           pictures.OUTLINE, "center"))


CARD = Painter({**geometry(), "card": Param("text", required=True),
                "colors": Param("choice", "two", choices=("two", "four"))}, paint_card)
BACK = Painter({**geometry(), "ink": Param("color")}, paint_back)
MARKER = Painter({**geometry(), "marker": Param("text", required=True)}, paint_marker)
