"""Small images for the gallery: card faces drawn from their display lists, and PDF pages
rasterised by PDFium (pypdfium2, which bundles it: no system tool needed)."""

from __future__ import annotations

from pathlib import Path

import pypdfium2
from PIL import Image

from ..faces import png
from ..faces.compose import compose
from ..model import Card, Component, Game

CARD_DPI = 72  # a poker card is 180 x 252 px: sharp at the gallery's 150 px width
PAGE_WIDTH = 240  # px: every page thumbnail, whatever the paper
MAX_PAGES = 24  # pages shown per PDF; the link opens the rest


def card(game: Game, component: Component, card: Card | None, side: str, path: Path) -> tuple[int, int]:
    """Draw one face (trimmed, as cut) into path; return its size."""
    image = png.render(compose(game, component, card, side), CARD_DPI, bleed=0)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(png.png_bytes(image, CARD_DPI))
    return image.size


def pages(pdf: Path, folder: Path, stem: str) -> tuple[list[tuple[Path, tuple[int, int]]], int]:
    """Thumbnails of the first MAX_PAGES pages of pdf, as folder/stem-N.png; return them
    (path, size) and the PDF's page count."""
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
            path.write_bytes(png.png_bytes(image, round(PAGE_WIDTH * 72 / image.width)))
            shown.append((path, image.size))
        return shown, count
    finally:
        document.close()


def size(path: Path) -> tuple[int, int]:
    """A thumbnail's size in pixels (its header only is read)."""
    with Image.open(path) as image:
        return image.size


def picture(source: Path, path: Path, width: int = PAGE_WIDTH * 2) -> tuple[int, int]:
    """A smaller copy of a PNG (a Tabletop Simulator sheet), at most width px across."""
    with Image.open(source) as image:
        image = image.convert("RGB")
        if image.width > width:
            image = image.resize((width, round(image.height * width / image.width)), Image.LANCZOS)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(png.png_bytes(image, 72))
    return image.size
