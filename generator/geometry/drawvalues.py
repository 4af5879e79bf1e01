"""The values of the drawing keys, read and bounded: a polygon's `points` (pairs of lengths,
a percent of the element's box), a stroke's `dash` pattern, a `fill` that is a colour or a
gradient table, and `d`, SVG path data. Each reader raises ValueError saying what is wrong;
the loader calls them on values written out (an error at the key's line) and the painters
on values filled in from a card."""

from __future__ import annotations

from ..elements import is_color
from ..errors import did_you_mean
from ..ops import Gradient
from ..sandbox.lengths import measure
from . import svgpath

MAX_POINTS = 1000  # corners of a polygon
MAX_DASHES = 8  # lengths in a dash pattern (on, off, on, off, ...)
MAX_STOPS = 16  # colours in a gradient
GRADIENT_KEYS = ("linear", "radial", "angle")


def points_of(value, box: tuple[float, float, float, float] | None = None) -> list[tuple[float, float]]:
    """[[x, y], ...] -> points on the face: each a length from the box's top-left corner, a
    percent of the box's width (x) or height (y). Without a box, checked only."""
    if not isinstance(value, list) or not all(isinstance(p, list) and len(p) == 2 for p in value):
        raise ValueError("must be a list of [x, y] pairs, such as [[\"50%\", \"0%\"], [\"100%\", \"100%\"], "
                         "[\"0%\", \"100%\"]]")
    if not 3 <= len(value) <= MAX_POINTS:
        raise ValueError(f"must have 3 to {MAX_POINTS} points, got {len(value)}")
    x, y, w, h = box or (0.0, 0.0, 100.0, 100.0)
    out = []
    for px, py in value:
        out.append((x + _length(px, "x", w, h), y + _length(py, "y", w, h)))
    return out


def _length(value, name: str, w: float, h: float) -> float:
    if isinstance(value, bool) or not isinstance(value, (str, int, float)):
        raise ValueError(f"a point's {name} must be a length such as '3mm' or '50%', got {value!r}")
    return measure(value, name, w, h)


def dash_of(value) -> tuple[float, ...]:
    """[on, off, ...] lengths -> points; a single length is on and off alike."""
    if not isinstance(value, list) or not 1 <= len(value) <= MAX_DASHES:
        raise ValueError(f"must be a list of 1 to {MAX_DASHES} lengths (on, off, ...), such as [\"2mm\", \"1mm\"]")
    dashes = []
    for item in value:
        if isinstance(item, bool) or not isinstance(item, (str, int, float)):
            raise ValueError(f"must hold lengths such as '2mm' or 3 (points), got {item!r}")
        points = measure(item, "dash")
        if points < 0 or points > 1000:
            raise ValueError(f"lengths must be between 0 and 1000 pt, got {points:g} pt")
        dashes.append(points)
    if sum(dashes) < 0.1:
        raise ValueError("must have a length above 0.1 pt in all (a pattern of zeros draws nothing)")
    return tuple(dashes if len(dashes) % 2 == 0 else dashes * 2)


def paint_of(value, box: tuple[float, float, float, float] = (0.0, 0.0, 0.0, 0.0)):
    """A fill: '#RRGGBB', or { linear = [colours], angle = degrees } or { radial = [colours] }."""
    if isinstance(value, str):
        if not is_color(value):
            raise ValueError(f"must be a colour like '#1a2b3c' or a gradient such as "
                             f"{{ linear = [\"#ffffff\", \"#000000\"], angle = 90 }}, got {value!r}")
        return value
    if not isinstance(value, dict):
        raise ValueError(f"must be a colour like '#1a2b3c' or a gradient table, got {value!r}")
    unknown = [key for key in value if key not in GRADIENT_KEYS]
    if unknown:
        raise ValueError(f"a gradient has no key '{unknown[0]}'{did_you_mean(str(unknown[0]), GRADIENT_KEYS)}; it takes linear or radial (a list "
                         f"of colours) and, for linear, angle")
    kinds = [key for key in ("linear", "radial") if key in value]
    if len(kinds) != 1:
        raise ValueError("a gradient is either linear = [colours] or radial = [colours]")
    colors = value[kinds[0]]
    if not isinstance(colors, list) or not 2 <= len(colors) <= MAX_STOPS:
        raise ValueError(f"a gradient's {kinds[0]} must be a list of 2 to {MAX_STOPS} colours")
    for color in colors:
        if not is_color(color):
            raise ValueError(f"a gradient's colours must be like '#1a2b3c', got {color!r}")
    angle = value.get("angle", 0)
    if isinstance(angle, bool) or not isinstance(angle, (int, float)) or not -3600 <= angle <= 3600:
        raise ValueError(f"a gradient's angle must be a number of degrees (-3600 to 3600), got {angle!r}")
    if "angle" in value and kinds[0] == "radial":
        raise ValueError("a radial gradient has no angle (it runs out from the centre)")
    return Gradient(kinds[0], tuple(colors), tuple(box), float(angle))


def path_of(value) -> tuple[tuple, ...]:
    if not isinstance(value, str):
        raise ValueError(f"must be SVG path data such as \"M 0 0 L 10 10\", got {value!r}")
    return svgpath.parse(value)


def viewbox_of(value) -> tuple[float, float, float, float]:
    """[min-x, min-y, width, height] of the units path data is written in."""
    if not isinstance(value, list) or len(value) != 4 or not all(
            isinstance(v, (int, float)) and not isinstance(v, bool) for v in value):
        raise ValueError("must be four numbers [min-x, min-y, width, height], such as [0, 0, 24, 24]")
    if value[2] <= 0 or value[3] <= 0 or max(abs(v) for v in value) > 1e6:
        raise ValueError(f"must have a width and height above zero (and numbers within a million), got {value}")
    return tuple(float(v) for v in value)


READERS = {"paint": paint_of, "points": points_of, "dash": dash_of, "pathdata": path_of, "viewbox": viewbox_of}
