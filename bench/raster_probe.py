#!/usr/bin/env python3
"""How much faster a native rasteriser would draw ppgen's card faces: Pillow (faces/png.py,
what ppgen uses) against skia (skia-python), on every face of the games named, at the card
images' 300 dpi, a TTS tile's 165 and a gallery thumbnail's 72. A probe, not a backend:

    pip install --target bench/.skia skia-python    # git-ignored; about 50 MB
    python3 bench/raster_probe.py [GAME ...] [--look DIR]

Run it with the venv's python. The skia side draws the display list (ops.py) the way the PDF
does (strokes, caps and joins, dashes, gradients, groups with their transform, clip and
opacity) into an RGBX surface and hands Pillow its pixels, as a backend would before the
PNG writer; it leaves out what it cannot draw yet (pictures, outlined or spaced text, text
in the fallback font) and counts it, so a face it leaves something out of costs it less
than it would. --look writes one face of each game drawn both ways, side by side, to look
at. Why: issue 22's `build --all` goal (12 s) is out of reach while drawing faces with
Pillow takes 10 of its 25 CPU seconds; see bench/README.md."""

from __future__ import annotations

import argparse
import collections
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "bench" / ".skia"), str(ROOT)]

from PIL import Image  # noqa: E402

from generator import ops as op  # noqa: E402
from generator.faces import png  # noqa: E402
from generator.load.game import load_game  # noqa: E402
from generator.text import fonts  # noqa: E402
from generator.validate import validate  # noqa: E402

try:
    import skia
except ImportError:
    skia = None

GAMES = ("squib-squares", "druids-duel", "uncontrolled-squid", "poohsticks", "fellowship-of-the-ring")
SIZES = ((300, "card image, 1/8 in bleed"), (165, "TTS tile"), (72, "gallery thumbnail"))
CAPS = {"butt": "kButt_Cap", "round": "kRound_Cap", "square": "kSquare_Cap"}
JOINS = {"miter": "kMiter_Join", "round": "kRound_Join", "bevel": "kBevel_Join"}


class SkiaFace:
    """The display list drawn on a skia canvas; `left_out` counts what it did not draw."""

    def __init__(self):
        self.typefaces: dict[str, object] = {}
        self.left_out: collections.Counter = collections.Counter()

    def render(self, drawing: op.FaceDrawing, dpi: float, bleed: float) -> Image.Image:
        """As png.render: the face at dpi with `bleed` points round the trim, as Pillow RGB."""
        trim_w, trim_h = drawing.width - 2 * drawing.bleed, drawing.height - 2 * drawing.bleed
        size = (round((trim_w + 2 * bleed) * dpi / 72), round((trim_h + 2 * bleed) * dpi / 72))
        info = skia.ImageInfo.Make(size[0], size[1], skia.kRGBA_8888_ColorType, skia.kPremul_AlphaType)
        surface = skia.Surface.MakeRaster(info)
        canvas = surface.getCanvas()
        canvas.clear(skia.ColorWHITE)
        shift = (bleed - drawing.bleed) * dpi / 72
        canvas.translate(shift, shift)
        canvas.scale(dpi / 72, dpi / 72)
        self.draw(canvas, drawing.ops)
        pixels = surface.makeImageSnapshot().tobytes()  # opaque: premultiplied is plain RGB
        return Image.frombuffer("RGB", size, pixels, "raw", "RGBX", 0, 1)

    def draw(self, canvas, ops) -> None:
        for item in ops:
            kind = type(item)
            if kind is op.Group:
                self.group(canvas, item)
            elif kind is op.Text:
                self.text(canvas, item)
            elif kind is op.Image:
                self.left_out["picture"] += 1
            else:
                self.shape(canvas, item)

    def shape(self, canvas, item) -> None:
        kind = type(item)
        if kind is op.Line:
            path = skia.Path()
            path.moveTo(item.x1, item.y1)
            path.lineTo(item.x2, item.y2)
            fill, stroke, rounded = None, item.stroke, True
        elif kind is op.Path:
            path, fill, stroke, rounded = _path(item.segments), item.fill, item.stroke, True
        else:
            box = skia.Rect.MakeXYWH(item.x, item.y, item.w, item.h)
            path = skia.Path()
            if kind is op.Ellipse:
                path.addOval(box)
            elif item.radius > 0:
                path.addRoundRect(box, item.radius, item.radius)
            else:
                path.addRect(box)
            fill, stroke, rounded = item.fill, item.stroke, False
        if fill:
            canvas.drawPath(path, _fill(fill))
        if stroke and item.width > 0:
            canvas.drawPath(path, _stroke(item, rounded))

    def text(self, canvas, t: op.Text) -> None:
        if t.outline or t.spacing:
            self.left_out["outlined or spaced text"] += 1
            return
        if not fonts.covers(t.font, t.text):
            self.left_out["text in the fallback font"] += 1
            return
        font = skia.Font(self.typeface(t.font), t.size)
        x = t.x - {"left": 0, "center": 0.5, "right": 1}[t.align] * fonts.string_width(t.text, t.font, t.size)
        canvas.drawString(t.text, x, t.y, font, _fill(t.color))

    def group(self, canvas, g: op.Group) -> None:
        canvas.save()
        a, b, c, d, e, f = g.transform
        canvas.concat(skia.Matrix.MakeAll(a, c, e, b, d, f, 0, 0, 1))
        if isinstance(g.clip, op.Rect):
            canvas.clipRect(skia.Rect.MakeXYWH(g.clip.x, g.clip.y, g.clip.w, g.clip.h), doAntiAlias=True)
        elif g.clip is not None:
            canvas.clipPath(_path(g.clip.segments), doAntiAlias=True)
        if g.opacity < 1:
            canvas.saveLayerAlpha(None, round(255 * g.opacity))
            self.draw(canvas, g.ops)
            canvas.restore()
        else:
            self.draw(canvas, g.ops)
        canvas.restore()

    def typeface(self, key: str):
        """The font a text op names, from the bytes ReportLab and Pillow read (fonts._source)."""
        found = self.typefaces.get(key)
        if found is None:
            source = fonts._source(fonts._key(key))
            data = Path(source).read_bytes() if isinstance(source, str) else source.getvalue()
            found = self.typefaces[key] = skia.Typeface.MakeFromData(skia.Data.MakeWithCopy(data))
        return found


def _path(segments) -> "skia.Path":
    path = skia.Path()
    for segment in segments:
        if segment[0] == "M":
            path.moveTo(*segment[1:3])
        elif segment[0] == "L":
            path.lineTo(*segment[1:3])
        elif segment[0] == "C":
            path.cubicTo(*segment[1:7])
        else:
            path.close()
    return path


def _colour(value: str) -> int:
    r, g, b = op.rgb(value)
    return skia.Color(r, g, b)


def _fill(paint) -> "skia.Paint":
    fill = skia.Paint(AntiAlias=True)
    if isinstance(paint, str):
        fill.setColor(_colour(paint))
        return fill
    x, y, w, h = paint.box
    colours = [_colour(c) for c in paint.colors]
    if paint.kind == "radial":
        fill.setShader(skia.GradientShader.MakeRadial(skia.Point(x + w / 2, y + h / 2), max(w, h) / 2, colours))
    else:  # the angle is left out: the cost is the same
        fill.setShader(skia.GradientShader.MakeLinear([skia.Point(x, y), skia.Point(x + w, y + h)], colours))
    return fill


def _stroke(item, rounded: bool) -> "skia.Paint":
    stroke = skia.Paint(AntiAlias=True, Style=skia.Paint.kStroke_Style, StrokeWidth=item.width)
    stroke.setColor(_colour(item.stroke))
    stroke.setStrokeCap(getattr(skia.Paint, CAPS.get(item.cap or ("round" if rounded else "butt"))))
    stroke.setStrokeJoin(getattr(skia.Paint, JOINS.get(item.join or ("round" if rounded else "miter"))))
    if item.dash:
        stroke.setPathEffect(skia.DashPathEffect.Make(list(item.dash) * (2 if len(item.dash) % 2 else 1), 0))
    return stroke


def per_face(render, drawings: list, runs: int) -> float:
    """The best of `runs` CPU milliseconds a face over every drawing."""
    best = []
    for _ in range(runs):
        start = time.process_time()
        for drawing in drawings:
            render(drawing)
        best.append((time.process_time() - start) / len(drawings) * 1000)
    return min(best)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("games", nargs="*", default=GAMES)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--look", type=Path, help="write a face of each game drawn both ways here")
    args = parser.parse_args()
    if skia is None:
        sys.exit("bench/raster_probe.py: skia-python is not installed: pip install --target bench/.skia skia-python")
    print(f"Pillow {Image.__version__ if hasattr(Image, '__version__') else ''} against skia {skia.__version__}: "
          f"CPU ms a face, the best of {args.runs}")
    ratios = collections.defaultdict(list)
    for name in args.games:
        drawings = list(validate(load_game(ROOT / "games" / name)).drawings.values())
        probe = SkiaFace()
        for dpi, what in SIZES:
            bleed = 9 if dpi == 300 else 0
            pillow = per_face(lambda d: png.render(d, dpi, bleed), drawings, args.runs)
            native = per_face(lambda d: probe.render(d, dpi, bleed), drawings, args.runs)
            ratios[dpi].append(pillow / native)
            print(f"  {name:24s} {len(drawings):3d} faces, {dpi:3d} dpi ({what}): Pillow {pillow:6.2f}, "
                  f"skia {native:5.2f}: {pillow / native:4.1f} x")
        if probe.left_out:
            print(f"  {name}: left out by the probe: {dict(probe.left_out)} (over {args.runs * 2 * len(SIZES)} passes)")
        if args.look:
            args.look.mkdir(parents=True, exist_ok=True)
            drawing = drawings[min(6, len(drawings) - 1)]
            both = [png.render(drawing, 300, 9), probe.render(drawing, 300, 9)]
            side = Image.new("RGB", (both[0].width * 2, both[0].height), "white")
            side.paste(both[0], (0, 0))
            side.paste(both[1], (both[0].width, 0))
            side.save(args.look / f"{name}-pillow-skia.png")
    for dpi, what in SIZES:
        print(f"  median over the games at {dpi} dpi ({what}): {statistics.median(ratios[dpi]):.1f} x")


if __name__ == "__main__":
    main()
