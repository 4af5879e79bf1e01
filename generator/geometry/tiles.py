"""Mat tiling as pure arithmetic: how a mat bigger than a sheet is split over Letter or A4
pages, where each page's window onto the mat lies, where the cut lines and alignment marks go.
No drawing here (mats.py draws).

Every page keeps MARGIN clear (what home printers cannot print, the cut sheets' clearance);
inside it a BAND holds the page's label and the cut ticks; inside the band is the window,
which shows one part of the mat at real size. Neighbouring windows share an OVERLAP strip
showing the same part of the mat; the cut line runs down its middle. To assemble, cut each
page that has a neighbour on its left (above) along its left (top) cut line and lay it on
that neighbour so that the half crosses at its edge complete the crosses underneath.

"Union" coordinates: points from the top-left of the assembled windows, y downwards (the
way face drawings measure). The mat's bleed box sits centred in the union.
"""

from __future__ import annotations

import math
import string
from dataclasses import dataclass

from ..units import MM, paper_size
from .grid import MARK_CLEARANCE

MARGIN = MARK_CLEARANCE  # nothing is printed closer than this to the paper's edge
BAND = 6 * MM  # between margin and window: label, neighbours' names and cut ticks
OVERLAP = 10 * MM  # strip shared by two neighbouring pages
CROSS_ARM = 3 * MM  # half the width of an alignment cross (inside half the overlap)
CROSSES_PER_SEAM = 2  # alignment crosses along each page's share of a seam


@dataclass(frozen=True)
class Tile:
    row: int  # 0 = top
    column: int  # 0 = left

    @property
    def label(self) -> str:
        """Row letter, column number: 'B2' is the second row, second column."""
        return row_name(self.row) + str(self.column + 1)


def row_name(row: int) -> str:
    letters = string.ascii_uppercase
    return letters[row] if row < 26 else letters[row // 26 - 1] + letters[row % 26]


@dataclass(frozen=True)
class MatTiling:
    page_w: float
    page_h: float
    mat_w: float  # the mat's bleed box
    mat_h: float
    columns: int
    rows: int

    @property
    def landscape(self) -> bool:
        return self.page_w > self.page_h

    @property
    def pages(self) -> int:
        return self.columns * self.rows

    @property
    def window_w(self) -> float:
        return self.page_w - 2 * (MARGIN + BAND)

    @property
    def window_h(self) -> float:
        return self.page_h - 2 * (MARGIN + BAND)

    @property
    def step_x(self) -> float:
        return self.window_w - OVERLAP

    @property
    def step_y(self) -> float:
        return self.window_h - OVERLAP

    @property
    def union_w(self) -> float:
        """Width of the assembled windows (one window when there is one column)."""
        return self.columns * self.step_x + OVERLAP

    @property
    def union_h(self) -> float:
        return self.rows * self.step_y + OVERLAP

    @property
    def mat_left(self) -> float:
        """Union x of the mat's bleed box (centred)."""
        return (self.union_w - self.mat_w) / 2

    @property
    def mat_top(self) -> float:
        return (self.union_h - self.mat_h) / 2

    def tiles(self) -> list[Tile]:
        """Reading order: left to right, top row first (the order the pages print in)."""
        return [Tile(r, c) for r in range(self.rows) for c in range(self.columns)]

    def window(self, tile: Tile) -> tuple[float, float, float, float]:
        """The tile's window on its page: x, y (bottom-left, PDF points), w, h."""
        return (MARGIN + BAND, MARGIN + BAND, self.window_w, self.window_h)

    def union_origin(self, tile: Tile) -> tuple[float, float]:
        """Union x and y at the window's top-left corner."""
        return tile.column * self.step_x, tile.row * self.step_y

    def to_page(self, tile: Tile, u: float, v: float) -> tuple[float, float]:
        """Union point -> PDF point on the tile's page."""
        u0, v0 = self.union_origin(tile)
        return MARGIN + BAND + (u - u0), self.page_h - MARGIN - BAND - (v - v0)

    def mat_origin(self, tile: Tile) -> tuple[float, float]:
        """Where the mat drawing's bottom-left corner goes on the tile's page (PDF points)."""
        x, top = self.to_page(tile, self.mat_left, self.mat_top)
        return x, top - self.mat_h

    def cut_xs(self) -> list[float]:
        """Union x of each vertical cut line (the middle of each vertical overlap)."""
        return [c * self.step_x + OVERLAP / 2 for c in range(1, self.columns)]

    def cut_ys(self) -> list[float]:
        return [r * self.step_y + OVERLAP / 2 for r in range(1, self.rows)]

    def crosses(self) -> list[tuple[float, float]]:
        """Union centres of the alignment crosses: on every cut line, CROSSES_PER_SEAM per
        page along it, clear of the strips where four pages meet."""
        points = []
        along_y = _spread(self.rows, self.step_y, self.window_h)
        along_x = _spread(self.columns, self.step_x, self.window_w)
        points += [(x, y) for x in self.cut_xs() for y in along_y]
        points += [(x, y) for y in self.cut_ys() for x in along_x]
        return points

    def visible(self, tile: Tile, u: float, v: float, pad: float = 0) -> bool:
        """True when the union point (with pad around it) lies in the tile's window."""
        u0, v0 = self.union_origin(tile)
        return u0 + pad <= u <= u0 + self.window_w - pad and v0 + pad <= v <= v0 + self.window_h - pad

    def mat_edges(self, trim: float) -> tuple[list[float], list[float]]:
        """Union x and y of the mat's trim edges (its bleed box inset by `trim`)."""
        xs = [self.mat_left + trim, self.mat_left + self.mat_w - trim]
        ys = [self.mat_top + trim, self.mat_top + self.mat_h - trim]
        return xs, ys


def _spread(count: int, step: float, window: float) -> list[float]:
    """Positions along a seam: CROSSES_PER_SEAM per page, evenly inside its private part."""
    private = window - 2 * OVERLAP
    return [i * step + OVERLAP + private * (k + 0.5) / CROSSES_PER_SEAM
            for i in range(count) for k in range(CROSSES_PER_SEAM)]


def pages_needed(extent: float, window: float) -> int:
    """Pages along one direction: one if the window holds it, else enough overlapped windows."""
    if extent <= window:
        return 1
    return math.ceil((extent - OVERLAP) / (window - OVERLAP) - 1e-9)


def tile(mat_w: float, mat_h: float, paper: str) -> MatTiling:
    """The tiling of a mat (bleed box mat_w x mat_h) on paper: portrait or landscape pages,
    whichever needs fewer (portrait on a tie)."""
    width, height = paper_size(paper)
    best = None
    for page_w, page_h in ((width, height), (height, width)):
        inner_w, inner_h = page_w - 2 * (MARGIN + BAND), page_h - 2 * (MARGIN + BAND)
        option = MatTiling(page_w, page_h, mat_w, mat_h,
                           pages_needed(mat_w, inner_w), pages_needed(mat_h, inner_h))
        if best is None or option.pages < best.pages:
            best = option
    return best
