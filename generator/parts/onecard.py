"""`ppgen build GAME --card ID`: a designer's quick look at one card, in OUT/ID/card/:
NAME-front.png and NAME-back.png (the print-shop image the png part makes, so the face
cache serves them when the card has not changed) and NAME.pdf (front and back pages, the
card with 1/8 in bleed, as the DriveThruCards deck PDF). The rest of the last build stays."""

from __future__ import annotations

from pathlib import Path

from ..choices import SHOPS
from ..errors import GameError, problem
from ..faces import png, pngfile
from ..faces.compose import compose
from ..model import Card, Component, Game
from ..artifacts import Artifact
from .pdfdoc import new_canvas
from ..faces import pdf as face_pdf
from . import PREVIEW_KIND, cardpng, shops

KIND = PREVIEW_KIND
PDF_BLEED = SHOPS["dtc"].bleed  # the PDF is a page of the DriveThruCards deck PDF, whatever the shop
FOLDER = "card"


def find(game: Game, card_id: str) -> list[tuple[Component, Card]]:
    """Every deck card with this id (mats have no per-card faces)."""
    return [(component, card) for component in game.components if component.printed_cards
            for card in component.cards if card.id == card_id]


def make(plan, folder: Path, options) -> list[Artifact]:
    game = plan.game
    bleed = SHOPS[options.print_shop].bleed
    found = [(component, card) for card_id in options.cards for component, card in find(game, card_id)]
    if not found:
        raise GameError(problem(game.manifest, None, f"no card {', '.join(options.cards)} in {game.id}"))
    several = len({component.id for component, _ in found}) > 1  # then a folder each: no two names can meet
    artifacts = []
    for component, card in found:
        name = (f"{component.id}/" if several else "") + cardpng.file_name(card.id)
        (folder / FOLDER / name).parent.mkdir(parents=True, exist_ok=True)
        sides = [(side, compose(game, component, card, side))
                 for side in ("front", "back") if getattr(component, side)]
        extra = {"component": component.id, "card": card.id}
        for side, drawing in sides:
            path = f"{FOLDER}/{name}-{side}.png"
            options.cache.write_png(folder / path, game, drawing, cardpng.DPI, bleed,
                                    lambda d=drawing: pngfile.png_bytes(png.render(d, cardpng.DPI, bleed), cardpng.DPI),
                                    (component.id, card.id, side))
            artifacts.append(Artifact(path, KIND, extra={**extra, "face": side}))
        path = f"{FOLDER}/{name}.pdf"
        canvas = new_canvas(folder / path, (100, 100), f"{game.title}: {card.id}", game)
        for _, drawing in sides:
            shops._page(canvas, drawing, PDF_BLEED, lambda d=drawing: face_pdf.draw(canvas, d, 0, 0))
        canvas.save()
        artifacts.append(Artifact(path, KIND, pages=len(sides), extra=extra))
    return artifacts
