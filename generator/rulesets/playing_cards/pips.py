"""Where the pips of a number card go: the traditional layouts, as data.

Positions are fractions of the pip field (0 left/top, 1 right/bottom). Pips below the
middle are turned by 180 degrees, so the card reads the same either way up; a pip on the
middle row stands upright.
"""

from __future__ import annotations

LEFT, CENTRE, RIGHT = 0.0, 0.5, 1.0
THIRD, TWO_THIRDS = 1 / 3, 2 / 3

LAYOUTS: dict[str, tuple[tuple[float, float], ...]] = {
    "2": ((CENTRE, 0.0), (CENTRE, 1.0)),
    "3": ((CENTRE, 0.0), (CENTRE, 0.5), (CENTRE, 1.0)),
    "4": ((LEFT, 0.0), (RIGHT, 0.0), (LEFT, 1.0), (RIGHT, 1.0)),
    "5": ((LEFT, 0.0), (RIGHT, 0.0), (CENTRE, 0.5), (LEFT, 1.0), (RIGHT, 1.0)),
    "6": ((LEFT, 0.0), (RIGHT, 0.0), (LEFT, 0.5), (RIGHT, 0.5), (LEFT, 1.0), (RIGHT, 1.0)),
    "7": ((LEFT, 0.0), (RIGHT, 0.0), (CENTRE, 0.25), (LEFT, 0.5), (RIGHT, 0.5), (LEFT, 1.0), (RIGHT, 1.0)),
    "8": ((LEFT, 0.0), (RIGHT, 0.0), (CENTRE, 0.25), (LEFT, 0.5), (RIGHT, 0.5), (CENTRE, 0.75),
          (LEFT, 1.0), (RIGHT, 1.0)),
    "9": ((LEFT, 0.0), (RIGHT, 0.0), (LEFT, THIRD), (RIGHT, THIRD), (CENTRE, 0.5),
          (LEFT, TWO_THIRDS), (RIGHT, TWO_THIRDS), (LEFT, 1.0), (RIGHT, 1.0)),
    "10": ((LEFT, 0.0), (RIGHT, 0.0), (CENTRE, 1 / 6), (LEFT, THIRD), (RIGHT, THIRD),
           (LEFT, TWO_THIRDS), (RIGHT, TWO_THIRDS), (CENTRE, 5 / 6), (LEFT, 1.0), (RIGHT, 1.0)),
}


def positions(rank: str) -> tuple[tuple[float, float, bool], ...]:
    """(x, y, turned) of each pip of a number card, in the pip field's fractions."""
    return tuple((x, y, y > 0.5) for x, y in LAYOUTS[rank])
