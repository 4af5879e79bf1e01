"""New PDF canvases with the project's defaults: invariant (same input, same bytes),
compressed, and the body font as the initial font so no stray Helvetica is referenced.

ReportLab's process-wide settings are made here, once, by the first canvas (configure),
rather than as a side effect of importing the modules that draw."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from reportlab import rl_config
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen import canvas as pdfgen

from . import fonts


class Canvas(pdfgen.Canvas):
    """A canvas whose strings draw any character their font lacks in the fallback font
    (fonts.segments), so a title, a header or a label in Greek prints like card text."""

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

@lru_cache(maxsize=None)
def configure() -> None:
    """ReportLab's process-wide settings, for every PDF and every layout dry run."""
    rl_config.invariant = 1  # no timestamps or random ids: same input, same bytes
    # Binary (zlib) streams: ASCII85 text encoding makes files a quarter larger and, measured,
    # cost a sixth of the time of a cut-sheet build.
    rl_config.useA85 = 0


def new_canvas(path: Path, pagesize: tuple[float, float], title: str = "") -> Canvas:
    configure()
    canvas = Canvas(str(path), pagesize=pagesize, invariant=1, pageCompression=1,
                    initialFontName=fonts.pdf_name("body"), initialFontSize=10)
    canvas.setTitle(title)
    canvas.setCreator("ppgen")
    canvas.setProducer("ppgen")
    return canvas
