"""The `when` conditions' Jinja2 side (conditions.py is their front): a condition is parsed
once and run in the sandbox with a condition's small bounds and a time limit per card.
Errors are ValueError, which compose() reports at the card (or, for a fault of the
condition itself, at its line of game.toml)."""

from __future__ import annotations

import functools
from typing import Mapping

import jinja2
from jinja2 import nodes
from jinja2.parser import Parser
from jinja2.sandbox import SecurityError

from ..model import Element, Game
from .jinja import Limits, RenderTooLong, Sandbox
from .undefined import Explained, reading
from ..lasting import lasting

MAX_WHEN = 1000  # characters of a `when`: a condition is a line; a huge one would exhaust the parser
MAX_NESTING = 50  # brackets in a `when`: Jinja2's parser recurses on each
CONDITION = Limits(size=10_000, bits=4_096, work=100_000, output=10_000)  # a one-line test of a card's fields
WHEN_SECONDS = 0.5  # for one card: a condition takes microseconds
_ENV = Sandbox(CONDITION, undefined=Explained)  # a name no card has is an error
_STOPPED: set[str] = set()  # conditions stopped for time: refused for the next cards without running


@lasting
@functools.lru_cache(maxsize=4096)
def _parsed(source: str) -> nodes.Expr:
    parser = Parser(_ENV, source, state="variable")
    expression = parser.parse_expression()
    if not parser.stream.eos:
        raise jinja2.TemplateSyntaxError(f"unexpected {parser.stream.current.value!r} after the condition",
                                         parser.stream.current.lineno)
    return expression


@lasting
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


def when_data(source: str) -> set[tuple[str, ...]]:
    """The [data] key paths a condition names: 'data.suits[suit].colour' -> ("suits",);
    'data["hand_size"] > 2' -> ("hand_size",). A key taken from a card stops the path."""
    root = _parsed(source)
    paths = {_data_path(node) for node in (root, *root.find_all((nodes.Getattr, nodes.Getitem)))}
    return {path for path in paths if path}


def _data_path(node: nodes.Node) -> tuple[str, ...]:
    keys: list[str] = []
    while isinstance(node, (nodes.Getattr, nodes.Getitem)):
        if isinstance(node, nodes.Getattr):
            keys.append(node.attr)
        elif isinstance(node.arg, nodes.Const) and isinstance(node.arg.value, str):
            keys.append(node.arg.value)
        else:
            keys.clear()  # data.table[column]: only the part before the card's key is known
        node = node.node
    return tuple(reversed(keys)) if isinstance(node, nodes.Name) and node.name == "data" else ()


def when_names(source: str) -> set[str]:
    """The names a condition reads: columns, and `data` for game.toml's [data] (not the
    sandbox's own, such as range)."""
    root = _parsed(source)
    names = {node.name for node in (root, *root.find_all(nodes.Name)) if isinstance(node, nodes.Name)}
    return names - set(_ENV.globals)


def shows(element: Element, fields: Mapping, game: Game) -> bool:
    """Whether the element's `when` is true for this card."""
    try:
        if element.when in _STOPPED:
            raise RenderTooLong()
        context = {"data": game.data, **fields}  # a column may be named data
        with reading(game.data, context):
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
