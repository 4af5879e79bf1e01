"""Every face a build would draw, composed in validate: so `ppgen validate` finds what the
build would stop on (a missing glyph, text that does not fit, a colour or length read from
the CSV that is wrong, a rule set's element refusing a value), all in one run."""

from __future__ import annotations

from .. import cache
from ..errors import GameError, Problem
from ..faces.compose import compose, shared_back
from ..model import Card, Component, Game


def check(game: Game) -> list[Problem]:
    problems: list[Problem] = []
    faces = [(component, card, side) for component in game.components for card, side in _sides(game, component)]
    keep = len(faces) <= cache.KEEP_DRAWINGS
    for component, card, side in faces:
        try:
            drawing = compose(game, component, card, side)
        except GameError as exc:
            problems += exc.problems
            continue
        cache.noted((component.id, card.id if card else None, side), drawing, keep)  # the build reuses it
    return problems


def _sides(game: Game, component: Component) -> list[tuple[Card | None, str]]:
    if component.kind == "mat":  # one drawing, read from no card
        sides = [(None, "front")] if component.front else []
    else:
        sides = [(card, "front") for card in component.cards if component.front]
    if component.back and component.cards:
        backs = component.cards[:1] if shared_back(game, component) else component.cards
        sides += [(card, "back") for card in backs]
    return sides
