"""What game.toml may hold: each table's keys, what each key's value must be, which are
required. The loader checks every table against these before it reads a value, so no later
step meets a value of the wrong type."""

from __future__ import annotations

from typing import Any, Callable

from . import catalog
from .. import limits
from ..units import CARD_SIZES


COMPONENT_KINDS = ("deck", "tokens", "mat", "aid")
ORIENTATIONS = ("portrait", "landscape")


def is_str(v): return isinstance(v, str)
def _is_int(v): return isinstance(v, int) and not isinstance(v, bool)
def is_number(v): return isinstance(v, (int, float)) and not isinstance(v, bool)
def is_length(v): return isinstance(v, str) or is_number(v)  # '3mm', or a bare number of points
def _is_table(v): return isinstance(v, dict)
def _is_line(v):  # printed on one line: a line break would print as a missing-glyph box
    return isinstance(v, str) and 1 <= len(v.strip()) <= limits.MAX_LINE and len((v + "x").splitlines()) == 1
def _is_str_list(v): return isinstance(v, list) and all(isinstance(x, str) for x in v)
def _is_range(v): return _is_int(v) or (isinstance(v, list) and len(v) == 2 and all(_is_int(x) for x in v))
def _is_tables(v): return isinstance(v, list) and all(isinstance(x, dict) for x in v)


def _is_size(v):
    return isinstance(v, str) or (isinstance(v, list) and len(v) == 2 and all(is_length(x) for x in v))


# key -> (check, what it should be, required)
Schema = dict[str, tuple[Callable[[Any], bool], str, bool]]

GAME_KEYS: Schema = {
    "title": (_is_line, f"one line of 1 to {limits.MAX_LINE} characters", True),
    "tagline": (_is_line, f"one line of 1 to {limits.MAX_LINE} characters", False),
    "goal": (_is_line, f"one line of 1 to {limits.MAX_LINE} characters: how to win", False),
    "layout": (is_str, "a sheet layout name", False),
    "players": (_is_range, "a number or [min, max]", True),
    "minutes": (_is_range, "a number or [min, max]", True),
    "credits": (lambda v: _is_str_list(v) and len(v) <= 50 and all(_is_line(x) for x in v),
                f"a list of at most 50 strings of 1 to {limits.MAX_LINE} characters, each one line", False),
    "rules": (is_str, "a file name", False),
    "handout": (lambda v: isinstance(v, bool) or v == "auto",
                '"auto" (made when the rules fit one sheet), true (it must fit) or false (never made)', False),
    "rulesets": (_is_str_list, "a list of rule set names", False),
    "components": (_is_tables, "an array of tables ([[components]])", True),
    "faces": (_is_table, "a table of faces ([faces.NAME])", False),
    "data": (_is_table, "a table", False),
    "vars": (_is_table, "a table of named values ([vars]), such as margin = \"4mm\"", False),
    "icons": (_is_table, "a table of icons ([icons])", False),
    "fonts": (_is_table, "a table of font files by role ([fonts])", False),
    "editions": (_is_table, "a table: default = \"en\", then [editions.CODE] tables (its translations)", False),
}

COMPONENT_KEYS: Schema = {
    "id": (catalog.is_id, catalog.ID_RULE + " (it names folders and files of the build)", True),
    "name": (is_str, "a string", False),
    "kind": (is_str, "one of " + ", ".join(COMPONENT_KINDS), False),
    "size": (_is_size, f"a size name ({', '.join(CARD_SIZES)}) or [width, height] such as [\"63mm\", \"88mm\"]",
             True),
    "orientation": (is_str, "portrait or landscape", False),
    "bleed": (is_length, "a length such as '3mm'", False),
    "safe": (is_length, "a length such as '3mm'", False),
    "data": (is_str, "a CSV file name", False),
    "front": (is_str, "a face name", False),
    "back": (is_str, "a face name", False),
    "count": (_is_int, "a whole number", False),
    "numbers": (_is_str_list, "a list of column names", False),
    "shape": (is_str, "rectangle, round, hex or rounded", False),
    "corner": (is_length, "a length such as '3mm' (a rounded piece's corner radius)", False),
    "standard": (_is_table, "a table such as { jokers = 2 } (a standard deck of playing cards)", False),
}
CARD_SOURCES = ("data", "count", "standard")  # where a component's cards come from: one at most

FACE_KEYS: Schema = {
    "background": (is_str, "a colour like '#ffffff'", False),
    "elements": (_is_tables, "an array of tables ([[faces.NAME.elements]])", False),
    "extends": (is_str, "the name of another face", False),
    "vars": (_is_table, "a table of named values, such as { margin = \"4mm\" }", False),
    "drop": (_is_str_list, "a list of element names", False),
}
