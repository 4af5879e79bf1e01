"""What Druid's Duel's rules.md may call, besides the generic helpers:

- ``duel``: the game's numbers and forms, from the engine and game.toml's data:
  ``duel.deal_table`` (rows of .players .hand .aside), ``duel.strategy_cards`` (40),
  ``duel.players`` ([2, 3, 4]), ``duel.most_players`` (4), ``duel.chameleon_players`` (3),
  ``duel.jokers`` (2), ``duel.form_cards`` (12), ``duel.card_name("3S")`` ("3 of spades"),
  ``duel.forms`` (the three forms, jack to king: .rank .card_name .animal .name .rule),
  ``duel.form("lion")`` and ``duel.chameleon`` (the joker's form);
- ``place_figure(caption="", labels=[ready, active, strategy, drained], marker="DRAINED")``: one
  druid's cards in the middle of a turn (figures.py), standing alone in its paragraph; an
  edition's rules give its own labels and the word on the drained marker.

A helper called wrongly raises HelperError, reported at the template's line.
"""

from __future__ import annotations

from typing import Any, Mapping

from ...errors import HelperError
from ...model import Game
from ..base import Embedder
from ..playing_cards.deck import COURTS, JOKER, SUITS, parse
from .engine import CHAMELEON_MIN_PLAYERS, FORMS, JOKERS, PLAYER_COUNTS, STRATEGY_DECK, deal_table
from .figures import PlaceFigure
from .forms import Form, form_of


class Duel:
    """The template's ``duel`` object."""

    def __init__(self, game: Game):
        self._game = game
        self.players = list(PLAYER_COUNTS)
        self.chameleon_players = CHAMELEON_MIN_PLAYERS
        self.jokers = JOKERS
        self.strategy_cards = len(STRATEGY_DECK)
        self.deal_table = [{"players": n, "hand": row["hand"], "aside": row["aside"]}
                           for n, row in deal_table().items()]
        self.form_cards = len(COURTS) * len(SUITS)
        self.most_players = PLAYER_COUNTS[-1]

    def card_name(self, card_id: str) -> str:
        """'3S' -> '3 of spades', 'AH' -> 'ace of hearts'."""
        try:
            return parse(str(card_id)).name
        except ValueError as fault:
            raise HelperError(f"duel.card_name: {fault}") from None

    def _form(self, rank: str) -> Form:
        try:
            return form_of(self._game, rank)
        except ValueError as fault:
            raise HelperError(str(fault)) from None

    @property
    def forms(self) -> list[Form]:
        return [self._form(rank) for rank in COURTS]

    @property
    def chameleon(self) -> Form:
        return self._form(JOKER)

    def form(self, animal: str) -> Form:
        found = next((f for f in self.forms + [self.chameleon] if f.animal == animal), None)
        if found is None:
            raise HelperError(f"duel.form({animal!r}): the forms are {', '.join(FORMS)} and chameleon")
        return found


def helpers(game: Game, embeds: Embedder) -> Mapping[str, Any]:
    def place_figure(caption: str = "", labels=None, marker: str | None = None) -> str:
        words = {} if marker is None else {"marker_label": str(marker)}
        if labels is not None:
            if len(labels) != 4:
                raise HelperError("place_figure(labels=[...]) takes four labels: ready, active form, strategy, "
                                  "drained")
            words["labels"] = tuple(str(label) for label in labels)
        return embeds.token(PlaceFigure(game, caption=str(caption), **words))

    return {"duel": Duel(game), "place_figure": place_figure}
