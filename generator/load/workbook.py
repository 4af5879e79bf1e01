"""Card data from a spreadsheet workbook (.xlsx, .xlsm, .xlsb, .xls, .ods): one sheet per deck,
`data = "cards.xlsx"` for its first sheet or `data = "cards.xlsx#Heroes"` for the sheet named
Heroes. The sheet's first row that holds anything is its header; each row below is a card,
checked as a CSV's rows are (csvdata.table_cards), each fault at FILE:SHEET!ROW.

calamine (Rust, through python-calamine) reads all five formats. It holds a sheet as one
dense grid, so a hostile file (a zip bomb, a cell at XFD1048576, a sheet of millions of
cells) could take the machine's memory or abort the process: the file is read in a child
process held to READ_SECONDS and READ_MEMORY, its zip members measured before calamine
opens them, and anything it cannot do is an error at the file's path."""

from __future__ import annotations

import datetime
import html
import multiprocessing
import os
import re
import resource
import zipfile
from pathlib import Path

from python_calamine import CalamineWorkbook

from ..errors import did_you_mean, problem
from .csvdata import Table, table_cards

SUFFIXES = (".xlsx", ".xlsm", ".xlsb", ".xls", ".ods")
_SHEET = re.compile("(?:" + "|".join(re.escape(suffix) for suffix in SUFFIXES) + ")#", re.IGNORECASE)
MAX_BYTES = 20 * 1024 * 1024  # the file: a workbook of 25,000 cards is a few megabytes
MAX_UNPACKED = 200 * 1024 * 1024  # its zip members, unpacked (a zip bomb unpacks to gigabytes)
MAX_REPORTED = 20  # formula errors reported of one sheet
MAX_CELLS = 2_000_000  # rows x columns of the sheet read: 25,000 cards of 80 columns
READ_SECONDS = 30
READ_MEMORY = 1024 * 1024 * 1024  # bytes the reading process may add to what it started with


_ERROR_CELL = re.compile(r'<c\b([^>/]*\bt="e"[^>/]*)>(.*?)</c>', re.DOTALL)  # a cell of type "e": an error
_REF = re.compile(r'\br="([A-Z]+)([0-9]+)"')
_VALUE = re.compile(r"<v>([^<]*)</v>")


class SheetRow(int):
    """A row of a workbook's sheet: a number where problems are sorted and compared, shown as
    SHEET!ROW where a problem prints its place (cards.xlsx:Heroes!3)."""

    sheet: str

    def __new__(cls, row: int, sheet: str) -> SheetRow:
        value = super().__new__(cls, row)
        value.sheet = sheet
        return value

    def __str__(self) -> str:
        return f"{self.sheet}!{int(self)}"

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def __eq__(self, other) -> bool:
        return int(self) == other and getattr(other, "sheet", self.sheet) == self.sheet

    def __hash__(self) -> int:
        return hash((int(self), self.sheet))

    def __getnewargs__(self):  # pickled to the build's workers with its sheet
        return int(self), self.sheet


def data_file(value: str) -> tuple[str, str | None]:
    """`data`'s file name and sheet: 'cards.xlsx#Heroes' -> ('cards.xlsx', 'Heroes'), split at
    the first '#' after a workbook's name (a sheet's name may hold '#'); any other '#' is part
    of the file's name."""
    match = _SHEET.search(value)
    return (value[:match.end() - 1], value[match.end():]) if match else (value, None)


def is_workbook(path: Path) -> bool:
    return path.suffix.lower() in SUFFIXES


def read_workbook(path: Path, sheet: str | None) -> Table:
    """The cards of the sheet named (the first when None), or the fault at the file's path."""
    try:
        size = path.stat().st_size
    except OSError as exc:
        return Table(problems=(problem(path, None, f"cannot read: {exc.strerror or exc}"),))
    if size > MAX_BYTES:
        return Table(problems=(problem(path, None, f"larger than {MAX_BYTES // (1024 * 1024)} MB: not a game's "
                                                   f"workbook"),))
    kind, *result = _in_child(path, sheet)
    if kind == "fault":
        return Table(problems=(problem(path, None, result[0]),))
    name, rows, errors = result
    if errors:
        return Table(problems=tuple(problem(path, SheetRow(row, name), f"cell {cell} holds the formula error "
                                            f"{value}: fix the formula (the card would print an empty cell)")
                                    for row, cell, value in errors))
    first = next((n for n, row in enumerate(rows) if any(row)), None)
    if first is None:
        return Table(problems=(problem(path, SheetRow(1, name), "empty sheet: expected a header row"),),
                     header=SheetRow(1, name))
    numbered = ((SheetRow(n + 1, name), row) for n, row in enumerate(rows) if n > first)
    return table_cards(path, rows[first], numbered, SheetRow(first + 1, name))


def _in_child(path: Path, sheet: str | None) -> tuple:
    """("rows", sheet name, rows of text, formula errors) or ("fault", message), read in a child process that
    can neither outlast READ_SECONDS nor grow past READ_MEMORY."""
    context = multiprocessing.get_context("fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn")
    receive, send = context.Pipe(duplex=False)
    child = context.Process(target=_child, args=(path, sheet, send), daemon=True)
    child.start()
    send.close()
    try:
        if receive.poll(READ_SECONDS):
            return receive.recv()
        if child.is_alive():
            return "fault", f"took longer than {READ_SECONDS} s to read: not a game's workbook"
    except EOFError:
        pass  # the child died before it answered: out of memory, or calamine aborted
    finally:
        receive.close()
        child.kill()
        child.join()
    return "fault", (f"cannot be read in {READ_MEMORY // (1024 * 1024)} MB of memory: a sheet of millions of "
                     f"cells, or not a workbook")


def _child(path: Path, sheet: str | None, send) -> None:
    _limit_memory()
    with open(os.devnull, "wb") as nowhere:  # calamine out of memory prints a Rust backtrace as it aborts
        os.dup2(nowhere.fileno(), 2)
    try:
        answer = _read(path, sheet)
    except Exception as exc:  # noqa: BLE001 - calamine's errors have no common type: any is the file's fault
        answer = ("fault", f"cannot be read as a workbook: {_reason(exc)}")
    send.send(answer)
    send.close()


def _limit_memory() -> None:
    """Hold this process to what it has now plus READ_MEMORY (where the OS lets it say so)."""
    try:
        with open("/proc/self/statm", encoding="ascii") as statm:
            now = int(statm.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
        _, hard = resource.getrlimit(resource.RLIMIT_AS)  # never loosened: a limit set from outside holds
        soft = now + READ_MEMORY if hard == resource.RLIM_INFINITY else min(now + READ_MEMORY, hard)
        resource.setrlimit(resource.RLIMIT_AS, (soft, hard))
    except (OSError, ValueError):
        pass  # no /proc: the time limit still holds


def _read(path: Path, sheet: str | None) -> tuple:
    fault = _unpacked_fault(path)
    if fault:
        return "fault", fault
    book = CalamineWorkbook.from_path(str(path))
    names = list(book.sheet_names)
    if not names:
        return "fault", "the workbook has no sheets"
    if sheet is not None and sheet not in names:
        return "fault", f"no sheet '{sheet}'{did_you_mean(sheet, names)}; its sheets: {', '.join(names)}"
    name = names[0] if sheet is None else sheet
    grid = book.get_sheet_by_name(name)
    rows, columns = (grid.end[0] + 1, grid.end[1] + 1) if grid.end else (0, 0)  # from A1, as read below
    if rows * columns > MAX_CELLS:
        return "fault", (f"sheet '{name}' spans {rows:,} rows x {columns:,} columns; a sheet of cards may span at "
                         f"most {MAX_CELLS:,} cells")
    rows = [[_text(value) for value in row] for row in grid.to_python(skip_empty_area=False)]
    return "rows", name, rows, _formula_errors(path, name)


def _formula_errors(path: Path, sheet: str) -> list[tuple[int, str, str]]:
    """(row, cell, error) of each cell of an .xlsx or .xlsm sheet that holds a formula's error
    (#DIV/0!, #REF!...), first MAX_REPORTED: calamine reads them as empty cells, which would
    print a card with a blank where the designer expects a value. (.ods, .xls and .xlsb: not
    looked at; their errors read as empty too.)"""
    if path.suffix.lower() not in (".xlsx", ".xlsm"):
        return []
    try:
        with zipfile.ZipFile(path) as archive:
            member = _sheet_member(archive, sheet)
            xml = archive.read(member).decode("utf-8", "replace") if member else ""
    except (KeyError, zipfile.BadZipFile, OSError):
        return []
    found = []
    for match in _ERROR_CELL.finditer(xml):
        attributes, body = match.group(1), match.group(2)
        ref, value = _REF.search(attributes), _VALUE.search(body)
        if ref and value:
            found.append((int(ref.group(2)), ref.group(1) + ref.group(2), value.group(1)))
            if len(found) == MAX_REPORTED:
                break
    return found


def _sheet_member(archive: zipfile.ZipFile, sheet: str) -> str | None:
    """The zip member of the sheet named, from xl/workbook.xml and its relationships."""
    book = archive.read("xl/workbook.xml").decode("utf-8", "replace")
    rels = archive.read("xl/_rels/workbook.xml.rels").decode("utf-8", "replace")
    for tag in re.findall(r"<(?:\w+:)?sheet\b[^>]*>", book):
        name, rid = re.search(r'\bname="([^"]*)"', tag), re.search(r'\br:id="([^"]*)"', tag)
        if name and rid and html.unescape(name.group(1)) == sheet:
            for rel in re.findall(r"<Relationship\b[^>]*>", rels):
                if f'Id="{rid.group(1)}"' in rel and (target := re.search(r'Target="([^"]*)"', rel)):
                    path = target.group(1)
                    return path.lstrip("/") if path.startswith("/") else "xl/" + path
    return None


def _unpacked_fault(path: Path) -> str | None:
    """An .xlsx, .xlsm, .xlsb or .ods is a zip: unpack it as a stream (never held in memory)
    and refuse one that unpacks past MAX_UNPACKED or lies about its sizes."""
    if not zipfile.is_zipfile(path):
        return None  # an .xls, or not a workbook: calamine says which
    unpacked = 0
    try:
        with zipfile.ZipFile(path) as archive:
            for member in archive.infolist():
                with archive.open(member) as stream:
                    while chunk := stream.read(1024 * 1024):
                        unpacked += len(chunk)
                        if unpacked > MAX_UNPACKED:
                            return (f"unpacks to more than {MAX_UNPACKED // (1024 * 1024)} MB: not a game's "
                                    f"workbook (a zip bomb?)")
    except (zipfile.BadZipFile, zipfile.LargeZipFile, NotImplementedError, OSError, EOFError) as exc:
        return f"cannot be read as a workbook: a damaged zip ({exc})"
    return None


def _reason(exc: Exception) -> str:
    """calamine's message, first line only and short."""
    text = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
    return text[:200]


def _text(value) -> str:
    """A cell as a CSV export writes it: 3 not 3.0, 0.3 not 0.30000000000000004, TRUE, dates
    as 2024-05-01."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if isinstance(value, float):
        return str(int(value)) if value.is_integer() and abs(value) < 1e15 else f"{value:.15g}"
    if isinstance(value, datetime.datetime):
        return value.date().isoformat() if value.time() == datetime.time() else value.isoformat(sep=" ")
    if isinstance(value, (datetime.date, datetime.time)):
        return value.isoformat()
    return str(value)
