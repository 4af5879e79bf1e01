"""Druid's Duel's figure for the rules and aids: one druid's place in the middle of a turn,
drawn with the real card faces. A druid has three forms: one waits face down, one is the
active form with the strategy card beside it, and the one used last turn lies drained, a
marker on it.

Cards are drawn at their natural size (DESIGN_WIDTH) and scaled down as a group, so their
indices and text keep their proportions however small the figure is.
"""

from __future__ import annotations

from dataclasses import dataclass

from ... import ops as op
from ...model import Game
from ...doc import FigureRoom
from ...text.fit import text_ops
from ..playing_cards.deck import parse
from ..playing_cards.face import DESIGN_WIDTH
from .art import MOSS, VINE, back_ops, druid_card_ops, marker_ops

CARD_W, CARD_H = DESIGN_WIDTH, DESIGN_WIDTH * 1.4  # a poker card, in points
CORNER = 9.0
MARKER = 0.6  # the marker's side, as a share of the card's width
GAP = 0.12  # between cards, as a share of a card's width; twice that between groups
OUTLINE = "#555555"


@dataclass(frozen=True, eq=False)
class PlaceFigure:
    """[ready form, face down] [active form][strategy] [drained form + marker]."""

    game: Game
    active: str = "KS"  # the lion, this turn's form
    strategy: str = "7S"
    drained: str = "QS"  # the peacock, used last turn
    labels: tuple[str, str, str, str] = ("Ready, face down", "Active form", "Strategy", "Drained")
    marker_label: str = "DRAINED"
    caption: str = ""
    explanation: str = ("One druid during a turn: a form waits face down, the active form is face up with "
                        "the strategy card beside it, and last turn's form lies drained.")

    def _card_width(self, width: float, room: FigureRoom) -> float:
        return min(width / (4 + 5 * GAP), room.diagram * 0.42)

    def measure(self, width: float, room: FigureRoom) -> tuple[float, float]:
        w = self._card_width(width, room)
        return w * (4 + 5 * GAP), w * CARD_H / CARD_W + room.text_size * 2.6

    def ops(self, width: float, room: FigureRoom) -> list:
        w = self._card_width(width, room)
        s = w / CARD_W
        h = CARD_H * s
        lefts = [0.0, w * (1 + 2 * GAP), w * (2 + 3 * GAP), w * (3 + 5 * GAP)]  # groups: 1, 2, 1
        faces = [self._back(), self._front(self.active), self._front(self.strategy), self._drained()]
        out: list = []
        for left, face, label in zip(lefts, faces, self.labels):
            out.append(op.Group(tuple(face), op.compose(op.scale(s), op.translate(left, 0))))
            out.extend(text_ops(label, left - w * GAP / 2, h + room.text_size * 0.4, w * (1 + GAP),
                                room.text_size * 2.2, "body", room.text_size, 5.0, "#222222", "center", "top", 1.1))
        return out

    def _frame(self) -> op.Rect:
        return op.Rect(0, 0, CARD_W, CARD_H, None, OUTLINE, 1.5, CORNER)

    def _clip(self) -> op.Rect:
        return op.Rect(0, 0, CARD_W, CARD_H, radius=CORNER)

    def _front(self, card: str) -> list:
        inside = (op.Rect(0, 0, CARD_W, CARD_H, "#FFFFFF"),
                  *druid_card_ops(parse(card), (0, 0, CARD_W, CARD_H), self.game))
        return [op.Group(inside, clip=self._clip()), self._frame()]

    def _back(self) -> list:
        inside = (op.Rect(0, 0, CARD_W, CARD_H, MOSS), op.Rect(10, 10, CARD_W - 20, CARD_H - 20, None, VINE, 1.5, 8),
                  *back_ops((18, 18, CARD_W - 36, CARD_H - 36)))
        return [op.Group(inside, clip=self._clip()), self._frame()]

    def _drained(self) -> list:
        side = CARD_W * MARKER
        return self._front(self.drained) + marker_ops(((CARD_W - side) / 2, CARD_H - side * 1.05, side, side),
                                                      self.marker_label)
