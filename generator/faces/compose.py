"""Card + face layout -> FaceDrawing: fill each element's {column} placeholders from the
card's row, fit its text, and turn it into display-list operations.

Generic elements are handled here; game elements (e.g. 'squib') by a painter module:
paint(ops, box, params, game_data) appending operations for the box (x, y, w, h)."""

from __future__ import annotations

import re
from types import SimpleNamespace
from typing import Callable, Mapping

from .. import text as textfit
from ..errors import GameError, problem
from ..model import Card, Component, Game
from . import ops as op

_COLOR = re.compile(r"^#[0-9A-Fa-f]{6}$")

Painter = Callable[[list, tuple[float, float, float, float], Mapping, Mapping], None]


# element type -> module in generator/faces/ with paint(ops, box, params, data)
PAINTERS = {"squib": "squib"}


def _painter(kind: str) -> Painter:
    import importlib
    return importlib.import_module(f".{PAINTERS[kind]}", __package__).paint


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
    if not _COLOR.match(str(value)):
        raise ValueError(f"'{name}' must be a colour like '#1a2b3c', got {value!r}")
    return str(value)


def _length(value) -> float:
    from ..units import length
    return length(value)


def _element_ops(ops: list, kind: str, p: dict, bleed: float, game: Game) -> None:
    if kind == "line":
        ops.append(op.Line(_length(p["x1"]) + bleed, _length(p["y1"]) + bleed,
                           _length(p["x2"]) + bleed, _length(p["y2"]) + bleed,
                           _color(p.get("stroke"), "stroke"), _length(p.get("stroke_width", 0.5))))
        return
    x, y = _length(p["x"]) + bleed, _length(p["y"]) + bleed
    w, h = _length(p["w"]), _length(p["h"])
    if kind == "box":
        ops.append(op.Rect(x, y, w, h, _color(p.get("fill"), "fill"), _color(p.get("stroke"), "stroke"),
                           _length(p.get("stroke_width", 0.5)), _length(p.get("radius", 0))))
    elif kind == "ellipse":
        ops.append(op.Ellipse(x, y, w, h, _color(p.get("fill"), "fill"), _color(p.get("stroke"), "stroke"),
                              _length(p.get("stroke_width", 0.5))))
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
        _painter(kind)(ops, (x, y, w, h), p, game.data)


def text_ops(text: str, x: float, y: float, w: float, h: float, font: str, size: float,
             min_size: float, color: str, align: str = "center", valign: str = "middle",
             leading: float = 1.2) -> list[op.Text]:
    """Lines of text fitted into the box (x, y, w, h); raises ValueError if it cannot fit."""
    try:
        fitted = textfit.fit(text, font, size, min_size, w, h, leading)
    except textfit.TextDoesNotFit as exc:
        raise ValueError(str(exc)) from None
    from .. import fonts
    from reportlab.pdfbase.pdfmetrics import getAscentDescent
    ascent, descent = getAscentDescent(fonts.pdf_name(font), fitted.size)
    block = fitted.line_height * (len(fitted.lines) - 1) + ascent - descent
    top = {"top": y, "middle": y + (h - block) / 2, "bottom": y + h - block}[valign]
    anchor_x = {"left": x, "center": x + w / 2, "right": x + w}[align]
    return [op.Text(anchor_x, top + ascent + i * fitted.line_height, line, font, fitted.size, color, align)
            for i, line in enumerate(fitted.lines)]
