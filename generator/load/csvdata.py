"""Card data: a table (a CSV file here, a workbook's sheet in workbook.py) read into cards,
one per row, each knowing its line. Every fault is a Problem at its line."""

from __future__ import annotations

import csv
import io
import re
from dataclasses import dataclass, replace
from pathlib import Path
from types import MappingProxyType
from typing import Iterable

from .. import limits
from ..errors import Problem, note, problem
from ..files import read_text
from ..model import Card

MAX_ID = 64  # characters
COPIES = "copies"  # the column that prints a card several times
# A header row whose `id` column shows only at ';' or at tabs is read so: ';' is what
# spreadsheets save in much of Europe (where ',' is the decimal point), a tab what they copy.
SEPARATORS = {";": "';'", "\t": "tabs"}
_LINE_END = re.compile(r"\r\n|\r|\n")  # the csv module's line ends, for its line numbers


@dataclass(frozen=True)
class Table:
    """A data file read: its columns, its cards, its faults, what it chose for the designer
    (notes), and where its header row is (a line, or a sheet's row in a workbook)."""
    columns: tuple[str, ...] = ()
    cards: tuple[Card, ...] = ()
    problems: tuple[Problem, ...] = ()
    notes: tuple[Problem, ...] = ()
    header: int = 1


def read_csv(path: Path) -> Table:
    """A CSV file with a header row and an `id` column, separated by commas, or by ';' or
    tabs where only those show the header's `id` column."""
    text, fault = read_text(path)
    if fault:
        return Table(problems=(fault,))
    separator = _separator(_LINE_END.split(text, maxsplit=1)[0])
    notes = (note(path, 1, f"columns separated by {SEPARATORS[separator]} (detected from the header row, "
                           f"where the 'id' column shows)"),) if separator != "," else ()
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=separator, strict=True)  # rows end at \n,
    # \r\n or \r only
    try:
        header = next(reader)
    except StopIteration:
        return Table(problems=(problem(path, 1, "empty file: expected a header row"),))
    except csv.Error as exc:
        return Table(problems=(_csv_fault(path, text, 1, reader.line_num, exc),))
    rows = _NumberedRows(reader)
    table = replace(table_cards(path, header, rows, 1), notes=notes)
    if rows.fault:
        table = replace(table, problems=(*table.problems, _csv_fault(path, text, *rows.fault)))
    return table


def _separator(first_line: str) -> str:
    """',' unless the header row has an `id` column only when split at ';' or at tabs."""
    for separator in (",", *SEPARATORS):
        try:
            header = next(csv.reader([first_line], delimiter=separator))
        except (csv.Error, StopIteration):
            continue
        if "id" in (column.strip() for column in header):
            return separator
    return ","


class _NumberedRows:
    """The rows of a csv reader with the line each starts at; a CSV error ends them, kept as
    fault = (the row's first line, the reader's line, the error)."""

    def __init__(self, reader):
        self.reader, self.fault = reader, None

    def __iter__(self):
        start = self.reader.line_num + 1
        try:
            for row in self.reader:
                yield start, row
                start = self.reader.line_num + 1
        except csv.Error as exc:
            self.fault = (start, self.reader.line_num, exc)


def _csv_fault(path: Path, text: str, start: int, line: int, exc: csv.Error) -> Problem:
    """A CSV error at its line; a quote left open is named at the line where it opens (the
    reader only notices at the end of the file, or at the next quote)."""
    opened = _unclosed_quote(text, start, line)
    if opened is not None:
        return problem(path, opened, "unclosed quote: a '\"' on this line opens a quoted value that never "
                                     "closes (end it with '\"'; write a quote inside a value as '\"\"')")
    return problem(path, line, f"CSV: {exc}")


def _unclosed_quote(text: str, start: int, end: int) -> int | None:
    """The first line of the failing row (lines start to end) that ends inside a quoted
    field, or None: the fault lies elsewhere on a line."""
    quoted = False
    for number, line in enumerate(_LINE_END.split(text)[start - 1:end], start=start):
        quoted ^= line.count('"') % 2 == 1
        if quoted:
            return number
    return None


def table_cards(path: Path, header: list[str], rows: Iterable[tuple[int, list[str]]], header_line: int) -> Table:
    """The cards of a table's rows (line, values) under its header row: the checks a CSV and a
    workbook's sheet share (a header with an id, a value per column, no control characters,
    ids that name files, `copies`, the cap on cards)."""
    header = [h.strip() for h in header]
    seen: set[str] = set()
    for column in header:
        if column in seen or not column:
            return Table(problems=(problem(path, header_line, f"header: column {column!r} is empty or repeated"),),
                         header=header_line)
        seen.add(column)
    if "id" not in header:
        return Table(tuple(header), problems=(problem(path, header_line, "header: an 'id' column is required"),),
                     header=header_line)
    cards: list[Card] = []
    problems: list[Problem] = []
    printed = 0  # cards with their copies: the cap counts what is printed
    values: dict[str, str] = {}  # one copy of a value many rows hold (20,000 cards' alike values: 6 MiB)
    for line, row in rows:
        if not row or all(not v.strip() for v in row):
            continue
        card, fault = _card(path, line, header, [values.setdefault(v.strip(), v.strip()) for v in row])
        if fault:
            problems.append(fault)
            continue
        printed += card.copies
        if printed > limits.MAX_COUNT:  # a layout of more would run for hours
            problems.append(problem(path, line, f"card {card.id}: more than {limits.MAX_COUNT} cards (copies "
                                                f"included): a component holds at most {limits.MAX_COUNT}"))
            break
        cards.append(card)
    return Table(tuple(header), tuple(cards), tuple(problems), header=header_line)


def _card(path: Path, line: int, header: list[str], values: list[str]) -> tuple[Card | None, Problem | None]:
    """One row's card, or the fault that keeps it out."""
    if len(values) != len(header):
        card = f" (card {values[0]})" if values and values[0] else ""
        return None, problem(path, line, f"row has {len(values)} fields, the header has {len(header)}{card}")
    fields = dict(zip(header, values))
    control = next(((k, ch) for k, v in fields.items() for ch in v if ch < " " and ch not in "\t\n\r"), None)
    if control:  # never meant, and it would print as nothing or forge a mark
        return None, problem(path, line, f"control character U+{ord(control[1]):04X} in column '{control[0]}'")
    if not fields["id"] or len(fields["id"]) > MAX_ID:  # an id names the card's image file too
        return None, problem(path, line, f"a card id must be 1 to {MAX_ID} characters, got {len(fields['id'])}")
    copies = _copies(fields.get(COPIES, ""))
    if copies is None:
        return None, problem(path, line, f"card {fields['id']}: {COPIES} must be a positive whole number, got "
                                         f"{fields[COPIES]!r}")
    return Card(fields["id"], MappingProxyType(fields), line, path, copies), None


def _copies(value: str) -> int | None:
    """A `copies` value: a positive whole number ('' is 1, the default); None if it is not one.
    More than the cap reads as the cap plus one, so a long number is refused by the cap."""
    if value == "":
        return 1
    if not value.isascii() or not value.isdigit() or not value.lstrip("0"):
        return None  # a sign, a point, a letter, or zero
    digits = value.lstrip("0")
    return int(digits) if len(digits) <= 9 else limits.MAX_COUNT + 1
