"""Worked examples of Uncontrolled Squid as plain data, and their replay by the engine.

An example is a dict that a TOML table can hold:
  players  {name: team}, in seating order        suits  {name: suit letter}
  variants [hyphenated names]                      squid_suit  (Recalcitrant Squid)
  rounds   [{plays: {name: card id}, squid: [card ids], and any claims:
             holder (a name or "none"), points {A, B, squid}, cards_left {name: n},
             winner ("A", "B", "squid", a player's name under Betrayer, or "none")}]
replay() resolves every round and returns the claims the engine disagrees with.
"""

from __future__ import annotations

from .engine import BETRAYER, RuleError, State, Variants, new_game, play_round, suit_hand

NOBODY = "none"

# Four players, two teams; shows a plain win, a tie for highest going to the lowest card,
# the tie on both ends (decision D1) that wipes the teams' points, and a team's third point.
BASIC = {
    "players": {"Ann": "A", "Ben": "B", "Cleo": "A", "Dev": "B"},
    "suits": {"Ann": "S", "Ben": "H", "Cleo": "D", "Dev": "C"},
    "variants": [],
    "rounds": [
        {"plays": {"Ann": "9S", "Ben": "KH", "Cleo": "4D", "Dev": "7C"},
         "holder": "Ben", "points": {"A": 0, "B": 1, "squid": 0}},
        {"plays": {"Ann": "AS", "Ben": "AH", "Cleo": "2D", "Dev": "10C"},
         "holder": "Cleo", "points": {"A": 1, "B": 1, "squid": 0}},
        {"plays": {"Ann": "JS", "Ben": "JH", "Cleo": "3D", "Dev": "3C"},
         "holder": NOBODY, "points": {"A": 0, "B": 0, "squid": 1}},
        {"plays": {"Ann": "KS", "Ben": "5H", "Cleo": "6D", "Dev": "8C"},
         "holder": "Ann", "points": {"A": 1, "B": 0, "squid": 1}},
        {"plays": {"Ann": "2S", "Ben": "10H", "Cleo": "KD", "Dev": "4C"},
         "holder": "Cleo", "points": {"A": 2, "B": 0, "squid": 1}},
        {"plays": {"Ann": "8S", "Ben": "9H", "Cleo": "AD", "Dev": "AC"},
         "holder": "Ann", "points": {"A": 3, "B": 0, "squid": 1},
         "cards_left": {"Ann": 7, "Ben": 7, "Cleo": 7, "Dev": 7}, "winner": "A"},
    ],
}

# The "pro" pairing, one against one: the Squid plays a card of its own suit whenever the
# totem starts a round uncontrolled (from round one, decision D3) and wins with it.
PRO = {
    "players": {"Ann": "A", "Ben": "B"},
    "suits": {"Ann": "S", "Ben": "H"},
    "squid_suit": "D",
    "variants": ["recalcitrant-squid", "betrayer"],
    "rounds": [
        {"plays": {"Ann": "7S", "Ben": "9H"}, "squid": ["QD"],
         "holder": NOBODY, "points": {"A": 0, "B": 0, "squid": 1}},
        {"plays": {"Ann": "KS", "Ben": "5H"}, "squid": ["8D"],
         "holder": "Ann", "points": {"A": 1, "B": 0, "squid": 1}},
        {"plays": {"Ann": "4S", "Ben": "4H"},
         "holder": NOBODY, "points": {"A": 0, "B": 0, "squid": 2}},
        {"plays": {"Ann": "AS", "Ben": "AH"}, "squid": ["3D"],
         "holder": NOBODY, "points": {"A": 0, "B": 0, "squid": 3}, "winner": "squid"},
    ],
}

EXAMPLES = {"basic": BASIC, "pro": PRO}


def setup(example: dict) -> tuple[list[str], State]:
    """The seating order and the state before round one."""
    names = list(example["players"])
    hands = [suit_hand(example["suits"][name]) for name in names]
    state = new_game([example["players"][name] for name in names],
                     Variants.named(example.get("variants", [])), hands,
                     squid_suit=example.get("squid_suit", "S"))
    return names, state


def replay(example: dict) -> list[tuple[str, object, object]]:
    """Play every round of the example; return (claim, expected, actual) for each claim
    the engine refutes. An illegal play raises RuleError naming the round."""
    names, state = setup(example)
    mismatches = []
    for number, round_ in enumerate(example["rounds"], start=1):
        try:
            plays = [round_["plays"][name] for name in names]
            result = play_round(state, plays, round_.get("squid", ()))
        except (KeyError, RuleError) as problem:
            raise RuleError(f"round {number}: {_message(problem)}") from None
        state = result.after
        for claim, expected, actual in _claims(round_, names, state):
            if expected != actual:
                mismatches.append((f"round {number}: {claim}", expected, actual))
    return mismatches


def _claims(round_: dict, names: list[str], state: State):
    if "holder" in round_:
        actual = NOBODY if state.holder is None else names[state.holder]
        yield "holder", round_["holder"], actual
    for team, expected in round_.get("points", {}).items():
        actual = state.squid_points if team == "squid" else state.team_points(team)
        yield f"points of {team}", expected, actual
    for name, expected in round_.get("cards_left", {}).items():
        yield f"cards left to {name}", expected, len(state.hands[names.index(name)])
    if "winner" in round_:
        yield "winner", round_["winner"], winner_name(state, names)


def winner_name(state: State, names: list[str]) -> str:
    if state.outcome is None:
        return NOBODY
    if state.outcome.winner == BETRAYER:
        return names[state.outcome.seat]
    return state.outcome.winner


def _message(problem: Exception) -> str:
    if isinstance(problem, KeyError):
        return f"no card played by {problem.args[0]}"
    return str(problem)
