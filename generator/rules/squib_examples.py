"""Squib Squares arithmetic for the rules and aids: set scores, the colour wheel's order,
and worked examples found in the real deck (a legal square, a clash, a Squib Steal).

Pure functions over plain data; the rules template calls them through rules/template.py's
helpers, so every number and example printed comes from game.toml and cards.csv.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import permutations
from typing import Mapping, Sequence

from ..validate.squib_deck import NOUN, SquibCard, beat, can_sit_beside, can_stack, squib_card

COMPONENT = "squibs"
MIN_ROWS = 2  # a set starts as two cards, one above the other


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


def face_off(mine: str, theirs: str, beats: Mapping[str, Sequence[str]]) -> str:
    """'beats', 'ties' or 'loses': one squib against the squib across from it (the rule
    itself is the validator's, so rules text and deck statistics cannot disagree)."""
    return _WORDS[beat(mine, theirs, beats)]


def steal_winner(results: Sequence[str]) -> bool:
    """A Squib Steal is won by beating both squibs across, or beating one and tying one."""
    return sorted(results) in (["beats", "beats"], ["beats", "ties"])


# -- examples from the deck -----------------------------------------------------------------

def deck(game) -> list[SquibCard]:
    component = game.component(COMPONENT)
    return [squib_card(c.id, c.fields) for c in component.cards]


def find_square(cards: Sequence[SquibCard], columns: int, rows: int) -> list[list[str]] | None:
    """The first legal set of this shape in deck order (rows of card ids), or None.
    Beside: the left card's right squib touches the right card's left squib. Above: left
    touches left and right touches right. Touching squibs share no feature."""
    grid: list[SquibCard] = []
    used: set[str] = set()

    def fits(card: SquibCard, index: int) -> bool:
        row, column = divmod(index, columns)
        if column and not can_sit_beside(grid[index - 1], card):
            return False
        if row and not can_stack(grid[index - columns], card):
            return False
        return True

    def place(index: int) -> bool:
        if index == columns * rows:
            return True
        for card in cards:
            if card.id not in used and fits(card, index):
                grid.append(card)
                used.add(card.id)
                if place(index + 1):
                    return True
                grid.pop()
                used.discard(card.id)
        return False

    if not place(0):
        return None
    ids = [c.id for c in grid]
    return [ids[r * columns:(r + 1) * columns] for r in range(rows)]


@dataclass(frozen=True)
class Clash:
    left: str  # card ids, side by side
    right: str
    feature: str  # 'colour', 'emotion' or 'kind'
    value: str


def find_clash(cards: Sequence[SquibCard], feature: str = "emotion") -> Clash | None:
    """Two cards that may not sit side by side because the touching squibs share exactly
    one feature (the one asked for, if the deck has such a pair)."""
    wanted = {v: k for k, v in NOUN.items()}.get(feature, feature)
    best = None
    for a in cards:
        for b in cards:
            if a is b:
                continue
            shared = a.right.shared(b.left)
            if len(shared) == 1:
                clash = Clash(a.id, b.id, NOUN[shared[0]], a.right.value(shared[0]))
                if shared[0] == wanted:
                    return clash
                best = best or clash
    return best


def find_neighbours(cards: Sequence[SquibCard]) -> tuple[str, str] | None:
    """Two cards that may sit side by side."""
    for a in cards:
        for b in cards:
            if a is not b and can_sit_beside(a, b):
                return a.id, b.id
    return None


@dataclass(frozen=True)
class FaceOff:
    mine: str  # colour
    theirs: str
    result: str  # beats | ties | loses


@dataclass(frozen=True)
class StealExample:
    top: str  # card id of player 1 (above)
    bottom: str  # card id of player 2 (below)
    left: FaceOff
    right: FaceOff
    winner: bool  # player 1 wins


def find_steal(cards: Sequence[SquibCard], beats: Mapping[str, Sequence[str]],
               results: Sequence[str] = ("beats", "ties")) -> StealExample | None:
    """The first pair of cards in deck order whose face-off gives these results (in either
    order), player 1's card above player 2's."""
    for a in cards:
        for b in cards:
            if a is b:
                continue
            left = FaceOff(a.left.color, b.left.color, face_off(a.left.color, b.left.color, beats))
            right = FaceOff(a.right.color, b.right.color, face_off(a.right.color, b.right.color, beats))
            if sorted((left.result, right.result)) == sorted(results):
                return StealExample(a.id, b.id, left, right, steal_winner((left.result, right.result)))
    return None


__all__ = ["SetScore", "set_score", "set_shapes", "wheel_order", "face_off",
           "steal_winner", "find_square", "find_clash", "find_neighbours", "find_steal", "deck"]
