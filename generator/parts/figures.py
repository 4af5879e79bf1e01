"""Figures of the rules and aids: measured and drawn from the game's own data.

- real cards (CardsFigure), drawn by the card faces themselves (faces.compose → faces.pdf),
  scaled and clipped to their rounded trim;
- images from the game folder (ImageFigure);
- any other figure is an OpsFigure (doc.py), such as a rule set's diagram: measured
  for the width available, it yields display-list ops, so the booklet, the aid cards and the
  half-page sheet all draw the same ops without knowing what the figure shows.

Ops use the faces' coordinates: points, origin top-left, y downwards.
"""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.lib.utils import ImageReader
from reportlab.pdfbase.pdfmetrics import stringWidth

from .. import ops as op
from ..faces import pdf as face_pdf
from ..faces.compose import compose
from ..model import Game
from ..text import fonts
from .. import doc
from ..units import MM

CARD_RADIUS = 3 * MM  # rounded corners of a drawn card, at full size
MARK_SIZE = 7 * MM  # tick / cross beside a figure
LABEL_GAP = 2 * MM
DASH = "#9A95AC"


# -- generic ops helpers -------------------------------------------------------------------

def moved(ops, dx: float, dy: float) -> list:
    """Ops moved by (dx, dy)."""
    return [op.Group(tuple(ops), op.translate(dx, dy))] if ops else []


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


def pick_cover_cards(game: Game) -> doc.CardsFigure | None:
    """The booklet's cover: three cards spread through the first deck that has a front face
    (the gallery shows them too)."""
    for c in game.components:
        if c.kind == "deck" and c.cards and c.front:
            n = len(c.cards)
            picks = sorted({0, n // 2, n - 1}) if n >= 3 else list(range(n))
            return doc.CardsFigure(c.id, (tuple(c.cards[i].id for i in picks),))
    return None


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


def cards_ops(figure: doc.CardsFigure, painter: CardPainter, layout: CardsLayout, colors: dict,
              label_font: str, label_size: float) -> list:
    """The figure as ops, origin at its layout's top-left corner: a label left of each row,
    the cards (an empty place as a dashed outline), and the tick or cross beside them."""
    ops: list = []
    radius = CARD_RADIUS * layout.scale
    for r, row in enumerate(figure.grid):
        row_top = r * (layout.card_h + layout.gap)
        if figure.labels and r < len(figure.labels):
            ops.append(op.Text(layout.label_w - LABEL_GAP, row_top + layout.card_h / 2 + label_size * 0.35,
                               figure.labels[r], label_font, label_size, colors["muted"], "right"))
        for c, card_id in enumerate(row):
            left = layout.label_w + c * (layout.card_w + layout.gap)
            if card_id is None:
                ops += dashed_outline(left, row_top, layout.card_w, layout.card_h, radius, DASH, 0.8)
            else:
                ops += card_face_ops(painter.face(figure.component, card_id), left, row_top, layout.scale,
                                     colors["line"])
    for token in figure.tokens:
        ops += token_ops(token, layout, colors, label_size)
    if figure.mark:
        height = len(figure.grid) * layout.card_h + (len(figure.grid) - 1) * layout.gap
        ops += tick(layout.mark_x, (height - MARK_SIZE) / 2, MARK_SIZE, figure.mark == "good", colors["good"],
                    colors["bad"])
    return ops


def token_ops(token: doc.Token, layout: CardsLayout, colors: dict, size: float) -> list:
    """A piece on its card: a white tag across the card's middle holding the piece's picture
    and its owner's name, so the card's corner indices stay readable around it. On a card too
    small for that (a handout's), the name alone, else its initial."""
    pad = size * 0.35
    room = layout.card_w * 0.96
    for picture, label in _token_forms(token, size):
        text_w = stringWidth(label, fonts.pdf_name("body-bold"), size)
        if picture:  # the boat a little smaller rather than none
            picture = min(picture, room - pad * 3 - text_w)
            if picture < size * 1.3:
                continue
        w = pad * 2 + picture + text_w + (pad if picture else 0)
        if w <= room:
            break
    h = max(picture, size * 1.4) + pad
    x = layout.label_w + token.column * (layout.card_w + layout.gap) + (layout.card_w - w) / 2
    y = token.row * (layout.card_h + layout.gap) + (layout.card_h - h) / 2
    out: list = [op.Rect(x, y, w, h, colors["paper"], colors["ink"], 0.6, h * 0.3)]
    if picture:
        out.append(op.Group(tuple(token.picture), op.compose(op.scale(picture / 100),
                                                             op.translate(x + pad, y + pad / 2))))
    out.append(op.Text(x + pad + picture + (pad if picture else 0), y + h / 2 + size * 0.35, label, "body-bold",
                       size, colors["ink"]))
    return out


def _token_forms(token: doc.Token, size: float) -> list[tuple[float, str]]:
    """(picture side, label) from the fullest to the smallest: the last is used whatever its width."""
    side = size * 1.9 if token.picture else 0
    forms = [(side, token.label), (0, token.label), (0, token.label[:1])]
    return forms if side else forms[1:]


def card_face_ops(drawing: op.FaceDrawing, left: float, top: float, scale: float, border: str | None) -> list:
    """A card face trimmed to rounded corners, `scale` times its size, its trim's top-left
    at (left, top)."""
    _, _, tw, th = drawing.trim
    placed = op.compose(op.translate(-drawing.bleed, -drawing.bleed),
                        op.compose(op.scale(scale), op.translate(left, top)))
    trim = op.Rect(drawing.bleed, drawing.bleed, tw, th, radius=CARD_RADIUS)
    ops: list = [op.Group(drawing.ops, placed, trim)]
    if border:
        ops.append(op.Rect(left, top, tw * scale, th * scale, None, border, 0.6, CARD_RADIUS * scale))
    return ops


def dashed_outline(x: float, y: float, w: float, h: float, radius: float, color: str, width: float,
                   dash: float = 3.0, gap: float = 2.0) -> list:
    """A rounded rectangle's outline in dashes (the place of a card that is not there)."""
    ops: list = []
    for x1, y1, x2, y2 in ((x + radius, y, x + w - radius, y), (x + w, y + radius, x + w, y + h - radius),
                           (x + w - radius, y + h, x + radius, y + h), (x, y + h - radius, x, y + radius)):
        length = ((x2 - x1) ** 2 + (y2 - y1) ** 2) ** 0.5
        steps = max(1, round((length + gap) / (dash + gap)))
        step = length / steps  # dashes spread evenly, one at each end
        for i in range(steps):
            a, b = i * step / length, min(1.0, (i * step + step - gap) / length)
            ops.append(op.Line(x1 + (x2 - x1) * a, y1 + (y2 - y1) * a, x1 + (x2 - x1) * b, y1 + (y2 - y1) * b,
                               color, width))
    k = 0.5523 * radius  # a quarter circle as one Bezier curve
    for cx, cy, sx, sy in ((x + radius, y + radius, -1, -1), (x + w - radius, y + radius, 1, -1),
                           (x + w - radius, y + h - radius, 1, 1), (x + radius, y + h - radius, -1, 1)):
        ops.append(op.Path((("M", cx + sx * radius, cy), ("C", cx + sx * radius, cy + sy * k, cx + sx * k,
                                                          cy + sy * radius, cx, cy + sy * radius)),
                           None, color, width))
    return ops


def image_size(figure: doc.ImageFigure) -> tuple[float, float]:
    width, height = ImageReader(str(figure.path)).getSize()
    return float(width), float(height)


def draw_image(canvas, figure: doc.ImageFigure, x: float, y: float, w: float, h: float) -> None:
    canvas.drawImage(ImageReader(str(figure.path)), x, y, w, h, mask="auto")
