"""What a night's pack prints: each file a build made for a group of tables, sorted into the
three ways of printing, with how many copies of it the night needs.

Plain data and arithmetic: the artifacts a build wrote in, `Sheet`s out; night.py makes
the builds and assemble.py joins the pages. What a sheet is and how a way prints are kept
as the catalogue's English phrases (templates/words.toml), said in the organiser's language
by the print list (cover.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..artifacts import Artifact
from ..text.catalogue import number, word


@dataclass(frozen=True)
class Way:
    """One way of printing: the pack's file for it and what the printer must be told."""

    name: str
    file: str
    how: str  # a catalogue phrase: the way's name, then what the printer must be told


WAYS = (
    Way("duplex", "1-duplex.pdf", "duplex, both sides, flip on the long edge, at 100 %"),
    Way("cut", "2-cut.pdf", "cut, both sides, flip on the long edge, at 100 %; then cut"),
    Way("simplex", "3-simplex.pdf", "simplex, one side, at 100 %"),
)
BY_WAY = {way.name: way for way in WAYS}
PRINT_LIST = "0-print-list.pdf"


@dataclass(frozen=True)
class Sheet:
    """A file printed `copies` times into its way's PDF (each copy from a fresh sheet)."""

    game: str  # the game's title, or "" for the night's own sheets
    what: str  # what it is, for the print list: a catalogue phrase, its {count} or {name} in `values`
    source: Path
    pages: int
    copies: int
    way: str  # a Way's name
    tables: tuple[int, ...]  # the table numbers it is for (empty: the whole night)
    values: tuple[tuple[str, object], ...] = ()

    def said(self, code: str) -> str:
        """What it is, in the language of `code` (a count written as the language writes it)."""
        values = {key: number(value, code) if isinstance(value, int) else value for key, value in self.values}
        return word(self.what, code, **values)

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
    """The sheets a group's build gives, in print order: rules, aid cards, aid sheets, score
    pad, mats. Handouts one per table, or one per player (per_player); the rest one per table.
    Without a handout (the rules do not fit one sheet) the imposed booklet stands in."""
    tables = len(group.tables)
    handout = any(made.kind == "handout" and not made.path.startswith("handout-large-") for made in artifacts)
    found = []
    for made in artifacts:
        kind = _what(made, group.players, handout)
        if kind is None:
            continue
        order, (what, *values), way = kind
        copies = tables * (group.players if per_player and what == "rules handout" else 1)
        found.append((order, Sheet(group.title, what, folder / made.path, made.pages or 1, copies, way, group.tables,
                                   tuple(values))))
    return [sheet for _, sheet in sorted(found, key=lambda pair: (pair[0], pair[1].source.name))]


def _what(made: Artifact, players: int, handout: bool) -> tuple[int, tuple, str] | None:
    """(print order, (what it is, its values), way) of a file a build made, or None: not
    printed at a table (the A5 booklet, the imposed one where a handout is made, a mat's
    one-piece PDF and PNG)."""
    path = made.path
    if path.startswith("handout-large-"):
        return 1, ("rules handout, large print",), "duplex"
    if made.kind == "handout":
        return 0, ("rules handout",), "duplex"
    if made.kind == "rules-booklet-imposed" and not handout:
        return 0, ("rules booklet (fold in half, staple)",), "duplex"
    if path.startswith("reference-cards-"):
        return 2, ("player aid cards, {count} sets", ("count", players)), "cut"
    if path.startswith("reference-sheet-large-"):
        return 4, ("player aid sheet, large print",), "simplex"
    if path.startswith("reference-sheet-"):
        return 3, ("player aid sheet (cut in half)",), "simplex"
    if made.kind == "score-sheet":
        return 5, ("score pad, {count} players", ("count", players)), "simplex"
    if made.kind == "mat" and made.paper and path.endswith(".pdf"):
        return 6, ("mat {name} (tiles: trim and tape)", ("name", made.extra["component"])), "simplex"
    return None


def in_print_order(sheets: list[Sheet]) -> list[Sheet]:
    """Sheets by way (duplex, cut, simplex), each keeping the order it was given in."""
    order = {way.name: i for i, way in enumerate(WAYS)}
    return sorted(sheets, key=lambda sheet: order[sheet.way])


def tables_shown(tables: tuple[int, ...], code: str = "") -> str:
    """'1', '2-4', '1, 3' or 'all' (in the language of `code`) for the print list."""
    if not tables:
        return word("all", code)
    if len(tables) > 1 and list(tables) == list(range(tables[0], tables[-1] + 1)):
        return f"{tables[0]}–{tables[-1]}"
    return ", ".join(str(t) for t in tables)
