"""What Uncontrolled Squid's rules.md may call, besides the generic helpers:

- ``squid``: the rules' numbers and names, from the engine and the game's data:
  ``squid.points_to_win``, ``squid.player_counts`` (2, 4, ...), ``squid.min_players``,
  ``squid.max_players``, ``squid.hand`` (cards per suit), ``squid.suits_per_deck``,
  ``squid.decks_needed(players, recalcitrant=False)``, ``squid.ranks`` (low to high, as
  words), ``squid.cults`` and ``squid.squid`` (.key .name .suit .suit_name .color .emblem),
  ``squid.variant("betrayer")`` (the variant card's name, trigger and text) and
  ``squid.pro`` (the names of the author's favourite pairing);
- ``score_track(caption="")``: the score track's rows, as printed (a figure).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from ...errors import HelperError
from ...model import Game
from ..base import Embedder
from ..playing_cards.deck import RANK_NAMES, RANKS, SUIT_NAMES
from . import cults, engine
from .checks import VARIANTS
from .figures import TrackFigure


@dataclass(frozen=True)
class CultFacts:
    key: str
    name: str
    suit: str
    suit_name: str
    color: str
    emblem: str


class SquidFacts:
    """The template's ``squid`` object."""

    points_to_win = engine.POINTS_TO_WIN
    player_counts = list(engine.PLAYER_COUNTS)
    min_players = engine.PLAYER_COUNTS[0]
    max_players = engine.PLAYER_COUNTS[-1]
    hand = len(RANKS)
    suits_per_deck = engine.SUITS_PER_DECK
    # Aces high: the ranks from the lowest to the highest, as words.
    ranks = [RANK_NAMES.get(rank, rank) for rank in sorted(RANKS, key=lambda r: engine.ACES_HIGH[r])]

    def __init__(self, game: Game):
        self._game = game

    @staticmethod
    def _facts(cult: cults.Cult) -> CultFacts:
        return CultFacts(cult.key, cult.name, cult.suit, SUIT_NAMES[cult.suit], cult.color, cult.emblem)

    @property
    def cults(self) -> list[CultFacts]:
        return [self._facts(c) for c in cults.player_cults(self._game)]

    @property
    def squid(self) -> CultFacts:
        return self._facts(cults.squid_cult(self._game))

    def decks_needed(self, players: int, recalcitrant: bool = False) -> int:
        try:
            return engine.decks_needed(int(players), bool(recalcitrant))
        except engine.RuleError as exc:
            raise HelperError(f"squid.decks_needed({players}): {exc}") from None

    def variant(self, name: str) -> Mapping[str, str]:
        try:
            cards = self._game.component(VARIANTS).cards
        except KeyError:
            raise HelperError(f"squid.variant(): no component '{VARIANTS}'") from None
        for card in cards:
            if card.id == name:
                return dict(card.fields)
        raise HelperError(f"squid.variant({name!r}): no such variant card (cards: {', '.join(c.id for c in cards)})")

    @property
    def pro(self) -> list[str]:
        return [self.variant(name)["name"] for name in engine.PRO_VERSION]


def helpers(game: Game, embeds: Embedder) -> Mapping[str, Any]:
    def score_track(caption: str = "") -> str:
        return embeds.token(TrackFigure(game, str(caption)))

    return {"squid": SquidFacts(game), "score_track": score_track}
