"""The generic face elements as painters, each beside its parameters in elements.ELEMENTS:
the same record a rule set's element is (elements.Painter), so compose() and the bleed
warnings treat every element alike. Adding an element: its parameters in elements.py, its
painter here, its docs (docs/game-format.md) and tests."""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Mapping

from ..files import game_file
from ..elements import ELEMENTS, Box, Painter
from ..geometry import shapes
from ..geometry.drawvalues import dash_of, paint_of, path_of, points_of, viewbox_of
from ..text.fit import Look, text_ops
from ..units import length
from .. import ops as op


def _fill(p: Mapping[str, Any], box: Box):
    """The fill: None, a colour, or a gradient across the element's box."""
    return None if p.get("fill") is None else paint_of(p["fill"], box)


def _style(p: Mapping[str, Any]) -> dict:
    """The stroke's width, dash pattern, cap and join as the ops take them."""
    dash = dash_of(p["dash"]) if p.get("dash") is not None else ()
    return {"width": length(p.get("stroke_width", 0.5)), "dash": dash, "cap": p.get("cap"), "join": p.get("join")}


def _stroked(ops: list, item) -> None:
    """Append a shape, its dash pattern checked against its outline."""
    if fault := shapes.dash_fault(item):
        raise ValueError(fault)
    ops.append(item)


def _box(ops: list, box: Box, p: Mapping[str, Any], game) -> None:
    _stroked(ops, op.Rect(*box, _fill(p, box), p.get("stroke"), radius=length(p.get("radius", 0)), **_style(p)))


def _ellipse(ops: list, box: Box, p: Mapping[str, Any], game) -> None:
    _stroked(ops, op.Ellipse(*box, _fill(p, box), p.get("stroke"), **_style(p)))


def _shape(ops: list, segments, box: Box, p: Mapping[str, Any]) -> None:
    _stroked(ops, op.Path(tuple(segments), _fill(p, box), p.get("stroke"), **_style(p)))


def _polygon(ops: list, box: Box, p: Mapping[str, Any], game) -> None:
    if (p.get("points") is None) == (p.get("sides") is None):
        raise ValueError("give either points (a list of [x, y] corners) or sides (a regular polygon's), not "
                         + ("both" if p.get("points") is not None else "neither"))
    if p.get("sides") is not None:
        _shape(ops, shapes.regular(box, int(p["sides"])), box, p)
    else:
        _shape(ops, shapes.closed(points_of(p["points"], box)), box, p)


def _star(ops: list, box: Box, p: Mapping[str, Any], game) -> None:
    _shape(ops, shapes.star(box, int(p.get("points", 5)), float(p.get("inner", 0.5))), box, p)


def _arc(ops: list, box: Box, p: Mapping[str, Any], game) -> None:
    segments = shapes.arc(box, float(p.get("start", 0)), float(p["end"]))
    _stroked(ops, op.Path(segments, None, p.get("stroke", "#000000"), **_style(p)))


def _pie(ops: list, box: Box, p: Mapping[str, Any], game) -> None:
    _shape(ops, shapes.arc(box, float(p.get("start", 0)), float(p["end"]), pie=True), box, p)


def _path(ops: list, box: Box, p: Mapping[str, Any], game) -> None:
    """SVG path data, its units the viewbox's stretched over the element's box (points from
    the box's corner without one)."""
    x, y, w, h = box
    vx, vy, vw, vh = viewbox_of(p["viewbox"]) if p.get("viewbox") is not None else (0.0, 0.0, w, h)
    sx, sy = w / vw, h / vh
    moved = [(seg[0], *(x + (v - vx) * sx if i % 2 == 0 else y + (v - vy) * sy for i, v in enumerate(seg[1:])))
             for seg in path_of(p["d"])]
    _shape(ops, moved, box, p)


def _text(ops: list, box: Box, p: Mapping[str, Any], game) -> None:
    outline = p.get("outline")
    look = Look(outline, length(p.get("outline_width", 0.5)) if outline else 0.0, float(p.get("letter_spacing") or 0))
    drawn = text_ops(p["text"], *box, p.get("font", "body"), float(p.get("size", 10)),
                     float(p.get("min_size", 6)), p.get("color", "#000000"),
                     p.get("align", "center"), p.get("valign", "middle"), float(p.get("leading", 1.2)),
                     rich=True, game=game, look=look)
    if p.get("shadow"):  # the letters again, moved and in the shadow's colour, under them
        dx, dy = length(p.get("shadow_x", 1)), length(p.get("shadow_y", 1))
        shade = p["shadow"]
        ops.extend(replace(t, x=t.x + dx, y=t.y + dy, color=shade, outline=t.outline and shade)
                   for t in drawn if isinstance(t, op.Text))
    ops.extend(drawn)


def _image(ops: list, box: Box, p: Mapping[str, Any], game) -> None:
    path, fault = game_file(game.root, p["path"])
    if fault:
        raise ValueError(f"image '{p['path']}' not found in the game folder")
    ops.append(op.Image(*box, str(path.resolve()), p.get("fit", "contain")))


def _line_box(p: Mapping[str, Any]) -> Box:
    """A line's box runs from its first end (x, y) to its second (x + w, y + h)."""
    x1, y1, x2, y2 = (length(p[name]) for name in ("x1", "y1", "x2", "y2"))
    return x1, y1, x2 - x1, y2 - y1


def _line(ops: list, box: Box, p: Mapping[str, Any], game) -> None:
    x, y, w, h = box
    _stroked(ops, op.Line(x, y, x + w, y + h, p.get("stroke"), **_style(p)))


GENERIC: dict[str, Painter] = {
    "text": Painter(ELEMENTS["text"], _text),
    "box": Painter(ELEMENTS["box"], _box),
    "ellipse": Painter(ELEMENTS["ellipse"], _ellipse),
    "line": Painter(ELEMENTS["line"], _line, _line_box),
    "image": Painter(ELEMENTS["image"], _image),
    "polygon": Painter(ELEMENTS["polygon"], _polygon),
    "star": Painter(ELEMENTS["star"], _star),
    "arc": Painter(ELEMENTS["arc"], _arc),
    "pie": Painter(ELEMENTS["pie"], _pie),
    "path": Painter(ELEMENTS["path"], _path),
}
