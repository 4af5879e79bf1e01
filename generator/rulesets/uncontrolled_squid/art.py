"""Face elements of Uncontrolled Squid's cards:

- `cult-card`: a playing card (standard indices and pips, from the playing-cards rule set)
  dressed in its cult: a frame in the cult's ink, the emblem faint behind the pips, the
  cult's name down both long sides, and the emblem itself as the ace's centre;
- `cult-back`: the back of a cult's cards (or the Squid's): its ink, a pattern of its emblem,
  the emblem in a medallion and its name on a banner;
- `squid-emblem`: any emblem, in one ink (variant cards, aids).
"""

from __future__ import annotations

from typing import Mapping

from ...elements import Param, geometry
from ... import ops as op
from ...model import Game
from ...text.fit import text_ops
from ..base import Painter
from ..playing_cards.courts import tint
from ..playing_cards.deck import parse
from ..playing_cards.face import DESIGN_WIDTH, CardStyle, card_ops
from ..playing_cards.suits import suit_ops
from . import cults
from .emblems import NAMES, emblem_ops

PAPER = "#FFFFFF"
FRAME_INSET = 9.7  # points at design width: the cult's frame, inking just inside the safe line (9 pt), clear of the index (12 pt)
FRAME_WIDTH = 1.2
WATERMARK = 0.16  # share of the cult's ink in the emblem behind the pips
SIDE_NAME_SIZE = 7.0
SIDE_NAME_X = 18.5  # the index column's centre line, from the card's edge


def front(ops: list, box, params: Mapping, game: Game) -> None:
    x, y, w, h = box
    u = w / DESIGN_WIDTH
    card = parse(str(params["card"]))
    cult = cults.find(game, str(params["cult"]))
    inset = FRAME_INSET * u
    ops.append(op.Rect(x + inset, y + inset, w - 2 * inset, h - 2 * inset, None, cult.color,
                       FRAME_WIDTH * u, 8 * u))
    mark = min(w, h) * 0.62
    if card.rank != "A":
        ops.append(emblem_ops(cult.emblem, x + (w - mark) / 2, y + (h - mark) / 2, mark,
                              tint(cult.color, WATERMARK), PAPER))

    def ace(centre: list, middle) -> None:
        mx, my, mw, mh = middle
        size = mw * 0.95
        top = my + (mh - size) / 2 - 12 * u
        centre.append(emblem_ops(cult.emblem, mx + (mw - size) / 2, top, size, cult.color, PAPER))
        pip = 20 * u
        centre.append(suit_ops(card.suit, mx + (mw - pip) / 2, top + size + 8 * u, pip,
                               CardStyle().ink(card)))

    ops += card_ops(card, box, CardStyle(), centre=ace if card.rank == "A" else None)
    name = tuple(text_ops(cult.name, -60 * u, -5 * u, 120 * u, 10 * u, "body-bold", SIDE_NAME_SIZE * u,
                          min(6.0, SIDE_NAME_SIZE * u), cult.color))
    along = op.compose(op.rotate(-90), op.translate(x + SIDE_NAME_X * u, y + h / 2))
    ops.append(op.Group(name, along))
    ops.append(op.Group(name, op.compose(along, op.rotate(180, x + w / 2, y + h / 2))))


def back(ops: list, box, params: Mapping, game: Game) -> None:
    x, y, w, h = box
    cult = cults.find(game, str(params["cult"]))
    ops.append(op.Rect(x, y, w, h, cult.color))
    pattern = tint(cult.color, 0.72)
    step = w / 5
    for row in range(int(h / step) + 2):
        for column in range(6):
            shift = step / 2 if row % 2 else 0
            ops.append(emblem_ops(cult.emblem, x + column * step - shift + step * 0.2,
                                  y + row * step - step * 0.35, step * 0.6, pattern, cult.color))
    cx, cy = x + w / 2, y + h * 0.43
    r = w * 0.33
    ops.append(op.Ellipse(cx - r, cy - r, 2 * r, 2 * r, PAPER, tint(cult.color, 0.5), w * 0.025))
    size = r * 1.3
    ops.append(emblem_ops(cult.emblem, cx - size / 2, cy - size / 2, size, cult.color, PAPER))
    band_w, band_h = w * 0.78, h * 0.1
    band_y = cy + r + h * 0.05
    ops.append(op.Rect(cx - band_w / 2, band_y, band_w, band_h, PAPER, None, 0, band_h * 0.25))
    ops += text_ops(cult.name, cx - band_w / 2 + 4, band_y + 2, band_w - 8, band_h - 4, "display",
                    band_h * 0.5, 6.0, cult.color)
    ops += text_ops(game.title.upper(), x, y + h * 0.08, w, h * 0.06, "body-bold", h * 0.032, 6.0, PAPER)


def emblem(ops: list, box, params: Mapping, game: Game) -> None:
    x, y, w, h = box
    size = min(w, h)
    ops.append(emblem_ops(str(params["emblem"]), x + (w - size) / 2, y + (h - size) / 2, size,
                          str(params.get("color", "#000000")), str(params.get("paper", PAPER))))


CULT_PARAMS = {**geometry(), "cult": Param("text", required=True)}

PAINTERS = {
    "cult-card": Painter({**CULT_PARAMS, "card": Param("text", required=True)}, front),
    "cult-back": Painter(CULT_PARAMS, back),
    "squid-emblem": Painter({**geometry(), "emblem": Param("choice", "squid", choices=NAMES),
                             "color": Param("color", "#000000"), "paper": Param("color", PAPER)}, emblem),
}
