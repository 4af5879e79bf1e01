"""Worked examples of Squib Squares that rules.md states and the engine replays.

    {% call example("squib-steal", title="A Squib Steal") %}
    challenger = "12"    # the challenger's card, laid above
    defender = "40"      # the defender's card, below
    [claims]
    left = "beats"       # the challenger's left squib against the defender's
    right = "ties"
    winner = "challenger"
    ---
    Narrative…
    {% endcall %}

Facts: left and right ('beats', 'ties' or 'loses', from the challenger's side), winner
('challenger', 'defender' or 'nobody': both lay another card) and stolen (cards that change
hands: 1 or 0).
"""

from __future__ import annotations

from typing import Any, Mapping

from ...model import Game
from ..base import Replay
from .engine import COMPONENT, colour_result, deck, steal_winner


def squib_steal(game: Game, data: Mapping[str, Any]) -> Replay:
    cards = {card.id: card for card in deck(game)}
    beats = game.data.get("beats") or {}
    unknown = set(data) - {"challenger", "defender"}
    if unknown:
        raise ValueError(f"unknown key(s) {', '.join(sorted(unknown))}; a Squib Steal takes challenger and defender")
    chosen = []
    for role in ("challenger", "defender"):
        if role not in data:
            raise ValueError(f"'{role}' is missing: the id of the {role}'s card")
        if str(data[role]) not in cards:
            raise ValueError(f"no card '{data[role]}' in the deck ({role})")
        chosen.append(cards[str(data[role])])
    mine, theirs = chosen
    left = colour_result(mine.left.color, theirs.left.color, beats)
    right = colour_result(mine.right.color, theirs.right.color, beats)
    flipped = {"beats": "loses", "loses": "beats", "ties": "ties"}
    if steal_winner((left, right)):
        winner = "challenger"
    elif steal_winner((flipped[left], flipped[right])):
        winner = "defender"
    else:
        winner = "nobody"
    facts = {"left": left, "right": right, "winner": winner, "stolen": 0 if winner == "nobody" else 1}
    return Replay(facts, COMPONENT, ((mine.id,), (theirs.id,)))


REPLAYERS = {"squib-steal": squib_steal}
