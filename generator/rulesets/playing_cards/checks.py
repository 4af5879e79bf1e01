"""The playing-cards check: every card of a playing-card deck is a real playing card.

A component is a playing-card deck when its cards have a `card` column: a component
declared with `standard = { ... }` has one (and is right by construction), and so does a
CSV written by `ppgen design standard-deck`. Each `card` value must be a card id ('AS',
'10H', 'JK1'), and where the CSV also has `rank` or `suit` columns they must agree with it,
so a hand-edited row cannot print one card and play as another.
"""

from __future__ import annotations

import re

from ...errors import Problem, problem
from ...model import Card as Row
from ...model import Component, Game
from .deck import JOKER, RANKS, SUITS, parse

CARD_COLUMN = "card"
COLUMNS_READ = (CARD_COLUMN, "rank", "suit")

_SHAPE = re.compile(r"^(.*?)([A-Z]?)$")  # rank, then one suit letter


def is_playing_card_deck(component: Component) -> bool:
    return CARD_COLUMN in component.columns


def check(game: Game) -> list[Problem]:
    return [found for component in game.components if is_playing_card_deck(component)
            for row in component.cards for found in _check_row(row)]


def _check_row(row: Row) -> list[Problem]:
    value = row.fields.get(CARD_COLUMN, "")
    try:
        card = parse(value)
    except ValueError:
        return [problem(row.path, row.line, f"card '{row.id}': not a playing card: {why_not(value)}")]
    problems = []
    expected = {"rank": card.rank, "suit": card.suit or ""}
    for column, want in expected.items():
        have = row.fields.get(column)
        if have is not None and have.upper() != want:
            problems.append(problem(row.path, row.line, f"card '{row.id}': {column} {have!r} does not match "
                                                        f"card {card.id!r} (its {column} is {want!r})"))
    return problems


def why_not(value: str) -> str:
    """What is wrong with a would-be card id: 'XZ' -> "no rank 'X', no suit 'Z' (...)"."""
    text = value.strip().upper()
    usage = f"ranks are {', '.join(RANKS)}; suits {', '.join(SUITS)}; jokers {JOKER}1, {JOKER}2, ..."
    if not text:
        return f"the card column is empty ({usage})"
    if text.startswith(JOKER):
        return f"{value!r}: a joker is {JOKER} and a number from 1 ({JOKER}1, {JOKER}2, ...)"
    rank, suit = _SHAPE.match(text).groups()
    faults = [f"no rank {rank!r}" if rank else "no rank"] if rank not in RANKS else []
    faults += [f"no suit {suit!r}" if suit else "no suit"] if suit not in SUITS else []
    return f"{value!r}: {', '.join(faults) or 'not a card id'} ({usage})"
