"""Lengths: every size in ppgen is a float in PostScript points (1/72 in).

Designers write lengths as strings with a unit ("63mm", "2.5in", "3pt", "0.3cm");
``length`` turns them into points. Named card and paper sizes live here too, and the one
way ppgen reads a number written as text (a length's, a CSV numbers column's).
"""

from __future__ import annotations

import math
import re
from functools import lru_cache
from .lasting import lasting

PT = 1.0
INCH = 72.0
MM = INCH / 25.4
CM = 10 * MM

_UNITS = {"pt": PT, "in": INCH, "mm": MM, "cm": CM}
# A number as a designer writes it: ASCII digits, one optional sign, one optional decimal
# point, an optional exponent (1e3, as spreadsheets export). Python's float() takes more
# (1_000, Arabic-Indic and full-width digits, nan, inf), which no designer means.
NUMBER = r"[+-]?(?:[0-9]+(?:\.[0-9]+)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?"
_NUMBER = re.compile(rf"\s*({NUMBER})\s*", re.ASCII)
_LENGTH = re.compile(rf"\s*({NUMBER})\s*(pt|in|mm|cm)\s*", re.ASCII)


def number(text: str) -> float | None:
    """The number a text holds ('2.50' -> 2.5, ' 1e3' -> 1000.0), or None when it is not
    written as one or is too large to be finite."""
    match = _NUMBER.fullmatch(text)
    value = float(match.group(1)) if match else math.nan
    return value if math.isfinite(value) else None


def length(value: str | int | float, bare: float = PT) -> float:
    """'63mm' -> 178.58...; a bare number is taken in `bare` units (points unless told).
    Every length read from a game's files comes through here, so nothing that is not a
    finite number (NaN, inf, true, a date, a list) reaches a drawing."""
    if isinstance(value, bool) or not isinstance(value, (str, int, float)):
        raise ValueError(f"expected a length such as '63mm' or '2.5in', got {value!r}")
    try:
        points = _parse(value) if isinstance(value, str) else float(value) * bare
    except OverflowError:  # an integer past a float's range
        points = math.inf
    if not math.isfinite(points):
        raise ValueError(f"expected a length such as '63mm' or '2.5in', got {value!r}, "
                         "which is not a finite number")
    return float(points)


@lasting
@lru_cache(maxsize=4096)
def _parse(text: str) -> float:
    """Faces give the same few length strings for every card, a dozen times each."""
    match = _LENGTH.fullmatch(text)
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

# The papers a build makes unless told (and validate measures), portrait (width, height) in points.
PAPERS: dict[str, tuple[float, float]] = {
    "letter": (8.5 * INCH, 11 * INCH),
    "a4": (210 * MM, 297 * MM),
}
# Every paper --paper names (case-insensitive); ledger is tabloid's sheet, named for its long side.
PAPER_SIZES: dict[str, tuple[float, float]] = {
    **PAPERS,
    "a3": (297 * MM, 420 * MM),
    "a5": (148 * MM, 210 * MM),
    "legal": (8.5 * INCH, 14 * INCH),
    "tabloid": (11 * INCH, 17 * INCH),
    "ledger": (11 * INCH, 17 * INCH),
}
PAPER_SIDES = (100 * MM, 1189 * MM)  # a custom paper's sides: a postcard's to A0's long side
_PAPER = re.compile(rf"({NUMBER})\s*[x×]\s*({NUMBER})\s*(pt|in|mm|cm)", re.ASCII | re.IGNORECASE)


def paper_name(name: str) -> str:
    """What a build calls a paper (its files' names end in it): 'A4' -> 'a4', '300 X 400mm' ->
    '300x400mm'. ValueError as paper_size's."""
    paper_size(name)
    key = name.strip().lower()
    match = _PAPER.fullmatch(key)
    return key if not match else f"{match.group(1)}x{match.group(2)}{match.group(3)}"


@lasting
@lru_cache(maxsize=64)
def paper_size(name: str) -> tuple[float, float]:
    """A paper's portrait (width, height) in points: a named one ('A4', 'tabloid', any case)
    or a custom WxH with a unit ('300x400mm', '11x17in'), turned portrait. ValueError says
    what it takes."""
    key = name.strip().lower()
    if key in PAPER_SIZES:
        return PAPER_SIZES[key]
    match = _PAPER.fullmatch(key)
    if not match:
        raise ValueError(f"unknown paper '{name}'; use one of {', '.join(PAPER_SIZES)}, or a size such as "
                         f"'300x400mm' or '11x17in'")
    sides = sorted(float(match.group(i)) * _UNITS[match.group(3).lower()] for i in (1, 2))
    low, high = PAPER_SIDES
    if not all(math.isfinite(side) and low - 1e-6 <= side <= high + 1e-6 for side in sides):
        raise ValueError(f"paper '{name}': each side must be from {low / MM:g} to {high / MM:g} mm")
    return sides[0], sides[1]

DEFAULT_BLEED = 0.125 * INCH
DEFAULT_SAFE = 0.125 * INCH
