"""Worked examples of Uncontrolled Squid that rules.md states and the engine replays.

    {% call example("squid-rounds", title="Example: four rounds") %}
    players = { Ann = "A", Ben = "B", Cleo = "A", Dev = "B" }   # seats in order: team
    cults = { Ann = "eye", Ben = "shell", Cleo = "trident", Dev = "moon" }
    variants = ["recalcitrant-squid"]                           # optional
    rounds = [
      { Ann = "9S", Ben = "KH", Cleo = "4D", Dev = "7C" },      # each player's card
      { Ann = "AS", Ben = "AH", Cleo = "2D", Dev = "10C", squid = ["QS"] },
    ]
    [claims]
    round1 = { holder = "Ben", A = 0, B = 1, squid = 0 }
    winner = "nobody"
    ---
    Narrative...
    {% endcall %}

A player plays cards of their cult's suit (AS, 10C); the Squid's cards (Recalcitrant Squid)
are of the Squid's suit. Facts: roundN for each round (holder: a player's name or "nobody";
the points of teams A and B and of the Squid after it), winner ("A", "B", "squid", a
player's name under Betrayer, or "nobody" while the game goes on) and rounds (played).
The cards shown are one row per round (numbered when there are several): the players'
cards in seat order, then the Squid's.
"""

from __future__ import annotations

from typing import Any, Mapping

from ...model import Game
from ..base import Replay
from . import cults
from .engine import RuleError, play_round
from .examples import NOBODY, winner_name, setup

NOBODY_HOLDS = "nobody"
KEYS = ("players", "cults", "variants", "rounds")


def squid_rounds(game: Game, data: Mapping[str, Any]) -> Replay:
    unknown = sorted(set(data) - set(KEYS))
    if unknown:
        raise ValueError(f"unknown key(s) {', '.join(unknown)}; an example takes {', '.join(KEYS)}")
    players, chosen, rounds = _table(data, "players"), _table(data, "cults"), data.get("rounds")
    if not isinstance(rounds, list) or not rounds or not all(isinstance(r, dict) for r in rounds):
        raise ValueError("'rounds' must list the rounds, one table of cards each")
    for name in players:
        if name not in chosen:
            raise ValueError(f"no cult for {name}: 'cults' gives each player's cult")
    by_key = {c.key: c for c in cults.player_cults(game)}
    for name, key in chosen.items():
        if key not in by_key:
            raise ValueError(f"{name}: no cult {key!r} (cults: {', '.join(by_key)})")
    if len(set(chosen.values())) < len(chosen):
        raise ValueError("two players share a cult: each plays a cult of their own")
    squid = cults.squid_cult(game)
    example = {"players": players, "suits": {n: by_key[chosen[n]].suit for n in players},
               "variants": list(data.get("variants", [])), "squid_suit": squid.suit}
    try:
        names, state = setup(example)
    except RuleError as exc:
        raise ValueError(str(exc)) from None
    facts: dict[str, Any] = {}
    shown = []
    for number, round_ in enumerate(rounds, start=1):
        unknown = sorted(set(round_) - set(names) - {"squid"})
        if unknown:
            raise ValueError(f"round {number}: {', '.join(unknown)} not at the table (players: {', '.join(names)})")
        try:
            plays = [str(round_[name]) for name in names]
            result = play_round(state, plays, [str(c) for c in round_.get("squid", [])])
        except KeyError as exc:
            raise ValueError(f"round {number}: no card played by {exc.args[0]}") from None
        except RuleError as exc:
            raise ValueError(f"round {number}: {exc}") from None
        state = result.after
        holder = NOBODY_HOLDS if state.holder is None else names[state.holder]
        facts[f"round{number}"] = {"holder": holder, "A": state.points[0], "B": state.points[1],
                                   "squid": state.squid_points}
        shown.append(tuple(f"{card.id}-{chosen[name]}" for name, card in zip(names, result.plays))
                     + tuple(f"{card.id}-{squid.key}" for card in result.squid_cards))
    winner = winner_name(state, names)
    facts["winner"] = NOBODY_HOLDS if winner == NOBODY else winner
    facts["rounds"] = len(rounds)
    numbers = tuple(str(n) for n in range(1, len(shown) + 1)) if len(shown) > 1 else ()  # one round: no number
    return Replay(facts, cults.DECK, tuple(shown), labels=numbers)


def _table(data: Mapping[str, Any], key: str) -> dict:
    value = data.get(key)
    if not isinstance(value, dict) or not value:
        raise ValueError(f"'{key}' must be a table such as {{ Ann = ..., Ben = ... }}")
    return {str(k): str(v) for k, v in value.items()}


REPLAYERS = {"squid-rounds": squid_rounds}
