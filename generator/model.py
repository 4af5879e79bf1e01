"""The game model: plain frozen data, built by load/game.py and read by every later stage.

All lengths are in points (see units.py).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any, Mapping

from .units import CARD_SIZES, length


@dataclass(frozen=True)
class CardSize:
    width: float
    height: float

    @classmethod
    def of(cls, width: str | float, height: str | float) -> "CardSize":
        return cls(length(width), length(height))

    @classmethod
    def named(cls, name: str) -> "CardSize":
        return cls(*CARD_SIZES[name])

    def oriented(self, orientation: str) -> "CardSize":
        """The size as the card is read: landscape puts the long side across."""
        short, long_ = sorted((self.width, self.height))
        return CardSize(long_, short) if orientation == "landscape" else CardSize(short, long_)


POKER = CardSize.named("poker")


@dataclass(frozen=True)
class Element:
    """One drawing instruction of a face: a type ('text', 'box', or a rule set's) and its
    parameters as written in game.toml (values may hold {column} placeholders)."""

    type: str
    params: Mapping[str, Any]
    line: int | None = None
    when: str | None = None  # a Jinja2 expression over the card's columns: drawn only when true


@dataclass(frozen=True)
class Face:
    name: str
    elements: tuple[Element, ...]
    background: str | None = None
    line: int | None = None


@dataclass(frozen=True, slots=True)  # slots: a 20,000-card deck holds 20,000 of them
class Card:
    id: str
    fields: Mapping[str, str]
    line: int
    path: Path
    copies: int = 1  # the CSV's `copies` column: printed this many times, one image

    def __getitem__(self, column: str) -> str:
        return self.fields[column]


@dataclass(frozen=True)
class Component:
    id: str
    name: str
    kind: str  # deck | tokens | mat | aid
    size: CardSize  # as read (orientation applied)
    orientation: str  # portrait | landscape
    bleed: float
    safe: float
    front: str | None  # face name, or a placeholder string naming one per card ("{type}")
    back: str | None  # as front; None = blank back
    data: Path | None
    cards: tuple[Card, ...]
    columns: tuple[str, ...]
    line: int | None = None
    header_line: int = 1  # the data's header row: a line of a CSV, a row of a workbook's sheet (SheetRow)
    data_notes: tuple = ()  # Problems at level note: what reading the data chose (a ';' separator)
    shape: str = "rectangle"  # what a piece is cut to: rectangle, round, hex, rounded (geometry/pieces.py)
    corner: float = 0.0  # a rounded piece's corner radius (pt)

    @property
    def count(self) -> int:
        """How many cards are printed, copies included."""
        return sum(card.copies for card in self.cards)

    @property
    def printed_cards(self) -> bool:
        """A deck or tokens printed card by card (cut sheets, card images, TTS): it has cards
        and a front face, and is no mat (a mat is one drawing, tiled)."""
        return bool(self.cards) and bool(self.front) and self.kind != "mat"

    @property
    def bleed_size(self) -> CardSize:
        return CardSize(self.size.width + 2 * self.bleed, self.size.height + 2 * self.bleed)


@dataclass(frozen=True)
class Game:
    id: str  # the folder name
    root: Path
    manifest: Path  # game.toml
    title: str
    players: tuple[int, int]
    minutes: tuple[int, int]
    credits: tuple[str, ...]
    components: tuple[Component, ...]
    faces: Mapping[str, Face]
    data: Mapping[str, Any]  # the free-form [data] table: facts the rules and rule sets read
    rulesets: tuple[str, ...]  # names of the rule sets (generator/rulesets/) the game uses
    rules: Path | None
    tagline: str = ""
    goal: str = ""  # how to win, in one line: a pack's table sign prints it
    handout: str | bool = "auto"  # the one-sheet handout: "auto" (made where it fits), True (must fit), False
    layout: str = "standard"  # the cut sheets' layout (generator/geometry/layouts.py) unless --layout says
    layouts: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))  # layouts.toml's, by name
    icons: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))  # [icons]: name -> icons.Icon
    fonts: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))  # [fonts]: role -> font file
    # line of each key path in game.toml, e.g. ("components", 0, "size") -> 17
    lines: Mapping[tuple, int] = field(default_factory=lambda: MappingProxyType({}))
    edition: str = ""  # this Game's language code ([editions]); "" for a game that declares none
    editions: tuple[str, ...] = ()  # every edition game.toml declares, the default first
    notes: tuple = ()  # warnings loading found that do not stop it (an edition's fallbacks)

    @property
    def out_parts(self) -> tuple[str, ...]:
        """The build's folder under OUT: ID/, or ID/CODE/ for each edition of a game that has them."""
        return (self.id, self.edition) if self.edition else (self.id,)

    def line_of(self, *keypath) -> int | None:
        """Line of the deepest key of keypath that is known."""
        for end in range(len(keypath), 0, -1):
            line = self.lines.get(tuple(keypath[:end]))
            if line:
                return line
        return None

    def component(self, component_id: str) -> Component:
        for component in self.components:
            if component.id == component_id:
                return component
        raise KeyError(component_id)
