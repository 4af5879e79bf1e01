"""Blocks (doc.py) → display-list ops in a fixed box: the text engine of the player aids.

Aid cards go through the same FaceDrawing renderer as the game's cards (faces.pdf, and
faces.png should a print shop want them), so they are laid out here from primitive ops
rather than by Platypus: rich-text wrapping (bold and italic runs), headings, bulleted and
numbered lists, tables, boxes, rules, and the colour wheel. `fit` tries sizes from a start
size down to a floor and says how much is missing when even the floor does not fit.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field

from reportlab.pdfbase.pdfmetrics import getAscentDescent, stringWidth

from ..text import fonts, icons
from ..errors import GameError, problem
from .. import ops as op
from ..model import Game
from .. import doc
from ..text.fit import first_that_fits, sizes_down
from . import figures

_SPACE = re.compile(r"([ \t\r\n]+)")  # not U+00A0: a no-break space holds words together


@dataclass(frozen=True)
class Palette:
    ink: str
    accent: str
    soft: str  # table stripes, box fill
    header_text: str
    line: str
    muted: str
    good: str  # the tick beside an allowed example
    bad: str  # the cross beside a forbidden one


@dataclass
class _Word:
    text: str
    font: str
    space: bool  # a space goes before it
    parts: tuple = ()  # (text, font, icon) pieces when not all of it is in `font`: fallback, icons


@dataclass
class Layout:
    """Result of laying blocks out: ops (y from the box's top) and the height used."""

    ops: list = field(default_factory=list)
    height: float = 0.0


class DoesNotFit(Exception):
    def __init__(self, needed: float, available: float):
        super().__init__(f"needs {needed:.0f} pt, has {available:.0f} pt")
        self.needed = needed
        self.available = available


def _fontname(role: str) -> str:
    return fonts.pdf_name(role)


def _width(text: str, role: str, size: float) -> float:
    return stringWidth(text, _fontname(role), size)


def _word_width(w: _Word, size: float) -> float:
    if not w.parts:
        return _width(w.text, w.font, size)
    return sum(icons.IMAGE_SIDE * size + 2 * icons.IMAGE_GAP * size if icon is not None and icon.path
               else _width(text, font, size) for text, font, icon in w.parts)


def _parts(text: str, role: str, icon=None) -> tuple:
    """A word's pieces by font (characters the role's font lacks in the fallback)."""
    pieces = fonts.segments(text, role)
    if icon is None and all(font == role for _, font in pieces):
        return ()
    return tuple((piece, font, icon) for piece, font in pieces)


def words(runs: doc.Runs, bold: bool = False, game_icons=None) -> list[_Word | None]:
    """Runs → words (None for a forced line break); a space before a word is remembered."""
    out: list[_Word | None] = []
    space = False
    for run in runs:
        role = doc.Run(run.text, run.bold or bold, run.italic).font
        if run.icon and game_icons and run.icon in game_icons:
            icon = game_icons[run.icon]
            parts = ((("", role, icon),) if icon.path else _parts(icon.glyph, icon.font or role, icon))
            out.append(_Word(run.text, role, space, parts))
            space = False
            continue
        for part in _SPACE.split(run.text):
            if not part:
                continue
            if part.isspace():
                if "\n" in part:
                    out.append(None)
                    space = False
                else:
                    space = bool(out)
            else:
                out.append(_Word(part, role, space, _parts(part, role)))
                space = False
    return out


def wrap(runs: doc.Runs, size: float, width: float, bold: bool = False,
         game_icons=None) -> list[list[_Word]]:
    """Greedy wrap; raises DoesNotFit when one word is wider than the line."""
    lines: list[list[_Word]] = [[]]
    x = 0.0
    for w in words(runs, bold, game_icons):
        if w is None:
            lines.append([])
            x = 0.0
            continue
        ww = _word_width(w, size)
        if ww > width + 0.01:
            raise DoesNotFit(ww, width)
        gap = _width(" ", w.font, size) if w.space and lines[-1] else 0.0
        if lines[-1] and x + gap + ww > width + 0.01:
            lines.append([])
            x, gap = 0.0, 0.0
        lines[-1].append(w)
        x += gap + ww
    return [line for line in lines if line] or [[]]


def line_width(line: list[_Word], size: float) -> float:
    total = 0.0
    for i, w in enumerate(line):
        if i and w.space:
            total += _width(" ", w.font, size)
        total += _word_width(w, size)
    return total


def text_line_ops(line: list[_Word], x: float, baseline: float, size: float, color: str,
                  align: str = "left", width: float = 0.0) -> list:
    """One wrapped line as Text ops (one per change of font), aligned in width."""
    total = line_width(line, size)
    if align == "center":
        x += (width - total) / 2
    elif align == "right":
        x += width - total
    ops, chunk, chunk_font, chunk_x, chunk_ink = [], "", None, x, color

    def add(piece: str, font: str, ink: str):
        nonlocal chunk, chunk_font, chunk_x, chunk_ink
        if (font != chunk_font or ink != chunk_ink) and chunk:
            ops.append(op.Text(chunk_x, baseline, chunk, chunk_font, size, chunk_ink))
            chunk_x += _width(chunk, chunk_font, size)
            chunk = ""
        if not chunk:
            chunk_font, chunk_ink = font, ink
        chunk += piece

    for i, w in enumerate(line):
        if i and w.space:
            add(" ", w.font, chunk_ink if chunk else color)
        for text, font, icon in w.parts or ((w.text, w.font, None),):
            if icon is not None and icon.path:
                if chunk:  # close the chunk: the image goes after it
                    ops.append(op.Text(chunk_x, baseline, chunk, chunk_font, size, chunk_ink))
                    chunk_x += _width(chunk, chunk_font, size)
                    chunk = ""
                side = icons.image_side(icon, size)
                ops.append(op.Image(chunk_x + icons.IMAGE_GAP * size, baseline - side, side, side, icon.path))
                chunk_x += side + 2 * icons.IMAGE_GAP * size
            else:
                add(text, font, (icon.color if icon is not None and icon.color else color))
    if chunk:
        ops.append(op.Text(chunk_x, baseline, chunk, chunk_font, size, chunk_ink))
    return ops


class CardText:
    """Lays blocks into a column of `width` at body `size`."""

    def __init__(self, game: Game, palette: Palette, size: float, leading: float = 1.22,
                 floor: float = 6.0):
        self.game = game
        self.p = palette
        self.size = size
        self.floor = floor
        self.lead = leading
        self.gap = size * 0.5  # between blocks
        self.painter = figures.CardPainter(game)

    def paragraph(self, runs: doc.Runs, x: float, y: float, width: float, size: float | None = None,
                  color: str | None = None, bold: bool = False, align: str = "left") -> Layout:
        size = size or self.size
        ascent, _ = getAscentDescent(_fontname("body"), size)
        lines = wrap(runs, size, width, bold, self.game.icons)
        out = Layout()
        step = size * self.lead
        for i, line in enumerate(lines):
            out.ops += text_line_ops(line, x, y + ascent + i * step, size, color or self.p.ink, align, width)
        out.height = step * (len(lines) - 1) + size * 1.1
        return out

    def blocks(self, blocks, x: float, y: float, width: float) -> Layout:
        out = Layout()
        cursor = y
        for n, block in enumerate(blocks):
            if n:
                cursor += self.gap
            part = self.block(block, x, cursor, width)
            out.ops += part.ops
            cursor += part.height
        out.height = cursor - y
        return out

    def block(self, block, x: float, y: float, width: float) -> Layout:
        if isinstance(block, doc.Paragraph):
            return self.paragraph(block.runs, x, y, width)
        if isinstance(block, doc.Heading):
            return self.paragraph(block.runs, x, y, width, self.size * 1.08, self.p.accent, bold=True)
        if isinstance(block, doc.ListBlock):
            return self.list_block(block, x, y, width)
        if isinstance(block, doc.Table):
            return self.table(block, x, y, width)
        if isinstance(block, doc.Box):
            pad = self.size * 0.5
            inner = self.blocks(block.blocks, x + pad, y + pad, width - 2 * pad)
            h = inner.height + 2 * pad
            return Layout([op.Rect(x, y, width, h, self.p.soft, self.p.line, 0.5, pad)] + inner.ops, h)
        if isinstance(block, doc.Rule):
            return Layout([op.Line(x, y + self.size * 0.3, x + width, y + self.size * 0.3, self.p.line, 0.5)],
                          self.size * 0.6)
        if isinstance(block, doc.FigureBlock):
            return self.figures(block, x, y, width)
        if isinstance(block, (doc.PageBreak, doc.BackCover)):
            return Layout()
        raise GameError(problem(self.game.rules, block.line, "this cannot be shown in a player aid"))

    def list_block(self, block: doc.ListBlock, x: float, y: float, width: float) -> Layout:
        out = Layout()
        cursor = y
        labels = [f"{block.start + i}." if block.ordered else "•" for i in range(len(block.items))]
        indent = max(_width(l, "body-bold", self.size) for l in labels) + self.size * 0.45
        ascent, _ = getAscentDescent(_fontname("body"), self.size)
        for i, (label, item) in enumerate(zip(labels, block.items)):
            if i:
                cursor += self.gap * 0.55
            out.ops.append(op.Text(x, cursor + ascent, label, "body-bold" if block.ordered else "body",
                                   self.size, self.p.accent))
            part = self.blocks(item, x + indent, cursor, width - indent)
            out.ops += part.ops
            cursor += part.height
        out.height = cursor - y
        return out

    def table(self, block: doc.Table, x: float, y: float, width: float) -> Layout:
        """Cells on one line each; a table too wide for the column gets smaller text (down to
        the floor) before the whole aid has to shrink."""
        columns = list(zip(block.header, *block.rows))

        def natural(runs, bold, size):
            return sum(_width(r.text, "body-bold" if bold or r.bold else "body", size) for r in runs)

        size = self.size * 0.95
        while True:
            pad = size * 0.4
            want = [max(natural(c, i == 0, size) for i, c in enumerate(col)) + 2 * pad for col in columns]
            total = sum(want)
            if total <= width + 0.01:
                break
            if size - 0.25 < self.floor - 1e-9:
                raise DoesNotFit(total, width)
            size -= 0.25
        table_w = min(width, total * 1.5)  # share some spare room, but do not stretch thin
        widths = [w + (table_w - total) / len(want) for w in want]
        width = table_w
        out = Layout()
        cursor = y
        row_h = size * 1.45
        ascent, descent = getAscentDescent(_fontname("body"), size)
        for r, row in enumerate((block.header, *block.rows)):
            if r == 0:
                out.ops.append(op.Rect(x, cursor, width, row_h, self.p.accent))
            elif r % 2 == 0:
                out.ops.append(op.Rect(x, cursor, width, row_h, self.p.soft))
            cx = x
            baseline = cursor + (row_h + ascent + descent) / 2
            for c, (cell, w) in enumerate(zip(row, widths)):
                align = block.aligns[c] if c < len(block.aligns) else "left"
                color = self.p.header_text if r == 0 else self.p.ink
                for line in wrap(cell, size, w - 2 * pad, bold=r == 0, game_icons=self.game.icons)[:1]:
                    out.ops += text_line_ops(line, cx + pad, baseline, size, color, align, w - 2 * pad)
                cx += w
            cursor += row_h
        out.ops.append(op.Line(x, cursor, x + width, cursor, self.p.accent, 0.6))
        out.height = cursor - y
        return out

    def figures(self, block: doc.FigureBlock, x: float, y: float, width: float) -> Layout:
        out = Layout()
        cursor = y
        for figure in block.figures:
            if isinstance(figure, doc.ImageFigure):
                w, h = figures.image_size(figure)
                scale = min(width / w, self.size * 12 / h)
                out.ops.append(op.Image(x + (width - w * scale) / 2, cursor, w * scale, h * scale,
                                        str(figure.path)))
                cursor += h * scale
            elif isinstance(figure, doc.CardsFigure):  # real cards, about eight lines tall
                caption = self.size * 0.85
                layout = figures.cards_layout(
                    figure, self.painter, self.size * 8, self.size * 0.4, width, caption,
                    lambda label: fonts.string_width(label, "body-italic", caption))
                colors = {"muted": self.p.muted, "line": self.p.line, "good": self.p.good, "bad": self.p.bad}
                ops = figures.cards_ops(figure, self.painter, layout, colors, "body-italic", caption)
                out.ops += figures.moved(ops, x + (width - layout.width) / 2, cursor)
                cursor += layout.height
            else:
                room = doc.FigureRoom(self.size * 0.92, self.size * 15.5, self.size * 3, self.p.soft,
                                      self.p.accent)
                w, h = figure.measure(width, room)
                out.ops += figures.moved(figure.ops(width, room), x + (width - w) / 2, cursor)
                cursor += h
            if figure.caption:
                cap = self.paragraph((doc.Run(figure.caption, italic=True),), x, cursor + self.size * 0.3,
                                     width, self.size * 0.85, self.p.muted, align="center")
                out.ops += cap.ops
                cursor += cap.height + self.size * 0.3
        out.height = cursor - y
        return out


def fit(game: Game, aid: doc.Aid, palette: Palette, width: float, height: float, start: float,
        floor: float, leading: float, step: float = 0.25) -> tuple[Layout, float]:
    """The aid's blocks at the largest size from start down to floor that fits width × height
    (ops relative to the box's top-left). Raises GameError naming the aid's line if none does."""
    sizes = sizes_down(start, floor, step)
    tried: dict[int, Layout | DoesNotFit] = {}

    def fits(index: int) -> bool:
        try:
            laid = tried[index] = CardText(game, palette, sizes[index], leading, floor).blocks(aid.blocks, 0, 0, width)
        except DoesNotFit as exc:
            tried[index] = exc
            return False
        return laid.height <= height + 0.01

    def estimate(index: int) -> float:
        """The size the text would just fill the box at, from its try at sizes[index]: its
        height grows about as the square of the size (each line taller, fewer words to a
        line); a table or word too wide, its width as the size."""
        size, laid = sizes[index], tried[index]
        if isinstance(laid, DoesNotFit):
            return size * max(laid.available, 0.0) / max(laid.needed, 1e-9)
        return size * math.sqrt(max(height, 0.0) / max(laid.height, 1e-9))

    found = first_that_fits(sizes, fits, estimate)
    if found is not None:
        return tried[found], sizes[found]
    # what the smallest size tried says: the floor's (first_that_fits tries it last when none fits)
    needed = next((t.height for _, t in sorted(tried.items(), reverse=True) if isinstance(t, Layout)), None)
    too_wide = next((t for _, t in sorted(tried.items(), reverse=True) if isinstance(t, DoesNotFit)), None)
    mm = 25.4 / 72
    if needed is None and too_wide is not None:
        why = f"; a table or word is {(too_wide.needed - too_wide.available) * mm:.0f} mm too wide"
    elif needed is not None:
        why = f"; it is about {(needed - height) * mm:.0f} mm too long"
    else:
        why = ""
    raise GameError(problem(game.rules, aid.line,
                            f"aid '{aid.title}' does not fit its {width * mm:.0f} × {height * mm:.0f} mm "
                            f"space even at {floor:g} pt{why}"))
