"""Groups for the Pillow backend. Pillow draws in pixel axes only, so a group is drawn one
of three ways:

- moved and scaled evenly (a card placed small): its children are drawn straight onto the
  image through a pen whose mapping includes the group's transform;
- turned by an angle other than a quarter turn, evenly (a card laid round a ring), neither
  clipped nor see-through: its shapes are drawn as shapes with their points turned, its
  text and images as below;
- otherwise (a corner index turned by 180 degrees, a stretch, a clip, opacity below 1,
  faded as one layer): its children are drawn, untransformed, on a black and on a white
  layer; the two give each pixel's colour (premultiplied) and coverage, and both are mapped
  into place and blended onto the image. Quarter turns and mirrors move whole pixels
  (transposed); other angles are resampled (bicubic).

A clip is a coverage mask of its outline, drawn with the same anti-aliasing as shapes."""

from __future__ import annotations

import math
from dataclasses import replace

from PIL import Image, ImageChops, ImageDraw

from . import extent
from .. import ops as op
from ..geometry.shapes import outline_of, stroke_ends

EXACT = 1e-9  # a matrix entry this close to 0 or ±1 is taken as exact
CLIP_SUPERSAMPLE = 4


def draw(pen, group: op.Group) -> None:
    a, b, c, d, e, f = group.transform
    if abs(b) < EXACT and abs(c) < EXACT and abs(a - d) < EXACT and a > 0 and group.opacity >= 1:
        _draw_direct(pen, group, a, e, f)
    elif group.clip is None and group.opacity >= 1 and _turned_evenly(group.transform):
        _draw_turned(pen, group)
    else:
        _draw_layered(pen, group)


def _turned_evenly(m: op.Matrix) -> bool:
    """Turned by an angle other than a quarter turn's, at the same scale along both axes (a
    mirror allowed): a shape under it is a shape, its points moved."""
    a, b, c, d, _, _ = m
    square = max(a * a + b * b, c * c + d * d)
    return abs(a * a + b * b - c * c - d * d) < EXACT * square and abs(a * c + b * d) < EXACT * square \
        and min(abs(a), abs(b)) > EXACT * square


def _draw_direct(pen, group: op.Group, s: float, e: float, f: float) -> None:
    scale, ox, oy = pen.scale * s, pen.ox + e * pen.scale, pen.oy + f * pen.scale
    if group.clip is None:
        pen.on(pen.image, scale, ox, oy).paint(group.ops)
        return
    outline = _clip_points(group.clip)
    box = _pixel_box([(x * scale + ox, y * scale + oy) for x, y in outline], pen.image.size)
    if box is None:
        return
    left, top, right, bottom = box
    region = pen.image.crop(box)
    pen.on(region, scale, ox - left, oy - top).paint(group.ops)
    mask = _mask(outline, (scale, 0.0, 0.0, scale, ox - left, oy - top), region.size)
    pen.image.paste(region, (left, top), mask)


def _draw_turned(pen, group: op.Group) -> None:
    """A group turned evenly (_turned_evenly), drawn child by child in order: a shape as the
    same shape with its points turned, smoothed as any other (a layer of a large group turned
    and resampled was most of a mat's drawing, and softer); a group inside as one turned by
    both; text and images, each run of them on a layer turned as a whole."""
    a, b, c, d, _, _ = group.transform
    scale = math.sqrt(abs(a * d - b * c))
    layered: list = []
    for child in group.ops:
        turned = _turned_shape(child, group.transform, scale)
        if turned is None and not isinstance(child, op.Group):
            layered.append(child)
            continue
        if layered:
            _draw_layered(pen, replace(group, ops=tuple(layered)))
            layered = []
        if turned is not None:
            pen.paint([turned])
        else:
            draw(pen, replace(child, transform=op.compose(child.transform, group.transform)))
    if layered:
        _draw_layered(pen, replace(group, ops=tuple(layered)))


def _turned_shape(item, m: op.Matrix, scale: float):
    """The shape op `item` with its points mapped by m, an even turn at `scale`; None for what
    is not a shape, or is filled with a gradient (whose box does not turn)."""
    if not isinstance(item, (op.Rect, op.Ellipse, op.Line, op.Path)) \
            or isinstance(getattr(item, "fill", None), op.Gradient):
        return None
    dash = tuple(length * scale for length in item.dash)
    if isinstance(item, op.Line):
        (x1, y1), (x2, y2) = op.apply(m, item.x1, item.y1), op.apply(m, item.x2, item.y2)
        return replace(item, x1=x1, y1=y1, x2=x2, y2=y2, width=item.width * scale, dash=dash)
    segments = tuple(_mapped(segment, m) for segment in outline_of(item))
    if isinstance(item, op.Path):
        return replace(item, segments=segments, width=item.width * scale, dash=dash)
    cap, join = stroke_ends(item)  # a box's own corners and ends, as its outline is stroked
    return op.Path(segments, item.fill, item.stroke, item.width * scale, dash, cap, join)


def _mapped(segment: tuple, m: op.Matrix) -> tuple:
    """A path segment with its points mapped by m (a curve's control points too: a Bézier
    curve mapped is the curve of its mapped points)."""
    coordinates = segment[1:]
    moved = [v for i in range(0, len(coordinates), 2) for v in op.apply(m, *coordinates[i:i + 2])]
    return (segment[0], *moved)


def _draw_layered(pen, group: op.Group) -> None:
    device = op.compose(group.transform, pen.matrix())  # group coordinates -> image pixels
    a, b, c, d, _, _ = device
    scale = math.sqrt(abs(a * d - b * c))
    if scale == 0:
        return
    bounds = extent.bounds(group.ops)
    if bounds is None:
        return
    x0, y0, x1, y1 = bounds
    ox, oy = 2 - x0 * scale, 2 - y0 * scale
    size = (math.ceil((x1 - x0) * scale) + 4, math.ceil((y1 - y0) * scale) + 4)
    forward = _layer_to_image(device, scale, ox, oy)
    if _quarter_turn(forward):
        # Line the layer's pixels up with the image's, so they move whole (and exactly).
        a, b, c, d, e, f = forward
        fx, fy = e - round(e), f - round(f)
        ox, oy = ox + a * fx + b * fy, oy + c * fx + d * fy
        forward = _layer_to_image(device, scale, ox, oy)
    corners = [op.apply(forward, u, v) for u, v in ((0, 0), (size[0], 0), (0, size[1]), size)]
    box = _pixel_box(corners, pen.image.size)
    if box is None:
        return
    dark, light = Image.new("RGB", size, "#000000"), Image.new("RGB", size, "#FFFFFF")
    pen.on(dark, scale, ox, oy).paint(group.ops)
    pen.on(light, scale, ox, oy).paint(group.ops)
    coverage = ImageChops.invert(ImageChops.subtract(light, dark).convert("L"))
    if group.clip is not None:
        clip = _mask(_clip_points(group.clip), (scale, 0.0, 0.0, scale, ox, oy), size)
        coverage = ImageChops.multiply(coverage, clip)
        dark = ImageChops.multiply(dark, Image.merge("RGB", (clip,) * 3))
    if group.opacity < 1:  # colour is premultiplied by coverage: both fade alike
        coverage, dark = _faded(coverage, group.opacity), _faded(dark, group.opacity)
    if _quarter_turn(forward):  # whole pixels move: turned and placed, exactly
        colour, cover = _moved(dark, forward, box, "#000000"), _moved(coverage, forward, box, 0)
    else:
        left, top, right, bottom = box
        back = op.compose(op.translate(left, top), op.invert(forward))  # region pixel -> layer pixel
        data = (back[0], back[2], back[4], back[1], back[3], back[5])  # PIL's order
        region_size = (right - left, bottom - top)
        colour = dark.transform(region_size, Image.AFFINE, data, Image.BICUBIC, fillcolor="#000000")
        cover = coverage.transform(region_size, Image.AFFINE, data, Image.BICUBIC, fillcolor=0)
    left, top = box[:2]
    under = pen.image.crop(box)
    kept = ImageChops.multiply(under, Image.merge("RGB", (ImageChops.invert(cover),) * 3))
    pen.image.paste(ImageChops.add(kept, colour), (left, top))


# A quarter turn's or mirror's matrix (a, b, c, d) -> the transpose that makes it (None: it is none)
_TRANSPOSED = {(1, 0, 0, 1): None, (-1, 0, 0, 1): Image.FLIP_LEFT_RIGHT, (1, 0, 0, -1): Image.FLIP_TOP_BOTTOM,
               (-1, 0, 0, -1): Image.ROTATE_180, (0, -1, 1, 0): Image.ROTATE_90, (0, 1, -1, 0): Image.ROTATE_270,
               (0, 1, 1, 0): Image.TRANSPOSE, (0, -1, -1, 0): Image.TRANSVERSE}


def _moved(layer: Image.Image, forward: op.Matrix, box: tuple[int, int, int, int], fill) -> Image.Image:
    """The pixels of box with the layer mapped onto them by forward, a quarter turn or mirror
    onto whole pixels: the layer transposed and pasted, the rest fill. The same pixels as an
    affine transform with nearest sampling gives, at a fraction of its cost."""
    a, b, c, d, _, _ = forward
    method = _TRANSPOSED[(round(a), round(b), round(c), round(d))]
    turned = layer if method is None else layer.transpose(method)
    corners = [op.apply(forward, u, v) for u, v in ((0, 0), (layer.width, layer.height))]
    x0, y0 = round(min(x for x, _ in corners)), round(min(y for _, y in corners))
    moved = Image.new(layer.mode, (box[2] - box[0], box[3] - box[1]), fill)
    moved.paste(turned, (x0 - box[0], y0 - box[1]))
    return moved


def _faded(image: Image.Image, opacity: float) -> Image.Image:
    return image.point([round(v * opacity) for v in range(256)] * len(image.getbands()))


def _layer_to_image(device: op.Matrix, scale: float, ox: float, oy: float) -> op.Matrix:
    """Layer pixels -> image pixels, for a layer drawn at `scale` with origin (ox, oy)."""
    return op.compose((1 / scale, 0.0, 0.0, 1 / scale, -ox / scale, -oy / scale), device)


def _quarter_turn(m: op.Matrix) -> bool:
    """True if m turns by a multiple of 90 degrees or mirrors, at one pixel per pixel."""
    a, b, c, d, _, _ = m
    entries = sorted(abs(v) for v in (a, b, c, d))
    return all(abs(v) < 1e-6 for v in entries[:2]) and all(abs(v - 1) < 1e-6 for v in entries[2:])


def _pixel_box(points, size) -> tuple[int, int, int, int] | None:
    xs, ys = [x for x, _ in points], [y for _, y in points]
    left, top = max(0, math.floor(min(xs)) - 1), max(0, math.floor(min(ys)) - 1)
    right, bottom = min(size[0], math.ceil(max(xs)) + 1), min(size[1], math.ceil(max(ys)) + 1)
    return (left, top, right, bottom) if right > left and bottom > top else None


def _clip_points(clip: op.Path | op.Rect) -> list[tuple[float, float]]:
    """The clip outline as a polygon in the group's coordinates."""
    if isinstance(clip, op.Path):
        return _flatten(clip.segments)
    x, y, w, h, r = clip.x, clip.y, clip.w, clip.h, min(clip.radius, clip.w / 2, clip.h / 2)
    if r <= 0:
        return [(x, y), (x + w, y), (x + w, y + h), (x, y + h)]
    points = []
    for cx, cy, start in ((x + w - r, y + r, -90), (x + w - r, y + h - r, 0), (x + r, y + h - r, 90),
                          (x + r, y + r, 180)):
        for step in range(9):
            angle = math.radians(start + step * 90 / 8)
            points.append((cx + r * math.cos(angle), cy + r * math.sin(angle)))
    return points


def _flatten(segments) -> list[tuple[float, float]]:
    points: list[tuple[float, float]] = []
    for seg in segments:
        if seg[0] in ("M", "L"):
            points.append((seg[1], seg[2]))
        elif seg[0] == "C":
            x0, y0 = points[-1]
            x1, y1, x2, y2, x3, y3 = seg[1:]
            for i in range(1, 17):
                t = i / 16
                u = 1 - t
                points.append((u ** 3 * x0 + 3 * u * u * t * x1 + 3 * u * t * t * x2 + t ** 3 * x3,
                               u ** 3 * y0 + 3 * u * u * t * y1 + 3 * u * t * t * y2 + t ** 3 * y3))
    return points


def _mask(outline, matrix: op.Matrix, size) -> Image.Image:
    """Coverage (0-255) of the polygon `outline`, mapped by matrix onto an image of size."""
    big = Image.new("L", (size[0] * CLIP_SUPERSAMPLE, size[1] * CLIP_SUPERSAMPLE), 0)
    points = [op.apply(matrix, x, y) for x, y in outline]
    if len(points) >= 3:
        ImageDraw.Draw(big).polygon([(x * CLIP_SUPERSAMPLE, y * CLIP_SUPERSAMPLE) for x, y in points], fill=255)
    return big.reduce(CLIP_SUPERSAMPLE)
