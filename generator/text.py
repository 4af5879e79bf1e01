"""Fitting text into a box: wrap at spaces, shrink in half-point steps down to a floor,
and say so when it still does not fit. Widths come from the font files' metrics, the
same numbers the PDF uses, so what fits here fits on paper. text_ops turns fitted text into
display-list operations (faces/ops.py) for a card face or a figure."""

from __future__ import annotations

import math
from dataclasses import dataclass

from reportlab.pdfbase.pdfmetrics import getAscentDescent

from . import fonts
from .faces import ops as op

SHRINK_STEP = 0.5  # pt


@dataclass(frozen=True)
class FittedText:
    size: float
    lines: tuple[str, ...]
    line_height: float


class TextDoesNotFit(ValueError):
    pass


def sizes_down(start: float, floor: float, step: float) -> list[float]:
    """The sizes a shrink-to-fit tries, largest first: start, then down by step to floor (not
    below). Rounded to 1/1000 pt so that repeated steps do not drift."""
    count = math.floor((start - floor) / step + 1e-9)
    if count < 0:
        return []
    return [start] + [round(start - i * step, 3) for i in range(1, count + 1)]


def wrap(text: str, role: str, size: float, width: float) -> list[str] | None:
    """Greedy wrap; None when a single word is wider than the box."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        current = ""
        for word in paragraph.split():
            candidate = f"{current} {word}" if current else word
            if fonts.string_width(candidate, role, size) <= width:
                current = candidate
            elif fonts.string_width(word, role, size) > width:
                return None
            else:
                lines.append(current)
                current = word
        lines.append(current)
    return lines


def fit(text: str, role: str, size: float, min_size: float, width: float, height: float,
        leading: float = 1.2) -> FittedText:
    missing = fonts.missing_glyphs(role, text)
    if missing:
        shown = ", ".join(f"'{ch}' (U+{ord(ch):04X})" if ch.isprintable() else f"U+{ord(ch):04X}"
                          for ch in missing)  # a control or private-use character shows as its code
        raise TextDoesNotFit(f"the {role} font has no glyph for {shown}")
    for current in sizes_down(size, min_size, SHRINK_STEP):
        lines = wrap(text, role, current, width)
        if lines is not None and len(lines) * current * leading - (leading - 1) * current <= height + 1e-6:
            return FittedText(current, tuple(lines), current * leading)
    shown = text if len(text) <= 60 else text[:57] + "..."
    raise TextDoesNotFit(
        f"text {shown!r} does not fit its {width / 72 * 25.4:.1f} × {height / 72 * 25.4:.1f} mm box "
        f"even at the minimum size of {min_size:g} pt")


def text_ops(text: str, x: float, y: float, w: float, h: float, font: str, size: float,
             min_size: float, color: str, align: str = "center", valign: str = "middle",
             leading: float = 1.2) -> list[op.Text]:
    """Lines of text fitted into the box (x, y, w, h); raises ValueError if it cannot fit."""
    try:
        fitted = fit(text, font, size, min_size, w, h, leading)
    except TextDoesNotFit as exc:
        raise ValueError(str(exc)) from None
    ascent, descent = getAscentDescent(fonts.pdf_name(font), fitted.size)
    block = fitted.line_height * (len(fitted.lines) - 1) + ascent - descent
    top = {"top": y, "middle": y + (h - block) / 2, "bottom": y + h - block}[valign]
    anchor_x = {"left": x, "center": x + w / 2, "right": x + w}[align]
    return [op.Text(anchor_x, top + ascent + i * fitted.line_height, line, font, fitted.size, color, align)
            for i, line in enumerate(fitted.lines)]
