"""Druid's Duel's checks, run by `ppgen validate`:

- the player range in game.toml lies within the engine's (2 to 4);
- the deck holds every card the rules need: ace to ten in each suit (the strategy cards),
  a jack, queen and king per player in each suit (the forms) and the jokers (Chameleons);
- data.forms gives every court and the joker its animal and rule, as the engine has them.
"""

from __future__ import annotations

from ...errors import Problem, problem
from ...model import Game
from ..playing_cards.deck import COURTS, JOKER, RANK_NAMES, SUITS, standard_deck
from .engine import JOKERS, PLAYER_COUNTS, STRATEGY_RANKS
from .forms import DECK, form_fault, line_of_form

NEEDED = tuple(standard_deck(JOKERS, STRATEGY_RANKS + COURTS, SUITS))
WHY = {rank: "the strategy cards run ace to ten in every suit" for rank in STRATEGY_RANKS}
WHY |= {rank: "every player takes a jack, a queen and a king as forms" for rank in COURTS}
WHY[JOKER] = f"the Chameleon variant uses {JOKERS} jokers"


def check(game: Game) -> list[Problem]:
    return _players(game) + _deck(game) + _forms(game)


def _players(game: Game) -> list[Problem]:
    low, high = game.players
    if low < PLAYER_COUNTS[0] or high > PLAYER_COUNTS[-1]:
        return [problem(game.manifest, game.line_of("players"),
                        f"players {low}-{high}: Druid's Duel is for {PLAYER_COUNTS[0]} to {PLAYER_COUNTS[-1]} "
                        f"players (the deck's courts give four sets of forms)")]
    return []


def _deck(game: Game) -> list[Problem]:
    index = next((i for i, c in enumerate(game.components) if c.id == DECK), None)
    if index is None:
        return [problem(game.manifest, game.line_of("components"),
                        f"no component '{DECK}': Druid's Duel is played with one poker deck of that id")]
    component = game.components[index]
    have = {card.fields.get("card", card.id).upper() for card in component.cards}
    missing: dict[str, list[str]] = {}
    for card in NEEDED:
        if card.id not in have:
            missing.setdefault(card.rank, []).append(card.id)
    line = game.line_of("components", index, "standard") or game.line_of("components", index, "data")
    return [problem(game.manifest, line or component.line,
                    f"component '{DECK}' lacks {_plural(rank)} ({', '.join(ids)}): {WHY[rank]}")
            for rank, ids in missing.items()]


def _plural(rank: str) -> str:
    return "the jokers" if rank == JOKER else f"{RANK_NAMES.get(rank, rank)}s"


def _forms(game: Game) -> list[Problem]:
    problems = []
    for rank in COURTS + (JOKER,):
        fault = form_fault(game, rank)
        if fault:
            problems.append(problem(game.manifest, line_of_form(game, rank), fault))
    return problems
