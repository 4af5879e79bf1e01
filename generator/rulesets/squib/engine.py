"""Squib Squares: the game's mechanics as pure functions over plain values.

Every card shows two squibs side by side, left and right; a squib has a colour, an emotion
and a kind, each one of five values. Touching squibs (on one card, or on neighbouring cards
on the table) must differ in all three features. Cards are never turned, so a card A can sit
*beside* B, B on its right, when A's right squib touches B's left squib, and *above* B when
left touches left and right touches right.

In a Squib Steal face-off two cards meet left against left and right against right, each
pair compared by colour on the wheel of data.beats. A full set of columns x rows cards scores
its cards plus a size bonus. The checks (R1-R9), the statistics, the designer, the rules'
worked examples and the tests all build on this module.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace
from itertools import permutations
from typing import Any, Mapping, Sequence

from ...model import Game

# -- the facts of the game ----------------------------------------------------------------

ATTRIBUTES = ("color", "emotion", "kind")
NOUN = {"color": "colour", "emotion": "emotion", "kind": "kind"}
PLURAL = {"color": "colours", "emotion": "emotions", "kind": "kinds"}
DATA_KEY = {"color": "colors", "emotion": "emotions", "kind": "kinds"}  # keys in [data]
SIDES = ("left", "right")
COLUMNS = ("id",) + tuple(f"{side}_{attr}" for side in SIDES for attr in ATTRIBUTES)
COMPONENT = "squibs"
# [data] the engine, checks and art read as codes: the same in every edition
CODES = ("colors", "emotions", "kinds", "beats", "inks", "symbols")

DECK_SIZE = 54
VALUES_PER_ATTRIBUTE = 5
SQUIB_RANGE = (21, 22)  # 108 squibs / 5 values = 21.6
PAIR_RANGE = (5, 6)  # 54 cards / 10 pairs = 5.4
LEFT_RANGE = (10, 12)  # 54 left squibs / 5 values = 10.8
BEATEN_PER_COLOUR = 2
MIN_ROWS = 2  # a set starts as two cards, one above the other


def printed(data: Mapping[str, Any], code: str) -> str:
    """The word the edition prints for a colour, emotion or kind: data.names (the text each
    edition translates), else the code itself."""
    names = data.get("names")
    return str(names.get(code, code)) if hasattr(names, "get") else code


# -- plain data ---------------------------------------------------------------------------

@dataclass(frozen=True)
class Squib:
    color: str
    emotion: str
    kind: str

    def value(self, attribute: str) -> str:
        return getattr(self, attribute)

    def shared(self, other: "Squib") -> list[str]:
        """The attributes on which two squibs agree (touching squibs may share none)."""
        return [a for a in ATTRIBUTES if self.value(a) == other.value(a)]

    def touches(self, other: "Squib") -> bool:
        return not self.shared(other)

    def __str__(self) -> str:
        return f"{self.color} {self.emotion} {self.kind}"


@dataclass(frozen=True)
class SquibCard:
    id: str
    left: Squib
    right: Squib
    line: int | None = None  # 1-based CSV line, when the card came from a file

    def side(self, side: str) -> Squib:
        return self.left if side == "left" else self.right

    def flipped(self) -> "SquibCard":
        return replace(self, left=self.right, right=self.left)

    def row(self) -> dict[str, str]:
        """The card as a CSV row (column -> value)."""
        row = {"id": self.id}
        for side in SIDES:
            for attr in ATTRIBUTES:
                row[f"{side}_{attr}"] = self.side(side).value(attr)
        return row


@dataclass(frozen=True)
class SquibSpec:
    colors: tuple[str, ...]
    emotions: tuple[str, ...]
    kinds: tuple[str, ...]
    beats: Mapping[str, tuple[str, ...]]  # colour -> the colours it beats

    def values(self, attribute: str) -> tuple[str, ...]:
        return {"color": self.colors, "emotion": self.emotions, "kind": self.kinds}[attribute]



def spec_from_data(data: Mapping[str, Any]) -> SquibSpec:
    """Read the spec from the game's [data] table, tolerantly: a missing or mistyped entry
    becomes empty, and check_spec reports it (so loading never crashes on bad data)."""

    def names(value) -> tuple[str, ...]:
        if not isinstance(value, (list, tuple)):
            return ()
        return tuple(str(v) for v in value)

    raw_beats = data.get("beats")
    beats = {str(k): names(v) for k, v in raw_beats.items()} if isinstance(raw_beats, Mapping) else {}
    return SquibSpec(names(data.get("colors")), names(data.get("emotions")),
                     names(data.get("kinds")), beats)


def squib_card(card_id: str, fields: Mapping[str, str], line: int | None = None) -> SquibCard:
    """A card from its CSV columns; a missing column reads as '' (R2 reports it)."""
    left, right = (Squib(*(fields.get(f"{side}_{a}", "") for a in ATTRIBUTES)) for side in SIDES)
    return SquibCard(card_id, left, right, line)


def deck(game: Game) -> list[SquibCard]:
    """The game's squib cards, with their CSV lines (KeyError without the component)."""
    return [squib_card(c.id, c.fields, c.line) for c in game.component(COMPONENT).cards]


def value_list_faults(spec: SquibSpec) -> list[tuple[str, str]]:
    """(attribute, what is wrong) for each value list that is not five distinct values."""
    faults = []
    for attr in ATTRIBUTES:
        values = spec.values(attr)
        if len(values) != VALUES_PER_ATTRIBUTE or len(set(values)) != len(values):
            shown = ", ".join(values) if values else "nothing"
            faults.append((attr, f"data.{DATA_KEY[attr]} must list exactly {VALUES_PER_ATTRIBUTE} "
                                 f"distinct {PLURAL[attr]}, got {shown}"))
    return faults


# -- neighbours (R9) ----------------------------------------------------------------------

@dataclass(frozen=True)
class Neighbours:
    """How many other cards may sit next to a card: on its right, on its left, and above or
    below it (one count: if B may go below A, A may go above B)."""

    right: int
    left: int
    column: int


def can_sit_beside(a: SquibCard, b: SquibCard) -> bool:
    """B directly to the right of A: A's right squib touches B's left squib."""
    return a.right.touches(b.left)


def can_stack(a: SquibCard, b: SquibCard) -> bool:
    """A above B (or below: the same two touching pairs)."""
    return a.left.touches(b.left) and a.right.touches(b.right)


def neighbours(cards: Sequence[SquibCard]) -> list[Neighbours]:
    """Neighbour counts for each card, by position (ids may repeat in a broken deck)."""
    counts = []
    for i, card in enumerate(cards):
        others = [c for j, c in enumerate(cards) if j != i]
        counts.append(Neighbours(sum(can_sit_beside(card, o) for o in others),
                                 sum(can_sit_beside(o, card) for o in others),
                                 sum(can_stack(card, o) for o in others)))
    return counts




def dead_cards(cards: Sequence[SquibCard]) -> list[tuple[SquibCard, bool, bool]]:
    """(card, dead in rows, dead in columns) for each card nobody can sit beside on either
    side, or above or below."""
    dead = []
    for card, near in zip(cards, neighbours(cards)):
        in_rows, in_columns = near.right == 0 and near.left == 0, near.column == 0
        if in_rows or in_columns:
            dead.append((card, in_rows, in_columns))
    return dead


# -- Squib Steal face-offs ----------------------------------------------------------------

def beat(a: str, b: str, beats: Mapping[str, Sequence[str]]) -> int:
    """+1 if colour a beats colour b, -1 if it loses, 0 for a tie (same colour, or a broken
    table where neither beats the other)."""
    if a == b:
        return 0
    return 1 if b in beats.get(a, ()) else -1 if a in beats.get(b, ()) else 0


def face_off(mine: SquibCard, theirs: SquibCard, beats: Mapping[str, Sequence[str]]) -> int:
    """One round of Squib Steal, left against left and right against right: +1 I win
    (beat both, or beat one and tie one), -1 I lose, 0 no winner."""
    results = sorted((beat(mine.left.color, theirs.left.color, beats),
                      beat(mine.right.color, theirs.right.color, beats)))
    if results in ([1, 1], [0, 1]):
        return 1
    if results in ([-1, -1], [-1, 0]):
        return -1
    return 0


@dataclass(frozen=True)
class Shares:
    win: float
    tie: float
    lose: float


def face_off_shares(cards: Sequence[SquibCard], beats: Mapping[str, Sequence[str]]) -> list[Shares]:
    """For each card, the share of the other cards it beats, ties and loses to."""
    shares = []
    for i, card in enumerate(cards):
        results = Counter(face_off(card, o, beats) for j, o in enumerate(cards) if j != i)
        total = max(1, sum(results.values()))
        shares.append(Shares(results[1] / total, results[0] / total, results[-1] / total))
    return shares


# -- scoring ----------------------------------------------------------------------------

@dataclass(frozen=True)
class SetScore:
    columns: int
    rows: int
    cards: int
    longest: int  # the larger of rows and columns
    bonus: int  # size bonus: cards - longest
    score: int  # cards + bonus

    @property
    def shape(self) -> str:
        return f"{self.columns} × {self.rows}"


def set_score(columns: int, rows: int) -> SetScore:
    """A full set of `columns` × `rows` cards scores its cards plus its size bonus, the
    cards minus the larger of its rows and columns."""
    if columns < 1 or rows < 1:
        raise ValueError("a set has at least one column and one row")
    cards = columns * rows
    longest = max(columns, rows)
    return SetScore(columns, rows, cards, longest, cards - longest, 2 * cards - longest)


def set_shapes(max_columns: int = 4, max_rows: int = 4,
               extra: Sequence[tuple[int, int]] = ()) -> list[SetScore]:
    """Every legal shape up to the limits (plus `extra` (columns, rows) shapes), one per
    pair of sides: a 3 × 2 set scores what a 2 × 3 set does, so only the narrower is kept.
    Sorted by cards, then columns."""
    shapes = {}
    candidates = [(c, r) for c in range(1, max_columns + 1) for r in range(MIN_ROWS, max_rows + 1)]
    for columns, rows in list(candidates) + [tuple(e) for e in extra]:
        key = (min(columns, rows), max(columns, rows))
        if rows < MIN_ROWS or key in shapes:
            continue
        shapes[key] = set_score(*key)  # the narrow way: columns <= rows
    return sorted(shapes.values(), key=lambda s: (s.cards, s.columns))


@dataclass(frozen=True)
class Corners:
    outward: int
    inward: int


def corners(grid: Sequence[Sequence[Any]]) -> Corners:
    """The corners of a set's outline, for rows of places in which None is an empty one. A
    squared-off set has four corners, all outward; a missing card adds an inward one."""
    filled = {(r, c) for r, row in enumerate(grid) for c, cell in enumerate(row) if cell is not None}
    outward = inward = 0
    for r in range(len(grid) + 1):
        for c in range(max(map(len, grid), default=0) + 1):
            around = [(r - 1, c - 1) in filled, (r - 1, c) in filled, (r, c - 1) in filled, (r, c) in filled]
            count = sum(around)
            if count == 1:
                outward += 1
            elif count == 3:
                inward += 1
            elif count == 2 and around[0] == around[3]:  # two places meeting at a point
                outward += 2
    return Corners(outward, inward)


# -- the colour wheel ---------------------------------------------------------------------

def wheel_order(colors: Sequence[str], beats: Mapping[str, Sequence[str]]) -> tuple[list[str], bool]:
    """The colours in an order where each beats the next (n - 1) / 2 colours round the circle,
    starting from the first colour. Returns (order, True) when such an order exists, else
    (the colours as listed, False)."""
    colors = list(colors)
    n = len(colors)
    if n < 3 or n % 2 == 0:
        return colors, False
    reach = (n - 1) // 2
    for rest in permutations(colors[1:]):
        order = [colors[0], *rest]
        if all(order[(i + k) % n] in beats.get(order[i], ()) for i in range(n) for k in range(1, reach + 1)):
            return order, True
    return colors, False


_WORDS = {1: "beats", 0: "ties", -1: "loses"}


def colour_result(mine: str, theirs: str, beats: Mapping[str, Sequence[str]]) -> str:
    """'beats', 'ties' or 'loses': one squib's colour against the colour across from it."""
    return _WORDS[beat(mine, theirs, beats)]


def steal_winner(results: Sequence[str]) -> bool:
    """A Squib Steal is won by beating both squibs across, or beating one and tying one."""
    return sorted(results) in (["beats", "beats"], ["beats", "ties"])

