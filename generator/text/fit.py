"""Fitting text into a box: wrap at spaces, shrink in half-point steps down to a floor,
and say so when it still does not fit. Widths come from the font files' metrics, the
same numbers the PDF uses, so what fits here fits on paper. text_ops turns fitted text into
display-list operations (ops.py) for a card face or a figure.

Card text may be rich (text/richtext.py: **bold**, *italic*, :icon:); every run is measured in
its own font, and a character the font lacks is drawn in the fallback font (text/fonts.py)."""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, replace
from typing import Callable

from reportlab.pdfbase.pdfmetrics import getAscentDescent

from . import fonts, gamefonts, icons, richtext, scripts
from .. import ops as op

SHRINK_STEP = 0.5  # pt
ALIGNED = {"left": 0.0, "center": 0.5, "right": 1.0}  # how much of a line's width lies left of its x
_EACH_SPACE = re.compile(r"(\s)")  # every whitespace character on its own: each ends a word


@dataclass(frozen=True)
class FittedText:
    size: float
    lines: tuple[str, ...]
    line_height: float


class TextDoesNotFit(ValueError):
    pass


@dataclass(frozen=True)
class Piece:
    """Part of a word in one font (or one icon); widths at 1 pt, scaled by the size."""

    text: str
    font: str
    unit: float
    icon: icons.Icon | None = None
    color: str | None = None  # a [color] span's, over the element's
    scale: float = 1.0  # a [size] span's share of the text's size (unit includes it)


Word = tuple[Piece, ...]


class Joined(tuple):
    """A word set right after the one before it, with no space between: a line may break
    between two CJK characters (text/scripts.py), and must not add a space there."""


def _gap(word: Word, space: float) -> float:
    return 0.0 if isinstance(word, Joined) else space


def _gaps(line: list[Word]) -> int:
    """How many spaces a line's words are set with."""
    return max(0, len(line) - 1 - sum(isinstance(word, Joined) for word in line[1:]))


def _part(piece: Piece, text: str) -> Piece:
    """The piece cut down to `text`, measured as the piece was (its scale, its letter spacing
    spread over its characters), all else kept."""
    scale = getattr(piece, "scale", 1.0)
    extra = (piece.unit - fonts.string_width(piece.text, piece.font, scale)) / len(piece.text)
    return replace(piece, text=text, unit=fonts.string_width(text, piece.font, scale) + extra * len(text))


def _break_between_characters(word: Word) -> list[Word]:
    """A word holding CJK characters as words of its own, each CJK character apart and the
    rest in runs, every one but the first Joined to the one before. Others are left whole."""
    if not any(scripts.wraps_anywhere(piece.text) for piece in word):
        return [word]
    out: list[list[Piece]] = [[]]
    breaks_after = False
    for piece in word:
        for segment in scripts.segments(piece.text) if piece.text else ():
            breaks_before = scripts.wraps_anywhere(segment)
            if out[-1] and (breaks_before or breaks_after):
                out.append([])
            out[-1].append(_part(piece, segment))
            breaks_after = breaks_before
        if not piece.text:  # an image icon stays in the word it is in
            out[-1].append(piece)
    return [tuple(out[0])] + [Joined(pieces) for pieces in out[1:]]


def sizes_down(start: float, floor: float, step: float) -> list[float]:
    """The sizes a shrink-to-fit tries, largest first: start, then down by step to floor (not
    below). Rounded to 1/1000 pt so that repeated steps do not drift."""
    count = math.floor((start - floor) / step + 1e-9)
    if count < 0:
        return []
    return [start] + [round(start - i * step, 3) for i in range(1, count + 1)]


def first_that_fits(sizes: list[float], fits: Callable[[int], bool], estimate: Callable[[int], float],
                    first: int = 0) -> int | None:
    """The index of the first of `sizes` (largest first) at which fits(index) holds, or None:
    what trying each in turn from the top finds, as long as what fits at one size fits at
    every smaller one. sizes[first] is tried first; after each try the next is the size
    estimate(index) expects to just fit from that try (the caller's model of how its text
    grows), kept strictly between the largest size known to fit and the smallest known not
    to: two or three tries, where walking down from the top took up to twenty. fits is asked
    about each index once at most; when none fits, the last asked about is the smallest."""
    if not sizes:
        return None
    bad, good, probe = -1, len(sizes), first
    while True:
        if fits(probe):
            good = probe
        else:
            bad = probe
        if good - bad <= 1:
            return good if good < len(sizes) else None
        target = estimate(probe)
        index = next((i for i, size in enumerate(sizes) if size <= target + 1e-9), len(sizes) - 1)
        probe = min(max(index, bad + 1), good - 1)


def _missing(text: str, role: str) -> None:
    missing = fonts.missing_glyphs(role, text)
    if missing:
        shown = ", ".join(f"'{ch}' (U+{ord(ch):04X})" if ch.isprintable() else f"U+{ord(ch):04X}"
                          for ch in missing)  # a control or private-use character shows as its code
        raise TextDoesNotFit(f"the {role} font has no glyph for {shown}, nor has the fallback font (DejaVu Sans)")


def marked(text: str) -> bool:
    """True when rich text may hold markup (else there is nothing to parse)."""
    return "*" in text or ":" in text or "\\" in text or "[" in text


MIN_SCALE, MAX_SCALE = 0.5, 4.0  # a [size] span against the text's own size


def span_scale(spec: str | None, size: float) -> float:
    """A [size] tag's '80%' or '8pt' as a share of the text's `size` (ValueError: too far)."""
    if spec is None:
        return 1.0
    scale = float(spec[:-1]) / 100 if spec.endswith("%") else float(spec[:-2]) / size
    if not MIN_SCALE <= scale <= MAX_SCALE:
        raise TextDoesNotFit(f"[size={spec}] must be from {MIN_SCALE:.0%} to {MAX_SCALE:.0%} of the text's "
                             f"size ({size:g} pt)")
    return scale


def words(text: str, role: str, rich: bool = False, game=None, spacing: float = 0.0,
          size: float = 10.0) -> list[list[Word]]:
    """Paragraphs of words, each word its pieces: fonts resolved (markup, the game's fonts,
    the fallback per character), icons looked up, widths measured once at 1 pt; `spacing`
    (letter spacing, in ems) added after every letter; a [size] span measured against `size`."""
    items = richtext.parse(text) if rich and marked(text) else [richtext.Span(text)]
    game_fonts = getattr(game, "fonts", None)
    lines = getattr(game, "lines", None)
    paragraphs: list[list[Word]] = [[]]
    word: list[Piece] = []

    def end_word():
        if word:
            paragraphs[-1].append(tuple(word))
            word.clear()

    for item in items:
        key = gamefonts.resolve(role, item.bold, item.italic, game_fonts, lines) \
            if rich and (item.bold or item.italic or game_fonts) else role
        scale = span_scale(item.size, size)

        def piece(text: str, font: str, icon=None) -> Piece:
            return Piece(text, font, fonts.string_width(text, font, scale) + spacing * len(text), icon, item.color,
                         scale)

        if isinstance(item, richtext.IconRef):
            icon = icons.lookup(getattr(game, "icons", {}), item.name)
            if icon.path:
                word.append(Piece("", key, (icons.IMAGE_SIDE + 2 * icons.IMAGE_GAP) * scale, icon, None, scale))
            else:
                font = icon.font or key
                for text_piece, piece_font in fonts.segments(icon.glyph, font):
                    word.append(piece(text_piece, piece_font, icon))
            continue
        _missing(item.text, key)
        if "\n" not in item.text and fonts.has_glyphs(key).issuperset(map(ord, item.text)):
            # all in one font (the common case): whole words, measured at once
            if item.text[:1].isspace():
                end_word()
            for index, chunk in enumerate(item.text.split()):
                if index:
                    end_word()
                word.append(piece(chunk, key))
            if item.text[-1:].isspace():
                end_word()
            continue
        for part in _EACH_SPACE.split(item.text):
            if len(part) == 1 and part.isspace():  # a word ends; a newline also starts a paragraph
                end_word()
                if part == "\n":
                    paragraphs.append([])
            else:
                for text_piece, piece_font in fonts.segments(part, key):
                    word.append(piece(text_piece, piece_font))
    end_word()
    return [[part for word in paragraph for part in _break_between_characters(word)] for paragraph in paragraphs]


def _width(word: Word, size: float) -> float:
    return sum(p.unit for p in word) * size


def wrap_words(paragraphs: list[list[Word]], space: float, size: float, width: float) -> list[list[Word]] | None:
    """Greedy wrap; None when a single word is wider than the box. space: a space's width at 1 pt."""
    out: list[list[Word]] = []
    for paragraph in paragraphs:
        current: list[Word] = []
        used = 0.0
        for word in paragraph:
            w = _width(word, size)
            if w > width:
                return None
            if current and used + _gap(word, space) * size + w <= width:
                current.append(word)
                used += _gap(word, space) * size + w
            elif current:
                out.append(current)
                current, used = [tuple(word)], w  # a line's first word has no space before it
            else:
                current, used = [word], w
        out.append(current)
    return out


def wrap(text: str, role: str, size: float, width: float) -> list[str] | None:
    """Greedy wrap of plain text; None when a single word is wider than the box."""
    lines = wrap_words(words(text, role), fonts.string_width(" ", role, 1), size, width)
    return None if lines is None else [_plain(line) for line in lines]


def _plain(line: list[Word]) -> str:
    return "".join(("" if not i or isinstance(word, Joined) else " ") + "".join(p.text for p in word)
                   for i, word in enumerate(line))


def _fit_words(paragraphs, role, size, min_size, width, height, leading, shown: str, spacing: float = 0.0):
    space = fonts.string_width(" ", role, 1) + spacing
    for current in sizes_down(size, min_size, SHRINK_STEP):
        lines = wrap_words(paragraphs, space, current, width)
        if lines is not None and len(lines) * current * leading - (leading - 1) * current <= height + 1e-6:
            return current, lines
    shown = shown if len(shown) <= 60 else shown[:57] + "..."
    raise TextDoesNotFit(
        f"text {shown!r} does not fit its {width / 72 * 25.4:.1f} × {height / 72 * 25.4:.1f} mm box "
        f"even at the minimum size of {min_size:g} pt")


def fit(text: str, role: str, size: float, min_size: float, width: float, height: float,
        leading: float = 1.2) -> FittedText:
    current, lines = _fit_words(words(text, role), role, size, min_size, width, height, leading, text)
    return FittedText(current, tuple(_plain(line) for line in lines), current * leading)


@dataclass(frozen=True)
class Look:
    """How text's letters are drawn beyond font and colour: an outline round them (colour,
    width in pt outside them) and letter spacing (ems after each letter)."""

    outline: str | None = None
    outline_width: float = 0.0
    spacing: float = 0.0


PLAIN = Look()


def text_ops(text: str, x: float, y: float, w: float, h: float, font: str, size: float,
             min_size: float, color: str, align: str = "center", valign: str = "middle",
             leading: float = 1.2, *, rich: bool = False, game=None, look: Look = PLAIN) -> list:
    """Lines of text fitted into the box (x, y, w, h); raises ValueError if it cannot fit.
    rich: read **bold**, *italic* and :icon: (the icons and fonts of `game`)."""
    try:
        paragraphs = words(text, font, rich, game, look.spacing, size)
        base = gamefonts.resolve(font, False, False, getattr(game, "fonts", None), getattr(game, "lines", None)) \
            if rich else font
        shown = richtext.plain(text) if rich and marked(text) else text
        current, lines = _fit_words(paragraphs, base, size, min_size, w, h, leading, shown, look.spacing)
    except TextDoesNotFit as exc:
        raise ValueError(str(exc)) from None
    ascent, descent = getAscentDescent(fonts.pdf_name(base), current)
    line_height = current * leading
    block = line_height * (len(lines) - 1) + ascent - descent
    top = {"top": y, "middle": y + (h - block) / 2, "bottom": y + h - block}[valign]
    anchor_x = {"left": x, "center": x + w / 2, "right": x + w}[align]
    out: list = []
    for i, line in enumerate(lines):
        out += line_ops(line, base, anchor_x, top + ascent + i * line_height, current, color, align, look)
    return out


def line_ops(line: list[Word], base: str, anchor_x: float, baseline: float, size: float,
             color: str, align: str, look: Look = PLAIN) -> list:
    """One line's operations: a single Text when it is all in one font (as plain text always
    was), else one left-aligned Text per run of a font and one operation per icon."""
    pieces = [p for word in line for p in word]
    styled = {"outline": look.outline, "outline_width": look.outline_width, "spacing": look.spacing * size} \
        if look != PLAIN else {}
    if all(p.font == base and p.icon is None and p.color is None and p.scale == 1 for p in pieces):
        return [op.Text(anchor_x, baseline, _plain(line), base, size, color, align, **styled)]
    space = fonts.string_width(" ", base, size) + look.spacing * size
    total = sum(_width(word, size) for word in line) + space * _gaps(line)
    left = anchor_x - {"left": 0, "center": total / 2, "right": total}[align]
    out: list = []
    run: list = []  # [x, text, font, colour, scale] of the Text being gathered

    def flush():
        if run:
            out.append(op.Text(run[0], baseline, run[1], run[2], size * run[4], run[3], "left", **styled))
            run.clear()

    at = left
    for index, word in enumerate(line):
        if index and not isinstance(word, Joined):
            if run and run[2] == base and run[4] == 1:
                run[1] += " "
            else:
                flush()
            at += space
        for piece in word:
            if piece.icon is not None and piece.icon.path:
                flush()
                side = icons.image_side(piece.icon, size * piece.scale)
                out.append(op.Image(at + icons.IMAGE_GAP * size * piece.scale, baseline - side, side, side, piece.icon.path))
            else:
                ink = piece.icon.color if piece.icon is not None and piece.icon.color else piece.color or color
                if run and run[2] == piece.font and run[3] == ink and run[4] == piece.scale:
                    run[1] += piece.text
                else:
                    flush()
                    run.extend([at, piece.text, piece.font, ink, piece.scale])
            at += piece.unit * size
    flush()
    return out


def single_line(text: str, x: float, baseline: float, role: str, size: float, color: str,
                align: str = "left") -> list:
    """One line of plain text as operations, with the fallback font where `role` lacks a glyph."""
    paragraphs = words(text, role)
    line = [w for paragraph in paragraphs for w in paragraph]
    return line_ops(line, role, x, baseline, size, color, align)


def line_width(text: str, role: str, size: float) -> float:
    """The width single_line gives `text`."""
    line = [w for paragraph in words(text, role) for w in paragraph]
    return sum(_width(w, size) for w in line) + fonts.string_width(" ", role, size) * _gaps(line)


def text_width(t: op.Text) -> float:
    """The width a Text op's string takes, its letter spacing included (not after the last)."""
    return fonts.string_width(t.text, t.font, t.size) + t.spacing * max(0, len(t.text) - 1)
