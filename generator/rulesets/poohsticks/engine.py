"""Poohsticks' card values and solver, as pure functions.

Rule decisions where the seed is silent:
- Division must come out whole, and every intermediate result must be a positive whole number.
- One move uses one or more cards; each card at most once; an ace is 1 or 14 in each use.
"""

from __future__ import annotations

from itertools import combinations

from generator.rulesets.playing_cards.deck import parse

COURT_VALUES = {"J": 11, "Q": 12, "K": 13}


def values(card_id: str) -> tuple[int, ...]:
    card = parse(card_id)
    if card.rank == "A":
        return (1, 14)
    return (COURT_VALUES.get(card.rank, 0) or int(card.rank),)


def _results(cards: tuple[str, ...]) -> dict[int, set[str]]:
    """value -> expressions using exactly these cards."""
    if len(cards) == 1:
        return {v: {cards[0][:-1]} for v in values(cards[0])}
    out: dict[int, set[str]] = {}
    for size in range(1, len(cards)):
        for left in combinations(cards, size):
            right = tuple(c for c in cards if c not in left)
            for a, left_exprs in _results(left).items():
                for b, right_exprs in _results(right).items():
                    for value, op in ((a + b, "+"), (a - b, "−"), (a * b, "×"), (a // b if a % b == 0 else 0, "÷")):
                        if value <= 0 or (op in "+×" and left > right):
                            continue
                        for x in left_exprs:
                            for y in right_exprs:
                                wrap = lambda e: f"({e})" if " " in e else e
                                out.setdefault(value, set()).add(f"{wrap(x)} {op} {wrap(y)}")
    return out


def solve(hand, target: int) -> list[str]:
    """Every expression from the hand's cards (each once) equal to target, sorted."""
    found = set()
    for size in range(1, len(hand) + 1):
        for cards in combinations(tuple(hand), size):
            found |= _results(cards).get(target, set())
    return sorted(found, key=lambda e: (len(e), e))
