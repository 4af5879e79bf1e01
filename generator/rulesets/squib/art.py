"""Squib Squares: one squib (a cartoon firework with a face) drawn as display-list ops.

paint(ops, box, params, game) draws, from the game's data.inks and data.symbols,, inside box (x, y, w, h):
  * the firework body by kind - rocket, missile, spinny, candle, booster - in the squib's
    ink with a dark outline and a few highlights;
  * a face on the body showing the emotion - happy, sad, angry, excited, sleepy;
  * the colour's symbol (leaf, sun, heart, flame, drop) in a cream disc, top-left, so that
    colour is never the only cue;
  * with label (the default), "emotion kind" and the colour name in small text at the bottom,
    in the edition's words (data.names).

Everything is built from the primitive ops of ops.py so the PDF and PNG backends agree.
The art is designed on a 100 x 120 unit canvas (y down) that is scaled into the part of the
box left free by the label; each kind keeps its top-left corner clear for the symbol disc.
"""

from __future__ import annotations

import math
from typing import Any, Mapping

from ...elements import Param, geometry, is_color
from ... import ops as op
from ...model import Game
from ...text.fit import text_ops
from ..base import Box, Painter
from .bodies import BODIES, extras, face
from .engine import printed
from .pen import CREAM, DARK, SPARK, Frame, line, oval, shape

KINDS = ("rocket", "missile", "spinny", "candle", "booster")
EMOTIONS = ("happy", "sad", "angry", "excited", "sleepy")
SYMBOLS = ("leaf", "sun", "heart", "flame", "drop")

CANVAS_W, CANVAS_H = 100.0, 120.0   # design units
PAD = 1.5                           # points kept free at the box edge (strokes stay inside)
LABEL_SIZE, LABEL_MIN = 8.0, 6.0
COLOUR_SIZE = 7.0

# The element's parameters in game.toml (besides x, y, w, h).
PARAMS = {
    **geometry(),
    "color": Param("text", required=True),
    "emotion": Param("text", required=True),
    "kind": Param("text", required=True),
    "label": Param("bool", True),
}


def paint(ops: list, box: Box, params: Mapping[str, Any], game: Game) -> None:
    data = game.data
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
    if not is_color(ink):
        raise ValueError(f"ink for colour {color!r} must be like '#1a2b3c', got {ink!r}")
    mark = (data.get("symbols") or {}).get(color)
    if mark is not None and mark not in SYMBOLS:
        raise ValueError(f"unknown symbol {mark!r} for colour {color!r}; known: {', '.join(SYMBOLS)}")
    if w < 40 or h < 50:
        raise ValueError(f"a squib needs at least 40 x 50 pt, got {w:.0f} x {h:.0f}")

    label_h = 0.0
    if label:
        label_h = LABEL_SIZE * 1.15 + COLOUR_SIZE * 1.2 + 2
        _label(ops, x, y + h - PAD - label_h, w, label_h, f"{printed(data, emotion)} {printed(data, kind)}",
               printed(data, color))
    art_w, art_h = w - 2 * PAD, h - 2 * PAD - label_h - (1.5 if label else 0)
    s = min(art_w / CANVAS_W, art_h / CANVAS_H)
    ox = x + PAD + (art_w - CANVAS_W * s) / 2
    oy = y + PAD + (art_h - CANVAS_H * s) / 2
    frame = Frame(ox, oy, s)
    spots = BODIES[kind](ops, frame, ink)
    face_frame, (fx, fy, fw) = spots["face"]
    face(ops, face_frame, fx, fy, fw, emotion, ink)
    extras(ops, frame, emotion, spots)
    if mark:
        disc = max(14.0, min(26.0, 0.22 * w, 0.16 * h))
        symbol(ops, x + PAD + disc / 2, y + PAD + disc / 2, disc, mark, ink)


def _truthy(value) -> bool:
    if isinstance(value, str):
        return value.strip().lower() not in ("false", "no", "0", "off", "")
    return bool(value)


# -- colour symbol --------------------------------------------------------------------------

def symbol(ops, cx: float, cy: float, d: float, name: str, ink: str) -> None:
    """The colour symbol `name` (leaf, sun, ...) in a cream disc of diameter d centred on
    (cx, cy), in points. Also used by the rules' colour wheel."""
    rim = max(1.0, d * 0.06)
    half = (d - rim) / 2
    ops.append(op.Ellipse(cx - half, cy - half, 2 * half, 2 * half, CREAM, DARK, rim))
    f = Frame(cx - d / 2, cy - d / 2, d / 100.0)  # 0..100 across the disc
    w = 6.5
    if name == "leaf":
        shape(ops, f, [("M", 24, 76), ("C", 20, 46, 42, 24, 78, 22), ("C", 80, 58, 58, 80, 24, 76), ("Z",)],
               ink, DARK, w)
        shape(ops, f, [("M", 20, 82), ("L", 30, 70), ("C", 44, 56, 56, 44, 66, 34)], None, DARK, w * 0.8)
    elif name == "sun":
        for k in range(8):
            a = math.radians(k * 45)
            line(ops, f, 50 + 24 * math.cos(a), 50 + 24 * math.sin(a), 50 + 36 * math.cos(a),
                  50 + 36 * math.sin(a), DARK, w * 1.2)
        oval(ops, f, 50, 50, 18, 18, ink, DARK, w)
    elif name == "heart":
        shape(ops, f, [("M", 50, 80), ("C", 40, 70, 20, 58, 20, 42), ("C", 20, 30, 28, 23, 37, 23),
                        ("C", 44, 23, 48, 28, 50, 33), ("C", 52, 28, 56, 23, 63, 23),
                        ("C", 72, 23, 80, 30, 80, 42), ("C", 80, 58, 60, 70, 50, 80), ("Z",)], ink, DARK, w)
    elif name == "flame":
        shape(ops, f, [("M", 50, 82), ("C", 34, 82, 25, 70, 26, 57), ("C", 27, 46, 34, 40, 36, 30),
                        ("C", 41, 36, 42, 42, 42, 46), ("C", 44, 36, 50, 26, 52, 16),
                        ("C", 60, 26, 66, 34, 64, 46), ("C", 67, 42, 69, 38, 68, 33),
                        ("C", 74, 42, 76, 52, 75, 60), ("C", 74, 72, 64, 82, 50, 82), ("Z",)], ink, DARK, w)
        shape(ops, f, [("M", 50, 78), ("C", 42, 78, 38, 72, 39, 65), ("C", 40, 60, 44, 56, 46, 50),
                        ("C", 50, 56, 54, 58, 56, 54), ("C", 60, 60, 62, 66, 61, 70),
                        ("C", 60, 75, 56, 78, 50, 78), ("Z",)], SPARK, None)
    elif name == "drop":
        shape(ops, f, [("M", 50, 16), ("C", 58, 32, 72, 44, 72, 60), ("C", 72, 74, 62, 82, 50, 82),
                        ("C", 38, 82, 28, 74, 28, 60), ("C", 28, 44, 42, 32, 50, 16), ("Z",)], ink, DARK, w)
        shape(ops, f, [("M", 38, 58), ("C", 38, 66, 42, 71, 47, 73)], None, "#FFFFFF", w)


# -- label ----------------------------------------------------------------------------------

def _label(ops, x: float, y: float, w: float, h: float, squib: str, color: str) -> None:
    first = LABEL_SIZE * 1.15
    ops.extend(text_ops(squib, x + PAD, y, w - 2 * PAD, first, "body-bold",
                        LABEL_SIZE, LABEL_MIN, DARK, "center", "middle"))
    ops.extend(text_ops(color, x + PAD, y + first, w - 2 * PAD, h - first, "body",
                        COLOUR_SIZE, LABEL_MIN, DARK, "center", "middle"))


PAINTER = Painter(PARAMS, paint)
