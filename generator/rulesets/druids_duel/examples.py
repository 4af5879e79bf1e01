"""Worked examples of Druid's Duel as plain data, and their replay by the engine.

An example is a dict that a TOML table can hold:
  players    [names], in seating order            chameleon  true for the variant
  hands      {name: [card ids]} (optional: by default each hand holds the cards its
             player reveals, topped up from the unused strategy cards to the deal table's size)
  turns      [{forms: {name: form}, declared: {name: form} (Chameleons),
               strategies: {name: card id}, and any claims:
               succeeded [names], drained {name: form}, ready {name: [forms]},
               cards_left {name: n}, winners [names] (empty: the game goes on)}]
replay() resolves every turn and returns the claims the engine disagrees with.
"""

from __future__ import annotations

from .engine import STRATEGY_DECK, Move, RuleError, State, cards_per_player, new_game, play_turn
from ..playing_cards.deck import parse

# The source's two-turn example, word for word in data. Its turn 2 is wrong: C's 6 of
# Diamonds shares its suit with B's 10 of Diamonds, so C's Peacock fails and C keeps the
# card (9 cards, not 8). replay(SEED) reports exactly those two claims.
SEED = {
    "players": ["A", "B", "C", "D"],
    "turns": [
        {"forms": {"A": "jackrabbit", "B": "jackrabbit", "C": "lion", "D": "peacock"},
         "strategies": {"A": "3S", "B": "AH", "C": "9H", "D": "6H"},
         "succeeded": ["B", "C"],
         "drained": {"A": "jackrabbit", "B": "jackrabbit", "C": "lion", "D": "peacock"},
         "cards_left": {"A": 10, "B": 9, "C": 9, "D": 10}},
        {"forms": {"A": "peacock", "B": "lion", "C": "peacock", "D": "lion"},
         "strategies": {"A": "4S", "B": "10D", "C": "6D", "D": "10C"},
         "succeeded": ["A", "C"],
         "drained": {"A": "peacock", "B": "lion", "C": "peacock", "D": "lion"},
         "ready": {"A": ["jackrabbit", "lion"], "B": ["jackrabbit", "peacock"],
                   "C": ["jackrabbit", "lion"], "D": ["jackrabbit", "peacock"]},
         "cards_left": {"A": 9, "B": 9, "C": 8, "D": 10}},
    ],
}

# The same story made true: in turn 2 C reveals the 7 of Hearts, whose rank and suit no
# other card shares, so every claim of the source holds.
CORRECTED = {
    "players": SEED["players"],
    "turns": [
        SEED["turns"][0],
        {**SEED["turns"][1],
         "strategies": {"A": "4S", "B": "10D", "C": "7H", "D": "10C"}},
    ],
}

EXAMPLES = {"seed": SEED, "corrected": CORRECTED}


def starting_hands(example: dict) -> dict[str, list[str]]:
    """The example's hands, or each player's revealed cards topped up to the deal size
    with the strategy cards nobody reveals, dealt round the table in deck order."""
    names = example["players"]
    if "hands" in example:
        return {name: list(example["hands"][name]) for name in names}
    hands = {name: [] for name in names}
    for turn in example["turns"]:
        for name, card_id in turn.get("strategies", {}).items():
            card = parse(card_id).id
            if name in hands and card not in hands[name]:
                hands[name].append(card)
    revealed = {card for hand in hands.values() for card in hand}
    spare = iter(card.id for card in STRATEGY_DECK if card.id not in revealed)
    size = cards_per_player(len(names))
    while any(len(hand) < size for hand in hands.values()):
        for name in names:
            if len(hands[name]) < size:
                hands[name].append(next(spare))
    return hands


def setup(example: dict) -> tuple[list[str], State]:
    names = list(example["players"])
    hands = starting_hands(example)
    return names, new_game([hands[name] for name in names], example.get("chameleon", False))


def replay(example: dict) -> list[tuple[str, object, object]]:
    """Play every turn of the example; return (claim, expected, actual) for each claim the
    engine refutes. An illegal move raises RuleError naming the turn."""
    names, state = setup(example)
    mismatches = []
    for number, turn in enumerate(example["turns"], start=1):
        try:
            moves = [Move.of(turn["forms"][name], turn.get("strategies", {}).get(name),
                             turn.get("declared", {}).get(name)) for name in names]
            result = play_turn(state, moves)
        except (KeyError, RuleError, ValueError) as problem:
            raise RuleError(f"turn {number}: {_message(problem)}") from None
        state = result.after
        succeeded = [name for name, won in zip(names, result.succeeded) if won]
        for claim, expected, actual in _claims(turn, names, state, succeeded):
            if expected != actual:
                mismatches.append((f"turn {number}: {claim}", expected, actual))
    return mismatches


def _claims(turn: dict, names: list[str], state: State, succeeded: list[str]):
    if "succeeded" in turn:
        yield "succeeded", sorted(turn["succeeded"]), sorted(succeeded)
    for name, form in turn.get("drained", {}).items():
        yield f"form drained by {name}", form, state.players[names.index(name)].drained
    for name, forms in turn.get("ready", {}).items():
        ready = state.players[names.index(name)].ready
        yield f"forms ready for {name}", sorted(forms), sorted(ready)
    for name, count in turn.get("cards_left", {}).items():
        yield f"cards left to {name}", count, len(state.players[names.index(name)].hand)
    if "winners" in turn:
        winners = [names[seat] for seat in state.winners or ()]
        yield "winners", sorted(turn["winners"]), sorted(winners)


def _message(problem: Exception) -> str:
    if isinstance(problem, KeyError):
        return f"no form given for {problem.args[0]}"
    return str(problem)
