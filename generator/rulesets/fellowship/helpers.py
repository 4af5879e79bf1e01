"""What The Fellowship of the Ring's rules.md may call, besides the generic helpers:

- ``ring``: the engine's numbers and facts: ``ring.size`` (13 stacks), ``ring.hand`` (5),
  ``ring.deck(players)`` (cards in play), ``ring.turns(players)`` (turns each player takes),
  ``ring.joker(players)`` (is the joker used), ``ring.ladder`` (2 .. K),
  ``ring.ace_beats`` (J, Q, K) and ``ring.beat_ace`` (2 .. 10), ``ring.boromir`` ('JS');
- ``rank_order(caption="")``: the rank order with the odd ace (a figure);
- ``ring_figure(["9D", "5C", ...], caption="", arrows=True)``: the ring, top cards on the
  first places, arrows for the captures they allow (a figure).

Figures stand alone in their paragraph. A helper called wrongly raises HelperError, which
the rules stage reports at the template's line.
"""

from __future__ import annotations

from typing import Any, Mapping

from ...errors import HelperError
from ...model import Game
from ..base import Embedder
from . import engine
from .figures import RankOrderFigure, RingFigure, ace_beats, beat_ace
from .replays import COMPONENT


class RingFacts:
    """The engine's numbers, for the rules' text."""

    size = engine.RING_SIZE
    hand = engine.HAND_SIZE
    boromir = engine.BOROMIR
    ladder = list(engine.LADDER)
    ace_beats = ace_beats()
    beat_ace = beat_ace()

    @staticmethod
    def _players(players) -> int:
        players = int(players)
        if not 2 <= players <= 4:
            raise HelperError(f"the game is for 2 to 4 players, not {players}")
        return players

    def deck(self, players: int) -> int:
        return engine.deck_count(self._players(players))

    def turns(self, players: int) -> int:
        return engine.turns_per_player(self._players(players))

    def joker(self, players: int) -> bool:
        return engine.uses_joker(self._players(players))


def helpers(game: Game, embeds: Embedder) -> Mapping[str, Any]:
    def rank_order(caption: str = "") -> str:
        return embeds.token(RankOrderFigure(str(caption)))

    def ring_figure(stacks, caption: str = "", arrows: bool = True) -> str:
        tops = tuple(None if s is None else str(s) for s in stacks)
        if len(tops) > engine.RING_SIZE:
            raise HelperError(f"ring_figure(): a ring has {engine.RING_SIZE} places, not {len(tops)}")
        known = {card.id for card in game.component(COMPONENT).cards} if _has_deck(game) else set()
        missing = next((t for t in tops if t is not None and t not in known), None)
        if missing:
            raise HelperError(f"ring_figure(): no card '{missing}' in the deck '{COMPONENT}'")
        return embeds.token(RingFigure(tops, str(caption), "", bool(arrows)))

    return {"ring": RingFacts(), "rank_order": rank_order, "ring_figure": ring_figure}


def _has_deck(game: Game) -> bool:
    return any(c.id == COMPONENT for c in game.components)
