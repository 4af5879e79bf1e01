"""The inline language of card text (the same as rules.md's): **bold**, *italic* and
:icon: names. Markdown's rules where they matter: an unclosed marker is literal text, a
marker must touch the text it marks (`2 * 3` stays as written), `\\*` and `\\:` are a literal
asterisk and colon."""

from __future__ import annotations

import re
from dataclasses import dataclass

ICON_NAME = r"[a-z][a-z0-9_-]*"
_ICON = re.compile(rf":({ICON_NAME}):")
_TOKEN = re.compile(rf"\\[*:\\]|\*\*\*|\*\*|\*|:{ICON_NAME}:")


@dataclass(frozen=True)
class Span:
    text: str
    bold: bool = False
    italic: bool = False


@dataclass(frozen=True)
class IconRef:
    name: str
    bold: bool = False
    italic: bool = False


Inline = Span | IconRef


def icon_names(text: str) -> list[str]:
    """The :icon: names a text asks for, escapes left out."""
    return [item.name for item in parse(text) if isinstance(item, IconRef)]


def parse(text: str) -> list[Inline]:
    """text -> spans and icons, in order. Newlines stay in the spans."""
    tokens: list[list] = []  # [kind, value]: kind 'text', 'icon' or a marker '*' / '**'
    last = 0
    for found in _TOKEN.finditer(text):
        if found.start() > last:
            tokens.append(["text", text[last:found.start()]])
        value = found.group()
        if value.startswith("\\"):
            tokens.append(["text", value[1]])
        elif value.startswith(":"):
            tokens.append(["icon", value[1:-1]])
        else:
            before = text[found.start() - 1] if found.start() else " "
            after = text[found.end()] if found.end() < len(text) else " "
            flank = (not after.isspace(), not before.isspace())  # (can open, can close)
            if value == "***":  # both: italic outside bold, so it opens *, ** and closes **, *
                tokens += [["**", flank], ["*", flank]] if flank == (False, True) else [["*", flank], ["**", flank]]
            else:
                tokens.append([value, flank])
        last = found.end()
    if last < len(text):
        tokens.append(["text", text[last:]])
    _pair(tokens)
    out: list[Inline] = []
    bold = italic = False
    for kind, value in tokens:
        if kind == "open**" or kind == "close**":
            bold = kind == "open**"
        elif kind == "open*" or kind == "close*":
            italic = kind == "open*"
        elif kind == "icon":
            out.append(IconRef(value, bold, italic))
        elif out and isinstance(out[-1], Span) and (out[-1].bold, out[-1].italic) == (bold, italic):
            out[-1] = Span(out[-1].text + value, bold, italic)
        else:
            out.append(Span(value, bold, italic))
    return out


def _pair(tokens: list[list]) -> None:
    """Match markers in place: a marker closes the nearest open one of its kind (markers
    opened inside it and left open become text); what stays unmatched is text."""
    stack: list[int] = []
    for i, token in enumerate(tokens):
        kind = token[0]
        if kind not in ("*", "**"):
            continue
        can_open, can_close = token[1]
        opener = next((j for j in reversed(range(len(stack))) if tokens[stack[j]][0] == kind), None)
        if can_close and opener is not None and stack[opener] != i - 1:  # '****' is not emphasis
            for j in stack[opener + 1:]:
                tokens[j] = ["text", tokens[j][0]]
            tokens[stack[opener]] = ["open" + kind, None]
            tokens[i] = ["close" + kind, None]
            del stack[opener:]
        elif can_open:
            stack.append(i)
        else:
            tokens[i] = ["text", kind]
    for j in stack:
        tokens[j] = ["text", tokens[j][0]]


def plain(text: str) -> str:
    """The text without its markers (icons as their names), for messages."""
    return "".join(item.text if isinstance(item, Span) else f":{item.name}:" for item in parse(text))
