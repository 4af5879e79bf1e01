"""Small images for the gallery: card faces drawn from their display lists, PDF pages
rasterised by PDFium (pypdfium2, which bundles it: no system tool needed), and TTS sheets
shrunk (kept in the face cache by the sheet's sha256: picture_key)."""

from __future__ import annotations

import struct
from pathlib import Path

from PIL import Image

from ..faces import png, pngfile

CARD_DPI = 72  # a poker card is 180 x 252 px: sharp at the gallery's 150 px width
PAGE_WIDTH = 240  # px: every page thumbnail, whatever the paper
MAX_PAGES = 24  # pages shown per PDF; the link opens the rest
REDUCING_GAP = 2.0  # Image.thumbnail's: the result looks as a plain resample's
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
PICTURE_FORM = "tts-sheet-thumbnail"  # a picture() in the face cache, by the sha256 of its PNG
CARD_FORM = "thumbnail"  # a card() in the face cache
TILE_FORM = "tile"  # a tile() in the face cache (cache.Store.tile's own)


def card(drawing) -> bytes:
    """One composed face, trimmed as cut, at the gallery's size: PNG bytes."""
    return pngfile.png_bytes(png.render(drawing, CARD_DPI, bleed=0), CARD_DPI)


def tile(drawing, dpi: float) -> bytes:
    """One composed face, trimmed as cut, at a TTS sheet's card size: PNG bytes."""
    return pngfile.png_bytes(tile_image(drawing, dpi))


def tile_image(drawing, dpi: float) -> Image.Image:
    """tile()'s picture, before it is written as PNG (lossless: read back, the same pixels)."""
    return png.render(drawing, dpi, bleed=0)


def pages(pdf: Path, folder: Path, stem: str) -> tuple[list[tuple[Path, tuple[int, int]]], int]:
    """Thumbnails of the first MAX_PAGES pages of pdf, as folder/stem-N.png; return them
    (path, size) and the PDF's page count."""
    import pypdfium2  # here, not above: warm.py draws card thumbnails in every build, PDF pages only the gallery
    document = pypdfium2.PdfDocument(pdf)
    try:
        count = len(document)
        shown = []
        folder.mkdir(parents=True, exist_ok=True)
        for index in range(min(count, MAX_PAGES)):
            page = document[index]
            image = page.render(scale=PAGE_WIDTH / page.get_width()).to_pil().convert("RGB")
            page.close()
            path = folder / f"{stem}-{index + 1}.png"
            path.write_bytes(pngfile.png_bytes(image, round(PAGE_WIDTH * 72 / image.width)))
            shown.append((path, image.size))
        return shown, count
    finally:
        document.close()


def size(path: Path) -> tuple[int, int]:
    """A thumbnail's size in pixels: a PNG's from its IHDR chunk (the first 24 bytes), any
    other picture's from Pillow reading its header."""
    with open(path, "rb") as stream:
        head = stream.read(24)
    if head[:8] == PNG_SIGNATURE and head[12:16] == b"IHDR":
        return struct.unpack(">II", head[16:24])
    with Image.open(path) as image:
        return image.size


def picture(source: Path) -> bytes:
    """A smaller copy of a PNG (a Tabletop Simulator sheet) as PNG bytes: shrunk()."""
    with Image.open(source) as sheet:
        return shrunk(sheet if sheet.mode == "RGB" else sheet.convert("RGB"))


def shrunk(image: Image.Image, width: int = PAGE_WIDTH * 2) -> bytes:
    """An RGB picture at most width px across, as PNG bytes. A sheet is up to 4096 px:
    reduced by a whole factor first (box averages), then resampled, as Pillow's thumbnail()
    does; plain Lanczos over the whole sheet took longer than drawing its changed card."""
    if image.width > width:
        image = image.resize((width, round(image.height * width / image.width)), Image.LANCZOS,
                             reducing_gap=REDUCING_GAP)
    return pngfile.png_bytes(image, 72)


def picture_key(store, game, digest: str) -> str | None:
    """The face cache's key of the picture() of a PNG whose sha256 is digest (None: the
    cache is off). The TTS part keeps there the thumbnail of each sheet it draws, from the
    sheet in its hands: the gallery would read the sheet back (0.1 s) to make the same bytes."""
    return store.key(game, digest, PICTURE_FORM, PAGE_WIDTH * 2, 0) if store.enabled else None
