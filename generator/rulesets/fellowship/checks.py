"""The Fellowship's deck check: the game is played with one full deck of 52 and one joker.
Boromir (the jack of spades) and the joker must be there, once each, or the rules cannot
be played; a second joker is set aside in the rules, so it has no place in the deck."""

from __future__ import annotations

from collections import Counter

from ...errors import Problem, problem
from ...model import Game
from . import engine
from .replays import COMPONENT

FULL_DECK = engine.deck_count(2)


def check(game: Game) -> list[Problem]:
    try:
        deck = game.component(COMPONENT)
    except KeyError:
        return [problem(game.manifest, game.line_of("components"),
                        f"the Fellowship rules need a deck with id '{COMPONENT}'")]
    index = game.components.index(deck)
    where = game.line_of("components", index, "standard")  # else its table's line
    ids = Counter(card.fields.get("card", card.id) for card in deck.cards)
    problems = []
    if len(deck.cards) != FULL_DECK:
        problems.append(f"the deck '{COMPONENT}' must hold {FULL_DECK} cards (52 and one joker), "
                        f"it holds {len(deck.cards)}")
    for needed, what in ((engine.BOROMIR, "the jack of spades (Boromir)"), (engine.JOKER, "one joker")):
        if ids[needed] != 1:
            problems.append(f"the deck '{COMPONENT}' must hold {what} once, as '{needed}'")
    twice = sorted(card for card, n in ids.items() if n > 1 and card not in (engine.BOROMIR, engine.JOKER))
    if twice:
        problems.append(f"the deck '{COMPONENT}' holds {', '.join(twice)} more than once")
    return [problem(game.manifest, where, message) for message in problems]
