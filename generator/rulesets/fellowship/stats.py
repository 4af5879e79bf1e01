"""The Fellowship's numbers for `ppgen validate --stats`: how likely a stack is to capture
its neighbour, by the rank on top, in the two-player game and the suit game; and what a
table of two, three or four players deals out. All from the engine, over every ordered
pair of different cards of the game's deck."""

from __future__ import annotations

from ...model import Game
from ..playing_cards.deck import parse
from . import engine
from .replays import COMPONENT

RANK_ORDER = ("A",) + engine.LADDER


def stats(game: Game) -> str:
    try:
        cards = [parse(c.fields.get("card", c.id)) for c in game.component(COMPONENT).cards]
    except (KeyError, ValueError):
        return f"(no playing-card deck '{COMPONENT}' to count)\n"
    lines = ["Chance that a stack may capture a given neighbour, by its top card's rank:",
             f"  {'rank':<5}{'colours':>9}{'suits':>9}"]
    for rank in RANK_ORDER:
        movers = [c for c in cards if c.rank == rank]
        lines.append(f"  {rank:<5}{_share(movers, cards, False):>9}{_share(movers, cards, True):>9}")
    everyone = [c for c in cards if not c.is_joker]
    lines.append(f"  {'all':<5}{_share(everyone, cards, False):>9}{_share(everyone, cards, True):>9}")
    lines.append("")
    lines.append("Cards per table:")
    for players in (2, 3, 4):
        lines.append(f"  {players} players: {engine.deck_count(players)} cards, joker "
                     f"{'in' if engine.uses_joker(players) else 'out'}, "
                     f"{engine.turns_per_player(players)} turns each")
    return "\n".join(lines) + "\n"


def _share(movers, cards, by_suit: bool) -> str:
    pairs = [(m, t) for m in movers for t in cards if t != m]
    if not pairs:
        return "-"
    hits = sum(engine.captures(m, t, by_suit) for m, t in pairs)
    return f"{100 * hits / len(pairs):.0f} %"
