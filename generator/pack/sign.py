"""Table signs: a tent card per table, landscape paper folded in half along its long middle.

The lower half faces one side of the table, the upper half, turned upside down, the other:
folded, both read upright. Each face: the table number, the game's name, players and time,
its goal in one line (game.toml `goal`, else its tagline) and, given a URL, a QR code to
the full rules drawn as vector squares (segno makes the matrix). Its own words are looked
up in the table's edition (languages.label: the catalogue of ppgen's own words).
"""

from __future__ import annotations

from pathlib import Path

import segno
from reportlab.lib.utils import simpleSplit

from ..load.languages import label
from ..model import Game
from ..text import fonts, gamefonts
from ..units import MM, paper_size
from ..words import span
from ..parts.handout import fitted_size
from ..parts.pdfdoc import new_canvas
from ..parts.styles import Styles

MARGIN = 14 * MM
QR_SIZE = 45 * MM
NUMBER_HEIGHT = 16 * MM  # the table number over the QR code
QR_QUIET = 2  # modules of white round the code: the sign's own white frames it too


def landscape(paper: str) -> tuple[float, float]:
    w, h = paper_size(paper)
    return max(w, h), min(w, h)


def rules_link(template: str | None, game: Game) -> str | None:
    """--rules-url for this game: '{game}' in it is the game's id, '{edition}' the code of the
    edition its table plays (empty for a game without editions)."""
    return template.replace("{game}", game.id).replace("{edition}", game.edition) if template else None


def write(path: Path, signs: list[tuple[int, Game, int]], paper: str, styles: Styles,
          rules_url: str | None) -> int:
    """A page per (table number, game, players); returns the page count."""
    w, h = landscape(paper)
    canvas = new_canvas(path, (w, h), "ppgen pack: table signs")
    for number, game, players in signs:
        link = rules_link(rules_url, game)
        with fonts.game_roles(gamefonts.rules_roles(game.fonts)):  # in its handout's type (a CJK edition's font)
            _face(canvas, styles, (w, h / 2), number, game, players, link)
            canvas.saveState()
            canvas.translate(w, h)
            canvas.rotate(180)  # the far side of the tent: upright once folded
            _face(canvas, styles, (w, h / 2), number, game, players, link)
            canvas.restoreState()
        _fold_line(canvas, styles, (w, h / 2), game.edition)
        canvas.showPage()
    canvas.save()
    return len(signs)


def _face(canvas, styles: Styles, size: tuple[float, float], number: int, game: Game, players: int,
          link: str | None) -> None:
    """One face of the tent, its bottom edge at y = 0 (the table), its top at the fold."""
    w, h = size
    room = w - 2 * MARGIN - max(QR_SIZE if link else 0, 30 * MM) - 8 * MM  # beside the number and the code
    top = h - MARGIN
    canvas.setFillColor(styles.color("accent"))
    canvas.setFont(fonts.pdf_name("body-bold"), 16)
    words = {key: label(key, game.edition) for key in ("Table", "the full rules")}
    canvas.drawString(MARGIN, top - 14, f"{words['Table']} {number}")
    canvas.setFont(fonts.pdf_name("display"), 44)  # the number players look for across the room
    canvas.drawRightString(w - MARGIN, top - 36, str(number))
    title_size = fitted_size(canvas, game.title, "display", 40, room, floor=16)
    canvas.setFont(fonts.pdf_name("display"), title_size)
    canvas.drawString(MARGIN, top - 18 - title_size, game.title)
    y = top - 30 - title_size
    canvas.setFillColor(styles.color("ink"))
    canvas.setFont(fonts.pdf_name("body"), 16)
    facts = label("{players} players · {minutes} minutes", game.edition, players=players, minutes=span(game.minutes))
    canvas.drawString(MARGIN, y - 14, facts.replace(" · ", "  ·  "))  # a phrase: "Игроков: 4" agrees, "4 игроки" not
    y -= 30
    canvas.setFont(fonts.pdf_name("body-italic"), 14)
    for line in simpleSplit(game.goal or game.tagline, fonts.pdf_name("body-italic"), 14, room)[:2]:
        canvas.drawString(MARGIN, y - 14, line)
        y -= 18
    if link:
        size = min(QR_SIZE, h - 2 * MARGIN - NUMBER_HEIGHT)  # under the number on a small paper's sign
        _qr(canvas, link, w - MARGIN - size, MARGIN + 6, size, styles.color("ink"))
        canvas.setFont(fonts.pdf_name("body"), 8)
        canvas.setFillColor(styles.color("muted"))
        canvas.drawCentredString(w - MARGIN - size / 2, MARGIN - 4, words["the full rules"])


def _qr(canvas, link: str, x: float, y: float, size: float, color: str) -> None:
    """The QR code of link in a size x size square at (x, y): each row's dark runs as rectangles."""
    matrix = segno.make(link, error="m", micro=False).matrix
    count = len(matrix) + 2 * QR_QUIET
    module = size / count
    canvas.saveState()
    canvas.setFillColor(color)
    squares = canvas.beginPath()  # one filled path: no hairline seams between touching squares
    for row, cells in enumerate(matrix):
        top = y + size - (row + QR_QUIET + 1) * module
        column = 0
        while column < len(cells):
            if not cells[column]:
                column += 1
                continue
            start = column
            while column < len(cells) and cells[column]:
                column += 1
            squares.rect(x + (start + QR_QUIET) * module, top, (column - start) * module, module)
    canvas.drawPath(squares, stroke=0, fill=1)
    canvas.restoreState()


def _fold_line(canvas, styles: Styles, at: tuple[float, float], edition: str) -> None:
    w, y = at
    canvas.saveState()
    canvas.setStrokeColor(styles.color("muted"))
    canvas.setLineWidth(0.5)
    canvas.setDash(4, 3)
    canvas.line(MARGIN / 2, y, w - MARGIN / 2, y)
    canvas.setFillColor(styles.color("muted"))
    canvas.setFont(fonts.pdf_name("body-italic"), 7)
    canvas.drawRightString(w - MARGIN / 2, y + 2.5, label("fold", edition))
    canvas.restoreState()
