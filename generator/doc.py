"""The rules as plain data: what rules.md says once Jinja2 and Markdown have been applied.

    rules.md ──template.py──▶ Markdown text + embeds ──blocks.py──▶ RulesDoc (blocks)

Figures are open: besides real cards and images, any OpsFigure (a rule set's diagram) can
stand in the rules and aids.

Blocks are rendered by flow.py (ReportLab Platypus: booklet, handout) and by cardtext.py
(display-list ops: aid cards and the half-page sheet). Every block keeps the line of
rules.md it came from, for error messages.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol


# -- inline text --------------------------------------------------------------------------

@dataclass(frozen=True)
class Run:
    text: str
    bold: bool = False
    italic: bool = False
    icon: str | None = None  # an :icon: (text holds ':name:' for whatever cannot draw it)

    @property
    def font(self) -> str:
        """The font role of this run in body text."""
        if self.bold and self.italic:
            return "body-bold-italic"
        return "body-bold" if self.bold else "body-italic" if self.italic else "body"


Runs = tuple[Run, ...]


def plain(runs: Runs) -> str:
    return "".join(r.text for r in runs)


# -- embeds: things a helper function puts into the text ---------------------------------

@dataclass(frozen=True)
class Token:
    """A playing piece sitting on one card of a CardsFigure (a boat on a river card): a
    picture (ops in a 100 x 100 field, y down) beside its owner's name, over the card."""

    row: int  # 0-based, in the figure's grid
    column: int
    label: str
    picture: tuple = ()


@dataclass(frozen=True)
class CardsFigure:
    """Real cards drawn by their faces, laid out in rows as on the table (None: an empty
    place, drawn as a dashed outline)."""

    component: str
    grid: tuple[tuple[str | None, ...], ...]
    caption: str = ""
    mark: str | None = None  # 'good' or 'bad': a tick or a cross beside the cards
    labels: tuple[str, ...] = ()  # one per row, printed left of it
    tokens: tuple[Token, ...] = ()  # pieces on the cards, drawn over them
    explanation = ""  # (not a field) real cards need no text beyond their caption


@dataclass(frozen=True)
class ImageFigure:
    path: Path
    caption: str = ""
    width: float | None = None  # points, as rules.md asks ({width=40mm}); None: from the pixels
    height: float | None = None
    share: float | None = None  # {width=50%}: of the column
    explanation = ""  # (not a field)


@dataclass(frozen=True)
class FigureRoom:
    """What the place a figure goes into offers it (the booklet and handout, or an aid)."""

    text_size: float  # labels inside the figure
    diagram: float  # preferred side of a square diagram
    cell: float  # preferred side of one small cell (a card in an outline, a square of a grid)
    fill: str  # the soft accent, for areas
    stroke: str  # the accent, for outlines


class OpsFigure(Protocol):
    """A figure drawn as display-list operations (ops.py), such as a rule set's
    diagrams. The booklet, handout, aid cards and half-page sheet place any of them the same
    way: measure it for the width available, then draw its ops with the origin at the
    measured box's top-left corner (points, y down)."""

    caption: str
    explanation: str  # printed in its place in the booklet when caption is empty; aids omit it

    def measure(self, width: float, room: FigureRoom) -> tuple[float, float]:
        """Its width and height in points, given the width available."""

    def ops(self, width: float, room: FigureRoom) -> list:
        """Its operations, laid out as measure() measured them for this available width."""


Figure = CardsFigure | ImageFigure | OpsFigure


@dataclass(frozen=True)
class AidSource:
    """A player aid declared with {% call aid("Title") %}…{% endcall %}: its Markdown (with
    line marks) is parsed like the rules."""

    title: str
    text: str


@dataclass(frozen=True)
class ExampleSource:
    """A worked example, {% call example("kind", title=…) %}…{% endcall %}, after the game's
    rule set replayed it and every claim held: its narrative (Markdown with line marks) and
    the real cards it shows."""

    title: str
    text: str
    figure: CardsFigure | None


@dataclass(frozen=True)
class PageBreakMark:
    pass


@dataclass(frozen=True)
class BackCoverMark:
    pass


Embed = Figure | AidSource | ExampleSource | PageBreakMark | BackCoverMark


# -- blocks -------------------------------------------------------------------------------

@dataclass(frozen=True)
class Heading:
    level: int  # 1..3
    runs: Runs
    line: int


@dataclass(frozen=True)
class Paragraph:
    runs: Runs
    line: int


@dataclass(frozen=True)
class ListBlock:
    ordered: bool
    start: int
    items: tuple[tuple["Block", ...], ...]
    line: int


@dataclass(frozen=True)
class Table:
    header: tuple[Runs, ...]
    rows: tuple[tuple[Runs, ...], ...]
    aligns: tuple[str, ...]  # 'left' | 'center' | 'right' per column
    line: int


@dataclass(frozen=True)
class Box:
    """A boxed example or aside (a Markdown blockquote)."""

    blocks: tuple["Block", ...]
    line: int


@dataclass(frozen=True)
class FigureBlock:
    figures: tuple[Figure, ...]  # side by side
    line: int


@dataclass(frozen=True)
class Aid:
    title: str
    blocks: tuple["Block", ...]
    line: int


@dataclass(frozen=True)
class Example:
    """A worked example the engine checked: its cards, small, beside its narrative."""

    title: str
    blocks: tuple["Block", ...]
    figure: CardsFigure | None
    line: int


@dataclass(frozen=True)
class Rule:
    line: int


@dataclass(frozen=True)
class PageBreak:
    line: int


@dataclass(frozen=True)
class BackCover:
    """What follows goes on the last page(s) of the booklet; notes pages pad before it."""

    line: int


Block = Heading | Paragraph | ListBlock | Table | Box | FigureBlock | Aid | Example | Rule | PageBreak | BackCover


@dataclass(frozen=True)
class ScoreSheet:
    """What a score pad asks of each player: a row per set (these columns) and the bonuses."""

    columns: tuple[str, ...] = ("Score",)
    sets: int = 6
    title: str = "score sheet"  # printed as written, beside the game's title
    row_label: str = "Set"  # the heading of the rows' numbers: "Round", "Hand", ...


SCORE_TEXT_MOST = {"title": 40, "row_label": 12}  # characters: each fits its place on the pad


def score_text_fault(key: str, value) -> str | None:
    """Why a score sheet's title or row label cannot be printed (None: it can)."""
    most = SCORE_TEXT_MOST[key]
    if isinstance(value, str) and value.strip() and len(value) <= most:
        return None
    return f"{key} must be text of 1 to {most} characters, got {value!r}"[:200]


@dataclass(frozen=True)
class RulesDoc:
    path: Path  # rules.md, for messages
    blocks: tuple[Block, ...]
    aids: tuple[Aid, ...] = field(default=())
    score_sheet: ScoreSheet | None = None  # declared in the rules with score_sheet(...)
