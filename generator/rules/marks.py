"""Line marks: how rules.md text keeps track of its source lines through Jinja2.

The template's text is marked, before rendering, with the source line at the start of every
line (invisible control characters), so a line produced inside a loop or a call block still
knows its line in rules.md; split_marks takes the marks out again.
"""

from __future__ import annotations

import re

MARK, END = "\x02", "\x03"  # around a source line number, at the start of an output line
_MARK = re.compile(f"{MARK}(\\d+){END}")


def split_marks(text: str, first_line: int = 1) -> tuple[str, list[int]]:
    """Remove line marks; return the clean text and the source line of each of its lines."""
    lines, sources = [], []
    current = first_line
    for raw in text.split("\n"):
        found = _MARK.search(raw)
        if found:
            current = int(found.group(1))
        sources.append(current)
        lines.append(_MARK.sub("", raw))
    return "\n".join(lines), sources


def first_mark(text: str, default: int) -> int:
    """The source line of the first marked line in text."""
    found = _MARK.search(text)
    return int(found.group(1)) if found else default
