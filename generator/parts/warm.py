"""Faces the TTS sheets and the gallery paste, and the TTS sheets themselves, drawn ahead
into the face cache by the card images' worker processes (parts/cardpng.py) while this
process draws the PDFs.

On a build with an empty cache the TTS part and the gallery drew their tiles and thumbnails
in this process, one after another, once the PDFs were done: for a game of rich faces that
took longer than the card images in two workers. Now the workers draw them after the card
images, into the face cache, under the very keys and as the very bytes those parts use
(cache.Store.tile with thumbnails.tile and thumbnails.card), and those parts, made once the
workers are done (parts.Part.after_card_images), take them from there. Only what the cache
does not hold already is asked for; what is still missing when a part wants it (--no-cache,
a face validate noted no digest for) the part draws itself, so the outputs are the same
bytes either way. The sheets come last (sheets()): pasting and encoding a 4096 px sheet took
this process a second of a cold build's end, once the PDFs were done."""

from __future__ import annotations

from dataclasses import dataclass

from ..faces.compose import compose, shared_back
from . import thumbnails, tts


@dataclass(frozen=True, slots=True)
class Picture:
    """One face drawn ahead: a tile of a TTS sheet, or a gallery thumbnail."""

    component: str
    index: int  # the card's place in component.cards
    side: str
    dpi: float
    form: str  # thumbnails.TILE_FORM or thumbnails.CARD_FORM

    def draw(self, plan, store) -> None:
        """Into the cache (a worker's own copy of the store: nothing counted)."""
        component = plan.game.component(self.component)
        card = component.cards[self.index]
        face = (component.id, card.id, self.side)

        def picture() -> bytes:
            drawing = plan.drawing(face) or compose(plan.game, component, card, self.side)
            if self.form == thumbnails.CARD_FORM:
                return thumbnails.card(drawing)
            return thumbnails.tile(drawing, self.dpi)

        store.tile(plan.game, plan.digest(face), self.dpi, picture, self.form)


@dataclass(frozen=True, slots=True)
class Sheet:
    """One TTS sheet made ahead: the number-th of its deck's (tts.deck_sheets)."""

    component: str
    number: int
    shown: bool  # the gallery shows it: its thumbnail is kept too

    def draw(self, plan, store) -> None:
        """Into the cache, under the key the TTS part looks for it by (tts._write_sheet)."""
        tiles, faces, grid = tts.deck_sheets(plan, plan.game.component(self.component), store, self.shown)[self.number]
        made_of = tts.sheet_made_of(tiles, faces, grid)
        store.tile(plan.game, made_of, tiles.dpi, tts.sheet_drawing(tiles, faces, grid), tts.SHEET_FORM)


def sheets(plan, options) -> list[Sheet]:
    """The TTS sheets this build will write that the cache lacks (none when the cache is off)."""
    store = options.cache
    if store is None or not store.enabled or "tts" not in options.parts:
        return []
    shown = "gallery" in options.parts
    wanted = []
    for component in filter(options.builds, tts.decks(plan.game)):
        for number, (tiles, faces, grid) in enumerate(tts.deck_sheets(plan, component, store, shown)):
            made_of = tts.sheet_made_of(tiles, faces, grid)
            if made_of is not None and not store.holds(plan.game, made_of, tiles.dpi, tts.SHEET_FORM):
                wanted.append(Sheet(component.id, number, shown))
    return wanted


def pictures(plan, options) -> list[Picture]:
    """What the TTS part and the gallery of this build will paste that the cache lacks, by
    the digests validate noted (none: the cache is off, nothing to draw ahead)."""
    store, game = options.cache, plan.game
    if store is None or not store.enabled:
        return []
    wanted: dict[tuple, Picture] = {}
    for component in tts.decks(game):
        faces = []
        if "tts" in options.parts and options.builds(component):
            faces += [(dpi, face, thumbnails.TILE_FORM) for dpi, sheet in tts.sheet_faces(game, component)
                      for face in sheet]
        if "gallery" in options.parts:  # every deck's, as the gallery shows them
            backs = [] if not component.back else [(0, "back")] if shared_back(game, component) else \
                [(index, "back") for index in range(len(component.cards))]
            faces += [(thumbnails.CARD_DPI, face, thumbnails.CARD_FORM)
                      for face in [(index, "front") for index in range(len(component.cards))] + backs]
        for dpi, (index, side), form in faces:
            digest = plan.digest((component.id, component.cards[index].id, side))
            if digest is not None and not store.holds(game, digest, dpi, form):
                wanted.setdefault((digest, dpi, form), Picture(component.id, index, side, dpi, form))
    return list(wanted.values())
