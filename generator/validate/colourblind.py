"""The preflight of colours: two faces (two decks' backs, a deck's backs, cards of two suits)
that differ only in colour, where a player with protanopia, deuteranopia or tritanopia sees
no colour of the one apart from the other's: nothing but colour separates them, and that
player cannot. A face's shapes, text and pictures are its symbols; two faces that differ in
any of them are told apart by it, whatever their colours."""

from __future__ import annotations

import dataclasses
import functools
import hashlib
import re

from .. import ops as op
from ..errors import Problem, warning
from ..faces.fill import face_for
from ..model import Game
from .colourvision import MACHADO, seen_apart
from ..lasting import lasting

MIN_APART = 10.0  # CIEDE2000: closer than this, two piles look alike across a table
MAX_COMPARED = 64  # faces alike but in colour compared pairwise: piles and suits are fewer
COLOUR_FIELDS = ("fill", "stroke", "color")
HEX = re.compile(r"#[0-9A-Fa-f]{6}")


@dataclasses.dataclass(frozen=True)
class Seen:
    """A face as drawn: where it is (component, card, side), its shape and its colours."""
    component: object
    card: object
    side: str
    colours: tuple[str, ...]


def signature(drawing: op.FaceDrawing) -> tuple[str, tuple[str, ...]]:
    """(a digest of everything the face draws but its colours, its colours in drawing order).
    Validate signs every face: each operation is written by ops.written (three times as fast
    as its repr), the fields of each kind of operation looked up once."""
    colours: list[str] = []
    pieces: list[bytes] = []
    for leaf in _leaves(drawing.ops, pieces):
        name, coloured, names = _fields_of(type(leaf))
        plain = set()
        for field in coloured:
            value = getattr(leaf, field)
            if isinstance(value, str) and HEX.fullmatch(value):  # a gradient stays in the shape
                colours.append(value.upper())
                plain.add(field)
        pieces.append(op.written((name, [(field, getattr(leaf, field)) for field in names if field not in plain])))
    return hashlib.sha256(b"".join(pieces)).hexdigest(), tuple(colours)


@lasting
@functools.cache
def _fields_of(kind: type) -> tuple[str, tuple[str, ...], tuple[str, ...]]:
    """An operation's name, its colour fields (in COLOUR_FIELDS' order) and all its fields, sorted."""
    names = {field.name for field in dataclasses.fields(kind)}
    return kind.__name__, tuple(name for name in COLOUR_FIELDS if name in names), tuple(sorted(names))


def _leaves(ops, pieces: list[bytes]):
    """The drawing operations inside groups; a group's transform, opacity and clip go to pieces."""
    for o in ops:
        if isinstance(o, op.Group):
            pieces.append(op.written(("group", o.transform, o.opacity, o.clip)))
            yield from _leaves(o.ops, pieces)
        else:
            yield o


def check(game: Game, faces: dict[tuple[str, tuple[str, ...]], Seen]) -> list[Problem]:
    """faces: the game's distinct faces by signature. A warning for each pair alike but in
    colour that a colour-blind player sees alike, at the second face's line."""
    by_shape: dict[str, list[Seen]] = {}
    for (shape, _), seen in faces.items():
        by_shape.setdefault(shape, []).append(seen)
    problems = []
    for alike in by_shape.values():
        for index, second in enumerate(alike[:MAX_COMPARED]):
            for first in alike[:index]:
                vision = _blind_to(first.colours, second.colours)
                if vision:
                    problems.append(_said(game, first, second, vision))
    return problems


def _blind_to(first: tuple[str, ...], second: tuple[str, ...]) -> tuple[str, float] | None:
    """The vision (and how far apart it sees them at most) that tells no colour apart, or None."""
    pairs = {(a, b) for a, b in zip(first, second) if a != b}
    for vision in MACHADO:
        apart = max((seen_apart(a, b, vision) for a, b in pairs), default=0.0)
        if apart < MIN_APART:
            return vision, apart
    return None


def _said(game: Game, first: Seen, second: Seen, vision: tuple[str, float]) -> Problem:
    name, apart = vision
    face = face_for(game, second.component, second.card, second.side)
    line = face.line if face is not None else second.component.line
    return warning(game.manifest, line, f"{_named(first)} and {_named(second)} differ only in colour, and with "
                                        f"{name} their colours look {apart:.1f} apart (CIEDE2000; "
                                        f"{MIN_APART:g} is needed to tell piles apart): add a symbol, or choose "
                                        f"colours that differ in lightness")


def _named(seen: Seen) -> str:
    card = f"card {seen.card.id} " if seen.card is not None else ""
    return f"the {seen.side} of {card}in '{seen.component.id}'"
