"""Hostile-input corpus, round two (issue 19): fonts, rich text and icons: broken fonts, huge font files, quadratic text."""

from __future__ import annotations

import os
import struct
from pathlib import Path
from typing import Callable

from PIL import Image

from corpus_kit import ROOT, Case, both, edit, rules_line, toml_table

REGULAR = ROOT / "fonts" / "AtkinsonHyperlegible-Regular.ttf"
BODY = toml_table('[fonts]\nbody = "x.ttf"')


def _font(mutate: Callable[[bytes], bytes], role: str = "body") -> Callable[[Path], None]:
    """[fonts] names x.ttf for `role`: the bundled regular font, broken by mutate."""
    def make(game: Path) -> None:
        toml_table(f'[fonts]\n{role} = "x.ttf"')(game)
        (game / "x.ttf").write_bytes(mutate(REGULAR.read_bytes()))
    return make


def _table(tag: bytes, fill: int) -> Callable[[bytes], bytes]:
    """Every byte of one table of the font set to fill (its directory entry stays true)."""
    def mutate(data: bytes) -> bytes:
        out = bytearray(data)
        for entry in range(12, 12 + 16 * struct.unpack(">H", data[4:6])[0], 16):
            if data[entry:entry + 4] == tag:
                offset, length = struct.unpack(">LL", data[entry + 8:entry + 16])
                out[offset:offset + length] = bytes([fill]) * length
        return bytes(out)
    return mutate


def _garbage(data: bytes) -> bytes:
    """A true header and table directory, then noise where the tables are."""
    tables = struct.unpack(">H", data[4:6])[0]
    head = data[:12 + 16 * tables]
    noise = bytes((n * 7919 + 13) % 251 for n in range(len(data) - len(head)))
    return head + noise


def _sparse(size: int) -> Callable[[Path], None]:
    """x.ttf of `size` bytes that take no disk (os.truncate): all zeros."""
    def make(game: Path) -> None:
        BODY(game)
        with open(game / "x.ttf", "wb"):
            pass
        os.truncate(game / "x.ttf", size)
    return make


def _icon(value: str) -> Callable[[Path], None]:
    return toml_table(f"[icons]\ncoin = {value}")


ICON_MESSAGE = "icon 'coin' must be an image file name or a table"
GIB = 1024 ** 3

CASES: tuple[Case, ...] = (
    # a font file that is cut short, damaged, of another kind, or no file at all
    Case("font-truncated", _font(lambda d: d[:1000]), "game.toml", "cut short or damaged", "body ="),
    Case("font-truncated-late", _font(lambda d: d[:len(d) * 2 // 3]), "game.toml", "cut short or damaged",
         "body ="),
    Case("font-garbage-after-header", _font(_garbage), "game.toml", "not a TrueType font", "body ="),
    Case("font-empty", _font(lambda d: b""), "game.toml", "not a TrueType font", "body ="),
    Case("font-postscript-outlines", _font(lambda d: b"OTTO" + d[4:]), "game.toml",
         "postscript outlines are not supported", "body ="),
    Case("font-damaged-glyphs", _font(_table(b"glyf", 0xFF)), "game.toml", "not a TrueType font ReportLab can embed",
         "body ="),
    Case("font-damaged-hinting", _font(_table(b"fpgm", 0)), "game.toml", "FreeType cannot draw", "body ="),
    Case("font-damaged-outlines", _font(_table(b"glyf", 0x7F)), "game.toml", "FreeType cannot draw", "body ="),
    Case("font-damaged-display", _font(lambda d: d[:5000], "display"), "game.toml", "font 'display'",
         "display ="),
    Case("font-is-a-fifo", both(BODY, lambda g: os.mkfifo(g / "x.ttf")), "game.toml", "not a regular file",
         "body ="),
    Case("font-is-a-folder", both(BODY, lambda g: (g / "x.ttf").mkdir()), "game.toml", "not a regular file",
         "body ="),
    Case("font-links-to-dev-zero", both(BODY, lambda g: os.symlink("/dev/zero", g / "x.ttf")), "game.toml",
         "points outside the game folder", "body ="),
    Case("font-huge-sparse", _sparse(3 * GIB), "game.toml", "is 3,072 MiB; a font file may be at most 64 MiB",
         "body ="),
    Case("font-just-too-big", _sparse(64 * 1024 ** 2 + 1), "game.toml", "at most 64 MiB", "body ="),
    Case("font-big-zeros", _sparse(40 * 1024 ** 2), "game.toml", "not a TrueType font", "body ="),
    # [icons] values of the wrong type
    Case("icon-number", _icon("3"), "game.toml", ICON_MESSAGE + ' { shape = "circle", color = "#D4A017" }, got 3',
         "coin ="),
    Case("icon-boolean", _icon("true"), "game.toml", ICON_MESSAGE, "coin ="),
    Case("icon-date", _icon("1979-05-27"), "game.toml", "got 1979-05-27", "coin ="),
    Case("icon-list", _icon('["icons/coin.png"]'), "game.toml", "got a list", "coin ="),
    Case("icon-shape-list", _icon('{ shape = ["circle"] }'), "game.toml", "icon 'coin': shape must be a name",
         "coin ="),
    Case("icon-shape-table", _icon('{ shape = { name = "circle" } }'), "game.toml", "got a table", "coin ="),
    Case("icon-shape-number", _icon("{ shape = 3 }"), "game.toml", "shape must be a name, one of circle", "coin ="),
    Case("icon-nested-table", toml_table('[icons.coin]\nshape = "circle"\n[icons.coin.style]\nsize = 2'),
         "game.toml", "icon 'coin': unknown key 'style'", "[icons.coin]"),
    Case("icon-text-number", _icon("{ text = 7 }"), "game.toml", "text must be one character, got 7", "coin ="),
    Case("icon-text-list", _icon('{ text = ["x"] }'), "game.toml", "text must be one character, got a list",
         "coin ="),
    Case("icon-color-number", _icon('{ shape = "circle", color = 255 }'), "game.toml",
         "color must be a colour like '#1a2b3c', got 255", "coin ="),
    Case("icon-color-table", _icon('{ shape = "circle", color = { r = 1 } }'), "game.toml", "got a table",
         "coin ="),
    Case("icon-color-word", _icon('{ text = "x", color = "gold" }'), "game.toml", "got 'gold'", "coin ="),
    # long rich text: each was quadratic (issue 19); the timing itself is tests/test_rich_text.py's
    Case("rules-image-icons-run", both(_icon('"coin.png"'), lambda g: Image.new("RGB", (64, 64), "#D4A017").save(g / "coin.png"),
                                       rules_line(":coin: " * 1500)), "rules.md", "", None, "ok"),
    Case("csv-emphasis-unclosed", edit("cards.csv", "c6,Lost", "c6," + "*a " * 3000 + "a** " * 3000),
         "cards.csv", "does not fit", "c6,"),
    Case("icon-text-empty", _icon('{ text = "" }'), "game.toml", "text must be one character, got ''", "coin ="),
    Case("font-name-is-a-table", toml_table('[fonts]\nbody = { file = "x.ttf" }'), "game.toml",
         "font 'body' must be a file name", "body ="),
    Case("icon-text-control", _icon('{ text = "\\u0007" }'), "game.toml", "no font has a glyph", "coin ="),
)
