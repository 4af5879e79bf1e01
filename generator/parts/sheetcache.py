"""Cut-sheet pages kept between builds, so that a one-card edit redraws only its pages.

A page's drawing is the content stream ReportLab wrote for it (compressed), kept in the
face cache with what else the page did to the document: the fonts it named first and the
characters it added to their subsets (ReportLab numbers both in order of first use, so a
page's bytes depend on the pages before it), the forms and graphics states it uses. A
page is taken again when what it shows (the digests of its faces, its grid, its marks:
`inputs`) and the document's state before it (those font numberings) are the same as
when it was drawn; it is then replayed into the document as if drawn, so the PDF is the
same bytes as one drawn whole (--no-cache draws every page). A page that added anything
else to the document (an image, a shading, a font of ReportLab's own) is never kept.

One entry per cut-sheet PDF (its `slot`: the game folder and the file name) holds that
PDF's pages of the last build, one read and one write a build however many pages; each
page inside is found by its own key. The entry is read through the face cache's checks
(cachedisk.py: no link followed, the bytes checked against their digest) and parsed as
data only: anything malformed is an empty entry, and every page is drawn again."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from itertools import islice

from reportlab.pdfbase import pdfdoc, pdfmetrics

from .pdfdoc import DEFLATED, Canvas

FORMAT = b"ppgen-sheet-pages-1\n"
COMPACT = (",", ":")  # JSON separators


class Memo:
    """The pages of one cut-sheet PDF: those of the last build, those of this one."""

    def __init__(self, store, slot: tuple[str, ...], game=None):
        """store: the face cache (cache.Store; None or disabled: every page drawn, none kept);
        slot: what names the PDF (the game folder, the file name). Keys are the store's, so
        they change with ppgen's code and the game's fonts."""
        self.store = store if store is not None and store.enabled else None
        self.game = game
        self.old: dict[str, tuple[str, bytes]] = {}
        self.new: dict[str, tuple[str, bytes]] = {}
        self.fonts: dict[str, tuple[int, object]] = {}  # font name -> (characters hashed, their digest)
        self.texts: dict[str, str] = {}
        if self.store is None:
            return
        self.slot = self._key("sheet-pages", "\0".join(slot))
        self.old = _parse(self.store.recall(self.slot))

    def _key(self, form: str, text: str) -> str:
        digest = hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()
        return self.store.key(self.game, digest, f"{FORMAT.decode().strip()} {form}", 0, 0)

    def page(self, canvas: Canvas, inputs: str | None, draw: Callable[[], None]) -> None:
        """One page: draw() draws it (and ends it); or the same page of the last build
        replayed, when `inputs` (None: not to be kept) and the document's state match."""
        if self.store is None or inputs is None:
            draw()
            return
        key = self._key("page", "\0".join([inputs, self._state(canvas), canvas._preamble, repr(canvas._pagesize)]))
        found = self.old.get(key)
        if found is not None and _replay(canvas, *found):
            self.new[key] = found
            self.store.pages[1] += 1
            return
        before = _Before(canvas)
        draw()
        self.store.pages[0] += 1
        kept = before.page(canvas)
        if kept is not None:  # most pages' records read alike: one string for them all
            self.new[key] = (self.texts.setdefault(kept[0], kept[0]), kept[1])

    def _state(self, canvas: Canvas) -> str:
        return document_state(canvas, self.fonts)

    def save(self) -> None:
        """Keep this build's pages (only if they are not those already kept)."""
        if self.store is not None and self.new and list(self.new) != list(self.old):
            self.store.keep(self.slot, _format(self.new))


def document_state(canvas: Canvas, hashed: dict) -> str:
    """What bytes drawn next depend on of what the document drew before: the fonts' internal
    names and the codes their characters were given. A font's characters only ever gain
    codes, so each is hashed once, as it comes, into hashed (font name -> (characters
    hashed, their digest): one dict a document; the digest is that of the codes given,
    however the pages that gave them fall)."""
    doc = canvas._doc
    pieces = [repr(list(doc.fontMapping.items()))]
    for font in dynamic_fonts(doc):
        state = font.state[doc]
        count, digest = hashed.get(font.fontName, (0, None))
        if digest is None or len(state.assignments) != count:
            digest = digest or hashlib.sha256()
            for char, code in islice(state.assignments.items(), count, None):
                digest.update(f"{char}:{code},".encode())
            count = len(state.assignments)
            hashed[font.fontName] = (count, digest)
        pieces.append(f"{font.fontName} {state.nextCode} {count} {digest.hexdigest()}")
    return "\0".join(pieces)


def character_counts(doc) -> dict[str, int]:
    """How many characters each TrueType font of the document has given a code so far."""
    return {font.fontName: len(font.state[doc].assignments) for font in dynamic_fonts(doc)}


def characters_since(doc, counts: dict[str, int]) -> dict[str, str]:
    """The characters each font gave a code since character_counts said `counts`, in order."""
    return {font.fontName: "".join(map(chr, list(font.state[doc].assignments)[counts.get(font.fontName, 0):]))
            for font in dynamic_fonts(doc) if len(font.state[doc].assignments) != counts.get(font.fontName)}


def redo_fonts(doc, fonts: list[str], chars: dict[str, str]) -> None:
    """Do to the document what drawing did to its fonts: each font's new characters given
    their codes, in order, and the fonts named, in order (characters_since, fontMapping)."""
    for name, text in chars.items():
        pdfmetrics.getFont(name).splitString(text, doc)
    for name in fonts:
        pdfmetrics.getFont(name).getSubsetInternalName(0, doc)


def dynamic_fonts(doc) -> list:
    """The TrueType fonts this document has used, by name (each keeps its subsets per document)."""
    return sorted((font for font in pdfmetrics._fonts.values()
                   if getattr(font, "_dynamicFont", False) and doc in getattr(font, "state", {})),
                  key=lambda font: font.fontName)


class _Before:
    """The document before a page is drawn, to tell what the page added to it."""

    def __init__(self, canvas: Canvas):
        doc = canvas._doc
        self.objects = len(doc.idToObject)
        self.mapped = len(doc.fontMapping)
        self.chars = character_counts(doc)

    def page(self, canvas: Canvas) -> tuple[str, bytes] | None:
        """The record of the page just drawn (the document's last), or None when it cannot
        be replayed: it added objects of its own, or used colour spaces, shadings or links."""
        doc = canvas._doc
        page = doc.Pages.pages[-1]
        contents = page.Contents
        boxes = getattr(page, "TrimBox", None), getattr(page, "BleedBox", None)
        if len(doc.idToObject) != self.objects + 1 or page.stream is not None or contents is None or None in boxes \
                or contents.filters != [DEFLATED] or page._colorsUsed or page._shadingUsed or page.Annots:
            return None
        fonts = [name for name in list(doc.fontMapping)[self.mapped:]]
        chars = characters_since(doc, self.chars)
        states = page.ExtGState.dict if page.ExtGState else {}
        record = {"trim": list(boxes[0].sequence), "bleed": list(boxes[1].sequence),
                  "forms": [name[len("FormXob."):] for name in (page.XObjects.dict if page.XObjects else {})],
                  "states": [[name, *next(iter(value.dict.items()))] for name, value in states.items()],
                  "fonts": fonts, "chars": chars}
        return json.dumps(record, separators=COMPACT), contents.content  # a string: 20,000 cards' pages


def _replay(canvas: Canvas, text: str, stream: bytes) -> bool:
    """Add a kept page to the document as drawing it did: its fonts' characters given their
    codes and its fonts their names in the same order, its boxes, forms and states. False
    (nothing done) when one of its fonts is not registered in this process yet (only drawing
    registers a font: text/fonts.py), or a form or image it shows is not in the document (an
    image is added by the first page that draws it, a page never kept): that page is drawn."""
    doc, record = canvas._doc, json.loads(text)
    if not (all(_registered(name) for name in [*record["fonts"], *record["chars"]])
            and all(doc.hasForm(name) for name in record["forms"])):
        return False
    redo_fonts(doc, record["fonts"], record["chars"])
    canvas.setTrimBox(tuple(record["trim"]))
    canvas.setBleedBox(tuple(record["bleed"]))
    canvas._formsinuse = list(record["forms"])
    for name, attribute, value in record["states"]:
        canvas._extgstate._c[(attribute, value)] = name
    canvas.showPage()
    page = doc.Pages.pages[-1]
    contents = pdfdoc.PDFStream(content=stream, filters=[DEFLATED])
    contents.__Comment__ = "page stream"
    page.Contents, page.stream = contents, None
    return True


# -- the entry on disk: FORMAT, one line of JSON (each page's record and stream length), the streams

def _format(pages: dict[str, tuple[str, bytes]]) -> list[bytes]:
    """The entry in pieces, its pages' streams as they are: joined, they were a second copy of
    every page of the PDF, made while the PDF's own are held (10 MiB at 20,000 cards)."""
    header = ",".join(f'["{key}",{record},{len(stream)}]' for key, (record, stream) in pages.items())
    return [FORMAT, f"[{header}]\n".encode(), *(stream for _, stream in pages.values())]


def _parse(data: bytes | None) -> dict[str, tuple[str, bytes]]:
    """The pages of an entry; {} for anything that is not one ppgen wrote."""
    if not data or not data.startswith(FORMAT):
        return {}
    try:
        end = data.index(b"\n", len(FORMAT))
        header = json.loads(data[len(FORMAT):end])
        pages, at = {}, end + 1
        for key, record, length in header:
            if not (isinstance(key, str) and isinstance(length, int) and 0 <= length <= len(data) - at
                    and _well_formed(record)):
                return {}
            pages[key] = (json.dumps(record, separators=COMPACT), data[at:at + length])
            at += length
        return pages if at == len(data) else {}
    except (ValueError, TypeError):
        return {}


def _well_formed(record) -> bool:
    """A page record as _Before.page makes it: plain names, numbers and strings, each where
    it belongs (a font that is not registered is refused when the page is replayed)."""
    if not isinstance(record, dict) or set(record) != {"trim", "bleed", "forms", "states", "fonts", "chars"}:
        return False
    boxes = all(isinstance(record[box], list) and len(record[box]) == 4
                and all(isinstance(n, (int, float)) and not isinstance(n, bool) for n in record[box])
                for box in ("trim", "bleed"))
    names = all(isinstance(record[field], list) and all(isinstance(n, str) for n in record[field])
                for field in ("forms", "fonts"))
    states = isinstance(record["states"], list) and all(
        isinstance(s, list) and len(s) == 3 and isinstance(s[0], str) and isinstance(s[1], str)
        and isinstance(s[2], (int, float, str)) for s in record["states"])
    chars = isinstance(record["chars"], dict) and all(
        isinstance(k, str) and isinstance(v, str) for k, v in record["chars"].items())
    return boxes and names and states and chars


def _registered(name: str) -> bool:
    """A TrueType font of this process (looked up without ReportLab's search for new ones)."""
    return bool(getattr(pdfmetrics._fonts.get(name), "_dynamicFont", False))
