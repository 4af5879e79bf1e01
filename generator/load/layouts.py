"""Sheet layouts a designer declares in the game folder's layouts.toml: where each card goes
on a page. Reading the file and the geometry are pure; sheets.py draws.

    [big-four]                        # ppgen build GAME --layout big-four
    cards = [[20, 25], [110, 25], [20, 140], [110, 140]]  # trimmed top-left corners from the page's top left:
                                      # numbers are mm; lengths such as ["2cm", "1in"] are taken too
    rotate = false                    # true: each card turned a quarter turn

A card's trimmed edge may touch another's (one cut serves both); cards that overlap, or that
leave the page on a paper being built, are errors at the line of `cards`.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..files import MISSING, OUTSIDE, game_file
from ..errors import GameError, Problem, did_you_mean, problem
from ..limits import MAX_LAYOUT_CARDS
from ..toml_lines import line_of, read_toml, shown
from ..units import MM, length, paper_size
from ..geometry.grid import SheetGrid, Slot, block, cut_lines
from ..geometry.placement import open_sides

FILE = "layouts.toml"
KEYS = ("cards", "rotate")
TOUCH = 0.01  # pt: edges this close are one cut


@dataclass(frozen=True)
class CustomLayout:
    name: str
    path: Path
    line: int | None  # of `cards`
    corners: tuple[tuple[float, float], ...]  # top-left corners, points from the page's top left
    rotate: bool = False

    def grid(self, card_w: float, card_h: float, bleed: float, paper: str) -> "CustomGrid":
        return grid(self, card_w, card_h, bleed, paper)


def read(root: Path, reserved: tuple[str, ...]) -> dict[str, CustomLayout]:
    """The layouts of a game folder's layouts.toml (none without one)."""
    path, fault = game_file(root, FILE)
    if fault == MISSING:
        return {}
    if fault == OUTSIDE:
        raise GameError(problem(path, None, "links outside the game folder: a game reads only its own files"))
    raw, lines = read_toml(path)
    problems: list[Problem] = []
    found = {}
    for name, table in raw.items():
        where = lines.get((name,))
        if name in reserved:
            problems.append(problem(path, where, f"'{name}' is a built-in layout; give yours another name"))
        elif not isinstance(table, dict):
            problems.append(problem(path, where, f"'{name}' must be a table [{name}] with cards = [[x, y], ...]"))
        else:
            layout = _layout(name, table, path, lines, problems)
            if layout is not None:
                found[name] = layout
    if problems:
        raise GameError(problems)
    return found


def _layout(name: str, table: dict, path: Path, lines: dict[tuple, int],
            problems: list[Problem]) -> CustomLayout | None:
    """One [name] table as a layout, or None with its faults added to problems."""
    for key in table:
        if key not in KEYS:
            problems.append(problem(path, line_of(lines, (name, key)),
                                    f"unknown key '{key}' in [{name}]{did_you_mean(key, KEYS)}"))
    line = line_of(lines, (name, "cards"))
    corners = _corners(table.get("cards"))
    if isinstance(corners, str):
        problems.append(problem(path, line, f"[{name}] needs cards = [[x, y], ...]: each card's top-left corner "
                                            f"from the page's top-left corner, in mm or as lengths such as "
                                            f"\"20mm\"; {corners}"))
    rotate = table.get("rotate", False)
    if not isinstance(rotate, bool):
        problems.append(problem(path, line_of(lines, (name, "rotate")),
                                f"[{name}] rotate must be true or false, got {shown(rotate)}"))
    if isinstance(corners, str) or not isinstance(rotate, bool):
        return None
    return CustomLayout(name, path, line, corners, rotate)


def _corners(value) -> tuple[tuple[float, float], ...] | str:
    """cards = [[x, y], ...] as points, each x and y a number of mm or a length; or what is wrong."""
    if not isinstance(value, list) or not value:
        return f"got {shown(value)}" if value is not None else "it is missing"
    if len(value) > MAX_LAYOUT_CARDS:
        return f"a page holds at most {MAX_LAYOUT_CARDS} cards, got {len(value)}"
    corners = []
    for i, corner in enumerate(value, start=1):
        try:
            if not isinstance(corner, list) or len(corner) != 2:
                raise ValueError(f"got {shown(corner)}")
            x, y = (length(v, bare=MM) for v in corner)
        except ValueError as exc:
            return f"card {i}: {exc}"
        corners.append((x, y))
    return tuple(corners)


@dataclass(frozen=True)
class CustomGrid(SheetGrid):
    """A declared layout's cards; `columns` is the card count, each slot's column its index."""

    slots: tuple[Slot, ...] = ()

    @property
    def trim_box(self) -> tuple[float, float, float, float]:
        return block(list(self.slots))

    def front_slots(self) -> list[Slot]:
        return list(self.slots)

    def cut_lines(self) -> tuple[list[float], list[float]]:
        return cut_lines(list(self.slots))

    def back_slots(self) -> list[Slot]:
        """Mirrored for long-edge duplex, each keeping its front's index."""
        return [Slot(self.page_w - s.x - s.w, s.y, s.w, s.h, s.column, s.row) for s in self.slots]

    def outer_sides(self, slot: Slot, occupied=None) -> tuple[bool, bool, bool, bool]:
        """A side shows its bleed unless another card in use touches it there (a back: its
        front's sides, mirrored)."""
        if slot not in self.slots:
            left, bottom, right, top = self.outer_sides(self.slots[slot.column], occupied)
            return (right, bottom, left, top)
        others = [s for s in self.slots if s is not slot and (occupied is None or (s.column, s.row) in occupied)]
        return open_sides(slot, others)


def grid(layout: CustomLayout, card_w: float, card_h: float, bleed: float, paper: str) -> CustomGrid:
    """The layout's cards on a paper, or a GameError at its `cards` line if a card leaves
    the page or overlaps another."""
    page_w, page_h = paper_size(paper)
    w, h = (card_h, card_w) if layout.rotate else (card_w, card_h)
    slots = tuple(Slot(x, page_h - y - h, w, h, i, 0) for i, (x, y) in enumerate(layout.corners))
    for i, s in enumerate(slots):
        if s.x < -TOUCH or s.y < -TOUCH or s.x + w > page_w + TOUCH or s.y + h > page_h + TOUCH:
            raise GameError(problem(layout.path, layout.line,
                                    f"[{layout.name}] card {i + 1} at {_mm(layout.corners[i])} leaves the "
                                    f"{paper} page ({page_w / MM:.1f} × {page_h / MM:.1f} mm) for a "
                                    f"{w / MM:.1f} × {h / MM:.1f} mm card"))
        for j, o in enumerate(slots[:i]):
            if s.x < o.x + w - TOUCH and o.x < s.x + w - TOUCH and s.y < o.y + h - TOUCH and o.y < s.y + h - TOUCH:
                raise GameError(problem(layout.path, layout.line,
                                        f"[{layout.name}] card {i + 1} at {_mm(layout.corners[i])} overlaps "
                                        f"card {j + 1} at {_mm(layout.corners[j])} "
                                        f"({w / MM:.1f} × {h / MM:.1f} mm cards)"))
    return CustomGrid(page_w, page_h, w, h, bleed, len(slots), 1, layout.rotate, True, slots)


def _mm(corner: tuple[float, float]) -> str:
    return f"[{corner[0] / MM:g}, {corner[1] / MM:g}] mm"
