"""Mats (boards, play mats): each `kind = "mat"` component's front face, printed
- tiled at real size over Letter or A4 pages (mat-<id>-<paper>.pdf; geometry in tiles.py),
  with an assembly page first when it takes more than one page;
- whole on one page of its own size with bleed, for a print shop (mat-<id>.pdf);
- whole as a 300 dpi PNG with bleed (mat-<id>.png).

The face is composed like a card's (faces/compose.py), so any face element, including a rule
set's painter, can draw on a mat."""

from __future__ import annotations

from pathlib import Path

from reportlab.pdfgen.canvas import Canvas
from reportlab.lib.utils import simpleSplit

from ..text import fonts
from ..text.catalogue import word
from ..faces import pdf as face_pdf
from ..faces import png, pngfile
from ..faces.compose import compose
from ..ops import FaceDrawing
from ..model import Component, Game
from ..artifacts import Artifact
from .pdfdoc import new_canvas
from ..units import MM
from ..geometry import tiles
from .cardpng import DPI
from ..geometry.grid import MARK_WIDTH

INK = "#000000"
FAINT = "#9A9A9A"
OVERLAP_TINT = "#DDE6F0"
TRIM_COLOR = "#C0392B"
LABEL_SIZE = 7  # pt, the page label in the band
MAT_FORM = "mat"  # the PDF form (XObject) holding the mat's drawing
TICK = 4 * MM  # cut ticks in the band, from the window's edge outwards


def make(plan, folder: Path, options) -> list[Artifact]:
    """The mats' share of the 'aids' part."""
    game = plan.game
    artifacts = []
    for component in (c for c in game.components if c.kind == "mat" and options.builds(c)):
        drawing = compose(game, component, None, "front")
        title = f"{game.title}: {component.name}"
        for paper in options.papers:
            name = f"mat-{component.id}-{paper}.pdf"
            options.progress(f"{game.id}: {name}")
            pages = write_tiled(folder / name, paper, drawing, component, title, game)
            artifacts.append(Artifact(name, "mat", paper, pages, {"component": component.id}))
        name = f"mat-{component.id}.pdf"
        options.progress(f"{game.id}: {name}")
        write_whole(folder / name, drawing, title, game)
        artifacts.append(Artifact(name, "mat", None, 1, {"component": component.id}))
        name = f"mat-{component.id}.png"
        options.progress(f"{game.id}: {name}")
        (folder / name).write_bytes(pngfile.png_bytes(png.render(drawing, DPI), DPI))
        artifacts.append(Artifact(name, "mat", extra={"component": component.id}))
    return artifacts


def write_whole(path: Path, drawing: FaceDrawing, title: str, game: Game | None = None) -> None:
    """One page the size of the mat plus bleed; TrimBox = the mat, BleedBox = the page."""
    canvas = new_canvas(path, (drawing.width, drawing.height), title, game)
    bleed = drawing.bleed
    canvas.setTrimBox((bleed, bleed, drawing.width - bleed, drawing.height - bleed))
    canvas.setBleedBox((0, 0, drawing.width, drawing.height))
    face_pdf.draw(canvas, drawing, 0, 0)
    canvas.showPage()
    canvas.save()


def write_tiled(path: Path, paper: str, drawing: FaceDrawing, component: Component, title: str,
                game: Game | None = None) -> int:
    """The mat at real size over as many pages as it needs; returns the page count."""
    tiling = tiles.tile(drawing.width, drawing.height, paper)
    canvas = new_canvas(path, (tiling.page_w, tiling.page_h), title, game)
    # The mat is stored once, as a form every page shows through its window.
    canvas.beginForm(MAT_FORM, 0, 0, drawing.width, drawing.height)
    face_pdf.draw(canvas, drawing, 0, 0)
    canvas.endForm()
    pages, edition = 0, game.edition if game else ""
    if tiling.pages > 1:
        _assembly_page(canvas, tiling, drawing, component, (title, edition), paper)
        pages += 1
    for tile in tiling.tiles():
        _tile_page(canvas, tiling, tile, drawing, component.name, edition)
        pages += 1
    canvas.save()
    return pages


# -- one tile ---------------------------------------------------------------------------------

def _tile_page(canvas: Canvas, tiling: tiles.MatTiling, tile: tiles.Tile, drawing: FaceDrawing,
               name: str, edition: str) -> None:
    x, y, w, h = tiling.window(tile)
    canvas.saveState()
    clip = canvas.beginPath()
    clip.rect(x, y, w, h)
    canvas.clipPath(clip, stroke=0, fill=0)
    canvas.saveState()
    canvas.translate(*tiling.mat_origin(tile))
    canvas.doForm(MAT_FORM)
    canvas.restoreState()
    for u, v in tiling.crosses():
        if tiling.visible(tile, u, v, pad=-tiles.CROSS_ARM):
            _cross(canvas, *tiling.to_page(tile, u, v))
    canvas.restoreState()
    _cut_ticks(canvas, tiling, tile, drawing.bleed)
    _labels(canvas, tiling, tile, name, edition)
    canvas.showPage()


def _cross(canvas: Canvas, x: float, y: float) -> None:
    """An alignment cross with a circle, white under black so it shows on any colour."""
    arm = tiles.CROSS_ARM
    for color, width in (("#FFFFFF", 1.6), (INK, 0.4)):
        canvas.setStrokeColorRGB(*face_pdf.rgb(color))
        canvas.setLineWidth(width)
        canvas.line(x - arm, y, x + arm, y)
        canvas.line(x, y - arm, x, y + arm)
        canvas.circle(x, y, arm / 2, stroke=1, fill=0)


def _cut_ticks(canvas: Canvas, tiling: tiles.MatTiling, tile: tiles.Tile, bleed: float) -> None:
    """Ticks in the band extending the cut lines (black) and the mat's trim edges (red)."""
    x, y, w, h = tiling.window(tile)
    trim_xs, trim_ys = tiling.mat_edges(bleed)
    canvas.setLineWidth(MARK_WIDTH)
    for color, xs, ys in ((INK, tiling.cut_xs(), tiling.cut_ys()), (TRIM_COLOR, trim_xs, trim_ys)):
        canvas.setStrokeColorRGB(*face_pdf.rgb(color))
        u0, v0 = tiling.union_origin(tile)
        for u in xs:
            if u0 <= u <= u0 + tiling.window_w:
                px = x + u - u0
                canvas.line(px, y - TICK, px, y)
                canvas.line(px, y + h, px, y + h + TICK)
        for v in ys:
            if v0 <= v <= v0 + tiling.window_h:
                py = y + h - (v - v0)
                canvas.line(x - TICK, py, x, py)
                canvas.line(x + w, py, x + w + TICK, py)


def _labels(canvas: Canvas, tiling: tiles.MatTiling, tile: tiles.Tile, name: str, edition: str) -> None:
    """The page's label in the top band, its neighbours' labels in the side bands."""
    x, y, w, h = tiling.window(tile)
    band_mid = tiles.BAND / 2 - LABEL_SIZE * 0.35
    canvas.setFillColorRGB(*face_pdf.rgb(INK))
    canvas.setFont(fonts.pdf_name("body-bold"), LABEL_SIZE)
    if tiling.pages == 1:
        label = f"{name}  ·  {word('print at 100 % (actual size)', edition)}"
    else:
        where = word("row {row} of {rows}, column {column} of {columns}", edition, row=tiles.row_name(tile.row),
                     rows=tiling.rows, column=tile.column + 1, columns=tiling.columns)
        label = f"{tile.label}  ·  {name}  ·  {where}"
    canvas.drawCentredString(x + w / 2, y + h + band_mid, label)
    neighbours = {
        "left": tiles.Tile(tile.row, tile.column - 1) if tile.column > 0 else None,
        "right": tiles.Tile(tile.row, tile.column + 1) if tile.column < tiling.columns - 1 else None,
        "below": tiles.Tile(tile.row + 1, tile.column) if tile.row < tiling.rows - 1 else None,
    }
    if neighbours["below"]:
        canvas.drawCentredString(x + w / 2, y - tiles.BAND + band_mid + 0.5,
                                 word("below: {name}", edition, name=neighbours["below"].label))
    for side, angle, px in (("left", 90, x - tiles.BAND / 2), ("right", -90, x + w + tiles.BAND / 2)):
        if neighbours[side]:
            canvas.saveState()
            canvas.translate(px, y + h / 2)
            canvas.rotate(angle)
            canvas.drawCentredString(0, -LABEL_SIZE * 0.35, word(f"{side}: {{name}}", edition,
                                                                   name=neighbours[side].label))
            canvas.restoreState()


# -- the assembly page ------------------------------------------------------------------------

STEPS = (
    "Print every page at 100 % (actual size, not 'fit to page'), one side only.",
    "On each page that has a neighbour to its left or above, cut along that side's cut line:",
    "the black ticks in the border mark it, and it runs through the middle of the alignment crosses.",
    "Lay the cut edge over the neighbour so that the half crosses complete the crosses beneath,",
    "then glue or tape. Join each row from left to right, then the rows from top to bottom.",
    "Last, trim the assembled mat along the red ticks.",
)


def _assembly_page(canvas: Canvas, tiling: tiles.MatTiling, drawing: FaceDrawing, component: Component,
                   titled: tuple[str, str], paper: str) -> None:
    """The page before the tiles: how to join them (in the edition's language), over a map of them."""
    (title, edition), left = titled, tiles.MARGIN + tiles.BAND
    top = tiling.page_h - tiles.MARGIN - tiles.BAND
    canvas.setFillColorRGB(*face_pdf.rgb(INK))
    canvas.setFont(fonts.pdf_name("display"), 16)
    canvas.drawString(left, top - 16, word("{title}: assembly", edition, title=title))
    canvas.setFont(fonts.pdf_name("body"), 9)
    size = f"{component.size.width / MM:.0f} × {component.size.height / MM:.0f} mm"
    named = paper.upper() if paper == "a4" else paper.title()
    canvas.drawString(left, top - 32, word("{pages} {paper} pages ({rows} rows × {columns} columns) make one "
                                           "{size} mat.", edition, pages=tiling.pages, rows=tiling.rows,
                                           columns=tiling.columns, size=size, paper=named))
    width = tiling.page_w - 2 * left  # a translation's steps are longer than English's lines: wrapped
    lines = [part for line in word("\n".join(STEPS), edition).split("\n")
             for part in simpleSplit(line, fonts.pdf_name("body"), 9, width)]
    for i, line in enumerate(lines):
        canvas.drawString(left, top - 48 - i * 12, line)
    diagram_top = top - 48 - len(lines) * 12 - 12
    _diagram(canvas, tiling, drawing, (left, tiles.MARGIN + tiles.BAND,
                                         tiling.page_w - 2 * left, diagram_top - tiles.MARGIN - tiles.BAND), edition)
    canvas.showPage()


def _diagram(canvas: Canvas, tiling: tiles.MatTiling, drawing: FaceDrawing,
             box: tuple[float, float, float, float], edition: str = "") -> None:
    """The pages' windows as a grid over a small copy of the mat, scaled to fit box (x, y, w, h)."""
    bx, by, bw, bh = box
    scale = min(bw / tiling.union_w, bh / tiling.union_h)
    ox = bx + (bw - tiling.union_w * scale) / 2
    oy = by + bh - (bh - tiling.union_h * scale) / 2  # top of the diagram

    def at(u: float, v: float) -> tuple[float, float]:
        return ox + u * scale, oy - v * scale

    # The mat itself, small and faded under the grid.
    canvas.saveState()
    mat_x, mat_top = at(tiling.mat_left, tiling.mat_top)
    canvas.translate(mat_x, mat_top - tiling.mat_h * scale)
    canvas.scale(scale, scale)
    canvas.doForm(MAT_FORM)
    canvas.restoreState()
    canvas.setFillColorRGB(1, 1, 1, alpha=0.6)
    canvas.rect(ox, oy - tiling.union_h * scale, tiling.union_w * scale, tiling.union_h * scale, stroke=0, fill=1)
    canvas.setFillAlpha(1)
    canvas.setLineWidth(0.75)
    # The overlaps, tinted.
    canvas.setFillColorRGB(*face_pdf.rgb(OVERLAP_TINT))
    for c in range(1, tiling.columns):
        x, y = at(c * tiling.step_x, tiling.union_h)
        canvas.rect(x, y, tiles.OVERLAP * scale, tiling.union_h * scale, stroke=0, fill=1)
    for r in range(1, tiling.rows):
        x, y = at(0, r * tiling.step_y + tiles.OVERLAP)
        canvas.rect(x, y, tiling.union_w * scale, tiles.OVERLAP * scale, stroke=0, fill=1)
    # The mat's trimmed outline.
    xs, ys = tiling.mat_edges(drawing.bleed)
    x0, y1 = at(xs[0], ys[0])
    x1, y0 = at(xs[1], ys[1])
    canvas.setStrokeColorRGB(*face_pdf.rgb(TRIM_COLOR))
    canvas.setLineWidth(1.5)
    canvas.rect(x0, y0, x1 - x0, y1 - y0, stroke=1, fill=0)
    # Each page's window with its label.
    canvas.setStrokeColorRGB(*face_pdf.rgb(INK))
    canvas.setLineWidth(0.75)
    label_size = max(8.0, min(28.0, min(tiling.step_x, tiling.step_y) * scale / 4))
    canvas.setFont(fonts.pdf_name("body-bold"), label_size)
    for tile in tiling.tiles():
        u, v = tiling.union_origin(tile)
        x, y = at(u, v + tiling.window_h)
        canvas.rect(x, y, tiling.window_w * scale, tiling.window_h * scale, stroke=1, fill=0)
        cx, cy = at(u + tiling.window_w / 2, v + tiling.window_h / 2)
        canvas.setFillColorRGB(*face_pdf.rgb(INK))
        canvas.drawCentredString(cx, cy - label_size * 0.35, tile.label)
    canvas.setFillColorRGB(*face_pdf.rgb(FAINT))
    canvas.setFont(fonts.pdf_name("body"), 8)
    canvas.drawString(bx, by, word("Blue: overlaps (glue here).  Red: the mat's edge.", edition))
