"""Card + face layout -> FaceDrawing: fill each element's {column} placeholders from the
card's row, fit its text, and turn it into display-list operations.

Generic elements are handled here; the element types of the game's rule sets by their
painters: paint(ops, box, params, game) appending operations for the box (x, y, w, h)."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Mapping

from .. import rulesets
from ..elements import is_color
from ..errors import GameError, problem
from ..model import Card, Component, Game
from ..text import text_ops
from ..units import length
from . import ops as op


def compose(game: Game, component: Component, card: Card | None, side: str) -> op.FaceDrawing:
    """The drawing of one side ('front' or 'back') of a card; card None for a shared back."""
    bleed = component.bleed
    width = component.size.width + 2 * bleed
    height = component.size.height + 2 * bleed
    face = game.faces.get(getattr(component, side) or "")
    fields = dict(card.fields) if card else {}
    fields["game"] = SimpleNamespace(title=game.title, tagline=game.tagline)
    ops: list = []
    if face is None:
        ops.append(op.Rect(0, 0, width, height, fill="#FFFFFF"))
        return op.FaceDrawing(width, height, bleed, tuple(ops))
    ops.append(op.Rect(0, 0, width, height, fill=face.background or "#FFFFFF"))
    for element in face.elements:
        where = f"card {card.id}: " if card else ""
        try:
            params = {name: _fill(value, fields) for name, value in element.params.items()}
            _element_ops(ops, element.type, params, bleed, game)
        except (ValueError, KeyError, AttributeError) as exc:
            raise GameError(problem(game.manifest, element.line,
                                    f"{where}face '{face.name}' {element.type}: {exc}")) from None
    return op.FaceDrawing(width, height, bleed, tuple(ops))


def _fill(value, fields: Mapping[str, str]):
    if isinstance(value, str) and "{" in value:
        return value.format_map(fields)
    return value


def _color(value, name: str) -> str | None:
    if value is None:
        return None
    if not is_color(str(value)):
        raise ValueError(f"'{name}' must be a colour like '#1a2b3c', got {value!r}")
    return str(value)


def _element_ops(ops: list, kind: str, p: dict, bleed: float, game: Game) -> None:
    if kind == "line":
        ops.append(op.Line(length(p["x1"]) + bleed, length(p["y1"]) + bleed,
                           length(p["x2"]) + bleed, length(p["y2"]) + bleed,
                           _color(p.get("stroke"), "stroke"), length(p.get("stroke_width", 0.5))))
        return
    x, y = length(p["x"]) + bleed, length(p["y"]) + bleed
    w, h = length(p["w"]), length(p["h"])
    if kind == "box":
        ops.append(op.Rect(x, y, w, h, _color(p.get("fill"), "fill"), _color(p.get("stroke"), "stroke"),
                           length(p.get("stroke_width", 0.5)), length(p.get("radius", 0))))
    elif kind == "ellipse":
        ops.append(op.Ellipse(x, y, w, h, _color(p.get("fill"), "fill"), _color(p.get("stroke"), "stroke"),
                              length(p.get("stroke_width", 0.5))))
    elif kind == "text":
        ops.extend(text_ops(p["text"], x, y, w, h, p.get("font", "body"), float(p.get("size", 10)),
                            float(p.get("min_size", 6)), _color(p.get("color", "#000000"), "color"),
                            p.get("align", "center"), p.get("valign", "middle"), float(p.get("leading", 1.2))))
    elif kind == "image":
        path = (game.root / p["path"]).resolve()
        if not path.is_relative_to(game.root.resolve()) or not path.is_file():
            raise ValueError(f"image '{p['path']}' not found in the game folder")
        ops.append(op.Image(x, y, w, h, str(path), p.get("fit", "contain")))
    else:
        rulesets.painters(game.rulesets)[kind].paint(ops, (x, y, w, h), p, game)


__all__ = ["compose"]
