"""What Poohsticks' rules.md may call, besides the generic helpers:

- ``river_figure(rows, lanes, boat=[r, c], rocks=[[r, c]], bridge_row=n, caption="")``: a
  stretch of river as a diagram, where the boat may go worked out by the river engine
  (figures.py); it stands alone in its paragraph;
- ``solved_hands(count=3)``: hands from the deck the solver has solved (examples.py), each
  with ``.cards`` and ``.solved`` (``.target``, ``.way``);
- ``ways(hand, target)``: the solver's unpadded ways (printed forms) for a list of card ids
  and a number or a river card's id;
- ``worth(card)``: what a card counts as, '7' or '1 or 14';
- ``way("7 ÷ 2", legal=False)``: a way written in the text, read by the engine: it is
  printed as written if it is legal (or, with legal=False, if it is not), else an error.

A helper called wrongly raises HelperError, reported at the template's line.
"""

from __future__ import annotations

from typing import Any, Mapping

from ...errors import HelperError
from ...model import Game
from ..base import Embedder
from . import engine, examples, written
from .figures import RiverFigure, marks_for

DECK = "cards"


def helpers(game: Game, embeds: Embedder) -> Mapping[str, Any]:
    def deck_ids() -> list[str]:
        try:
            return [card.id for card in game.component(DECK).cards]
        except KeyError:
            raise HelperError(f"Poohsticks helpers need a component '{DECK}'") from None

    def card_values(card_id: str) -> tuple[int, ...]:
        if str(card_id) not in deck_ids():
            raise HelperError(f"no card '{card_id}' in the deck")
        return engine.values(str(card_id))

    def river_figure(rows: int, lanes: int, boat=None, rocks=(), bridge_row=None, caption: str = "") -> str:
        rows, lanes = int(rows), int(lanes)
        if not (1 <= rows <= 12 and 1 <= lanes <= 8):
            raise HelperError(f"river_figure({rows}, {lanes}): 1 to 12 rows and 1 to 8 lanes")
        places = [tuple(boat)] if boat else []
        places += [tuple(r) for r in rocks]
        if any(not (1 <= r <= rows and 1 <= c <= lanes) for r, c in places):
            raise HelperError(f"river_figure: a place outside {rows} rows × {lanes} lanes")
        if bridge_row is not None and not 2 <= int(bridge_row) <= rows:
            raise HelperError("river_figure: the bridge is never the first row")
        marks = marks_for(rows, lanes, tuple(boat) if boat else None, [tuple(r) for r in rocks],
                          int(bridge_row) if bridge_row else None)
        return embeds.token(RiverFigure(marks, str(caption)))

    def solved_hands(count: int = 3) -> list:
        found = examples.solved_hands(deck_ids(), int(count), int(game.data.get("hand_size", 3)))
        if len(found) < int(count):
            raise HelperError(f"solved_hands({count}): the deck gives only {len(found)} such hands")
        return found

    def ways(hand, target) -> list[str]:
        targets = card_values(target) if isinstance(target, str) else (int(target),)
        for card in hand:
            card_values(card)
        return [w.text for t in targets for w in engine.ways(tuple(hand), t)]

    def worth(card_id: str) -> str:
        return " or ".join(str(v) for v in card_values(card_id))

    def way(text: str, legal: bool = True) -> str:
        try:
            reading = written.read(str(text))
        except ValueError as exc:
            raise HelperError(f"way({text!r}): {exc}") from None
        if (reading.value is not None) != bool(legal):
            why = reading.problem or f"it comes to {reading.value}"
            raise HelperError(f"way({text!r}) is {'not ' if legal else ''}a legal way: {why}")
        return str(text)

    return {"river_figure": river_figure, "solved_hands": solved_hands, "ways": ways, "worth": worth, "way": way}
