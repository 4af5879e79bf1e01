"""Cut-sheet geometry as pure arithmetic: how many cards fit a page, where each goes on the
fronts page and on the mirrored backs page, where the crop marks go. No drawing here.

Coordinates are PDF points, origin at the bottom-left of the page.

Cards abut along shared cut lines (one cut serves two cards, and it is the only way nine
poker cards can share a page); the background bleeds past the outer edges of the grid.
Crop marks extend every cut line into the margins, starting MARK_GAP beyond the printed
bleed and ending MARK_CLEARANCE from the page edge, where home printers still print.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..units import MM, PAPERS

MARK_CLEARANCE = 5 * MM  # marks end at least this far from the page edge
MARK_GAP = 1 * MM  # space between the printed bleed and a mark
MARK_MIN = 2.5 * MM  # a mark shorter than this is no help to a cutter
MARK_WIDTH = 0.5  # pt


@dataclass(frozen=True)
class Slot:
    x: float  # trim box, bottom-left
    y: float
    w: float
    h: float
    column: int
    row: int  # 0 = top row


@dataclass(frozen=True)
class SheetGrid:
    page_w: float
    page_h: float
    card_w: float  # trimmed card as it lies on the sheet (after any rotation)
    card_h: float
    bleed: float
    columns: int
    rows: int
    rotated: bool  # card turned a quarter turn to fit more on the page

    @property
    def per_page(self) -> int:
        return self.columns * self.rows

    @property
    def left(self) -> float:
        return (self.page_w - self.columns * self.card_w) / 2

    @property
    def bottom(self) -> float:
        return (self.page_h - self.rows * self.card_h) / 2

    @property
    def trim_box(self) -> tuple[float, float, float, float]:
        """x0, y0, x1, y1 of the grid of trimmed cards."""
        return (self.left, self.bottom, self.left + self.columns * self.card_w,
                self.bottom + self.rows * self.card_h)

    @property
    def bleed_box(self) -> tuple[float, float, float, float]:
        x0, y0, x1, y1 = self.trim_box
        return (x0 - self.bleed, y0 - self.bleed, x1 + self.bleed, y1 + self.bleed)

    def front_slots(self) -> list[Slot]:
        """Reading order: left to right, top row first."""
        return [Slot(self.left + c * self.card_w, self.bottom + (self.rows - 1 - r) * self.card_h,
                     self.card_w, self.card_h, c, r)
                for r in range(self.rows) for c in range(self.columns)]

    def back_slots(self) -> list[Slot]:
        """Where the back of each front slot goes for long-edge duplex: mirrored across the
        page's vertical axis (x' = W - x - w), same row."""
        return [Slot(self.page_w - s.x - s.w, s.y, s.w, s.h, self.columns - 1 - s.column, s.row)
                for s in self.front_slots()]

    def cut_lines(self) -> tuple[list[float], list[float]]:
        """x of every vertical cut, y of every horizontal cut."""
        xs = [self.left + c * self.card_w for c in range(self.columns + 1)]
        ys = [self.bottom + r * self.card_h for r in range(self.rows + 1)]
        return xs, ys

    def marks(self) -> list[tuple[float, float, float, float]]:
        """Crop mark segments (x1, y1, x2, y2), in the margins only."""
        bx0, by0, bx1, by1 = self.bleed_box
        xs, ys = self.cut_lines()
        segments = []
        for x in xs:
            segments.append((x, by1 + MARK_GAP, x, self.page_h - MARK_CLEARANCE))
            segments.append((x, MARK_CLEARANCE, x, by0 - MARK_GAP))
        for y in ys:
            segments.append((MARK_CLEARANCE, y, bx0 - MARK_GAP, y))
            segments.append((bx1 + MARK_GAP, y, self.page_w - MARK_CLEARANCE, y))
        return segments

    def outer_sides(self, slot: Slot, occupied: set[tuple[int, int]] | None = None) -> tuple[bool, bool, bool, bool]:
        """Which sides of a slot have no card beside them (left, bottom, right, top): only
        there does the card's bleed print. `occupied` holds the (column, row) of the slots
        in use on a partly filled page; by default the whole grid is."""
        if occupied is None:
            occupied = {(c, r) for c in range(self.columns) for r in range(self.rows)}
        c, r = slot.column, slot.row
        return ((c - 1, r) not in occupied, (c, r + 1) not in occupied,
                (c + 1, r) not in occupied, (c, r - 1) not in occupied)


def fits(columns: int, rows: int, card_w: float, card_h: float, bleed: float,
         page_w: float, page_h: float) -> bool:
    """A grid fits when each margin holds the bleed, the gap and a usable mark."""
    need = bleed + MARK_GAP + MARK_MIN + MARK_CLEARANCE
    return (page_w - columns * card_w) / 2 >= need and (page_h - rows * card_h) / 2 >= need


def best_grid(card_w: float, card_h: float, bleed: float, paper: str) -> SheetGrid:
    """Most cards per page, trying the card as designed and turned a quarter turn."""
    page_w, page_h = PAPERS[paper]
    best = None
    for rotated in (False, True):
        w, h = (card_h, card_w) if rotated else (card_w, card_h)
        columns = rows = 0
        while fits(columns + 1, 1, w, h, bleed, page_w, page_h):
            columns += 1
        while fits(max(columns, 1), rows + 1, w, h, bleed, page_w, page_h):
            rows += 1
        grid = SheetGrid(page_w, page_h, w, h, bleed, columns, rows, rotated)
        if columns and rows and (best is None or grid.per_page > best.per_page):
            best = grid
    if best is None:
        raise ValueError(f"a {card_w / MM:.0f} × {card_h / MM:.0f} mm card does not fit on {paper} paper "
                         "with bleed and crop marks")
    return best
