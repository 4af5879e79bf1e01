"""New PDF canvases with the project's defaults: invariant (same input, same bytes),
compressed, and the body font as the initial font so no stray Helvetica is referenced.

ReportLab's process-wide settings are made here, once, by the first canvas (configure),
rather than as a side effect of importing the modules that draw."""

from __future__ import annotations

import io
import zlib
from functools import lru_cache
from pathlib import Path
from typing import BinaryIO

from reportlab import rl_config
from reportlab.pdfbase import pdfdoc, pdfmetrics
from reportlab.pdfgen import canvas as pdfgen

from ..model import Game
from ..text import fonts
from ..text.catalogue import word
from ..lasting import lasting
from . import pdfpages


class Canvas(pdfgen.Canvas):
    """A canvas whose strings draw any character their font lacks in the fallback font
    (fonts.segments), so a title, a header or a label in Greek prints like card text."""

    language = ""  # an edition's code, its PDF's /Lang: what ppgen writes on it is in that language (catalogue)

    def _pieces(self, text: str, name: str | None = None):
        key = fonts.key_of(name or self._fontname)
        if key is None or not isinstance(text, str) or fonts.covers(key, text):
            return None
        return [(piece, fonts.pdf_name(font)) for piece, font in fonts.segments(text, key)]

    def drawString(self, x, y, text, *args, **kwargs):
        pieces = self._pieces(text)
        if pieces is None:
            return super().drawString(x, y, text, *args, **kwargs)
        name, size, leading = self._fontname, self._fontsize, self._leading
        for piece, font in pieces:
            self.setFont(font, size, leading)
            super().drawString(x, y, piece)
            x += pdfmetrics.stringWidth(piece, font, size)
        self.setFont(name, size, leading)
        return None

    def endForm(self, **extra_attributes):
        """ReportLab leaves the shadings a form draws (an SVG's gradients) out of the form's
        resources, and viewers then skip them: give such a form full resources of its own.
        (A form without shadings is left as it was, byte for byte.)"""
        shadings, name = self._shadingUsed, self._formData[0]
        super().endForm(**extra_attributes)
        if not shadings:
            return
        form = self._doc.idToObject[pdfdoc.xObjectName(name)]
        resources = pdfdoc.PDFResourceDictionary()
        resources.basicFonts()
        resources.allProcs()
        if form.XObjects:
            resources.XObject = form.XObjects
        if form.ExtGState:
            resources.ExtGState = form.ExtGState
        resources.setShading(shadings)
        form.Resources = resources

    def drawRightString(self, x, y, text, *args, **kwargs):
        if self._pieces(text) is None:
            return super().drawRightString(x, y, text, *args, **kwargs)
        return self.drawString(x - self.stringWidth(text), y, text)

    def drawCentredString(self, x, y, text, *args, **kwargs):
        if self._pieces(text) is None:
            return super().drawCentredString(x, y, text, *args, **kwargs)
        return self.drawString(x - self.stringWidth(text) / 2, y, text)

    def stringWidth(self, text, fontName=None, fontSize=None):
        pieces = self._pieces(text, fontName)
        size = self._fontsize if fontSize is None else fontSize
        if pieces is None:
            return super().stringWidth(text, fontName, fontSize)
        return sum(pdfmetrics.stringWidth(piece, font, size) for piece, font in pieces)

@lasting
@lru_cache(maxsize=None)
def configure() -> None:
    """ReportLab's process-wide settings, for every PDF and every layout dry run."""
    rl_config.invariant = 1  # no timestamps or random ids: same input, same bytes
    # Binary (zlib) streams: ASCII85 text encoding makes files a quarter larger and, measured,
    # cost a sixth of the time of a cut-sheet build.
    rl_config.useA85 = 0


def new_canvas(path: Path | BinaryIO, pagesize: tuple[float, float], title: str = "", game: Game | None = None,
               language: str = "", kind: type[Canvas] | None = None) -> Canvas:
    """A canvas titled `title`, its Author, Subject and Keywords read from the game's manifest,
    and an edition's language its document's (a game without editions declares none, as always);
    a sheet of no game declares `language`, if given (an event pack's, other than English).
    path: a file, or a stream to take the bytes from (getpdfdata); kind: a Canvas subclass
    that also notes what is drawn (validate/textsizes.py)."""
    configure()
    language = game.edition if game is not None else language
    canvas = (kind or Canvas)(path if isinstance(path, io.IOBase) else str(path), pagesize=pagesize, invariant=1,
                              pageCompression=1, initialFontName=fonts.pdf_name("body"), initialFontSize=10,
                              lang=language or None)
    canvas.language = language
    canvas.setTitle(title)
    canvas.setCreator("ppgen")
    canvas.setProducer("ppgen")
    author, subject, keywords = metadata(game)
    canvas.setAuthor(author)  # never ReportLab's "anonymous", which preflight tools flag
    canvas.setSubject(subject)
    canvas.setKeywords(keywords)
    return canvas


def metadata(game: Game | None) -> tuple[str, str, str]:
    """Author (the game's credits; ppgen for a sheet of no game), Subject (its title and
    tagline) and Keywords (print and play, its id, players and minutes)."""
    if game is None:
        return "ppgen", "print and play", "print and play"
    subject = f"{game.title}: {game.tagline}" if game.tagline else game.title
    facts = word("{players} players · {minutes} minutes", game.edition, players=_span(game.players),
                 minutes=_span(game.minutes))
    keywords = ["print and play", game.id, *facts.split(" · ")]
    return "; ".join(game.credits) or game.title, subject, ", ".join(keywords)


def _span(value) -> str:
    low, high = value if isinstance(value, (tuple, list)) else (value, value)
    return f"{low}" if low == high else f"{low}-{high}"


def save_streamed(canvas: Canvas) -> None:
    """canvas.save(), the same bytes, but each PDF object goes to the file as it is
    formatted: ReportLab collects the whole file in memory and joins it, three copies of a
    large deck's sheets at the peak (measured: 136 MiB for 20,000 cards' sheets)."""
    path = canvas._filename
    with open(path, "wb") as out:
        class Streamed(pdfdoc.PDFFile):
            def __init__(self, *args):
                super().__init__(*args)  # collects the header
                out.write(b"".join(self.strings))
                self.strings = []
                self.write = out.write

            def format(self, document):
                return b""

        collector = pdfdoc.PDFFile
        pdfdoc.PDFFile = Streamed  # PDFDocument.format makes its collector by this name
        try:
            canvas._filename = out
            with pdfpages.remembered():  # `ppgen watch`: pages as a save before left them, not formatted again
                canvas.save()
        finally:
            pdfdoc.PDFFile = collector
            canvas._filename = path


class _Deflated:
    """A FlateDecode stream filter whose work was done when its page was finished."""
    pdfname = "FlateDecode"

    def encode(self, content: bytes) -> bytes:
        return content


DEFLATED = _Deflated()  # also how sheetcache.py knows a page it can keep


def deflate_last_page(canvas: Canvas) -> None:
    """Compress the page just finished now, as ReportLab would when saving (same bytes):
    it keeps each page's drawing operators as text until the end, the bulk of what a
    large deck's sheets held in memory (about 7 KB a page, 0.8 KB compressed)."""
    page = canvas._doc.Pages.pages[-1]
    if page.Contents or not page.stream or not page.compression or rl_config.useA85:
        return
    stream = page.stream.encode("utf8") if isinstance(page.stream, str) else page.stream
    contents = pdfdoc.PDFStream(content=zlib.compress(stream), filters=[DEFLATED])
    contents.__Comment__ = "page stream"
    page.Contents, page.stream = contents, None
