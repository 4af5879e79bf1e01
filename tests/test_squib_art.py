"""Squib art (generator/rulesets/squib/art.py): every squib paints inside its box, the five kinds
have distinct silhouettes, the five emotions distinct faces, and the five inks stay apart
for readers with red-green colour-vision deficiency."""

from __future__ import annotations

import itertools
import tomllib
from dataclasses import replace
from pathlib import Path
from types import SimpleNamespace

import pytest
from PIL import ImageChops
from reportlab.pdfbase.pdfmetrics import getAscentDescent

from generator.text import fonts
from generator.validate.colourvision import MACHADO, lab
from generator.validate.colourvision import delta_e00 as delta_e_2000
from generator import ops as op
from generator.faces import png
from generator.rulesets.squib import art as squib
from generator.rulesets.squib import pen

ROOT = Path(__file__).resolve().parents[1]
DATA = tomllib.loads((ROOT / "games" / "squib-squares" / "game.toml").read_text(encoding="utf-8"))["data"]
COLORS, EMOTIONS, KINDS = DATA["colors"], DATA["emotions"], DATA["kinds"]
BOX = (9.0 + 9.0, 9.0 + 9.0, 117.0, 162.0)  # the left squib of a poker card with 9 pt bleed

# Lowest CIEDE2000 difference allowed between any two inks, as printed and as seen with
# deuteranopia or protanopia (Machado et al. 2009, severity 1). About 20 keeps two large
# flat areas of colour telling apart at a glance; the symbols back colour up anyway.
MIN_INK_DELTA_E = 20.0


def paint(color="green", emotion="happy", kind="rocket", label=True, box=BOX, data=DATA) -> list:
    ops: list = []
    squib.paint(ops, box, {"color": color, "emotion": emotion, "kind": kind, "label": label},
                SimpleNamespace(data=data))
    return ops


# -- bounds ----------------------------------------------------------------------------------

def extent(item) -> tuple[float, float, float, float]:
    """x0, y0, x1, y1 of everything an op can mark, strokes and text included."""
    if isinstance(item, (op.Rect, op.Ellipse)):
        half = item.width / 2 if item.stroke else 0.0
        return item.x - half, item.y - half, item.x + item.w + half, item.y + item.h + half
    if isinstance(item, op.Line):
        half = item.width / 2
        return (min(item.x1, item.x2) - half, min(item.y1, item.y2) - half,
                max(item.x1, item.x2) + half, max(item.y1, item.y2) + half)
    if isinstance(item, op.Path):
        # a Bezier curve stays inside the hull of its control points
        xs = [seg[i] for seg in item.segments for i in range(1, len(seg), 2)]
        ys = [seg[i] for seg in item.segments for i in range(2, len(seg), 2)]
        half = item.width / 2 if item.stroke else 0.0
        return min(xs) - half, min(ys) - half, max(xs) + half, max(ys) + half
    if isinstance(item, op.Text):
        width = fonts.string_width(item.text, item.font, item.size)
        left = {"left": item.x, "center": item.x - width / 2, "right": item.x - width}[item.align]
        ascent, descent = getAscentDescent(fonts.pdf_name(item.font), item.size)
        return left, item.y - ascent, left + width, item.y - descent
    raise AssertionError(f"unexpected op {item!r}")


def test_every_squib_paints_inside_its_box():
    x, y, w, h = BOX
    for color, emotion, kind, label in itertools.product(COLORS, EMOTIONS, KINDS, (True, False)):
        ops = paint(color, emotion, kind, label)
        assert ops, (color, emotion, kind)
        for item in ops:
            x0, y0, x1, y1 = extent(item)
            assert x0 >= x - 1e-6 and y0 >= y - 1e-6 and x1 <= x + w + 1e-6 and y1 <= y + h + 1e-6, \
                (color, emotion, kind, label, item)


@pytest.mark.parametrize("box", [(0, 0, 90, 130), (9, 9, 115.2, 162), (5, 7, 160, 220), (0, 0, 117, 120),
                                 (0, 0, 150, 150), (0, 0, 240, 120)])
def test_other_box_shapes_stay_inside_too(box):
    for emotion, kind in itertools.product(EMOTIONS, KINDS):
        for item in paint("purple", emotion, kind, box=box):
            x0, y0, x1, y1 = extent(item)
            assert x0 >= box[0] - 1e-6 and y0 >= box[1] - 1e-6
            assert x1 <= box[0] + box[2] + 1e-6 and y1 <= box[1] + box[3] + 1e-6, (emotion, kind, item)


def test_label_names_emotion_kind_and_colour_and_can_be_left_off():
    texts = [t.text for t in paint("orange", "sleepy", "candle") if isinstance(t, op.Text)]
    assert texts == ["sleepy candle", "orange"]
    assert all(t.font.startswith("body") and 6 <= t.size <= 8
               for t in paint("orange", "sleepy", "candle") if isinstance(t, op.Text))
    assert not [t for t in paint("orange", "sleepy", "candle", label=False) if isinstance(t, op.Text)]


def test_the_colour_is_backed_by_its_symbol_in_a_cream_disc_top_left():
    x, y, _, _ = BOX
    shapes = {}
    for color in COLORS:
        ops = paint(color, label=False)
        discs = [i for i, e in enumerate(ops) if isinstance(e, op.Ellipse) and e.fill == pen.CREAM
                 and e.stroke == pen.DARK and e.x < x + 5 and e.y < y + 5]
        assert len(discs) == 1, color
        disc = ops[discs[0]]
        assert 20 <= disc.w + disc.width <= 27  # about 22-26 pt across
        symbol = ops[discs[0] + 1:]
        assert any(getattr(o, "fill", None) == DATA["inks"][color] for o in symbol), color
        for item in symbol:  # drawn inside the disc
            x0, y0, x1, y1 = extent(item)
            assert x0 >= disc.x - 1 and y0 >= disc.y - 1 and x1 <= disc.x + disc.w + 1 and y1 <= disc.y + disc.h + 1
        shapes[color] = tuple(replace(o, fill=None, stroke=None) if isinstance(o, (op.Path, op.Ellipse))
                              else replace(o, stroke="#000000") for o in symbol)
    assert len(set(shapes.values())) == len(COLORS)  # five different symbols


def test_bad_parameters_say_what_is_wrong():
    with pytest.raises(ValueError, match="kind"):
        paint(kind="sparkler")
    with pytest.raises(ValueError, match="emotion"):
        paint(emotion="bored")
    with pytest.raises(ValueError, match="colour"):
        paint(color="red")
    with pytest.raises(ValueError, match="ink"):
        paint(data={**DATA, "inks": {**DATA["inks"], "green": "green"}})


# -- silhouettes and faces -------------------------------------------------------------------

def _render(ops, box=BOX, dpi=72, silhouette=False):
    x, y, w, h = box
    shifted = []
    for item in ops:
        if isinstance(item, op.Path):
            item = replace(item, segments=tuple((s[0], *[v - (x if i % 2 == 0 else y) for i, v in enumerate(s[1:])])
                                                for s in item.segments))
        elif isinstance(item, op.Line):
            item = replace(item, x1=item.x1 - x, y1=item.y1 - y, x2=item.x2 - x, y2=item.y2 - y)
        else:
            item = replace(item, x=item.x - x, y=item.y - y)
        if silhouette:
            for name in ("fill", "stroke", "color"):
                if getattr(item, name, None):
                    item = replace(item, **{name: "#000000"})
        shifted.append(item)
    return png.render(op.FaceDrawing(w, h, 0, tuple(shifted)), dpi=dpi).convert("L")


def _difference(a, b, threshold=100) -> float:
    """Fraction of pixels whose grey levels differ by more than threshold."""
    diff = ImageChops.difference(a, b).point(lambda v: 255 if v > threshold else 0)
    return diff.histogram()[255] / (a.width * a.height)


def test_the_five_kinds_have_distinct_silhouettes():
    for emotion in ("happy", "sleepy"):
        shapes = {kind: _render(paint("blue", emotion, kind, label=False), dpi=36, silhouette=True)
                  for kind in KINDS}
        for a, b in itertools.combinations(KINDS, 2):
            assert _difference(shapes[a], shapes[b]) > 0.12, (emotion, a, b)


def test_the_five_emotions_have_distinct_faces():
    for kind in KINDS:
        faces = {emotion: _render(paint("yellow", emotion, kind, label=False), dpi=72) for emotion in EMOTIONS}
        for a, b in itertools.combinations(EMOTIONS, 2):
            assert _difference(faces[a], faces[b]) > 0.01, (kind, a, b)


# -- inks and colour-vision deficiency -------------------------------------------------------

# Machado et al. (2009) and CIEDE2000: the preflight's own (generator/validate/colourvision.py).
def simulate(hex_color: str, vision: str) -> tuple[float, float, float]:
    """Lab of the colour as seen with the given vision ('normal', 'deuteranopia', 'protanopia')."""
    return lab(hex_color, vision)


def colour_distances(inks: dict[str, str]) -> dict[str, dict[tuple[str, str], float]]:
    """{vision: {(colour, colour): CIEDE2000}} for every pair of inks, per vision."""
    return {vision: {(a, b): delta_e_2000(simulate(inks[a], vision), simulate(inks[b], vision))
                     for a, b in itertools.combinations(inks, 2)}
            for vision in ("normal", "deuteranopia", "protanopia")}


def test_delta_e_2000_matches_published_pairs():
    # Sharma, Wu & Dalal (2005), test data pairs 1, 7 and 17
    assert delta_e_2000((50, 2.6772, -79.7751), (50, 0, -82.7485)) == pytest.approx(2.0425, abs=1e-4)
    assert delta_e_2000((50, 0, 0), (50, -1, 2)) == pytest.approx(2.3669, abs=1e-4)
    assert delta_e_2000((50, 2.5, 0), (73, 25, -18)) == pytest.approx(27.1492, abs=1e-4)


def test_simulation_keeps_neutral_greys_grey():
    for grey in ("#000000", "#808080", "#FFFFFF"):
        for vision in MACHADO:
            assert delta_e_2000(simulate(grey, vision), simulate(grey, "normal")) < 0.5


def test_inks_stay_apart_with_red_green_colour_blindness():
    inks = DATA["inks"]
    assert set(inks) == set(COLORS)
    distances = colour_distances({c: inks[c] for c in COLORS})
    worst = {vision: min(pairs.items(), key=lambda kv: kv[1]) for vision, pairs in distances.items()}
    report = ", ".join(f"{v}: {a}/{b} {d:.1f}" for v, ((a, b), d) in worst.items())
    assert all(d >= MIN_INK_DELTA_E for _, d in worst.values()), f"inks too close ({report})"
