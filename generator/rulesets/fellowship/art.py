"""The Fellowship deck's faces: ordinary playing cards, except two.

- The jack of spades is Boromir: a bust with the great horn slung across his chest, his
  name, and his rule printed under him (from data.card_rules.JS).
- The joker is the wild card: the Ring itself, the word WILD, and its rule
  (data.card_rules.JK1).
- Each ace, the odd card of the rank order, says under its pip what it captures and what
  captures it (from the engine).

Both keep the standard corner indices (playing_cards.face.card_ops repaints only the
centre), so every card still plays as an ordinary card. The art is outlined in dark ink and
named in words, so it reads in black-and-white print. Figures are designed on a field
100 wide and 100 tall (y downwards), then scaled.

The back's emblem (`fellowship-emblem`) is a gold ring circled by thirteen small cards: the
ring of stacks the game is played on.
"""

from __future__ import annotations

from typing import Mapping

from ...elements import Param, geometry
from ... import ops as op
from ...model import Game
from ...text.fit import text_ops
from ..base import Painter
from ..playing_cards.courts import OUTLINE, PAPER, SKIN, tint
from ..playing_cards.deck import parse
from ..playing_cards.face import CardStyle, card_ops
from ..playing_cards.suits import SCHEMES, SUIT_HEIGHT, suit_ops
from . import engine, ring
from .figures import ace_beats, beat_ace

FIELD = 100.0
GOLD = "#D4A62A"
GOLD_DARK = "#8A6A12"
HAIR = "#8A5A2E"
FUR = "#8B7B68"
HORN = "#F1E6C8"
NAME_SHARE = 0.11  # the name's band, as a share of the centre's height
ART_SHARE = 0.5  # the picture's share of the centre's height
RULE_SIZE = 8.0  # pt at poker size; shrinks to fit, never below RULE_MIN
RULE_MIN = 6.0


def card_rule(game: Game, card_id: str) -> str:
    rules = game.data.get("card_rules") or {}
    return str(rules.get(card_id, ""))


def boromir_ops(ink: str) -> list:
    """Boromir from the chest up: cloak, fur collar, the horn on its baldric, long hair."""
    return [
        op.Rect(0, 0, FIELD, FIELD, tint(ink, 0.08), ink, 1.4, 6),
        # hair behind the head, to the shoulders
        op.Path((("M", 34, 30), ("C", 32, 48, 30, 58, 28, 66), ("L", 72, 66), ("C", 70, 58, 68, 48, 66, 30),
                 ("Z",)), HAIR, OUTLINE, 0.9),
        # the cloak and the fur collar
        op.Path((("M", 8, 100), ("C", 10, 76, 26, 66, 50, 66), ("C", 74, 66, 90, 76, 92, 100), ("Z",)),
                ink, OUTLINE, 1.0),
        op.Path((("M", 24, 72), ("C", 30, 62, 40, 60, 50, 64), ("C", 60, 60, 70, 62, 76, 72),
                 ("C", 70, 70, 64, 74, 58, 72), ("C", 54, 76, 46, 76, 42, 72), ("C", 36, 74, 30, 70, 24, 72),
                 ("Z",)), FUR, OUTLINE, 0.9),
        # the baldric, and the horn hanging from it, banded in gold
        op.Path((("M", 30, 70), ("L", 74, 100), ("L", 64, 100), ("L", 24, 74), ("Z",)), GOLD, OUTLINE, 0.8),
        op.Path((("M", 28, 86), ("C", 34, 96, 52, 98, 66, 84), ("L", 70, 78), ("L", 73, 86),
                 ("C", 58, 104, 32, 102, 24, 90), ("Z",)), HORN, OUTLINE, 1.0),
        op.Line(38, 90, 39, 97, GOLD_DARK, 1.6), op.Line(52, 88, 53, 96, GOLD_DARK, 1.6),
        op.Rect(66, 76, 9, 6, GOLD, OUTLINE, 0.8, 1),
        # the head: a short beard, steady eyes
        op.Rect(44, 54, 12, 12, SKIN, OUTLINE, 0.8),
        op.Ellipse(36, 22, 28, 34, SKIN, OUTLINE, 1.0),
        op.Path((("M", 40, 47), ("C", 41, 56, 46, 59, 50, 59), ("C", 54, 59, 59, 56, 60, 47),
                 ("C", 56, 52, 44, 52, 40, 47), ("Z",)), HAIR, OUTLINE, 0.8),
        op.Line(46, 46.5, 54, 46.5, OUTLINE, 1.0),
        op.Ellipse(42.5, 34, 4, 3.4, OUTLINE), op.Ellipse(53.5, 34, 4, 3.4, OUTLINE),
        op.Line(41, 30, 47, 30.5, OUTLINE, 1.2), op.Line(53, 30.5, 59, 30, OUTLINE, 1.2),
        op.Path((("M", 34, 34), ("C", 34, 16, 66, 16, 66, 34), ("C", 60, 24, 40, 24, 34, 34), ("Z",)),
                HAIR, OUTLINE, 0.9),
    ]


def one_ring_ops(ink: str) -> list:
    """The Ring, gold, seen a little from above, with rays round it."""
    out = [op.Rect(0, 0, FIELD, FIELD, tint(GOLD, 0.12), ink, 1.4, 6)]
    for i in range(16):
        a = 360.0 * i / 16
        out.append(op.Group((op.Path((("M", 50, 10), ("L", 53, 24), ("L", 47, 24), ("Z",)), tint(GOLD, 0.55)),),
                            op.rotate(a, 50, 52)))
    out += [
        op.Ellipse(18, 32, 64, 40, GOLD, OUTLINE, 1.6),
        op.Ellipse(28, 40, 44, 24, tint(GOLD, 0.12), OUTLINE, 1.2),
        # the band's inner wall, seen under the far rim
        op.Path((("M", 28, 52), ("C", 30, 44, 70, 44, 72, 52), ("C", 70, 47, 30, 47, 28, 52), ("Z",)),
                GOLD_DARK, None),
        op.Path((("M", 24, 50), ("C", 30, 36, 56, 34, 70, 38)), None, "#FFF4C8", 1.4),
    ]
    return out


def _placed(field: list, box: tuple[float, float, float, float]) -> op.Group:
    x, y, w, h = box
    s = min(w, h) / FIELD
    return op.Group(tuple(field), op.compose(op.scale(s), op.translate(x + (w - FIELD * s) / 2, y)))


def special_centre(picture: list, name: str, rule: str, ink: str):
    """A centre painter: the picture on top, the name under it, the rule below that."""
    def paint(ops: list, box: tuple[float, float, float, float]) -> None:
        x, y, w, h = box
        art = h * ART_SHARE
        ops.append(_placed(picture, (x, y, w, art)))
        band = h * NAME_SHARE
        ops += text_ops(name, x, y + art, w, band, "display", band * 0.8, 6.0, ink)
        if rule:
            scale = w / 112.0  # a poker card's centre is 112 pt wide
            ops += text_ops(rule, x, y + art + band, w, h - art - band, "body", RULE_SIZE * scale,
                            RULE_MIN, OUTLINE, "center", "top", 1.15)
    return paint


def fellowship_card_ops(card_id: str, box, game: Game, colors: str = "two") -> list:
    card = parse(card_id)
    style = CardStyle(colors=colors)
    ink = style.ink(card)
    centre = None
    if card.id == engine.BOROMIR:
        centre = special_centre(boromir_ops(ink), "BOROMIR", card_rule(game, card.id), ink)
    elif card.is_joker:
        centre = special_centre(one_ring_ops(ink), "WILD", card_rule(game, card.id), ink)
    elif card.rank == "A":
        centre = odd_ace_centre(card.suit, ink)
    return card_ops(card, box, style, centre)


def odd_ace_centre(suit: str, ink: str):
    """The ace's big pip with its odd rank spelled out under it, from the engine."""
    beats, beaten = ace_beats(), beat_ace()
    lines = (f"captures {', '.join(beats)}", f"{beaten[0]}–{beaten[-1]} capture it")

    def paint(ops: list, box: tuple[float, float, float, float]) -> None:
        x, y, w, h = box
        pip = w * 0.6
        top = y + h / 2 - pip * SUIT_HEIGHT / 2 - h * 0.06
        ops.append(suit_ops(suit, x + (w - pip) / 2, top, pip, ink))
        below = top + pip * SUIT_HEIGHT + h * 0.05
        ops += text_ops("\n".join(lines), x, below, w, h * 0.16, "body-bold", 8 * w / 112.0, RULE_MIN, ink)
    return paint


CARD_PARAMS: Mapping[str, Param] = {
    **geometry(),
    "card": Param("text", required=True),
    "colors": Param("choice", "two", choices=SCHEMES),
}


def paint_card(ops: list, box, params: Mapping, game: Game) -> None:
    """`fellowship-card`: card = '{card}'; Boromir and the joker get their own centres."""
    ops += fellowship_card_ops(str(params["card"]), box, game, str(params.get("colors", "two")))


# -- the back's emblem ----------------------------------------------------------------------------

EMBLEM_PARAMS: Mapping[str, Param] = {
    **geometry(),
    "color": Param("color", GOLD),
    "hole": Param("color", PAPER),  # what shows through the ring: the back's background
}


def paint_emblem(ops: list, box, params: Mapping, game: Game) -> None:
    """A gold ring inside a circle of thirteen small cards."""
    x, y, w, h = box
    color = str(params.get("color", GOLD))
    side = min(w, h)
    cx, cy = x + w / 2, y + h / 2
    card_w, card_h = side * 0.1, side * 0.14
    radius = side / 2 - card_h / 2 - side * 0.01
    for place in ring.places(cx, cy, radius, engine.RING_SIZE):
        ops.append(op.Group((op.Rect(place.x - card_w / 2, place.y - card_h / 2, card_w, card_h, PAPER, color,
                                     max(0.5, side * 0.006), card_w * 0.12),),
                            op.rotate(place.angle, place.x, place.y)))
    band = side * 0.42
    ops.append(op.Ellipse(cx - band / 2, cy - band * 0.32, band, band * 0.64, color, OUTLINE, side * 0.008))
    inner = band * 0.68
    hole = str(params.get("hole", PAPER))
    ops.append(op.Ellipse(cx - inner / 2, cy - inner * 0.27, inner, inner * 0.5, hole, OUTLINE, side * 0.006))


CARD = Painter(CARD_PARAMS, paint_card)
EMBLEM = Painter(EMBLEM_PARAMS, paint_emblem)
