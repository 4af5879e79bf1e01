"""The display list a face is drawn from: a few primitive operations in points, origin at
the top-left corner of the bleed box, y growing downwards. Both backends (pdf.py, png.py)
draw exactly this list, so a card's PDF and PNG cannot drift apart."""

from __future__ import annotations

import dataclasses
import functools
import marshal
import math
import pathlib
import struct
from dataclasses import dataclass
from .lasting import lasting

Color = str  # '#RRGGBB'


@dataclass(frozen=True)
class Gradient:
    """A fill that runs through `colors`, evenly spaced, across `box` (x, y, w, h, the
    element's box on the face): linear at `angle` degrees clockwise from left-to-right, its
    ends at the box's far corners; radial from the box's centre out to half its longer side."""

    kind: str  # linear | radial
    colors: tuple[Color, ...]
    box: tuple[float, float, float, float]
    angle: float = 0.0


Paint = Color | Gradient
# A stroke's pattern, ends and corners: dash lengths in points (on, off, ...; () solid),
# cap butt | round | square, join miter | round | bevel; None keeps the backend's own
# default for the op (round for lines and paths), so what was drawn before stays the same.
Dash = tuple[float, ...]


@dataclass(frozen=True)
class Rect:
    x: float
    y: float
    w: float
    h: float
    fill: Paint | None = None
    stroke: Color | None = None
    width: float = 0.5
    radius: float = 0.0
    dash: Dash = ()
    cap: str | None = None
    join: str | None = None


@dataclass(frozen=True)
class Ellipse:
    x: float
    y: float
    w: float
    h: float
    fill: Paint | None = None
    stroke: Color | None = None
    width: float = 0.5
    dash: Dash = ()
    cap: str | None = None
    join: str | None = None


@dataclass(frozen=True)
class Line:
    x1: float
    y1: float
    x2: float
    y2: float
    stroke: Color = "#000000"
    width: float = 0.5
    dash: Dash = ()
    cap: str | None = None
    join: str | None = None


@dataclass(frozen=True)
class Path:
    """Closed or open outline. segments: ('M', x, y), ('L', x, y), ('C', x1, y1, x2, y2, x, y), ('Z',)."""

    segments: tuple[tuple, ...]
    fill: Paint | None = None
    stroke: Color | None = None
    width: float = 0.5
    dash: Dash = ()
    cap: str | None = None
    join: str | None = None


@dataclass(frozen=True)
class Text:
    """One line of text; y is the baseline, x the left/centre/right point per align."""

    x: float
    y: float
    text: str
    font: str  # a font key (text/fonts.py): a role (body, body-bold, display, ...), fallback, or a game font's path
    size: float
    color: Color = "#000000"
    align: str = "left"
    outline: Color | None = None  # a line round the letters, outline_width (pt) wide outside them
    outline_width: float = 0.0
    spacing: float = 0.0  # pt added after every letter but the last


@dataclass(frozen=True)
class Image:
    x: float
    y: float
    w: float
    h: float
    path: pathlib.Path | str
    fit: str = "contain"


# An affine matrix (a, b, c, d, e, f) in face coordinates: x' = a·x + c·y + e,
# y' = b·x + d·y + f (the PDF convention, with our y growing downwards).
Matrix = tuple[float, float, float, float, float, float]
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


@dataclass(frozen=True)
class Group:
    """Operations drawn through a transform and, optionally, clipped to an outline given in
    the group's own coordinates: a corner index turned by 180 degrees, a real card placed
    small, turned or face-down in a figure; `opacity` below 1 lets what is under it show."""

    ops: tuple["Op", ...]
    transform: Matrix = IDENTITY
    clip: "Path | Rect | None" = None
    opacity: float = 1.0


Op = Rect | Ellipse | Line | Path | Text | Image | Group


def compose(first: Matrix, then: Matrix) -> Matrix:
    """The matrix that applies `first`, then `then`."""
    a1, b1, c1, d1, e1, f1 = first
    a2, b2, c2, d2, e2, f2 = then
    return (a2 * a1 + c2 * b1, b2 * a1 + d2 * b1, a2 * c1 + c2 * d1, b2 * c1 + d2 * d1,
            a2 * e1 + c2 * f1 + e2, b2 * e1 + d2 * f1 + f2)


def translate(dx: float, dy: float) -> Matrix:
    return (1.0, 0.0, 0.0, 1.0, dx, dy)


def scale(sx: float, sy: float | None = None) -> Matrix:
    return (sx, 0.0, 0.0, sx if sy is None else sy, 0.0, 0.0)


def rotate(degrees: float, cx: float = 0.0, cy: float = 0.0) -> Matrix:
    """Turn by `degrees` about (cx, cy); with y downwards a positive angle turns clockwise
    on the page. Multiples of 90 degrees are exact (no rounding error in the matrix)."""
    quarter = {0: (1, 0), 90: (0, 1), 180: (-1, 0), 270: (0, -1)}.get(degrees % 360)
    cos, sin = quarter if quarter else (math.cos(math.radians(degrees)), math.sin(math.radians(degrees)))
    turn = (float(cos), float(sin), float(-sin), float(cos), 0.0, 0.0)
    return compose(compose(translate(-cx, -cy), turn), translate(cx, cy))


def apply(m: Matrix, x: float, y: float) -> tuple[float, float]:
    a, b, c, d, e, f = m
    return a * x + c * y + e, b * x + d * y + f


def invert(m: Matrix) -> Matrix:
    a, b, c, d, e, f = m
    det = a * d - b * c
    if det == 0:
        raise ValueError("a transform that flattens everything to a line cannot be undone")
    ia, ib, ic, id_ = d / det, -b / det, -c / det, a / det
    return (ia, ib, ic, id_, -(ia * e + ic * f), -(ib * e + id_ * f))


@dataclass(frozen=True)
class FaceDrawing:
    """A rendered-to-be card face: the full bleed box and what to draw in it."""

    width: float  # bleed box, points
    height: float
    bleed: float
    ops: tuple[Op, ...]

    @property
    def trim(self) -> tuple[float, float, float, float]:
        """x, y, w, h of the trim box inside the bleed box."""
        return (self.bleed, self.bleed, self.width - 2 * self.bleed, self.height - 2 * self.bleed)


def rgb(color: Color) -> tuple[int, int, int]:
    return int(color[1:3], 16), int(color[3:5], 16), int(color[5:7], 16)


def encoded(item: FaceDrawing | Op) -> bytes:
    """A drawing (or an operation) as bytes that are equal exactly when the drawings are: each
    operation's class, number of operations inside and field values (written()), a group's
    operations after it. The face cache names a face's image by its digest (cache.py);
    repr(drawing) took three times as long (its floats)."""
    pieces: list[bytes] = []
    _encode(item, pieces)
    return b"".join(pieces)


def _encode(item, pieces: list[bytes]) -> None:
    inner = item.ops if isinstance(item, (Group, FaceDrawing)) else ()
    pieces.append(written((type(item).__name__, len(inner), [getattr(item, name) for name in _fields(type(item))])))
    for child in inner:
        _encode(child, pieces)


@lasting
@functools.cache
def _fields(kind: type) -> tuple[str, ...]:
    return tuple(field.name for field in dataclasses.fields(kind) if field.name != "ops")


def written(value) -> bytes:
    """Plain values as bytes, equal exactly when the values are, whatever objects hold them:
    marshal's format 2 (no references to objects seen twice; floats as their 8 bytes), or
    the repr of what marshal does not write (a gradient, a path); tagged and length-prefixed,
    so that pieces joined stay apart."""
    try:
        data = b"m" + marshal.dumps(value, 2)
    except ValueError:
        data = b"r" + repr(value).encode("utf-8", "surrogatepass")
    return struct.pack(">I", len(data)) + data
