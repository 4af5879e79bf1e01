"""Figures of the rules and aids: measured and drawn from the game's own data.

- real cards (CardsFigure), drawn by the card faces themselves (faces.compose → faces.pdf),
  scaled and clipped to their rounded trim;
- images from the game folder (ImageFigure);
- any other figure is an OpsFigure (rules/doc.py), such as a rule set's diagram: measured
  for the width available, it yields display-list ops, so the booklet, the aid cards and the
  half-page sheet all draw the same ops without knowing what the figure shows.

Ops use the faces' coordinates: points, origin top-left, y downwards.
"""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.lib.utils import ImageReader

from ..faces import ops as op
from ..faces import pdf as face_pdf
from ..faces.compose import compose
from ..model import Game
from ..rules import doc
from ..units import MM

CARD_RADIUS = 3 * MM  # rounded corners of a drawn card, at full size
MARK_SIZE = 7 * MM  # tick / cross beside a figure
LABEL_GAP = 2 * MM
DASH = "#9A95AC"


# -- generic ops helpers -------------------------------------------------------------------

def transform(ops, scale: float, dx: float, dy: float) -> list:
    """Ops scaled by `scale` about the origin, then moved by (dx, dy)."""
    out = []
    for o in ops:
        if isinstance(o, op.Rect):
            out.append(op.Rect(dx + o.x * scale, dy + o.y * scale, o.w * scale, o.h * scale, o.fill,
                               o.stroke, o.width * scale, o.radius * scale))
        elif isinstance(o, op.Ellipse):
            out.append(op.Ellipse(dx + o.x * scale, dy + o.y * scale, o.w * scale, o.h * scale, o.fill,
                                  o.stroke, o.width * scale))
        elif isinstance(o, op.Line):
            out.append(op.Line(dx + o.x1 * scale, dy + o.y1 * scale, dx + o.x2 * scale, dy + o.y2 * scale,
                               o.stroke, o.width * scale))
        elif isinstance(o, op.Path):
            segs = []
            for seg in o.segments:
                coords = seg[1:]
                segs.append((seg[0], *[(dx if i % 2 == 0 else dy) + c * scale for i, c in enumerate(coords)]))
            out.append(op.Path(tuple(segs), o.fill, o.stroke, o.width * scale))
        elif isinstance(o, op.Text):
            out.append(op.Text(dx + o.x * scale, dy + o.y * scale, o.text, o.font, o.size * scale, o.color,
                               o.align))
        elif isinstance(o, op.Image):
            out.append(op.Image(dx + o.x * scale, dy + o.y * scale, o.w * scale, o.h * scale, o.path, o.fit))
    return out


def draw_ops(canvas, ops, x: float, top: float) -> None:
    """Draw ops with their origin at (x, top) in canvas coordinates (y up)."""
    if ops:
        face_pdf.draw(canvas, op.FaceDrawing(0, 0, 0, tuple(ops)), x, top)


def tick(x: float, y: float, size: float, good: bool, good_color: str, bad_color: str) -> list:
    """A tick in a green disc or a cross in a red one, top-left at (x, y)."""
    color = good_color if good else bad_color
    ops: list = [op.Ellipse(x, y, size, size, color, "#FFFFFF", size * 0.06)]
    w = size * 0.12
    if good:
        ops.append(op.Path((("M", x + size * 0.27, y + size * 0.52), ("L", x + size * 0.43, y + size * 0.68),
                            ("L", x + size * 0.74, y + size * 0.34)), None, "#FFFFFF", w))
    else:
        for (a, b), (c, d) in (((0.32, 0.32), (0.68, 0.68)), ((0.68, 0.32), (0.32, 0.68))):
            ops.append(op.Line(x + size * a, y + size * b, x + size * c, y + size * d, "#FFFFFF", w))
    return ops


# -- card figures ----------------------------------------------------------------------------

class CardPainter:
    """Faces of real cards, composed once per build and drawn at any size."""

    def __init__(self, game: Game):
        self.game = game
        self._faces: dict = {}

    def face(self, component_id: str, card_id: str):
        key = (component_id, card_id)
        if key not in self._faces:
            component = self.game.component(component_id)
            card = next(c for c in component.cards if c.id == card_id)
            self._faces[key] = compose(self.game, component, card, "front")
        return self._faces[key]

    def card_size(self, component_id: str) -> tuple[float, float]:
        size = self.game.component(component_id).size
        return size.width, size.height


@dataclass(frozen=True)
class CardsLayout:
    """Geometry of a CardsFigure at a scale: everything in points, origin top-left."""

    width: float
    height: float
    scale: float
    card_w: float  # drawn (scaled) trim size
    card_h: float
    gap: float
    label_w: float
    mark_x: float | None


def cards_layout(figure: doc.CardsFigure, painter: CardPainter, long_side: float, gap: float,
                 max_width: float, label_size: float, label_width) -> CardsLayout:
    w, h = painter.card_size(figure.component)
    scale = long_side / max(w, h)
    columns = max(len(row) for row in figure.grid)
    rows = len(figure.grid)
    label_w = max((label_width(l) for l in figure.labels), default=0)
    label_w = label_w + LABEL_GAP if label_w else 0
    mark = MARK_SIZE + 2 * gap if figure.mark else 0

    def total(s):
        return label_w + columns * w * s + (columns - 1) * gap + mark

    if total(scale) > max_width:  # shrink the cards (not the labels or the mark) to fit
        scale = max(0.05, (max_width - label_w - (columns - 1) * gap - mark) / (columns * w))
    cw, ch = w * scale, h * scale
    height = rows * ch + (rows - 1) * gap
    mark_x = label_w + columns * cw + (columns - 1) * gap + 2 * gap if figure.mark else None
    return CardsLayout(total(scale), max(height, MARK_SIZE if figure.mark else 0), scale, cw, ch, gap,
                       label_w, mark_x)


def draw_cards(canvas, figure: doc.CardsFigure, painter: CardPainter, layout: CardsLayout,
               x: float, top: float, colors: dict, label_font: str, label_size: float) -> None:
    """Draw the cards with the layout's top-left corner at (x, top) in canvas coordinates."""
    radius = CARD_RADIUS * layout.scale
    for r, row in enumerate(figure.grid):
        row_top = top - r * (layout.card_h + layout.gap)
        if figure.labels and r < len(figure.labels):
            canvas.setFillColor(colors["muted"])
            canvas.setFont(label_font, label_size)
            canvas.drawRightString(x + layout.label_w - LABEL_GAP, row_top - layout.card_h / 2 - label_size * 0.35,
                                   figure.labels[r])
        for c, card_id in enumerate(row):
            left = x + layout.label_w + c * (layout.card_w + layout.gap)
            bottom = row_top - layout.card_h
            if card_id is None:
                canvas.saveState()
                canvas.setStrokeColor(DASH)
                canvas.setLineWidth(0.8)
                canvas.setDash(3, 2)
                canvas.roundRect(left, bottom, layout.card_w, layout.card_h, radius, stroke=1, fill=0)
                canvas.restoreState()
                continue
            draw_face(canvas, painter.face(figure.component, card_id), left, bottom, layout.scale,
                      colors["line"])
    if figure.mark:
        height = len(figure.grid) * layout.card_h + (len(figure.grid) - 1) * layout.gap
        draw_ops(canvas, tick(0, 0, MARK_SIZE, figure.mark == "good", colors["good"], colors["bad"]),
                 x + layout.mark_x, top - (height - MARK_SIZE) / 2)


def draw_face(canvas, drawing: op.FaceDrawing, left: float, bottom: float, scale: float,
              border: str | None) -> None:
    """A card face trimmed to rounded corners, its trim's bottom-left at (left, bottom)."""
    tw, th = drawing.width - 2 * drawing.bleed, drawing.height - 2 * drawing.bleed
    canvas.saveState()
    canvas.translate(left, bottom)
    canvas.scale(scale, scale)
    clip = canvas.beginPath()
    clip.roundRect(0, 0, tw, th, CARD_RADIUS)
    canvas.clipPath(clip, stroke=0, fill=0)
    face_pdf.draw(canvas, drawing, -drawing.bleed, -drawing.bleed)
    canvas.restoreState()
    if border:
        canvas.saveState()
        canvas.setStrokeColor(border)
        canvas.setLineWidth(0.6)
        canvas.roundRect(left, bottom, tw * scale, th * scale, CARD_RADIUS * scale, stroke=1, fill=0)
        canvas.restoreState()


def image_size(figure: doc.ImageFigure) -> tuple[float, float]:
    width, height = ImageReader(str(figure.path)).getSize()
    return float(width), float(height)


def draw_image(canvas, figure: doc.ImageFigure, x: float, y: float, w: float, h: float) -> None:
    canvas.drawImage(ImageReader(str(figure.path)), x, y, w, h, mask="auto")
