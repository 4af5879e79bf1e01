"""Where each key of a TOML file stands, so errors can name a line.

tomllib parses but forgets positions. This scanner walks the text once and records, for
every key path, the line that defines it: ("components", 0, "size") -> 17. It follows
[table] and [[array.of.tables]] headers, dotted keys and skips multi-line strings and
arrays; keys inside inline tables get the line of the key that holds the table.

read_toml also refuses the numbers TOML allows and no game means: nan, inf and integers past
TOML's 64 bits (which tomllib keeps), so no later stage meets one.
"""

from __future__ import annotations

import datetime
import math
import re
import tomllib
from pathlib import Path
from typing import Iterator

from .errors import GameError, Problem, problem
from .files import read_text

INTEGER_RANGE = (-2**63, 2**63 - 1)  # TOML's integers
SHOWN = 80  # characters of a value quoted in a message: a value may be megabytes long

_BARE_KEY = r'(?:[A-Za-z0-9_-]+|"(?:[^"\\]|\\.)*"|\'[^\']*\')'
_KEY_PATH = rf"{_BARE_KEY}(?:\s*\.\s*{_BARE_KEY})*"
_HEADER = re.compile(rf"^\s*(\[\[?)\s*({_KEY_PATH})\s*\]\]?")
_ASSIGN = re.compile(rf"^\s*({_KEY_PATH})\s*=\s*(.*)$")
_PART = re.compile(_BARE_KEY)


def _split(key_path: str) -> list[str]:
    return [part.strip("\"'") for part in _PART.findall(key_path)]


def _open_brackets(value: str) -> int:
    """Net count of [ and { opened by a value, ignoring those inside strings/comments."""
    depth, quote, i = 0, None, 0
    while i < len(value):
        char = value[i]
        if quote:
            if char == "\\" and quote == '"':
                i += 1
            elif char == quote:
                quote = None
        elif char in "\"'":
            quote = char
        elif char == "#":
            break
        elif char in "[{":
            depth += 1
        elif char in "]}":
            depth -= 1
        i += 1
    return depth


def key_lines(text: str) -> dict[tuple, int]:
    lines: dict[tuple, int] = {}
    array_counts: dict[tuple, int] = {}
    table: tuple = ()
    depth = 0  # open brackets of a multi-line array or inline table
    in_string: str | None = None  # the delimiter of an open multi-line string
    for number, raw in enumerate(text.splitlines(), start=1):
        if in_string:
            if in_string in raw:
                in_string = None
            continue
        if depth > 0:
            depth += _open_brackets(raw)
            continue
        header = _HEADER.match(raw)
        if header:
            path = tuple(_split(header.group(2)))
            if header.group(1) == "[[":
                index = array_counts.get(path, 0)
                array_counts[path] = index + 1
                lines.setdefault(path, number)
                table = _resolve(path, array_counts) + (index,)
            else:
                table = _resolve(path, array_counts)
            lines.setdefault(table, number)
            continue
        assign = _ASSIGN.match(raw)
        if not assign:
            continue
        key = table + tuple(_split(assign.group(1)))
        lines.setdefault(key, number)
        value = assign.group(2)
        for delimiter in ('"""', "'''"):
            if value.startswith(delimiter) and value.count(delimiter) == 1:
                in_string = delimiter
        if not in_string:
            depth = max(0, _open_brackets(value))
    return lines


def _resolve(path: tuple, array_counts: dict[tuple, int]) -> tuple:
    """Insert array indices for parents that are arrays of tables: a.b where [[a]] -> a.N.b."""
    resolved: list = []
    for i, part in enumerate(path):
        resolved.append(part)
        prefix = path[: i + 1]
        if prefix in array_counts and i < len(path) - 1:
            resolved.append(array_counts[prefix] - 1)
    return tuple(resolved)


def line_of(lines: dict[tuple, int], keypath: tuple) -> int | None:
    """The line of a key, or of the nearest key holding it (a value inside an inline array
    or table has its key's line)."""
    for end in range(len(keypath), 0, -1):
        if keypath[:end] in lines:
            return lines[keypath[:end]]
    return None


def read_toml(path: Path) -> tuple[dict, dict[tuple, int]]:
    """A TOML file's tables and the line of each key; a file that cannot be read (not UTF-8,
    too large) or parsed is a GameError at the line at fault."""
    text, fault = read_text(path)
    if fault:
        raise GameError(fault)
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        found = re.search(r"line (\d+)", str(exc))
        message = re.sub(r"\s*\(at line \d+, column \d+\)", "", str(exc))
        raise GameError(problem(path, int(found.group(1)) if found else None, f"TOML syntax: {message}")) from None
    except RecursionError:
        raise GameError(problem(path, None, "TOML nested too deeply to read")) from None
    lines = key_lines(text)
    faults = _unusable_numbers(raw, path, lines)
    if faults:
        raise GameError(faults)
    return raw, lines


def _unusable_numbers(raw: dict, path: Path, lines: dict[tuple, int]) -> list[Problem]:
    """An error at its line for every nan, inf or too large integer in a TOML file (whatever
    its key expects: a colour or a length, say, but never one of these)."""
    faults = []
    for keypath, value in _numbers(raw):
        names = [part for part in keypath if isinstance(part, str)]
        name = names[-1] if names else "a value"
        in_list = isinstance(keypath[-1], int)  # a number inside an array
        if isinstance(value, float):
            message = (f"{name} {'must hold real values' if in_list else 'must be a real value'}: "
                       f"{value} is not a number a game can use")
        else:  # its digits could fill the message
            message = (f"{name} {'holds a number' if in_list else 'is'} past TOML's integers, which run from "
                       f"{INTEGER_RANGE[0]} to {INTEGER_RANGE[1]}")
        faults.append(problem(path, line_of(lines, keypath), message))
    return sorted(faults, key=lambda fault: fault.line or 0)


def _numbers(raw: dict) -> Iterator[tuple[tuple, float | int]]:
    """(key path, value) of every nan, inf and out-of-range integer, however deep."""
    stack: list[tuple[tuple, object]] = [((), raw)]
    while stack:
        keypath, node = stack.pop()
        if isinstance(node, float) and not math.isfinite(node):
            yield keypath, node
        elif isinstance(node, int) and not isinstance(node, bool) \
                and not INTEGER_RANGE[0] <= node <= INTEGER_RANGE[1]:
            yield keypath, node
        elif isinstance(node, dict):
            stack.extend((keypath + (key,), value) for key, value in reversed(node.items()))
        elif isinstance(node, list):
            stack.extend((keypath + (i,), value) for i, value in reversed(list(enumerate(node))))


def shown(value) -> str:
    """A wrong value as a message quotes it: spelt as TOML writes it (true, 1979-05-27,
    {x = 1}, not Python's True or datetime.date(...)), cut short."""
    pieces: list[str] = []
    _spell(value, pieces, 0)
    text = "".join(pieces)
    return text if len(text) <= SHOWN else text[:SHOWN - 3] + "..."


def _spell(value, pieces: list[str], depth: int) -> None:
    """Appends the value's spelling to pieces, stopping once there is more than SHOWN to show."""
    if sum(map(len, pieces)) > SHOWN or depth > 10:
        pieces.append("...")
    elif isinstance(value, bool):
        pieces.append("true" if value else "false")
    elif isinstance(value, (datetime.date, datetime.time)):  # a datetime is a date
        pieces.append(value.isoformat())
    elif isinstance(value, (list, dict)):
        pieces.append("[" if isinstance(value, list) else "{")
        for i, (key, item) in enumerate(value.items() if isinstance(value, dict) else enumerate(value)):
            pieces.append(", " * (i > 0) + (f"{key} = " if isinstance(value, dict) else ""))
            _spell(item, pieces, depth + 1)
            if sum(map(len, pieces)) > SHOWN:
                break
        pieces.append("]" if isinstance(value, list) else "}")
    else:
        pieces.append(repr(value))
