"""One page of a cut sheet drawn: its cards with their bleed, the cut guides on the fronts,
the crop marks round each block of cards (or a note where a margin has no room for them),
a gutterfold's fold and a cutting machine's registration marks. sheets.py decides what
goes on which page; the geometry is in geometry/grid.py, layouts.py and placement.py."""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.pdfgen.canvas import FILL_EVEN_ODD, Canvas

from .replays import Replays
from .pdfdoc import deflate_last_page
from ..faces import pdf as face_pdf
from ..ops import FaceDrawing
from ..geometry import grid as gridmath
from ..geometry import layouts, pieces, placement
from ..text import fonts
from ..text.catalogue import ENGLISH, language, word

MARK_COLOR = "#000000"
SEAM_OVERLAP = placement.SEAM  # pt
# Cut guides: a hairline on each card's trim over a white halo (dark art shows the halo,
# light art the line); a cut that follows the line takes at most half the halo with it.
GUIDE_COLOR = "#3A3A3A"
GUIDE_WIDTH = 0.3  # pt
GUIDE_HALO = "#FFFFFF"
GUIDE_HALO_WIDTH = 1.0  # pt
NOTE_SIZE = 7  # pt: the note where a margin has no room for crop marks


@dataclass(frozen=True)
class Side:
    """Cards of one grid on one side of the paper: where, what, whether they are backs, and
    whether their grid turned them a quarter turn."""
    slots: list[gridmath.Slot]
    drawings: list[FaceDrawing]
    back: bool
    rotated: bool
    shape: tuple[str, float] = ("rectangle", 0.0)  # what the pieces are cut to (geometry/pieces.py)


@dataclass(frozen=True)
class Block:
    """A grid's cards on a page: the slots its crop marks surround (a gutterfold's backs too)."""
    grid: gridmath.SheetGrid
    slots: list[gridmath.Slot]


@dataclass(frozen=True)
class Page:
    """How a page is dressed: its blocks of cards (the first one's grid is the page's
    layout), whether its fronts are outlined, the PDF forms of shared backs by drawing."""
    blocks: list[Block]
    guides: bool
    forms: dict[int, str]
    replays: Replays | None = None  # faces drawn on another paper's sheets of the build, to replay

    def draw(self, canvas: Canvas, sides: list[Side], matrix: tuple[float, ...] | None = None) -> None:
        """One page holding the sides given; `matrix` moves a backs page to where a printer
        profile says this printer needs it."""
        grid = self.blocks[0].grid
        # A backs page (not a gutterfold's, which holds both) mirrors its front's boxes and
        # marks: the same for a centred grid, not for a designer's lopsided layout.
        mirror = sides[0].back and not grid.folded
        for setter, box in ((canvas.setTrimBox, _union(b.grid.trim_box for b in self.blocks)),
                            (canvas.setBleedBox, _union(b.grid.bleed_box for b in self.blocks))):
            setter(_mirrored(grid, box) if mirror else box)
        if matrix is not None:
            canvas.transform(*matrix)
        cards = [(slot, drawing, side) for side in sides for slot, drawing in zip(side.slots, side.drawings)]
        slots = [slot for slot, _, _ in cards]
        close = placement.near(slots, max(drawing.bleed for _, drawing, _ in cards) + SEAM_OVERLAP)
        for (slot, drawing, side), nearby in zip(cards, close):
            _card(canvas, slot, drawing, side, [slots[j] for j in nearby], self.forms.get(id(drawing)), self.replays)
        if self.guides:  # on the fronts only: a back misregistered by duplex would show them
            _guides(canvas, [(slot, side.shape) for side in sides if not side.back for slot in side.slots])
        for block in self.blocks:
            _marks(canvas, block.grid, block.grid.marks(block.slots), mirror)
            if not mirror:
                _omitted_note(canvas, block.grid, block.slots, self.guides)
        if grid.folded:
            _fold(canvas, grid)
        if not grid.crop_marks and not sides[0].back:  # the cutter reads the fronts only
            _registration(canvas, grid)
        canvas.showPage()
        deflate_last_page(canvas)


def _card(canvas: Canvas, slot: gridmath.Slot, drawing: FaceDrawing, side: Side, others: list[gridmath.Slot],
          form: str | None = None, replays: Replays | None = None):
    """Draw one card into its slot, its bleed showing on the sides no other card touches
    (but never into a card that meets it at a corner)."""
    # Outer sides show the bleed; inner sides overlap the neighbour by a hair so that
    # renderers leave no seam of paper between two cards (it falls on the cut anyway).
    reach = tuple(drawing.bleed if open_ else SEAM_OVERLAP for open_ in placement.open_sides(slot, others))
    left, bottom, right, top = reach
    canvas.saveState()
    clip = canvas.beginPath()
    clip.rect(slot.x - left, slot.y - bottom, slot.w + left + right, slot.h + bottom + top)
    for hole in placement.bleed_holes(slot, reach, others):
        clip.rect(*hole)  # even-odd: cut out of the clip
    canvas.clipPath(clip, stroke=0, fill=0, fillMode=FILL_EVEN_ODD)
    # Move the origin to the slot's centre, turn if the grid turned the card, draw centred.
    canvas.translate(slot.x + slot.w / 2, slot.y + slot.h / 2)
    if side.rotated:
        # Fronts turn a quarter left; after a long-edge flip their backs must turn right.
        canvas.rotate(-90 if side.back else 90)
    if form is None:
        if replays is None:
            face_pdf.draw(canvas, drawing, -drawing.width / 2, -drawing.height / 2)
        else:
            replays.face(canvas, drawing, -drawing.width / 2, -drawing.height / 2)
    else:
        canvas.translate(-drawing.width / 2, -drawing.height / 2)
        canvas.doForm(form)
    canvas.restoreState()


def _guides(canvas: Canvas, slots: list[tuple[gridmath.Slot, tuple[str, float]]]) -> None:
    """Each card's trim outlined, following its shape: a dark hairline on a white halo, seen
    on any art. All halos first, so that no halo covers a neighbour's line where they cross."""
    if not slots:
        return
    canvas.saveState()
    for color, width in ((GUIDE_HALO, GUIDE_HALO_WIDTH), (GUIDE_COLOR, GUIDE_WIDTH)):
        canvas.setStrokeColorRGB(*face_pdf.rgb(color))
        canvas.setLineWidth(width)
        for slot, (shape, corner) in slots:
            if shape == "rectangle":
                canvas.rect(slot.x, slot.y, slot.w, slot.h, stroke=1, fill=0)
            else:
                canvas.drawPath(_path(canvas, pieces.outline(shape, slot.x, slot.y, slot.w, slot.h, corner)),
                                stroke=1, fill=0)
    canvas.restoreState()


def _path(canvas: Canvas, segments: list[tuple]):
    """Outline segments (geometry/pieces.py) as a path in page coordinates, as they are."""
    path = canvas.beginPath()
    steps = {"M": path.moveTo, "L": path.lineTo, "C": path.curveTo, "Z": path.close}
    for kind, *numbers in segments:
        steps[kind](*numbers)
    return path


def _omitted_note(canvas: Canvas, grid: gridmath.SheetGrid, block: list[gridmath.Slot], guides: bool) -> None:
    """Say on the page where a margin had no room for crop marks, in a margin that has."""
    sides = grid.omitted(block)
    if not sides:
        return
    code = getattr(canvas, "language", "")  # the edition's (pdfdoc.new_canvas): English's "side" is its words for each side
    where = {("left", "right"): "side", ("top", "bottom"): "top and bottom"}.get(tuple(sides), " and ".join(sides)) \
        if language(code) == ENGLISH else ", ".join(word(side, code) for side in sides)
    follow = "outlines" if guides else "edges"
    for text in (word(f"No room for {{where}} crop marks: cut on the card {follow}", code, where=where),
                 word("No {where} crop marks", code, where=where)):
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


def _union(boxes) -> tuple[float, float, float, float]:
    boxes = list(boxes)
    return (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes))


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
