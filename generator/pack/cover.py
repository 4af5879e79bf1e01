"""The pack's first page: the print list. Which file to print how, and in it every sheet in
print order: the game, what it is, for which tables, its pages and how many copies; in the
organiser's language (`code`, a catalogue's language: its words from templates/words.toml)."""

from __future__ import annotations

from pathlib import Path

from ..text import fit, fonts
from ..text.catalogue import declared, number, word
from ..units import MM, paper_size
from ..parts.handout import fitted_size
from ..parts.pdfdoc import new_canvas
from ..parts.styles import Styles
from .sheets import BY_WAY, WAYS, Sheet, tables_shown

COLUMNS = (("Game", 0.0), ("Sheet", 0.27), ("Tables", 0.66), ("Pages", 0.76), ("Copies", 0.84),
           ("Sheets", 0.92))  # heading, left edge as a share of the text width
ROW = 13.0  # points per row of the list
SIZE = 9.0
MIN_SIZE = 7.0  # a cell too long for its column (a long title, a translation) shrinks to this, then is cut short
MIN_WIDTH = 560.0  # points of page width the list is drawn for (Letter is 612, A4 595)
MOST_SUMMARY_LINES = 6  # the night in words; the list below names every table anyway


def rows(sheets: list[Sheet], code: str = "") -> list[tuple[str, ...]]:
    """The list's rows, one per sheet, as printed (tests read them back from the PDF)."""
    return [(sheet.game or word("the night", code), sheet.said(code), tables_shown(sheet.tables, code),
             number(sheet.pages, code), number(sheet.copies, code), number(sheet.sheets, code)) for sheet in sheets]


def write(path: Path, sheets: list[Sheet], paper: str, styles: Styles, night: str, code: str = "") -> int:
    """The print list on as many pages as it takes, its words in the language of `code`;
    returns the page count."""
    real_w, real_h = paper_size(paper)
    scale = min(1.0, real_w / MIN_WIDTH)  # a narrow paper (A5) gets the list drawn smaller, not cut short
    w, h = real_w / scale, real_h / scale
    margin = 15 * MM
    canvas = new_canvas(path, (real_w, real_h), "ppgen pack: print list", language=declared(code))
    canvas.scale(scale, scale)
    y = _head(canvas, styles, sheets, (w, h), margin, night, code)
    pages = 1
    for way in WAYS:
        chosen = [sheet for sheet in sheets if sheet.way == way.name]
        if not chosen:
            continue
        if y - 3 * ROW < margin:
            _next_page(canvas, scale)
            pages, y = pages + 1, h - margin
        y = _way_heading(canvas, styles, way.name, margin, y, w - 2 * margin, code)
        for row in rows(chosen, code):
            if y - ROW < margin:
                _next_page(canvas, scale)
                pages, y = pages + 1, h - margin
                y = _way_heading(canvas, styles, way.name, margin, y, w - 2 * margin, code)
            _row(canvas, row, margin, y, w - 2 * margin, "body", styles.color("ink"))
            y -= ROW
        y -= ROW / 2
    canvas.showPage()
    canvas.save()
    return pages


def _next_page(canvas, scale: float) -> None:
    canvas.showPage()
    canvas.scale(scale, scale)  # showPage resets the page's transformation


def _head(canvas, styles: Styles, sheets: list[Sheet], page, margin: float, night: str, code: str) -> float:
    """Title, the night in one line, and the one rule that matters; returns the y below them."""
    w, h = page
    y = h - margin - 18
    canvas.setFillColor(styles.color("accent"))
    canvas.setFont(fonts.pdf_name("display"), 20)
    canvas.drawString(margin, y, word("Print list", code))
    canvas.setFillColor(styles.color("ink"))
    canvas.setFont(fonts.pdf_name("body"), 10)
    for line in _lines(night, "body", 10, w - 2 * margin)[:MOST_SUMMARY_LINES]:
        y -= 13
        canvas.drawString(margin, y, line)
    y -= 19
    canvas.setFont(fonts.pdf_name("body-bold"), 11)
    total = number(sum(sheet.sheets for sheet in sheets), code)
    rule = word("Print at 100 % (actual size, not 'fit to page'): {count} sheets of paper in all.", code, count=total)
    for i, line in enumerate(_lines(rule, "body-bold", 11, w - 2 * margin)):
        y -= 14 if i else 0  # a translation longer than the page is wide wraps
        canvas.drawString(margin, y, line)
    return y - 2 * ROW


def _lines(text: str, role: str, size: float, width: float) -> list[str]:
    """text wrapped to width, measured in the fonts it prints in (a Greek word in the fallback's)."""
    return fit.wrap(text, role, size, width) or [text]


def _way_heading(canvas, styles: Styles, way: str, x: float, y: float, width: float, code: str) -> float:
    file = BY_WAY[way]
    canvas.setFillColor(styles.color("accent"))
    canvas.setFont(fonts.pdf_name("body-bold"), 11)
    canvas.drawString(x, y, f"{file.file}: {word(file.how, code)}")
    y -= ROW
    canvas.setFillColor(styles.color("accent_soft"))
    canvas.rect(x, y - 3, width, ROW, stroke=0, fill=1)
    heads = tuple(word(name, code) for name, _ in COLUMNS)
    _row(canvas, heads, x, y, width, "body-bold", styles.color("accent"))
    return y - ROW


def _row(canvas, cells: tuple[str, ...], x: float, y: float, width: float, role: str, color: str) -> None:
    font = fonts.pdf_name(role)
    canvas.setFillColor(color)
    canvas.setFont(font, SIZE)
    for i, (cell, (_, left)) in enumerate(zip(cells, COLUMNS)):
        right = COLUMNS[i + 1][1] if i + 1 < len(COLUMNS) else 1.0
        room = (right - left) * width - 4
        size = fitted_size(canvas, cell, role, SIZE, room, MIN_SIZE)
        if size != SIZE:  # only then: a row that fits draws as it always has
            canvas.setFont(font, size)
        canvas.drawString(x + left * width + 2, y, _clipped(canvas, cell, font, room, size))
        if size != SIZE:
            canvas.setFont(font, SIZE)


def _clipped(canvas, text: str, font: str, room: float, size: float) -> str:
    """text, cut short with '…' where it would run into the next column."""
    if canvas.stringWidth(text, font, size) <= room:
        return text
    while text and canvas.stringWidth(text + "…", font, size) > room:
        text = text[:-1]
    return text + "…"

