"""The squib's body by kind (rocket, missile, spinny, candle, booster), its face by emotion
(happy, sad, angry, excited, sleepy) and what backs the emotion up beside the body.

Drawn with pen.py on the 100 x 120 design canvas; each kind keeps its top-left corner clear
for the colour symbol.
"""

from __future__ import annotations

import math

from .pen import ANGER, BLUSH, CREAM, DARK, FUSE, OUTLINE, SMOKE, SPARK, TEAR, TEETH, TONGUE, WOOD, Frame, line, oval, polyline, round_rect, shade, shape, sparkle, star, tint

# -- bodies ---------------------------------------------------------------------------------
# Each returns spots: "face" -> (frame, (cx, cy, face width)) and "extra" -> (u, v) free
# space (design units) where sparkles / z's / anger marks go, "sparkles" -> more spots.

def _rocket(ops, f: Frame, ink: str) -> dict:
    dark_ink = shade(ink, 0.25)
    # stick
    shape(ops, f, round_rect(47.6, 86, 52.4, 119, 1.2), WOOD, DARK, OUTLINE * 0.8)
    # fins (behind the body)
    for m in (1, -1):
        u = lambda a: 50 + m * (a - 50)  # noqa: E731 - mirror about the centre line
        shape(ops, f, [("M", u(29), 58), ("C", u(20), 64, u(13), 78, u(12), 97),
                        ("C", u(18), 93, u(24), 91, u(30), 91), ("Z",)], dark_ink)
    # nozzle
    shape(ops, f, polyline([(39, 86), (61, 86), (57, 96), (43, 96)]), "#6E6A80")
    # body
    shape(ops, f, [("M", 27, 32), ("L", 27, 84), ("C", 27, 88, 29, 91, 33, 91), ("L", 67, 91),
                    ("C", 71, 91, 73, 88, 73, 84), ("L", 73, 32), ("Z",)], ink)
    shape(ops, f, round_rect(30, 42, 34, 84, 2), tint(ink, 0.55), None)
    # nose cone with a cream band
    shape(ops, f, [("M", 24, 36), ("C", 25, 22, 37, 9, 50, 1.5), ("C", 63, 9, 75, 22, 76, 36),
                    ("Z",)], dark_ink)
    shape(ops, f, [("M", 37, 16), ("C", 40, 12, 44, 8, 47.5, 5.5)], None, tint(ink, 0.6), 2.4)
    shape(ops, f, round_rect(25, 33, 75, 39, 2.5), CREAM)
    return {"face": (f, (50, 63, 42)), "extra": (84, 22), "sparkles": [(84, 22), (15, 46), (85, 58)]}


def _missile(ops, f: Frame, ink: str) -> dict:
    g = f.rotated(-14, (52, 62))
    dark_ink = shade(ink, 0.25)
    # smoke puffs and exhaust
    for cu, cv, r in ((7, 104, 6), (15, 97, 7.5)):
        oval(ops, f, cu, cv, r, r * 0.85, SMOKE, DARK, OUTLINE * 0.7)
    shape(ops, g, [("M", 18, 54), ("C", 10, 54, 4, 58, 1, 62), ("C", 4, 66, 10, 70, 18, 70), ("Z",)],
           SPARK, DARK, OUTLINE * 0.8)
    shape(ops, g, [("M", 18, 58), ("C", 13, 59, 10, 61, 8, 62), ("C", 10, 63, 13, 65, 18, 66), ("Z",)],
           "#FF8A3D", None)
    # tail fins
    shape(ops, g, [("M", 20, 46), ("L", 9, 26), ("C", 17, 25, 28, 32, 37, 46), ("Z",)], dark_ink)
    shape(ops, g, [("M", 20, 78), ("L", 9, 98), ("C", 17, 99, 28, 92, 37, 78), ("Z",)], dark_ink)
    # body
    shape(ops, g, round_rect(16, 43, 76, 81, 5), ink)
    shape(ops, g, round_rect(22, 47.5, 70, 52, 2.2), tint(ink, 0.55), None)
    # warhead
    shape(ops, g, [("M", 72, 44), ("C", 84, 44, 95, 53, 99, 62), ("C", 95, 71, 84, 80, 72, 80), ("Z",)],
           dark_ink)
    shape(ops, g, round_rect(67, 43, 73, 81, 2), CREAM)
    # middle fin, edge-on
    shape(ops, g, [("M", 18, 60), ("L", 4, 62), ("L", 18, 64), ("Z",)], dark_ink, DARK, OUTLINE * 0.8)
    cu, cv = g.design(42, 62.5)
    return {"face": (f, (cu, cv, 36)), "extra": (66, 20),
            "sparkles": [(62, 14), (90, 86), (30, 108)]}


def _spinny(ops, f: Frame, ink: str) -> dict:
    cx, cy, hub, tip = 49.0, 64.0, 21.0, 44.0
    light = tint(ink, 0.5)
    for k in range(6):
        base = -80 + k * 60
        shape(ops, f, _blade(cx, cy, base, 14, tip, 58, 13.5), ink if k % 2 == 0 else light)
    # motion swooshes between the blade tips
    for k in (1, 2, 3, 4):  # not upper left (the symbol) nor upper right (the extras)
        a = math.radians(-80 + k * 60 + 14)
        pts = []
        for i in range(7):
            b = a + math.radians(i * 5)
            pts.append((cx + (tip + 3) * math.cos(b), cy + (tip + 3) * math.sin(b)))
        shape(ops, f, polyline(pts, closed=False), None, DARK, OUTLINE * 0.6)
    oval(ops, f, cx, cy, hub, hub, ink)
    shape(ops, f, [("M", cx - hub * 0.72, cy - hub * 0.45),
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


def _candle(ops, f: Frame, ink: str) -> dict:
    light = tint(ink, 0.55)
    dark_ink = shade(ink, 0.25)
    # fire balls popping out, with trails
    line(ops, f, 50, 40, 50, 31, DARK, 1.2)
    line(ops, f, 55, 20, 60, 14, DARK, 1.2)
    line(ops, f, 45, 18, 40, 12, DARK, 1.2)
    for cu, cv, r in ((50, 25, 7.5), (64.5, 9.5, 5.8), (36.5, 7.5, 5)):
        shape(ops, f, star(cu, cv, r * 1.45, 8, 0.62, -90 + 22.5), SPARK, DARK, OUTLINE * 0.6)
        oval(ops, f, cu, cv, r, r, tint(ink, 0.25))
        oval(ops, f, cu - r * 0.3, cv - r * 0.3, r * 0.3, r * 0.3, "#FFFFFF", None)
    # tube
    body = [("M", 32, 42), ("L", 32, 114), ("C", 32, 117, 34, 119, 37, 119), ("L", 63, 119),
            ("C", 66, 119, 68, 117, 68, 114), ("L", 68, 42), ("Z",)]
    shape(ops, f, body, ink)
    # spiral stripes on the lower tube
    for v0 in (92, 103):
        shape(ops, f, [("M", 32, v0), ("L", 68, v0 - 9), ("L", 68, v0 - 5), ("L", 32, v0 + 4), ("Z",)],
               light, DARK, OUTLINE * 0.6)
    shape(ops, f, [("M", 32, 114), ("L", 68, 105), ("L", 68, 109), ("L", 41, 116.2), ("L", 37, 119),
                    ("C", 34, 119, 32, 117, 32, 114.5), ("Z",)], light, DARK, OUTLINE * 0.6)
    shape(ops, f, round_rect(35, 49, 39, 84, 2), tint(ink, 0.55), None)
    # the open mouth of the tube
    oval(ops, f, 50, 42, 18, 4.5, dark_ink)
    oval(ops, f, 50, 42, 12, 2.6, DARK, None)
    return {"face": (f, (50, 66, 33)), "extra": (82, 46), "sparkles": [(82, 46), (18, 56), (82, 96)]}


def _booster(ops, f: Frame, ink: str) -> dict:
    dark_ink = shade(ink, 0.25)
    # fuse with its spark
    shape(ops, f, [("M", 58, 53), ("C", 60, 44, 70, 44, 69, 36), ("C", 68, 29, 60, 31, 62, 24)],
           None, FUSE, 2.6)
    shape(ops, f, star(63, 20, 10, 8, 0.45, -90), SPARK, DARK, OUTLINE * 0.7)
    oval(ops, f, 63, 20, 2.8, 2.8, "#FFFFFF", None)
    # barrel
    shape(ops, f, [("M", 10, 55), ("L", 10, 107), ("C", 10, 113, 28, 118, 50, 118),
                    ("C", 72, 118, 90, 113, 90, 107), ("L", 90, 55), ("Z",)], ink)
    shape(ops, f, round_rect(15, 66, 20.5, 106, 2.5), tint(ink, 0.55), None)
    # hoops
    for v0 in (67, 103):
        shape(ops, f, [("M", 10, v0), ("C", 10, v0 + 6, 28, v0 + 10, 50, v0 + 10),
                        ("C", 72, v0 + 10, 90, v0 + 6, 90, v0)], None, dark_ink, 3.2)
    # top with the mouths of the tubes
    oval(ops, f, 50, 55, 40, 10, shade(ink, 0.15))
    for cu, cv in ((30, 53), (43, 51), (57, 51), (70, 53), (36, 59), (50, 60), (64, 59)):
        oval(ops, f, cu, cv, 4.2, 2.2, DARK, None)
    return {"face": (f, (50, 87, 44)), "extra": (86, 30), "sparkles": [(86, 32), (14, 36), (36, 28)]}


BODIES = {"rocket": _rocket, "missile": _missile, "spinny": _spinny, "candle": _candle,
           "booster": _booster}


# -- faces ----------------------------------------------------------------------------------

def _happy(ops, f: Frame, cx: float, cy: float, fw: float, ex: float, ey: float, lw: float) -> None:
    for m in (-1, 1):
        oval(ops, f, cx + m * ex, ey, fw * 0.08, fw * 0.12, DARK, None)
        oval(ops, f, cx + m * ex - fw * 0.025, ey - fw * 0.045, fw * 0.03, fw * 0.03, "#FFFFFF", None)
        oval(ops, f, cx + m * fw * 0.37, cy + fw * 0.09, fw * 0.07, fw * 0.045, BLUSH, None)
    mw, mt = fw * 0.2, cy + fw * 0.07
    shape(ops, f, [("M", cx - mw, mt), ("C", cx - mw * 0.9, mt + fw * 0.26, cx + mw * 0.9, mt + fw * 0.26,
                     cx + mw, mt), ("C", cx + mw * 0.4, mt + fw * 0.03, cx - mw * 0.4, mt + fw * 0.03,
                     cx - mw, mt), ("Z",)], DARK, DARK, lw * 0.5)
    shape(ops, f, [("M", cx - mw * 0.5, mt + fw * 0.155), ("C", cx - mw * 0.3, mt + fw * 0.1,
                    cx + mw * 0.3, mt + fw * 0.1, cx + mw * 0.5, mt + fw * 0.155),
                    ("C", cx + mw * 0.3, mt + fw * 0.2, cx - mw * 0.3, mt + fw * 0.2,
                     cx - mw * 0.5, mt + fw * 0.155), ("Z",)], TONGUE, None)


def _sad(ops, f: Frame, cx: float, cy: float, fw: float, ex: float, ey: float, lw: float) -> None:
    for m in (-1, 1):
        oval(ops, f, cx + m * ex, ey + fw * 0.03, fw * 0.075, fw * 0.1, DARK, None)
        oval(ops, f, cx + m * ex - fw * 0.02, ey - fw * 0.005, fw * 0.028, fw * 0.028, "#FFFFFF", None)
        line(ops, f, cx + m * fw * 0.35, ey - fw * 0.1, cx + m * fw * 0.1, ey - fw * 0.22, DARK, lw)
    mw, mv = fw * 0.17, cy + fw * 0.27
    shape(ops, f, [("M", cx - mw, mv), ("C", cx - mw * 0.6, mv - fw * 0.15, cx + mw * 0.6, mv - fw * 0.15,
                     cx + mw, mv)], None, DARK, lw)
    tx, ty, r = cx + ex + fw * 0.05, ey + fw * 0.19, fw * 0.065
    shape(ops, f, [("M", tx, ty - r * 2.1), ("C", tx + r * 0.4, ty - r * 1.2, tx + r, ty - r * 0.6, tx + r, ty),
                    ("C", tx + r, ty + r * 1.3, tx - r, ty + r * 1.3, tx - r, ty),
                    ("C", tx - r, ty - r * 0.6, tx - r * 0.4, ty - r * 1.2, tx, ty - r * 2.1), ("Z",)],
           TEAR, DARK, lw * 0.45)


def _angry(ops, f: Frame, cx: float, cy: float, fw: float, ex: float, ey: float, lw: float) -> None:
    for m in (-1, 1):
        ux = cx + m * ex
        # eye: an oval cut flat along the slant of the brow
        shape(ops, f, [("M", ux - m * fw * 0.1, ey - fw * 0.06), ("L", ux + m * fw * 0.1, ey + fw * 0.0),
                        ("C", ux + m * fw * 0.1, ey + fw * 0.12, ux - m * fw * 0.1, ey + fw * 0.12,
                         ux - m * fw * 0.1, ey - fw * 0.06), ("Z",)], DARK, None)
        line(ops, f, cx + m * fw * 0.38, ey - fw * 0.2, cx + m * fw * 0.07, ey - fw * 0.06, DARK, lw * 1.35)
    tw, tt, th = fw * 0.21, cy + fw * 0.14, fw * 0.15
    shape(ops, f, [("M", cx - tw, tt + th * 0.25), ("C", cx - tw * 0.5, tt - th * 0.1, cx + tw * 0.5,
                    tt - th * 0.1, cx + tw, tt + th * 0.25), ("L", cx + tw, tt + th),
                    ("C", cx + tw * 0.5, tt + th * 0.75, cx - tw * 0.5, tt + th * 0.75, cx - tw, tt + th),
                    ("Z",)], TEETH, DARK, lw * 0.6)
    line(ops, f, cx - tw, tt + th * 0.58, cx + tw, tt + th * 0.58, DARK, lw * 0.4)
    for k in (-1, 0, 1):
        line(ops, f, cx + k * tw * 0.45, tt + th * 0.1, cx + k * tw * 0.45, tt + th * 0.88, DARK, lw * 0.4)


def _excited(ops, f: Frame, cx: float, cy: float, fw: float, ex: float, ey: float, lw: float) -> None:
    for m in (-1, 1):
        ux = cx + m * ex
        oval(ops, f, ux, ey - fw * 0.02, fw * 0.125, fw * 0.145, CREAM, DARK, lw * 0.5)
        shape(ops, f, star(ux, ey - fw * 0.005, fw * 0.105, 5, 0.45), DARK, None)
    mw, mt = fw * 0.18, cy + fw * 0.08
    shape(ops, f, [("M", cx - mw, mt), ("L", cx + mw, mt),
                    ("C", cx + mw * 1.05, mt + fw * 0.31, cx - mw * 1.05, mt + fw * 0.31, cx - mw, mt), ("Z",)],
           DARK, DARK, lw * 0.5)
    shape(ops, f, [("M", cx - mw * 0.6, mt + fw * 0.19), ("C", cx - mw * 0.3, mt + fw * 0.13,
                    cx + mw * 0.3, mt + fw * 0.13, cx + mw * 0.6, mt + fw * 0.19),
                    ("C", cx + mw * 0.35, mt + fw * 0.24, cx - mw * 0.35, mt + fw * 0.24,
                     cx - mw * 0.6, mt + fw * 0.19), ("Z",)], TONGUE, None)


def _sleepy(ops, f: Frame, cx: float, cy: float, fw: float, ex: float, ey: float, lw: float) -> None:
    for m in (-1, 1):
        ux = cx + m * ex
        shape(ops, f, [("M", ux - fw * 0.11, ey), ("C", ux - fw * 0.06, ey + fw * 0.08,
                        ux + fw * 0.06, ey + fw * 0.08, ux + fw * 0.11, ey)], None, DARK, lw)
    oval(ops, f, cx + fw * 0.02, cy + fw * 0.21, fw * 0.055, fw * 0.065, DARK, None)

EXPRESSIONS = {"happy": _happy, "sad": _sad, "angry": _angry, "excited": _excited, "sleepy": _sleepy}


def face(ops, f: Frame, cx: float, cy: float, fw: float, emotion: str, ink: str) -> None:
    """A face fw design units wide centred on (cx, cy), on a light patch of the ink."""
    oval(ops, f, cx, cy, fw / 2, fw * 0.4, tint(ink, 0.62), None)
    ex, ey = fw * 0.22, cy - fw * 0.07      # eye offset from centre, eye line
    lw = max(1.8, fw * 0.07)                 # feature line width
    EXPRESSIONS.get(emotion, _sleepy)(ops, f, cx, cy, fw, ex, ey, lw)


def extras(ops, f: Frame, emotion: str, spots: dict) -> None:
    """What backs up the face beside the body: sparkles, z's, an anger mark, a rain cloud."""
    eu, ev = spots["extra"]
    if emotion == "excited":
        for (u, v), r in zip(spots["sparkles"], (8, 6, 5.5)):
            sparkle(ops, f, u, v, r)
    elif emotion == "sleepy":
        for du, dv, size in ((-6, 6, 6), (0, -2, 8), (7.5, -11.5, 10)):
            _zee(ops, f, eu + du, ev + dv, size)
    elif emotion == "angry":
        _anger_mark(ops, f, eu, ev, 8)
    elif emotion == "sad":
        _cloud(ops, f, eu, ev)


def _zee(ops, f: Frame, cu: float, cv: float, size: float) -> None:
    h = size / 2
    pts = [(cu - h, cv - h), (cu + h, cv - h), (cu - h, cv + h), (cu + h, cv + h)]
    shape(ops, f, polyline(pts, closed=False), None, CREAM, size * 0.34)
    shape(ops, f, polyline(pts, closed=False), None, DARK, size * 0.17)


def _anger_mark(ops, f: Frame, cu: float, cv: float, r: float) -> None:
    """The cartoon 'popping vein': four strokes bowed towards the centre, one per quadrant."""
    for su, sv in ((1, 1), (1, -1), (-1, 1), (-1, -1)):
        shape(ops, f, [("M", cu + su * r * 0.22, cv + sv * r), ("C", cu + su * r * 0.25, cv + sv * r * 0.25,
                        cu + su * r * 0.25, cv + sv * r * 0.25, cu + su * r, cv + sv * r * 0.22)],
               None, ANGER, r * 0.3)


def _cloud(ops, f: Frame, cu: float, cv: float) -> None:
    """A small grey rain cloud."""
    for du in (-3, 2.5):
        line(ops, f, cu + du, cv + 6, cu + du - 1.5, cv + 10, "#5B8FD6", 1.6)
    shape(ops, f, [("M", cu - 8, cv + 3.5), ("C", cu - 11, cv + 3.5, cu - 11, cv - 2.5, cu - 7, cv - 2),
                    ("C", cu - 6.5, cv - 7, cu + 0.5, cv - 8, cu + 2, cv - 4),
                    ("C", cu + 4, cv - 7, cu + 10, cv - 5.5, cu + 9, cv - 0.5),
                    ("C", cu + 12, cv + 0, cu + 11, cv + 3.5, cu + 8, cv + 3.5), ("Z",)],
           "#B9BCCB", DARK, OUTLINE * 0.6)

