"""SVG art in a face (an op.Image whose file is an .svg, checked by svgart.py): in the PDF,
svglib's drawing placed as vectors; in the PNG, that same drawing drawn into a one-page PDF
of exactly the picture's pixels and rasterised by PDFium. Both read the SVG once, the same
way (svglib), so they agree; PDFium is already what renders the gallery's thumbnails.

A picture sits in its box as a raster one does (fitted_size): `contain` whole and centred,
`cover` filling the box, centred and cropped, `stretch` to the box.

ReportLab's graphics, its canvas and PDFium are loaded when a game first draws SVG art (_lib):
together they take 0.2 s, which every build of a game without any would pay (png.py imports
this module for fitted_size)."""

from __future__ import annotations

import hashlib
import io
from functools import lru_cache
from importlib import import_module
from pathlib import Path

from PIL import Image

from .. import ops as op
from .. import svgart


def fitted_size(natural: tuple[float, float], box_w: int, box_h: int, fit: str) -> tuple[int, int]:
    """The pixels a picture of natural size (width, height) takes for a box_w × box_h px box."""
    if fit == "stretch":
        return box_w, box_h
    width, height = natural
    ratio = (min if fit == "contain" else max)(box_w / width, box_h / height)
    return max(1, round(width * ratio)), max(1, round(height * ratio))


def natural_size(path: str) -> tuple[float, float]:
    drawing = svgart.drawing(str(path))
    return drawing.width, drawing.height


def draw_pdf(canvas, i: op.Image, x0: float, top: float) -> None:
    """The SVG as vectors in the box (x0 + x, top - y - h, w, h) of the canvas."""
    drawing = svgart.drawing(str(i.path))
    left, bottom = x0 + i.x, top - i.y - i.h
    canvas.saveState()
    if i.fit == "cover":  # clip what overflows, as the PNG crops it
        box = canvas.beginPath()
        box.rect(left, bottom, i.w, i.h)
        canvas.clipPath(box, stroke=0, fill=0)
    sx, sy, dx, dy = _placement((drawing.width, drawing.height), i.w, i.h, i.fit)
    canvas.translate(left + dx, bottom + dy)
    canvas.scale(sx, sy)
    canvas.doForm(_form(canvas, str(i.path), drawing))
    canvas.restoreState()


def _form(canvas, path: str, drawing) -> str:
    """The SVG drawn once into a form of this PDF, placed by reference wherever it is drawn
    (a deck whose every card shows the same art holds its paths once). Named by the file's
    content, not its path: the same game built from another folder is the same bytes."""
    name = "ppgenSvg" + _content_digest(path)[:16]
    if not canvas.hasForm(name):
        canvas.beginForm(name, 0, 0, drawing.width, drawing.height)
        _draw(drawing, canvas)
        canvas.endForm()
    return name


@lru_cache(maxsize=256)
def _content_digest(path: str) -> str:
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


def _placement(natural, w: float, h: float, fit: str) -> tuple[float, float, float, float]:
    """(scale x, scale y, offset x, offset y) of a picture of natural size in a w × h box."""
    width, height = natural
    if fit == "stretch":
        return w / width, h / height, 0.0, 0.0
    ratio = (min if fit == "contain" else max)(w / width, h / height)
    return ratio, ratio, (w - width * ratio) / 2, (h - height * ratio) / 2


def raster(path: str, box_w: int, box_h: int, fit: str) -> Image.Image:
    """The SVG rasterised (RGBA) for a box_w × box_h px box, to be centred on it: `cover`
    renders the box itself, never the overflow it would crop."""
    size = fitted_size(natural_size(path), box_w, box_h, fit)
    return _render(str(path), size, (box_w, box_h) if fit == "cover" else size)


@lru_cache(maxsize=32)
def _render(path: str, size: tuple[int, int], page: tuple[int, int]) -> Image.Image:
    """The drawing scaled to size px, centred on a page of page px, one point a pixel."""
    drawing = svgart.drawing(path)
    buffer = io.BytesIO()
    canvas = _lib("reportlab.pdfgen.canvas").Canvas(buffer, pagesize=page, invariant=1)
    canvas.translate((page[0] - size[0]) / 2, (page[1] - size[1]) / 2)
    canvas.scale(size[0] / drawing.width, size[1] / drawing.height)
    _draw(drawing, canvas)
    canvas.showPage()
    canvas.save()
    document = _lib("pypdfium2").PdfDocument(buffer.getvalue())
    try:
        bitmap = document[0].render(scale=1, fill_color=(255, 255, 255, 0))
        return bitmap.to_pil().convert("RGBA")
    finally:
        document.close()


def _lib(name: str):
    """A library module, imported on first use (see the module's docstring)."""
    return import_module(name)


def _draw(drawing, canvas) -> None:
    """renderPDF.draw, but a picture the SVG embeds goes in as an image object: ReportLab's
    inline images are binary with our settings (no ASCII85, pdfdoc.configure), and binary
    cannot join a page's text of operators."""
    render_pdf = _lib("reportlab.graphics.renderPDF")
    reader = _lib("reportlab.lib.utils").ImageReader

    class Renderer(render_pdf._PDFRenderer):
        def drawImage(self, image):
            if hasattr(image.path, "mode"):  # svglib's: a Pillow image, decoded from the data: URI
                self._canvas.drawImage(reader(image.path), image.x, image.y, image.width, image.height,
                                       mask="auto")

    Renderer().draw(render_pdf.renderScaledDrawing(drawing), canvas, 0, 0)
