"""Every face a build would draw, composed in validate: so `ppgen validate` finds what the
build would stop on (a missing glyph, text that does not fit, a colour or length read from
the CSV that is wrong, a rule set's element refusing a value), all in one run."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from ..errors import GameError, Problem
from ..faces.compose import compose, shared_back
from ..model import Card, Component, Game
from . import warnings

# drawings kept for the build up to this many faces (about 2.5 KiB each); a bigger deck is
# composed again, page by page, so its memory stays flat
KEEP_DRAWINGS = 4096


@dataclass(frozen=True)
class Composed:
    problems: list[Problem]
    drawings: dict  # face -> drawing, when the game has at most KEEP_DRAWINGS faces
    digests: dict  # face -> digest(drawing), when a digest was asked for
    icon_sides: dict  # an image icon's path -> the largest side it is drawn at (pt)


def check(game: Game, digest: Callable | None = None) -> Composed:
    problems: list[Problem] = []
    faces = [(component, card, side) for component in game.components for card, side in sides(game, component)]
    keep = len(faces) <= KEEP_DRAWINGS
    drawings, digests, icon_sides = {}, {}, {}
    icon_paths = {icon.path for icon in game.icons.values() if icon.path}
    for component, card, side in faces:
        try:
            drawing = compose(game, component, card, side)
        except GameError as exc:
            problems += exc.problems
            continue
        if icon_paths:
            warnings.note_icons(drawing, icon_paths, icon_sides)
        face = (component.id, card.id if card else None, side)
        if keep:
            drawings[face] = drawing
        if digest is not None:
            digests[face] = digest(drawing)
    return Composed(problems, drawings, digests, icon_sides)


def sides(game: Game, component: Component) -> list[tuple[Card | None, str]]:
    if component.kind == "mat":  # one drawing, read from no card
        sides = [(None, "front")] if component.front else []
    else:
        sides = [(card, "front") for card in component.cards if component.front]
    if component.back and component.cards:
        backs = component.cards[:1] if shared_back(game, component) else component.cards
        sides += [(card, "back") for card in backs]
    return sides
