"""Cut sheets: card faces n-up on Letter or A4, crop marks in the margins, each fronts page
followed by its backs page mirrored for long-edge duplex (or, gutterfold, beside them on
the same page). Geometry comes from grid.py and layouts.py."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from reportlab.pdfgen.canvas import FILL_EVEN_ODD, Canvas

from ..load import printers
from .pdfdoc import deflate_last_page, new_canvas, save_streamed
from ..faces import pdf as face_pdf
from ..faces.compose import compose, shared_back
from ..ops import FaceDrawing
from ..model import Component, Game
from ..artifacts import Artifact
from ..geometry import grid as gridmath
from ..geometry import layouts, placement
from ..text import fonts

MARK_COLOR = "#000000"
SEAM_OVERLAP = placement.SEAM  # pt
# Cut guides: a hairline on each card's trim over a white halo (dark art shows the halo,
# light art the line); a cut that follows the line takes at most half the halo with it.
GUIDE_COLOR = "#3A3A3A"
GUIDE_WIDTH = 0.3  # pt
GUIDE_HALO = "#FFFFFF"
GUIDE_HALO_WIDTH = 1.0  # pt
NOTE_SIZE = 7  # pt: the note where a margin has no room for crop marks


def make(plan, folder: Path, options) -> list[Artifact]:
    """The 'cards' part: one cut-sheet PDF per deck and paper."""
    game = plan.game
    decks = [c for c in game.components if c.printed_cards]  # mats: mats.py
    artifacts = []
    tick = options.tick("cards on sheets", sum(c.count for c in decks) * len(options.papers))
    recalled = plan.drawing
    for component in decks:
        fronts = Faces(game, component, "front", recalled)
        backs = _backs(game, component, recalled)
        for paper in options.papers:
            name = f"cards-{paper}.pdf" if len(decks) == 1 else f"cards-{component.id}-{paper}.pdf"
            options.progress(f"{game.id}: {name}")
            pages = write_cut_sheets(folder / name, paper, fronts, backs, title=f"{game.title}: {component.name}",
                                     layout=options.layout or game.layout, printer=options.printer,
                                     custom=game.layouts, tick=tick, guides=options.cut_guides)
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
                     custom=None, tick=lambda count: None, guides: bool = True) -> int:
    """Write fronts n-up (and after each fronts page its backs page, or beside the fronts on
    a gutterfold page); returns the page count. fronts and backs are read a page at a time;
    tick(n) counts the cards placed. guides: outline each card on the fronts (the cut guides)."""
    first = fronts[0]
    bleed = first.bleed
    grid = layouts.sheet(layout, first.width - 2 * bleed, first.height - 2 * bleed, bleed, paper, custom)
    canvas = new_canvas(path, (grid.page_w, grid.page_h), title)
    forms = {}
    if isinstance(backs, Repeat):
        forms[id(backs.drawing)] = _form(canvas, backs.drawing, "ppgenBack")
    front_slots, back_slots = grid.front_slots(), grid.back_slots()
    pages = 0
    for placed in placement.pages(front_slots, len(fronts), _back_key(backs)):
        used = [front_slots[slot] for slot, _ in placed]
        mirrored = [back_slots[slot] for slot, _ in placed]
        sides = [(used, [fronts[card] for _, card in placed], False)]
        if backs is not None:
            sides.append((mirrored, [backs[card] for _, card in placed], True))
        page = Page(grid, used + (mirrored if grid.folded else []), guides and grid.crop_marks, forms)
        tick(len(placed))
        if grid.folded:  # one side of the paper: no duplex to correct
            page.draw(canvas, sides)
            pages += 1
            continue
        for side in sides:
            back = printer is not None and side[2]
            page.draw(canvas, [side], printers.back_transform(printer, grid.page_w, grid.page_h) if back else None)
            pages += 1
    save_streamed(canvas)
    return pages


def _back_key(backs: Sequence[FaceDrawing] | None) -> Callable[[int], object]:
    """What tells two cards' backs apart for placement: their drawings (one for a shared back)."""
    if backs is None or isinstance(backs, Repeat):
        return lambda card: None
    return lambda card: backs[card]


def _form(canvas: Canvas, drawing: FaceDrawing, name: str) -> str:
    """Draw `drawing` once into a form XObject (its bleed box at the origin); returns its name."""
    canvas.beginForm(name, 0, 0, drawing.width, drawing.height)
    face_pdf.draw(canvas, drawing, 0, 0)
    canvas.endForm()
    return name


@dataclass(frozen=True)
class Page:
    """How a page of cards is dressed: `block` the slots its crop marks surround (the fronts
    it holds, a gutterfold's backs too), `guides` whether its fronts are outlined."""
    grid: gridmath.SheetGrid
    block: list[gridmath.Slot]
    guides: bool
    forms: dict[int, str]

    def draw(self, canvas: Canvas, sides, matrix: tuple[float, ...] | None = None) -> None:
        """One page holding each (slots, drawings, back) side given; `matrix` moves a backs
        page to where a printer profile says this printer needs it."""
        grid = self.grid
        # A backs page (not a gutterfold's, which holds both) mirrors its front's boxes and
        # marks: the same for a centred grid, not for a designer's lopsided layout.
        mirror = sides[0][2] and not grid.folded
        canvas.setTrimBox(_mirrored(grid, grid.trim_box) if mirror else grid.trim_box)
        canvas.setBleedBox(_mirrored(grid, grid.bleed_box) if mirror else grid.bleed_box)
        if matrix is not None:
            canvas.transform(*matrix)
        placed = [(slot, drawing, back) for slots, drawings, back in sides for slot, drawing in zip(slots, drawings)]
        occupied = {(slot.column, slot.row) for slot, _, _ in placed}
        others = [slot for slot, _, _ in placed]
        for slot, drawing, back in placed:
            _card(canvas, grid, slot, drawing, back, grid.outer_sides(slot, occupied), others,
                  self.forms.get(id(drawing)))
        if self.guides:  # on the fronts only: a back misregistered by duplex would show them
            _guides(canvas, [slot for slot, _, back in placed if not back])
        _marks(canvas, grid, grid.marks(self.block), mirror)
        if not mirror:
            _omitted_note(canvas, grid, self.block, self.guides)
        if grid.folded:
            _fold(canvas, grid)
        if not grid.crop_marks and not sides[0][2]:  # the cutter reads the fronts only
            _registration(canvas, grid)
        canvas.showPage()
        deflate_last_page(canvas)


def _card(canvas: Canvas, grid: gridmath.SheetGrid, slot: gridmath.Slot, drawing: FaceDrawing, back: bool,
          outer: tuple[bool, bool, bool, bool], others: list[gridmath.Slot], form: str | None = None):
    """Draw one card into its slot, its bleed showing on the sides no other card touches
    (but never into a card that meets it at a corner)."""
    # Outer sides show the bleed; inner sides overlap the neighbour by a hair so that
    # renderers leave no seam of paper between two cards (it falls on the cut anyway).
    reach = tuple(drawing.bleed if side else SEAM_OVERLAP for side in outer)
    left, bottom, right, top = reach
    canvas.saveState()
    clip = canvas.beginPath()
    clip.rect(slot.x - left, slot.y - bottom, slot.w + left + right, slot.h + bottom + top)
    for hole in placement.bleed_holes(slot, reach, [o for o in others if o != slot]):
        clip.rect(*hole)  # even-odd: cut out of the clip
    canvas.clipPath(clip, stroke=0, fill=0, fillMode=FILL_EVEN_ODD)
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


def _guides(canvas: Canvas, slots: list[gridmath.Slot]) -> None:
    """Each card's trim outlined: a dark hairline on a white halo, seen on any art. All halos
    first, so that no halo covers a neighbour's line where they cross."""
    canvas.saveState()
    for color, width in ((GUIDE_HALO, GUIDE_HALO_WIDTH), (GUIDE_COLOR, GUIDE_WIDTH)):
        canvas.setStrokeColorRGB(*face_pdf.rgb(color))
        canvas.setLineWidth(width)
        for slot in slots:
            canvas.rect(slot.x, slot.y, slot.w, slot.h, stroke=1, fill=0)
    canvas.restoreState()


def _omitted_note(canvas: Canvas, grid: gridmath.SheetGrid, block: list[gridmath.Slot], guides: bool) -> None:
    """Say on the page where a margin had no room for crop marks, in a margin that has."""
    sides = grid.omitted(block)
    if not sides:
        return
    where = {("left", "right"): "side", ("top", "bottom"): "top and bottom"}.get(tuple(sides), " and ".join(sides))
    follow = "outlines" if guides else "edges"
    for text in (f"No room for {where} crop marks: cut on the card {follow}", f"No {where} crop marks"):
        spot = gridmath.margin_spot(grid, block, fonts.string_width(text, "body", NOTE_SIZE), NOTE_SIZE * 1.2)
        if spot is not None:
            break
    else:
        return
    x, y, upright = spot
    canvas.saveState()
    canvas.setFillColorRGB(*face_pdf.rgb(MARK_COLOR))
    canvas.setFont(fonts.pdf_name("body"), NOTE_SIZE)
    canvas.translate(x, y)
    if upright:
        canvas.rotate(90)
    canvas.drawCentredString(0, -NOTE_SIZE * 0.35, text)
    canvas.restoreState()


def _mirrored(grid: gridmath.SheetGrid, box: tuple[float, float, float, float]) -> tuple[float, float, float, float]:
    x0, y0, x1, y1 = box
    return (grid.page_w - x1, y0, grid.page_w - x0, y1)


def _marks(canvas: Canvas, grid: gridmath.SheetGrid, marks, mirror: bool) -> None:
    canvas.setStrokeColorRGB(*face_pdf.rgb(MARK_COLOR))
    canvas.setLineWidth(gridmath.MARK_WIDTH)
    canvas.setLineCap(0)
    for segment in marks:
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
