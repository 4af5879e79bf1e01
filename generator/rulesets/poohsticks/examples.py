"""Examples found in the deck for the rules and aids: hands the solver has solved.

The picker walks the deck's cards in one fixed shuffled order (the same every build) and
keeps three-card hands that show the four operations between them, each with a river value
it makes and the way it does; one hand shows an ace counting as 14.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from .engine import ways

SEED = 31  # the shuffle the picker walks; any fixed number gives a fixed answer
RIVER_VALUES = range(2, 14)  # what a river card other than an ace is worth
SIGNS = ("+", "−", "×", "÷")


@dataclass(frozen=True)
class Solved:
    target: int
    way: str


@dataclass(frozen=True)
class SolvedHand:
    cards: tuple[str, ...]
    solved: tuple[Solved, ...]


def _best(hand, sign: str, taken: set[int]) -> Solved | None:
    """The first river value, not yet shown, whose simplest way uses this sign."""
    for target in RIVER_VALUES:
        found = ways(hand, target)
        if target not in taken and found and found[0].size > 1 and sign in found[0].text:
            return Solved(target, found[0].text)
    return None


def solve_hand(hand) -> SolvedHand:
    """The hand solved once for each sign it can show."""
    taken: set[int] = set()
    solved = []
    for sign in SIGNS:
        found = _best(hand, sign, taken)
        if found:
            taken.add(found.target)
            solved.append(found)
    return SolvedHand(tuple(hand), tuple(sorted(solved, key=lambda s: s.target)))


def solved_hands(deck_ids, count: int = 3, hand_size: int = 3) -> list[SolvedHand]:
    """`count` hands of different ranks showing at least three of + − × ÷ each; the first
    holds an ace that counts as 14 in one of its ways."""
    order = sorted(deck_ids)
    random.Random(SEED).shuffle(order)
    picked: list[SolvedHand] = []
    for start in range(0, len(order) - hand_size + 1):
        hand = tuple(order[start:start + hand_size])
        ranks = [card[:-1] for card in hand]
        if len(set(ranks)) < len(ranks) or any(set(hand) & set(p.cards) for p in picked):
            continue  # a pair only shows off dividing a card by its twin
        solved = solve_hand(hand)
        ace14 = any("14" in s.way for s in solved.solved)
        if len(solved.solved) >= 3 and ace14 == (not picked):
            picked.append(solved)
        if len(picked) == count:
            break
    return picked
