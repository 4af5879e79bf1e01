"""A contents page for a booklet with pages to spare.

A saddle-stitched booklet has a multiple of 4 pages; what the rules leave over was filled
with ruled notes pages. One such page is useful (scores, house rules); two or three are
filler an editor would not print. Then the page after the title lists the chapters (and
their sections, where the page holds them) with their page numbers, and one notes page
fewer is needed. The page is a mark in the story (ContentsMark), like the notes pages: laid
out as a page of its own, filled once the layout knows where every heading landed.
"""

from __future__ import annotations

from reportlab.lib.enums import TA_RIGHT
from reportlab.platypus import Flowable, Paragraph

from ..text.catalogue import word
from .markup import plain_markup
from .styles import Styles

MIN_ENTRIES = 3  # fewer chapters than this need no contents page
NUMBER_COLUMN = 30.0  # pt: the page numbers' column, right-aligned


class ContentsMark(Flowable):
    """The contents page: its title, then one line per heading, its page number at the right."""

    def __init__(self, styles: Styles, width: float, height: float, edition: str = ""):
        super().__init__()
        self.styles, self.edition = styles, edition  # its title in the edition's language
        self.room = (width, height)
        self.lines: list[tuple[Paragraph, Paragraph, float]] = []  # text, page number, height

    def wrap(self, availWidth, availHeight):
        return 0, 0  # a page of its own: drawn down from the frame's top, under no other flowable

    def fill(self, headings: list[tuple[int, str, int]]) -> bool:
        """Lines for headings ((level, text, page)): the sections too where the page holds
        them, else the chapters, as many as fit. False when too few chapters to list."""
        chapters = [h for h in headings if h[0] == 1]
        if len(chapters) < MIN_ENTRIES:
            return False
        width, height = self.room
        room = height - self._title()[1]
        for chosen in ([h for h in headings if h[0] <= 2], chapters):
            lines = [self._line(level, text, page, width) for level, text, page in chosen]
            if sum(h for _, _, h in lines) <= room:
                break
        while lines and sum(h for _, _, h in lines) > room:
            lines.pop()
        self.lines = lines
        return True

    def _title(self) -> tuple[Paragraph, float]:
        style = self.styles.paragraph("contents-title", self.styles.text("h1"))
        said = word(self.styles.value("booklet", "contents_title"), self.edition)
        title = Paragraph(plain_markup(said, style), style)
        return title, title.wrap(self.room[0], self.room[1])[1] + style.spaceAfter

    def _line(self, level: int, text: str, page: int, width: float) -> tuple[Paragraph, Paragraph, float]:
        body = self.styles.text("body")
        style = self.styles.paragraph(f"contents-{level}", body, leftIndent=0 if level == 1 else body.size * 1.5,
                                      spaceBefore=body.size * 0.6 if level == 1 else 0, spaceAfter=0)
        number_style = self.styles.paragraph("contents-number", body, alignment=TA_RIGHT, spaceBefore=0,
                                             spaceAfter=0)
        bold = (lambda s: f"<b>{s}</b>") if level == 1 else (lambda s: s)
        entry = Paragraph(bold(plain_markup(text, style)), style)
        number = Paragraph(bold(str(page)), number_style)
        h = entry.wrap(width - NUMBER_COLUMN, self.room[1])[1]
        number.wrap(NUMBER_COLUMN, self.room[1])
        return entry, number, h + style.spaceBefore

    def draw(self):
        width = self.room[0]
        title, y = self._title()
        title.drawOn(self.canv, 0, -title.height)
        y = -y
        for entry, number, h in self.lines:
            y -= h
            entry.drawOn(self.canv, 0, y)
            number.drawOn(self.canv, width - NUMBER_COLUMN, y + entry.height - number.height)


def headings(laid) -> list[tuple[int, str, int]]:
    """(level, text, page number) of every heading laid out on the pages, in order."""
    found = []
    for number, page in enumerate(laid, start=1):
        for placed in page.placements:
            heading = getattr(placed.flowable, "heading", None)
            if heading:
                found.append((heading[0], heading[1], number))
    return found


__all__ = ["ContentsMark", "headings"]
