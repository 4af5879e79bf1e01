"""Where the ring's places go: card places round a circle, each turned so that its long side
points at the centre (so neighbours can sit closest at their inner corners).

Pure geometry in points, y downwards; angles in degrees from straight up, clockwise. The
mat, the back's emblem and the ring diagrams all place their cards with these functions.
"""

from __future__ import annotations

import math
from dataclasses import dataclass


@dataclass(frozen=True)
class Place:
    x: float  # centre
    y: float
    angle: float  # the card's turn: 0 stands upright at the top of the ring


def places(cx: float, cy: float, radius: float, count: int) -> list[Place]:
    """count places, the first at the top, then clockwise, their centres `radius` out."""
    out = []
    for i in range(count):
        angle = 360.0 * i / count
        a = math.radians(angle)
        out.append(Place(cx + radius * math.sin(a), cy - radius * math.cos(a), angle))
    return out


def gap(radius: float, w: float, h: float, count: int) -> float:
    """The narrowest gap between two neighbouring places (at their inner corners)."""
    half = math.pi / count
    inner = radius - h / 2
    return 2 * (inner * math.sin(half) - (w / 2) * math.cos(half))


def reach(radius: float, w: float, h: float) -> float:
    """How far from the centre the places reach (their outer corners)."""
    return math.hypot(radius + h / 2, w / 2)


def radius_to_fill(room: float, w: float, h: float) -> float:
    """The radius whose places just reach `room` from the centre."""
    return math.sqrt(room * room - (w / 2) ** 2) - h / 2


def inner_room(radius: float, h: float) -> float:
    """The free disc inside the ring: up to the places' inner edges."""
    return radius - h / 2


def radius_for_gap(w: float, h: float, gap_wanted: float, count: int) -> float:
    """The smallest radius keeping gap_wanted between neighbouring places (inverse of gap)."""
    half = math.pi / count
    return (gap_wanted / 2 + (w / 2) * math.cos(half)) / math.sin(half) + h / 2
