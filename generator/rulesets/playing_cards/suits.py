"""The four suits as vector shapes (never font glyphs, so PDF and PNG draw the same).

Each shape is drawn in a unit box, 1 wide and SUIT_HEIGHT tall, y downwards, pointing up;
suit_ops places it in any box. Inks come in two schemes: the usual two colours, and four
colours (clubs green, diamonds blue), which many players with colour-vision deficiency
find easier, and which tells suits apart at a glance in a fanned hand.
"""

from __future__ import annotations

from ... import ops as op

SUIT_HEIGHT = 1.1  # height of a suit shape for a width of 1

INKS = {
    "two": {"S": "#1B1B1F", "H": "#C8102E", "D": "#C8102E", "C": "#1B1B1F"},
    "four": {"S": "#1B1B1F", "H": "#C8102E", "D": "#1F5BB8", "C": "#1E7B3A"},
}
SCHEMES = tuple(INKS)

_HEART = (("M", 0.5, 0.24), ("C", 0.5, 0.07, 0.38, 0.0, 0.26, 0.0), ("C", 0.1, 0.0, 0.0, 0.13, 0.0, 0.3),
          ("C", 0.0, 0.62, 0.3, 0.8, 0.5, 1.1), ("C", 0.7, 0.8, 1.0, 0.62, 1.0, 0.3),
          ("C", 1.0, 0.13, 0.9, 0.0, 0.74, 0.0), ("C", 0.62, 0.0, 0.5, 0.07, 0.5, 0.24), ("Z",))
_DIAMOND = (("M", 0.5, 0.0), ("C", 0.62, 0.22, 0.76, 0.38, 0.92, 0.55),
            ("C", 0.76, 0.72, 0.62, 0.88, 0.5, 1.1), ("C", 0.38, 0.88, 0.24, 0.72, 0.08, 0.55),
            ("C", 0.24, 0.38, 0.38, 0.22, 0.5, 0.0), ("Z",))
_SPADE = (("M", 0.5, 0.0), ("C", 0.62, 0.2, 1.0, 0.36, 0.98, 0.64),
          ("C", 0.96, 0.88, 0.66, 0.92, 0.54, 0.74), ("C", 0.56, 0.9, 0.62, 1.02, 0.72, 1.1),
          ("L", 0.28, 1.1), ("C", 0.38, 1.02, 0.44, 0.9, 0.46, 0.74),
          ("C", 0.34, 0.92, 0.04, 0.88, 0.02, 0.64), ("C", 0.0, 0.36, 0.38, 0.2, 0.5, 0.0), ("Z",))
_CLUB_STEM = (("M", 0.46, 0.56), ("C", 0.46, 0.8, 0.4, 0.98, 0.28, 1.1), ("L", 0.72, 1.1),
              ("C", 0.6, 0.98, 0.54, 0.8, 0.54, 0.56), ("Z",))
_CLUB_LEAVES = ((0.5, 0.27), (0.24, 0.6), (0.76, 0.6))  # centres of the three discs
_CLUB_RADIUS = 0.235


def unit_ops(suit: str, ink: str) -> tuple:
    """The suit's shape in the unit box (1 × SUIT_HEIGHT)."""
    if suit == "C":
        discs = tuple(op.Ellipse(x - _CLUB_RADIUS, y - _CLUB_RADIUS, 2 * _CLUB_RADIUS, 2 * _CLUB_RADIUS, ink)
                      for x, y in _CLUB_LEAVES)
        return discs + (op.Ellipse(0.38, 0.42, 0.24, 0.24, ink), op.Path(_CLUB_STEM, ink))
    return (op.Path({"H": _HEART, "D": _DIAMOND, "S": _SPADE}[suit], ink),)


def suit_ops(suit: str, x: float, y: float, width: float, ink: str, turned: bool = False) -> op.Group:
    """The suit `width` wide with its top-left corner at (x, y), pointing up, or turned by
    180 degrees in the same place."""
    placed = op.compose(op.scale(width), op.translate(x, y))
    if turned:
        placed = op.compose(placed, op.rotate(180, x + width / 2, y + width * SUIT_HEIGHT / 2))
    return op.Group(unit_ops(suit, ink), placed)
