"""The generic face elements as painters, each beside its parameters in elements.ELEMENTS:
the same record a rule set's element is (elements.Painter), so compose() and the bleed
warnings treat every element alike. Adding an element: its parameters in elements.py, its
painter here, its docs (docs/game-format.md) and tests."""

from __future__ import annotations

from typing import Any, Mapping

from ..files import game_file
from ..elements import ELEMENTS, Box, Painter
from ..text.fit import text_ops
from ..units import length
from .. import ops as op


def _box(ops: list, box: Box, p: Mapping[str, Any], game) -> None:
    ops.append(op.Rect(*box, p.get("fill"), p.get("stroke"), length(p.get("stroke_width", 0.5)),
                       length(p.get("radius", 0))))


def _ellipse(ops: list, box: Box, p: Mapping[str, Any], game) -> None:
    ops.append(op.Ellipse(*box, p.get("fill"), p.get("stroke"), length(p.get("stroke_width", 0.5))))


def _text(ops: list, box: Box, p: Mapping[str, Any], game) -> None:
    ops.extend(text_ops(p["text"], *box, p.get("font", "body"), float(p.get("size", 10)),
                        float(p.get("min_size", 6)), p.get("color", "#000000"),
                        p.get("align", "center"), p.get("valign", "middle"), float(p.get("leading", 1.2)),
                        rich=True, game=game))


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
    ops.append(op.Line(x, y, x + w, y + h, p.get("stroke"), length(p.get("stroke_width", 0.5))))


GENERIC: dict[str, Painter] = {
    "text": Painter(ELEMENTS["text"], _text),
    "box": Painter(ELEMENTS["box"], _box),
    "ellipse": Painter(ELEMENTS["ellipse"], _ellipse),
    "line": Painter(ELEMENTS["line"], _line, _line_box),
    "image": Painter(ELEMENTS["image"], _image),
}
