"""Squib Squares: one squib (a cartoon firework with a face) drawn as display-list ops.

paint(ops, box, params, data) draws, inside box (x, y, w, h):
  * the firework body by kind - rocket, missile, spinny, candle, booster - in the squib's
    ink with a dark outline and a few highlights;
  * a face on the body showing the emotion - happy, sad, angry, excited, sleepy;
  * the colour's symbol (leaf, sun, heart, flame, drop) in a cream disc, top-left, so that
    colour is never the only cue;
  * with label (the default), "emotion kind" and the colour name in small text at the bottom.

Everything is built from the primitive ops in ops.py so the PDF and PNG backends agree.
The art is designed on a 100 x 120 unit canvas (y down) that is scaled into the part of the
box left free by the label; each kind keeps its top-left corner clear for the symbol disc.
"""

from __future__ import annotations

import math
import re
from typing import Iterable, Mapping

from . import ops as op

DARK = "#2B2540"       # outlines and facial features
CREAM = "#FFFDF3"      # symbol disc, eye whites
TEETH = "#FFFFFF"
TONGUE = "#F2708A"
BLUSH = "#F59AAE"
TEAR = "#9FDCFF"
SPARK = "#FFE45C"
WOOD = "#B9874F"
FUSE = "#6B4E2E"
SMOKE = "#E4E1EA"
ANGER = "#E0312B"

KINDS = ("rocket", "missile", "spinny", "candle", "booster")
EMOTIONS = ("happy", "sad", "angry", "excited", "sleepy")
SYMBOLS = ("leaf", "sun", "heart", "flame", "drop")

CANVAS_W, CANVAS_H = 100.0, 120.0   # design units
OUTLINE = 2.0                       # design units
PAD = 1.5                           # points kept free at the box edge (strokes stay inside)
LABEL_SIZE, LABEL_MIN = 8.0, 6.0
COLOUR_SIZE = 7.0
KAPPA = 0.5522847498                # Bezier circle constant
_HEX = re.compile(r"^#[0-9A-Fa-f]{6}$")


def paint(ops: list, box: tuple[float, float, float, float], params: Mapping, data: Mapping) -> None:
    x, y, w, h = (float(v) for v in box)
    color = str(params["color"])
    emotion = str(params["emotion"]).strip().lower()
    kind = str(params["kind"]).strip().lower()
    label = _truthy(params.get("label", True))
    if kind not in KINDS:
        raise ValueError(f"unknown squib kind {kind!r}; known: {', '.join(KINDS)}")
    if emotion not in EMOTIONS:
        raise ValueError(f"unknown squib emotion {emotion!r}; known: {', '.join(EMOTIONS)}")
    inks = data.get("inks") or {}
    if color not in inks:
        raise ValueError(f"no ink for squib colour {color!r} in [data.inks]")
    ink = str(inks[color])
    if not _HEX.match(ink):
        raise ValueError(f"ink for colour {color!r} must be like '#1a2b3c', got {ink!r}")
    mark = (data.get("symbols") or {}).get(color)
    if mark is not None and mark not in SYMBOLS:
        raise ValueError(f"unknown symbol {mark!r} for colour {color!r}; known: {', '.join(SYMBOLS)}")
    if w < 40 or h < 50:
        raise ValueError(f"a squib needs at least 40 x 50 pt, got {w:.0f} x {h:.0f}")

    label_h = 0.0
    if label:
        label_h = LABEL_SIZE * 1.15 + COLOUR_SIZE * 1.2 + 2
        _label(ops, x, y + h - PAD - label_h, w, label_h, emotion, kind, color)
    art_w, art_h = w - 2 * PAD, h - 2 * PAD - label_h - (1.5 if label else 0)
    s = min(art_w / CANVAS_W, art_h / CANVAS_H)
    ox = x + PAD + (art_w - CANVAS_W * s) / 2
    oy = y + PAD + (art_h - CANVAS_H * s) / 2
    frame = _Frame(ox, oy, s)
    spots = _BODIES[kind](ops, frame, ink)
    face_frame, (fx, fy, fw) = spots["face"]
    _face(ops, face_frame, fx, fy, fw, emotion, ink)
    _extras(ops, frame, emotion, spots)
    if mark:
        disc = max(14.0, min(26.0, 0.22 * w, 0.16 * h))
        symbol(ops, x + PAD + disc / 2, y + PAD + disc / 2, disc, mark, ink)


def _truthy(value) -> bool:
    if isinstance(value, str):
        return value.strip().lower() not in ("false", "no", "0", "off", "")
    return bool(value)


# -- colour helpers -------------------------------------------------------------------------

def _mix(a: str, b: str, t: float) -> str:
    """a moved fraction t of the way to b."""
    ra, rb = op.rgb(a), op.rgb(b)
    return "#%02X%02X%02X" % tuple(round(p + (q - p) * t) for p, q in zip(ra, rb))


def tint(ink: str, t: float) -> str:
    return _mix(ink, "#FFFFFF", t)


def shade(ink: str, t: float) -> str:
    return _mix(ink, DARK, t)


# -- geometry -------------------------------------------------------------------------------

class _Frame:
    """Design units -> points: scale s, origin (ox, oy), optional rotation about a pivot."""

    def __init__(self, ox: float, oy: float, s: float, angle: float = 0.0,
                 pivot: tuple[float, float] = (50.0, 60.0)):
        self.ox, self.oy, self.s, self.angle, self.pivot = ox, oy, s, angle, pivot
        self._cos, self._sin = math.cos(math.radians(angle)), math.sin(math.radians(angle))

    def rotated(self, angle: float, pivot: tuple[float, float]) -> "_Frame":
        return _Frame(self.ox, self.oy, self.s, angle, pivot)

    def design(self, u: float, v: float) -> tuple[float, float]:
        """Where (u, v) lands in unrotated design units."""
        if not self.angle:
            return u, v
        pu, pv = self.pivot
        du, dv = u - pu, v - pv
        return pu + du * self._cos - dv * self._sin, pv + du * self._sin + dv * self._cos

    def pt(self, u: float, v: float) -> tuple[float, float]:
        u, v = self.design(u, v)
        return self.ox + u * self.s, self.oy + v * self.s

    def segs(self, segments: Iterable[tuple]) -> tuple[tuple, ...]:
        out = []
        for seg in segments:
            kind, coords = seg[0], seg[1:]
            mapped: list[float] = []
            for i in range(0, len(coords), 2):
                mapped.extend(self.pt(coords[i], coords[i + 1]))
            out.append((kind, *mapped))
        return tuple(out)

    def len(self, d: float) -> float:
        return d * self.s


def _shape(ops, f: _Frame, segments, fill=None, stroke=DARK, width=OUTLINE) -> None:
    ops.append(op.Path(f.segs(segments), fill, stroke, f.len(width)))


def _oval_segs(cx, cy, rx, ry) -> list[tuple]:
    kx, ky = rx * KAPPA, ry * KAPPA
    return [("M", cx + rx, cy),
            ("C", cx + rx, cy + ky, cx + kx, cy + ry, cx, cy + ry),
            ("C", cx - kx, cy + ry, cx - rx, cy + ky, cx - rx, cy),
            ("C", cx - rx, cy - ky, cx - kx, cy - ry, cx, cy - ry),
            ("C", cx + kx, cy - ry, cx + rx, cy - ky, cx + rx, cy), ("Z",)]


def _oval(ops, f: _Frame, cx, cy, rx, ry, fill=None, stroke=DARK, width=OUTLINE) -> None:
    if f.angle:
        _shape(ops, f, _oval_segs(cx, cy, rx, ry), fill, stroke, width)
        return
    x, y = f.pt(cx - rx, cy - ry)
    ops.append(op.Ellipse(x, y, f.len(2 * rx), f.len(2 * ry), fill, stroke, f.len(width)))


def _line(ops, f: _Frame, u1, v1, u2, v2, color=DARK, width=OUTLINE) -> None:
    x1, y1 = f.pt(u1, v1)
    x2, y2 = f.pt(u2, v2)
    ops.append(op.Line(x1, y1, x2, y2, color, f.len(width)))


def _polyline(points, closed=True) -> list[tuple]:
    segs = [("M", *points[0])] + [("L", *p) for p in points[1:]]
    return segs + [("Z",)] if closed else segs


def _round_rect(x0, y0, x1, y1, r) -> list[tuple]:
    k = r * (1 - KAPPA)
    return [("M", x0 + r, y0), ("L", x1 - r, y0), ("C", x1 - k, y0, x1, y0 + k, x1, y0 + r),
            ("L", x1, y1 - r), ("C", x1, y1 - k, x1 - k, y1, x1 - r, y1),
            ("L", x0 + r, y1), ("C", x0 + k, y1, x0, y1 - k, x0, y1 - r),
            ("L", x0, y0 + r), ("C", x0, y0 + k, x0 + k, y0, x0 + r, y0), ("Z",)]


def _star(cx, cy, r, points=4, inner=0.38, turn=-90.0) -> list[tuple]:
    pts = []
    for i in range(points * 2):
        rad = r if i % 2 == 0 else r * inner
        a = math.radians(turn + i * 180.0 / points)
        pts.append((cx + rad * math.cos(a), cy + rad * math.sin(a)))
    return _polyline(pts)


def _sparkle(ops, f: _Frame, cx, cy, r, fill=SPARK) -> None:
    _shape(ops, f, _star(cx, cy, r, 4, 0.34), fill, DARK, OUTLINE * 0.7)


# -- bodies ---------------------------------------------------------------------------------
# Each returns spots: "face" -> (frame, (cx, cy, face width)) and "extra" -> (u, v) free
# space (design units) where sparkles / z's / anger marks go, "sparkles" -> more spots.

def _rocket(ops, f: _Frame, ink: str) -> dict:
    dark_ink = shade(ink, 0.25)
    # stick
    _shape(ops, f, _round_rect(47.6, 86, 52.4, 119, 1.2), WOOD, DARK, OUTLINE * 0.8)
    # fins (behind the body)
    for m in (1, -1):
        u = lambda a: 50 + m * (a - 50)  # noqa: E731 - mirror about the centre line
        _shape(ops, f, [("M", u(29), 58), ("C", u(20), 64, u(13), 78, u(12), 97),
                        ("C", u(18), 93, u(24), 91, u(30), 91), ("Z",)], dark_ink)
    # nozzle
    _shape(ops, f, _polyline([(39, 86), (61, 86), (57, 96), (43, 96)]), "#6E6A80")
    # body
    _shape(ops, f, [("M", 27, 32), ("L", 27, 84), ("C", 27, 88, 29, 91, 33, 91), ("L", 67, 91),
                    ("C", 71, 91, 73, 88, 73, 84), ("L", 73, 32), ("Z",)], ink)
    _shape(ops, f, _round_rect(30, 42, 34, 84, 2), tint(ink, 0.55), None)
    # nose cone with a cream band
    _shape(ops, f, [("M", 24, 36), ("C", 25, 22, 37, 9, 50, 1.5), ("C", 63, 9, 75, 22, 76, 36),
                    ("Z",)], dark_ink)
    _shape(ops, f, [("M", 37, 16), ("C", 40, 12, 44, 8, 47.5, 5.5)], None, tint(ink, 0.6), 2.4)
    _shape(ops, f, _round_rect(25, 33, 75, 39, 2.5), CREAM)
    return {"face": (f, (50, 63, 42)), "extra": (84, 22), "sparkles": [(84, 22), (15, 46), (85, 58)]}


def _missile(ops, f: _Frame, ink: str) -> dict:
    g = f.rotated(-14, (52, 62))
    dark_ink = shade(ink, 0.25)
    # smoke puffs and exhaust
    for cu, cv, r in ((7, 104, 6), (15, 97, 7.5)):
        _oval(ops, f, cu, cv, r, r * 0.85, SMOKE, DARK, OUTLINE * 0.7)
    _shape(ops, g, [("M", 18, 54), ("C", 10, 54, 4, 58, 1, 62), ("C", 4, 66, 10, 70, 18, 70), ("Z",)],
           SPARK, DARK, OUTLINE * 0.8)
    _shape(ops, g, [("M", 18, 58), ("C", 13, 59, 10, 61, 8, 62), ("C", 10, 63, 13, 65, 18, 66), ("Z",)],
           "#FF8A3D", None)
    # tail fins
    _shape(ops, g, [("M", 20, 46), ("L", 9, 26), ("C", 17, 25, 28, 32, 37, 46), ("Z",)], dark_ink)
    _shape(ops, g, [("M", 20, 78), ("L", 9, 98), ("C", 17, 99, 28, 92, 37, 78), ("Z",)], dark_ink)
    # body
    _shape(ops, g, _round_rect(16, 43, 76, 81, 5), ink)
    _shape(ops, g, _round_rect(22, 47.5, 70, 52, 2.2), tint(ink, 0.55), None)
    # warhead
    _shape(ops, g, [("M", 72, 44), ("C", 84, 44, 95, 53, 99, 62), ("C", 95, 71, 84, 80, 72, 80), ("Z",)],
           dark_ink)
    _shape(ops, g, _round_rect(67, 43, 73, 81, 2), CREAM)
    # middle fin, edge-on
    _shape(ops, g, [("M", 18, 60), ("L", 4, 62), ("L", 18, 64), ("Z",)], dark_ink, DARK, OUTLINE * 0.8)
    cu, cv = g.design(42, 62.5)
    return {"face": (f, (cu, cv, 36)), "extra": (66, 20),
            "sparkles": [(62, 14), (90, 86), (30, 108)]}


def _spinny(ops, f: _Frame, ink: str) -> dict:
    cx, cy, hub, tip = 49.0, 64.0, 21.0, 44.0
    light = tint(ink, 0.5)
    for k in range(6):
        base = -80 + k * 60
        _shape(ops, f, _blade(cx, cy, base, 14, tip, 58, 13.5), ink if k % 2 == 0 else light)
    # motion swooshes between the blade tips
    for k in (1, 2, 3, 4):  # not upper left (the symbol) nor upper right (the extras)
        a = math.radians(-80 + k * 60 + 14)
        pts = []
        for i in range(7):
            b = a + math.radians(i * 5)
            pts.append((cx + (tip + 3) * math.cos(b), cy + (tip + 3) * math.sin(b)))
        _shape(ops, f, _polyline(pts, closed=False), None, DARK, OUTLINE * 0.6)
    _oval(ops, f, cx, cy, hub, hub, ink)
    _shape(ops, f, [("M", cx - hub * 0.72, cy - hub * 0.45),
                    ("C", cx - hub * 0.55, cy - hub * 0.8, cx - hub * 0.2, cy - hub * 0.93,
                     cx + hub * 0.05, cy - hub * 0.9)], None, tint(ink, 0.6), 2.2)
    return {"face": (f, (cx, cy + 1.5, 37)), "extra": (84, 20), "sparkles": [(86, 18), (12, 112), (92, 108)]}


def _blade(cx, cy, base, r0, r1, sweep, half_width) -> list[tuple]:
    """A curved comet-shaped blade from radius r0 (under the hub) out to r1, bending by sweep."""
    n = 14
    centre, normals = [], []
    for i in range(n + 1):
        t = i / n
        a = math.radians(base + sweep * t ** 1.6)
        r = r0 + (r1 - r0) * t
        centre.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    for i in range(n + 1):
        (u0, v0), (u1, v1) = centre[max(0, i - 1)], centre[min(n, i + 1)]
        d = math.hypot(u1 - u0, v1 - v0) or 1
        normals.append((-(v1 - v0) / d, (u1 - u0) / d))
    widths = [half_width * (0.55 + 0.45 * math.sin(math.pi * 0.55 * i / n)) for i in range(n + 1)]
    left = [(c[0] + nn[0] * w, c[1] + nn[1] * w) for c, nn, w in zip(centre, normals, widths)]
    right = [(c[0] - nn[0] * w * 0.35, c[1] - nn[1] * w * 0.35) for c, nn, w in zip(centre, normals, widths)]
    # round the tip with a curve from the wide edge to the narrow one
    nu, nv = normals[-1]
    du, dv = nv, -nu  # forward direction at the tip
    if (du * (centre[-1][0] - centre[-2][0]) + dv * (centre[-1][1] - centre[-2][1])) < 0:
        du, dv = -du, -dv
    reach = widths[-1] * 0.9
    segs = [("M", *right[0])] + [("L", *p) for p in right[1:]]
    segs.append(("C", right[-1][0] + du * reach * 0.5, right[-1][1] + dv * reach * 0.5,
                 left[-1][0] + du * reach, left[-1][1] + dv * reach, *left[-1]))
    segs += [("L", *p) for p in reversed(left[:-1])]
    return segs + [("Z",)]


def _candle(ops, f: _Frame, ink: str) -> dict:
    light = tint(ink, 0.55)
    dark_ink = shade(ink, 0.25)
    # fire balls popping out, with trails
    _line(ops, f, 50, 40, 50, 31, DARK, 1.2)
    _line(ops, f, 55, 20, 60, 14, DARK, 1.2)
    _line(ops, f, 45, 18, 40, 12, DARK, 1.2)
    for cu, cv, r in ((50, 25, 7.5), (64.5, 9.5, 5.8), (36.5, 7.5, 5)):
        _shape(ops, f, _star(cu, cv, r * 1.45, 8, 0.62, -90 + 22.5), SPARK, DARK, OUTLINE * 0.6)
        _oval(ops, f, cu, cv, r, r, tint(ink, 0.25))
        _oval(ops, f, cu - r * 0.3, cv - r * 0.3, r * 0.3, r * 0.3, "#FFFFFF", None)
    # tube
    body = [("M", 32, 42), ("L", 32, 114), ("C", 32, 117, 34, 119, 37, 119), ("L", 63, 119),
            ("C", 66, 119, 68, 117, 68, 114), ("L", 68, 42), ("Z",)]
    _shape(ops, f, body, ink)
    # spiral stripes on the lower tube
    for v0 in (92, 103):
        _shape(ops, f, [("M", 32, v0), ("L", 68, v0 - 9), ("L", 68, v0 - 5), ("L", 32, v0 + 4), ("Z",)],
               light, DARK, OUTLINE * 0.6)
    _shape(ops, f, [("M", 32, 114), ("L", 68, 105), ("L", 68, 109), ("L", 41, 116.2), ("L", 37, 119),
                    ("C", 34, 119, 32, 117, 32, 114.5), ("Z",)], light, DARK, OUTLINE * 0.6)
    _shape(ops, f, _round_rect(35, 49, 39, 84, 2), tint(ink, 0.55), None)
    # the open mouth of the tube
    _oval(ops, f, 50, 42, 18, 4.5, dark_ink)
    _oval(ops, f, 50, 42, 12, 2.6, DARK, None)
    return {"face": (f, (50, 66, 33)), "extra": (82, 46), "sparkles": [(82, 46), (18, 56), (82, 96)]}


def _booster(ops, f: _Frame, ink: str) -> dict:
    dark_ink = shade(ink, 0.25)
    # fuse with its spark
    _shape(ops, f, [("M", 58, 53), ("C", 60, 44, 70, 44, 69, 36), ("C", 68, 29, 60, 31, 62, 24)],
           None, FUSE, 2.6)
    _shape(ops, f, _star(63, 20, 10, 8, 0.45, -90), SPARK, DARK, OUTLINE * 0.7)
    _oval(ops, f, 63, 20, 2.8, 2.8, "#FFFFFF", None)
    # barrel
    _shape(ops, f, [("M", 10, 55), ("L", 10, 107), ("C", 10, 113, 28, 118, 50, 118),
                    ("C", 72, 118, 90, 113, 90, 107), ("L", 90, 55), ("Z",)], ink)
    _shape(ops, f, _round_rect(15, 66, 20.5, 106, 2.5), tint(ink, 0.55), None)
    # hoops
    for v0 in (67, 103):
        _shape(ops, f, [("M", 10, v0), ("C", 10, v0 + 6, 28, v0 + 10, 50, v0 + 10),
                        ("C", 72, v0 + 10, 90, v0 + 6, 90, v0)], None, dark_ink, 3.2)
    # top with the mouths of the tubes
    _oval(ops, f, 50, 55, 40, 10, shade(ink, 0.15))
    for cu, cv in ((30, 53), (43, 51), (57, 51), (70, 53), (36, 59), (50, 60), (64, 59)):
        _oval(ops, f, cu, cv, 4.2, 2.2, DARK, None)
    return {"face": (f, (50, 87, 44)), "extra": (86, 30), "sparkles": [(86, 32), (14, 36), (36, 28)]}


_BODIES = {"rocket": _rocket, "missile": _missile, "spinny": _spinny, "candle": _candle,
           "booster": _booster}


# -- faces ----------------------------------------------------------------------------------

def _face(ops, f: _Frame, cx: float, cy: float, fw: float, emotion: str, ink: str) -> None:
    """A face fw design units wide centred on (cx, cy), on a light patch of the ink."""
    _oval(ops, f, cx, cy, fw / 2, fw * 0.4, tint(ink, 0.62), None)
    ex, ey = fw * 0.22, cy - fw * 0.07      # eye offset from centre, eye line
    lw = max(1.8, fw * 0.07)                 # feature line width
    if emotion == "happy":
        for m in (-1, 1):
            _oval(ops, f, cx + m * ex, ey, fw * 0.08, fw * 0.12, DARK, None)
            _oval(ops, f, cx + m * ex - fw * 0.025, ey - fw * 0.045, fw * 0.03, fw * 0.03, "#FFFFFF", None)
            _oval(ops, f, cx + m * fw * 0.37, cy + fw * 0.09, fw * 0.07, fw * 0.045, BLUSH, None)
        mw, mt = fw * 0.2, cy + fw * 0.07
        _shape(ops, f, [("M", cx - mw, mt), ("C", cx - mw * 0.9, mt + fw * 0.26, cx + mw * 0.9, mt + fw * 0.26,
                         cx + mw, mt), ("C", cx + mw * 0.4, mt + fw * 0.03, cx - mw * 0.4, mt + fw * 0.03,
                         cx - mw, mt), ("Z",)], DARK, DARK, lw * 0.5)
        _shape(ops, f, [("M", cx - mw * 0.5, mt + fw * 0.155), ("C", cx - mw * 0.3, mt + fw * 0.1,
                        cx + mw * 0.3, mt + fw * 0.1, cx + mw * 0.5, mt + fw * 0.155),
                        ("C", cx + mw * 0.3, mt + fw * 0.2, cx - mw * 0.3, mt + fw * 0.2,
                         cx - mw * 0.5, mt + fw * 0.155), ("Z",)], TONGUE, None)
    elif emotion == "sad":
        for m in (-1, 1):
            _oval(ops, f, cx + m * ex, ey + fw * 0.03, fw * 0.075, fw * 0.1, DARK, None)
            _oval(ops, f, cx + m * ex - fw * 0.02, ey - fw * 0.005, fw * 0.028, fw * 0.028, "#FFFFFF", None)
            _line(ops, f, cx + m * fw * 0.35, ey - fw * 0.1, cx + m * fw * 0.1, ey - fw * 0.22, DARK, lw)
        mw, mv = fw * 0.17, cy + fw * 0.27
        _shape(ops, f, [("M", cx - mw, mv), ("C", cx - mw * 0.6, mv - fw * 0.15, cx + mw * 0.6, mv - fw * 0.15,
                         cx + mw, mv)], None, DARK, lw)
        tx, ty, r = cx + ex + fw * 0.05, ey + fw * 0.19, fw * 0.065
        _shape(ops, f, [("M", tx, ty - r * 2.1), ("C", tx + r * 0.4, ty - r * 1.2, tx + r, ty - r * 0.6, tx + r, ty),
                        ("C", tx + r, ty + r * 1.3, tx - r, ty + r * 1.3, tx - r, ty),
                        ("C", tx - r, ty - r * 0.6, tx - r * 0.4, ty - r * 1.2, tx, ty - r * 2.1), ("Z",)],
               TEAR, DARK, lw * 0.45)
    elif emotion == "angry":
        for m in (-1, 1):
            ux = cx + m * ex
            # eye: an oval cut flat along the slant of the brow
            _shape(ops, f, [("M", ux - m * fw * 0.1, ey - fw * 0.06), ("L", ux + m * fw * 0.1, ey + fw * 0.0),
                            ("C", ux + m * fw * 0.1, ey + fw * 0.12, ux - m * fw * 0.1, ey + fw * 0.12,
                             ux - m * fw * 0.1, ey - fw * 0.06), ("Z",)], DARK, None)
            _line(ops, f, cx + m * fw * 0.38, ey - fw * 0.2, cx + m * fw * 0.07, ey - fw * 0.06, DARK, lw * 1.35)
        tw, tt, th = fw * 0.21, cy + fw * 0.14, fw * 0.15
        _shape(ops, f, [("M", cx - tw, tt + th * 0.25), ("C", cx - tw * 0.5, tt - th * 0.1, cx + tw * 0.5,
                        tt - th * 0.1, cx + tw, tt + th * 0.25), ("L", cx + tw, tt + th),
                        ("C", cx + tw * 0.5, tt + th * 0.75, cx - tw * 0.5, tt + th * 0.75, cx - tw, tt + th),
                        ("Z",)], TEETH, DARK, lw * 0.6)
        _line(ops, f, cx - tw, tt + th * 0.58, cx + tw, tt + th * 0.58, DARK, lw * 0.4)
        for k in (-1, 0, 1):
            _line(ops, f, cx + k * tw * 0.45, tt + th * 0.1, cx + k * tw * 0.45, tt + th * 0.88, DARK, lw * 0.4)
    elif emotion == "excited":
        for m in (-1, 1):
            ux = cx + m * ex
            _oval(ops, f, ux, ey - fw * 0.02, fw * 0.125, fw * 0.145, CREAM, DARK, lw * 0.5)
            _shape(ops, f, _star(ux, ey - fw * 0.005, fw * 0.105, 5, 0.45), DARK, None)
        mw, mt = fw * 0.18, cy + fw * 0.08
        _shape(ops, f, [("M", cx - mw, mt), ("L", cx + mw, mt),
                        ("C", cx + mw * 1.05, mt + fw * 0.31, cx - mw * 1.05, mt + fw * 0.31, cx - mw, mt), ("Z",)],
               DARK, DARK, lw * 0.5)
        _shape(ops, f, [("M", cx - mw * 0.6, mt + fw * 0.19), ("C", cx - mw * 0.3, mt + fw * 0.13,
                        cx + mw * 0.3, mt + fw * 0.13, cx + mw * 0.6, mt + fw * 0.19),
                        ("C", cx + mw * 0.35, mt + fw * 0.24, cx - mw * 0.35, mt + fw * 0.24,
                         cx - mw * 0.6, mt + fw * 0.19), ("Z",)], TONGUE, None)
    else:  # sleepy
        for m in (-1, 1):
            ux = cx + m * ex
            _shape(ops, f, [("M", ux - fw * 0.11, ey), ("C", ux - fw * 0.06, ey + fw * 0.08,
                            ux + fw * 0.06, ey + fw * 0.08, ux + fw * 0.11, ey)], None, DARK, lw)
        _oval(ops, f, cx + fw * 0.02, cy + fw * 0.21, fw * 0.055, fw * 0.065, DARK, None)


def _extras(ops, f: _Frame, emotion: str, spots: dict) -> None:
    """What backs up the face beside the body: sparkles, z's, an anger mark, a rain cloud."""
    eu, ev = spots["extra"]
    if emotion == "excited":
        for (u, v), r in zip(spots["sparkles"], (8, 6, 5.5)):
            _sparkle(ops, f, u, v, r)
    elif emotion == "sleepy":
        for du, dv, size in ((-6, 6, 6), (0, -2, 8), (7.5, -11.5, 10)):
            _zee(ops, f, eu + du, ev + dv, size)
    elif emotion == "angry":
        _anger_mark(ops, f, eu, ev, 8)
    elif emotion == "sad":
        _cloud(ops, f, eu, ev)


def _zee(ops, f: _Frame, cu: float, cv: float, size: float) -> None:
    h = size / 2
    pts = [(cu - h, cv - h), (cu + h, cv - h), (cu - h, cv + h), (cu + h, cv + h)]
    _shape(ops, f, _polyline(pts, closed=False), None, CREAM, size * 0.34)
    _shape(ops, f, _polyline(pts, closed=False), None, DARK, size * 0.17)


def _anger_mark(ops, f: _Frame, cu: float, cv: float, r: float) -> None:
    """The cartoon 'popping vein': four strokes bowed towards the centre, one per quadrant."""
    for su, sv in ((1, 1), (1, -1), (-1, 1), (-1, -1)):
        _shape(ops, f, [("M", cu + su * r * 0.22, cv + sv * r), ("C", cu + su * r * 0.25, cv + sv * r * 0.25,
                        cu + su * r * 0.25, cv + sv * r * 0.25, cu + su * r, cv + sv * r * 0.22)],
               None, ANGER, r * 0.3)


def _cloud(ops, f: _Frame, cu: float, cv: float) -> None:
    """A small grey rain cloud."""
    for du in (-3, 2.5):
        _line(ops, f, cu + du, cv + 6, cu + du - 1.5, cv + 10, "#5B8FD6", 1.6)
    _shape(ops, f, [("M", cu - 8, cv + 3.5), ("C", cu - 11, cv + 3.5, cu - 11, cv - 2.5, cu - 7, cv - 2),
                    ("C", cu - 6.5, cv - 7, cu + 0.5, cv - 8, cu + 2, cv - 4),
                    ("C", cu + 4, cv - 7, cu + 10, cv - 5.5, cu + 9, cv - 0.5),
                    ("C", cu + 12, cv + 0, cu + 11, cv + 3.5, cu + 8, cv + 3.5), ("Z",)],
           "#B9BCCB", DARK, OUTLINE * 0.6)


# -- colour symbol --------------------------------------------------------------------------

def symbol(ops, cx: float, cy: float, d: float, name: str, ink: str) -> None:
    """The colour symbol `name` (leaf, sun, ...) in a cream disc of diameter d centred on
    (cx, cy), in points. Also used by the rules' colour wheel."""
    line = max(1.0, d * 0.06)
    half = (d - line) / 2
    ops.append(op.Ellipse(cx - half, cy - half, 2 * half, 2 * half, CREAM, DARK, line))
    f = _Frame(cx - d / 2, cy - d / 2, d / 100.0)  # 0..100 across the disc
    w = 6.5
    if name == "leaf":
        _shape(ops, f, [("M", 24, 76), ("C", 20, 46, 42, 24, 78, 22), ("C", 80, 58, 58, 80, 24, 76), ("Z",)],
               ink, DARK, w)
        _shape(ops, f, [("M", 20, 82), ("L", 30, 70), ("C", 44, 56, 56, 44, 66, 34)], None, DARK, w * 0.8)
    elif name == "sun":
        for k in range(8):
            a = math.radians(k * 45)
            _line(ops, f, 50 + 24 * math.cos(a), 50 + 24 * math.sin(a), 50 + 36 * math.cos(a),
                  50 + 36 * math.sin(a), DARK, w * 1.2)
        _oval(ops, f, 50, 50, 18, 18, ink, DARK, w)
    elif name == "heart":
        _shape(ops, f, [("M", 50, 80), ("C", 40, 70, 20, 58, 20, 42), ("C", 20, 30, 28, 23, 37, 23),
                        ("C", 44, 23, 48, 28, 50, 33), ("C", 52, 28, 56, 23, 63, 23),
                        ("C", 72, 23, 80, 30, 80, 42), ("C", 80, 58, 60, 70, 50, 80), ("Z",)], ink, DARK, w)
    elif name == "flame":
        _shape(ops, f, [("M", 50, 82), ("C", 34, 82, 25, 70, 26, 57), ("C", 27, 46, 34, 40, 36, 30),
                        ("C", 41, 36, 42, 42, 42, 46), ("C", 44, 36, 50, 26, 52, 16),
                        ("C", 60, 26, 66, 34, 64, 46), ("C", 67, 42, 69, 38, 68, 33),
                        ("C", 74, 42, 76, 52, 75, 60), ("C", 74, 72, 64, 82, 50, 82), ("Z",)], ink, DARK, w)
        _shape(ops, f, [("M", 50, 78), ("C", 42, 78, 38, 72, 39, 65), ("C", 40, 60, 44, 56, 46, 50),
                        ("C", 50, 56, 54, 58, 56, 54), ("C", 60, 60, 62, 66, 61, 70),
                        ("C", 60, 75, 56, 78, 50, 78), ("Z",)], SPARK, None)
    elif name == "drop":
        _shape(ops, f, [("M", 50, 16), ("C", 58, 32, 72, 44, 72, 60), ("C", 72, 74, 62, 82, 50, 82),
                        ("C", 38, 82, 28, 74, 28, 60), ("C", 28, 44, 42, 32, 50, 16), ("Z",)], ink, DARK, w)
        _shape(ops, f, [("M", 38, 58), ("C", 38, 66, 42, 71, 47, 73)], None, "#FFFFFF", w)


# -- label ----------------------------------------------------------------------------------

def _label(ops, x: float, y: float, w: float, h: float, emotion: str, kind: str, color: str) -> None:
    from .compose import text_ops
    first = LABEL_SIZE * 1.15
    ops.extend(text_ops(f"{emotion} {kind}", x + PAD, y, w - 2 * PAD, first, "body-bold",
                        LABEL_SIZE, LABEL_MIN, DARK, "center", "middle"))
    ops.extend(text_ops(color, x + PAD, y + first, w - 2 * PAD, h - first, "body",
                        COLOUR_SIZE, LABEL_MIN, DARK, "center", "middle"))
