"""Every face a build would draw, composed in validate: so `ppgen validate` finds what the
build would stop on (a missing glyph, text that does not fit, a colour or length read from
the CSV that is wrong, a rule set's element refusing a value), all in one run."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Callable

from ..errors import GameError, Problem
from ..faces.compose import compose, shared_back
from ..model import Card, Component, Game
from ..text import icons
from ..words import plural
from . import colourblind, inkzone
from .preflight import Faulty

# drawings kept for the build up to this many faces (about 2.5 KiB each); a bigger deck is
# composed again, page by page, so its memory stays flat
KEEP_DRAWINGS = 4096
SHOWN_CARDS = 5  # ids listed in a fault many cards share


@dataclass(frozen=True)
class Composed:
    problems: list[Problem]
    drawings: dict  # face -> drawing, when the game has at most KEEP_DRAWINGS faces
    digests: dict  # face -> digest(drawing), when a digest was asked for
    icon_sides: dict  # an image icon's path -> the largest side it is drawn at (pt)
    faulty: list  # preflight.Faulty: each face whose drawing breaks a print rule
    seen: dict  # colourblind.signature -> the first face drawn so (colourblind.Seen)


def check(game: Game, digest: Callable | None = None) -> Composed:
    faces = [(component, card, side) for component in game.components for card, side in sides(game, component)]
    keep = len(faces) <= KEEP_DRAWINGS
    drawings, digests, icon_sides, faulty, seen = {}, {}, {}, [], {}
    failed: dict[tuple, list[tuple[Card | None, Problem]]] = {}  # the same fault -> each card that has it
    for component, card, side in faces:
        try:
            with icons.noting_sides(icon_sides):
                drawing = compose(game, component, card, side)
        except GameError as exc:
            for found in exc.problems:
                failed.setdefault((component.id, _without_card(found, card)), []).append((card, found))
            continue
        if component.kind != "mat":  # a mat is one drawing, not cut from a sheet nor one of a pile
            found = inkzone.faults(drawing, component.safe)
            if found:
                faulty.append(Faulty(component, card, side, tuple(found)))
            look = colourblind.signature(drawing)
            seen.setdefault(look, colourblind.Seen(component, card, side, look[1]))
        face = (component.id, card.id if card else None, side)
        if keep:
            drawings[face] = drawing
        if digest is not None:
            digests[face] = digest(drawing)
    problems = [_folded(component_id, cards) for (component_id, _), cards in failed.items()]
    return Composed(problems, drawings, digests, icon_sides, faulty, seen)


def _without_card(found: Problem, card: Card | None) -> str:
    """The message without compose's 'card ID: ', which is all that differs when every card
    fails alike (a `when` misreading [data], a face element that reads no card)."""
    prefix = f"card {card.id}: " if card else ""
    return found.message[len(prefix):] if prefix and found.message.startswith(prefix) else found.message


def _folded(component_id: str, cards: list[tuple[Card | None, Problem]]) -> Problem:
    """One report of a fault many cards share: at the first card, saying how many more."""
    first = cards[0][1]
    others = [card.id for card, _ in cards[1:] if card is not None]
    if not others:
        return first
    listed = ", ".join(others[:SHOWN_CARDS]) + (", ..." if len(others) > SHOWN_CARDS else "")
    return replace(first, message=f"{first.message} (and {plural(len(others), 'more card')} of "
                                  f"component '{component_id}' alike: {listed})")


def sides(game: Game, component: Component) -> list[tuple[Card | None, str]]:
    if component.kind == "mat":  # one drawing, read from no card
        sides = [(None, "front")] if component.front else []
    else:
        sides = [(card, "front") for card in component.cards if component.front]
    if component.back and component.cards:
        backs = component.cards[:1] if shared_back(game, component) else component.cards
        sides += [(card, "back") for card in backs]
    return sides
