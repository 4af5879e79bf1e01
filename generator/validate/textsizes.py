"""The preflight of text sizes off the cards: the booklet, the handout and the aid cards,
drawn as the build draws them onto a canvas that writes nothing and notes the size of each
piece of text it sets (times the page's transform). The booklet and handout need 7 pt, the
aid cards, being cards, 6 pt. Text in a picture of a card (drawn smaller than life in a
figure) is the card's own, measured on the card."""

from __future__ import annotations

import io
import math

from reportlab.pdfgen.textobject import PDFTextObject

from ..errors import Problem, warning
from ..faces import pdf as face_pdf
from ..parts import aidcards, module
from ..parts.pdfdoc import Canvas
from ..parts.styles import load
from ..text import fonts, gamefonts
from .inkzone import MIN_CARD_TEXT

MIN_PAGE_TEXT = 7.0  # pt: the booklet, handout and sheets
LIFE_SIZE = 0.99  # a transform scaling text below this draws a picture of something printed elsewhere


class _Noted(PDFTextObject):
    def _formatText(self, text):
        if text.strip():
            self._canvas.note(self._fontsize, text)
        return super()._formatText(text)


class SizeCanvas(Canvas):
    """A canvas that keeps, per page, the smallest life-size text set on it."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.smallest: dict[int, tuple[float, str]] = {}  # page number -> (size, text)

    def beginText(self, x=0, y=0, direction=None):
        return _Noted(self, x, y, direction=direction)

    def note(self, size: float, text: str) -> None:
        a, b, c, d = self._currentMatrix[:4]
        scale = math.sqrt(abs(a * d - b * c))
        if scale < LIFE_SIZE:
            return
        page = self.getPageNumber()
        if page not in self.smallest or size * scale < self.smallest[page][0]:
            self.smallest[page] = (size * scale, text)


def check(game, rules, booklet, handouts, card_size) -> tuple[list[Problem], dict[str, SizeCanvas]]:
    """Warnings for a page of the booklet or handout, or an aid card, with text below its
    floor; and the booklet and handouts drawn, by file name: the very canvases the build would
    draw (booklet.draw_booklet, Handout.drawn), not saved yet, for the build to save instead
    of drawing them again (plan.drawn)."""
    problems, drawn = [], {}
    with fonts.game_roles(gamefonts.rules_roles(game.fonts)):
        if booklet is not None:
            booklets = module("booklet")  # loaded only for a game with rules (parts.module)
            canvas = booklets.draw_booklet(io.BytesIO(), booklet.book, booklet.pages, SizeCanvas)
            drawn[booklets.BOOKLET] = canvas
            problems += _said(game, canvas, MIN_PAGE_TEXT, "the rules booklet, page")
        for paper, (sheet, fit) in sorted(handouts.items()):
            canvas = drawn[module("handout").file_name(paper)] = sheet.drawn(io.BytesIO(), fit, SizeCanvas)
            problems += _said(game, canvas, MIN_PAGE_TEXT, f"the {paper} handout, side")
        if rules is not None and rules.aids and card_size:
            problems += _aid_cards(game, rules, card_size)
    return problems, drawn


def _aid_cards(game, rules, size: float) -> list[Problem]:
    styles = load()
    canvas = SizeCanvas(io.BytesIO(), pagesize=(aidcards.CARD.width + 2 * aidcards.BLEED,
                                                aidcards.CARD.height + 2 * aidcards.BLEED), invariant=1)
    for aid in rules.aids:
        face_pdf.draw(canvas, aidcards.card_front(game, aid, styles, size), 0, 0)
        canvas.showPage()
    return _said(game, canvas, MIN_CARD_TEXT, "the player aid card", [aid.title for aid in rules.aids])


def _said(game, canvas: SizeCanvas, floor: float, where: str, names: list[str] | None = None) -> list[Problem]:
    found = []
    for page, (size, text) in sorted(canvas.smallest.items()):
        if size < floor - 0.01:
            shown = text.strip() if len(text.strip()) <= 30 else text.strip()[:30] + "…"
            place = f"{where} '{names[page - 1]}'" if names else f"{where} {page}"
            found.append(warning(game.rules or game.manifest, None,
                                 f"{place}: text at {size:.2f} pt ('{shown}'), below the {floor:g} pt print "
                                 f"needs to be read"))
    return found
