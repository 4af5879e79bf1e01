"""The inline language of card text (the same as rules.md's): **bold**, *italic* and
:icon: names; on cards also [color=#RRGGBB]...[/color] and [size=80%]...[/size] (or
[size=8pt]), which nest, and are literal text when unclosed. Markdown's rules where they matter: an unclosed marker is literal text, a
marker must touch the text it marks (`2 * 3` stays as written), `\\*` and `\\:` are a literal
asterisk and colon."""

from __future__ import annotations

import re
from dataclasses import dataclass

ICON_NAME = r"[a-z][a-z0-9_-]*"
_ICON = re.compile(rf":({ICON_NAME}):")
_TAG = r"\[color=#[0-9A-Fa-f]{6}\]|\[/color\]|\[size=[0-9]+(?:\.[0-9]+)?(?:%|pt)\]|\[/size\]"
_TOKEN = re.compile(rf"\\[*:\\]|\*\*\*|\*\*|\*|:{ICON_NAME}:|{_TAG}")


@dataclass(frozen=True)
class Span:
    text: str
    bold: bool = False
    italic: bool = False
    color: str | None = None  # '#RRGGBB' of a [color] tag
    size: str | None = None  # '80%' or '8pt' of a [size] tag


@dataclass(frozen=True)
class IconRef:
    name: str
    bold: bool = False
    italic: bool = False
    color: str | None = None
    size: str | None = None


Inline = Span | IconRef


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
        elif value.startswith("["):  # a tag: ('[color', '#c00000') or ('[/color', None)
            name, _, argument = value[1:-1].partition("=")
            tokens.append(("[" + name, argument or None))
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


def _tags(tokens: list[tuple]) -> None:
    """Match [color]/[size] tags in place, as markers are: an opening tag closed by the next
    closing one of its kind that is not taken by one opened later; what stays unmatched is text."""
    open_of: dict[str, list[int]] = {"color": [], "size": []}
    for i, (kind, value) in enumerate(tokens):
        if not kind.startswith("["):
            continue
        name = kind.lstrip("[/")
        if not kind.startswith("[/"):
            open_of[name].append(i)
        elif open_of[name]:
            tokens[i] = ("close" + name, None)
            j = open_of[name].pop()
            tokens[j] = ("open" + name, tokens[j][1])
        else:
            tokens[i] = ("text", f"[/{name}]")
    for name, opened in open_of.items():
        for j in opened:
            tokens[j] = ("text", f"[{name}={tokens[j][1]}]")


def _inlines(tokens: list[tuple]) -> list[Inline]:
    """Paired tokens -> spans and icons; neighbouring text of one style is one span, its
    pieces joined once (not grown piece by piece, which is quadratic)."""
    _tags(tokens)
    out: list[Inline] = []
    pieces: list[str] = []  # the text of the span being gathered
    bold = italic = False
    colors: list[str] = []  # the open [color] and [size] tags, innermost last
    sizes: list[str] = []
    current = style = (False, False, None, None)  # (bold, italic, colour, size): of the gathered pieces, now

    def flush():
        if pieces:
            out.append(Span("".join(pieces), *current))
            pieces.clear()

    for kind, value in tokens:
        if kind in ("open**", "close**"):
            bold = kind == "open**"
        elif kind in ("open*", "close*"):
            italic = kind == "open*"
        elif kind in ("opencolor", "opensize"):
            (colors if kind == "opencolor" else sizes).append(value)
        elif kind in ("closecolor", "closesize"):
            (colors if kind == "closecolor" else sizes).pop()
        style = (bold, italic, colors[-1] if colors else None, sizes[-1] if sizes else None)
        if kind == "icon":
            flush()
            out.append(IconRef(value, *style))
        elif kind == "text":
            if style != current:
                flush()
                current = style
            pieces.append(value)
    flush()
    return out


def plain(text: str) -> str:
    """The text without its markers (icons as their names), for messages."""
    return "".join(item.text if isinstance(item, Span) else f":{item.name}:" for item in parse(text))
