"""Lengths as simple expressions: "{margin} + 2mm" (after the face's vars are filled in),
"100% - 6mm", "(63mm - 2 * 4mm) / 3". A small parser of its own, never eval: numbers with a
unit (pt, in, mm, cm) or a percent of the card's side, + - * / and parentheses, a bare
number only as a factor. A plain length ("63mm") is read by units.length exactly as before,
so no existing face changes by a point."""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from functools import lru_cache

from ..units import length
from ..lasting import lasting

MAX_CHARS = 2000  # longer than any designer writes, with room for what a repeat adds (x + k * (w + gap))
MAX_DEPTH = 20  # parentheses nested this deep

# Which side of the trimmed card a percent is of, by the parameter it is written in.
PERCENT_OF = {"x": "width", "w": "width", "x1": "width", "x2": "width",
              "y": "height", "h": "height", "y1": "height", "y2": "height"}

_UNITS = {"pt": 1.0, "in": 72.0, "mm": 72.0 / 25.4, "cm": 720.0 / 25.4}
_TOKEN = re.compile(r"\s*(?:((?:[0-9]+(?:\.[0-9]+)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?)\s*([A-Za-z%]*)|([-+*/()]))",
                    re.ASCII)
_OPERATOR = re.compile(r"[*/()%]|(?<=\S)\s*[-+]")  # an operator past a leading sign: an expression


@dataclass(frozen=True)
class Quantity:
    """A value of an expression: points and percent (a length), or a bare number."""

    points: float = 0.0
    percent: float = 0.0
    is_length: bool = True

    def times(self, factor: float) -> "Quantity":
        return Quantity(self.points * factor, self.percent * factor, self.is_length)


def is_expression(text) -> bool:
    """True for a string that is more than one length: it has an operator or a percent."""
    return isinstance(text, str) and _OPERATOR.search(text.strip()) is not None


def has_percent(text) -> bool:
    return isinstance(text, str) and "%" in text


@lasting
@lru_cache(maxsize=4096)
def evaluate(text: str) -> Quantity:
    """The quantity an expression stands for (ValueError saying what is wrong)."""
    if len(text) > MAX_CHARS:
        raise ValueError(f"a length expression may be at most {MAX_CHARS} characters, got {len(text)}")
    tokens = _tokens(text)
    value, rest = _sum(tokens, 0, text)
    if rest != len(tokens):
        raise ValueError(f"in {text!r}: unexpected {_shown(tokens[rest])}")
    if not (math.isfinite(value.points) and math.isfinite(value.percent)):
        raise ValueError(f"in {text!r}: the result is not a finite length")
    return value


def measure(value, name: str = "", width: float | None = None, height: float | None = None) -> float:
    """A length parameter in points: a number (points), a plain length, or an expression,
    its percents of the card's `width` or `height` as PERCENT_OF says for `name`."""
    if not is_expression(value):
        return length(value)
    quantity = evaluate(value)
    if not quantity.is_length:
        raise ValueError(f"{value!r} is a bare number: give it a unit, such as '{value} * 1mm'")
    if not quantity.percent:
        return quantity.points
    side = PERCENT_OF.get(name)
    if side is None:
        raise ValueError(f"{value!r}: a percent is of the card's width (x, w, x1, x2) or height "
                         f"(y, h, y1, y2); '{name}' is neither")
    base = width if side == "width" else height
    if base is None:
        return math.nan  # the card's size is not known yet: compose measures it per component
    return quantity.points + quantity.percent * base / 100


def number_of(text: str) -> float:
    """A number parameter written as an expression ("{base} + 2", "{i} * 30")."""
    quantity = evaluate(text)
    if quantity.is_length:
        raise ValueError(f"{text!r} is a length; this parameter is a plain number")
    return quantity.points


# -- the parser: sum := product (+|- product)*; product := unary (*|/ unary)*; unary := -unary | atom

def _tokens(text: str) -> list[tuple]:
    tokens, at = [], 0
    while at < len(text.rstrip()):
        match = _TOKEN.match(text, at)
        if not match:
            word = re.match(r"\s*(\S+)", text[at:]).group(1)
            raise ValueError(f"in {text!r}: {word!r} is not a number with a unit (pt, in, mm, cm, %), "
                             f"an operator (+ - * /) or a parenthesis")
        number, unit, operator = match.groups()
        if unit and unit not in _UNITS and unit != "%":
            raise ValueError(f"in {text!r}: unknown unit '{unit}'; use pt, in, mm, cm or %")
        unit = unit or None
        tokens.append(("op", operator) if operator else ("num", float(number), unit))
        at = match.end()
    if not tokens:
        raise ValueError("an empty length")
    return tokens


def _sum(tokens, at, text, depth=0):
    value, at = _product(tokens, at, text, depth)
    while at < len(tokens) and tokens[at] in (("op", "+"), ("op", "-")):
        sign = 1 if tokens[at][1] == "+" else -1
        other, at = _product(tokens, at + 1, text, depth)
        if other.is_length != value.is_length:
            raise ValueError(f"in {text!r}: a length and a bare number cannot be added; give the number a unit")
        value = Quantity(value.points + sign * other.points, value.percent + sign * other.percent, value.is_length)
    return value, at


def _product(tokens, at, text, depth):
    value, at = _unary(tokens, at, text, depth)
    while at < len(tokens) and tokens[at] in (("op", "*"), ("op", "/")):
        times = tokens[at][1] == "*"
        other, at = _unary(tokens, at + 1, text, depth)
        if times and value.is_length and other.is_length:
            raise ValueError(f"in {text!r}: two lengths cannot be multiplied; one factor must be a bare number")
        if not times and other.is_length:
            raise ValueError(f"in {text!r}: divide by a bare number, not by a length")
        if not times and other.points == 0:
            raise ValueError(f"in {text!r}: division by zero")
        factor = other.points if times else 1 / other.points
        value = other.times(value.points) if times and other.is_length else value.times(factor)
    return value, at


def _unary(tokens, at, text, depth):
    if depth > MAX_DEPTH:
        raise ValueError(f"in {text!r}: parentheses nested deeper than {MAX_DEPTH}")
    if at >= len(tokens):
        raise ValueError(f"in {text!r}: it ends where a number or length should be")
    token = tokens[at]
    if token in (("op", "-"), ("op", "+")):
        value, at = _unary(tokens, at + 1, text, depth + 1)
        return (value.times(-1) if token[1] == "-" else value), at
    if token == ("op", "("):
        value, at = _sum(tokens, at + 1, text, depth + 1)
        if at >= len(tokens) or tokens[at] != ("op", ")"):
            raise ValueError(f"in {text!r}: a '(' is not closed")
        return value, at + 1
    if token[0] == "num":
        _, number, unit = token
        if unit is None:
            return Quantity(number, 0.0, False), at + 1
        if unit == "%":
            return Quantity(0.0, number, True), at + 1
        return Quantity(number * _UNITS[unit], 0.0, True), at + 1
    raise ValueError(f"in {text!r}: unexpected {_shown(token)}")


def _shown(token) -> str:
    return f"'{token[1]}'" if token[0] == "op" else f"'{token[1]:g}{token[2] or ''}'"
