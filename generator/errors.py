"""One error type for everything a game's files can get wrong.

A Problem is a value (path, line, message); GameError carries one or more of them
up to the CLI, which prints them as ``PATH:LINE: error: MESSAGE`` and exits 1.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from pathlib import Path

from . import invisible


@dataclass(frozen=True, order=True)
class Problem:
    path: str
    line: int | None
    message: str
    level: str = "error"  # or "warning": printed, exit 0 (validate --strict makes it fail); or "note": never fails

    def __str__(self) -> str:
        # user text (a card id, a file name, a quoted line) with a bidi override or a control
        # character would read as something else on a terminal: each shows as <U+202E>
        where = f"{self.path}:{self.line}" if self.line else self.path
        return invisible.shown(f"{where}: {self.level}: {self.message}")

    @property
    def is_error(self) -> bool:
        return self.level == "error"


MAX_MESSAGE = 400  # characters: a message quoting a hostile value (a megabyte of text) is cut short


def problem(path: str | Path, line: int | None, message: str) -> Problem:
    return Problem(str(path), line, _cut(message))


def warning(path: str | Path, line: int | None, message: str) -> Problem:
    return Problem(str(path), line, _cut(message), "warning")


def note(path: str | Path, line: int | None, message: str) -> Problem:
    """What a build chose for the user that they may want to know (never fails, even --strict)."""
    return Problem(str(path), line, _cut(message), "note")


def _cut(message: str) -> str:
    return message if len(message) <= MAX_MESSAGE else message[:MAX_MESSAGE - 3] + "..."


def shown(value, most: int = 80) -> str:
    """A value a message quotes, as repr writes it (a newline or a bidi override shows as
    its escape), cut short: a value may be megabytes long."""
    text = repr(value)
    return text if len(text) <= most else text[:most - 3] + "..."


def did_you_mean(word: str, choices) -> str:
    """' (did you mean 'x'?)' for the closest choice to a misspelt word, or ''."""
    hint = difflib.get_close_matches(word, choices, n=1)
    return f" (did you mean '{hint[0]}'?)" if hint else ""


class GameError(Exception):
    """Raised when a game cannot be loaded, validated or built."""

    def __init__(self, problems: list[Problem] | Problem):
        if isinstance(problems, Problem):
            problems = [problems]
        # the same problem found twice (two decks reading one CSV) is reported once
        self.problems = list(dict.fromkeys(problems))
        super().__init__("\n".join(str(p) for p in self.problems))


class HelperError(Exception):
    """A rules.md helper function was called wrongly; the rules stage reports the message,
    as is, at the template's line."""

    def __init__(self, message: str, line: int | None = None):
        super().__init__(message)
        self.line = line  # the rules.md line at fault, where the helper knows it better
