"""`ppgen validate poohsticks --stats`: how often a hand can pay for each river value, so a
designer changing the hand size or the deck sees what it does to the game."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

from ...model import Game
from .engine import reach_numbers, values

DECK = "cards"


RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")


def reach_shares(cards: list[str], hand_size: int) -> dict[str, float]:
    """river card rank -> share of all hands of hand_size from these cards that can pay for
    it (with some of their cards, each once; an ace in the river takes 1 or 14)."""
    kinds = Counter(tuple(sorted(values(c) for c in hand)) for hand in combinations(cards, hand_size))
    total = sum(kinds.values())
    hits: Counter = Counter()
    for key, count in kinds.items():
        made: set[int] = set()
        for size in range(1, len(key) + 1):
            for part in combinations(key, size):
                made |= set(reach_numbers(part))
        for rank in RANKS:
            if made & set(values(rank + "S")):
                hits[rank] += count
    return {rank: hits[rank] / total for rank in RANKS}


def stats(game: Game) -> str:
    cards = [c.id for c in game.component(DECK).cards]
    boats = [c for c in cards if c.startswith("A")][: game.players[1]]
    rest = [c for c in cards if c not in boats]
    hand = int(game.data.get("hand_size", 3))
    shares = reach_shares(rest, hand)
    lines = [f"{game.title}: {len(cards)} cards; {len(boats)} aces are boats, {len(rest)} cards left to deal",
             f"Hands of {hand} from those {len(rest)} cards that can move onto a card worth:"]
    for rank, share in shares.items():
        worth = " or ".join(map(str, values(rank + "S")))
        label = rank if worth == rank else f"{rank} ({worth})"
        lines.append(f"  {label:>11}: {share * 100:5.1f} %")
    return "\n".join(lines)
