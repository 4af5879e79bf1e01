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
    tokens = _tokens(text)
    _pair(tokens)
    return _inlines(tokens)


def _tokens(text: str) -> list[tuple]:
    """text -> (kind, value) tokens: kind 'text', 'icon' or a marker '*' / '**' whose value
    is (can open, can close). Tuples: the collector does not walk them (lists made it
    slower the more there were)."""
    tokens: list[tuple] = []
    last = 0
    for found in _TOKEN.finditer(text):
        if found.start() > last:
            tokens.append(("text", text[last:found.start()]))
        value = found.group()
        if value.startswith("\\"):
            tokens.append(("text", value[1]))
        elif value.startswith(":"):
            tokens.append(("icon", value[1:-1]))
        else:
            before = text[found.start() - 1] if found.start() else " "
            after = text[found.end()] if found.end() < len(text) else " "
            flank = (not after.isspace(), not before.isspace())  # (can open, can close)
            if value == "***":  # both: italic outside bold, so it opens *, ** and closes **, *
                tokens += [("**", flank), ("*", flank)] if flank == (False, True) else [("*", flank), ("**", flank)]
            else:
                tokens.append((value, flank))
        last = found.end()
    if last < len(text):
        tokens.append(("text", text[last:]))
    return tokens


def _pair(tokens: list[tuple]) -> None:
    """Match markers in place: a marker closes the nearest open one of its kind (markers
    opened inside it and left open become text); what stays unmatched is text. Each kind
    keeps its own stack of openers, so the nearest is found at once, not by a search back
    through every open marker (which made '*a ' x N then 'a** ' x N quadratic)."""
    stack: list[int] = []  # the open markers, in order
    open_of: dict[str, list[int]] = {"*": [], "**": []}  # the same, by kind
    for i, token in enumerate(tokens):
        kind = token[0]
        if kind not in open_of:
            continue
        can_open, can_close = token[1]
        openers = open_of[kind]
        if can_close and openers and openers[-1] != i - 1:  # '****' is not emphasis
            while stack[-1] != openers[-1]:  # opened inside it, left open: text
                inner = stack.pop()
                open_of[tokens[inner][0]].pop()
                tokens[inner] = ("text", tokens[inner][0])
            tokens[stack.pop()] = ("open" + kind, None)
            openers.pop()
            tokens[i] = ("close" + kind, None)
        elif can_open:
            stack.append(i)
            openers.append(i)
        else:
            tokens[i] = ("text", kind)
    for j in stack:
        tokens[j] = ("text", tokens[j][0])


def _inlines(tokens: list[tuple]) -> list[Inline]:
    """Paired tokens -> spans and icons; neighbouring text of one style is one span, its
    pieces joined once (not grown piece by piece, which is quadratic)."""
    out: list[Inline] = []
    pieces: list[str] = []  # the text of the span being gathered
    style = current = (False, False)  # (bold, italic): now, and of the gathered pieces

    def flush():
        if pieces:
            out.append(Span("".join(pieces), *current))
            pieces.clear()

    for kind, value in tokens:
        if kind in ("open**", "close**"):
            style = (kind == "open**", style[1])
        elif kind in ("open*", "close*"):
            style = (style[0], kind == "open*")
        elif kind == "icon":
            flush()
            out.append(IconRef(value, *style))
        else:
            if style != current:
                flush()
                current = style
            pieces.append(value)
    flush()
    return out


def plain(text: str) -> str:
    """The text without its markers (icons as their names), for messages."""
    return "".join(item.text if isinstance(item, Span) else f":{item.name}:" for item in parse(text))
