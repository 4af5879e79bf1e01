"""Cut-sheet geometry as pure arithmetic: how many cards fit a page, where each goes on the
fronts page and on the mirrored backs page, where the crop marks go. No drawing here.

Coordinates are PDF points, origin at the bottom-left of the page.

Cards abut along shared cut lines (one cut serves two cards, and it is the only way nine
poker cards can share a page); the background bleeds past the outer edges of the grid.
Crop marks extend every cut line of the cards on a page into the margins, starting
MARK_GAP beyond the printed bleed (and at least MARK_FROM_TRIM from the trim) and ending
MARK_CLEARANCE from the page edge, where home printers still print; a margin too narrow
for that has none. Which card goes in which slot: placement.py.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..units import MM, paper_size

MARK_CLEARANCE = 5 * MM  # marks end at least this far from the page edge
MARK_GAP = 1 * MM  # space between the printed bleed and a mark
MARK_FROM_TRIM = 3 * MM  # a mark starts at least this far from the trim
MARK_MIN = 2.5 * MM  # a mark shorter than this is no help to a cutter
MARK_LONGEST = 10 * MM  # and one longer only crosses paper the cards left empty
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
    crop_marks: bool = True  # False: a machine cuts: no crop marks, no cut guides (a cutter's marks instead)

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

    def all_slots(self) -> list[Slot]:
        """Every slot a page prints on one side of the paper (a gutterfold's backs too)."""
        return self.front_slots() + (self.back_slots() if self.folded else [])

    def marks(self, slots: list[Slot] | None = None) -> list[tuple[float, float, float, float]]:
        """Crop mark segments (x1, y1, x2, y2; x1 <= x2, y1 <= y2) in the margins around the
        block of `slots` (default: the whole grid), one at each end of every cut line.
        A mark starts mark_offset() from the trim and ends MARK_CLEARANCE from the page
        edge, or MARK_LONGEST long; where a margin is too narrow for MARK_MIN between the two, there is none
        (omitted() names those sides, and the sheet says so)."""
        if not self.crop_marks:
            return []
        return [mark for _, mark in self._candidates(slots) if _length(mark) >= MARK_MIN - 1e-6]

    def omitted(self, slots: list[Slot] | None = None) -> list[str]:
        """The sides of the block ('top', 'bottom', 'left', 'right') whose margin has no room
        for crop marks."""
        if not self.crop_marks:
            return []
        short = {side for side, mark in self._candidates(slots) if _length(mark) < MARK_MIN - 1e-6}
        return [side for side in ("top", "bottom", "left", "right") if side in short]

    def _candidates(self, slots: list[Slot] | None) -> list[tuple[str, tuple[float, float, float, float]]]:
        """(side, mark) for both ends of every cut line of the block, however short."""
        slots = self.all_slots() if slots is None else slots
        x0, y0, x1, y1 = block(slots)
        xs, ys = cut_lines(slots)
        o, c, n = mark_offset(self.bleed), MARK_CLEARANCE, MARK_LONGEST
        top, bottom = min(y1 + o + n, self.page_h - c), max(y0 - o - n, c)
        left, right = max(x0 - o - n, c), min(x1 + o + n, self.page_w - c)
        found = []
        for x in xs:
            if not c <= x <= self.page_w - c:  # a cut this near the edge: no mark can show it
                found += [("top", (x, y1 + o, x, y1 + o)), ("bottom", (x, y0 - o, x, y0 - o))]
                continue
            found += [("top", (x, y1 + o, x, top)), ("bottom", (x, bottom, x, y0 - o))]
        for y in ys:
            if not c <= y <= self.page_h - c:
                found += [("left", (x0 - o, y, x0 - o, y)), ("right", (x1 + o, y, x1 + o, y))]
                continue
            found += [("left", (left, y, x0 - o, y)), ("right", (x1 + o, y, right, y))]
        return found

    def outer_sides(self, slot: Slot, occupied: set[tuple[int, int]] | None = None) -> tuple[bool, bool, bool, bool]:
        """Which sides of a slot have no card beside them (left, bottom, right, top): only
        there does the card's bleed print. `occupied` holds the (column, row) of the slots
        in use on a partly filled page; by default the whole grid is."""
        if occupied is None:
            occupied = {(c, r) for c in range(self.columns) for r in range(self.rows)}
        c, r = slot.column, slot.row
        return ((c - 1, r) not in occupied, (c, r + 1) not in occupied,
                (c + 1, r) not in occupied, (c, r - 1) not in occupied)


def mark_offset(bleed: float) -> float:
    """How far a crop mark starts from the trim: past the printed bleed and a gap, and never
    nearer than MARK_FROM_TRIM (a cut that strays must not meet a mark)."""
    return max(bleed + MARK_GAP, MARK_FROM_TRIM)


def block(slots: list[Slot]) -> tuple[float, float, float, float]:
    """x0, y0, x1, y1 round the trimmed cards of `slots`."""
    return (min(s.x for s in slots), min(s.y for s in slots),
            max(s.x + s.w for s in slots), max(s.y + s.h for s in slots))


def cut_lines(slots: list[Slot]) -> tuple[list[float], list[float]]:
    """x of every vertical cut, y of every horizontal cut of `slots` (edges within 0.001 pt
    are one cut)."""
    xs = sorted({round(v, 3) for s in slots for v in (s.x, s.x + s.w)})
    ys = sorted({round(v, 3) for s in slots for v in (s.y, s.y + s.h)})
    return xs, ys


def margin_spot(grid: SheetGrid, slots: list[Slot], width: float,
                height: float) -> tuple[float, float, bool] | None:
    """Where a line of text `width` long and `height` high fits in a margin of the block of
    `slots`, between two crop marks and where marks may go: its centre and whether it is
    turned to read up the page (in a side margin). None: no margin has room."""
    x0, y0, x1, y1 = block(slots)
    xs, ys = cut_lines(slots)
    o, c = mark_offset(grid.bleed), MARK_CLEARANCE
    strips = (((y1 + o, grid.page_h - c), xs, False), ((c, y0 - o), xs, False),
              ((c, x0 - o), ys, True), ((x1 + o, grid.page_w - c), ys, True))
    for (near, far), cuts, upright in strips:
        middle = (grid.page_h if upright else grid.page_w) / 2
        # the widest span between two cuts, the one nearest the middle of the page of those
        lo, hi = max(zip(cuts, cuts[1:]), key=lambda span: (round(span[1] - span[0], 1),
                                                            -abs(span[0] + span[1] - 2 * middle)))
        if far - near >= height and hi - lo - 2 * MARK_GAP >= width:
            along, across = (lo + hi) / 2, (near + far) / 2
            return (across, along, True) if upright else (along, across, False)
    return None


def _length(segment: tuple[float, float, float, float]) -> float:
    x1, y1, x2, y2 = segment
    return (x2 - x1) + (y2 - y1)  # negative when the margin is narrower than the bleed and gap


def fits(columns: int, rows: int, card_w: float, card_h: float, bleed: float,
         page_w: float, page_h: float, margins: tuple[float, float] | None = None) -> bool:
    """A grid fits when each margin holds the bleed and `margins` (side, top and bottom)
    beyond it: by default the gap and a usable mark."""
    side, ends = margins or (mark_room(bleed) - bleed,) * 2
    return (page_w - columns * card_w) / 2 >= bleed + side and (page_h - rows * card_h) / 2 >= bleed + ends


def mark_room(bleed: float) -> float:
    """The margin beyond the trim that holds a crop mark of MARK_MIN, clear of the page edge."""
    return mark_offset(bleed) + MARK_MIN + MARK_CLEARANCE


def best_grid(card_w: float, card_h: float, bleed: float, paper: str,
              margins: tuple[float, float] | None = None, crop_marks: bool = True) -> SheetGrid:
    """Most cards per page, trying the card as designed and turned a quarter turn.
    `margins` (side, ends) is the room each layout keeps beyond the bleed."""
    best = best_grid_on(card_w, card_h, bleed, *paper_size(paper), margins, crop_marks)
    if best is None:
        raise ValueError(f"a {card_w / MM:.0f} × {card_h / MM:.0f} mm card does not fit on {paper} paper "
                         "with bleed and crop marks")
    return best


def best_grid_on(card_w: float, card_h: float, bleed: float, page_w: float, page_h: float,
                 margins: tuple[float, float] | None = None, crop_marks: bool = True) -> SheetGrid | None:
    """best_grid on a page (or the part of one from its bottom up to page_h) of this size;
    None when not one card fits."""
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
    return best
