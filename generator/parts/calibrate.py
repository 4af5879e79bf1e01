"""The duplex calibration sheet (`ppgen calibrate`): millimetre rulers on the front, long
crosses on the back at the same five places (the centre and near each edge, symmetric, so
the sheet reads the same whichever edge the printer flips on). Held to the light, where a
back cross meets a front ruler is how far the printer moved the back there."""

from __future__ import annotations

from pathlib import Path

from reportlab.lib.utils import simpleSplit
from reportlab.pdfgen.canvas import Canvas

from ..text import fonts
from ..text.catalogue import word
from .pdfdoc import new_canvas
from ..units import MM, paper_size

RULER_MM = 10  # each ruler reads -10 .. +10 mm
EDGE_INSET = 30 * MM  # the left and right targets' distance from the paper's edge
EDGE_INSET_Y = 22 * MM  # the top and bottom targets', leaving room for the instructions
CROSS_ARM = 16 * MM
CENTRE_SHIFT = 12 * MM
INK = (0, 0, 0)


def targets(paper: str) -> dict[str, tuple[float, float, str]]:
    """name -> (x, y, axis read there): the centre reads both axes, left/right read x
    (for scale_x), top/bottom read y (for scale_y)."""
    w, h = paper_size(paper)
    cx, cy = w / 2, h / 2
    return {"centre": (cx, cy, "xy"), "left": (EDGE_INSET, cy, "x"), "right": (w - EDGE_INSET, cy, "x"),
            "top": (cx, h - EDGE_INSET_Y, "y"), "bottom": (cx, EDGE_INSET_Y, "y")}


def spans(paper: str) -> tuple[float, float]:
    """Distance in mm between the left and right targets, and between top and bottom."""
    t = targets(paper)
    return ((t["right"][0] - t["left"][0]) / MM, (t["top"][1] - t["bottom"][1]) / MM)


def write(path: Path, paper: str, language: str = "en") -> int:
    """The sheet, its words in `language` (a code of the catalogue); returns its page count."""
    fonts.register()
    w, h = paper_size(paper)
    canvas = new_canvas(path, (w, h), f"ppgen duplex calibration ({paper})")
    for x, y, axes in targets(paper).values():
        for axis in axes:
            # At the centre the upright ruler stands beside the level one, where the back's
            # long level line still crosses it, so their numbers do not collide.
            _ruler(canvas, x + (CENTRE_SHIFT if axes == "xy" and axis == "y" else 0), y, axis)
    _instructions(canvas, paper, language)
    canvas.showPage()
    canvas.setLineWidth(0.4)
    for x, y, _ in targets(paper).values():
        canvas.line(x - CROSS_ARM, y, x + CROSS_ARM, y)
        canvas.line(x, y - CROSS_ARM, x, y + CROSS_ARM)
    canvas.setFont(fonts.pdf_name("body-bold"), 14)
    canvas.drawCentredString(w / 2, h - 50 * MM, word("BACK: the crosses show through to the front's rulers", language))
    canvas.showPage()
    canvas.save()
    return 2


def _ruler(canvas: Canvas, x: float, y: float, axis: str) -> None:
    """Ticks every 0.5 mm across a line through (x, y) along `axis`, numbered every 5 mm."""
    canvas.setStrokeColorRGB(*INK)
    canvas.setLineWidth(0.3)
    canvas.setFont(fonts.pdf_name("body"), 5)
    along = (1, 0) if axis == "x" else (0, 1)
    across = (0, 1) if axis == "x" else (1, 0)
    canvas.line(x - along[0] * RULER_MM * MM, y - along[1] * RULER_MM * MM,
                x + along[0] * RULER_MM * MM, y + along[1] * RULER_MM * MM)
    for half in range(-2 * RULER_MM, 2 * RULER_MM + 1):
        mm = half / 2
        size = 3.5 * MM if half % 10 == 0 else 2.2 * MM if half % 2 == 0 else 1.2 * MM
        px, py = x + along[0] * mm * MM, y + along[1] * mm * MM
        canvas.line(px, py, px + across[0] * size, py + across[1] * size)
        if half % 10 == 0:  # numbered every 5 mm; the ticks between count half millimetres
            label = f"{mm:+.0f}" if half else "0"
            if axis == "x":
                canvas.drawCentredString(px, py + 4.2 * MM, label)
            else:
                canvas.drawString(px + 4.2 * MM, py - 1.7, label)


INSTRUCTIONS = (
    "1. Print this file on one sheet, both sides, at 100 % (actual size), flipping on the long edge",
    "   (or the short edge, if that is how you will print cards).",
    "2. Hold the sheet against a window or lamp, this side facing you: the back's crosses show through.",
    "3. Centre: the number on the horizontal ruler where the back's upright line crosses it is offset_x",
    "   (+ right); on the upright ruler, where the back's level line crosses it, offset_y (+ up). In mm.",
    "4. Read the left and right rulers the same way: scale_x = 1 + (right - left) / {sx:.0f}.",
    "   Read the top and bottom rulers: scale_y = 1 + (top - bottom) / {sy:.0f}. All zero: scale 1.",
    "5. Store them under a name in your printers.toml (ppgen calibrate said where it is), e.g.",
    "       [office-laser]",
    "       offset_x = \"1.5mm\"",
    "       offset_y = \"-0.5mm\"",
    "       scale_x = 1.0",
    "       scale_y = 1.0",
    "       flip = \"long\"",
    "   then build with  ppgen build GAME --printer office-laser  and the backs land behind the fronts.",
)


STEPS, EXAMPLE, LAST = "\n".join(INSTRUCTIONS[:8]), INSTRUCTIONS[8:-1], INSTRUCTIONS[-1]  # EXAMPLE: TOML


def _instructions(canvas: Canvas, paper: str, language: str) -> None:
    w, h = paper_size(paper)
    sx, sy = spans(paper)
    canvas.setFont(fonts.pdf_name("body-bold"), 13)
    name = "Letter" if paper == "letter" else "A4"
    canvas.drawString(15 * MM, h - 42 * MM, word("ppgen duplex calibration ({paper})", language, paper=name))
    canvas.setFont(fonts.pdf_name("body"), 7.5)
    y = h - 49 * MM
    for line in _lines(language, sx, sy, w - 30 * MM):
        canvas.drawString(15 * MM, y, line)
        y -= 9.5


def _lines(language: str, sx: float, sy: float, width: float) -> list[str]:
    """The instructions' lines in the language, a line too long for the width (a translation's)
    wrapped, indented as a step's second line is; the example profile as it is, TOML."""
    said = word(STEPS, language, sx=sx, sy=sy).split("\n") + list(EXAMPLE) + [word(LAST, language)]
    out = []
    for line in said:
        if fonts.string_width(line, "body", 7.5) <= width:
            out.append(line)
            continue
        indent = " " * (len(line) - len(line.lstrip()) or 3)
        parts = simpleSplit(line, fonts.pdf_name("body"), 7.5, width - fonts.string_width(indent, "body", 7.5))
        lead = line[:len(line) - len(line.lstrip())]  # a step's second line keeps its indent
        out += [lead + parts[0], *(indent + part for part in parts[1:])]
    return out
