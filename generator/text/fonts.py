"""Fonts by key: a role of the bundled fonts ('body', 'body-bold', 'body-italic',
'body-bold-italic', 'display'), the bundled fallback ('fallback', 'fallback-bold'), or the
absolute path of a game's own TrueType file (text/gamefonts.py maps a game's roles to those).
While a game's booklet, handout or aids are drawn (`game_roles`), a role names the game's
font where the game gives one, so the shared layouts need not pass the game's fonts around.
Registered with ReportLab on first use in each process; the PNGs draw from the same bytes (faces/png.py).
No output ever uses a font installed on the machine."""

from __future__ import annotations

import hashlib
import re
from contextlib import contextmanager
from contextvars import ContextVar
from functools import lru_cache
from itertools import groupby
from operator import itemgetter
from pathlib import Path
from typing import Iterator, Mapping

from reportlab.lib.fonts import addMapping
from reportlab.pdfbase import pdfmetrics
from .subsettags import TaggedTTFont as TTFont

from . import fontfile, plainzero
from ..files import resource_dir
from ..lasting import lasting

FILES = {
    "body": "AtkinsonHyperlegible-Regular.ttf",
    "body-bold": "AtkinsonHyperlegible-Bold.ttf",
    "body-italic": "AtkinsonHyperlegible-Italic.ttf",
    "body-bold-italic": "AtkinsonHyperlegible-BoldItalic.ttf",
    "display": "FredokaOne-Regular.ttf",
    # Wide coverage (Greek, Cyrillic, symbols), drawn per character where a role's font lacks it.
    "fallback": "DejaVuSans.ttf",
    "fallback-bold": "DejaVuSans-Bold.ttf",
}

# ReportLab font names, one per bundled font.
PDF_NAMES = {
    "body": "Atkinson",
    "body-bold": "Atkinson-Bold",
    "body-italic": "Atkinson-Italic",
    "body-bold-italic": "Atkinson-BoldItalic",
    "display": "Fredoka",
    "fallback": "DejaVuSans",
    "fallback-bold": "DejaVuSans-Bold",
}
ROLES = ("body", "body-bold", "body-italic", "body-bold-italic", "display")
PLAIN_ZERO = ROLES[:4]  # Atkinson's slashed zero read "1Ø" for 10: drawn plain (plainzero.py)

# role -> the game's font file, for the rules outputs being drawn (empty: the bundled fonts)
_game_roles: ContextVar[Mapping[str, str]] = ContextVar("game_roles", default={})


@contextmanager
def game_roles(roles: Mapping[str, str]) -> Iterator[None]:
    """Within this block, the roles in `roles` (gamefonts.rules_roles) name the game's files."""
    if "body" in roles:
        _register_game_family(roles)
    token = _game_roles.set(roles)
    try:
        yield
    finally:
        _game_roles.reset(token)


def _key(key: str) -> str:
    """The font a key names now: a role the game replaces names the game's file."""
    return _game_roles.get().get(key, key)


def _bundled(key: str) -> str:
    return str(resource_dir("fonts") / FILES[key])


def _source(key: str):
    """What ReportLab and skia read a font from: a bundled font's path (the body fonts'
    bytes with a plain zero, plainzero.py), or a game's font file's bytes, read once
    (text/fontfile.py: a regular file of bounded size, never a pipe)."""
    if key in PLAIN_ZERO:
        return fontfile.source(_bundled(key), plainzero.patched(_bundled(key)))
    return _bundled(key) if key in FILES else fontfile.source(key, _game_file(key))


@lru_cache(maxsize=16)
def _game_file(key: str) -> bytes:
    return fontfile.read(key)


@lasting
@lru_cache(maxsize=None)
def register() -> None:
    """Register every role with ReportLab (and the Atkinson family for <b>/<i> in paragraphs)."""
    for role in ROLES:  # the bundled files, even when first asked within game_roles
        pdfmetrics.registerFont(TTFont(PDF_NAMES[role], _source(role)))
    addMapping("Atkinson", 0, 0, "Atkinson")
    addMapping("Atkinson", 1, 0, "Atkinson-Bold")
    addMapping("Atkinson", 0, 1, "Atkinson-Italic")
    addMapping("Atkinson", 1, 1, "Atkinson-BoldItalic")
    _family("Fredoka", "Fredoka")


@lasting
@lru_cache(maxsize=None)
def _register_fallback() -> None:
    """The fallback pair, loaded only by a game that needs it (it holds thousands of glyphs)."""
    for key in ("fallback", "fallback-bold"):
        pdfmetrics.registerFont(TTFont(PDF_NAMES[key], _bundled(key)))
    _family("DejaVuSans", "DejaVuSans-Bold")


def _family(regular: str, bold: str) -> None:
    """<b> maps to bold; there is no italic, so <i> keeps the upright face."""
    addMapping(regular, 0, 0, regular)
    addMapping(regular, 1, 0, bold)
    addMapping(regular, 0, 1, regular)
    addMapping(regular, 1, 1, bold)


@lru_cache(maxsize=None)
def _register_file(key: str) -> str:
    """A game's font file, registered under a name made from its path (the PDF names the
    font by its own family name, so the output does not depend on where the game sits)."""
    name = "G" + hashlib.sha1(key.encode("utf-8")).hexdigest()[:12]
    pdfmetrics.registerFont(TTFont(name, _source(key)))
    _KEYS[name] = key
    return name


def _register_game_family(roles: Mapping[str, str]) -> None:
    """<b> and <i> in a paragraph set in the game's body font take the game's own styles."""
    names = {role: _register_file(roles[role]) for role in ROLES[:4]}
    addMapping(names["body"], 0, 0, names["body"])
    addMapping(names["body"], 1, 0, names["body-bold"])
    addMapping(names["body"], 0, 1, names["body-italic"])
    addMapping(names["body"], 1, 1, names["body-bold-italic"])


_KEYS = {name: key for key, name in PDF_NAMES.items()}  # ReportLab name -> font key


def key_of(name: str) -> str | None:
    """The font key of a ReportLab font name (None for a font that is not ours)."""
    return _KEYS.get(name)


def role_of(name: str) -> str | None:
    """The role whose font a ReportLab font name is now (None: not a role's font)."""
    return next((role for role in ROLES if pdf_name(role) == name), None)


def covers(key: str, text: str) -> bool:
    """True when the font draws every character of text itself (no fallback needed)."""
    return has_glyphs(key).issuperset(map(ord, text))


def pdf_name(key: str) -> str:
    key = _key(key)
    register()
    if key.startswith("fallback"):
        _register_fallback()
    return PDF_NAMES[key] if key in PDF_NAMES else _register_file(key)


def fallback(key: str) -> str:
    """The fallback font for characters a font lacks: bold for a bold font."""
    return _fallback(_key(key))


@lru_cache(maxsize=None)
def _fallback(key: str) -> str:
    heavy = key == "display" or "bold" in Path(key).name.lower()  # Fredoka is heavy: match it
    return "fallback-bold" if heavy else "fallback"


def has_glyphs(key: str) -> frozenset[int]:
    """Code points the font can draw."""
    return _glyphs(_key(key))


@lru_cache(maxsize=None)
def _glyphs(key: str) -> frozenset[int]:
    return frozenset(pdfmetrics.getFont(pdf_name(key)).face.charToGlyph)


def missing_glyphs(role: str, text: str) -> list[str]:
    """Characters that neither the font nor the fallback can draw (spaces need no glyph)."""
    available = has_glyphs(role)
    if available.issuperset(map(ord, text)):  # the common case, at once
        return []
    spare = has_glyphs(fallback(role))
    return sorted({ch for ch in text if ord(ch) not in available and ord(ch) not in spare
                   and not ch.isspace()})


def segments(text: str, key: str) -> list[tuple[str, str]]:
    """text split into (piece, font key) runs: a word the font can draw whole stays in it;
    one with a character it lacks goes whole to the fallback when that has every character
    (a Greek word in one face, not two), else character by character. The caller checked
    missing_glyphs first."""
    available = has_glyphs(key)
    spare = fallback(key)
    chunks: list[tuple[str, str]] = []
    for word in re.split(r"(\s+)", text):
        if not word:
            continue
        codes = set(map(ord, word))
        if word.isspace() or codes <= available:
            chunks.append((word, key))
        elif codes <= has_glyphs(spare):
            chunks.append((word, spare))
        else:
            chunks += [(ch, key if ord(ch) in available else spare) for ch in word]
    # neighbours in one font joined once (growing a run a character at a time is quadratic)
    return [("".join(piece for piece, _ in run), font) for font, run in groupby(chunks, key=itemgetter(1))]


def string_width(text: str, role: str, size: float) -> float:
    """The width text prints at: a word the font lacks a glyph of is measured in the
    fallback that draws it (Cyrillic in DejaVu is wider than the body font's Latin)."""
    if covers(role, text):
        return pdfmetrics.stringWidth(text, pdf_name(role), size)
    return sum(pdfmetrics.stringWidth(piece, pdf_name(key), size) for piece, key in segments(text, role))


def resolved(role: str) -> str:
    """The font key a role names now (a game's own file where game_roles replaces it)."""
    return _key(role)


def font_bytes(key: str) -> bytes:
    """The bytes of a font key's file as ReportLab embeds them (the plain zero patched in)."""
    source = _source(key)
    return Path(source).read_bytes() if isinstance(source, str) else source.getvalue()
