"""The vocabulary of card faces: which element types exist and which parameters each takes.

Pure data, shared by the loader (unknown keys, types) and the face painters; rule sets add
their own element types (rulesets/base.py, Painter) with parameters declared the same way.
Coordinates are lengths from the top-left corner of the trimmed card, y growing downwards,
the way a designer measures a card on paper; negative coordinates or sizes past the trim
reach into the bleed, and a width or height is above zero.
Any string parameter may hold {column} placeholders filled from the card's CSV row, and
lookups in game.toml's [data] ({data.colors[suit]}); any element may have a `when` condition.
"""

from __future__ import annotations

import re
import string
from dataclasses import dataclass
from typing import Any, Callable, Mapping

from .limits import number_fault
from .units import MM, length

_COLOR = re.compile(r"^#[0-9A-Fa-f]{6}$")


def is_color(value) -> bool:
    """A colour as faces write it: '#RRGGBB'."""
    return isinstance(value, str) and _COLOR.match(value) is not None


@dataclass(frozen=True)
class Param:
    kind: str  # length | number | color | text | choice | path | font | bool, or a drawing
    # value read by geometry/drawvalues.py: paint (a colour or a gradient) | points | dash | pathdata | viewbox
    default: object = None
    required: bool = False
    choices: tuple[str, ...] = ()
    minimum: float | None = None
    maximum: float | None = None
    above_zero: bool = False  # a width or height: a negative one drew a mirrored box, or none
    whole: bool = False  # a count: 5 points, not 5.5

    def fault(self, value: float) -> str | None:
        """What is wrong with a number or length (in points) given for this parameter."""
        if self.above_zero and value <= 0:
            return f"must be above zero, got {value / MM:g} mm" if self.kind == "length" else \
                f"must be above zero, got {value:g}"
        if self.whole and value != int(value):
            return f"must be a whole number, got {value:g}"
        return number_fault(self.kind, value, self.minimum, self.maximum)


Box = tuple[float, float, float, float]  # x, y, w, h in points, from the top-left


def box_of(params: Mapping[str, Any]) -> Box:
    """Where an element of geometry() lies on the trimmed card: x, y, w, h (KeyError: one is missing)."""
    return tuple(length(params[name]) for name in ("x", "y", "w", "h"))


@dataclass(frozen=True)
class Painter:
    """A face element type, generic (faces/painters.py) or a rule set's: the parameters
    game.toml may give it (checked by the loader), where it lies (box(params): x, y, w, h on
    the trimmed card, w and h may be negative for a line; the bleed warnings read it), and
    paint(ops, box, params, game), which appends display-list ops for the box moved onto the
    face (the bleed added)."""

    params: Mapping[str, Param]
    paint: Callable[[list, Box, Mapping[str, Any], Any], None]
    box: Callable[[Mapping[str, Any]], Box] = box_of


def geometry() -> dict[str, Param]:
    return {
        "x": Param("length", required=True),
        "y": Param("length", required=True),
        "w": Param("length", required=True, above_zero=True),
        "h": Param("length", required=True, above_zero=True),
    }


# How a line is drawn, on every element that strokes: dashed or dotted, its ends and corners.
# None by default, so a box, ellipse or line without them is drawn exactly as before.
CAPS = ("butt", "round", "square")
JOINS = ("miter", "round", "bevel")
_STROKE_STYLE = {
    "dash": Param("dash"),
    "cap": Param("choice", choices=CAPS),
    "join": Param("choice", choices=JOINS),
}
_STROKE = {
    "fill": Param("paint"),
    "stroke": Param("color"),
    "stroke_width": Param("length", "0.5pt", minimum=0.0),
    **_STROKE_STYLE,
}
# The shapes new with the drawing keys have sharp corners and flat ends unless told.
_SHAPE = {**_STROKE, "cap": Param("choice", "butt", choices=CAPS), "join": Param("choice", "miter", choices=JOINS)}
_SHAPE_ENDS = {key: _SHAPE[key] for key in _STROKE_STYLE}
_ANGLES = {  # degrees clockwise from twelve o'clock
    "start": Param("number", 0.0, minimum=-3600.0, maximum=3600.0),
    "end": Param("number", required=True, minimum=-3600.0, maximum=3600.0),
}

MAX_TEXT_SIZE = 400.0  # points: a letter 14 cm tall, for a mat's title; shrink-to-fit starts here at most
FONTS = ("body", "body-bold", "body-italic", "body-bold-italic", "display")

ELEMENTS: dict[str, dict[str, Param]] = {
    "text": {
        **geometry(),
        "text": Param("text", required=True),
        "font": Param("font", "body", choices=FONTS),
        "size": Param("number", 10.0, minimum=6.0, maximum=MAX_TEXT_SIZE),
        "min_size": Param("number", 6.0, minimum=6.0, maximum=MAX_TEXT_SIZE),  # never below 6 pt
        "color": Param("color", "#000000"),
        "align": Param("choice", "center", choices=("left", "center", "right")),
        "valign": Param("choice", "middle", choices=("top", "middle", "bottom")),
        "leading": Param("number", 1.2, minimum=0.5, maximum=5.0),
        # a line round the letters, outline_width outside them; a shadow under them, moved
        # right by shadow_x and down by shadow_y; letter spacing in ems (a share of the size),
        # so it shrinks with the text when shrink-to-fit makes it smaller
        "outline": Param("color"),
        "outline_width": Param("length", "0.5pt", maximum=20.0, above_zero=True),
        "shadow": Param("color"),
        "shadow_x": Param("length", "1pt", minimum=-20 * MM, maximum=20 * MM),
        "shadow_y": Param("length", "1pt", minimum=-20 * MM, maximum=20 * MM),
        "letter_spacing": Param("number", minimum=-0.2, maximum=2.0),
    },
    "box": {**geometry(), **_STROKE, "radius": Param("length", "0pt", minimum=0.0)},
    "ellipse": {**geometry(), **_STROKE},
    "line": {
        "x1": Param("length", required=True),
        "y1": Param("length", required=True),
        "x2": Param("length", required=True),
        "y2": Param("length", required=True),
        "stroke": Param("color", "#000000"),
        "stroke_width": Param("length", "0.5pt", minimum=0.0),
        **_STROKE_STYLE,
    },
    "polygon": {**geometry(), **_SHAPE, "points": Param("points"),
                "sides": Param("number", minimum=3, maximum=1000, whole=True)},
    "star": {**geometry(), **_SHAPE, "points": Param("number", 5, minimum=3, maximum=100, whole=True),
             "inner": Param("number", 0.5, minimum=0.05, maximum=0.95)},
    "arc": {**geometry(), **_ANGLES, "stroke": Param("color", "#000000"),
            "stroke_width": Param("length", "0.5pt", minimum=0.0), **_SHAPE_ENDS},
    "pie": {**geometry(), **_SHAPE, **_ANGLES},
    "path": {**geometry(), **_SHAPE, "d": Param("pathdata", required=True), "viewbox": Param("viewbox")},
    "image": {
        **geometry(),
        "path": Param("path", required=True),
        "fit": Param("choice", "contain", choices=("contain", "cover", "stretch")),
    },
}


# Every element, whatever its type, may be turned, mirrored and made see-through (faces/turn.py);
# `about` is the point of its box it turns about. None by default: an element without them is
# drawn exactly as before.
ANCHORS = ("center", "top-left", "top", "top-right", "left", "right", "bottom-left", "bottom", "bottom-right")
TURN: dict[str, Param] = {
    "rotate": Param("number", minimum=-3600.0, maximum=3600.0),  # degrees, clockwise on the card
    "about": Param("choice", choices=ANCHORS),
    "mirror": Param("choice", choices=("horizontal", "vertical", "both")),
    "opacity": Param("number", minimum=0.0, maximum=1.0),
}


# -- {column} placeholders ----------------------------------------------------------------

_PLACEHOLDER = string.Formatter()


GAME_FIELDS = ("title", "tagline")  # {game.title}, {game.tagline}: the same on every card


def _names(value) -> set[str]:
    """Every {name} in a string parameter, or in the strings of a list or table (a polygon's
    points, a gradient's colours); none when it is malformed."""
    if isinstance(value, (list, dict)):
        return set().union(*(_names(v) for v in (value.values() if isinstance(value, dict) else value)))
    if not isinstance(value, str):
        return set()
    try:
        return {name for _, name, _, _ in _PLACEHOLDER.parse(value) if name}
    except ValueError:
        return set()


# {data.key}, {data.table.key}: a value of game.toml's [data]; {data.TABLE[column]}: the
# value of [data.TABLE] under this card's `column`.
LOOKUP = re.compile(r"data((?:\.[^.\[\]{}]+)+)(?:\[([^\[\]{}]+)\])?")


def placeholders(value) -> set[str]:
    """The CSV columns a parameter reads: 'Card {id} of {game.title}' -> {'id'};
    '{data.colors[suit]}' -> {'suit'}, '{data.hand_size}' -> set()."""
    columns = set()
    for name in _names(value):
        lookup = LOOKUP.fullmatch(name)
        if lookup:
            columns |= {lookup.group(2)} if lookup.group(2) else set()
        elif name.split(".")[0] != "game":
            columns.add(name)
    return columns


def game_placeholders(value) -> set[str]:
    """The game facts a parameter reads: '{game.title}' -> {'title'}."""
    return {name.partition(".")[2] for name in _names(value) if name.split(".")[0] == "game"}


def data_placeholders(value) -> set[tuple[str, str | None]]:
    """The [data] values a parameter reads: '{data.colors[suit]}' -> {('colors', 'suit')}."""
    return {(m.group(1)[1:], m.group(2)) for name in _names(value) if (m := LOOKUP.fullmatch(name))}


def malformed(value) -> bool:
    """True for a string whose braces do not make placeholders ('Card {id')."""
    if not isinstance(value, str):
        return False
    try:
        list(_PLACEHOLDER.parse(value))
        return False
    except ValueError:
        return True


def unnamed(value) -> bool:
    """True for a string with a placeholder that names nothing ('{}'): no column is read."""
    return isinstance(value, str) and not malformed(value) and any(
        name == "" for _, name, _, _ in _PLACEHOLDER.parse(value))


def formatted(value) -> list[str]:
    """Placeholders that ask for more than a column's value: a format spec or a conversion
    ('{name:>999999999}' would take a gigabyte, '{name!r}' prints quotes)."""
    if not isinstance(value, str) or malformed(value):
        return []
    return [f"{{{name}{'!' + conversion if conversion else ''}{':' + spec if spec else ''}}}"
            for _, name, spec, conversion in _PLACEHOLDER.parse(value) if name is not None and (spec or conversion)]

