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

from ..units import MM, paper_size

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
    crop_marks: bool = True  # False: the page carries other marks (a cutting machine's)

    @property
    def folded(self) -> bool:
        """Fronts and their backs on one page, to fold (a gutterfold): no duplex."""
        return False

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
        """Crop mark segments (x1, y1, x2, y2; x1 <= x2, y1 <= y2) in the margins. Where a
        margin is too narrow for a useful mark (the economy layout's), the cut line is
        ticked over the outer bleed instead, which the cut takes away."""
        if not self.crop_marks:
            return []
        bx0, by0, bx1, by1 = self.bleed_box
        xs, ys = self.cut_lines()
        b, g, c = self.bleed, MARK_GAP, MARK_CLEARANCE
        candidates = []  # (mark in the margin, tick over the bleed)
        for x in xs:
            candidates.append(((x, by1 + g, x, self.page_h - c), (x, by1 - b + g, x, by1)))
            candidates.append(((x, c, x, by0 - g), (x, by0, x, by0 + b - g)))
        for y in ys:
            candidates.append(((c, y, bx0 - g, y), (bx0, y, bx0 + b - g, y)))
            candidates.append(((bx1 + g, y, self.page_w - c, y), (bx1 - b + g, y, bx1, y)))
        return [mark if _length(mark) >= MARK_MIN - 1e-6 else tick for mark, tick in candidates]

    def outer_sides(self, slot: Slot, occupied: set[tuple[int, int]] | None = None) -> tuple[bool, bool, bool, bool]:
        """Which sides of a slot have no card beside them (left, bottom, right, top): only
        there does the card's bleed print. `occupied` holds the (column, row) of the slots
        in use on a partly filled page; by default the whole grid is."""
        if occupied is None:
            occupied = {(c, r) for c in range(self.columns) for r in range(self.rows)}
        c, r = slot.column, slot.row
        return ((c - 1, r) not in occupied, (c, r + 1) not in occupied,
                (c + 1, r) not in occupied, (c, r - 1) not in occupied)


def _length(segment: tuple[float, float, float, float]) -> float:
    x1, y1, x2, y2 = segment
    return (x2 - x1) + (y2 - y1)  # negative when the margin is narrower than the bleed and gap


def fits(columns: int, rows: int, card_w: float, card_h: float, bleed: float,
         page_w: float, page_h: float, margins: tuple[float, float] | None = None) -> bool:
    """A grid fits when each margin holds the bleed and `margins` (side, top and bottom)
    beyond it: by default the gap and a usable mark."""
    side, ends = margins or (MARK_GAP + MARK_MIN + MARK_CLEARANCE,) * 2
    return (page_w - columns * card_w) / 2 >= bleed + side and (page_h - rows * card_h) / 2 >= bleed + ends


def best_grid(card_w: float, card_h: float, bleed: float, paper: str,
              margins: tuple[float, float] | None = None, crop_marks: bool = True) -> SheetGrid:
    """Most cards per page, trying the card as designed and turned a quarter turn.
    `margins` (side, ends) is the room each layout keeps beyond the bleed."""
    page_w, page_h = paper_size(paper)
    best = None
    for rotated in (False, True):
        w, h = (card_h, card_w) if rotated else (card_w, card_h)
        columns = rows = 0
        while fits(columns + 1, 1, w, h, bleed, page_w, page_h, margins):
            columns += 1
        while fits(max(columns, 1), rows + 1, w, h, bleed, page_w, page_h, margins):
            rows += 1
        grid = SheetGrid(page_w, page_h, w, h, bleed, columns, rows, rotated, crop_marks)
        if columns and rows and (best is None or grid.per_page > best.per_page):
            best = grid
    if best is None:
        raise ValueError(f"a {card_w / MM:.0f} × {card_h / MM:.0f} mm card does not fit on {paper} paper "
                         "with bleed and crop marks")
    return best
