"""A game's inline icons, declared in game.toml [icons] and written `:name:` in card text
and rules.md: an image from the game folder (`coin = "icons/coin.png"`), a drawn symbol
(`coin = { shape = "circle", color = "#D4A017" }`) or a glyph (`heart = { text = "♥" }`).
A symbol is drawn as the fallback font's glyph for it, so it is vector in the PDF, sits on
the baseline at the text's size and looks the same on cards and in the rules."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Mapping

from . import fonts
from .files import MISSING, OUTSIDE, game_file
from .elements import is_color
from .images import image_fault
from .richtext import ICON_NAME

SHAPES = {"circle": "\u25CF", "square": "\u25A0", "diamond": "\u25C6", "triangle": "\u25B2",
          "star": "\u2605", "heart": "\u2665", "spade": "\u2660", "club": "\u2663"}
IMAGE_SIDE = 0.8  # an image icon's side, in ems: about the height of a capital letter
IMAGE_GAP = 0.08  # ems of space either side of an image icon
_NAME = re.compile(rf"^{ICON_NAME}$")


@dataclass(frozen=True)
class Icon:
    name: str
    path: str | None = None  # an image (absolute path)
    glyph: str | None = None  # a character drawn in place of the name
    color: str | None = None  # None: the colour of the text around it
    font: str | None = None  # for a shape: the fallback font; None: the text's own


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
            path, fault = game_file(loader.root, value)
            if fault == OUTSIDE:
                loader.error(keypath, f"icon '{name}': '{value}' points outside the game folder")
            elif fault == MISSING:
                loader.error(keypath, f"icon '{name}': image '{value}' not found in the game folder")
            elif why := image_fault(str(path.resolve())):
                loader.error(keypath, f"icon '{name}': image '{value}' {why}")
            else:
                icons[name] = Icon(name, path=str(path.resolve()))
            continue
        if not isinstance(value, dict):
            loader.error(keypath, f"icon '{name}' must be an image file name or a table "
                                  f"{{ shape = \"circle\", color = \"#D4A017\" }}")
            continue
        unknown = set(value) - {"shape", "text", "color"}
        color = value.get("color")
        if unknown:
            loader.error(keypath, f"icon '{name}': unknown key '{sorted(unknown)[0]}'; use shape or text, and color")
        elif ("shape" in value) == ("text" in value):
            loader.error(keypath, f"icon '{name}' needs one of shape = \"...\" ({', '.join(SHAPES)}) "
                                  f"or text = \"...\"")
        elif color is not None and not is_color(color):
            loader.error(keypath, f"icon '{name}': color must be a colour like '#1a2b3c', got {color!r}")
        elif "shape" in value and not (isinstance(value["shape"], str) and value["shape"] in SHAPES):
            loader.error(keypath, f"icon '{name}': unknown shape {value['shape']!r}; use one of {', '.join(SHAPES)}")
        elif "text" in value and not (isinstance(value["text"], str) and len(value["text"].strip()) == 1):
            loader.error(keypath, f"icon '{name}': text must be one character, got {value['text']!r}")
        elif "text" in value and fonts.missing_glyphs("body", value["text"]):
            loader.error(keypath, f"icon '{name}': no font has a glyph for {value['text']!r}")
        elif "shape" in value:
            icons[name] = Icon(name, glyph=SHAPES[value["shape"]], color=color, font="fallback")
        else:
            icons[name] = Icon(name, glyph=value["text"].strip(), color=color)
    return icons


def lookup(icons: Mapping[str, Icon], name: str) -> Icon:
    """The icon `name`, or a ValueError listing the defined ones."""
    if name in icons:
        return icons[name]
    known = ", ".join(f":{n}:" for n in sorted(icons)) or "none (declare them in game.toml [icons])"
    raise ValueError(f"unknown icon ':{name}:'; defined icons: {known} (write \\: for a literal colon)")
