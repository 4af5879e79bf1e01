"""A value in game.toml's [data] that a face reads where it does not fit (a colour that is
not one, a length out of range): one error at the value's own line, before any face is
composed, rather than one at every card that looks it up."""

from __future__ import annotations

from ..elements import TURN, data_placeholders, placeholders
from ..errors import Problem, problem
from ..faces.compose import fill_param, painter_of
from ..faces.fill import face_for, fill
from ..model import Card, Element, Face, Game
from ..sandbox.conditions import shows, when_names
from .faces import sides


def check(game: Game) -> list[Problem]:
    found: dict[tuple, Problem] = {}  # one report per [data] value and parameter
    seen: set[tuple] = set()  # what was checked: the element, and the card's values it reads
    params: dict[str, list] = {}  # face name -> what of it reads [data]
    for component in game.components:
        for card, side in sides(game, component):
            fields = card.fields if card else {}
            try:
                face = face_for(game, component, card, side)
            except (ValueError, KeyError):
                continue  # compose reports a face that cannot be told, at the card
            if face is not None and face.name not in params:
                params[face.name] = list(_data_params(face))
            for element, name, reads in params.get(face.name, []) if face else ():
                key = (id(element), name, tuple(str(fields.get(column)) for column in reads))
                if key not in seen:  # a thousand cards look up a handful of keys
                    seen.add(key)
                    _check_param(game, card, element, name, found)
    return list(found.values())


def _data_params(face: Face):
    """(element, parameter name, the columns they read) of the face whose value is read
    from [data] alone (a lookup may take its key from a column, but no column
    is shown as is)."""
    for element in face.elements:
        when = when_names(element.when) - {"data"} if element.when else set()
        for name, value in element.params.items():
            if not isinstance(value, str):
                continue  # a gradient's or a polygon's [data] values: checked as the face is composed
            looked_up = data_placeholders(value)
            keys = {column for _, column in looked_up if column}
            if looked_up and not placeholders(value) - keys:
                yield element, name, tuple(sorted(keys | when))


def _check_param(game: Game, card: Card | None, element: Element, name: str, found: dict) -> None:
    fields = card.fields if card else {}
    value = element.params[name]
    try:
        if not shows(element, fields, game):
            return
        painter = painter_of(game, element.type)
        filled = fill(value, fields, game)
    except (ValueError, KeyError, AttributeError):
        return  # a missing key or column: compose reports it at the card that reads it
    try:
        fill_param(name, value, fields, {**painter.params, **TURN}, game)
    except ValueError as exc:
        keypath = _first_entry(value, fields)
        where = f"[data.{'.'.join(keypath[1:])}]"
        found.setdefault((keypath, name, filled), problem(
            game.manifest, game.line_of(*keypath),
            f"{where}: {exc} (read by {value} in the {element.type} at game.toml line {element.line})"))


def _first_entry(value: str, fields) -> tuple:
    """The key path in game.toml of the first [data] value the parameter reads."""
    table, column = sorted(data_placeholders(value))[0]
    keypath = ("data", *table.split("."))
    return keypath + (str(fields.get(column, "")),) if column else keypath
