"""Uncontrolled Squid statistics, for `ppgen validate --stats`: the cults and their cards,
the decks a table needs, and how often a round leaves the totem loose when everyone plays
a card at random (exact for small tables, a seeded sample for large ones)."""

from __future__ import annotations

import itertools
import random
from collections import Counter

from ...model import Game
from ..playing_cards.deck import RANKS
from . import cults
from .engine import ACES_HIGH, PLAYER_COUNTS, deciding_index, decks_needed

EXACT_UP_TO = 4  # players: 13^4 rounds are enumerated, larger tables sampled
SAMPLES = 20_000
SEED = 2005


def stats(game: Game) -> str:
    counts = Counter(card.fields.get(cults.CULT_COLUMN) for card in game.component(cults.DECK).cards)
    lines = ["Cults (cards in the deck):"]
    lines += [f"  {c.key:<8} {c.name:<22} suit {c.suit}  {counts.get(c.key, 0)} cards"
              for c in cults.every_cult(game)]
    lines += ["", "Players  decks  with the Squid's suit  loose rounds (random cards)"]
    for players in PLAYER_COUNTS:
        lines.append(f"  {players:<6} {decks_needed(players):>5}  {decks_needed(players, True):>21}  "
                     f"{loose_share(players):>6.1%}")
    return "\n".join(lines) + "\n"


def loose_share(players: int) -> float:
    """The share of rounds in which nobody takes the totem, every card drawn at random."""
    values = [ACES_HIGH[rank] for rank in RANKS]
    if players <= EXACT_UP_TO:
        rounds = itertools.product(values, repeat=players)
        total = len(values) ** players
    else:
        rng = random.Random(SEED)
        rounds = ([rng.choice(values) for _ in range(players)] for _ in range(SAMPLES))
        total = SAMPLES
    return sum(deciding_index(r) is None for r in rounds) / total
