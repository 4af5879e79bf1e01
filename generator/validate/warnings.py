"""What a build would do silently, said out loud: warnings (exit 0; `validate --strict` makes
them errors) for an element that prints partly or not at all because it lies outside the
card's bleed, an image or an image icon printed below 150 dpi, and a background box that stops at the trim
line, so that a cut a hair off shows white paper."""

from __future__ import annotations

from PIL import Image

from ..files import game_file
from ..elements import placeholders
from ..faces.compose import painter_of
from ..faces.fill import faces_of
from ..faces.turn import measured, turned_box
from ..errors import Problem, warning
from ..images import image_fault
from ..svgart import is_svg
from ..model import Component, Element, Face, Game
from ..units import MM

MIN_DPI = 150
TRIM_SLACK = 1.0  # points: a box this close to the trim edge is meant to reach it


def check(game: Game) -> list[Problem]:
    problems: list[Problem] = list(game.notes)  # what loading found: an edition's untranslated texts
    for component in game.components:
        problems += component.data_notes  # what reading its data chose: a ';' separator
        for face in {f.name: f for side in ("front", "back") for f in faces_of(game, component, side)}.values():
            for element in face.elements:
                box = _box(game, element, component)
                if box is None:
                    continue
                problems += _outside(game, component, face, element, box)
                problems += _background(game, component, face, element, box)
                if element.type == "image":
                    problems += _low_dpi(game, component, face, element, box)
    return problems


def _box(game: Game, element: Element, component: Component) -> tuple[float, float, float, float] | None:
    """x, y, w, h of an element in points from the trim's top-left, as its painter places it
    (w and h above zero) and turns it, when written as numbers or percents of the card (not
    read from the cards)."""
    size = (component.size.width, component.size.height)
    try:
        painter = painter_of(game, element.type)
        params = {name: measured(name, value, painter.params.get(name), size) for name, value in element.params.items()}
        x, y, w, h = painter.box(params)
    except (KeyError, ValueError, TypeError):  # a placeholder, or a fault reported elsewhere
        return None
    return turned_box(params, (min(x, x + w), min(y, y + h), abs(w), abs(h)))


def _outside(game: Game, component: Component, face: Face, element: Element, box) -> list[Problem]:
    x, y, w, h = box
    bleed, width, height = component.bleed, component.size.width, component.size.height
    left, top, right, bottom = -bleed, -bleed, width + bleed, height + bleed
    where = f"face '{face.name}' {element.type}"
    if x >= right or y >= bottom or x + w <= left or y + h <= top:
        return [warning(game.manifest, element.line, f"{where} lies wholly outside the card and its bleed: "
                                                     f"it is never printed")]
    if x < left - 0.01 or y < top - 0.01 or x + w > right + 0.01 or y + h > bottom + 0.01:
        return [warning(game.manifest, element.line, f"{where} reaches past the card's bleed: that part "
                                                     f"is cut off")]
    return []


def _background(game: Game, component: Component, face: Face, element: Element, box) -> list[Problem]:
    """A filled box over the whole trim that stops at the trim line instead of the bleed."""
    if element.type != "box" or not element.params.get("fill"):
        return []
    x, y, w, h = box
    width, height = component.size.width, component.size.height
    covers_trim = x <= TRIM_SLACK and y <= TRIM_SLACK and x + w >= width - TRIM_SLACK and y + h >= height - TRIM_SLACK
    reaches_bleed = x <= -component.bleed + TRIM_SLACK and y <= -component.bleed + TRIM_SLACK \
        and x + w >= width + component.bleed - TRIM_SLACK and y + h >= height + component.bleed - TRIM_SLACK
    if component.bleed > 0 and covers_trim and not reaches_bleed:
        return [warning(game.manifest, element.line, f"face '{face.name}' box fills the card but stops at the "
                                                     f"trim line: extend it into the bleed (x and y "
                                                     f"-{component.bleed:g}pt, w and h plus twice that) or a "
                                                     f"cut a hair off shows white")]
    return []


def _low_dpi(game: Game, component: Component, face: Face, element: Element, box) -> list[Problem]:
    name = element.params.get("path")
    if not isinstance(name, str) or placeholders(name):
        return []
    path, fault = game_file(game.root, name)
    if fault or is_svg(path) or image_fault(str(path)):
        return []  # reported as errors elsewhere; SVG art is vectors, sharp at any size
    with Image.open(path) as image:
        pw, ph = image.size
    _, _, w, h = box
    dpi = _dpi((pw, ph), w, h, element.params.get("fit", "contain"))
    if dpi < MIN_DPI:
        return [warning(path, None, f"face '{face.name}': this {pw} × {ph} px image prints at {dpi:.0f} dpi, "
                                    f"below {MIN_DPI}: it will look blurred")]
    return []


def _dpi(pixels: tuple[int, int], w: float, h: float, fit: str) -> float:
    """The dots per inch of an image of pixels (width, height) drawn in a w × h pt box."""
    pw, ph = pixels
    if fit == "stretch":
        return min(pw / (w / 72), ph / (h / 72))
    ratio = (min if fit == "contain" else max)(w / pw, h / ph)  # points per image pixel
    return 72 / ratio


def low_dpi_icons(game: Game, sides: dict, where: str) -> list[Problem]:
    """An image icon drawn below MIN_DPI at its largest (sides: icons.noting_sides, on the
    cards or in the rules, `where`): a warning at its [icons] line, as an image's is."""
    problems = []
    for icon in game.icons.values():
        side = sides.get(icon.path)
        if side is None:
            continue
        with Image.open(icon.path) as image:
            pixels = image.size
        dpi = _dpi(pixels, side, side, "contain")
        if dpi < MIN_DPI:
            problems.append(warning(game.manifest, game.line_of("icons", icon.name),
                                    f"icon '{icon.name}': this {pixels[0]} × {pixels[1]} px image prints at "
                                    f"{dpi:.0f} dpi {where} (at its largest, {side / MM:.1f} mm), below "
                                    f"{MIN_DPI}: it will look blurred"))
    return problems
