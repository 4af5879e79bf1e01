"""Druid's Duel's face elements:

- `druid-card`: a card of the poker deck. Ace to ten are standard strategy cards; a court
  or a joker keeps its standard indices (so a real deck substitutes) and its centre shows
  its form instead: the animal, its name and its success rule, read from data.forms.
- `druid-back`: the Three-Vined Circle, the same back for every card.
- `drained-marker`: the token laid on a drained form card.
"""

from __future__ import annotations

import math
from typing import Mapping

from ...elements import Param, geometry
from ... import ops as op
from ...model import Game
from ...text.fit import fit, text_ops
from ..base import Painter
from ..playing_cards.deck import Card, parse
from ..playing_cards.face import CardStyle, card_ops
from .animals import animal_ops
from .forms import Form, form_of

NAME_SIZE = 13.0  # form name, points on a poker card
RULE_SIZE = 8.0
MIN_TEXT = 6.0
RULE_LEADING = 1.15
PANEL = "#F7F1E3"  # the animal's panel
VINE = "#E3C77A"
MOSS = "#1E3B2A"


# -- the card front ---------------------------------------------------------------------------

def form_centre(form: Form, ink: str):
    """The centre of a form card: the animal in a framed panel, its name, its rule."""

    def centre(ops: list, box: tuple[float, float, float, float]) -> None:
        x, y, w, h = box
        side = min(w, h * 0.58)
        gap = h * 0.03
        name_h = NAME_SIZE * 1.25
        rule = fit(form.rule, "body", RULE_SIZE, MIN_TEXT, w, h - side - name_h - 2 * gap, RULE_LEADING)
        rule_h = rule.line_height * len(rule.lines)
        top = y + (h - (side + gap + name_h + gap + rule_h)) / 2  # the whole block centred
        px = x + (w - side) / 2
        ops.append(op.Rect(px, top, side, side, PANEL, ink, 1.2, side * 0.08))
        pad = side * 0.06
        ops.extend(animal_ops(form.animal, (px + pad, top + pad, side - 2 * pad, side - 2 * pad)))
        name_top = top + side + gap
        ops.extend(text_ops(form.name.upper(), x, name_top, w, name_h, "display", NAME_SIZE, MIN_TEXT, ink))
        ops.extend(text_ops(form.rule, x, name_top + name_h + gap, w, rule_h, "body", rule.size, MIN_TEXT,
                            "#222222", "center", "top", RULE_LEADING))

    return centre


def druid_card_ops(card: Card, box: tuple[float, float, float, float], game: Game,
                   style: CardStyle = CardStyle()) -> list:
    """A card of the duel's deck: standard, but with a form's centre on courts and jokers."""
    if card.is_court or card.is_joker:
        return card_ops(card, box, style, form_centre(form_of(game, card.rank), style.ink(card)))
    return card_ops(card, box, style)


def paint_card(ops: list, box, params: Mapping, game: Game) -> None:
    ops += druid_card_ops(parse(str(params["card"])), box, game)


# -- the back: the Three-Vined Circle ---------------------------------------------------------

def back_ops(box: tuple[float, float, float, float]) -> list:
    """A triskele of three vines, each leaving the centre and curling into its own spiral,
    leaves along the outer turn, inside a double ring."""
    x, y, w, h = box
    r = min(w, h) / 2
    cx, cy = x + w / 2, y + h / 2
    ops: list = [op.Ellipse(cx - r, cy - r, 2 * r, 2 * r, None, VINE, r * 0.035),
                 op.Ellipse(cx - r * 0.9, cy - r * 0.9, 1.8 * r, 1.8 * r, None, VINE, r * 0.015)]
    points = _vine(r * 0.41)
    arm = [op.Path((("M", *points[0]),) + tuple(("L", px, py) for px, py in points[1:]), None, VINE, r * 0.05)]
    for index in LEAF_STEPS:
        (x0, y0), (x1, y1) = points[index], points[index + 1]
        heading = math.degrees(math.atan2(y1 - y0, x1 - x0))
        arm.append(_leaf(x0, y0, heading - 50, r * 0.16))
    for turn in (0, 120, 240):
        ops.append(op.Group(tuple(arm), op.compose(op.rotate(turn), op.translate(cx, cy))))
    ops.append(op.Ellipse(cx - r * 0.07, cy - r * 0.07, r * 0.14, r * 0.14, VINE))
    return ops


VINE_STEPS = 90
LEAF_STEPS = (14, 26, 38)  # where leaves grow, along the vine's outer turn


def _vine(spread: float) -> list[tuple[float, float]]:
    """One arm: a spiral round a centre `spread` from the middle, starting at the middle
    (its first radius is `spread`) and winding inwards for one and three quarter turns."""
    centre = (spread, 0.0)
    start = math.pi  # from the spiral's centre, the middle of the figure lies at angle pi
    points = []
    for i in range(VINE_STEPS + 1):
        u = i / VINE_STEPS
        angle = start + u * 3.5 * math.pi
        radius = spread * (1 - 0.85 * u)
        points.append((centre[0] + radius * math.cos(angle), centre[1] + radius * math.sin(angle)))
    return points


def _leaf(x: float, y: float, angle: float, size: float, fill: str = VINE, stroke: str | None = None,
          width: float = 0.5) -> op.Group:
    """A pointed leaf from (x, y), `size` long, turned by angle (degrees)."""
    shape = op.Path((("M", 0, 0), ("C", size * 0.3, -size * 0.35, size * 0.8, -size * 0.3, size, 0),
                     ("C", size * 0.8, size * 0.3, size * 0.3, size * 0.35, 0, 0), ("Z",)), fill, stroke, width)
    return op.Group((shape,), op.compose(op.rotate(angle), op.translate(x, y)))


def paint_back(ops: list, box, params: Mapping, game: Game) -> None:
    ops += back_ops(box)


# -- the drained marker ------------------------------------------------------------------------

MARKER_INK = "#3B3148"


def marker_ops(box: tuple[float, float, float, float], label: str = "DRAINED", note: str = "") -> list:
    """A wilted sprig (three leaves hanging from a bent stem) over the label and a note."""
    x, y, w, h = box
    s = min(w, h)
    cx = x + w / 2
    ops: list = [op.Ellipse(cx - s / 2, y + (h - s) / 2, s, s, "#EFE9F5", MARKER_INK, s * 0.03)]
    unit = s / 100
    top = y + (h - s) / 2
    stem = (("M", cx - 18 * unit, top + 46 * unit), ("C", cx - 14 * unit, top + 20 * unit,
                                                      cx + 14 * unit, top + 16 * unit, cx + 20 * unit, top + 34 * unit))
    ops.append(op.Path(stem, None, MARKER_INK, 2.4 * unit))
    for (lx, ly), angle in (((-18, 46), 100), ((0, 24), 75), ((20, 34), 95)):
        ops.append(_leaf(cx + lx * unit, top + ly * unit, angle, 17 * unit, "#9C8FB0", MARKER_INK, unit))
    ops.extend(text_ops(label, x + s * 0.12, top + 56 * unit, s * 0.76, 14 * unit, "display", 16 * unit,
                        MIN_TEXT, MARKER_INK))
    if note:
        ops.extend(text_ops(note, x + s * 0.2, top + 71 * unit, s * 0.6, 16 * unit, "body", 6.5, MIN_TEXT,
                            MARKER_INK, "center", "top", 1.1))
    return ops


def paint_marker(ops: list, box, params: Mapping, game: Game) -> None:
    ops += marker_ops(box, str(params.get("label") or "DRAINED"), str(params.get("note") or ""))


PAINTERS = {
    "druid-card": Painter({**geometry(), "card": Param("text", required=True)}, paint_card),
    "druid-back": Painter(geometry(), paint_back),
    "drained-marker": Painter({**geometry(), "label": Param("text", "DRAINED"), "note": Param("text", "")},
                              paint_marker),
}
