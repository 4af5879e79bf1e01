"""Named values filled in at load time: a face's vars ("{margin}") and a repeat's index
("{i}", "{row}", "{column}"). Only the names given are filled; every other {placeholder}
(a card's column, {data.x}, {game.title}) is left for the card, untouched."""

from __future__ import annotations

import re
import string

_FORMATTER = string.Formatter()
NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
REPEAT_NAMES = ("i", "row", "column")  # a repeat's own: no var may take them
RESERVED = (*REPEAT_NAMES, "data", "game")
MAX_VARS = 1000
MAX_VALUE = 10_000  # characters of a var's value once filled


class Filled(str):
    """A string that a var or an index was filled into: `size = "{big}"` with big = 14 is the
    number 14 to a number parameter, though "14" written out is not."""


def substitute(value, values: dict):
    """`value` with each {name} of `values` filled in, through lists and tables (a string that
    changed is Filled)."""
    if isinstance(value, dict):
        return {key: substitute(item, values) for key, item in value.items()}
    if isinstance(value, list):
        return [substitute(item, values) for item in value]
    if not isinstance(value, str) or "{" not in value:
        return value
    try:
        parts = list(_FORMATTER.parse(value))
    except ValueError:
        return value  # malformed braces: reported where the value is read
    if not any(name in values for _, name, _, _ in parts):
        return value
    out = []
    for literal, name, spec, conversion in parts:
        out.append(literal.replace("{", "{{").replace("}", "}}"))
        if name is None:
            continue
        if name in values and not spec and not conversion:
            out.append(_text(values[name]))
        else:
            out.append("{" + name + (f"!{conversion}" if conversion else "") + (f":{spec}" if spec else "") + "}")
    return Filled("".join(out))


def _text(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return repr(value) if isinstance(value, float) else str(value)


def used(value, names) -> set[str]:
    """The names of `names` that a value's placeholders read."""
    if isinstance(value, dict):
        return set().union(*(used(item, names) for item in value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*(used(item, names) for item in value)) if value else set()
    if not isinstance(value, str) or "{" not in value:
        return set()
    try:
        return {name for _, name, _, _ in _FORMATTER.parse(value) if name in names}
    except ValueError:
        return set()


def resolve(declared: dict) -> tuple[dict, list[tuple[str, str]]]:
    """Vars whose values read other vars, filled in; (name, fault) for a var that reads
    itself through others, or grows past MAX_VALUE characters."""
    done: dict = {}
    faults: list[tuple[str, str]] = []

    def visit(name: str, chain: tuple[str, ...]) -> None:
        if name in done:
            return
        if name in chain:
            faults.append((chain[0], "vars: '" + chain[0] + "' reads itself: " + " -> ".join((*chain, name))))
            done.update({n: "" for n in chain})
            return
        for other in sorted(used(declared[name], declared)):
            visit(other, (*chain, name))
        if name not in done:
            value = substitute(declared[name], done)
            if isinstance(value, str) and len(value) > MAX_VALUE:
                faults.append((name, f"vars: '{name}' is {len(value)} characters long once filled; "
                                     f"at most {MAX_VALUE}"))
                value = ""
            done[name] = value

    for name in declared:
        visit(name, ())
    return done, faults
