"""An element's `when` condition: a one-line Jinja2 expression over the card's columns (and
game.toml's [data]). This front says what a condition reads and whether it holds; the
expressions are parsed and run by when_expr.py, loaded the first time a game has a `when`:
Jinja2 is 15 ms of the start of a build of a game that has none (and no rules.md)."""

from __future__ import annotations

from types import ModuleType
from typing import Mapping

from ..model import Element, Game


def _expressions() -> ModuleType:
    from . import when_expr  # here, not above: see the docstring
    return when_expr


def shows(element: Element, fields: Mapping, game: Game) -> bool:
    """Whether the element is drawn for this card: it has no `when`, or its `when` is true.
    ValueError when the condition fails on the card."""
    return element.when is None or _expressions().shows(element, fields, game)


def when_fault(source: str) -> str | None:
    """Why a `when` condition does not parse, or None."""
    return _expressions().when_fault(source)


def when_data(source: str) -> set[tuple[str, ...]]:
    """The [data] key paths a condition names: 'data.suits[suit].colour' -> ("suits",);
    'data["hand_size"] > 2' -> ("hand_size",). A key taken from a card stops the path."""
    return _expressions().when_data(source)


def when_names(source: str) -> set[str]:
    """The names a condition reads: columns, and `data` for game.toml's [data] (not the
    sandbox's own, such as range)."""
    return _expressions().when_names(source)
