"""Lengths: every size in ppgen is a float in PostScript points (1/72 in).

Designers write lengths as strings with a unit ("63mm", "2.5in", "3pt", "0.3cm");
``length`` turns them into points. Named card and paper sizes live here too.
"""

from __future__ import annotations

import re
from functools import lru_cache

PT = 1.0
INCH = 72.0
MM = INCH / 25.4
CM = 10 * MM

_UNITS = {"pt": PT, "in": INCH, "mm": MM, "cm": CM}
_LENGTH = re.compile(r"^\s*(-?\d+(?:\.\d+)?)\s*(pt|in|mm|cm)\s*$")


def length(value: str | int | float) -> float:
    """'63mm' -> 178.58...; a bare number is taken as points."""
    if isinstance(value, bool):
        raise ValueError(f"expected a length such as '63mm' or '2.5in', got {value!r}")
    if isinstance(value, (int, float)):
        return float(value)
    return _parse(str(value))


@lru_cache(maxsize=4096)
def _parse(text: str) -> float:
    """Faces give the same few length strings for every card, a dozen times each."""
    match = _LENGTH.match(text)
    if not match:
        raise ValueError(f"expected a length such as '63mm' or '2.5in', got {text!r}")
    return float(match.group(1)) * _UNITS[match.group(2)]


# Named card sizes, portrait (width, height) in points.
CARD_SIZES: dict[str, tuple[float, float]] = {
    "poker": (2.5 * INCH, 3.5 * INCH),
    "bridge": (2.25 * INCH, 3.5 * INCH),
    "mini": (1.75 * INCH, 2.5 * INCH),
    "tarot": (2.75 * INCH, 4.75 * INCH),
    "square": (2.5 * INCH, 2.5 * INCH),
    "euro": (59 * MM, 92 * MM),
}

# Paper sizes, portrait (width, height) in points.
PAPERS: dict[str, tuple[float, float]] = {
    "letter": (8.5 * INCH, 11 * INCH),
    "a4": (210 * MM, 297 * MM),
}

DEFAULT_BLEED = 0.125 * INCH
DEFAULT_SAFE = 0.125 * INCH
