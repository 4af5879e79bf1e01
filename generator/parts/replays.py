"""Drawings made on one PDF of a build, replayed on its other papers' PDFs and on itself.

A build writes its cut sheets, imposed booklet and reference cards once for each paper
(Letter and A4), and both drew everything: every card face, every booklet page. What a
drawing writes depends, besides what it shows, on what the document drew before it: the
fonts' internal names and the codes their characters were given (ReportLab numbers both in
order of first use), the graphics states named so far, and the canvas's settings as it
begins. Where all of that is the same on the second PDF (the faces and pages come in the
same order), its operators are the same bytes: they are added as they were, and what
drawing them did to the document (fonts named, characters given codes, graphics states
named) is done again, in the same order. A face drawn again in the same PDF (a card's
copies) finds its characters coded and its fonts named since its first time: its operators
are the same, and nothing is left to do to the document. So the PDFs are the bytes drawing
everything gives (a test compares them). A drawing that adds anything else (an image, a
form, a colour space, a shading, a link) is not kept: it is drawn each time. The drawings
are made from an origin moved to their place (a card's slot, half a sheet): the same
operators on every paper."""

from __future__ import annotations

import weakref
from typing import Callable

from reportlab.pdfbase import pdfmetrics

from ..faces import pdf as face_pdf
from ..ops import FaceDrawing
from .sheetcache import character_counts, characters_since, document_state, redo_fonts

KEEP = 16 << 20  # characters of operators held for the next paper at most (a face: 6 to 36 KiB); past them, all is drawn
# What operators read of the canvas as a drawing begins (its place on the page, the matrix,
# is not among them: it is drawn from a moved origin, the same on every paper)
SETTINGS = ("_fontname", "_fontsize", "_leading", "_textMode", "_fillMode", "_charSpace", "_wordSpace",
            "_horizScale", "_textRenderMode", "_rise", "_lineCap", "_lineJoin", "_lineDash", "_lineWidth",
            "_mitreLimit", "_fillColorObj", "_strokeColorObj")


class Replays:
    """The drawings of one build's PDFs of a kind (cut sheets, imposed booklets), by what they
    show and the document's state before them."""

    def __init__(self):
        self.kept: dict[tuple, tuple] = {}
        self.held = 0  # characters of operators kept (and held on in self.again once replayed)
        # (document's number, shown, settings) -> (held, the operators drawn there already)
        self.again: dict[tuple, tuple] = {}
        # document -> (its number, document_state's digests of its fonts); by the document itself:
        # a PDF saved and gone, the next may have its id
        self.documents: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
        self.numbered = 0
        self.drawn = self.replayed = 0

    def draw(self, canvas, shown: tuple, draw: Callable[[], None], held: object = None) -> None:
        """draw() (drawing on canvas), or the same operators as another PDF of this build got
        for the same `shown` from the same state. shown names what is drawn and where (ids
        of objects `held` keeps alive while its operators are kept: no other takes the id)."""
        settings = self._settings(canvas)
        number, hashed = self._document(canvas._doc)
        # Drawn before in this document (a card's copies, a reference card's): its characters
        # have their codes and its fonts and graphics states their names since, so the same
        # operators, and nothing more to do to the document
        again = (number, shown, settings)
        if again in self.again:
            _add(canvas, self.again[again][1])
            self.replayed += 1
            return
        key = (shown, settings, document_state(canvas, hashed), tuple(canvas._extgstate._c.items()))
        found = self.kept.pop(key, None)
        if found is not None:  # (its operators stay held, by self.again)
            _replay(canvas, *found[1:])
            self.again[again] = (held, found[1])
            self.replayed += 1
            return
        before = _Before(canvas)
        draw()
        self.drawn += 1
        record = before.record(canvas)
        if record is not None and self.held + len(record[0]) <= KEEP:
            self.kept[key] = (held, *record)
            self.again[again] = (held, record[0])
            self.held += len(record[0])

    def face(self, canvas, drawing: FaceDrawing, x: float, y: float) -> None:
        """face_pdf.draw(canvas, drawing, x, y), or its operators replayed."""
        self.draw(canvas, (id(drawing), x, y), lambda: face_pdf.draw(canvas, drawing, x, y), drawing)

    def _document(self, doc) -> tuple[int, dict]:
        found = self.documents.get(doc)
        if found is None:
            found = self.documents[doc] = (self.numbered, {})
            self.numbered += 1
        return found

    @staticmethod
    def _settings(canvas) -> tuple:
        """The canvas's settings and graphics state values as a drawing begins."""
        return tuple(repr(getattr(canvas, name)) for name in SETTINGS), tuple(canvas._extgstate._d.items())


class _Before:
    """The document and canvas before a drawing, to tell what it added."""

    def __init__(self, canvas):
        doc = canvas._doc
        self.code = len(canvas._code)
        self.mapped = len(doc.fontMapping)
        self.chars = character_counts(doc)
        self.states = len(canvas._extgstate._c)
        self.others = _others(canvas)

    def record(self, canvas) -> tuple | None:
        """(operators, fonts named, characters given codes by font, graphics states named), or
        None when it added anything else to the document or the page, or no operator."""
        if _others(canvas) != self.others or len(canvas._code) == self.code:
            return None
        doc = canvas._doc
        fonts = list(doc.fontMapping)[self.mapped:]
        if not all(getattr(pdfmetrics.getFont(name), "_dynamicFont", False) for name in fonts):
            return None  # a standard font named: its objects are the document's now
        chars = characters_since(doc, self.chars)
        states = list(canvas._extgstate._c.items())[self.states:]
        # one string (the page joins its operators with line breaks): a string an operator took thrice the memory
        return "\n".join(canvas._code[self.code:]), fonts, chars, states


def _others(canvas) -> tuple[int, ...]:
    """How much the document and page hold of what a drawing is not replayed with."""
    return (len(canvas._doc.idToObject), len(canvas._formsinuse), len(canvas._colorsUsed),
            len(canvas._shadingUsed), len(canvas._annotationrefs), canvas._annotationCount)


def _replay(canvas, code: str, fonts: list, chars: dict, states: list) -> None:
    """Add a kept drawing's operators, and do to the document what drawing it did."""
    redo_fonts(canvas._doc, fonts, chars)
    for state, name in states:
        canvas._extgstate._c[state] = name
    _add(canvas, code)


def _add(canvas, code: str) -> None:
    """The operators onto the page, the last on its own, as drawn: ReportLab merges a
    following transform into a final ' cm'."""
    head, _, last = code.rpartition("\n")
    canvas._code.extend([head, last] if head else [last])
