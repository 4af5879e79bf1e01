"""The print preflight of the cards, said as warnings (exit 0; `validate --strict` makes them
errors): text and frames in the safe margin and text too small on a card (inkzone.py finds
them on each face's drawing), at the game.toml line of the element that draws them, once
for all the cards alike; sheets.py measures the cut sheets, colourblind.py the backs."""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import Problem, warning
from ..faces.fill import face_for
from ..model import Card, Component, Game
from ..units import MM
from ..words import plural
from .inkzone import MIN_CARD_TEXT, Fault

SHOWN_CARDS = 5  # card ids a warning lists


@dataclass(frozen=True)
class Faulty:
    """A face whose drawing broke a print rule, and how (inkzone.faults), and the element
    that drew each fault: its place in the face (None: none, the face's background)."""
    component: Component
    card: Card | None
    side: str
    faults: tuple[Fault, ...]
    elements: tuple[int | None, ...]


def card_warnings(game: Game, faulty: list[Faulty]) -> list[Problem]:
    """One warning per element and rule, naming the cards it holds for."""
    found: dict[tuple, list[str]] = {}
    named: dict[tuple, str] = {}
    for face in faulty:
        drawn = face_for(game, face.component, face.card, face.side)
        for fault, place in zip(face.faults, face.elements):
            element = drawn.elements[place] if place is not None else None
            line = element.line if element is not None else drawn.line if drawn else face.component.line
            what = f"face '{drawn.name if drawn else face.side}'" + (f" {element.type}" if element else "")
            # one element said once, whichever of the faces that extend it drew it
            key = (line, fault.kind, round(fault.measure, 2), face.component.safe)
            named.setdefault(key, what)
            found.setdefault(key, []).append(face.card.id if face.card else f"the shared {face.side}")
    problems = []
    for (line, kind, measure, safe), cards in found.items():
        said = f"{named[line, kind, measure, safe]}: {_said(kind, measure, safe)}"
        problems.append(warning(game.manifest, line, f"{said} ({_cards(list(dict.fromkeys(cards)))})"))
    return problems


def _said(kind: str, measure: float, safe: float) -> str:
    margin = f"the {safe / MM:.2f} mm safe margin"
    if kind == "small-text":
        return f"text prints at {measure:.2f} pt, below the {MIN_CARD_TEXT:g} pt a card's text needs to be read"
    if kind == "text-margin":
        return (f"text inks {measure / MM:.2f} mm inside the trim, in {margin}: a cut that strays takes it off; "
                f"keep text inside the safe line")
    return (f"a frame inks {measure / MM:.2f} mm inside the trim, in {margin}: a cut that strays shows it "
            f"thicker on one side; keep it inside the safe line, or take it out into the bleed")


def _cards(cards: list[str]) -> str:
    shown = ", ".join(cards[:SHOWN_CARDS]) + (", ..." if len(cards) > SHOWN_CARDS else "")
    return f"card {shown}" if len(cards) == 1 else f"{plural(len(cards), 'card')}: {shown}"
