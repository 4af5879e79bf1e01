"""Sane bounds for the numbers a game.toml gives, so that a slip of the keyboard (players
[6, 2], a negative bleed, a card of size zero, a million cards) is an error at its line
rather than an endless layout, a machine out of memory or an internal error.

Each check returns the faults it finds as (key, message); the loader adds the line."""

from __future__ import annotations

import math

from .units import MM

MAX_PLAYERS = 100
MAX_MINUTES = 24 * 60
MAX_CARD_SIDE = 300 * MM  # bigger than any card: a board is a mat
MAX_BLEED = 12.7 * MM  # half an inch
MAX_COUNT = 25_000  # cards in a component and in the whole game; memory stays flat past 20,000
MAX_ELEMENTS = 1_000  # per face: each is drawn for every card
MAX_LINE = 120  # characters of a title, tagline or credit: each prints on one line
# A mat's largest side and area: A0's long side and A1's area (about 7000 x 9900 px at
# 300 dpi); bigger would need gigabytes to render its PNG.
MAT_MAX_SIDE = 1189 * MM
MAT_MAX_AREA = 0.5 * 1000 * 1000 * MM * MM
MAX_ELEMENT_LENGTH = 10_000 * MM  # an element's coordinate or size: 10 m, far past any mat
MAX_LAYOUT_CARDS = 500  # cards on a page of a layouts.toml layout: each is checked against each


def span_faults(key: str, low: int, high: int, most: int) -> list[tuple[str, str]]:
    """players = [2, 6] or minutes = [20, 40]: whole numbers from 1, the smaller first."""
    if low < 1 or high < 1:
        return [(key, f"'{key}' must be at least 1, got {low if low < 1 else high}")]
    if low > high:
        return [(key, f"'{key}' gives the larger number first ([{low}, {high}]); write [{high}, {low}]")]
    if high > most:
        return [(key, f"'{key}' may be at most {most}, got {high}")]
    return []


def card_faults(width: float, height: float, bleed: float, safe: float, count: int | None,
                is_mat: bool) -> list[tuple[str, str]]:
    """A component's size (points), bleed, safe margin and count."""
    faults = []
    if not all(math.isfinite(v) for v in (width, height)) or min(width, height) <= 0:
        faults.append(("size", f"a size must be above zero, got {_mm(width)} × {_mm(height)} mm"))
    elif is_mat and (max(width, height) > MAT_MAX_SIDE or width * height > MAT_MAX_AREA):
        faults.append(("size", f"a mat may be at most {_mm(MAT_MAX_SIDE)} mm on a side and 0.5 m² in area "
                               f"(A1), got {_mm(width)} × {_mm(height)} mm"))
    elif not is_mat and max(width, height) > MAX_CARD_SIDE:
        faults.append(("size", f"a card may be at most {_mm(MAX_CARD_SIDE)} mm on a side, got "
                               f"{_mm(width)} × {_mm(height)} mm; a board or play mat is kind = \"mat\""))
    if not math.isfinite(bleed) or not 0 <= bleed <= MAX_BLEED:
        faults.append(("bleed", f"bleed must be from 0 to {_mm(MAX_BLEED)} mm, got {_mm(bleed)} mm"))
    smaller = min(width, height) if math.isfinite(min(width, height)) else 0
    if not math.isfinite(safe) or safe < 0 or (smaller > 0 and 2 * safe >= smaller):
        faults.append(("safe", f"the safe margin must be from 0 to less than half the card, got {_mm(safe)} mm"))
    if count is not None and not 1 <= count <= MAX_COUNT:
        faults.append(("count", f"count must be from 1 to {MAX_COUNT}, got {count}"))
    return faults


def number_fault(kind: str, value: float, minimum: float | None, maximum: float | None) -> str | None:
    """A face element's number or length (points): finite, within its own bounds, and never
    beyond 10 m (NaN, inf or 1e300 would hang a shrink-to-fit or a renderer)."""
    if not math.isfinite(value):
        return f"must be a finite number, got {value}"
    shown = (lambda points: f"{_mm(points)} mm") if kind == "length" else (lambda number: f"{number:g}")
    if minimum is not None and value < minimum:
        return f"must be at least {shown(minimum)}, got {shown(value)}"
    if maximum is not None and value > maximum:
        return f"must be at most {shown(maximum)}, got {shown(value)}"
    if kind == "length" and abs(value) > MAX_ELEMENT_LENGTH:
        return f"must be within {_mm(MAX_ELEMENT_LENGTH):s} mm of the card's corner, got {_mm(value)} mm"
    return None


def _mm(points: float) -> str:
    return f"{points / MM:g}" if math.isfinite(points) else str(points)
