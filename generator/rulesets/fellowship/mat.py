"""The ring mat (`ring-mat` element): thirteen card places round a circle at real size, the
draw pile's place in the middle, the game's title, the capture rule and the rank order.

The ring is as large as the element's box allows; a box too small to keep `gap` between
neighbouring places is an error (the mat would not play). Places are turned so their long
sides point at the centre, which keeps the ring smallest for its cards (ring.py).
"""

from __future__ import annotations

import math
from typing import Mapping

from ...elements import Param, geometry
from ... import ops as op
from ...model import Game
from ...text.fit import text_ops
from ...units import MM, length
from ..base import Painter
from . import engine, ring
from .figures import INK, PAPER, rank_order_ops

PARAMS: Mapping[str, Param] = {
    **geometry(),
    "card_w": Param("length", "2.5in", above_zero=True),  # the cards laid on the places
    "card_h": Param("length", "3.5in", above_zero=True),
    "pad": Param("length", "2mm", minimum=0.0),  # a place is the card plus this much on every side
    "gap": Param("length", "3mm", minimum=0.0),  # at least this much between neighbouring places
    "title": Param("text", ""),
    "rule": Param("text", ""),  # the capture rule, printed in the middle
    "pile": Param("text", "Draw pile"),
    "fill": Param("color", "#E8DDC3"),  # the places
    "stroke": Param("color", "#5B4A2F"),
    "accent": Param("color", "#7A2E1F"),  # the ace in the rank order
}


def paint(ops: list, box, params: Mapping, game: Game) -> None:
    x, y, w, h = box
    card_w, card_h = length(params.get("card_w", "2.5in")), length(params.get("card_h", "3.5in"))
    pad = length(params.get("pad", "2mm"))
    place_w, place_h = card_w + 2 * pad, card_h + 2 * pad
    fill, stroke = str(params.get("fill", "#E8DDC3")), str(params.get("stroke", "#5B4A2F"))
    cx, cy = x + w / 2, y + h / 2
    radius = ring.radius_to_fill(min(w, h) / 2, place_w, place_h)
    gap = ring.gap(radius, place_w, place_h, engine.RING_SIZE)
    wanted = length(params.get("gap", "3mm"))
    if gap < wanted - 1e-6:
        apart = "would overlap" if gap < 0 else f"would be only {gap / MM:.1f} mm apart"
        raise ValueError(f"a ring of {engine.RING_SIZE} places this size needs a box of at least "
                         f"{math.ceil(_needed(place_w, place_h, wanted) / MM)} mm square (the places {apart})")
    line = 0.8 * MM
    ops.append(op.Ellipse(cx - radius, cy - radius, 2 * radius, 2 * radius, None, stroke, line))
    for number, place in enumerate(ring.places(cx, cy, radius, engine.RING_SIZE), start=1):
        ops.append(op.Group(_place(place.x, place.y, place_w, place_h, fill, stroke, str(number)),
                            op.rotate(place.angle, place.x, place.y)))
    _middle(ops, cx, cy, ring.inner_room(radius, place_h), place_w, place_h, params, fill, stroke)


def _place(x: float, y: float, w: float, h: float, fill: str, stroke: str, label: str) -> tuple:
    """One card place, upright round (x, y): a rounded frame and a small number at its
    outer end (places are numbered to set up a position from the rules)."""
    size = 12.0
    return (op.Rect(x - w / 2, y - h / 2, w, h, fill, stroke, 1.2, 4 * MM),
            op.Rect(x - w / 2 + 2 * MM, y - h / 2 + 2 * MM, w - 4 * MM, h - 4 * MM, None, PAPER, 0.8, 3 * MM),
            op.Text(x, y - h / 2 + 2.5 * MM + size * 0.72, label, "body-bold", size, stroke, "center"))


def _middle(ops: list, cx: float, cy: float, room: float, place_w: float, place_h: float, params: Mapping,
            fill: str, stroke: str) -> None:
    """Inside radius `room`: the title, the rule, the draw pile's place, the rank order. The
    rule sits high, clear of the seam across the middle of a mat tiled in two rows."""
    title, rule = str(params.get("title", "")), str(params.get("rule", ""))
    text_w = room * 1.3
    if title:
        ops += text_ops(title, cx - text_w / 2, cy - room * 0.9, text_w, room * 0.13, "display", 30, 12, INK)
    if rule:
        ops += text_ops(rule, cx - text_w / 2, cy - room * 0.74, text_w, room * 0.24, "body", 14, 8, INK,
                        "center", "middle")
    pile_top = cy - room * 0.46
    ops.append(op.Rect(cx - place_w / 2, pile_top, place_w, place_h, PAPER, stroke, 1.2, 4 * MM))
    ops += text_ops(str(params.get("pile", "")), cx - place_w / 2 + 4 * MM, pile_top, place_w - 8 * MM, place_h,
                    "display", 18, 8, stroke)
    ladder_w = room * 1.5
    ladder = rank_order_ops(ladder_w, 14, fill, str(params.get("accent", "#7A2E1F")))
    ops.append(op.Group(tuple(ladder), op.translate(cx - ladder_w / 2, pile_top + place_h + room * 0.08)))


def _needed(w: float, h: float, gap: float) -> float:
    """The smallest square box whose ring keeps `gap` between places."""
    return 2 * ring.reach(ring.radius_for_gap(w, h, gap, engine.RING_SIZE), w, h)


PAINTER = Painter(PARAMS, paint)
