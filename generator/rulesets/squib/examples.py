"""Worked examples found in the real Squib Squares deck, for rules.md: a legal square, two
cards that clash, two that may sit side by side, and a Squib Steal with given results.

Pure searches over the engine's cards in deck order, so the same deck always gives the same
examples and every example printed is one the cards really allow.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping, Sequence

from .engine import NOUN, SquibCard, can_sit_beside, can_stack, colour_result, steal_winner

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
            left = FaceOff(a.left.color, b.left.color, colour_result(a.left.color, b.left.color, beats))
            right = FaceOff(a.right.color, b.right.color, colour_result(a.right.color, b.right.color, beats))
            if sorted((left.result, right.result)) == sorted(results):
                return StealExample(a.id, b.id, left, right, steal_winner((left.result, right.result)))
