"""What a card makes of a face: its placeholders filled ({column}, {game.title}, {data.key},
lookups {data.TABLE[column]}), the face a component names by a placeholder ("{type}"), and
whether an element's `when` condition holds. Errors are ValueError or KeyError, which
compose() reports at the card."""

from __future__ import annotations

import functools
import string
from typing import Mapping

import jinja2
from jinja2 import nodes
from jinja2.parser import Parser
from jinja2.sandbox import SecurityError

from ..elements import LOOKUP, placeholders
from ..model import Card, Component, Element, Face, Game
from ..rules.sandbox import Limits, RenderTooLong, Sandbox

_FORMATTER = string.Formatter()
SHOWN_KEYS = 12  # keys listed in an error about a missing one
MAX_WHEN = 1000  # characters of a `when`: a condition is a line; a huge one would exhaust the parser
MAX_NESTING = 50  # brackets in a `when`: Jinja2's parser recurses on each
CONDITION = Limits(size=10_000, bits=4_096, work=100_000, output=10_000)  # a one-line test of a card's fields
WHEN_SECONDS = 0.5  # for one card: a condition takes microseconds
_ENV = Sandbox(CONDITION, undefined=jinja2.StrictUndefined)  # a name no card has is an error
_STOPPED: set[str] = set()  # conditions stopped for time: refused for the next cards without running


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
            raise ValueError(f"{{{name}}}: [{where}] has no key '{key}' (this card's {column}); "
                             f"its keys: {keys or 'none'}")
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


# -- `when` conditions --------------------------------------------------------------------

@functools.lru_cache(maxsize=4096)
def _parsed(source: str) -> nodes.Expr:
    parser = Parser(_ENV, source, state="variable")
    expression = parser.parse_expression()
    if not parser.stream.eos:
        raise jinja2.TemplateSyntaxError(f"unexpected {parser.stream.current.value!r} after the condition",
                                         parser.stream.current.lineno)
    return expression


@functools.lru_cache(maxsize=4096)
def _compiled(source: str):
    return _ENV.compile_expression(source, undefined_to_none=False)


def when_fault(source: str) -> str | None:
    """Why a `when` condition does not parse, or None."""
    if len(source) > MAX_WHEN or source.count("(") + source.count("[") > MAX_NESTING:
        return f"a condition may have at most {MAX_WHEN} characters and {MAX_NESTING} brackets"
    try:
        _parsed(source)
        _compiled(source)
    except jinja2.TemplateSyntaxError as exc:
        return exc.message
    except (RecursionError, SyntaxError, MemoryError):  # nested too deep ('not not not ...') for Python
        return "the condition is nested too deeply"
    return None


def when_names(source: str) -> set[str]:
    """The names a condition reads: columns, and `data` for game.toml's [data] (not the
    sandbox's own, such as range)."""
    root = _parsed(source)
    names = {node.name for node in (root, *root.find_all(nodes.Name)) if isinstance(node, nodes.Name)}
    return names - set(_ENV.globals)


def shows(element: Element, fields: Mapping, game: Game) -> bool:
    """Whether the element is drawn for this card: it has no `when`, or its `when` is true."""
    if element.when is None:
        return True
    try:
        if element.when in _STOPPED:
            raise RenderTooLong()
        context = {"data": game.data, **fields}  # a column may be named data
        return bool(_ENV.run(WHEN_SECONDS, _compiled(element.when), context))
    except jinja2.UndefinedError as exc:
        raise ValueError(f"when = {element.when!r}: {exc.message}") from None
    except SecurityError as exc:
        raise _refused(element, f"not allowed in a condition: {exc}") from None
    except RenderTooLong:
        _STOPPED.add(element.when)
        raise _refused(element, f"ran for more than {WHEN_SECONDS} s and was stopped") from None
    except Exception as exc:  # noqa: BLE001 - a comparison of text with a number
        raise ValueError(f"when = {element.when!r}: {exc}") from None


def _refused(element: Element, message: str) -> ValueError:
    """A fault of the condition itself, whatever the card's values: compose() reports an
    error with a line at that line of game.toml (the element's) rather than at the card."""
    error = ValueError(f"when = {element.when!r}: {message}")
    error.line = element.line
    return error


def reads_card(element: Element) -> bool:
    """True when the element differs from card to card: a placeholder or `when` reads a column."""
    if any(placeholders(value) for value in element.params.values()):
        return True
    return element.when is not None and bool(when_names(element.when) - {"data"})
