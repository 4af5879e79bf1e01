"""Pages as data: lay a Platypus story out once, keep what landed where, draw it anywhere.

The booklet is needed twice — in reading order on A5 and imposed 2-up for saddle stitching —
and the imposed sheets must carry exactly the pages of the booklet. Instead of reading the
finished booklet back (that would make pypdf a runtime dependency) the layout pass records,
for each page, every flowable the frames placed and where (RecordingFrame). Drawing a page
is then replaying those drawOn calls on any canvas, under any transform: at (0, 0) for the
A5 booklet, scaled and shifted into one half of a landscape sheet for the imposed one. Text
is drawn afresh on each canvas, so each PDF embeds its own font subsets.

Imposition itself is pure arithmetic (saddle_stitch).
"""

from __future__ import annotations

import io
from dataclasses import dataclass, field
from typing import Callable

from reportlab.platypus import BaseDocTemplate, Frame, PageTemplate
from reportlab.platypus.doctemplate import LayoutError

from ..text import fonts
from ..errors import GameError, problem
from ..model import Game
from .pdfdoc import configure
from ..geometry.grid import MARK_CLEARANCE


@dataclass
class Placement:
    flowable: object
    x: float
    y: float
    sW: float


@dataclass
class Page:
    kind: str  # the page template's id: 'title', 'left', 'right', 'notes', ...
    placements: list[Placement] = field(default_factory=list)

    @property
    def empty(self) -> bool:
        return not self.placements


MAX_PAGES = 400  # far past any rules: a layout that gets here never ends (a block that fits nowhere)


class PageLimit(LayoutError):
    """The layout ran past its page limit."""


class Recorder:
    def __init__(self, max_pages: int = MAX_PAGES):
        self.pages: list[Page] = []
        self.last_line: int | None = None  # rules.md line of the last flowable tried
        self.max_pages = max_pages

    def __deepcopy__(self, memo):
        # Platypus deep-copies frames to try flowables out; the copies share the record.
        return self

    def start_page(self, kind: str) -> None:
        if len(self.pages) >= self.max_pages:
            raise PageLimit(f"more than {self.max_pages} pages")
        self.pages.append(Page(kind))

    def place(self, flowable, x: float, y: float, sW: float) -> None:
        self.pages[-1].placements.append(Placement(flowable, x, y, sW))


class RecordingFrame(Frame):
    """A Frame that records each flowable's drawOn call instead of drawing it."""

    def __init__(self, recorder: Recorder, x: float, y: float, w: float, h: float, **kw):
        kw.setdefault("leftPadding", 0)
        kw.setdefault("rightPadding", 0)
        kw.setdefault("topPadding", 0)
        kw.setdefault("bottomPadding", 0)
        super().__init__(x, y, w, h, **kw)
        self.recorder = recorder

    def _add(self, flowable, canv, trySplit=0):
        recorder = self.recorder
        recorder.last_line = getattr(flowable, "rules_line", recorder.last_line)

        def place(canvas, x, y, _sW=0):
            recorder.place(flowable, x, y, _sW)

        flowable.drawOn = place
        try:
            return Frame._add(self, flowable, canv, trySplit)
        finally:
            flowable.__dict__.pop("drawOn", None)

    add = _add


def template(recorder: Recorder, kind: str, frames: list[tuple[float, float, float, float]],
             pagesize: tuple[float, float], next_kind: str | None = None) -> PageTemplate:
    """A page template whose frames (x, y, w, h) record into recorder."""
    return PageTemplate(id=kind, frames=[RecordingFrame(recorder, *f) for f in frames],
                        pagesize=pagesize, autoNextPageTemplate=next_kind,
                        onPage=lambda canv, doc, kind=kind: recorder.start_page(kind))


def lay_out(story: list, pagesize: tuple[float, float], templates: list[PageTemplate],
            recorder: Recorder, document: type[BaseDocTemplate] = BaseDocTemplate) -> list[Page]:
    """Run Platypus over story with a document template of class `document` (floats.py's
    places figures as the booklet does); the pages, as recorded. Raises LayoutError if a
    flowable cannot fit any frame (recorder.last_line says which)."""
    configure()
    doc = document(io.BytesIO(), pagesize=pagesize, pageTemplates=templates, invariant=1,
                          initialFontName=fonts.pdf_name("body"), leftMargin=0, rightMargin=0,
                          topMargin=0, bottomMargin=0)
    try:
        doc.build(list(story))
    except ValueError as exc:  # ReportLab's word for a flowable left no width (boxes in boxes)
        raise LayoutError(str(exc)) from None
    while recorder.pages and recorder.pages[-1].empty and len(recorder.pages) > 1:
        recorder.pages.pop()  # a page begun but never filled (a trailing break)
    if not recorder.pages:  # nothing to lay out (empty rules): still one page, a PDF needs one
        recorder.pages.append(Page(templates[0].id))
    return recorder.pages


def draw_page(canvas, page: Page) -> None:
    for p in page.placements:
        p.flowable.drawOn(canvas, p.x, p.y, _sW=p.sW)


# -- imposition ------------------------------------------------------------------------------

@dataclass(frozen=True)
class SheetSide:
    left: int  # page numbers, 1-based
    right: int


def saddle_stitch(pages: int) -> list[SheetSide]:
    """The sides of the sheets of a saddle-stitched booklet, outer sheet first, front then back:
    on each side the two page numbers sum to pages + 1; the outer sheet carries N | 1 on its
    front and 2 | N-1 on its back."""
    if pages % 4:
        raise ValueError(f"a saddle-stitched booklet needs a multiple of 4 pages, not {pages}")
    sides = []
    for k in range(pages // 4):
        sides.append(SheetSide(pages - 2 * k, 2 * k + 1))
        sides.append(SheetSide(2 * k + 2, pages - 2 * k - 1))
    return sides


@dataclass(frozen=True)
class Imposition:
    sheet: tuple[float, float]  # landscape paper
    scale: float  # booklet page → half sheet
    left: tuple[float, float]  # bottom-left corner of the left page
    right: tuple[float, float]


def imposition(page: tuple[float, float], sheet: tuple[float, float]) -> Imposition:
    """Two booklet pages side by side on a landscape sheet, meeting at the fold in the middle,
    scaled down when half the sheet is smaller than a page, centred vertically."""
    sheet_w, sheet_h = sheet
    page_w, page_h = page
    scale = min(1.0, (sheet_w / 2) / page_w, sheet_h / page_h)
    w, h = page_w * scale, page_h * scale
    y = (sheet_h - h) / 2
    return Imposition(sheet, scale, (sheet_w / 2 - w, y), (sheet_w / 2, y))


def impose(canvas, imp: Imposition, page_size: tuple[float, float], count: int,
           draw: Callable[[object, int], None], fold_mark: float = 0.0, mark_color: str = "#999999") -> int:
    """Draw every sheet side of a `count`-page booklet; draw(canvas, number) draws one page
    (1-based) at the origin. Returns the number of PDF pages (sheet sides)."""
    page_w, page_h = page_size
    sides = saddle_stitch(count)
    for side in sides:
        for number, (x, y) in ((side.left, imp.left), (side.right, imp.right)):
            canvas.saveState()
            canvas.translate(x, y)
            canvas.scale(imp.scale, imp.scale)
            clip = canvas.beginPath()
            clip.rect(0, 0, page_w, page_h)
            canvas.clipPath(clip, stroke=0, fill=0)
            draw(canvas, number)
            canvas.restoreState()
        if fold_mark:
            _fold_ticks(canvas, imp.sheet, fold_mark, mark_color)
        canvas.showPage()
    return len(sides)


def _fold_ticks(canvas, sheet: tuple[float, float], length: float, color: str) -> None:
    """The fold's ticks at the top and bottom of the sheet, starting MARK_CLEARANCE from the
    paper's edge, where home printers still print: on the spine, between the pages' top and
    bottom margins, so on a sheet the pages fill (A5 on A4) as on one with paper to spare."""
    mid, height = sheet[0] / 2, sheet[1]
    canvas.saveState()
    canvas.setStrokeColor(color)
    canvas.setLineWidth(0.4)
    canvas.setDash(2, 2)
    canvas.line(mid, MARK_CLEARANCE, mid, MARK_CLEARANCE + length)
    canvas.line(mid, height - MARK_CLEARANCE - length, mid, height - MARK_CLEARANCE)
    canvas.restoreState()


def handle_layout_error(game: Game, recorder: Recorder, exc: Exception, what: str) -> GameError:
    """A layout failure as the rules' error, at the line of the block that did not fit."""
    if isinstance(exc, PageLimit) and all(page.placements for page in recorder.pages[-3:]):
        # every page got something: not stuck, just long
        return GameError(problem(game.rules, recorder.last_line,
                                 f"{what}: the rules run past {recorder.max_pages} pages here, the most ppgen lays "
                                 f"out (far more than any booklet binds); shorten them"))
    if isinstance(exc, PageLimit):
        return GameError(problem(game.rules, recorder.last_line,
                                 f"{what}: the layout ran past {recorder.max_pages} pages, stuck on this "
                                 f"part of the rules (it fits no page); shorten or break it up"))
    # ReportLab's message names its own objects, not the rules
    return GameError(problem(game.rules, recorder.last_line,
                             f"{what}: this part of the rules does not fit on one page or column "
                             "(a box, table or figure cannot be split); break it up"))


__all__ = ["Page", "Placement", "Recorder", "RecordingFrame", "template", "lay_out", "draw_page",
           "saddle_stitch", "imposition", "impose", "LayoutError", "PageLimit", "handle_layout_error"]
