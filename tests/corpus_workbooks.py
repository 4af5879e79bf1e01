"""Hostile-input corpus (issues 21 and 25): card data where designers keep it. CSVs saved
with ';' or tabs, quotes left open; .xlsx and .ods workbooks, good, wrong (a missing sheet, a
bad cell, no id column) and hostile (not a workbook, a zip bomb, a cell at XFD1048576,
repeated cells by the billion, a file too large), each reported at FILE:SHEET!ROW or at the
file's path."""

from __future__ import annotations

import zipfile
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from corpus_kit import Case, both, copies, edit, write
from workbooks import ods, xlsx

DATA = 'data = "cards.csv"'
COINS = [["id", "name", "color"], ["c1", "Heads", "#D4A017"], ["c2", "Tails", "#8C8C8C"],
         ["c3", "Heads", "#D4A017"], ["c4", "Tails", "#8C8C8C"], ["c5", "Edge", "#B22222"],
         ["c6", "Lost", "#2F4F4F"]]
NOTES = ["id", "text"], ["n1", "not cards"]
WORKSHEET = '<?xml version="1.0"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'


@dataclass(frozen=True)
class SheetCase(Case):
    """A case reported at FILE:SHEET!ROW (line = 'Coins!3'), or at FILE (line None)."""

    def expected_where(self, game: Path) -> str:
        where = f"{game.name}/{self.file}" + (f":{self.line}" if self.line else "")
        return f"{where}: {self.level}: "


def csv_text(text: str) -> Callable[[Path], None]:
    return write("cards.csv", text)


def semicolons(separator: str) -> Callable[[Path], None]:
    """cards.csv as a spreadsheet saves it in much of Europe: ';' (or tabs) between columns."""
    def make(game: Path) -> None:
        text = (game / "cards.csv").read_text(encoding="utf-8")
        (game / "cards.csv").write_text(text.replace(",", separator), encoding="utf-8")
    return make


def book(name: str, *sheets, sheet: str | None = None, raw_sheet: str | None = None) -> Callable[[Path], None]:
    """The deck's data in a workbook NAME (.xlsx or .ods) of the sheets, game.toml reading it
    (NAME#SHEET when a sheet is named)."""
    def make(game: Path) -> None:
        path = game / name
        if name.endswith(".ods"):
            ods(path, *sheets)
        else:
            xlsx(path, *sheets, raw_sheet=raw_sheet)
        edit("game.toml", DATA, f'data = "{name}{"#" + sheet if sheet else ""}"')(game)
    return make


def coins(**changes: str) -> list[list]:
    """The coin deck's rows with some cells changed: coins(c2_color="#8C8C8Z")."""
    rows = [list(row) for row in COINS]
    for key, value in changes.items():
        card, column = key.split("_", 1)
        row = next(r for r in rows if r[0] == card)
        row[COINS[0].index(column)] = value
    return rows


def zip_bomb(game: Path) -> None:
    """An .xlsx whose sheet unpacks to 300 MB (of spaces: a few hundred kilobytes packed)."""
    xlsx(game / "cards.xlsx", ("Coins", []), raw_sheet=WORKSHEET + "<sheetData>" + " " * (300 << 20)
         + "</sheetData></worksheet>")
    edit("game.toml", DATA, 'data = "cards.xlsx"')(game)


def repeated_cells(game: Path) -> None:
    """An .ods whose one row repeats a million times, of 16,000 cells each: 16 billion cells in a
    kilobyte."""
    ods(game / "cards.ods", ("Coins", [["id", "name"], ["BOMB", "x"]]))
    with zipfile.ZipFile(game / "cards.ods") as packed:
        members = {name: packed.read(name) for name in packed.namelist()}
    members["content.xml"] = members["content.xml"].replace(
        b'<table:table-row><table:table-cell office:value-type="string"><text:p>BOMB',
        b'<table:table-row table:number-rows-repeated="1000000"><table:table-cell '
        b'table:number-columns-repeated="16000" office:value-type="string"><text:p>BOMB')
    with zipfile.ZipFile(game / "cards.ods", "w") as packed:
        for name, data in members.items():
            packed.writestr(name, data)
    edit("game.toml", DATA, 'data = "cards.ods"')(game)


FAR_CELL = (WORKSHEET + '<sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>id</t></is></c></row>'
            '<row r="1048576"><c r="XFD1048576"><v>1</v></c></row></sheetData></worksheet>')

def _with_error(rows: list[list], ref: str, error: str) -> str:
    """A sheet's XML of the rows, the cell ref holding a formula whose value is an error."""
    cells = []
    for r, row in enumerate(rows, start=1):
        line = "".join(f'<c r="{c}{r}" t="inlineStr"><is><t>{v}</t></is></c>' if f"{c}{r}" != ref
                       else f'<c r="{ref}" s="0" t="e"><f>1/0</f><v>{error}</v></c>' for c, v in zip("ABC", row))
        cells.append(f'<row r="{r}">{line}</row>')
    return WORKSHEET + "<sheetData>" + "".join(cells) + "</sheetData></worksheet>"


CASES: tuple[Case, ...] = (
    # CSV as spreadsheets save it: ';' or tabs, read right and said in a note
    Case("csv-semicolons", semicolons(";"), "cards.csv", "columns separated by ';'", 1, "note"),
    Case("csv-tabs", semicolons("\t"), "cards.csv", "columns separated by tabs", 1, "note"),
    Case("csv-semicolons-short-row", both(semicolons(";"), edit("cards.csv", "c4;Tails;#8C8C8C", "c4;Tails")),
         "cards.csv", "row has 2 fields, the header has 3 (card c4)", "c4;"),
    Case("csv-semicolons-copies-zero", both(copies(c3="0"), semicolons(";")), "cards.csv",
         "card c3: copies must be a positive whole number, got '0'", "c3;"),
    # a quote left open: named where it opens, whatever the reader stumbles on later
    Case("csv-unclosed-quote-to-the-end", edit("cards.csv", "c2,Tails", 'c2,"Tails'), "cards.csv",
         "unclosed quote", "c2,"),
    Case("csv-unclosed-quote-to-a-later-quote", both(edit("cards.csv", "c2,Tails", 'c2,"Tails'),
                                                     edit("cards.csv", "c5,Edge", 'c5,"Edge"d')),
         "cards.csv", "unclosed quote", "c2,"),
    Case("csv-unclosed-quote-in-header", edit("cards.csv", "id,name", 'id,"name'), "cards.csv",
         "unclosed quote", 1),
    Case("csv-stray-quote-after-quoted", edit("cards.csv", "c5,Edge", 'c5,"Ed"ge'), "cards.csv",
         "CSV: ',' expected after '\"'", "c5,"),
    # workbooks: a sheet per deck
    Case("xlsx-deck", book("cards.xlsx", ("Coins", COINS)), "cards.xlsx", "", None, "ok"),
    Case("ods-deck", book("cards.ods", ("Coins", COINS)), "cards.ods", "", None, "ok"),
    Case("xlsx-named-sheet", book("cards.xlsx", ("Notes", NOTES), ("Coins", COINS), sheet="Coins"),
         "cards.xlsx", "", None, "ok"),
    Case("ods-sheet-name-with-hash", book("cards.ods", ("Notes", NOTES), ("Coins #1", COINS), sheet="Coins #1"),
         "cards.ods", "", None, "ok"),
    SheetCase("xlsx-unknown-sheet", book("cards.xlsx", ("Notes", NOTES), ("Coins", COINS), sheet="Coin"),
              "cards.xlsx", "no sheet 'Coin' (did you mean 'Coins'?); its sheets: Notes, Coins"),
    SheetCase("xlsx-bad-colour", book("cards.xlsx", ("Coins", coins(c2_color="#8C8C8Z"))), "cards.xlsx",
              "must be a colour", "Coins!3"),
    SheetCase("ods-bad-colour", book("cards.ods", ("Coins", coins(c5_color="red-ish"))), "cards.ods",
              "must be a colour", "Coins!6"),
    SheetCase("xlsx-no-id", book("cards.xlsx", ("Coins", [["name", "color"], ["Heads", "#D4A017"]])),
              "cards.xlsx", "an 'id' column is required", "Coins!1"),
    SheetCase("xlsx-header-lower-down", book("cards.xlsx", ("Coins", [[None], [None]] + coins(c3_id=""))),
              "cards.xlsx", "a card id must be 1 to 64 characters", "Coins!6"),
    SheetCase("ods-unread-column", book("cards.ods", ("Coins", [row + ["x"] for row in COINS])), "cards.ods",
              "column 'x' is read by nothing", "Coins!1", "warning"),
    SheetCase("xlsx-copies-fraction", book("cards.xlsx", ("Coins", [row + [c] for row, c in
                                                                     zip(COINS, ["copies", 1, 1, 2.5, 1, 1, 1])])),
              "cards.xlsx", "card c3: copies must be a positive whole number, got '2.5'", "Coins!4"),
    # a formula's error reads as an empty cell: said at its cell, in the sheet the deck reads only
    SheetCase("xlsx-formula-error", book("cards.xlsx", ("Coins", COINS), raw_sheet=_with_error(COINS, "C3", "#DIV/0!")),
              "cards.xlsx", "cell C3 holds the formula error #DIV/0!", "Coins!3"),
    Case("xlsx-formula-error-in-another-sheet", book("cards.xlsx", ("Notes", NOTES), ("Coins", COINS), sheet="Coins",
                                                     raw_sheet=_with_error(NOTES, "B2", "#REF!")),
         "cards.xlsx", "", None, "ok"),
    SheetCase("xlsx-empty-sheet", book("cards.xlsx", ("Coins", [])), "cards.xlsx", "empty sheet", "Coins!1"),
    SheetCase("xlsx-header-only", book("cards.xlsx", ("Coins", COINS[:1])), "cards.xlsx", "no cards", "Coins!1"),
    # hostile workbooks: errors at their path, in bounded time and memory
    SheetCase("xlsx-not-a-workbook", both(write("cards.xlsx", "id,name,color\nc1,Heads,#D4A017\n"),
                                          edit("game.toml", DATA, 'data = "cards.xlsx"')),
              "cards.xlsx", "cannot be read as a workbook"),
    SheetCase("ods-empty-file", both(write("cards.ods", b""), edit("game.toml", DATA, 'data = "cards.ods"')),
              "cards.ods", "cannot be read as a workbook"),
    SheetCase("xlsx-zip-bomb", zip_bomb, "cards.xlsx", "unpacks to more than 200 MB"),
    SheetCase("xlsx-far-cell", book("cards.xlsx", ("Coins", []), raw_sheet=FAR_CELL), "cards.xlsx",
              "cannot be read in 1024 MB of memory"),
    SheetCase("ods-repeated-cells", repeated_cells, "cards.ods", "cannot be read as a workbook"),
    SheetCase("xlsx-too-large", both(write("cards.xlsx", bytes(21 << 20)), edit("game.toml", DATA,
                                                                                 'data = "cards.xlsx"')),
              "cards.xlsx", "larger than 20 MB"),
)
