"""Styles shared by every game's booklet, handout and aids: templates/styles.toml, read once.

Colours may be written as a name from [colors]; lengths take a unit. Fonts are always the
roles of generator/text/fonts.py, turned into ReportLab names here, so no style ever falls back
to ReportLab's default Helvetica.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Mapping

from reportlab.lib.styles import ParagraphStyle

from ..text import fonts
from ..files import resource_dir
from ..units import length
from ..lasting import lasting


@dataclass(frozen=True)
class TextStyle:
    font: str  # role
    size: float
    leading: float
    space_before: float
    space_after: float
    color: str

    def scaled(self, factor: float) -> "TextStyle":
        return TextStyle(self.font, self.size * factor, self.leading * factor,
                         self.space_before * factor, self.space_after * factor, self.color)


class Styles:
    def __init__(self, raw: Mapping[str, Any]):
        self.raw = raw

    def color(self, value: str) -> str:
        """A colour: '#RRGGBB' or a name from [colors]."""
        return value if value.startswith("#") else self.raw["colors"][value]

    def length(self, section: str, key: str) -> float:
        return length(self.raw[section][key])

    def size(self, section: str, key: str) -> tuple[float, float]:
        w, h = self.raw[section][key]
        return length(w), length(h)

    def value(self, section: str, key: str):
        return self.raw[section][key]

    def text(self, name: str) -> TextStyle:
        t = self.raw["text"][name]
        size = float(t["size"])
        return TextStyle(t["font"], size, float(t.get("leading", size * 1.2)),
                         float(t.get("space_before", 0)), float(t.get("space_after", 0)),
                         self.color(t.get("color", "ink")))

    def paragraph(self, name: str, text: TextStyle | None = None, **overrides):
        """A ReportLab ParagraphStyle for a text style; every font name set explicitly."""
        t = text or self.text(name)
        font = fonts.pdf_name(t.font)
        # The Atkinson family is registered with <b>/<i> mappings; the display face maps to itself.
        family = fonts.pdf_name("display") if t.font == "display" else fonts.pdf_name("body")
        if t.font in ("body-bold", "body-italic", "body-bold-italic"):
            family = font
        options = dict(fontName=family if t.font in ("body", "display") else font, fontSize=t.size,
                       leading=t.leading, spaceBefore=t.space_before, spaceAfter=t.space_after,
                       textColor=t.color, bulletFontName=fonts.pdf_name("body"),
                       bulletFontSize=t.size, allowWidows=0, allowOrphans=0)
        options.update(overrides)
        return ParagraphStyle(name, **options)


@lasting
@lru_cache(maxsize=1)
def load() -> Styles:
    path = resource_dir("templates") / "styles.toml"
    with open(path, "rb") as handle:
        return Styles(tomllib.load(handle))
