"""Card faces drawn on one cut-sheet PDF of a build, replayed on its other papers' PDFs.

A build writes a deck's cut sheets once for each paper (Letter and A4), and both draw every
face, in the same order when their pages hold as many cards. A face's PDF operators depend,
besides its drawing, on what the document drew before it: the fonts' internal names and
the codes their characters were given (ReportLab numbers both in order of first use), the
graphics states named so far, and the canvas's settings as the face begins. Where all of
that is the same on the second PDF, the face's operators are the same bytes: they are
added as they were, and what drawing them did to the document (fonts named, characters
given codes, graphics states named) is done again, in the same order. So the PDFs are the
bytes drawing every face gives (a test compares them). A face that adds anything else (an
image, a form, a colour space, a shading, a link) is not kept: it is drawn each time.

Drawing a face is most of a cut sheet's time; the second paper's faces cost a look-up."""

from __future__ import annotations

from reportlab.pdfbase import pdfmetrics

from ..faces import pdf as face_pdf
from ..ops import FaceDrawing
from .sheetcache import document_state, dynamic_fonts

KEEP = 16 << 20  # characters of operators held for the next paper at most (a face: 6 to 36 KiB); past them, faces are drawn
# What a face's operators read of the canvas as it begins (its position on the page, the
# matrix, is not among them: the face is drawn from a translated origin, the same on every paper)
SETTINGS = ("_fontname", "_fontsize", "_leading", "_textMode", "_fillMode", "_charSpace", "_wordSpace",
            "_horizScale", "_textRenderMode", "_rise", "_lineCap", "_lineJoin", "_lineDash", "_lineWidth",
            "_mitreLimit", "_fillColorObj", "_strokeColorObj")


class FaceStreams:
    """The faces of one build's cut sheets, by drawing and the document's state before them."""

    def __init__(self):
        self.kept: dict[tuple, tuple] = {}
        self.held = 0  # characters of operators in kept
        self.hashed: dict[int, dict] = {}  # id(document) -> document_state's digests of its fonts
        self.drawn = self.replayed = 0

    def draw(self, canvas, drawing: FaceDrawing, x: float, y: float) -> None:
        """face_pdf.draw(canvas, drawing, x, y), or the same operators as another PDF of this
        build got for the same drawing from the same state."""
        key = (id(drawing), x, y, self._state(canvas))
        found = self.kept.pop(key, None)
        if found is not None:
            self.held -= len(found[1])
            _replay(canvas, *found[1:])
            self.replayed += 1
            return
        before = _Before(canvas)
        face_pdf.draw(canvas, drawing, x, y)
        self.drawn += 1
        record = before.record(canvas)
        if record is not None and self.held + len(record[0]) <= KEEP:
            self.kept[key] = (drawing, *record)  # the drawing held: its id names no other while kept
            self.held += len(record[0])

    def _state(self, canvas) -> tuple:
        gstate = canvas._extgstate
        settings = tuple(repr(getattr(canvas, name)) for name in SETTINGS)
        return (document_state(canvas, self.hashed.setdefault(id(canvas._doc), {})), settings,
                tuple(gstate._d.items()), tuple(gstate._c.items()))


class _Before:
    """The document and canvas before a face, to tell what drawing it added."""

    def __init__(self, canvas):
        doc = canvas._doc
        self.code = len(canvas._code)
        self.mapped = len(doc.fontMapping)
        self.chars = {font.fontName: len(font.state[doc].assignments) for font in dynamic_fonts(doc)}
        self.states = len(canvas._extgstate._c)
        self.others = _others(canvas)

    def record(self, canvas) -> tuple | None:
        """(operators, fonts named, characters given codes by font, graphics states named), or
        None when the face added anything else to the document or the page, or no operator."""
        if _others(canvas) != self.others or len(canvas._code) == self.code:
            return None
        doc = canvas._doc
        fonts = list(doc.fontMapping)[self.mapped:]
        if not all(getattr(pdfmetrics.getFont(name), "_dynamicFont", False) for name in fonts):
            return None  # a standard font named: its objects are the document's now
        chars = {font.fontName: "".join(map(chr, list(font.state[doc].assignments)[self.chars.get(font.fontName, 0):]))
                 for font in dynamic_fonts(doc) if len(font.state[doc].assignments) != self.chars.get(font.fontName)}
        states = list(canvas._extgstate._c.items())[self.states:]
        # one string (the page joins its operators with line breaks): a string an operator took thrice the memory
        return "\n".join(canvas._code[self.code:]), fonts, chars, states


def _others(canvas) -> tuple[int, ...]:
    """How much the document and page hold of what a face is not replayed with."""
    return (len(canvas._doc.idToObject), len(canvas._formsinuse), len(canvas._colorsUsed),
            len(canvas._shadingUsed), len(canvas._annotationrefs), canvas._annotationCount)


def _replay(canvas, code: str, fonts: list, chars: dict, states: list) -> None:
    """Add a kept face's operators, and do to the document what drawing it did."""
    doc = canvas._doc
    for name, text in chars.items():
        pdfmetrics.getFont(name).splitString(text, doc)
    for name in fonts:
        pdfmetrics.getFont(name).getSubsetInternalName(0, doc)
    for state, name in states:
        canvas._extgstate._c[state] = name
    # the last operator on its own, as drawn: ReportLab merges a following transform into a final ' cm'
    head, _, last = code.rpartition("\n")
    canvas._code.extend([head, last] if head else [last])
