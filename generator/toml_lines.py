"""Where each key of a TOML file stands, so errors can name a line.

tomllib parses but forgets positions. This scanner walks the text once and records, for
every key path, the line that defines it: ("components", 0, "size") -> 17. It follows
[table] and [[array.of.tables]] headers, dotted keys and skips multi-line strings and
arrays; keys inside inline tables get the line of the key that holds the table.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from .errors import GameError, problem
from .files import read_text

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
    return raw, key_lines(text)
