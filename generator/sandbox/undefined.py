"""What a template or a `when` reads that is not there, said with what is: '{{ data.missng }}'
is "[data] has no key 'missng' (did you mean 'missing'?); its keys: ...", not Jinja2's
"'mappingproxy object' has no attribute 'missng'"; a card's column, a component's or the
game's attribute and a name of the template alike."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import PurePath

import jinja2
from jinja2.utils import missing

from ..errors import did_you_mean, shown
from ..model import Card
from ..words import plural

SHOWN_NAMES = 12  # names listed after "its keys:"
# what the evaluation running now reads: the game's [data] (to name its tables) and its names
_READING: ContextVar[tuple[Mapping, tuple[str, ...]]] = ContextVar("reading", default=({}, ()))


@contextmanager
def reading(data: Mapping, names) -> Iterator[None]:
    """Within this block, a missing name is explained against [data] and these names."""
    token = _READING.set((data, tuple(names)))
    try:
        yield
    finally:
        _READING.reset(token)


class Explained(jinja2.StrictUndefined):
    __slots__ = ()

    @property
    def _undefined_message(self) -> str:
        name, owner = self._undefined_name, self._undefined_obj
        if self._undefined_hint or not isinstance(name, str):
            return super()._undefined_message
        if owner is missing:
            return f"'{name}' is undefined{did_you_mean(name, _READING.get()[1])}"
        if isinstance(owner, Card):
            return f"card {owner.id} has no column '{name}'{_offer(name, list(owner.fields), 'columns')}"
        if isinstance(owner, Mapping):
            return f"{_table(owner)} has no key '{name}'{_offer(name, [str(k) for k in owner], 'keys')}"
        if isinstance(owner, (list, tuple)):
            return f"a list ({plural(len(owner), 'item')}) has no '{name}'; take an item first: list[0].{name}"
        if isinstance(owner, (str, int, float)):
            return f"{shown(owner, 40)} is {'text' if isinstance(owner, str) else 'a number'}: it has no '{name}'"
        kind = type(owner).__name__.lower()
        return f"the {kind} has no attribute '{name}'{_offer(name, _attributes(owner), 'attributes')}"


def _table(table: Mapping) -> str:
    """'[data]', '[data.colors]' for a table of game.toml's [data], else 'the table'."""
    found = _path_in(_READING.get()[0], table, "data", depth=8)
    return f"[{found}]" if found else "the table"


def _path_in(node: Mapping, table: Mapping, where: str, depth: int) -> str | None:
    if node is table:
        return where
    for key, value in node.items() if depth else ():
        if isinstance(value, Mapping) and (found := _path_in(value, table, f"{where}.{key}", depth - 1)):
            return found
    return None


def _offer(name: str, choices: list[str], what: str) -> str:
    listed = ", ".join(choices[:SHOWN_NAMES]) + (", ..." if len(choices) > SHOWN_NAMES else "")
    return f"{did_you_mean(name, choices)}; its {what}: {listed or 'none'}"


def _attributes(owner) -> list[str]:
    """The public attributes a template may read (file paths it may not)."""
    names = [name for name in dir(owner) if not name.startswith("_")]
    return [name for name in names if not isinstance(getattr(owner, name, None), (PurePath, type))]
