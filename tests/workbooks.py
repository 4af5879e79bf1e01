"""Tiny .xlsx and .ods workbooks written by hand (zip + XML), for the tests and the committed
fixtures (python tests/workbooks.py rewrites tests/fixtures/cards.xlsx and cards.ods): no
spreadsheet library needed, and a hostile workbook is as easy to make as a good one.

A sheet is (name, rows); a cell is a str (text), an int or float (a number), a bool, or None."""

from __future__ import annotations

import sys
import zipfile
from pathlib import Path
from xml.sax.saxutils import escape

Sheet = tuple[str, list[list]]
FIXTURES = Path(__file__).resolve().parent / "fixtures"
# Zip entries get a fixed date so that a rewritten fixture has the same bytes.
_DATE = (2026, 1, 1, 0, 0, 0)


def _zip(path: Path, members: list[tuple[str, str | bytes]]) -> None:
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in members:
            info = zipfile.ZipInfo(name, _DATE)
            info.compress_type = zipfile.ZIP_STORED if name == "mimetype" else zipfile.ZIP_DEFLATED
            archive.writestr(info, data)


def _column(index: int) -> str:
    """0 -> A, 25 -> Z, 26 -> AA."""
    name = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        name = chr(65 + rest) + name
    return name


def _xlsx_cell(ref: str, value) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return f'<c r="{ref}" t="b"><v>{int(value)}</v></c>'
    if isinstance(value, (int, float)):
        return f'<c r="{ref}"><v>{value!r}</v></c>'
    return f'<c r="{ref}" t="inlineStr"><is><t xml:space="preserve">{escape(str(value))}</t></is></c>'


def _xlsx_sheet(rows: list[list], start_row: int = 1) -> str:
    body = "".join(f'<row r="{r}">' + "".join(_xlsx_cell(f"{_column(c)}{r}", v) for c, v in enumerate(row))
                   + "</row>" for r, row in enumerate(rows, start=start_row))
    return ('<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/'
            f'spreadsheetml/2006/main"><sheetData>{body}</sheetData></worksheet>')


def xlsx(path: Path, *sheets: Sheet, raw_sheet: str | None = None) -> Path:
    """An .xlsx of the sheets; raw_sheet: the first sheet's XML as given (for hostile ones)."""
    main = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
    rel = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
    types = ('<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/'
             'content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.'
             'relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName='
             '"/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.'
             'main+xml"/>' + "".join(f'<Override PartName="/xl/worksheets/sheet{i}.xml" ContentType="application/'
                                      'vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>'
                                      for i in range(1, len(sheets) + 1)) + "</Types>")
    root_rels = ('<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/'
                 f'package/2006/relationships"><Relationship Id="rId1" Type="{rel}/officeDocument" '
                 'Target="xl/workbook.xml"/></Relationships>')
    book = (f'<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="{main}" xmlns:r="{rel}"><sheets>'
            + "".join(f'<sheet name="{escape(name)}" sheetId="{i}" r:id="rId{i}"/>'
                      for i, (name, _) in enumerate(sheets, start=1)) + "</sheets></workbook>")
    book_rels = ('<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/'
                 'package/2006/relationships">' + "".join(f'<Relationship Id="rId{i}" Type="{rel}/worksheet" '
                                                          f'Target="worksheets/sheet{i}.xml"/>'
                                                          for i in range(1, len(sheets) + 1)) + "</Relationships>")
    members = [("[Content_Types].xml", types), ("_rels/.rels", root_rels), ("xl/workbook.xml", book),
               ("xl/_rels/workbook.xml.rels", book_rels)]
    for i, (_, rows) in enumerate(sheets, start=1):
        members.append((f"xl/worksheets/sheet{i}.xml", raw_sheet if raw_sheet and i == 1 else _xlsx_sheet(rows)))
    _zip(path, members)
    return path


def _ods_cell(value) -> str:
    if value is None:
        return "<table:table-cell/>"
    if isinstance(value, bool):
        return (f'<table:table-cell office:value-type="boolean" office:boolean-value="{str(value).lower()}">'
                f"<text:p>{str(value).upper()}</text:p></table:table-cell>")
    if isinstance(value, (int, float)):
        return (f'<table:table-cell office:value-type="float" office:value="{value!r}"><text:p>{value}</text:p>'
                "</table:table-cell>")
    return f'<table:table-cell office:value-type="string"><text:p>{escape(str(value))}</text:p></table:table-cell>'


def ods(path: Path, *sheets: Sheet) -> Path:
    office = ('xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:table="urn:oasis:names:tc:'
              'opendocument:xmlns:table:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"')
    tables = "".join(f'<table:table table:name="{escape(name)}">'
                     + "".join("<table:table-row>" + "".join(_ods_cell(v) for v in row) + "</table:table-row>"
                               for row in rows) + "</table:table>" for name, rows in sheets)
    content = (f'<?xml version="1.0" encoding="UTF-8"?><office:document-content {office} office:version="1.2">'
               f"<office:body><office:spreadsheet>{tables}</office:spreadsheet></office:body>"
               "</office:document-content>")
    manifest = ('<?xml version="1.0" encoding="UTF-8"?><manifest:manifest xmlns:manifest="urn:oasis:names:tc:'
                'opendocument:xmlns:manifest:1.0" manifest:version="1.2"><manifest:file-entry manifest:full-path='
                '"/" manifest:media-type="application/vnd.oasis.opendocument.spreadsheet"/><manifest:file-entry '
                'manifest:full-path="content.xml" manifest:media-type="text/xml"/></manifest:manifest>')
    _zip(path, [("mimetype", "application/vnd.oasis.opendocument.spreadsheet"),
                ("META-INF/manifest.xml", manifest), ("content.xml", content)])
    return path


# The coin-flip deck (examples/coin-flip/cards.csv) with a number column, as a designer's
# spreadsheet holds it: the fixtures' one sheet and the tests' workbooks.
COINS = [["id", "name", "color", "points"], ["c1", "Heads", "#D4A017", 3], ["c2", "Tails", "#8C8C8C", 2.5],
         ["c3", "Heads", "#D4A017", 1], ["c4", "Tails", "#8C8C8C", 0.1 + 0.2], ["c5", "Edge", "#B22222", 10],
         ["c6", "Lost", "#2F4F4F", 0]]


def write_fixtures(folder: Path = FIXTURES) -> None:
    folder.mkdir(exist_ok=True)
    xlsx(folder / "cards.xlsx", ("Coins", COINS), ("Notes", [["id", "text"], ["n1", "not cards"]]))
    ods(folder / "cards.ods", ("Coins", COINS))


if __name__ == "__main__":
    write_fixtures(Path(sys.argv[1]) if len(sys.argv) > 1 else FIXTURES)
