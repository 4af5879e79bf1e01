"""The standard deck of playing cards as plain data: ranks, suits, card ids and the columns
each card gets. Generic, like the named card sizes in units.py: no game is needed to know it.

A [[components]] table may declare `standard = { jokers = 2 }` instead of a CSV; the loader
reads the declaration with read_spec and makes one card per row of rows(). The
playing-cards rule set builds its Card type on the same ranks and suits and writes the
same rows as a CSV (`ppgen design standard-deck`), so both speak of the same cards.

Card ids are rank then suit letter ('AS', '10H', 'QC'); jokers are 'JK1', 'JK2', ... With
several copies the first copy keeps the plain id and the others add '-2', '-3' ('AS-2');
the `card` column holds the plain id for every copy.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Iterator, Mapping

from .toml_lines import shown

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
COURTS = ("J", "Q", "K")
SUITS = ("S", "H", "D", "C")  # spades, hearts, diamonds, clubs
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
RANK_NAMES = {"A": "ace", "J": "jack", "Q": "queen", "K": "king"}
RED_SUITS = frozenset({"H", "D"})
JOKER = "JK"

MAX_JOKERS = 8
MAX_COPIES = 20
OPTIONS = ("jokers", "ranks", "suits", "copies")
COLUMNS = ("id", "card", "rank", "suit", "suit_name", "rank_name", "color", "name", "value", "copy")

# What a designer may write for a rank or suit, besides the canonical letters.
_RANK_WORDS = {**{name: rank for rank, name in RANK_NAMES.items()}, "1": "A", "T": "10"}
_SUIT_WORDS = {name: suit for suit, name in SUIT_NAMES.items()} | {
    name[:-1]: suit for suit, name in SUIT_NAMES.items()}  # 'spade' too


@dataclass(frozen=True)
class DeckSpec:
    """What a declaration asks for. Ranks and suits are kept in the standard order."""

    jokers: int = 0
    ranks: tuple[str, ...] = RANKS
    suits: tuple[str, ...] = SUITS
    copies: int = 1

    @property
    def size(self) -> int:
        return len(self.ranks) * len(self.suits) * self.copies + self.jokers


def card_name(rank: str, suit: str | None, number: int = 0) -> str:
    """'ace of spades', '10 of hearts', 'joker 1'."""
    if rank == JOKER:
        return f"joker {number}"
    return f"{RANK_NAMES.get(rank, rank)} of {SUIT_NAMES[suit]}"


def card_id(rank: str, suit: str | None, number: int = 0) -> str:
    return f"{JOKER}{number}" if rank == JOKER else f"{rank}{suit}"


def order(spec: DeckSpec) -> Iterator[tuple[str, str | None, int, int]]:
    """(rank, suit, joker number, copy) in the usual order: suit by suit, ace to king, the
    copies of a card side by side, jokers last."""
    for suit in spec.suits:
        for rank in spec.ranks:
            for copy in range(1, spec.copies + 1):
                yield rank, suit, 0, copy
    for number in range(1, spec.jokers + 1):
        yield JOKER, None, number, 1


def rows(spec: DeckSpec) -> list[dict[str, str]]:
    """One dict of COLUMNS per card, in order()."""
    result = []
    for rank, suit, number, copy in order(spec):
        card = card_id(rank, suit, number)
        joker = rank == JOKER
        result.append({
            "id": card if copy == 1 else f"{card}-{copy}",
            "card": card,
            "rank": rank,
            "suit": suit or "",
            "suit_name": SUIT_NAMES.get(suit, ""),
            "rank_name": "joker" if joker else RANK_NAMES.get(rank, rank),
            # the usual pair: a black joker and a coloured one
            "color": ("black" if number % 2 else "red") if joker else ("red" if suit in RED_SUITS else "black"),
            "name": card_name(rank, suit, number),
            "value": "0" if joker else str(RANKS.index(rank) + 1),
            "copy": str(copy),
        })
    return result


Suggest = Callable[[str, Any], str]  # (word, choices) -> " (did you mean 'x'?)" or ""


def read_spec(table: Mapping[str, Any], suggest: Suggest) -> tuple[DeckSpec | None, list[tuple[str, str]]]:
    """A declaration such as {'jokers': 2, 'suits': ['S', 'H']} -> its DeckSpec, or None and
    the faults as (key at fault, message). suggest is the loader's did-you-mean."""
    faults: list[tuple[str, str]] = []
    for key in table:
        if key not in OPTIONS:
            faults.append((key, f"unknown key '{key}'{suggest(key, OPTIONS)}; use {', '.join(OPTIONS)}"))
    jokers = _count(table, "jokers", 0, 0, MAX_JOKERS, faults)
    copies = _count(table, "copies", 1, 1, MAX_COPIES, faults)
    ranks = _members(table, "ranks", RANKS, _RANK_WORDS, "rank", suggest, faults)
    suits = _members(table, "suits", SUITS, _SUIT_WORDS, "suit", suggest, faults)
    if faults:
        return None, faults
    return DeckSpec(jokers, ranks, suits, copies), []


def _count(table, key, default, low, high, faults) -> int:
    value = table.get(key, default)
    if not isinstance(value, int) or isinstance(value, bool):
        faults.append((key, f"'{key}' must be a whole number, got {shown(value)}"))
    elif not low <= value <= high:
        faults.append((key, f"'{key}' must be {low} to {high}, got {value}"))
    else:
        return value
    return default


def _members(table, key, canon, words, noun, suggest, faults) -> tuple[str, ...]:
    """The ranks or suits a list names, in the standard order; letters, numbers and names
    ('Q', 10, 'queen') are all accepted, in any case."""
    if key not in table:
        return canon
    value = table[key]
    if not isinstance(value, list) or not all(isinstance(v, (str, int)) and not isinstance(v, bool) for v in value):
        faults.append((key, f"'{key}' must be a list of {noun}s such as {', '.join(repr(c) for c in canon[:3])}"))
        return canon
    if not value:
        faults.append((key, f"'{key}' is empty: name at least one {noun}"))
        return canon
    found: list[str] = []
    for item in value:
        word = str(item).strip().upper()
        member = word if word in canon else words.get(word.lower()) or words.get(word)
        if member is None:
            hint = suggest(word, canon) or suggest(word.lower(), list(words))
            faults.append((key, f"'{key}': no {noun} {item!r}{hint}; {noun}s are {', '.join(canon)}"))
        elif member in found:
            faults.append((key, f"'{key}': {noun} {member!r} is named twice"))
        else:
            found.append(member)
    return tuple(m for m in canon if m in found)
