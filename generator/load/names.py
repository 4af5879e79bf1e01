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
MAX_FILLED = 100_000  # characters of any one value once filled
MAX_ALL_FILLED = 20_000_000  # characters made by filling, in all the faces of a game


class Budget:
    """What filling may still make, across a game's faces: a value copied a thousand times by
    a repeat, in a face extended a thousand times, stays within memory."""

    def __init__(self, chars: int = MAX_ALL_FILLED):
        self.left = chars
        self.said = False  # whether running out has been reported

    def spend(self, chars: int) -> None:
        self.left -= chars
        if self.left < 0:
            raise ValueError(f"the faces' values come to more than {MAX_ALL_FILLED:,} characters once their "
                             f"vars and repeats are filled in")


class Filled(str):
    """A string that a var or an index was filled into: `size = "{big}"` with big = 14 is the
    number 14 to a number parameter, though "14" written out is not."""


def substitute(value, values: dict, budget: Budget | None = None):
    """`value` with each {name} of `values` filled in, through lists and tables (a string that
    changed is Filled). ValueError: a value past MAX_FILLED characters, or the budget spent."""
    if isinstance(value, dict):
        return {key: substitute(item, values, budget) for key, item in value.items()}
    if isinstance(value, list):
        return [substitute(item, values, budget) for item in value]
    if not isinstance(value, str) or "{" not in value:
        return value
    try:
        parts = list(_FORMATTER.parse(value))
    except ValueError:
        return value  # malformed braces: reported where the value is read
    if not any(name in values for _, name, _, _ in parts):
        return value
    out, size = [], 0
    for literal, name, spec, conversion in parts:
        out.append(literal.replace("{", "{{").replace("}", "}}"))
        if name is None:
            pass
        elif name in values and not spec and not conversion:
            out.append(_text(values[name]))
        else:
            out.append("{" + name + (f"!{conversion}" if conversion else "") + (f":{spec}" if spec else "") + "}")
        size += len(out[-1]) + (len(out[-2]) if name is not None else 0)
        if size > MAX_FILLED:
            raise ValueError(f"a value is more than {MAX_FILLED:,} characters long once its vars are filled in")
    if budget is not None:
        budget.spend(size)
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


def resolve(declared: dict, base: dict | None = None) -> tuple[dict, list[tuple[str, str]]]:
    """Vars whose values read other vars (or those of `base`, already filled), filled in, over
    `base`; (name, fault) for a var that reads itself through others, or grows past MAX_VALUE
    characters."""
    done: dict = {name: value for name, value in (base or {}).items() if name not in declared}
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
            try:
                value = substitute(declared[name], done)
                size = len(value) if isinstance(value, str) else 0
            except ValueError:
                value, size = "", None
            if size is None or size > MAX_VALUE:
                faults.append((name, f"vars: '{name}' is {size or f'more than {MAX_FILLED:,}'} characters long "
                                     f"once filled; at most {MAX_VALUE:,}"))
                value = ""
            done[name] = value

    for name in declared:
        visit(name, ())
    return done, faults
