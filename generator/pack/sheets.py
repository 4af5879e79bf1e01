"""What a night's pack prints: each file a build made for a group of tables, sorted into the
three ways of printing, with how many copies of it the night needs.

Plain data and arithmetic: the artifacts a build wrote in, `Sheet`s out; night.py makes
the builds and assemble.py joins the pages.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..artifacts import Artifact


@dataclass(frozen=True)
class Way:
    """One way of printing: the pack's file for it and what the printer must be told."""

    name: str
    file: str
    how: str


WAYS = (
    Way("duplex", "1-duplex.pdf", "both sides, flip on the long edge, at 100 %"),
    Way("cut", "2-cut.pdf", "both sides, flip on the long edge, at 100 %; then cut"),
    Way("simplex", "3-simplex.pdf", "one side, at 100 %"),
)
BY_WAY = {way.name: way for way in WAYS}
PRINT_LIST = "0-print-list.pdf"


@dataclass(frozen=True)
class Sheet:
    """A file printed `copies` times into its way's PDF (each copy from a fresh sheet)."""

    game: str  # the game's title, or "" for the night's own sheets
    what: str  # what it is, for the print list
    source: Path
    pages: int
    copies: int
    way: str  # a Way's name
    tables: tuple[int, ...]  # the table numbers it is for (empty: the whole night)

    @property
    def sheets(self) -> int:
        """Sheets of paper for all its copies: two pages a sheet when printed both sides."""
        per_copy = -(-self.pages // 2) if self.way != "simplex" else self.pages
        return per_copy * self.copies


@dataclass(frozen=True)
class Group:
    """Tables of one game at one player count: they share one build."""

    title: str
    players: int
    tables: tuple[int, ...]


def from_build(group: Group, folder: Path, artifacts: list[Artifact], per_player: bool) -> list[Sheet]:
    """The sheets a group's build gives, in print order: rules, aid cards, aid sheet, score
    pad, mats. Handouts one per table, or one per player (per_player); the rest one per table.
    Without a handout (the rules do not fit one sheet) the imposed booklet stands in."""
    tables = len(group.tables)
    kinds = {artifact.kind for artifact in artifacts}
    rules = "handout" if "handout" in kinds else "rules-booklet-imposed"
    found = []
    for entry in artifacts:
        path = entry.path
        if entry.kind == rules:
            copies = tables * (group.players if per_player and rules == "handout" else 1)
            what = "rules handout" if rules == "handout" else "rules booklet (fold in half, staple)"
            found.append((0, _sheet(group, folder, entry, what, copies, "duplex")))
        elif path.startswith("reference-cards-"):
            what = f"player aid cards, {group.players} sets"
            found.append((1, _sheet(group, folder, entry, what, tables, "cut")))
        elif path.startswith("reference-sheet-"):
            found.append((2, _sheet(group, folder, entry, "player aid sheet (cut in half)", tables, "simplex")))
        elif entry.kind == "score-sheet":
            found.append((3, _sheet(group, folder, entry, f"score pad, {group.players} players", tables, "simplex")))
        elif entry.kind == "mat" and entry.paper and path.endswith(".pdf"):
            what = f"mat {entry.extra.get('component', '')} (tiles: trim and tape)".replace("mat  ", "mat ")
            found.append((4, _sheet(group, folder, entry, what, tables, "simplex")))
    return [sheet for _, sheet in sorted(found, key=lambda pair: (pair[0], pair[1].source.name))]


def _sheet(group: Group, folder: Path, made: Artifact, what: str, copies: int, way: str) -> Sheet:
    return Sheet(group.title, what, folder / made.path, made.pages or 1, copies, way, group.tables)


def in_print_order(sheets: list[Sheet]) -> list[Sheet]:
    """Sheets by way (duplex, cut, simplex), each keeping the order it was given in."""
    order = {way.name: i for i, way in enumerate(WAYS)}
    return sorted(sheets, key=lambda sheet: order[sheet.way])


def tables_shown(tables: tuple[int, ...]) -> str:
    """'1', '2-4', '1, 3' or 'all' for the print list."""
    if not tables:
        return "all"
    if len(tables) > 1 and list(tables) == list(range(tables[0], tables[-1] + 1)):
        return f"{tables[0]}–{tables[-1]}"
    return ", ".join(str(t) for t in tables)
