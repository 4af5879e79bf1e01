"""The preflight of the cut sheets, on every layout (the built-in ones and the game's
layouts.toml) and both papers, placed as the build places them (parts/sheets.py): crop
marks at least 3 mm from every card's trim and 5 mm from the paper's edge, and no two cards
whose backs differ sharing a cut edge. The built-in layouts hold both by construction; this
measures what a designer's own layout, or a change to the geometry, would print."""

from __future__ import annotations

from ..choices import PAPERS
from ..errors import GameError, Problem, warning
from ..geometry import grid as gridmath
from ..geometry import layouts, placement
from ..model import Component, Game
from ..faces.compose import shared_back
from ..parts import sheets
from ..units import MM

FROM_TRIM = gridmath.MARK_FROM_TRIM
FROM_EDGE = gridmath.MARK_CLEARANCE
SLACK = 0.01  # pt


def check(game: Game, recalled, digests=lambda face: None) -> list[Problem]:
    """Warnings for the sheets of every deck; recalled(face) as Plan.drawing, digests(face)
    as Plan.digest."""
    decks = [c for c in game.components if c.printed_cards]
    problems: list[Problem] = []
    for component in decks:
        deck = sheets.Deck(sheets.Faces(game, component, "front", recalled),
                           _back_keys(game, component, recalled, digests))
        for layout in layouts.LAYOUTS + tuple(game.layouts):
            for paper in PAPERS:
                try:
                    grid, pages, _ = sheets.deck_pages(paper, deck, [], layout, game.layouts)
                except (GameError, ValueError):  # a layout the card does not fit: an error where it is chosen
                    continue
                where = _where(game, component, layout)
                found = _page_faults(grid, pages, deck)
                problems += [warning(where[0], where[1], f"component '{component.id}', layout '{layout}', "
                                                         f"{paper} paper, page {number}: {fault}")
                             for number, fault in found[:1]]  # the first page at fault says it for all
    return problems


def _back_keys(game: Game, component: Component, recalled, digests) -> list[int] | None:
    """A number per printed card that differs where its back's drawing differs (None: no
    back, or one shared by every card): by the drawings' digests when validate noted them
    (equal digests, equal drawings: a face taken from the memo is not composed), else by the
    drawings, let go as they are numbered."""
    if not component.back or shared_back(game, component):  # no need to draw a back all cards share
        return None
    backs = sheets.backs_of(game, component, recalled, digests)
    seen: dict = {}
    return [seen.setdefault(sheets.identity(backs, index), len(seen)) for index in range(len(backs))]


def _page_faults(grid: gridmath.SheetGrid, pages: list, deck: sheets.Deck) -> list[tuple[int, str]]:
    """(page number, what is wrong) for each fault on the deck's pages. The marks of a page
    depend only on the slots it fills, so pages that fill the same slots (every full page)
    are measured once; cards of one back (a shared back) never mix."""
    fronts = grid.front_slots()
    backs = grid.back_slots() if grid.folded else None
    touching = placement.neighbours(fronts) if deck.backs is not None else None
    marked: dict[tuple[int, ...], str | None] = {}  # the slots a page fills -> its marks' fault
    found = []
    for number, placed in enumerate(pages, start=1):
        filled = tuple(slot for slot, _ in placed)
        if filled not in marked:
            used = [fronts[slot] for slot in filled] + ([backs[slot] for slot in filled] if backs else [])
            marked[filled] = next((fault for mark in grid.marks(used) if (fault := _mark_fault(mark, used, grid))),
                                  None)
        if marked[filled]:
            found.append((number, marked[filled]))
        mixed = placement.mixed_edges(fronts, placed, deck.backs.__getitem__, touching) if touching else []
        if mixed:
            found.append((number, f"{len(mixed)} pairs of cards whose backs differ share a cut edge: a cut "
                                  f"that strays marks them"))
    return found


def _mark_fault(mark, slots: list[gridmath.Slot], grid: gridmath.SheetGrid) -> str | None:
    x1, y1, x2, y2 = mark
    edge = min(x1, y1, grid.page_w - x2, grid.page_h - y2)
    if edge < FROM_EDGE - SLACK:
        return f"a crop mark ends {edge / MM:.2f} mm from the paper's edge, where printers do not print " \
               f"(keep {FROM_EDGE / MM:g} mm)"
    for slot in slots:
        gap = max(slot.x - x2, x1 - (slot.x + slot.w), slot.y - y2, y1 - (slot.y + slot.h))
        if gap < FROM_TRIM - SLACK:
            return f"a crop mark comes {max(gap, 0) / MM:.2f} mm from a card's trim, where a cut that strays " \
                   f"meets it (keep {FROM_TRIM / MM:g} mm)"
    return None


def _where(game: Game, component: Component, layout: str) -> tuple:
    custom = game.layouts.get(layout) if game.layouts else None
    return (custom.path, custom.line) if custom is not None else (game.manifest, component.line)
