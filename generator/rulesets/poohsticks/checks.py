"""Poohsticks' checks on its game.toml: the deck is a standard one without jokers and holds
enough aces for every player's boat; the numbers the rules print are sane."""

from __future__ import annotations

from ...errors import Problem, problem
from ...model import Game
from ..playing_cards.deck import parse

DECK = "cards"


def check(game: Game) -> list[Problem]:
    found: list[Problem] = []
    try:
        deck = game.component(DECK)
    except KeyError:
        return [problem(game.manifest, game.line_of("components"), f"Poohsticks needs a deck with id '{DECK}'")]
    if "card" not in deck.columns:
        return [problem(game.manifest, deck.line, f"component '{DECK}': not a playing-card deck (no 'card' column)")]
    aces = 0
    for row in deck.cards:
        try:
            card = parse(row.fields["card"])
        except ValueError:
            continue  # the playing-cards check reports it
        if card.is_joker:
            found.append(problem(row.path, row.line, f"card '{row.id}': Poohsticks is played without jokers"))
        aces += card.rank == "A"
    if aces < game.players[1]:
        found.append(problem(game.manifest, game.line_of("players"),
                             f"{game.players[1]} players need {game.players[1]} aces for boats; the deck has {aces}"))
    for key, low in (("hand_size", 1), ("river_length", 2), ("rocks_per_player", 0)):
        value = game.data.get(key)
        if not isinstance(value, int) or isinstance(value, bool) or value < low:
            found.append(problem(game.manifest, game.line_of("data", key) or game.line_of("data"),
                                 f"data.{key} must be a whole number from {low}, got {value!r}"))
    return found
