"""The display list a face is drawn from: a few primitive operations in points, origin at
the top-left corner of the bleed box, y growing downwards. Both backends (pdf.py, png.py)
draw exactly this list, so a card's PDF and PNG cannot drift apart."""

from __future__ import annotations

from dataclasses import dataclass
import pathlib

Color = str  # '#RRGGBB'


@dataclass(frozen=True)
class Rect:
    x: float
    y: float
    w: float
    h: float
    fill: Color | None = None
    stroke: Color | None = None
    width: float = 0.5
    radius: float = 0.0


@dataclass(frozen=True)
class Ellipse:
    x: float
    y: float
    w: float
    h: float
    fill: Color | None = None
    stroke: Color | None = None
    width: float = 0.5


@dataclass(frozen=True)
class Line:
    x1: float
    y1: float
    x2: float
    y2: float
    stroke: Color = "#000000"
    width: float = 0.5


@dataclass(frozen=True)
class Path:
    """Closed or open outline. segments: ('M', x, y), ('L', x, y), ('C', x1, y1, x2, y2, x, y), ('Z',)."""

    segments: tuple[tuple, ...]
    fill: Color | None = None
    stroke: Color | None = None
    width: float = 0.5


@dataclass(frozen=True)
class Text:
    """One line of text; y is the baseline, x the left/centre/right point per align."""

    x: float
    y: float
    text: str
    font: str  # role: body, body-bold, display, ...
    size: float
    color: Color = "#000000"
    align: str = "left"


@dataclass(frozen=True)
class Image:
    x: float
    y: float
    w: float
    h: float
    path: pathlib.Path | str
    fit: str = "contain"


Op = Rect | Ellipse | Line | Path | Text | Image


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
