"""Druid's Duel statistics, for `ppgen validate --stats`: the deck, the deal, and how long
games last when every druid plays at random (a floor for the printed play time: real
players aim, and aimed play ends sooner). Seeded, so the report is the same every run."""

from __future__ import annotations

import random
from statistics import median

from ...model import Game
from ..playing_cards.deck import COURTS, JOKER
from .engine import FORMS, PLAYER_COUNTS, STRATEGY_RANKS, Move, State, deal, deal_table, play_turn

GAMES_PER_TABLE = 200
SEED = 1887  # the year of the diary the game is drawn from
TURN_LIMIT = 1000  # random play always ends long before this; a guard, not a rule


def random_game(players: int, rng: random.Random) -> State:
    """A whole game in which everyone picks a ready form and a card at random: its end."""
    state: State = deal(players, rng)
    while state.winners is None and state.turns_played < TURN_LIMIT:
        moves = [Move(rng.choice([f for f in FORMS if f in p.ready]), rng.choice(p.hand))
                 for p in state.players]
        state = play_turn(state, moves).after
    return state


def stats(game: Game) -> str:
    counts = {"strategy": 0, "forms": 0, "jokers": 0}
    for component in game.components:
        for card in component.cards:
            rank = card.fields.get("rank", "")
            if rank == JOKER:
                counts["jokers"] += 1
            elif rank in COURTS:
                counts["forms"] += 1
            elif rank in STRATEGY_RANKS:
                counts["strategy"] += 1
    lines = [f"deck: {counts['strategy']} strategy cards, {counts['forms']} form cards, {counts['jokers']} jokers",
             "deal: " + "; ".join(f"{n} players {row['hand']} cards each, {row['aside']} aside"
                                  for n, row in deal_table().items()),
             f"random play, {GAMES_PER_TABLE} seeded games per table (turns to the end):"]
    rng = random.Random(SEED)
    for players in PLAYER_COUNTS:
        ends = [random_game(players, rng) for _ in range(GAMES_PER_TABLE)]
        turns = sorted(end.turns_played for end in ends)
        stalled = sum(end.stalemate for end in ends)
        lines.append(f"  {players} players: median {median(turns):g}, shortest {turns[0]}, longest {turns[-1]}; "
                     f"{stalled} of {GAMES_PER_TABLE} ended in stalemate")
    return "\n".join(lines) + "\n"
