"""Sheet layouts as pure geometry: which grid each layout puts on a page, where a
gutterfold's backs and a cutting machine's registration marks go. No drawing here.

Coordinates are PDF points, origin at the bottom-left of the page.

- standard: today's sheets, the safest: margins hold the bleed and crop marks 5 mm from
  the paper's edge (a poker card 8 to a page).
- economy: the most cards a page takes with only the bleed kept on the paper (a poker card
  9 to a page on Letter and A4); crop marks only where a margin has room for them (the
  page says where it has none; the cut guides show those cuts).
- gutterfold: fronts on the left half, their backs mirrored on the right half, a fold line
  between; fold, glue, cut: no duplex printer needed.
- cut-machine: Silhouette-style print-then-cut: three registration marks (a filled square
  top left, L corners top right and bottom left) and the cards kept clear of them.
- a game's own, declared in its layouts.toml: load/layouts.py (a record with its grid).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from ..units import MM, paper_size
from .grid import MARK_CLEARANCE, SheetGrid, Slot, best_grid, mark_room

DEFAULT_LAYOUT = "standard"

# Silhouette Studio's default registration marks (type 1): a 5 mm filled square at the top
# left, 20 mm L corners at the top right and bottom left, lines 0.5 mm thick, 10 mm from
# the page's edges. Its cameras look for them there; nothing else may print in those zones.
REG_INSET = 10 * MM
REG_SQUARE = 5 * MM
REG_LENGTH = 20 * MM
REG_THICKNESS = 0.5 * MM
REG_CLEAR = 2 * MM  # space kept between a mark's zone and any card's bleed

GUTTER = 2 * MM  # between the two halves' bleeds; the fold runs down its middle


@dataclass(frozen=True)
class Layout:
    """A built-in sheet layout: its name, a line for --layout's help, and its grid:
    grid(card_w, card_h, bleed, paper) -> SheetGrid (the grid says its marks: crop marks,
    a fold, a cutter's registration)."""
    name: str
    help: str
    grid: Callable[[float, float, float, str], SheetGrid]


def _cut_machine(card_w: float, card_h: float, bleed: float, paper: str) -> SheetGrid:
    side = REG_INSET + REG_THICKNESS + REG_CLEAR
    return best_grid(card_w, card_h, bleed, paper, margins=(side, side + REG_LENGTH), crop_marks=False)


def sheet(layout: str, card_w: float, card_h: float, bleed: float, paper: str,
          custom: dict | None = None) -> SheetGrid:
    """The grid a layout puts cards on (a gutterfold's left half); `custom` holds the game's
    own layouts (layouts.toml: load/layouts.py), each with its grid(card_w, card_h, bleed, paper)."""
    if custom and layout in custom:
        return custom[layout].grid(card_w, card_h, bleed, paper)
    if layout not in BUILT_IN:
        raise ValueError(f"unknown layout '{layout}': choose from {', '.join(LAYOUTS)}")
    return BUILT_IN[layout].grid(card_w, card_h, bleed, paper)


@dataclass(frozen=True)
class GutterGrid(SheetGrid):
    """Fronts in `columns` columns left of the fold, backs mirrored right of it: a card's
    back is its front's mirror image across the fold line x = page_w / 2."""

    gutter: float = GUTTER

    @property
    def folded(self) -> bool:
        return True

    @property
    def left(self) -> float:
        return self.page_w / 2 - self.gutter / 2 - self.bleed - self.columns * self.card_w

    @property
    def trim_box(self) -> tuple[float, float, float, float]:
        return (self.left, self.bottom, self.page_w - self.left, self.bottom + self.rows * self.card_h)

    def back_slots(self) -> list[Slot]:
        """Same page, mirrored across the fold; columns numbered on past a gap so that no
        back counts as a front's neighbour."""
        return [Slot(self.page_w - s.x - s.w, s.y, s.w, s.h, 2 * self.columns - s.column, s.row)
                for s in self.front_slots()]

    def cut_lines(self) -> tuple[list[float], list[float]]:
        xs, ys = super().cut_lines()
        return xs + [self.page_w - x for x in reversed(xs)], ys

    def fold_line(self) -> tuple[float, float, float, float]:
        """The fold, drawn dashed in the top and bottom margins and through the gutter."""
        x = self.page_w / 2
        return (x, MARK_CLEARANCE, x, self.page_h - MARK_CLEARANCE)


def gutterfold(card_w: float, card_h: float, bleed: float, paper: str) -> GutterGrid:
    """Most front-and-back pairs per page, the card as designed or turned."""
    page_w, page_h = paper_size(paper)
    need = mark_room(bleed)
    best = None
    for rotated in (False, True):
        w, h = (card_h, card_w) if rotated else (card_w, card_h)
        columns = int((page_w / 2 - GUTTER / 2 - bleed - need) // w)
        rows = int((page_h - 2 * need) // h)
        grid = GutterGrid(page_w, page_h, w, h, bleed, columns, rows, rotated)
        if columns > 0 and rows > 0 and (best is None or grid.per_page > best.per_page):
            best = grid
    if best is None:
        raise ValueError(f"a {card_w / MM:.0f} × {card_h / MM:.0f} mm card and its back do not fit "
                         f"side by side on {paper} paper")
    return best


def registration_marks(page_w: float, page_h: float) -> list[tuple[float, float, float, float]]:
    """Filled rectangles (x, y, w, h) of the three print-then-cut marks."""
    i, t, n = REG_INSET, REG_THICKNESS, REG_LENGTH
    top = page_h - i
    right = page_w - i
    return [
        (i, top - REG_SQUARE, REG_SQUARE, REG_SQUARE),  # top left: the square
        (right - n, top - t, n, t), (right - t, top - n, t, n),  # top right: an L
        (i, i, n, t), (i, i, t, n),  # bottom left: an L
    ]


def mark_zones(page_w: float, page_h: float) -> list[tuple[float, float, float, float]]:
    """x0, y0, x1, y1 of each corner zone the cutter's camera reads: nothing else prints there."""
    i, n = REG_INSET, REG_LENGTH
    return [(i, page_h - i - n, i + n, page_h - i), (page_w - i - n, page_h - i - n, page_w - i, page_h - i),
            (i, i, i + n, i + n)]



BUILT_IN: dict[str, Layout] = {layout.name: layout for layout in (
    Layout("standard", "8 poker cards a page, the safest", best_grid),
    Layout("economy", "9, crop marks only where there is room",
           lambda card_w, card_h, bleed, paper: best_grid(card_w, card_h, bleed, paper, margins=(0.0, 0.0))),
    Layout("gutterfold", "backs beside fronts, fold: no duplex", gutterfold),
    Layout("cut-machine", "Silhouette print-then-cut marks", _cut_machine),
)}
LAYOUTS: tuple[str, ...] = tuple(BUILT_IN)
