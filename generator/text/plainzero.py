"""The body font's zero without its slash.

Atkinson Hyperlegible draws 0 with a slash through its counter, and has no other zero (its
`zero.tf` is the same glyph): prose and a card's "10" read as "1Ø". This module gives
ReportLab and Pillow a copy of the font, made in memory once per process, whose zero has
a plain oval counter: the slash is two inner contours leaving a bar between them, and the
counter is made again as one contour, the outer one shrunk to the inner one's bounds
(straightened by the italic angle first, so an italic zero keeps its slant). Every other
glyph, table and metric stays as it is; the new glyph has no hinting instructions (the old
ones number points that are gone). The same bytes every run, so outputs stay repeatable.
The font's licence (OFL 1.1, no Reserved Font Name) allows the change.
"""

from __future__ import annotations

import math
import struct
from functools import lru_cache

from reportlab.pdfbase.ttfonts import TTFontFile
from ..lasting import lasting

ON_CURVE, X_SHORT, Y_SHORT, REPEAT, X_SAME, Y_SAME = 0x01, 0x02, 0x04, 0x08, 0x10, 0x20
Point = tuple[float, float, bool]  # x, y, on the curve


@lasting
@lru_cache(maxsize=8)
def patched(path: str) -> bytes:
    """The font file at path, its zero's counter made plain (the file unchanged if its zero
    is not a slashed one: three contours, an outline and a counter cut in two)."""
    data = open(path, "rb").read()
    tables = _tables(data)
    glyph_id = _glyph_of(data, tables, ord("0"))
    long_loca = struct.unpack(">h", _table(data, tables, b"head")[50:52])[0] == 1
    loca = _offsets(_table(data, tables, b"loca"), long_loca)
    glyf = _table(data, tables, b"glyf")
    if glyph_id is None or glyph_id + 1 >= len(loca):
        return data
    contours = _contours(glyf[loca[glyph_id]:loca[glyph_id + 1]])
    if contours is None or len(contours) != 3:
        return data
    angle = struct.unpack(">i", _table(data, tables, b"post")[4:8])[0] / 65536
    glyph = _encode([contours[0], _counter(contours, math.tan(math.radians(angle)))])
    glyph += b"\0" * (-len(glyph) % 4)
    glyf = glyf[:loca[glyph_id]] + glyph + glyf[loca[glyph_id + 1]:]
    shift = len(glyph) - (loca[glyph_id + 1] - loca[glyph_id])
    loca = loca[:glyph_id + 1] + [o + shift for o in loca[glyph_id + 1:]]
    if not long_loca and loca[-1] > 0x1FFFE:
        return data
    changed = {b"glyf": glyf, b"loca": _loca_bytes(loca, long_loca)}
    return _font(data, tables, changed)


def _tables(data: bytes) -> dict[bytes, tuple[int, int]]:
    count = struct.unpack(">H", data[4:6])[0]
    records = {}
    for i in range(count):
        tag, _, offset, length = struct.unpack(">4sLLL", data[12 + 16 * i:28 + 16 * i])
        records[tag] = (offset, length)
    return records


def _table(data: bytes, tables: dict, tag: bytes) -> bytes:
    offset, length = tables[tag]
    return data[offset:offset + length]


def _glyph_of(data: bytes, tables: dict, char: int) -> int | None:
    """The glyph a character maps to, from the font's Unicode cmap (format 4, the BMP's)
    read directly: parsing the whole font with ReportLab only for this took 1.2 ms a face,
    at the start of every build. A font without such a subtable is asked of ReportLab."""
    cmap = _table(data, tables, b"cmap")
    records = [struct.unpack(">HHL", cmap[4 + 8 * i:12 + 8 * i]) for i in range(struct.unpack(">H", cmap[2:4])[0])]
    at = next((offset for platform, encoding, offset in records if (platform, encoding) in ((3, 1), (0, 3))
               and struct.unpack(">H", cmap[offset:offset + 2])[0] == 4), None)
    if at is None:
        return TTFontFile(data).charToGlyph.get(char)
    count = struct.unpack(">H", cmap[at + 6:at + 8])[0] // 2
    ends = struct.unpack(f">{count}H", cmap[at + 14:at + 14 + 2 * count])
    starts_at = at + 16 + 2 * count
    starts = struct.unpack(f">{count}H", cmap[starts_at:starts_at + 2 * count])
    deltas = struct.unpack(f">{count}h", cmap[starts_at + 2 * count:starts_at + 4 * count])
    ranges_at = starts_at + 4 * count
    for i, (start, end) in enumerate(zip(starts, ends)):
        if end < char:
            continue
        if start > char:
            return None
        range_offset = struct.unpack(">H", cmap[ranges_at + 2 * i:ranges_at + 2 * i + 2])[0]
        if range_offset == 0:
            return (char + deltas[i]) % 65536
        where = ranges_at + 2 * i + range_offset + 2 * (char - start)
        glyph = struct.unpack(">H", cmap[where:where + 2])[0]
        return (glyph + deltas[i]) % 65536 if glyph else None
    return None


def _offsets(loca: bytes, long_loca: bool) -> list[int]:
    if long_loca:
        return list(struct.unpack(f">{len(loca) // 4}L", loca))
    return [2 * o for o in struct.unpack(f">{len(loca) // 2}H", loca)]


def _loca_bytes(offsets: list[int], long_loca: bool) -> bytes:
    if long_loca:
        return struct.pack(f">{len(offsets)}L", *offsets)
    return struct.pack(f">{len(offsets)}H", *(o // 2 for o in offsets))


def _contours(glyph: bytes) -> list[list[Point]] | None:
    """A simple glyph's contours (None for a composite or empty one)."""
    if len(glyph) < 10 or struct.unpack(">h", glyph[:2])[0] <= 0:
        return None
    n = struct.unpack(">h", glyph[:2])[0]
    ends = struct.unpack(f">{n}H", glyph[10:10 + 2 * n])
    at = 10 + 2 * n
    at += 2 + struct.unpack(">H", glyph[at:at + 2])[0]  # the instructions, skipped
    flags: list[int] = []
    while len(flags) < ends[-1] + 1:
        flag = glyph[at]
        at += 1
        repeat = 0
        if flag & REPEAT:
            repeat, at = glyph[at], at + 1
        flags += [flag] * (repeat + 1)
    xs, at = _coordinates(glyph, at, flags, X_SHORT, X_SAME)
    ys, at = _coordinates(glyph, at, flags, Y_SHORT, Y_SAME)
    points = [(x, y, bool(f & ON_CURVE)) for x, y, f in zip(xs, ys, flags)]
    starts = [0] + [e + 1 for e in ends[:-1]]
    return [points[s:e + 1] for s, e in zip(starts, ends)]


def _coordinates(glyph: bytes, at: int, flags: list[int], short: int, same: int) -> tuple[list[int], int]:
    values, value = [], 0
    for flag in flags:
        if flag & short:
            value += glyph[at] if flag & same else -glyph[at]
            at += 1
        elif not flag & same:
            value += struct.unpack(">h", glyph[at:at + 2])[0]
            at += 2
        values.append(value)
    return values, at


def _counter(contours: list[list[Point]], slant: float) -> list[Point]:
    """One oval counter: the outline, straightened by the slant, fitted to the bounds of the
    two inner contours, slanted back and drawn the other way round (a hole)."""
    def box(points):
        xs = [x + y * slant for x, y, _ in points]
        ys = [y for _, y, _ in points]
        return min(xs), min(ys), max(xs), max(ys)

    ox0, oy0, ox1, oy1 = box(contours[0])
    ix0, iy0, ix1, iy1 = box(contours[1] + contours[2])
    out = []
    for x, y, on in reversed(contours[0]):
        ny = iy0 + (y - oy0) * (iy1 - iy0) / (oy1 - oy0)
        nx = ix0 + (x + y * slant - ox0) * (ix1 - ix0) / (ox1 - ox0)
        out.append((round(nx - ny * slant), round(ny), on))
    return out


def _encode(contours: list[list[Point]]) -> bytes:
    """A simple glyph: every point's flag and coordinates written in full, no instructions."""
    points = [p for contour in contours for p in contour]
    ends, total = [], -1
    for contour in contours:
        total += len(contour)
        ends.append(total)
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    out = struct.pack(">hhhhh", len(contours), min(xs), min(ys), max(xs), max(ys))
    out += struct.pack(f">{len(ends)}H", *ends) + struct.pack(">H", 0)
    out += bytes(ON_CURVE if on else 0 for _, _, on in points)
    deltas = [(x - px, y - py) for (x, y, _), (px, py, _) in zip(points, [(0, 0, True)] + points[:-1])]
    out += b"".join(struct.pack(">h", dx) for dx, _ in deltas)
    out += b"".join(struct.pack(">h", dy) for _, dy in deltas)
    return out


def _checksum(block: bytes) -> int:
    block += b"\0" * (-len(block) % 4)
    return sum(struct.unpack(f">{len(block) // 4}L", block)) & 0xFFFFFFFF


def _font(data: bytes, tables: dict, changed: dict[bytes, bytes]) -> bytes:
    """The font file again, with the tables in `changed` replaced: same directory, same
    table order, checksums and head's checkSumAdjustment made anew."""
    contents = {tag: changed.get(tag, _table(data, tables, tag)) for tag in tables}
    head = bytearray(contents[b"head"])
    head[8:12] = b"\0\0\0\0"
    contents[b"head"] = bytes(head)
    offset = 12 + 16 * len(tables)
    entries, body, at = [], b"", {}
    for tag in sorted(tables, key=lambda t: tables[t][0]):  # the tables in their old order
        block = contents[tag]
        at[tag] = offset + len(body)
        entries.append(struct.pack(">4sLLL", tag, _checksum(block), at[tag], len(block)))
        body += block + b"\0" * (-len(block) % 4)
    font = bytearray(data[:12] + b"".join(sorted(entries)) + body)  # the directory by tag
    adjustment = (0xB1B0AFBA - _checksum(bytes(font))) & 0xFFFFFFFF
    font[at[b"head"] + 8:at[b"head"] + 12] = struct.pack(">L", adjustment)
    return bytes(font)
