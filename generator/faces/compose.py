"""Card + face layout -> FaceDrawing: pick the card's face, skip the elements whose `when`
is false for it, fill each element's placeholders from the card's row and the game's
[data] (fill.py), fit its text, and turn it into display-list operations.

Every element is drawn by its painter (elements.Painter): the generic ones of painters.py or
the game's rule sets': paint(ops, box, params, game) appends operations for the box
(x, y, w, h) where painter.box(params) puts it, moved onto the face by the bleed."""

from __future__ import annotations

from typing import Mapping

from .. import rulesets
from ..elements import TURN, Painter, Param, is_color
from ..errors import GameError, problem
from ..model import Card, Component, Game
from ..units import length
from .. import ops as op
from ..sandbox.conditions import shows
from ..sandbox.lengths import is_expression
from .fill import face_for, fill, reads_card
from .painters import GENERIC
from .turn import measured, turn


def compose(game: Game, component: Component, card: Card | None, side: str,
            spans: list | None = None) -> op.FaceDrawing:
    """The drawing of one side ('front' or 'back') of a card; card None for a shared back.
    spans: given, each element drawn adds (element, first op, op after its last) to it (the
    preflight names the element at fault)."""
    bleed = component.bleed
    width = component.size.width + 2 * bleed
    height = component.size.height + 2 * bleed
    where = f"card {card.id}: " if card else ""
    try:
        face = face_for(game, component, card, side)  # "{type}": the card's column names its face
    except (ValueError, KeyError) as exc:
        path, line = (card.path, card.line) if card else (game.manifest, component.line)
        raise GameError(problem(path, line, f"{where}component '{component.id}': {exc}")) from None
    fields = card.fields if card else {}
    size = (component.size.width, component.size.height)  # what a percent is of
    ops: list = []
    if face is None:
        ops.append(op.Rect(0, 0, width, height, fill="#FFFFFF"))
        return op.FaceDrawing(width, height, bleed, tuple(ops))
    ops.append(op.Rect(0, 0, width, height, fill=face.background or "#FFFFFF"))
    for element in face.elements:
        try:
            if not shows(element, fields, game):  # `when` is false for this card
                continue
            painter = painter_of(game, element.type)
            spec = {**painter.params, **TURN}
            params = {name: measured(name, fill_param(name, value, fields, spec, game), spec.get(name), size)
                      for name, value in element.params.items()}
            x, y, w, h = painter.box(params)
            start = len(ops)
            painter.paint(ops, (x + bleed, y + bleed, w, h), params, game)
            turn(ops, start, params, (x + bleed, y + bleed, w, h))
            if spans is not None:
                spans.append((element, start, len(ops)))
        except (ValueError, KeyError, AttributeError) as exc:
            what = f"face '{face.name}' {element.type}"
            if getattr(exc, "line", None):  # a font the game's [fonts] lacks: point at [fonts]
                raise GameError(problem(game.manifest, exc.line, f"{where}{what}: {exc}")) from None
            if card is not None and card.path != game.manifest and reads_card(element):
                # the value came from the card's row: point at the row, and say which element
                raise GameError(problem(card.path, card.line, f"{where}{what} (game.toml line {element.line}): "
                                                              f"{exc}")) from None
            raise GameError(problem(game.manifest, element.line, f"{where}{what}: {exc}")) from None
    return op.FaceDrawing(width, height, bleed, tuple(ops))


def shared_back(game: Game, component: Component) -> bool:
    """True when every card has the same back: one face, reading no card column."""
    if "{" in (component.back or ""):
        return False  # the back is chosen per card
    face = game.faces[component.back]
    return not any(reads_card(e) for e in face.elements)


def fill_param(name: str, value, fields: Mapping[str, str], spec: Mapping[str, Param], game: Game):
    """A parameter with its placeholders filled from the card's row and the game's [data].
    The loader checked every colour written out; a colour filled in from a card is checked here."""
    if isinstance(value, list):  # a polygon's points, a dash pattern: each string filled
        return [fill_param(name, item, fields, {}, game) for item in value]
    if isinstance(value, dict):  # a gradient's colours
        return {key: fill_param(name, item, fields, {}, game) for key, item in value.items()}
    if not (isinstance(value, str) and "{" in value):
        return value
    value = fill(value, fields, game)
    param = spec.get(name)
    if param is not None and param.kind in ("color", "paint") and not is_color(value):
        raise ValueError(f"'{name}' must be a colour like '#1a2b3c', got {value!r}")
    if param is not None and param.kind == "length" and not is_expression(value) \
            and (fault := _length_fault(value, param)):
        raise ValueError(f"'{name}' {fault}")  # as the loader checks a length written out
    return value


def _length_fault(value: str, param: Param) -> str | None:
    try:
        return param.fault(length(value))
    except ValueError as exc:  # not a length at all
        return str(exc)


def painter_of(game: Game, kind: str) -> Painter:
    """The painter of an element type: generic, or one of the game's rule sets' (KeyError: none)."""
    return GENERIC.get(kind) or rulesets.painters(game.rulesets)[kind]


__all__ = ["compose", "fill_param", "painter_of"]
