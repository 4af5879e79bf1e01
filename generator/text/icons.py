"""A game's inline icons, declared in game.toml [icons] and written `:name:` in card text
and rules.md: an image from the game folder (`coin = "icons/coin.png"`), a drawn symbol
(`coin = { shape = "circle", color = "#D4A017" }`) or a glyph (`heart = { text = "♥" }`).
A symbol is drawn as the fallback font's glyph for it, so it is vector in the PDF, sits on
the baseline at the text's size and looks the same on cards and in the rules."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Mapping

from . import fonts
from ..files import MISSING, OUTSIDE, absent, game_file
from ..elements import is_color
from ..images import image_fault
from .richtext import ICON_NAME

SHAPES = {"circle": "\u25CF", "square": "\u25A0", "diamond": "\u25C6", "triangle": "\u25B2",
          "star": "\u2605", "heart": "\u2665", "spade": "\u2660", "club": "\u2663"}
IMAGE_SIDE = 0.8  # an image icon's side, in ems: about the height of a capital letter
IMAGE_GAP = 0.08  # ems of space either side of an image icon
_NAME = re.compile(rf"^{ICON_NAME}$")
# an image icon's path -> the largest side (pt) it was drawn at, while validate notes them
_SIDES: ContextVar[dict | None] = ContextVar("icon_sides", default=None)


@dataclass(frozen=True)
class Icon:
    name: str
    path: str | None = None  # an image (absolute path)
    glyph: str | None = None  # a character drawn in place of the name
    color: str | None = None  # None: the colour of the text around it
    font: str | None = None  # for a shape: the fallback font; None: the text's own


def image_side(icon: Icon, size: float) -> float:
    """The side (pt) of an image icon in text of this size: cards, rules and aids alike."""
    side = IMAGE_SIDE * size
    sides = _SIDES.get()
    if sides is not None:
        sides[icon.path] = max(sides.get(icon.path, 0.0), side)
    return side


def note_sides(found: dict) -> None:
    """Note the sides a layout noted elsewhere (a search spared by an earlier one's result)."""
    sides = _SIDES.get()
    if sides is not None:
        for path, side in found.items():
            sides[path] = max(sides.get(path, 0.0), side)


@contextmanager
def noting_sides(sides: dict) -> Iterator[dict]:
    """Within this block, sides[path] is the largest side each image icon is drawn at (the
    low-dpi warning reads it: text shrunk to fit counts at the size it prints)."""
    token = _SIDES.set(sides)
    try:
        yield sides
    finally:
        _SIDES.reset(token)


def read(table: dict, loader) -> dict[str, Icon]:
    """game.toml's [icons] -> icons by name; faults reported through the loader."""
    icons: dict[str, Icon] = {}
    for name, value in table.items():
        keypath = ("icons", name)
        if not _NAME.match(name):
            loader.error(keypath, f"icon name '{name}' must be lower-case letters, digits, '-' or '_', "
                                  f"starting with a letter")
            continue
        if isinstance(value, str):
            icon, fault = _image(name, value, loader.root)
        elif isinstance(value, dict):
            icon, fault = _drawn(name, value)
        else:
            icon, fault = None, (f"icon '{name}' must be an image file name or a table "
                                 f"{{ shape = \"circle\", color = \"#D4A017\" }}, got {_got(value)}")
        if fault:
            loader.error(keypath, fault)
        else:
            icons[name] = icon
    return icons


def _image(name: str, value: str, root) -> tuple[Icon | None, str | None]:
    path, fault = game_file(root, value)
    if fault == OUTSIDE:
        return None, f"icon '{name}': '{value}' points outside the game folder"
    if fault == MISSING:
        return None, f"icon '{name}': image '{value}' {absent(path)}"
    if why := image_fault(str(path.resolve())):
        return None, f"icon '{name}': image '{value}' {why}"
    return Icon(name, path=str(path.resolve())), None


def _drawn(name: str, value: dict) -> tuple[Icon | None, str | None]:
    """An icon table: a shape or a character, and a colour. Each value's type is checked
    before it is used (a shape given as a list is not a key to look up)."""
    unknown = set(value) - {"shape", "text", "color"}
    shape, text, color = value.get("shape"), value.get("text"), value.get("color")
    if unknown:
        return None, f"icon '{name}': unknown key '{sorted(unknown)[0]}'; use shape or text, and color"
    if ("shape" in value) == ("text" in value):
        return None, f"icon '{name}' needs one of shape = \"...\" ({', '.join(SHAPES)}) or text = \"...\""
    if color is not None and not is_color(color):
        return None, f"icon '{name}': color must be a colour like '#1a2b3c', got {_got(color)}"
    if "shape" in value:
        if not isinstance(shape, str):
            return None, f"icon '{name}': shape must be a name, one of {', '.join(SHAPES)}, got {_got(shape)}"
        if shape not in SHAPES:
            return None, f"icon '{name}': unknown shape {_got(shape)}; use one of {', '.join(SHAPES)}"
        return Icon(name, glyph=SHAPES[shape], color=color, font="fallback"), None
    if not (isinstance(text, str) and len(text.strip()) == 1):
        return None, f"icon '{name}': text must be one character, got {_got(text)}"
    if fonts.missing_glyphs("body", text):
        return None, f"icon '{name}': no font has a glyph for {text!r}"
    return Icon(name, glyph=text.strip(), color=color), None


def _got(value) -> str:
    """A wrong value as the message shows it: a string quoted and cut short, a list or
    table by its kind (it may be long), anything else as TOML writes it."""
    if isinstance(value, str):
        return repr(value) if len(value) <= 40 else repr(value[:37] + "...")
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a table"
    return value.isoformat() if hasattr(value, "isoformat") else str(value)


def lookup(icons: Mapping[str, Icon], name: str) -> Icon:
    """The icon `name`, or a ValueError listing the defined ones."""
    if name in icons:
        return icons[name]
    known = ", ".join(f":{n}:" for n in sorted(icons)) or "none (declare them in game.toml [icons])"
    raise ValueError(f"unknown icon ':{name}:'; defined icons: {known} (write \\: for a literal colon)")
