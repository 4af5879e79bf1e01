"""The standard deck as plain data: ranks, suits, cards and their stable ids.

A card id is rank then suit letter ('AS', '10H', 'QC'); jokers are 'JK1', 'JK2', ...
Every playing-card game's engine works on these Card values, so a game's rules, its
examples and its printed cards all speak of the same cards.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
COURTS = ("J", "Q", "K")
SUITS = ("S", "H", "D", "C")  # spades, hearts, diamonds, clubs
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
RANK_NAMES = {"A": "ace", "J": "jack", "Q": "queen", "K": "king"}
RED_SUITS = frozenset({"H", "D"})
JOKER = "JK"

_ID = re.compile(r"^(A|[2-9]|10|J|Q|K)([SHDC])$|^JK([1-9][0-9]*)$")


@dataclass(frozen=True)
class Card:
    """One playing card. A joker has rank 'JK', no suit and its number (1, 2, ...)."""

    rank: str
    suit: str | None = None
    number: int = 0  # jokers only

    @property
    def id(self) -> str:
        return f"{JOKER}{self.number}" if self.is_joker else f"{self.rank}{self.suit}"

    @property
    def is_joker(self) -> bool:
        return self.rank == JOKER

    @property
    def is_court(self) -> bool:
        return self.rank in COURTS

    @property
    def is_red(self) -> bool:
        return self.suit in RED_SUITS

    @property
    def name(self) -> str:
        """'ace of spades', '10 of hearts', 'joker 1'."""
        if self.is_joker:
            return f"joker {self.number}"
        return f"{RANK_NAMES.get(self.rank, self.rank)} of {SUIT_NAMES[self.suit]}"

    def __str__(self) -> str:
        return self.id


def parse(card_id: str) -> Card:
    """'10H' -> Card('10', 'H'); 'JK2' -> the second joker. ValueError for anything else."""
    found = _ID.match(str(card_id).strip().upper())
    if not found:
        raise ValueError(f"not a playing card: {card_id!r} (expected e.g. AS, 10H, QC, JK1)")
    if found.group(3):
        return Card(JOKER, None, int(found.group(3)))
    return Card(found.group(1), found.group(2))


def standard_deck(jokers: int = 0, ranks=RANKS, suits=SUITS, copies: int = 1) -> list[Card]:
    """The cards of a deck in the usual order: suit by suit, ace to king, jokers last.
    (Copies repeat the same card; ids stay the same, so a game that needs distinct ids
    for copies gives them itself.)"""
    cards = [Card(rank, suit) for suit in suits for rank in ranks for _ in range(copies)]
    return cards + [Card(JOKER, None, n) for n in range(1, jokers + 1)]
