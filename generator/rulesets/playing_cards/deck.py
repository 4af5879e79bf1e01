"""The standard deck's cards as values: Card, parse and standard_deck.

A card id is rank then suit letter ('AS', '10H', 'QC'); jokers are 'JK1', 'JK2', ...
Every playing-card game's engine works on these Card values, so a game's rules, its
examples and its printed cards all speak of the same cards. The plain data (ranks, suits,
names, the order of a deck) lives in generator/standard_deck.py, where the loader reads
it too for `standard = { ... }` components; it is re-exported here for the rule set.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ...standard_deck import COURTS, JOKER, RANK_NAMES, RANKS, RED_SUITS, SUIT_NAMES, SUITS, DeckSpec, card_id, card_name, order

__all__ = ["COURTS", "JOKER", "RANK_NAMES", "RANKS", "RED_SUITS", "SUIT_NAMES", "SUITS",
           "Card", "parse", "standard_deck"]

_ID = re.compile(r"^(A|[2-9]|10|J|Q|K)([SHDC])$|^JK([1-9][0-9]*)$")


@dataclass(frozen=True)
class Card:
    """One playing card. A joker has rank 'JK', no suit and its number (1, 2, ...)."""

    rank: str
    suit: str | None = None
    number: int = 0  # jokers only

    @property
    def id(self) -> str:
        return card_id(self.rank, self.suit, self.number)

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
        return card_name(self.rank, self.suit, self.number)

    def __str__(self) -> str:
        return self.id


def parse(text: str) -> Card:
    """'10H' -> Card('10', 'H'); 'JK2' -> the second joker. ValueError for anything else."""
    found = _ID.match(str(text).strip().upper())
    if not found:
        raise ValueError(f"not a playing card: {text!r} (expected e.g. AS, 10H, QC, JK1)")
    if found.group(3):
        return Card(JOKER, None, int(found.group(3)))
    return Card(found.group(1), found.group(2))


def standard_deck(jokers: int = 0, ranks=RANKS, suits=SUITS, copies: int = 1) -> list[Card]:
    """The cards of a deck in the usual order: suit by suit, ace to king, jokers last.
    (Copies repeat the same Card value; a component's rows tell them apart by id, 'AS-2'.)"""
    spec = DeckSpec(jokers, tuple(ranks), tuple(suits), copies)
    return [Card(rank, suit, number) for rank, suit, number, _ in order(spec)]
