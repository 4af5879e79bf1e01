"""The 'png' part: what the chosen print shop receives for each deck.

- tgc, mpc: one 300 dpi PNG per card face (cardpng.py).
- dtc: a DriveThruCards deck PDF, `shop-dtc-<component>.pdf`: one card per page, the page
  the card plus 1/8 in bleed (TrimBox the card, BleedBox the page), vector with fonts
  embedded, each card's front followed by its back (front 1, back 1, front 2, back 2, ...);
  a card with copies is printed that many times (its pages repeated; `cards` in the manifest).
- offset: the same pages as a CMYK PDF/X-3 for offset printers, `shop-offset-<component>.pdf`,
  converted by Ghostscript (parts/pdfx.py) while the other parts are drawn."""

from __future__ import annotations

from pathlib import Path

from reportlab.pdfgen.canvas import Canvas

from . import pdfx
from ..choices import SHOPS
from ..faces import pdf as face_pdf
from ..faces.compose import compose, shared_back
from ..ops import FaceDrawing
from ..model import Component, Game
from ..artifacts import Artifact
from .pdfdoc import new_canvas
from . import cardpng, warm

KIND = "shop-pdf"
BACK_FORM = "shared-back"


def decks(game: Game) -> list[Component]:
    """The components a shop prints as cards (mats are whole sheets: mats.py)."""
    return [c for c in game.components if c.printed_cards]


def file_name(shop: str, component: Component) -> str:
    return f"shop-{shop}-{component.id}.pdf"


def write_deck(path: Path, game: Game, component: Component, title: str, bleed: float) -> int:
    """One page per card face, each front followed by its back, `bleed` round the trim;
    returns the page count."""
    first = compose(game, component, component.cards[0], "front")
    trim_w, trim_h = first.width - 2 * first.bleed, first.height - 2 * first.bleed
    canvas = new_canvas(path, (trim_w + 2 * bleed, trim_h + 2 * bleed), title, game)
    shared = component.back and shared_back(game, component)
    if shared:
        # A back every card shares is stored once, as a form each back page shows.
        back = compose(game, component, component.cards[0], "back")
        canvas.beginForm(BACK_FORM, 0, 0, back.width, back.height)
        face_pdf.draw(canvas, back, 0, 0)
        canvas.endForm()
    pages = 0
    for card in component.cards:  # composed one by one: a big deck's drawings never held at once
        front = compose(game, component, card, "front")
        own = compose(game, component, card, "back") if component.back and not shared else None
        for _ in range(card.copies):  # a card printed N times: its pages N times over
            _page(canvas, front, bleed, lambda: face_pdf.draw(canvas, front, 0, 0))
            pages += 1
            if shared:
                _page(canvas, back, bleed, lambda: canvas.doForm(BACK_FORM))
            elif own is not None:
                _page(canvas, own, bleed, lambda: face_pdf.draw(canvas, own, 0, 0))
            pages += bool(component.back)
    canvas.save()
    return pages


def _page(canvas: Canvas, drawing: FaceDrawing, bleed: float, paint) -> None:
    """The card centred on a page of its trim plus `bleed`; a face drawn with less bleed
    shows white paper in the rest, one drawn with more is clipped to the page."""
    trim_w, trim_h = drawing.width - 2 * drawing.bleed, drawing.height - 2 * drawing.bleed
    page_w, page_h = trim_w + 2 * bleed, trim_h + 2 * bleed
    canvas.setPageSize((page_w, page_h))
    canvas.setTrimBox((bleed, bleed, bleed + trim_w, bleed + trim_h))
    canvas.setBleedBox((0, 0, page_w, page_h))
    canvas.saveState()
    clip = canvas.beginPath()
    clip.rect(0, 0, page_w, page_h)
    canvas.clipPath(clip, stroke=0, fill=0)
    canvas.translate(bleed - drawing.bleed, bleed - drawing.bleed)
    paint()
    canvas.restoreState()
    canvas.showPage()


class Pending:
    """The shop PDFs written; offset conversions still running in Ghostscript."""

    def __init__(self, game: Game, folder: Path, options):
        shop = SHOPS[options.print_shop]
        if shop.cmyk:
            pdfx.require()  # before anything is drawn: a missing tool fails the build at once
        self.artifacts = []
        self.conversions = []
        for component in filter(options.builds, decks(game)):
            name = file_name(shop.name, component)
            title = f"{game.title}: {component.name}"
            options.progress(f"{game.id}: {name}")
            source = folder / (f".rgb-{name}" if shop.cmyk else name)
            pages = write_deck(source, game, component, title, shop.bleed)
            if shop.cmyk:
                self.conversions.append(pdfx.start(source, folder / name))
            self.artifacts.append(Artifact(name, KIND, None, pages, {"component": component.id, "shop": shop.name,
                                                                     "cards": component.count}))

    def wait(self) -> list[Artifact]:
        try:
            for conversion in self.conversions:
                conversion.wait()
        finally:
            self.cancel()
        return self.artifacts

    def cancel(self) -> None:
        for conversion in self.conversions:
            conversion.cancel()
        self.conversions = []


def start(plan, folder: Path, options):
    """Start the part: PNGs render in worker processes, PDF/X conversions in Ghostscript."""
    if SHOPS[options.print_shop].form == "pdf":
        return Pending(plan.game, folder, options)
    return cardpng.start(plan, folder, options, warm.pictures(plan, options), warm.sheets(plan, options))


def make(plan, folder: Path, options) -> list[Artifact]:
    return start(plan, folder, options).wait()
