"""Sizes of images in rules.md: `![alt](map.png){width=40mm}`, `{height=3cm}`, both, or a
width in per cent of the column (`{width=50%}`), as Pandoc writes them.

markdown-it leaves the braces as text after the image; attach() moves them onto the image
token, so the paragraph still holds the image alone, and parse() reads them.
"""

from __future__ import annotations

import re

from markdown_it.token import Token

from ..units import MM, NUMBER, length

ATTRS = re.compile(r"^\{([^{}\n]*)\}")
PERCENT = re.compile(rf"\s*({NUMBER})\s*%\s*", re.ASCII)  # a number as lengths write it
KEY = "ppgen-size"  # where attach() leaves the braces' text on the image token
MAX_SIDE = 1000 * MM  # a size past a metre is a typo (the image is shrunk to its column anyway)


def attach(children: list[Token]) -> list[Token]:
    """The inline tokens with `{...}` straight after an image moved onto that image."""
    out: list[Token] = []
    for token in children:
        if token.type == "text" and out and out[-1].type == "image" and (found := ATTRS.match(token.content)):
            out[-1].attrs[KEY] = found.group(1)
            rest = token.content[found.end():]
            if not rest:
                continue
            token = token.copy(content=rest)
        out.append(token)
    return out


def parse(text: str) -> tuple[float | None, float | None, float | None]:
    """(width in points, height in points, width as a share of the column) from
    'width=40mm height=3cm' (spaces or commas between); ValueError says what is wrong."""
    width = height = share = None
    items = [item for item in re.split(r"[\s,]+", text.strip()) if item]
    if not items:
        raise ValueError("an empty size {}: write {width=40mm} or {height=30mm}")
    seen: set[str] = set()
    for item in items:
        key, _, value = item.partition("=")
        if key not in ("width", "height") or not value:
            raise ValueError(f"image size '{item}': write width=LENGTH or height=LENGTH, e.g. {{width=40mm}}")
        if key in seen:
            raise ValueError(f"image {key} given twice")
        seen.add(key)
        if key == "width" and (percent := PERCENT.fullmatch(value)):
            share = float(percent.group(1)) / 100
            if not 0 < share <= 1:
                raise ValueError(f"image width {value}: a share of the column is above 0 % and at most 100 %")
            continue
        try:
            points = length(value)
        except ValueError:
            raise ValueError(f"image {key} '{value}': expected a length such as 40mm, 3cm, 1.5in or 90pt"
                             + (" (or a share of the column such as 50%)" if key == "width" else "")) from None
        if not 0 < points <= MAX_SIDE:
            raise ValueError(f"image {key} {value}: must be above 0 and at most 1 m")
        if key == "width":
            width = points
        else:
            height = points
    return width, height, share
