"""The night's results sheet: a block per table (its number, game and players), a row per
seat with a column per round and a total, and a line for the winner. The games' own score
pads (aids.py) keep the score within a game; this keeps the night's. Its words are the
organiser's language (`code`); the games' titles are their tables' editions'."""

from __future__ import annotations

from pathlib import Path

from ..model import Game
from ..text import fonts
from ..text.catalogue import declared, number, word
from ..units import MM, paper_size
from ..parts.pdfdoc import new_canvas
from ..parts.styles import Styles

MARGIN = 14 * MM
ROW = 16.0  # points per seat: room to write a name
GAP = 6 * MM  # between tables' blocks


def write(path: Path, seats: list[tuple[int, Game, int]], paper: str, styles: Styles, rounds: int,
          code: str = "") -> int:
    """Blocks for (table number, game, players), as many to a page as fit, in the language of
    `code`; returns the pages."""
    w, h = paper_size(paper)
    canvas = new_canvas(path, (w, h), "ppgen pack: results", language=declared(code))
    pages = 1
    y = _title(canvas, styles, w, h, code)
    for table, game, players in seats:
        height = (players + 3) * ROW
        if y - height < MARGIN:
            canvas.showPage()
            pages += 1
            y = _title(canvas, styles, w, h, code)
        _block(canvas, styles, (MARGIN, y, w - 2 * MARGIN), (table, game, players), rounds, code)
        y -= height + GAP
    canvas.showPage()
    canvas.save()
    return pages


def _title(canvas, styles: Styles, w: float, h: float, code: str) -> float:
    """The title, and the event's and date's blanks beside it (under it where a translation
    leaves no room beside it); returns the y below them."""
    top = h - MARGIN
    title = word("Results", code)
    canvas.setFillColor(styles.color("accent"))
    canvas.setFont(fonts.pdf_name("display"), 20)
    canvas.drawString(MARGIN, top - 18, title)
    beside = w - 2 * MARGIN - canvas.stringWidth(title, fonts.pdf_name("display"), 20) - 6 * MM
    canvas.setFillColor(styles.color("ink"))
    canvas.setFont(fonts.pdf_name("body"), 10)
    blanks = f"{word('Event:', code)} ______________________   {word('Date:', code)} ____________"
    if canvas.stringWidth(blanks, fonts.pdf_name("body"), 10) <= beside:
        canvas.drawRightString(w - MARGIN, top - 16, blanks)
        return top - 36
    canvas.drawRightString(w - MARGIN, top - 34, blanks)
    return top - 54


def _block(canvas, styles: Styles, box: tuple[float, float, float], seat: tuple[int, Game, int], rounds: int,
           code: str) -> None:
    """One table: heading, column heads, a row per seat, the winner's line."""
    x, top, width = box
    table, game, players = seat
    name_w = width * 0.34
    col_w = (width - name_w) / (rounds + 1)
    canvas.setFillColor(styles.color("accent"))
    canvas.setFont(fonts.pdf_name("body-bold"), 11)
    seated = word("{count} players", code, count=number(players, code))
    canvas.drawString(x, top - 12, f"{word('Table', code)} {number(table, code)}  ·  {game.title}  ·  {seated}")
    y = top - ROW - 4
    canvas.setFillColor(styles.color("accent_soft"))
    canvas.rect(x, y - ROW, width, ROW, stroke=0, fill=1)
    canvas.setFillColor(styles.color("accent"))
    canvas.setFont(fonts.pdf_name("body-bold"), 9)
    canvas.drawString(x + 4, y - ROW + 5, word("Player", code))
    heads = [word("Round {number}", code, number=number(n, code)) for n in range(1, rounds + 1)] + [word("Total", code)]
    for i, head in enumerate(heads):
        canvas.drawCentredString(x + name_w + (i + 0.5) * col_w, y - ROW + 5, head)
    canvas.setStrokeColor(styles.color("line"))
    canvas.setLineWidth(0.6)
    bottom = y - ROW * (players + 1)
    for row in range(players + 2):
        canvas.line(x, y - row * ROW, x + width, y - row * ROW)
    for left in (x, *(x + name_w + i * col_w for i in range(rounds + 2))):
        canvas.line(left, y, left, bottom)
    canvas.setFillColor(styles.color("ink"))
    canvas.setFont(fonts.pdf_name("body"), 9)
    canvas.drawString(x, bottom - 12, f"{word('Winner:', code)} ______________________________")
