"""Cut sheets: card faces n-up on Letter or A4, crop marks in the margins, each fronts page
followed by its backs page mirrored for long-edge duplex (or, gutterfold, beside them on
the same page). Geometry comes from grid.py and layouts.py."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

from reportlab.pdfgen.canvas import Canvas

from ..load import printers
from .pdfdoc import deflate_last_page, new_canvas, save_streamed
from ..faces import pdf as face_pdf
from ..faces.compose import compose, shared_back
from ..ops import FaceDrawing
from ..model import Component, Game
from ..artifacts import Artifact
from ..geometry import grid as gridmath
from ..geometry import layouts

MARK_COLOR = "#000000"
SEAM_OVERLAP = 0.2  # pt


def make(plan, folder: Path, options) -> list[Artifact]:
    """The 'cards' part: one cut-sheet PDF per deck and paper."""
    game = plan.game
    decks = [c for c in game.components if c.printed_cards]  # mats: mats.py
    artifacts = []
    tick = options.tick("cards on sheets", sum(c.count for c in decks if options.builds(c)) * len(options.papers))
    recalled = plan.drawing
    for component in filter(options.builds, decks):  # named as one of all the decks (--component)
        fronts = Faces(game, component, "front", recalled)
        backs = _backs(game, component, recalled)
        for paper in options.papers:
            name = f"cards-{paper}.pdf" if len(decks) == 1 else f"cards-{component.id}-{paper}.pdf"
            options.progress(f"{game.id}: {name}")
            pages = write_cut_sheets(folder / name, paper, fronts, backs, title=f"{game.title}: {component.name}",
                                     layout=options.layout or game.layout, printer=options.printer,
                                     custom=game.layouts, tick=tick)
            artifacts.append(Artifact(name, "cut-sheets", paper, pages,
                                      {"component": component.id, "layout": options.layout or game.layout}))
    return artifacts


class Faces(Sequence):
    """One side of a deck's printed cards (each card as many times as its copies), each
    composed when its page is drawn and then let go: the sheets of a 20,000-card deck never
    hold more than a page of drawings. Copies sit side by side, so the last drawing is kept.
    recalled(face) gives the drawing validate composed, when it was kept (Plan.drawing)."""

    def __init__(self, game: Game, component: Component, side: str,
                 recalled: Callable[[tuple], FaceDrawing | None]):
        self.game, self.component, self.side = game, component, side
        self.printed = [i for i, card in enumerate(component.cards) for _ in range(card.copies)]
        self.recalled = recalled
        self._last: tuple[int, FaceDrawing] | None = None

    def __len__(self) -> int:
        return len(self.printed)

    def __getitem__(self, index: int) -> FaceDrawing:
        card = self.printed[index]
        if self._last is None or self._last[0] != card:
            row = self.component.cards[card]
            drawing = self.recalled((self.component.id, row.id, self.side)) \
                or compose(self.game, self.component, row, self.side)
            self._last = (card, drawing)
        return self._last[1]


class Repeat(Sequence):
    """The same drawing `count` times (a shared back): drawn once into a PDF form object
    and placed by reference, rather than its operations written out once per card."""

    def __init__(self, drawing: FaceDrawing, count: int):
        self.drawing, self.count = drawing, count

    def __len__(self) -> int:
        return self.count

    def __getitem__(self, index: int) -> FaceDrawing:
        if not -self.count <= index < self.count:
            raise IndexError(index)
        return self.drawing


def _backs(game: Game, component: Component, recalled) -> Sequence[FaceDrawing] | None:
    if not component.back:
        return None
    if shared_back(game, component):
        return Repeat(compose(game, component, component.cards[0], "back"), component.count)
    return Faces(game, component, "back", recalled)


def write_cut_sheets(path: Path, paper: str, fronts: Sequence[FaceDrawing],
                     backs: Sequence[FaceDrawing] | None, title: str = "",
                     layout: str = layouts.DEFAULT_LAYOUT, printer: printers.Profile | None = None,
                     custom=None, tick=lambda count: None) -> int:
    """Write fronts n-up (and after each fronts page its backs page, or beside the fronts on
    a gutterfold page); returns the page count. fronts and backs are read a page at a time;
    tick(n) counts the cards placed."""
    first = fronts[0]
    bleed = first.bleed
    grid = layouts.sheet(layout, first.width - 2 * bleed, first.height - 2 * bleed, bleed, paper, custom)
    folded = grid.folded
    canvas = new_canvas(path, (grid.page_w, grid.page_h), title)
    forms = {}
    if isinstance(backs, Repeat):
        forms[id(backs.drawing)] = _form(canvas, backs.drawing, "ppgenBack")
    pages = 0
    for start in range(0, len(fronts), grid.per_page):
        chunk = range(start, min(start + grid.per_page, len(fronts)))
        sides = [(grid.front_slots(), [fronts[i] for i in chunk], False)]
        if backs is not None:
            sides.append((grid.back_slots(), [backs[i] for i in chunk], True))
        tick(len(chunk))
        if folded:  # one side of the paper: no duplex to correct
            _page(canvas, grid, sides, forms=forms)
            pages += 1
            continue
        for side in sides:
            back = printer is not None and side[2]
            _page(canvas, grid, [side], printers.back_transform(printer, grid.page_w, grid.page_h) if back else None,
                  forms)
            pages += 1
    save_streamed(canvas)
    return pages


def _form(canvas: Canvas, drawing: FaceDrawing, name: str) -> str:
    """Draw `drawing` once into a form XObject (its bleed box at the origin); returns its name."""
    canvas.beginForm(name, 0, 0, drawing.width, drawing.height)
    face_pdf.draw(canvas, drawing, 0, 0)
    canvas.endForm()
    return name


def _page(canvas: Canvas, grid: gridmath.SheetGrid, sides, matrix: tuple[float, ...] | None = None,
          forms: dict[int, str] | None = None) -> None:
    """One page holding each (slots, drawings, back) side given; `matrix` moves a backs page
    to where a printer profile says this printer needs it."""
    # A backs page (not a gutterfold's, which holds both) mirrors its front's boxes and
    # marks: the same for a centred grid, not for a designer's lopsided layout.
    mirror = sides[0][2] and not grid.folded
    canvas.setTrimBox(_mirrored(grid, grid.trim_box) if mirror else grid.trim_box)
    canvas.setBleedBox(_mirrored(grid, grid.bleed_box) if mirror else grid.bleed_box)
    if matrix is not None:
        canvas.transform(*matrix)
    placed = [(slot, drawing, back) for slots, drawings, back in sides for slot, drawing in zip(slots, drawings)]
    occupied = {(slot.column, slot.row) for slot, _, _ in placed}
    for slot, drawing, back in placed:
        _card(canvas, grid, slot, drawing, back, grid.outer_sides(slot, occupied), (forms or {}).get(id(drawing)))
    _marks(canvas, grid, mirror)
    if grid.folded:
        _fold(canvas, grid)
    if not grid.crop_marks and not sides[0][2]:  # the cutter reads the fronts only
        _registration(canvas, grid)
    canvas.showPage()
    deflate_last_page(canvas)


def _card(canvas: Canvas, grid: gridmath.SheetGrid, slot: gridmath.Slot, drawing: FaceDrawing, back: bool,
          outer: tuple[bool, bool, bool, bool], form: str | None = None):
    """Draw one card into its slot, its bleed showing on the sides no other card touches."""
    # Outer sides show the bleed; inner sides overlap the neighbour by a hair so that
    # renderers leave no seam of paper between two cards (it falls on the cut anyway).
    left, bottom, right, top = (drawing.bleed if side else SEAM_OVERLAP for side in outer)
    canvas.saveState()
    clip = canvas.beginPath()
    clip.rect(slot.x - left, slot.y - bottom, slot.w + left + right, slot.h + bottom + top)
    canvas.clipPath(clip, stroke=0, fill=0)
    # Move the origin to the slot's centre, turn if the grid turned the card, draw centred.
    canvas.translate(slot.x + slot.w / 2, slot.y + slot.h / 2)
    if grid.rotated:
        # Fronts turn a quarter left; after a long-edge flip their backs must turn right.
        canvas.rotate(-90 if back else 90)
    if form is None:
        face_pdf.draw(canvas, drawing, -drawing.width / 2, -drawing.height / 2)
    else:
        canvas.translate(-drawing.width / 2, -drawing.height / 2)
        canvas.doForm(form)
    canvas.restoreState()


def _mirrored(grid: gridmath.SheetGrid, box: tuple[float, float, float, float]) -> tuple[float, float, float, float]:
    x0, y0, x1, y1 = box
    return (grid.page_w - x1, y0, grid.page_w - x0, y1)


def _marks(canvas: Canvas, grid: gridmath.SheetGrid, mirror: bool) -> None:
    canvas.setStrokeColorRGB(*face_pdf.rgb(MARK_COLOR))
    canvas.setLineWidth(gridmath.MARK_WIDTH)
    canvas.setLineCap(0)
    for segment in grid.marks():
        canvas.line(*(_mirrored(grid, segment) if mirror else segment))


def _fold(canvas: Canvas, grid: layouts.GutterGrid) -> None:
    canvas.setStrokeColorRGB(*face_pdf.rgb(MARK_COLOR))
    canvas.setLineWidth(gridmath.MARK_WIDTH)
    canvas.setDash(4, 3)
    canvas.line(*grid.fold_line())
    canvas.setDash()


def _registration(canvas: Canvas, grid: gridmath.SheetGrid) -> None:
    canvas.setFillColorRGB(*face_pdf.rgb(MARK_COLOR))
    for x, y, w, h in layouts.registration_marks(grid.page_w, grid.page_h):
        canvas.rect(x, y, w, h, stroke=0, fill=1)
