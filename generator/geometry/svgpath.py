"""SVG path data ("M 0 0 L 10 0 A 5 5 0 0 1 ...") -> path segments of ops.Path: ('M', x, y),
('L', x, y), ('C', x1, y1, x2, y2, x, y), ('Z',). A small parser of our own, never eval:
numbers and the letters M L H V C S Q T A Z (upper case absolute, lower case relative),
bounded in length and in segments, quadratics raised to cubics and elliptical arcs split
into cubics, as a PDF draws them."""

from __future__ import annotations

import math
import re

MAX_CHARS = 20_000  # an icon's path is a few hundred characters; a traced logo a few thousand
MAX_SEGMENTS = 5_000
_TOKEN = re.compile(r"\s*,?\s*(?:([MmLlHhVvCcSsQqTtAaZz])|([-+]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][-+]?[0-9]+)?))",
                    re.ASCII)
_ARGS = {"M": 2, "L": 2, "H": 1, "V": 1, "C": 6, "S": 4, "Q": 4, "T": 2, "A": 7, "Z": 0}


def tokens(data: str) -> list:
    """Letters, and numbers as the text written (ValueError: anything else)."""
    if len(data) > MAX_CHARS:
        raise ValueError(f"path data may be at most {MAX_CHARS} characters, got {len(data)}")
    out, at = [], 0
    while at < len(data):
        if not data[at:].strip(" \t\r\n,"):
            break
        match = _TOKEN.match(data, at)
        if match is None:
            raise ValueError(f"path data: unexpected {data[at:].strip()[:12]!r} at character {at + 1}")
        out.append(match.group(1) or _Number(match.group(2)))
        at = match.end()
    return out


class _Number(str):
    """A number as written: an arc's flags may run into what follows ("a5 5 0 011 1")."""


def _flags(items: list, at: int) -> None:
    """Split an arc's two flags (0 or 1) off the numbers they were written into, in place."""
    for slot in (at + 3, at + 4):
        if slot < len(items) and isinstance(items[slot], _Number):
            text = items[slot].lstrip("+")
            if len(text) > 1 and text[0] in "01" and text[1] != ".":
                items[slot:slot + 1] = [_Number(text[0]), _Number(text[1:])]


def parse(data: str) -> tuple[tuple, ...]:
    """The segments path data draws, in its own units (ValueError saying what is wrong)."""
    items = tokens(data)
    if not items or items[0] not in ("M", "m"):
        raise ValueError("path data must start with M (move to), such as \"M 0 0 L 10 10\"")
    state = _State()
    at = 0
    while at < len(items):
        letter = items[at]
        if isinstance(letter, _Number):
            raise ValueError(f"path data: a number {letter} where a command letter was expected")
        at += 1
        count = _ARGS[letter.upper()]
        first = True
        while first or (count and at < len(items) and isinstance(items[at], _Number)):
            if letter in "Aa":
                _flags(items, at)
            args = items[at:at + count]
            if len(args) < count or not all(isinstance(a, _Number) for a in args):
                raise ValueError(f"path data: '{letter}' takes {count} numbers")
            at += count
            state.command(letter, [float(a) for a in args])
            if letter in "Mm":
                letter = "L" if letter == "M" else "l"  # numbers after a move are lines
            first = False
        if len(state.segments) > MAX_SEGMENTS:
            raise ValueError(f"path data may draw at most {MAX_SEGMENTS} segments")
    return tuple(state.segments)


class _State:
    def __init__(self):
        self.segments: list[tuple] = []
        self.x = self.y = 0.0
        self.start = (0.0, 0.0)
        self.control: tuple[float, float] | None = None  # the last curve's second control point
        self.quad: tuple[float, float] | None = None  # the last quadratic's control point

    def command(self, letter: str, args: list) -> None:
        relative = letter.islower()
        kind = letter.upper()
        dx, dy = (self.x, self.y) if relative else (0.0, 0.0)
        control, quad = None, None
        if kind == "M":
            self.x, self.y = args[0] + dx, args[1] + dy
            self.start = (self.x, self.y)
            self.segments.append(("M", self.x, self.y))
        elif kind in "LHV":
            x = args[0] + dx if kind in "LH" else self.x
            y = (args[1] if kind == "L" else args[0]) + dy if kind in "LV" else self.y
            self.line(x, y)
        elif kind in "CS":
            if kind == "C":
                x1, y1 = args[0] + dx, args[1] + dy
                rest = args[2:]
            else:  # the first control point mirrors the last curve's second
                x1, y1 = (2 * self.x - self.control[0], 2 * self.y - self.control[1]) if self.control \
                    else (self.x, self.y)
                rest = args
            x2, y2, x, y = rest[0] + dx, rest[1] + dy, rest[2] + dx, rest[3] + dy
            self.curve(x1, y1, x2, y2, x, y)
            control = (x2, y2)
        elif kind in "QT":
            if kind == "Q":
                qx, qy = args[0] + dx, args[1] + dy
                x, y = args[2] + dx, args[3] + dy
            else:
                qx, qy = (2 * self.x - self.quad[0], 2 * self.y - self.quad[1]) if self.quad else (self.x, self.y)
                x, y = args[0] + dx, args[1] + dy
            self.curve(self.x + 2 / 3 * (qx - self.x), self.y + 2 / 3 * (qy - self.y),
                       x + 2 / 3 * (qx - x), y + 2 / 3 * (qy - y), x, y)
            quad = (qx, qy)
        elif kind == "A":
            rx, ry, turn, large, sweep, x, y = args[0], args[1], args[2], args[3], args[4], args[5] + dx, args[6] + dy
            for seg in arc_curves(self.x, self.y, rx, ry, turn, bool(large), bool(sweep), x, y):
                self.curve(*seg)
            self.x, self.y = x, y
        else:  # Z
            self.segments.append(("Z",))
            self.x, self.y = self.start
        self.control, self.quad = control, quad

    def line(self, x: float, y: float) -> None:
        self.segments.append(("L", x, y))
        self.x, self.y = x, y

    def curve(self, x1, y1, x2, y2, x, y) -> None:
        self.segments.append(("C", x1, y1, x2, y2, x, y))
        self.x, self.y = x, y


def arc_curves(x0, y0, rx, ry, turn, large, sweep, x, y) -> list[tuple]:
    """An SVG elliptical arc (endpoint form) as cubic curves (SVG 1.1 appendix F.6)."""
    if (x0, y0) == (x, y):
        return []
    rx, ry = abs(rx), abs(ry)
    if rx == 0 or ry == 0:
        return [(x0, y0, x, y, x, y)]
    phi = math.radians(turn % 360)
    cos, sin = math.cos(phi), math.sin(phi)
    mx, my = (x0 - x) / 2, (y0 - y) / 2
    px, py = cos * mx + sin * my, -sin * mx + cos * my
    grow = (px / rx) ** 2 + (py / ry) ** 2
    if grow > 1:  # radii too small to reach: scaled up, as SVG says
        rx, ry = rx * math.sqrt(grow), ry * math.sqrt(grow)
    num = rx * rx * ry * ry - rx * rx * py * py - ry * ry * px * px
    den = rx * rx * py * py + ry * ry * px * px
    root = math.sqrt(max(0.0, num / den)) if den else 0.0
    if large == sweep:
        root = -root
    cx_, cy_ = root * rx * py / ry, -root * ry * px / rx
    cx, cy = cos * cx_ - sin * cy_ + (x0 + x) / 2, sin * cx_ + cos * cy_ + (y0 + y) / 2
    start = math.atan2((py - cy_) / ry, (px - cx_) / rx)
    end = math.atan2((-py - cy_) / ry, (-px - cx_) / rx)
    delta = end - start
    if sweep and delta < 0:
        delta += 2 * math.pi
    elif not sweep and delta > 0:
        delta -= 2 * math.pi
    return ellipse_curves(cx, cy, rx, ry, phi, start, delta)


def ellipse_curves(cx, cy, rx, ry, phi, start, delta) -> list[tuple]:
    """Cubic curves along an ellipse from angle `start` through `delta` (radians; positive
    turns from +x towards +y), each spanning at most a quarter turn."""
    pieces = max(1, math.ceil(abs(delta) / (math.pi / 2) - 1e-9))
    step = delta / pieces
    k = 4 / 3 * math.tan(step / 4)
    cos, sin = math.cos(phi), math.sin(phi)

    def point(ux, uy):
        return cx + cos * rx * ux - sin * ry * uy, cy + sin * rx * ux + cos * ry * uy

    out = []
    for i in range(pieces):
        a0, a1 = start + i * step, start + (i + 1) * step
        c0, s0, c1, s1 = math.cos(a0), math.sin(a0), math.cos(a1), math.sin(a1)
        out.append((*point(c0 - k * s0, s0 + k * c0), *point(c1 + k * s1, s1 - k * c1), *point(c1, s1)))
    return out
