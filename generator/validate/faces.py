"""Every face a build would draw, composed in validate: so `ppgen validate` finds what the
build would stop on (a missing glyph, text that does not fit, a colour or length read from
the CSV that is wrong, a rule set's element refusing a value), all in one run. Each face's
drawing is measured as it is composed (the print preflight's faults and the element of each,
its colours, the image icons it draws), and with the face cache on, a face nothing of whose
inputs changed since the last validate is taken from the memo of those findings
(facememo.py) instead of composed."""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from ..errors import GameError, Problem
from ..faces.compose import compose, shared_back
from ..faces.fill import face_for
from ..model import Card, Component, Game
from ..text import icons
from ..words import plural
from . import colourblind, inkzone
from .facememo import Memo, Seen, seen_of
from .preflight import Faulty

# drawings kept for the build up to this many faces (about 2.5 KiB each); a bigger deck is
# composed again, page by page, so its memory stays flat
KEEP_DRAWINGS = 4096
SHOWN_CARDS = 5  # ids listed in a fault many cards share


@dataclass(frozen=True)
class Composed:
    problems: list[Problem]
    drawings: dict  # face -> drawing, when the game has at most KEEP_DRAWINGS faces (and it was composed)
    digests: dict  # face -> its digest (cache.drawing_digest), when the face cache is on
    icon_sides: dict  # an image icon's path -> the largest side it is drawn at (pt)
    faulty: list  # preflight.Faulty: each face whose drawing breaks a print rule
    seen: dict  # colourblind.signature -> the first face drawn so (colourblind.Seen)
    failed: dict = field(default_factory=dict)  # (component id, message) -> [(card, Problem)]: each fault's cards
    shared: dict = field(default_factory=dict)  # one copy of each faults, elements and colours tuple (_gather)


def check(game: Game, kept=None) -> Composed:
    """Every face composed, or taken from the memo of the last validate (facememo.py) when
    the face cache is on (kept, a kept.Kept) and nothing it reads changed."""
    faces = [(component, card, side) for component in game.components for card, side in sides(game, component)]
    keep = len(faces) <= KEEP_DRAWINGS
    memo = Memo(kept, game)
    made = Composed([], {}, {}, {}, [], {})
    for component, card, side in faces:
        key = memo.key(component, card, side)
        seen = memo.recall(key, component, card, side)
        if seen is None:
            try:
                drawing, seen = _composed(game, component, card, side, kept, made.icon_sides)
            except GameError as exc:
                for found in exc.problems:
                    made.failed.setdefault((component.id, _without_card(found, card)), []).append((card, found))
                continue
            memo.note(key, seen)
            if keep:
                made.drawings[(component.id, card.id if card else None, side)] = drawing
        _gather(made, component, card, side, seen)
    memo.save()
    made.problems.extend(_folded(component_id, cards) for (component_id, _), cards in made.failed.items())
    return made


def _composed(game: Game, component: Component, card: Card | None, side: str, kept,
              icon_sides: dict) -> tuple:
    """(the face's drawing, what validate takes of it: facememo.Seen). The image icons it
    drew are noted in icon_sides even when it fails (the drawing stops at a fault)."""
    spans: list = []
    with icons.noting_sides({}) as noted:
        try:
            drawing = compose(game, component, card, side, spans)
        finally:
            _larger(icon_sides, noted.items())
    faults, look = (), None
    if component.kind != "mat":  # a mat is one drawing, not cut from a sheet nor one of a pile
        face = face_for(game, component, card, side)
        faults = tuple((fault, _element_at(spans, face, fault.index))
                       for fault in inkzone.faults(drawing, component.safe))
        look = colourblind.signature(drawing)
    return drawing, seen_of(drawing, kept, noted, faults, look)


def _element_at(spans: list, face, index: int) -> int | None:
    """The place in the face of the element that drew top-level op `index` (None: the background)."""
    drawn = next((element for element, start, end in spans if start <= index < end), None)
    return next(i for i, element in enumerate(face.elements) if element is drawn) if drawn is not None else None


def _gather(made: Composed, component: Component, card: Card | None, side: str, seen: Seen) -> None:
    """A face's findings added to the game's, in the order of its faces."""
    _larger(made.icon_sides, seen.sides)
    # Cards of a deck mostly share their faults and colours: one copy of each, not one a card
    # (20,000 cards' alike faults and colour names held apart took 15 MiB)
    if seen.faults:
        made.faulty.append(Faulty(component, card, side, _shared(made, tuple(f for f, _ in seen.faults)),
                                  _shared(made, tuple(e for _, e in seen.faults))))
    if seen.look is not None:
        look = (seen.look[0], _shared(made, seen.look[1]))
        made.seen.setdefault(look, colourblind.Seen(component, card, side, look[1]))
    if seen.digest is not None:
        made.digests[(component.id, card.id if card else None, side)] = seen.digest


def _shared(made: Composed, value: tuple) -> tuple:
    return made.shared.setdefault(value, value)


def _larger(sides: dict, noted) -> None:
    for path, side in noted:
        sides[path] = max(sides.get(path, 0.0), side)


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
