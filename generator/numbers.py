"""Columns of card data that hold numbers. CSV values are text; a component lists the
columns that are numbers (`numbers = ["points"]`), and their values become whole or
decimal numbers, so rules.md can add them up and compare them. Ids stay text always:
'01' is a name, not one."""

from __future__ import annotations

import math
from dataclasses import replace
from types import MappingProxyType

from .errors import Problem, problem
from .model import Card


def as_number(text: str) -> int | float | None:
    """'12' -> 12, '2.5' -> 2.5, '1e3' -> 1000.0; None for anything else (or not finite)."""
    try:
        return int(text)
    except ValueError:
        pass
    try:
        value = float(text)
    except ValueError:
        return None
    return value if math.isfinite(value) else None


def typed(cards: tuple[Card, ...], columns: list[str]) -> tuple[tuple[Card, ...], list[Problem]]:
    """The cards with the named columns' values as numbers, and a problem per value that is
    not one (at its CSV line, naming the card)."""
    problems: list[Problem] = []
    out = []
    for card in cards:
        fields = dict(card.fields)
        for column in columns:
            value = as_number(str(fields.get(column, "")).strip())
            if value is None:
                problems.append(problem(card.path, card.line, f"card {card.id}: column '{column}' holds "
                                                              f"numbers, got {fields.get(column)!r}"))
            else:
                fields[column] = value
        out.append(replace(card, fields=MappingProxyType(fields)))
    return tuple(out), problems
