"""How far a list of display-list ops reaches, in its own coordinates."""

from __future__ import annotations

from ..text.fit import text_width
from .. import ops as op

MITER_REACH = 5.0  # stroke widths a sharp corner may reach past its point (half the PDF's miter limit of 10)


def bounds(ops) -> tuple[float, float, float, float] | None:
    """What the ops may cover, in their own coordinates (generous: strokes and text included)."""
    boxes = []
    for o in ops:
        if isinstance(o, (op.Rect, op.Ellipse, op.Image)):
            pad = getattr(o, "width", 0) if getattr(o, "stroke", None) else 0
            boxes.append((o.x - pad, o.y - pad, o.x + o.w + pad, o.y + o.h + pad))
        elif isinstance(o, op.Line):
            boxes.append((min(o.x1, o.x2) - o.width, min(o.y1, o.y2) - o.width,
                          max(o.x1, o.x2) + o.width, max(o.y1, o.y2) + o.width))
        elif isinstance(o, op.Path):
            xs = [v for seg in o.segments for v in seg[1::2]]
            ys = [v for seg in o.segments for v in seg[2::2]]
            if xs:
                pad = (o.width * (MITER_REACH if o.join == "miter" else 1)) if o.stroke else 0
                boxes.append((min(xs) - pad, min(ys) - pad, max(xs) + pad, max(ys) + pad))
        elif isinstance(o, op.Text):
            width = text_width(o)
            left = o.x - {"left": 0, "center": width / 2, "right": width}[o.align]
            ring = o.outline_width if o.outline else 0.0  # an outline reaches past the letters
            boxes.append((left - o.size * 0.2 - ring, o.y - o.size * 1.1 - ring, left + width + o.size * 0.2 + ring,
                          o.y + o.size * 0.4 + ring))
        elif isinstance(o, op.Group):
            inner = bounds(o.ops)
            if inner:
                corners = [op.apply(o.transform, x, y) for x in inner[::2] for y in inner[1::2]]
                boxes.append((min(x for x, _ in corners), min(y for _, y in corners),
                              max(x for x, _ in corners), max(y for _, y in corners)))
    if not boxes:
        return None
    return (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes))
