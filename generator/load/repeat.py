"""`repeat`: one element of a face drawn many times, expanded at load time into ordinary
elements (so validate, the bleed warnings, the PDF and the PNG all see the same ones).

    repeat = { rows = 3, columns = 4, gap = "2mm" }            # a grid, row by row
    repeat = { count = 42, columns = 7, step = ["22mm", "20mm"], snake = true }   # a track
    repeat = { count = 12, around = ["31.5mm", "44mm"], radius = "20mm", turn = true }  # a ring

Each copy reads its index as {i} (from `start`, 1 unless told) and, in a grid, its {row} and
{column} (from 1). A copy's place is written as a length expression over the element's own
values ("(10mm) + 2 * (12mm)"), so a percent or a card's column in them still works."""

from __future__ import annotations

import math
from typing import Callable

from .. import limits
from ..errors import did_you_mean
from .names import Budget, substitute
from .schema import is_length, is_number

MAX_REPEAT = 1_000  # copies of one element; a face holds at most limits.MAX_ELEMENTS in all
X_KEYS, Y_KEYS = ("x", "x1", "x2"), ("y", "y1", "y2")


def _is_count(v): return isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= MAX_REPEAT
def _is_pair(v): return is_length(v) or (isinstance(v, list) and len(v) == 2 and all(is_length(x) for x in v))


KEYS = {
    "count": (_is_count, f"a whole number from 1 to {MAX_REPEAT}"),
    "rows": (_is_count, f"a whole number from 1 to {MAX_REPEAT}"),
    "columns": (_is_count, f"a whole number from 1 to {MAX_REPEAT}"),
    "gap": (_is_pair, "a length or [across, down] (the space between copies)"),
    "step": (_is_pair, "a length or [across, down] (from one copy to the next)"),
    "snake": (lambda v: isinstance(v, bool), "true or false"),
    "around": (lambda v: isinstance(v, list) and len(v) == 2 and all(is_length(x) for x in v),
               "the circle's centre, [x, y]"),
    "radius": (is_length, "a length"),
    "from": (is_number, "an angle in degrees (0 is up, clockwise)"),
    "to": (is_number, "an angle in degrees (0 is up, clockwise)"),
    "turn": (lambda v: isinstance(v, bool), "true or false"),
    "start": (lambda v: isinstance(v, int) and not isinstance(v, bool) and abs(v) <= 10**6,
              "a whole number (the first {i})"),
}
GRID_ONLY, RING_ONLY = ("rows", "columns", "gap", "step", "snake"), ("around", "radius", "from", "to", "turn")

Fault = Callable[[str, str], None]  # (key of the repeat table or "", message)


def expand(table: dict, fault: Fault, budget: Budget | None = None) -> list[dict]:
    """The copies an element with `repeat` stands for (the element alone without one); a fault
    leaves the element drawn once, unrepeated, so no later step meets a broken copy."""
    spec = table.get("repeat")
    if spec is None:
        return [table]
    element = {key: value for key, value in table.items() if key != "repeat"}
    if not isinstance(spec, dict):
        fault("", "repeat must be a table such as { rows = 2, columns = 3, gap = \"2mm\" }")
        return [element]
    bad = len([fault(key, message) for key, message in _faults(spec)])
    if bad:
        return [element]
    places = _ring(element, spec, fault) if "around" in spec else _grid(element, spec, fault)
    start = spec.get("start", 1)
    return [_placed(substitute(element, {"i": start + k, "row": row, "column": column}, budget), moves)
            for k, (row, column, moves) in enumerate(places)]


def _faults(spec: dict) -> list[tuple[str, str]]:
    faults = []
    for key, value in spec.items():
        if key not in KEYS:
            faults.append((key, f"unknown key '{key}' in repeat{did_you_mean(key, KEYS)}"))
        elif not KEYS[key][0](value):
            faults.append((key, f"repeat '{key}' must be {KEYS[key][1]}, got {value!r}"[:200]))
    ring, grid = [k for k in RING_ONLY if k in spec], [k for k in GRID_ONLY if k in spec]
    if "around" in spec and grid:
        faults.append((grid[0], f"repeat: '{grid[0]}' is for a grid; a repeat around a circle takes "
                                f"count, around, radius, from, to, turn"))
    elif "around" not in spec and ring:
        faults.append((ring[0], f"repeat: '{ring[0]}' is for a circle; give its centre as around = [x, y]"))
    elif "around" in spec and ("count" not in spec or "radius" not in spec):
        faults.append(("", "repeat around a circle needs count and radius"))
    elif "around" not in spec and not {"rows", "columns"} & set(spec):
        faults.append(("", "repeat needs rows or columns (a grid or a track) or around (a circle)"))
    if "gap" in spec and "step" in spec:
        faults.append(("step", "repeat: give gap or step, not both"))
    if not faults and "around" not in spec and _grid_size(spec)[2] > MAX_REPEAT:
        rows, columns, count = _grid_size(spec)
        faults.append(("", f"repeat: {rows} rows x {columns} columns is {count} copies; at most {MAX_REPEAT}"))
    elif not faults and "count" in spec and "rows" in spec and "columns" in spec \
            and spec["count"] > spec["rows"] * spec["columns"]:
        faults.append(("count", f"repeat: count {spec['count']} is more than rows x columns "
                                f"({spec['rows'] * spec['columns']})"))
    return faults


def _grid_size(spec: dict) -> tuple[int, int, int]:
    """Rows, columns and copies of a grid; with a count and one side, the other side is enough rows
    (or columns) to hold them."""
    count = spec.get("count")
    rows = spec.get("rows") or -(-count // spec["columns"]) if count else spec.get("rows", 1)
    columns = spec.get("columns") or -(-count // rows) if count else spec.get("columns", 1)
    return rows, columns, count or rows * columns


def _grid(element: dict, spec: dict, fault: Fault) -> list[tuple[int, int, dict]]:
    rows, columns, count = _grid_size(spec)
    across, down = _pair(spec.get("step") if "step" in spec else spec.get("gap", "0mm"))
    if "step" not in spec:
        if not all(_is_written(element.get(key)) for key in ("w", "h")):
            fault("", "repeat: this element has no w and h to space its copies by; give step = [across, down]")
            return [(1, 1, {})]
        across, down = f"{_term(element['w'])} + {_term(across)}", f"{_term(element['h'])} + {_term(down)}"
    places = []
    for k in range(count):
        row, column = divmod(k, columns)
        if spec.get("snake") and row % 2:
            column = columns - 1 - column  # every other row runs back: a track that snakes
        moves = {key: f"{column} * {_term(across)}" for key in X_KEYS if column}
        moves.update({key: f"{row} * {_term(down)}" for key in Y_KEYS if row})
        places.append((row + 1, column + 1, moves))
    return places


def _ring(element: dict, spec: dict, fault: Fault) -> list[tuple[int, int, dict]]:
    """Copies centred on points of a circle, 0 degrees up and clockwise; a whole turn spaces
    them evenly, an arc puts the first at `from` and the last at `to`."""
    count, first, last = spec["count"], spec.get("from", 0), spec.get("to", 360)
    if not math.isfinite(first) or not math.isfinite(last) or max(abs(first), abs(last)) > 3600:
        fault("from", "repeat: from and to must be angles within 3600 degrees")
        return [(1, 1, {})]
    whole = abs(last - first) == 360
    step = (last - first) / (count if whole else max(count - 1, 1))
    cx, cy = spec["around"]
    radius = _term(spec["radius"])
    centred = _centring(element)
    if centred is None:
        fault("", "repeat around a circle needs an element with x, y, w and h, or a line (x1, y1, x2, y2)")
        return [(1, 1, {})]
    places = []
    for k in range(count):
        angle = first + k * step
        sin, cos = (_exact(f(math.radians(angle))) for f in (math.sin, math.cos))
        point = (f"{_term(cx)} + {radius} * {sin!r}", f"{_term(cy)} - {radius} * {cos!r}")
        moves = {key: f"{point[axis]} - ({centre})" for axis, keys in enumerate((X_KEYS, Y_KEYS))
                 for key, centre in centred[axis].items()}
        if spec.get("turn"):
            turned = element.get("rotate", 0)
            moves["rotate"] = angle + turned if is_number(turned) else f"{_term(turned)} + {angle!r}"
        places.append((1, k + 1, moves))
    return places


def _centring(element: dict) -> tuple[dict, dict] | None:
    """For each coordinate key, the expression of the element's centre along its axis."""
    if all(_is_written(element.get(k)) for k in ("x", "y", "w", "h")):
        return ({"x": f"{_term(element['x'])} + {_term(element['w'])} / 2"},
                {"y": f"{_term(element['y'])} + {_term(element['h'])} / 2"})
    if all(_is_written(element.get(k)) for k in ("x1", "y1", "x2", "y2")):
        return tuple({key: f"({_term(element[a])} + {_term(element[b])}) / 2" for key in keys}
                     for keys, a, b in ((("x1", "x2"), "x1", "x2"), (("y1", "y2"), "y1", "y2")))
    return None


def _placed(copy: dict, moves: dict) -> dict:
    """A copy moved: each coordinate plus its move (the ring's rotate replaced)."""
    for key, move in moves.items():
        if key == "rotate":
            copy[key] = move
        elif _is_written(copy.get(key)):
            copy[key] = f"{_term(copy[key])} + {move}"
    return copy


def _pair(value) -> tuple:
    return (value[0], value[1]) if isinstance(value, list) else (value, value)


def _is_written(value) -> bool:
    return isinstance(value, str) or is_number(value)


def _term(value) -> str:
    """A value as one term of an expression: a bare number is points, as a length's is."""
    return f"({value!r}pt)" if is_number(value) else f"({value})"


def _exact(value: float) -> float:
    """sin and cos of a quarter turn as 0 and ±1, not 6e-17."""
    return round(value) if abs(value - round(value)) < 1e-12 else value


assert MAX_REPEAT <= limits.MAX_ELEMENTS
