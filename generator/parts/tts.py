"""The 'tts' part: each deck as Tabletop Simulator loads it.

TTS builds a deck from a face sheet, a grid of at most 10 x 7 card images whose last slot
(bottom right) is the "hidden" image shown for cards in another player's hand, and a back
image (or a back sheet in the same grid when backs differ). A saved object (JSON) names the
sheets by URL and lists the cards; dropped into TTS's Saved Objects folder it loads the deck.
Sheets stay within 4096 px a side, the largest image TTS loads reliably, so a deck of more
than 69 cards is split over several sheets, each its own CustomDeck entry."""

from __future__ import annotations

import hashlib
import io
import json
import math
from dataclasses import dataclass
from pathlib import Path
from typing import Callable
from urllib.parse import urlsplit

from PIL import Image

from ..faces import pngfile
from ..faces.compose import compose, shared_back
from ..errors import shown
from ..invisible import json_escaped
from ..model import Component, Game
from ..artifacts import Artifact
from . import thumbnails
from .cardpng import file_name

MAX_COLUMNS, MAX_ROWS = 10, 7
MAX_SIDE = 4096  # px per side of one sheet
MAX_DPI = 300
POKER_SHORT_SIDE = 2.5 * 72  # pt: a TTS card at scale 1 is a poker card
URL_SCHEMES = ("http", "https", "file")  # where TTS loads a deck's images from
MAX_URL = 2000  # characters, as browsers take: the saved object repeats it for every card
SHEET_FORM = "tts-sheet"  # a finished sheet's entry in the face cache (cache.Store.place)


@dataclass(frozen=True)
class SheetGrid:
    """One face sheet: `cards` card slots used (the hidden image takes the last slot),
    `columns` x `rows` of `width` x `height` px."""

    cards: int
    columns: int
    rows: int
    width: int
    height: int


def sheet_grid(cards: int, card_w: float, card_h: float) -> SheetGrid:
    """The grid for `cards` cards (at most 69) of card_w x card_h points: the fewest slots
    that hold them and the hidden image, then the largest card image (up to 300 dpi) that
    keeps the sheet within MAX_SIDE. TTS wants at least 2 x 2."""
    if not 1 <= cards <= MAX_COLUMNS * MAX_ROWS - 1:
        raise ValueError(f"a sheet holds 1 to {MAX_COLUMNS * MAX_ROWS - 1} cards, not {cards}")
    best = None
    for rows in range(2, MAX_ROWS + 1):
        columns = max(2, math.ceil((cards + 1) / rows))
        if columns > MAX_COLUMNS:
            continue
        dpi = min(MAX_DPI, MAX_SIDE * 72 / (columns * card_w), MAX_SIDE * 72 / (rows * card_h))
        key = (columns * rows, -dpi)
        if best is None or key < best[0]:
            best = (key, columns, rows, dpi)
    _, columns, rows, dpi = best
    width = math.floor(card_w * dpi / 72)
    while rows * round(width * card_h / card_w) > MAX_SIDE:
        width -= 1
    return SheetGrid(cards, columns, rows, width, round(width * card_h / card_w))


def sheets_for(count: int) -> list[range]:
    """The cards (by index) on each sheet: 69 to a sheet, the rest on the last."""
    per_sheet = MAX_COLUMNS * MAX_ROWS - 1
    return [range(start, min(count, start + per_sheet)) for start in range(0, count, per_sheet)]


def url_fault(base: str) -> str | None:
    """What is wrong with a base URL for the sheets (--tts-url), or None: an http(s) URL with
    a host, or a file URL, of at most MAX_URL printable ASCII characters, to which the
    sheets' file names can be added."""
    if len(base) > MAX_URL:
        return f"a URL of {len(base)} characters; at most {MAX_URL}"
    if not (base.isascii() and base.isprintable()) or " " in base:
        return f"{shown(base)} holds a space, a control or a non-ASCII character; percent-encode it (%20)"
    try:
        url = urlsplit(base)
    except ValueError as exc:  # a malformed [IPv6] host
        return f"{shown(base)} is not a URL: {exc}"
    scheme = url.scheme.lower()
    whole = scheme in URL_SCHEMES and base.lower().startswith(f"{scheme}://")  # not 'file:x'
    if not whole or not (url.netloc or scheme == "file"):
        return (f"{shown(base)}: give an address such as https://example.org/my-game/ (Tabletop Simulator "
                f"loads {', '.join(s + '://' for s in URL_SCHEMES)} URLs)")
    if url.query or url.fragment or base.endswith(("?", "#")):
        return f"{shown(base)}: the sheets' file names are added to it, so it cannot end in a ?query or #fragment"
    return None


def decks(game: Game) -> list[Component]:
    """The components TTS gets a deck of: every deck with cards and a front (not mats)."""
    return [c for c in game.components if c.printed_cards]


def tile_dpi(component: Component, grid: SheetGrid) -> float:
    """The dpi a face is drawn at to fill one slot of the sheet."""
    return grid.width * 72 / component.size.width


def sheet_faces(game: Game, component: Component) -> list[tuple[float, list[tuple[int, str]]]]:
    """Each sheet's tile dpi and the faces (card index, side) pasted on its pictures: its
    fronts, the hidden image (its first card's back) and its backs when they differ."""
    unique_backs = component.back is not None and not shared_back(game, component)
    return [(tile_dpi(component, grid), [(i, "front") for i in indices] + [hidden(indices)]
             + ([(i, "back") for i in indices] if unique_backs else [])) for _, indices, grid in sheets(component)]


def sheets(component: Component) -> list[tuple[int, range, SheetGrid]]:
    """Each face sheet of the deck: its number (from 1), its cards (by index) and its grid."""
    return [(number, indices, sheet_grid(len(indices), component.size.width, component.size.height))
            for number, indices in enumerate(sheets_for(len(component.cards)), start=1)]


def hidden(indices: range) -> tuple[int, str]:
    """The sheet's hidden image: what others see of a card in your hand, its first card's back."""
    return indices[0], "back"


def make(plan, folder: Path, options) -> list[Artifact]:
    game = plan.game
    artifacts = []
    (folder / "tts").mkdir(exist_ok=True)
    for component in filter(options.builds, decks(game)):
        options.progress(f"{game.id}: tts/{component.id}")
        artifacts += _deck(plan, component, folder, options)
    return artifacts


class _Tiles:
    """A deck's faces as cut (no bleed) at one sheet's card size, through the face cache
    (a PNG is lossless: the same pixels). A face is found by the digest validate noted for
    it and composed only when its tile is not cached; `key` names a tile without drawing it,
    so that a sheet whose tiles are all the same is written from the cache whole. shown: the
    gallery shows the sheets (this build makes it)."""

    def __init__(self, plan, component: Component, dpi: float, store, shown: bool = False,
                 repeated: tuple[tuple[int, str], ...] = ()):
        self.plan, self.component, self.store, self.shown = plan, component, store, shown
        self.dpi = dpi
        self._sources: dict[tuple, object] = {}
        self.repeated = repeated
        self._kept: dict[tuple[int, str], Image.Image] = {}  # the repeated faces' tiles, once drawn or read

    def _source(self, index: int, side: str):
        """The face's digest, or its drawing when validate noted none (--no-cache, the
        shared back of a card past the first)."""
        card = self.component.cards[index]
        face = (self.component.id, card.id, side)
        found = self._sources.get(face)
        if found is None:
            found = self._sources[face] = self.plan.digest(face) or self._drawing(index, side)
        return found

    def _drawing(self, index: int, side: str):
        card = self.component.cards[index]
        return self.plan.drawing((self.component.id, card.id, side)) \
            or compose(self.plan.game, self.component, card, side)

    def key(self, index: int, side: str) -> str | None:
        """The tile's cache key; None when the cache is off."""
        if not self.store.enabled:
            return None
        return self.store.key(self.plan.game, self._source(index, side), thumbnails.TILE_FORM, self.dpi, 0)

    def image(self, index: int, side: str) -> Image.Image:
        """The tile's picture: as drawn here, else read from the face cache; a repeated face's
        (the hidden image, on both sheets of a pair) kept after the first time."""
        if (index, side) in self._kept:
            return self._kept[(index, side)]
        source = self._source(index, side)
        drawn = []

        def draw() -> bytes:
            drawn.append(thumbnails.tile_image(self._drawing(index, side) if isinstance(source, str) else source,
                                               self.dpi))
            return pngfile.png_bytes(drawn[0])

        data = self.store.tile(self.plan.game, source, self.dpi, draw, thumbnails.TILE_FORM)
        if drawn:  # the PNG just written is lossless: its pixels are these
            image = drawn[0]
        else:
            with Image.open(io.BytesIO(data)) as image:
                image.load()
        if (index, side) in self.repeated:
            self._kept[(index, side)] = image
        return image


def _paste_sheet(images: list[Image.Image], grid: SheetGrid, hidden: Image.Image) -> Image.Image:
    sheet = Image.new("RGB", (grid.columns * grid.width, grid.rows * grid.height), "#FFFFFF")
    for index, image in enumerate(images):
        sheet.paste(image, ((index % grid.columns) * grid.width, (index // grid.columns) * grid.height))
    last = grid.columns * grid.rows - 1
    sheet.paste(hidden, ((last % grid.columns) * grid.width, (last // grid.columns) * grid.height))
    return sheet


def _write_sheet(target: Path, tiles: _Tiles, faces: list[tuple[int, str]], grid: SheetGrid | None) -> None:
    """A sheet of `faces` (index, side) in grid, the last face in the hidden slot (grid None:
    that one face alone, the back image), as PNG bytes. Taken whole from the face cache when
    what makes it (its tiles' keys in order, the grid, the dpi) is there: a one-card edit
    pastes and encodes only the sheet that holds the card (and a cold build finds the sheets
    the card images' workers made ahead: warm.py)."""
    made_of = sheet_made_of(tiles, faces, grid)
    key = None if made_of is None else tiles.store.key(tiles.plan.game, made_of, SHEET_FORM, tiles.dpi, 0)
    tiles.store.place(target, key, sheet_drawing(tiles, faces, grid))


def sheet_made_of(tiles: _Tiles, faces: list[tuple[int, str]], grid: SheetGrid | None) -> str | None:
    """What a sheet is made of, as a digest: its grid and its tiles' keys in order (None when
    the cache is off)."""
    keys = [tiles.key(index, side) for index, side in faces]
    return None if None in keys else hashlib.sha256("\0".join([repr(grid), *keys]).encode()).hexdigest()


def sheet_drawing(tiles: _Tiles, faces: list[tuple[int, str]], grid: SheetGrid | None) -> Callable[[], bytes]:
    """draw() -> the sheet's PNG bytes (keeping its gallery thumbnail when the gallery shows it)."""
    def draw() -> bytes:
        images = [tiles.image(index, side) for index, side in faces]
        picture = images[-1] if grid is None else _paste_sheet(images[:-1], grid, images[-1])
        data = pngfile.png_bytes(picture, round(tiles.dpi))
        if tiles.shown and tiles.store.enabled and picture.mode == "RGB":  # the gallery's, made from what is here
            thumb = thumbnails.picture_key(tiles.store, tiles.plan.game, hashlib.sha256(data).hexdigest())
            tiles.store.keep(thumb, thumbnails.shrunk(picture))
        return data
    return draw


def deck_sheets(plan, component: Component, store, shown: bool) -> list[tuple[_Tiles, list[tuple[int, str]],
                                                                             SheetGrid | None]]:
    """Every sheet of the deck's TTS images, as (tiles, faces, grid) for _write_sheet: each
    face sheet, then its back sheet (or its one back image)."""
    unique_backs = component.back is not None and not shared_back(plan.game, component)
    made = []
    for _, indices, grid in sheets(component):
        hiding = hidden(indices)
        tiles = _Tiles(plan, component, tile_dpi(component, grid), store, shown, repeated=(hiding,))
        made.append((tiles, [(i, "front") for i in indices] + [hiding], grid))
        made.append((tiles, [(i, "back") for i in indices] + [hiding], grid) if unique_backs else
                    (tiles, [hiding], None))
    return made


def _deck(plan, component: Component, folder: Path, options) -> list[Artifact]:
    game, base_url = plan.game, options.tts_url
    name = file_name(component.id)
    unique_backs = component.back is not None and not shared_back(game, component)
    cards = component.cards
    artifacts, custom_deck, contained = [], {}, []
    made = deck_sheets(plan, component, options.cache, "gallery" in options.parts)
    for (number, indices, grid), front, back in zip(sheets(component), made[::2], made[1::2]):
        extra = {"component": component.id}
        face_path = f"tts/{name}-faces-{number}.png"
        _write_sheet(folder / face_path, *front)
        artifacts.append(Artifact(face_path, "tts", extra={**extra, "cards": grid.cards,
                                                          "columns": grid.columns, "rows": grid.rows}))
        back_path = f"tts/{name}-backs-{number}.png" if unique_backs else f"tts/{name}-back-{number}.png"
        _write_sheet(folder / back_path, *back)
        artifacts.append(Artifact(back_path, "tts", extra=extra))
        custom_deck[str(number)] = {
            "FaceURL": base_url + Path(face_path).name, "BackURL": base_url + Path(back_path).name,
            "NumWidth": grid.columns, "NumHeight": grid.rows,
            "BackIsHidden": False, "UniqueBack": unique_backs, "Type": 0}
        # One image per distinct card; the deck holds it `copies` times under the same CardID.
        contained += [_card_object(cards[i], number * 100 + slot, component, number, custom_deck[str(number)])
                      for slot, i in enumerate(indices) for _ in range(cards[i].copies)]
    title = f"{game.title}: {component.name}"
    saved = {"SaveName": title, "ObjectStates": [{
        "Name": "DeckCustom", "Nickname": title, "Transform": _transform(component),
        "SidewaysCard": component.orientation == "landscape",
        "DeckIDs": [card["CardID"] for card in contained],
        "CustomDeck": custom_deck, "ContainedObjects": contained}]}
    json_path = f"tts/{name}.json"
    text = json.dumps(saved, indent=2, ensure_ascii=False) + "\n"
    (folder / json_path).write_text(json_escaped(text), encoding="utf-8")  # TTS shows the names: no bidi tricks
    artifacts.append(Artifact(json_path, "tts", extra={**extra, "cards": len(contained)}))
    return artifacts


def _transform(component: Component) -> dict:
    """Face down, at the component's size: TTS's card at scale 1 is a poker card."""
    scale = round(min(component.size.width, component.size.height) / POKER_SHORT_SIDE, 4)
    return {"posX": 0, "posY": 1, "posZ": 0, "rotX": 0, "rotY": 180, "rotZ": 180,
            "scaleX": scale, "scaleY": 1, "scaleZ": scale}


def _card_object(card, card_id: int, component: Component, sheet_number: int, sheet: dict) -> dict:
    """One card of the deck: its id as nickname, its data as description (TTS shows both)."""
    description = "\n".join(f"{k}: {v}" for k, v in card.fields.items() if k != "id" and v != "")
    return {"Name": "Card", "Nickname": card.id, "Description": description, "CardID": card_id,
            "SidewaysCard": component.orientation == "landscape",
            "CustomDeck": {str(sheet_number): sheet}, "Transform": _transform(component)}
