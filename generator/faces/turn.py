"""What every element may do whatever its type: lengths measured on the card (a percent of
its side, an expression filled from the card's row), and the turn: `rotate` (degrees,
clockwise) about a point of its box (`about`, the centre unless told), `mirror`, `opacity`.
A turned element's ops are wrapped in one op.Group, drawn alike by the PDF and PNG backends;
an element without them is drawn exactly as before."""

from __future__ import annotations

from typing import Mapping

from .. import ops as op
from ..elements import Box, Param
from ..sandbox.lengths import is_expression, measure

MIRRORS = {"horizontal": (-1.0, 1.0), "vertical": (1.0, -1.0), "both": (-1.0, -1.0)}


def measured(name: str, value, param: Param | None, size: tuple[float, float]):
    """A length parameter that is an expression (a percent, or filled in from the card) in
    points; any other value as it is. ValueError: it does not measure, or is out of bounds."""
    if param is None or param.kind != "length" or not is_expression(value):
        return value
    points = measure(value, name, *size)
    if fault := param.fault(points):
        raise ValueError(f"'{name}' {fault}")
    return points


def anchor(about: str, box: Box) -> tuple[float, float]:
    """The point of the box `about` names: 'center', 'top-left', 'bottom', ..."""
    x, y, w, h = box
    across = 0.0 if "left" in about else 1.0 if "right" in about else 0.5
    down = 0.0 if about.startswith("top") else 1.0 if about.startswith("bottom") else 0.5
    return x + across * w, y + down * h


def matrix(params: Mapping, box: Box) -> op.Matrix:
    """Where the element's `mirror` and `rotate` (about its `about` point) take its drawing."""
    rotate, mirror = params.get("rotate"), params.get("mirror")
    px, py = anchor(params.get("about") or "center", box)
    moved = op.IDENTITY
    if mirror:
        moved = op.compose(op.compose(op.translate(-px, -py), op.scale(*MIRRORS[mirror])), op.translate(px, py))
    if rotate:
        moved = op.compose(moved, op.rotate(float(rotate), px, py))
    return moved


def turn(ops: list, start: int, params: Mapping, box: Box) -> None:
    """The ops the element appended from `start` on, turned, mirrored or faded as it asks."""
    opacity = params.get("opacity")
    if not params.get("rotate") and not params.get("mirror") and opacity is None:
        return
    ops[start:] = [op.Group(tuple(ops[start:]), matrix(params, box), opacity=1.0 if opacity is None else float(opacity))]


def turned_box(params: Mapping, box: Box) -> Box:
    """The box an element covers once turned: its corners moved, then spanned."""
    if not params.get("rotate") and not params.get("mirror"):
        return box
    x, y, w, h = box
    corners = [op.apply(matrix(params, box), cx, cy) for cx in (x, x + w) for cy in (y, y + h)]
    left, top = min(cx for cx, _ in corners), min(cy for _, cy in corners)
    return left, top, max(cx for cx, _ in corners) - left, max(cy for _, cy in corners) - top
