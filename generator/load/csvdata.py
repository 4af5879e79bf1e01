"""Card data: a CSV file read into cards, one per row, each knowing its line. Every fault is
a Problem at its line."""

from __future__ import annotations

import csv
import io
from pathlib import Path
from types import MappingProxyType

from .. import limits
from ..errors import Problem, problem
from ..files import read_text
from ..model import Card

MAX_ID = 64  # characters
COPIES = "copies"  # the column that prints a card several times


def read_csv(path: Path) -> tuple[tuple[str, ...], tuple[Card, ...], list[Problem]]:
    """(header, cards, problems) of a CSV file with a header row and an `id` column."""
    text, fault = read_text(path)
    if fault:
        return (), (), [fault]
    reader = csv.reader(io.StringIO(text, newline=""), strict=True)  # rows end at \n, \r\n or \r only
    try:
        header = [h.strip() for h in next(reader)]
    except StopIteration:
        return (), (), [problem(path, 1, "empty file: expected a header row")]
    except csv.Error as exc:
        return (), (), [problem(path, 1, f"CSV: {exc}")]
    seen: set[str] = set()
    for column in header:
        if column in seen or not column:
            return (), (), [problem(path, 1, f"header: column {column!r} is empty or repeated")]
        seen.add(column)
    if "id" not in header:
        return tuple(header), (), [problem(path, 1, "header: an 'id' column is required")]
    cards: list[Card] = []
    problems: list[Problem] = []
    printed = 0  # cards with their copies: the cap counts what is printed
    start = reader.line_num + 1
    try:
        for row in reader:
            line = start
            start = reader.line_num + 1
            if not row or all(not v.strip() for v in row):
                continue
            values = [v.strip() for v in row]
            if len(values) != len(header):
                card = f" (card {values[0]})" if values and values[0] else ""
                problems.append(problem(path, line, f"row has {len(values)} fields, the header has "
                                                    f"{len(header)}{card}"))
                continue
            fields = dict(zip(header, values))
            control = next(((k, ch) for k, v in fields.items() for ch in v if ch < " " and ch not in "\t\n\r"), None)
            if control:  # never meant, and it would print as nothing or forge a mark
                problems.append(problem(path, line, f"control character U+{ord(control[1]):04X} in column "
                                                    f"'{control[0]}'"))
                continue
            if not fields["id"] or len(fields["id"]) > MAX_ID:  # an id names the card's image file too
                problems.append(problem(path, line, f"a card id must be 1 to {MAX_ID} characters, got "
                                                    f"{len(fields['id'])}"))
                continue
            copies = _copies(fields.get(COPIES, ""))
            if copies is None:
                problems.append(problem(path, line, f"card {fields['id']}: {COPIES} must be a positive whole "
                                                    f"number, got {fields[COPIES]!r}"))
                continue
            printed += copies
            if printed > limits.MAX_COUNT:  # a layout of more would run for hours
                problems.append(problem(path, line, f"card {fields['id']}: more than {limits.MAX_COUNT} cards "
                                                    f"(copies included): a component holds at most "
                                                    f"{limits.MAX_COUNT}"))
                break
            cards.append(Card(fields["id"], MappingProxyType(fields), line, path, copies))
    except csv.Error as exc:
        problems.append(problem(path, reader.line_num, f"CSV: {exc}"))
    return tuple(header), tuple(cards), problems


def _copies(value: str) -> int | None:
    """A `copies` value: a positive whole number ('' is 1, the default); None if it is not one.
    More than the cap reads as the cap plus one, so a long number is refused by the cap."""
    if value == "":
        return 1
    if not value.isascii() or not value.isdigit() or not value.lstrip("0"):
        return None  # a sign, a point, a letter, or zero
    digits = value.lstrip("0")
    return int(digits) if len(digits) <= 9 else limits.MAX_COUNT + 1
