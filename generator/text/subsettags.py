"""Font subsets tagged by what they hold. A PDF names each embedded subset "TAG+FontName";
ReportLab tags every subset of a document from a counter ("AAAAAA+" first), so two files
that embed different subsets of a font carry the same name, and preflight tools (and a
print shop's RIP merging files) take them for one font. Here the tag is made from the
subset's characters: the same glyphs give the same tag, different glyphs another, and the
same input still gives the same bytes."""

from __future__ import annotations

import hashlib

from reportlab.pdfbase import ttfonts


def tag(font_name: bytes, subset: list[int]) -> bytes:
    """Six capital letters (as the PDF format asks) from the font and its subset's glyphs."""
    digest = hashlib.sha256(font_name + b":" + ",".join(map(str, subset)).encode("ascii")).digest()
    return bytes(ord("A") + byte % 26 for byte in digest[:6])


class TaggedTTFont(ttfonts.TTFont):
    """A TrueType font whose subsets are tagged by content (tag())."""

    def addObjects(self, doc):
        state = self.state.get(doc)
        if state is None:
            return super().addObjects(doc)
        subsets = list(state.subsets)
        name = self.face.name + self.face.subfontNameX
        counter = ttfonts.SUBSETN
        # ReportLab names the subsets through this module function, called only here: the
        # PDFs are drawn one at a time in a process, so the swap cannot leak into another
        ttfonts.SUBSETN = lambda n: tag(name, subsets[n])
        try:
            return super().addObjects(doc)
        finally:
            ttfonts.SUBSETN = counter
