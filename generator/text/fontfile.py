"""A game's own font file, read as warily as its images: only a regular file (never a pipe
or a device, which would hang the read or never end) of a bounded size, checked for size
before a byte is read; and checked once, at game.toml's [fonts] line, by both programs that
use it: ReportLab, which embeds every glyph a PDF needs, and FreeType (through Pillow), which
draws them in the PNGs. A font either of them cannot read is an error there, not later."""

from __future__ import annotations

import io
import math
import os
import stat
import struct

from PIL import ImageFont
from reportlab.pdfbase.ttfonts import TTFont

MAX_BYTES = 64 * 1024 * 1024  # the largest CJK fonts are 20-30 MB
SUBSET_CHUNK = 16_384  # characters embedded at a time by the probe (a subset's table holds 32,000 at most)
PROBE_PIXELS = 32  # the size the probe draws every glyph at


class FontFileError(ValueError):
    """Why a font file cannot be used, as the end of a sentence naming it."""


def read(path: str) -> bytes:
    """The bytes of the font file at path, or FontFileError when it is not a regular file,
    is larger than MAX_BYTES or cannot be read. The size is the opened file's own (fstat),
    so what is measured is what is read."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0)  # a FIFO opens at once, to be refused
    try:
        descriptor = os.open(path, flags)
    except OSError as exc:
        raise FontFileError(f"cannot be read ({exc.strerror})") from None
    try:
        if refusal := _refusal(os.fstat(descriptor)):
            raise FontFileError(refusal)
        with os.fdopen(descriptor, "rb", closefd=False) as file:
            content = file.read(MAX_BYTES + 1)
    except OSError as exc:
        raise FontFileError(f"cannot be read ({exc.strerror})") from None
    finally:
        os.close(descriptor)
    if len(content) > MAX_BYTES:  # it grew while being read
        raise FontFileError(f"is larger than {_mib(MAX_BYTES)}, the most a font file may be")
    return content


def _refusal(info: os.stat_result) -> str | None:
    if not stat.S_ISREG(info.st_mode):
        return "is not a regular file (a folder, a pipe or a device)"
    if info.st_size > MAX_BYTES:
        return f"is {_mib(info.st_size)}; a font file may be at most {_mib(MAX_BYTES)}"
    return None


def fault(path: str) -> str | None:
    """Why the font file at path cannot be used, or None when it can. Its parsers are
    third-party code reading untrusted bytes: a damaged font raises whatever their reading
    trips on (struct.error, IndexError, KeyError, ...), so any exception is the font's fault."""
    try:
        content = read(path)
    except FontFileError as exc:
        return str(exc)
    try:
        face = TTFont("probe", source(path, content)).face  # the tables ReportLab measures with
        codes = sorted(face.charToGlyph)
        for start in range(0, len(codes), SUBSET_CHUNK):  # and every glyph it may embed
            face.makeSubset(codes[start:start + SUBSET_CHUNK])
    except Exception as exc:  # noqa: BLE001 - see the docstring
        return f"is not a TrueType font ReportLab can embed ({_why(exc)})"
    try:
        font = ImageFont.truetype(source(path, content), PROBE_PIXELS, layout_engine=ImageFont.Layout.BASIC)
        for code in codes:
            if chr(code).isprintable():  # a surrogate or control code is never drawn
                font.getmask(chr(code))
    except Exception as exc:  # noqa: BLE001 - see the docstring
        return f"is a font FreeType cannot draw ({_why(exc)})"
    return None


def source(path: str, content: bytes) -> io.BytesIO:
    """content as a file ReportLab or Pillow reads a font from (named as on disk, for
    ReportLab's messages); the bytes are shared, not copied."""
    stream = io.BytesIO(content)
    stream.name = os.path.basename(path)
    return stream


def _why(exc: Exception) -> str:
    if isinstance(exc, (struct.error, IndexError)):  # read past the end of the file or a table
        return "it is cut short or damaged"
    detail = str(exc).strip() or type(exc).__name__
    return detail if len(detail) <= 120 else detail[:117] + "..."


def _mib(size: int) -> str:
    """A size in MiB, rounded up to a tenth: a byte over the limit does not read as the limit."""
    return f"{math.ceil(size * 10 / (1024 * 1024)) / 10:,g} MiB"
