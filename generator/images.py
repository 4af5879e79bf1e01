"""Images a game's faces draw: opened once, with a pixel budget, so that a file that is not
an image, is cut short, or is a decompression bomb is an error naming it, not a crash."""

from __future__ import annotations

from functools import lru_cache

from PIL import Image

from .svgart import is_svg, svg_fault

FORMATS = ("PNG", "JPEG")
MAX_PIXELS = 100_000_000  # an A1 poster at 300 dpi is about 70 million


def art_fault(path: str) -> str | None:
    """Why the picture a face's `image` draws cannot be printed: a PNG or JPEG, or SVG art
    (svgart.py; text icons and the rules take only PNG and JPEG)."""
    return svg_fault(path) if is_svg(path) else image_fault(path)


@lru_cache(maxsize=256)
def image_fault(path: str) -> str | None:
    """Why the image at path cannot be printed, or None when it can."""
    try:
        with Image.open(path) as image:
            if image.format not in FORMATS:
                return f"is a {image.format} image; faces take {' or '.join(FORMATS)}"
            if image.width * image.height > MAX_PIXELS:
                return (f"is {image.width} × {image.height} pixels, more than the "
                        f"{MAX_PIXELS // 1_000_000} million a face may use")
            image.load()  # decode it all: a truncated file fails here
    except Image.DecompressionBombError:
        return f"claims more pixels than the {MAX_PIXELS // 1_000_000} million a face may use"
    except (OSError, SyntaxError, ValueError) as exc:
        return f"cannot be read as an image ({exc})"
    return None
