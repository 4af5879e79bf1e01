"""A component's `shape` and `corner` (geometry/pieces.py): what its pieces are cut to, read
with the same care as every key: an unknown shape with "did you mean", a shape a mat or a
player aid cannot take, a corner that no rounded piece asked for or that is larger than
half the piece."""

from __future__ import annotations

from ..errors import did_you_mean
from ..geometry.pieces import SHAPES
from ..model import CardSize
from ..units import length

DEFAULT_CORNER = "3mm"
PLAIN = ("mat", "aid")  # one drawing tiled over sheets, a card read on both sides: cut square


def piece_shape(loader, table: dict, keypath: tuple, what: str, kind: str,
                size: CardSize | None) -> tuple[str, float]:
    """(shape, corner radius in pt) of a component table; errors reported through loader."""
    shape = table.get("shape", "rectangle")
    if shape not in SHAPES:
        loader.error(keypath + ("shape",), f"{what}: unknown shape {shape!r}; use one of "
                                           f"{', '.join(SHAPES)}{did_you_mean(str(shape), SHAPES)}")
        return "rectangle", 0.0
    if shape != "rectangle" and kind in PLAIN:
        loader.error(keypath + ("shape",), f"{what}: a {kind} is cut as a rectangle; shape = {shape!r} is for "
                                           f"decks and tokens")
        return "rectangle", 0.0
    if "corner" in table and shape != "rounded":
        loader.error(keypath + ("corner",), f"{what}: corner is the radius of a rounded piece's corners; "
                                            f"add shape = \"rounded\" or remove it")
        return shape, 0.0
    if shape != "rounded":
        return shape, 0.0
    try:
        corner = length(table.get("corner", DEFAULT_CORNER))
    except ValueError as exc:
        loader.error(keypath + ("corner",), f"{what}: corner: {exc}")
        return shape, 0.0
    if size and not 0 < corner <= min(size.width, size.height) / 2:
        loader.error(keypath + ("corner",), f"{what}: corner must be above 0 and at most half the piece's "
                                            f"shorter side ({min(size.width, size.height) / 2 / length('1mm'):g}mm)")
    return shape, corner
