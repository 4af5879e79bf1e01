"""What a card makes of a face: its placeholders filled ({column}, {game.title}, {data.key},
lookups {data.TABLE[column]}) and the face a component names by a placeholder ("{type}")
(whether an element's `when` holds: sandbox/conditions.py). Errors are ValueError or KeyError, which
compose() reports at the card."""

from __future__ import annotations

import string
from typing import Mapping

from ..sandbox.conditions import when_names
from ..elements import LOOKUP, placeholders
from ..errors import did_you_mean
from ..model import Card, Component, Element, Face, Game

_FORMATTER = string.Formatter()
SHOWN_KEYS = 12  # keys listed in an error about a missing one


def fill(value: str, fields: Mapping, game: Game) -> str:
    """A string with its placeholders filled from the card's fields and the game."""
    out = []
    for literal, name, _, _ in _FORMATTER.parse(value):
        out.append(literal)
        if name is not None:
            out.append(_value(name, fields, game))
    return "".join(out)


def _value(name: str, fields: Mapping, game: Game) -> str:
    head, _, rest = name.partition(".")
    if head == "game" and rest:
        if rest not in ("title", "tagline"):
            raise ValueError(f"{{{name}}}: faces can read game.title and game.tagline")
        return getattr(game, rest)
    lookup = LOOKUP.fullmatch(name)
    if lookup is None:
        return str(fields[name])  # KeyError: a column the card lacks
    node, where = game.data, "data"
    for key in lookup.group(1)[1:].split("."):
        if not isinstance(node, Mapping) or key not in node:
            raise ValueError(f"{{{name}}}: [{where}] in game.toml has no key '{key}'")
        node, where = node[key], f"{where}.{key}"
    column = lookup.group(2)
    if column is not None:
        key = str(fields[column])
        if not isinstance(node, Mapping):
            raise ValueError(f"{{{name}}}: [{where}] is not a table to look '{key}' up in")
        if key not in node:
            keys = ", ".join(list(node)[:SHOWN_KEYS]) + (", ..." if len(node) > SHOWN_KEYS else "")
            raise ValueError(f"{{{name}}}: [{where}] has no key '{key}' (this card's {column})"
                             f"{did_you_mean(key, [str(k) for k in node])}; its keys: {keys or 'none'}")
        node, where = node[key], f"{where}.{key}"
    if isinstance(node, bool):
        return "true" if node else "false"
    if isinstance(node, (str, int, float)):
        return str(node)
    raise ValueError(f"{{{name}}}: [{where}] is a {'table' if isinstance(node, Mapping) else 'list'}, "
                     f"not a value")


# -- a face chosen per card ---------------------------------------------------------------

def face_name(game: Game, component: Component, card: Card | None, side: str) -> str | None:
    """The face a card shows on `side`: the component's face name, its placeholders filled."""
    template = getattr(component, side)
    if not template or "{" not in template:
        return template
    try:
        return fill(template, card.fields if card else {}, game)
    except KeyError as exc:  # said as a sentence, not as the bare key: "component 'market': ''"
        column = exc.args[0]
        raise ValueError(f"{side} = {template!r} reads column '{column}', which this card does not have"
                         if column else f"{side} = {template!r}: a {{}} names no column; write {{column}}") from None


def face_for(game: Game, component: Component, card: Card | None, side: str) -> Face | None:
    name = face_name(game, component, card, side)
    if name is None:
        return None
    if name not in game.faces:
        template = getattr(component, side)
        faces = f"faces: {', '.join(game.faces) or 'none'}"
        columns = sorted(placeholders(template))
        if not name.strip() and columns:  # the column is empty on this card's row
            said = f"column '{columns[0]}' is" if len(columns) == 1 else \
                f"columns {' and '.join(repr(c) for c in columns)} are"
            raise ValueError(f"{side} = {template!r} names no face: this card's {said} empty; "
                             f"give one of the {faces}")
        raise ValueError(f"{side} = {template!r} names the face '{name}', which [faces] does not define; {faces}")
    return game.faces[name]


def faces_of(game: Game, component: Component, side: str, complete: bool = False) -> list[Face] | None:
    """Every face some card of the component shows on `side` (the faces that exist); with
    `complete`, None when some card's face cannot be told (an error reported at the card)."""
    names: dict[str, None] = {}
    for card in component.cards if "{" in (getattr(component, side) or "") else component.cards[:1] or [None]:
        try:
            names[face_name(game, component, card, side) or ""] = None
        except (KeyError, ValueError):
            if complete:
                return None
    if complete and any(name and name not in game.faces for name in names):
        return None
    return [game.faces[name] for name in names if name in game.faces]


def reads_card(element: Element) -> bool:
    """True when the element differs from card to card: a placeholder or `when` reads a column."""
    if any(placeholders(value) for value in element.params.values()):
        return True
    return element.when is not None and bool(when_names(element.when) - {"data"})
