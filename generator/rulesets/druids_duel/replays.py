"""Worked examples of Druid's Duel that rules.md states and the engine replays.

    {% call example("duel", title="Example: the first turn") %}
    players = ["A", "B", "C", "D"]
    [[turns]]
    forms = { A = "jackrabbit", B = "jackrabbit", C = "lion", D = "peacock" }
    strategies = { A = "3S", B = "AH", C = "9H", D = "6H" }
    [claims]
    turn1_succeeded = ["B", "C"]
    turn1_cards_left = { A = 10, B = 9, C = 9, D = 10 }
    ---
    Narrative...
    {% endcall %}

Data: `players` (names in seating order, 2 to 4), `turns` (each with `forms`, `strategies`
and, for Chameleons, `declared`), optional `hands` ({name: [card ids]}; by default each
player holds the cards they reveal, topped up to a full deal) and `chameleon` (the variant).

Facts, for every turn N: `turnN_succeeded` and `turnN_failed` (names, in seating order),
`turnN_drained` ({name: form}, "" for a returned Chameleon), `turnN_ready` ({name: [forms
face down]}), `turnN_cards_left` ({name: cards in hand}), `turnN_chameleons` (names
holding a joker after the turn); and for the whole example
`game_over` (true or false), `winners` (names) and `stalemate` (true when the game ended
because no card could succeed any more).

The cards shown are the last turn's: each player's form (the court of the player's suit, in
seating order spades, hearts, diamonds, clubs; a Chameleon is a joker) above the strategy
card they revealed.
"""

from __future__ import annotations

from typing import Any, Mapping

from ...model import Game
from ..base import Replay
from ..playing_cards.deck import SUITS
from .engine import CHAMELEON, COURT_OF_FORM, FORMS, Move, RuleError, play_turn
from .examples import setup
from .forms import DECK

KEYS = ("players", "turns", "hands", "chameleon")


def duel(game: Game, data: Mapping[str, Any]) -> Replay:
    unknown = sorted(set(data) - set(KEYS))
    if unknown:
        raise ValueError(f"unknown key(s) {', '.join(unknown)}; a duel takes {', '.join(KEYS)}")
    for key in ("players", "turns"):
        if not data.get(key):
            raise ValueError(f"'{key}' is missing")
    example = dict(data)
    names, state = setup(example)
    facts: dict[str, Any] = {}
    shown: tuple = ()
    for number, turn in enumerate(example["turns"], start=1):
        try:
            moves = [Move.of(turn["forms"][name], turn.get("strategies", {}).get(name),
                             turn.get("declared", {}).get(name)) for name in names]
            result = play_turn(state, moves)
        except KeyError as missing:
            raise ValueError(f"turn {number}: no form given for {missing.args[0]}") from None
        except RuleError as refused:
            raise ValueError(f"turn {number}: {refused}") from None
        state = result.after
        prefix = f"turn{number}_"
        facts[prefix + "succeeded"] = [n for n, won in zip(names, result.succeeded) if won]
        facts[prefix + "failed"] = [n for n, won in zip(names, result.succeeded) if not won]
        facts[prefix + "drained"] = {n: p.drained or "" for n, p in zip(names, state.players)}
        facts[prefix + "ready"] = {n: [f for f in FORMS if f in p.ready] for n, p in zip(names, state.players)}
        facts[prefix + "cards_left"] = {n: len(p.hand) for n, p in zip(names, state.players)}
        facts[prefix + "chameleons"] = [n for n, p in zip(names, state.players) if p.joker]
        shown = _cards_shown(moves)
    facts["game_over"] = state.winners is not None
    facts["winners"] = [names[seat] for seat in state.winners or ()]
    facts["stalemate"] = state.stalemate
    return Replay(facts, DECK, shown)


def _cards_shown(moves: list[Move]) -> tuple:
    """Each player's form card above the strategy card they revealed."""
    jokers = iter(range(1, len(moves) + 1))
    forms = tuple(f"JK{next(jokers)}" if move.form == CHAMELEON else f"{COURT_OF_FORM[move.form]}{SUITS[seat]}"
                  for seat, move in enumerate(moves))
    strategies = tuple(move.strategy.id if move.strategy else None for move in moves)
    return forms, strategies


REPLAYERS = {"duel": duel}
