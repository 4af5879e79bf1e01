"""One face element's table -> Element: its type known, every key checked against the type's
parameters and those every element has (`when`, `name`, and the turn: `rotate`, `about`,
`mirror`, `opacity`), lengths read (plain, or expressions: sandbox/lengths.py; one with a
percent waits for the card's size), numbers written as expressions ("{i} * 30") computed."""

from __future__ import annotations

import math
from types import MappingProxyType

from .. import rulesets
from ..elements import TURN, Param, is_color
from ..errors import did_you_mean
from ..geometry.drawvalues import READERS
from ..model import Element
from ..sandbox.conditions import when_fault
from ..sandbox.lengths import is_expression, measure, number_of
from ..toml_lines import shown
from .names import Filled
from .schema import Schema, is_length, is_number, is_str


def load_element(loader, table: dict, keypath: tuple, face: str) -> Element:
    kind = table.get("type")
    if not isinstance(kind, str) or kind not in loader.element_types:
        owner = rulesets.owner_of(str(kind))
        if owner:
            loader.error(keypath + ("type",), f"face '{face}': element type {shown(kind)} belongs to the rule set "
                                              f"'{owner}'; add it to game.toml: rulesets = [\"{owner}\"]")
        else:
            suggestion = did_you_mean(str(kind), loader.element_types)
            known = ", ".join(loader.element_types)
            which = "an element has no type" if kind is None else f"unknown element type {shown(kind)}"
            loader.error(keypath + ("type",), f"face '{face}': {which}{suggestion}; known: {known}")
        return Element(str(kind), MappingProxyType({}), loader.line(*keypath))
    spec = {**loader.element_types[kind], **TURN}
    schema: Schema = {"type": (is_str, "an element type", True),
                      "when": (is_str, "a condition such as \"cost >= 3\"", False),
                      "name": (is_str, "a name other faces may override or drop it by", False)}
    for name, param in spec.items():
        schema[name] = (_param_check(param), _param_expect(param), param.required)
    table = loader.check_keys(_computed(loader, table, spec, keypath, kind), schema, keypath,
                              f"face '{face}' {kind} element")
    params = {}
    for name, param in spec.items():
        value = table.get(name, param.default)
        if value is None:
            continue
        if param.kind == "length" and not _has_placeholder(value):
            try:
                points = measure(value, name)
            except ValueError as exc:
                loader.error(keypath + (name,), f"{kind} '{name}': {exc}")
                continue
            value = value if math.isnan(points) else points  # a percent: measured on the card
        colour = param.kind in ("color", "paint") and isinstance(value, str)  # a gradient is a table
        if param.kind in READERS and not colour and not _has_placeholder(value):
            try:
                READERS[param.kind](value)
            except ValueError as exc:
                loader.error(keypath + (name,), f"{kind} '{name}': {exc}")
        if colour and not _has_placeholder(value) \
                and not is_color(value):
            loader.error(keypath + (name,), f"{kind} '{name}' must be a colour like '#1a2b3c', got {value!r}")
        if isinstance(value, (int, float)) and (fault := param.fault(value)):
            loader.error(keypath + (name,), f"{kind} '{name}' {fault}")
        if param.choices and not _has_placeholder(value) and value not in param.choices:
            loader.error(keypath + (name,), f"{kind} '{name}' must be one of {', '.join(param.choices)}, got {value!r}")
        params[name] = str(value) if isinstance(value, str) else value  # a Filled string made plain
    when = table.get("when")
    when = str(when) if isinstance(when, str) else when
    if when is not None and (fault := when_fault(when)):
        loader.error(keypath + ("when",), f"face '{face}' {kind}: when = {shown(when)} does not parse: {fault}")
    return Element(kind, MappingProxyType(params), loader.line(*keypath), when)


def _computed(loader, table: dict, spec: dict, keypath: tuple, kind: str) -> dict:
    """Numbers written as expressions ("{i} * 30" once the index is filled in) computed, and
    true or false that came in through a var made a bool, before the types are checked."""
    out = dict(table)
    for name, value in table.items():
        param = spec.get(name)
        if param is None or not isinstance(value, str) or "{" in value:
            continue
        if param.kind == "number" and (isinstance(value, Filled) or is_expression(value)):
            try:
                out[name] = number_of(value)
            except ValueError as exc:
                loader.error(keypath + (name,), f"{kind} '{name}' must be a number: {exc}")
                del out[name]
        elif param.kind == "bool" and isinstance(value, Filled) and value in ("true", "false"):
            out[name] = value == "true"
    return out


def _has_placeholder(value) -> bool:
    """A {column} in the value, or in a string of its list or table: read once it is filled in."""
    if isinstance(value, (list, dict)):
        return any(_has_placeholder(v) for v in (value.values() if isinstance(value, dict) else value))
    return isinstance(value, str) and "{" in value


def _param_check(param: Param):
    if param.kind == "bool":
        return lambda v: isinstance(v, bool)
    if param.kind == "number":
        return is_number
    if param.kind == "length":
        return is_length
    if param.kind in READERS:  # checked in full by its reader
        return lambda v: isinstance(v, (str, list, dict))
    return is_str


def _param_expect(param: Param) -> str:
    return {"bool": "true or false", "number": "a number", "length": "a length such as '3mm'",
            "color": "a colour like '#1a2b3c'", "paint": "a colour like '#1a2b3c' or a gradient table",
            "points": "a list of [x, y] pairs", "dash": "a list of lengths", "pathdata": "SVG path data",
            "viewbox": "four numbers"}.get(param.kind, "a string")
