"""Columns of card data that hold numbers. CSV values are text; a component lists the
columns that are numbers (`numbers = ["points"]`), and their values become whole or
decimal numbers, so rules.md can add them up and compare them. Ids stay text always:
'01' is a name, not one.

A number keeps the text it was written as: it computes, compares and sorts as the number,
and prints (on a face, in the gallery, in rules.md) as the designer wrote it: '2.50',
'1e2' and '007', not 2.5, 100.0 and 7. Arithmetic gives plain numbers."""

from __future__ import annotations

from dataclasses import replace
from types import MappingProxyType

from ..errors import Problem, problem
from ..model import Card
from ..units import number

WRITTEN_AS = "ASCII digits with an optional sign, decimal point and exponent, such as 12, -2.5 or 1e3"


class _Written:
    """What both written number types share: they print as their text."""

    text: str

    def __str__(self) -> str:
        return self.text

    def __format__(self, spec: str) -> str:
        return self.text if not spec else super().__format__(spec)  # f"{n:.1f}" formats the number

    def __reduce__(self):  # copies and pickles keep the text (the constructor takes it)
        return (type(self), (self.text,))


class WrittenInt(_Written, int):
    """A whole number as written: WrittenInt('007') == 7, prints '007'."""

    def __new__(cls, text: str) -> "WrittenInt":
        value = super().__new__(cls, text)
        value.text = text
        return value


class WrittenFloat(_Written, float):
    """A decimal number as written: WrittenFloat('2.50') == 2.5, prints '2.50'."""

    def __new__(cls, text: str) -> "WrittenFloat":
        value = super().__new__(cls, text)
        value.text = text
        return value


def as_number(text: str) -> WrittenInt | WrittenFloat | None:
    """'12' -> 12, '2.50' -> 2.5, '1e3' -> 1000.0, each printing as written; None for
    anything else (1_000, Arabic-Indic or full-width digits, nan, inf, a number too large)."""
    if number(text) is None:
        return None
    written = text.strip()
    return WrittenInt(written) if written.lstrip("+-").isdigit() else WrittenFloat(written)


def typed(cards: tuple[Card, ...], columns: list[str]) -> tuple[tuple[Card, ...], list[Problem]]:
    """The cards with the named columns' values as numbers, and a problem per value that is
    not one (at its CSV line, naming the card)."""
    problems: list[Problem] = []
    out = []
    read: dict[str, object] = {}  # one number for the same text in many cards (they are not changed)
    for card in cards:
        fields = dict(card.fields)
        for column in columns:
            text = str(fields.get(column, ""))
            value = read[text] if text in read else read.setdefault(text, as_number(text))
            if value is None:
                problems.append(problem(card.path, card.line, f"card {card.id}: column '{column}' holds "
                                                              f"numbers, got {fields.get(column)!r}: write "
                                                              f"{WRITTEN_AS}"))
            else:
                fields[column] = value
        out.append(replace(card, fields=MappingProxyType(fields)))
    return tuple(out), problems
