"""A Pillow image as PNG bytes: the dpi and sRGB recorded, no timestamps, so repeatable."""

from __future__ import annotations

import io
import struct
import zlib

from PIL import Image
from PIL.PngImagePlugin import PngInfo

try:  # zlib-ng: zlib's format at several times its speed
    from zlib_ng import zlib_ng as deflate
except ImportError:  # a platform without its wheel: the standard zlib, same format
    deflate = zlib

# Which deflate wrote the bytes: the face cache keys on it (another library, other bytes).
DEFLATE = f"{deflate.__name__} {getattr(deflate, 'ZLIBNG_RUNTIME_VERSION', zlib.ZLIB_RUNTIME_VERSION)}"
DEFLATE_LEVEL = 2  # zlib-ng: 1.2 ms and 28 KiB a bench card (level 1: 0.5 ms, 50 KiB)
LARGE, BAND = 4_000_000, 256  # pixels: an image larger is read out BAND rows at a time


def srgb_chunks() -> PngInfo:
    """Mark the image sRGB the PNG way: an sRGB chunk (perceptual intent) with the gAMA and
    cHRM values the PNG spec gives for it. (An ICC profile made by littlecms would carry
    the time it was made, and builds must be byte-identical.)"""
    info = PngInfo()
    info.add(b"sRGB", bytes([0]))
    info.add(b"gAMA", (45455).to_bytes(4, "big"))
    info.add(b"cHRM", b"".join(v.to_bytes(4, "big") for v in
                               (31270, 32900, 64000, 33000, 30000, 60000, 15000, 6000)))
    return info


_COLOR_TYPE = {"L": (0, 1), "RGB": (2, 3), "RGBA": (6, 4)}  # mode: (PNG colour type, bytes a pixel)


def png_bytes(image: Image.Image, dpi: int = 300) -> bytes:
    """PNG with the dpi and sRGB recorded; no timestamps, so repeatable.

    Written here rather than by Pillow: Pillow tries every row filter on every row even at
    compress_level 1, which took 70 % of its 11 ms a card; unfiltered rows deflated by
    zlib-ng take about 2 ms and come out smaller for flat-coloured cards."""
    if image.mode not in _COLOR_TYPE:
        buffer = io.BytesIO()
        image.save(buffer, "PNG", dpi=(dpi, dpi), pnginfo=srgb_chunks(), compress_level=1)
        return buffer.getvalue()
    color_type, depth = _COLOR_TYPE[image.mode]
    width, height = image.size
    stride = width * depth
    per_metre = int(dpi / 0.0254 + 0.5)
    chunks = [(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, color_type, 0, 0, 0))]
    chunks += srgb_chunks().chunks
    chunks += [(b"pHYs", struct.pack(">IIB", per_metre, per_metre, 1)),
               (b"IDAT", _deflated(image, stride)), (b"IEND", b"")]
    out = [b"\x89PNG\r\n\x1a\n"]
    for kind, data, *_ in chunks:
        out += [struct.pack(">I", len(data)), kind, data,
                struct.pack(">I", zlib.crc32(data, zlib.crc32(kind)))]
    return b"".join(out)


def _deflated(image: Image.Image, stride: int) -> bytes:
    """The image data: each row preceded by its filter type, 0 (none), deflated. Fed to the
    compressor a row at a time: the same bytes as one joined buffer (deflate's output does not
    depend on how its input is cut), without writing the whole image out again (4 ms a card).
    A large image (a mat) is read out BAND rows at a time: its pixels as bytes at once were
    another 100 MB beside the image."""
    compressor = deflate.compressobj(DEFLATE_LEVEL)
    data = []
    bands = [image] if image.width * image.height <= LARGE else \
        (image.crop((0, top, image.width, min(top + BAND, image.height))) for top in range(0, image.height, BAND))
    for band in bands:
        view = memoryview(band.tobytes())
        data += [compressor.compress(b"\0" + view[i:i + stride]) for i in range(0, len(view), stride)] if stride else []
    return b"".join(data) + compressor.flush()
