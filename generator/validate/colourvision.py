"""Colours as a colour-blind player sees them, and how far apart two colours look.

Simulation: Machado, Oliveira and Fernandes, "A physiologically-based model for simulation
of color vision deficiency" (IEEE TVCG 2009), severity 1.0, applied to linear sRGB.
Difference: CIEDE2000 (Sharma, Wu and Dalal 2005) in CIELAB under D65."""

from __future__ import annotations

import math

Matrix3 = tuple[tuple[float, float, float], ...]

MACHADO: dict[str, Matrix3] = {
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602),
                   (0.004733, 0.691367, 0.303900)),
}
VISIONS = ("normal",) + tuple(MACHADO)
SRGB_TO_XYZ: Matrix3 = ((0.4124564, 0.3575761, 0.1804375), (0.2126729, 0.7151522, 0.0721750),
                        (0.0193339, 0.1191920, 0.9503041))
WHITE = (0.95047, 1.0, 1.08883)  # D65


def _linear(channel: float) -> float:
    return channel / 12.92 if channel <= 0.04045 else ((channel + 0.055) / 1.055) ** 2.4


def _times(m: Matrix3, v) -> tuple[float, float, float]:
    return tuple(sum(m[r][c] * v[c] for c in range(3)) for r in range(3))


def lab(color: str, vision: str = "normal") -> tuple[float, float, float]:
    """CIELAB of a '#RRGGBB' colour as seen with `vision` (one of VISIONS)."""
    rgb = [_linear(int(color[i:i + 2], 16) / 255) for i in (1, 3, 5)]
    if vision != "normal":
        rgb = [min(1.0, max(0.0, v)) for v in _times(MACHADO[vision], rgb)]
    xyz = _times(SRGB_TO_XYZ, rgb)

    def f(t: float) -> float:
        return t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29

    fx, fy, fz = (f(v / w) for v, w in zip(xyz, WHITE))
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def seen_apart(first: str, second: str, vision: str = "normal") -> float:
    """CIEDE2000 between two colours as `vision` sees them."""
    return delta_e00(lab(first, vision), lab(second, vision))


def delta_e00(lab1, lab2) -> float:
    """CIEDE2000 colour difference (kL = kC = kH = 1)."""
    l1, a1, b1 = lab1
    l2, a2, b2 = lab2
    c_mean = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(c_mean ** 7 / (c_mean ** 7 + 25 ** 7)))
    a1p, a2p = a1 * (1 + g), a2 * (1 + g)
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p = math.degrees(math.atan2(b1, a1p)) % 360 if c1p else 0.0
    h2p = math.degrees(math.atan2(b2, a2p)) % 360 if c2p else 0.0
    dlp, dcp = l2 - l1, c2p - c1p
    dh = h2p - h1p
    if c1p * c2p == 0:
        dh = 0.0
    elif dh > 180:
        dh -= 360
    elif dh < -180:
        dh += 360
    dhp = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dh / 2))
    lp, cp = (l1 + l2) / 2, (c1p + c2p) / 2
    hp = h1p + h2p
    if c1p * c2p != 0:
        hp = (h1p + h2p) / 2 if abs(h1p - h2p) <= 180 else (h1p + h2p + (360 if h1p + h2p < 360 else -360)) / 2
    t = (1 - 0.17 * math.cos(math.radians(hp - 30)) + 0.24 * math.cos(math.radians(2 * hp))
         + 0.32 * math.cos(math.radians(3 * hp + 6)) - 0.20 * math.cos(math.radians(4 * hp - 63)))
    sl = 1 + 0.015 * (lp - 50) ** 2 / math.sqrt(20 + (lp - 50) ** 2)
    sc, sh = 1 + 0.045 * cp, 1 + 0.015 * cp * t
    rt = (-2 * math.sqrt(cp ** 7 / (cp ** 7 + 25 ** 7))
          * math.sin(math.radians(60 * math.exp(-(((hp - 275) / 25) ** 2)))))
    return math.sqrt((dlp / sl) ** 2 + (dcp / sc) ** 2 + (dhp / sh) ** 2 + rt * (dcp / sc) * (dhp / sh))
