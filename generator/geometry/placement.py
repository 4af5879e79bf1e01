"""Which card goes in which slot of a sheet, as pure arithmetic. No drawing here.

Cards fill the slots in reading order, but two cards whose backs differ never share a cut
edge: a cut that strays would leave a sliver of one back's colour on the other, and the
card would be known in a hand. Such a card skips the slots that touch a card of another
back, leaving them empty (their neighbours' bleed shows there). A deck with one back is
placed exactly as before: every slot, in order.

A small deck (a game's four markers, say) need not take a sheet of its own: grid_below()
gives it the paper a deck's last page leaves free below its cards, where it joins them if
all its cards fit there.

Corners do not count: cards that meet only at a corner are cut apart by two cuts that each
run along a single card. bleed_holes() keeps a card's corner bleed out of such a
neighbour's trim.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Hashable, Iterator

from .grid import MARK_LONGEST, SheetGrid, Slot, best_grid_on, block, mark_offset

TOUCH = 0.01  # pt: edges this close are one cut
SEAM = 0.2  # pt: how far a card's art reaches under a neighbour's edge (sheets.py's seam overlap)

Placed = list[tuple[int, int]]  # (slot index, card index) on one page


def share_edge(a: Slot, b: Slot) -> bool:
    """True when the two trims touch along a stretch of edge (one cut would serve both)."""
    return not all(open_sides(a, [b]))


def neighbours(slots: list[Slot]) -> list[list[int]]:
    """For each slot, the indices of the slots it shares a cut edge with."""
    return [[j for j in close if share_edge(slots[i], slots[j])] for i, close in enumerate(near(slots, TOUCH))]


def near(slots: list[Slot], margin: float) -> list[list[int]]:
    """For each slot, the indices of the others whose trims come within `margin` of it: found
    through a grid of buckets, so that a page of 500 small cards is not compared pairwise."""
    if not slots:
        return []
    size = max(max(s.w, s.h) for s in slots) + 2 * margin
    cells: dict[tuple[int, int], list[int]] = defaultdict(list)

    def covered(s: Slot) -> list[tuple[int, int]]:
        xs = range(int((s.x - margin) // size), int((s.x + s.w + margin) // size) + 1)
        ys = range(int((s.y - margin) // size), int((s.y + s.h + margin) // size) + 1)
        return [(cx, cy) for cx in xs for cy in ys]

    for i, slot in enumerate(slots):
        for cell in covered(slot):
            cells[cell].append(i)
    found = []
    for i, a in enumerate(slots):
        close = {j for cell in covered(a) for j in cells[cell]} - {i}
        found.append(sorted(j for j in close if _gap(a, slots[j]) <= margin))
    return found


def _gap(a: Slot, b: Slot) -> float:
    """How far apart two trims are (the larger of the gaps across and along; <= 0 overlapping)."""
    return max(a.x - (b.x + b.w), b.x - (a.x + a.w), a.y - (b.y + b.h), b.y - (a.y + a.h))


def pages(slots: list[Slot], count: int, back: Callable[[int], Hashable] | None) -> Iterator[Placed]:
    """The cards 0..count-1 page by page, in order: each in the first free slot (reading on
    from the last placed) where no neighbour holds a card whose back(card) differs. back
    None: one back for all (most decks), every slot filled in turn. back(card) is asked as
    cards are placed, never of the whole deck at once: without the face cache a back's key
    is its drawing."""
    if back is None and slots:
        for first in range(0, count, len(slots)):
            yield list(enumerate(range(first, min(count, first + len(slots)))))
        return
    back = back or (lambda card: None)
    touching = neighbours(slots)
    card = 0
    while card < count:
        held: dict[int, Hashable] = {}  # slot -> its card's back
        placed: Placed = []
        for index in range(len(slots)):
            if card >= count:
                break
            key = back(card)
            if all(held.get(j, key) == key for j in touching[index]):
                held[index] = key
                placed.append((index, card))
                card += 1
        yield placed


def mixed_edges(slots: list[Slot], placed: Placed, back: Callable[[int], Hashable],
                touching: list[list[int]] | None = None) -> list[tuple[int, int]]:
    """Pairs of cards on a page that share a cut edge but not a back (none, when placed by
    pages()): what a preflight measures. touching: neighbours(slots), if known."""
    where = dict(placed)
    touching = neighbours(slots) if touching is None else touching
    return [(where[i], where[j]) for i in where for j in touching[i]
            if j in where and i < j and back(where[i]) != back(where[j])]


def bleed_holes(slot: Slot, reach: tuple[float, float, float, float],
                others: list[Slot]) -> list[tuple[float, float, float, float]]:
    """The parts (x, y, w, h) of other cards' trims that a card's bleed rectangle would
    cover deeper than a seam: reach is how far it bleeds (left, bottom, right, top). Only a
    card meeting it at a corner, with both sides by that corner open, has any."""
    left, bottom, right, top = reach
    x0, y0 = slot.x - left, slot.y - bottom
    x1, y1 = slot.x + slot.w + right, slot.y + slot.h + top
    holes = []
    for o in others:
        w = min(x1, o.x + o.w) - max(x0, o.x)
        h = min(y1, o.y + o.h) - max(y0, o.y)
        if w > 2 * SEAM and h > 2 * SEAM:
            holes.append((max(x0, o.x), max(y0, o.y), w, h))
    return holes


def open_sides(slot: Slot, others: list[Slot]) -> tuple[bool, bool, bool, bool]:
    """Which sides of a slot (left, bottom, right, top) no other card touches: only there
    does its bleed print."""
    across = [o for o in others if o.y < slot.y + slot.h - TOUCH and slot.y < o.y + o.h - TOUCH]
    along = [o for o in others if o.x < slot.x + slot.w - TOUCH and slot.x < o.x + o.w - TOUCH]
    return (not any(abs(o.x + o.w - slot.x) < TOUCH for o in across),
            not any(abs(o.y + o.h - slot.y) < TOUCH for o in along),
            not any(abs(slot.x + slot.w - o.x) < TOUCH for o in across),
            not any(abs(slot.y + slot.h - o.y) < TOUCH for o in along))


def grid_below(host: SheetGrid, used: list[Slot], card_w: float, card_h: float, bleed: float) -> SheetGrid | None:
    """A grid for another deck's cards in the paper below the cards `used` on a page of
    `host`: its own margins and crop marks, its top marks ending clear of where the host's
    bottom marks end. None: a grid of its own kind (gutterfold, cut-machine, a designer's)
    keeps its page to itself, or not one card fits."""
    if type(host) is not SheetGrid or not host.crop_marks:
        return None
    top = block(used)[1] - mark_offset(host.bleed) - MARK_LONGEST
    return best_grid_on(card_w, card_h, bleed, host.page_w, top)
