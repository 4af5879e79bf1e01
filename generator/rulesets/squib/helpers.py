"""What Squib Squares' rules.md may call, besides the generic helpers:

- ``set_score(columns, rows)`` (.cards .longest .bonus .score .shape) and
  ``set_shapes(max_columns, max_rows, extra=[[1, 6]])``: the scoring arithmetic;
- ``beats_wheel(caption="")`` and ``set_figure(columns, rows, caption="")``: figures, each
  standing alone in its paragraph;
- worked examples found in the deck: ``squib.square(columns, rows)``,
  ``squib.clash("emotion")``, ``squib.neighbours()``, ``squib.steal("beats", "ties")``,
  ``squib.wheel_order()`` and ``squib.face_off(mine, theirs)``; ``squib.corners(grid)``
  (.outward .inward) counts a set's corners, None standing for a missing card.

A helper called wrongly, or an example the deck cannot give, raises HelperError, which the
rules stage reports at the template's line.
"""

from __future__ import annotations

from typing import Any, Mapping

from ...errors import HelperError
from ...model import Game
from ..base import Embedder
from . import engine, examples
from .figures import ShapeFigure, wheel_figure


class SquibExamples:
    """Worked examples found in the Squib Squares deck (the 'squibs' component): the
    template's ``squib`` object."""

    def __init__(self, game: Game):
        self._game = game
        self._cards = None

    def _deck(self):
        if self._cards is None:
            try:
                self._cards = engine.deck(self._game)
            except KeyError:
                raise HelperError(f"squib helpers need a component '{engine.COMPONENT}'") from None
        return self._cards

    def _beats(self):
        beats = self._game.data.get("beats")
        if not isinstance(beats, dict) and not hasattr(beats, "get"):
            raise HelperError("squib helpers need data.beats")
        return beats

    def square(self, columns: int, rows: int) -> list[list[str]]:
        found = examples.find_square(self._deck(), int(columns), int(rows))
        if found is None:
            raise HelperError(f"squib.square({columns}, {rows}): no such set can be made from this deck")
        return found

    def clash(self, feature: str = "emotion"):
        found = examples.find_clash(self._deck(), feature)
        if found is None:
            raise HelperError("squib.clash(): no two cards in this deck clash")
        return found

    def neighbours(self) -> list[str]:
        found = examples.find_neighbours(self._deck())
        if found is None:
            raise HelperError("squib.neighbours(): no two cards in this deck may sit side by side")
        return list(found)

    def steal(self, first: str = "beats", second: str = "ties"):
        found = examples.find_steal(self._deck(), self._beats(), (first, second))
        if found is None:
            raise HelperError(f"squib.steal({first!r}, {second!r}): no two cards in this deck give that")
        return found

    def corners(self, grid):
        """A set's corners (.outward, .inward); None in the grid is a missing card."""
        if not isinstance(grid, (list, tuple)) or not all(isinstance(row, (list, tuple)) for row in grid):
            raise HelperError("squib.corners(grid): give rows of cards, None for a missing one")
        return engine.corners(grid)

    def wheel_order(self) -> list[str]:
        order, _ = engine.wheel_order(list(self._game.data.get("colors", ())), self._beats())
        return order

    def face_off(self, mine: str, theirs: str) -> str:
        return engine.colour_result(mine, theirs, self._beats())


def helpers(game: Game, embeds: Embedder) -> Mapping[str, Any]:
    def beats_wheel(caption: str = "") -> str:
        if not game.data.get("beats") or not game.data.get("colors"):
            raise HelperError("beats_wheel() needs data.colors and data.beats")
        return embeds.token(wheel_figure(game, str(caption)))

    def set_figure(columns: int, rows: int, caption: str = "") -> str:
        return embeds.token(ShapeFigure(int(columns), int(rows), str(caption)))

    def set_shapes(max_columns: int = 4, max_rows: int = 4, extra=()) -> list:
        return engine.set_shapes(int(max_columns), int(max_rows), [tuple(e) for e in extra])

    def set_score(columns: int, rows: int):
        try:
            return engine.set_score(int(columns), int(rows))
        except ValueError as exc:
            raise HelperError(f"set_score({columns}, {rows}): {exc}") from None

    return {"squib": SquibExamples(game), "beats_wheel": beats_wheel, "set_figure": set_figure,
            "set_shapes": set_shapes, "set_score": set_score}
