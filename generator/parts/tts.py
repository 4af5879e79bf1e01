"""The 'tts' part: each deck as Tabletop Simulator loads it.

TTS builds a deck from a face sheet, a grid of at most 10 x 7 card images whose last slot
(bottom right) is the "hidden" image shown for cards in another player's hand, and a back
image (or a back sheet in the same grid when backs differ). A saved object (JSON) names the
sheets by URL and lists the cards; dropped into TTS's Saved Objects folder it loads the deck.
Sheets stay within 4096 px a side, the largest image TTS loads reliably, so a deck of more
than 69 cards is split over several sheets, each its own CustomDeck entry."""

from __future__ import annotations

import io
import json
import math
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

from PIL import Image

from ..faces import png
from ..faces.compose import compose, shared_back
from ..errors import shown
from ..invisible import json_escaped
from ..model import Component, Game
from ..artifacts import Artifact
from .cardpng import file_name

MAX_COLUMNS, MAX_ROWS = 10, 7
MAX_SIDE = 4096  # px per side of one sheet
MAX_DPI = 300
POKER_SHORT_SIDE = 2.5 * 72  # pt: a TTS card at scale 1 is a poker card
URL_SCHEMES = ("http", "https", "file")  # where TTS loads a deck's images from
MAX_URL = 2000  # characters, as browsers take: the saved object repeats it for every card


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


def make(plan, folder: Path, options) -> list[Artifact]:
    game = plan.game
    artifacts = []
    (folder / "tts").mkdir(exist_ok=True)
    for component in filter(options.builds, decks(game)):
        options.progress(f"{game.id}: tts/{component.id}")
        artifacts += _deck(game, component, folder, options.tts_url, options.cache)
    return artifacts


def _render(game: Game, component: Component, card, side: str, size: tuple[int, int], store) -> Image.Image:
    """The card as cut (no bleed) at the sheet's card size, through the face cache (a PNG is
    lossless: the same pixels): a rebuild draws again only the faces that changed."""
    drawing = compose(game, component, card, side)
    dpi = size[0] * 72 / component.size.width
    data = store.tile(game, drawing, dpi, lambda: png.png_bytes(png.render(drawing, dpi, bleed=0)))
    with Image.open(io.BytesIO(data)) as image:
        image.load()
        return image


def _paste_sheet(images: list[Image.Image], grid: SheetGrid, hidden: Image.Image) -> Image.Image:
    sheet = Image.new("RGB", (grid.columns * grid.width, grid.rows * grid.height), "#FFFFFF")
    for index, image in enumerate(images):
        sheet.paste(image, ((index % grid.columns) * grid.width, (index // grid.columns) * grid.height))
    last = grid.columns * grid.rows - 1
    sheet.paste(hidden, ((last % grid.columns) * grid.width, (last // grid.columns) * grid.height))
    return sheet


def _deck(game: Game, component: Component, folder: Path, base_url: str, store) -> list[Artifact]:
    name = file_name(component.id)
    unique_backs = component.back is not None and not shared_back(game, component)
    cards = component.cards
    artifacts, custom_deck, contained = [], {}, []
    for number, indices in enumerate(sheets_for(len(cards)), start=1):
        grid = sheet_grid(len(indices), component.size.width, component.size.height)
        dpi = grid.width * 72 / component.size.width
        size = (grid.width, grid.height)
        render = lambda i, side: _render(game, component, cards[i], side, size, store)  # noqa: E731
        hidden = render(indices[0], "back")  # what others see of a card in your hand
        extra = {"component": component.id}
        face_path = f"tts/{name}-faces-{number}.png"
        _save(_paste_sheet([render(i, "front") for i in indices], grid, hidden), folder / face_path, dpi)
        artifacts.append(Artifact(face_path, "tts", extra={**extra, "cards": grid.cards,
                                                          "columns": grid.columns, "rows": grid.rows}))
        if unique_backs:
            back_path = f"tts/{name}-backs-{number}.png"
            _save(_paste_sheet([render(i, "back") for i in indices], grid, hidden), folder / back_path, dpi)
            artifacts.append(Artifact(back_path, "tts", extra=extra))
        else:
            back_path = f"tts/{name}-back-{number}.png"
            _save(hidden, folder / back_path, dpi)
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


def _save(image: Image.Image, path: Path, dpi: float) -> None:
    path.write_bytes(png.png_bytes(image, round(dpi)))
