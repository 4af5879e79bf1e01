"""The bundled fonts, by role: 'body', 'body-bold', 'body-italic', 'body-bold-italic',
'display'. Registered with ReportLab once per process; Pillow fonts cached per pixel size.
No output ever uses a font installed on the machine."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from PIL import ImageFont
from reportlab.lib.fonts import addMapping
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from .catalog import resource_dir

FILES = {
    "body": "AtkinsonHyperlegible-Regular.ttf",
    "body-bold": "AtkinsonHyperlegible-Bold.ttf",
    "body-italic": "AtkinsonHyperlegible-Italic.ttf",
    "body-bold-italic": "AtkinsonHyperlegible-BoldItalic.ttf",
    "display": "FredokaOne-Regular.ttf",
}

# ReportLab font names, one per role.
PDF_NAMES = {
    "body": "Atkinson",
    "body-bold": "Atkinson-Bold",
    "body-italic": "Atkinson-Italic",
    "body-bold-italic": "Atkinson-BoldItalic",
    "display": "Fredoka",
}


def path(role: str) -> Path:
    return resource_dir("fonts") / FILES[role]


@lru_cache(maxsize=None)
def register() -> None:
    """Register every role with ReportLab (and the Atkinson family for <b>/<i> in paragraphs)."""
    for role, name in PDF_NAMES.items():
        pdfmetrics.registerFont(TTFont(name, str(path(role))))
    addMapping("Atkinson", 0, 0, "Atkinson")
    addMapping("Atkinson", 1, 0, "Atkinson-Bold")
    addMapping("Atkinson", 0, 1, "Atkinson-Italic")
    addMapping("Atkinson", 1, 1, "Atkinson-BoldItalic")
    addMapping("Fredoka", 0, 0, "Fredoka")
    addMapping("Fredoka", 1, 0, "Fredoka")
    addMapping("Fredoka", 0, 1, "Fredoka")
    addMapping("Fredoka", 1, 1, "Fredoka")


def pdf_name(role: str) -> str:
    register()
    return PDF_NAMES[role]


@lru_cache(maxsize=None)
def has_glyphs(role: str) -> frozenset[int]:
    """Code points the font can draw."""
    register()
    return frozenset(pdfmetrics.getFont(PDF_NAMES[role]).face.charToGlyph)


def missing_glyphs(role: str, text: str) -> list[str]:
    available = has_glyphs(role)
    return sorted({ch for ch in text if ord(ch) not in available and not ch.isspace()})


def string_width(text: str, role: str, size: float) -> float:
    return pdfmetrics.stringWidth(text, pdf_name(role), size)


@lru_cache(maxsize=256)
def pillow_font(role: str, pixel_size: int):
    return ImageFont.truetype(str(path(role)), pixel_size, layout_engine=ImageFont.Layout.BASIC)
