"""Worked examples of Poohsticks that rules.md states and the engine replays.

    {% call example("poohsticks-sum", title="…") %}
    hand = ["KS", "3H", "9D"]     # the cards in hand
    target = "10C"                # the river card to move onto
    way = "13 − 3"                # optional: a way the narrative writes out
    [claims]
    value = 10                    # what `way` comes to (facts: value, legal, cards)
    ways = ["13 − 3", "9 + 1"]    # every unpadded way the hand makes the target
    ---
    Narrative…
    {% endcall %}

Facts: ways (the solver's canonical ways, fewest cards first), count; with `way`: value
(what it comes to), legal (every step a positive whole number, each number a different
card of the hand), reaches (legal and equal to the target) and cards (the ids it uses).

    {% call example("poohsticks-turn", title="…") %}
    river = [["7H", "KS"], ["bridge:3D", "rock"], …]   # rows from first_row (default 1)
    first_row = 1
    boats = { Ada = [1, 2], Ben = "start" }           # "start": not yet on the river
    player = "Ada"
    hand = ["9S", "4D", "QC"]
    moves = [{ to = [2, 2], cards = ["9S", "4D"] }, { to = "exit", cards = ["QC"] }]
    [claims]
    legal = true
    ---
    {% endcall %}

Facts: could_move (a legal first move existed), legal, problem ('' or what was wrong with
the first illegal move), moves (how many were made), position ([row, column], "start" or
"out"), finished, flipped (bridge cards turned over), used, cards_left and open_path
(some way through the rows shown avoids every rock).
"""

from __future__ import annotations

from typing import Any, Mapping

from ...doc import Token
from ...model import Game
from ..base import Replay
from ..playing_cards.deck import parse
from . import pictures
from .engine import values, ways
from .river import BRIDGE, EXIT, GAP, ROCK, Move, River, can_move, face_up, hidden_card, misplaced_rock, open_path, play
from .written import cards_for, read

DECK = "cards"
START = "start"
BOAT_SUITS = "SHDC"  # as many as aces, so as many as players


def _keys(data: Mapping, allowed: set[str], kind: str) -> None:
    unknown = set(data) - allowed
    if unknown:
        raise ValueError(f"unknown key(s) {', '.join(sorted(unknown))}; {kind} takes {', '.join(sorted(allowed))}")


def _deck(game: Game) -> set[str]:
    try:
        return {card.id for card in game.component(DECK).cards}
    except KeyError:
        raise ValueError(f"Poohsticks examples need a component '{DECK}'") from None


def _cards(game: Game, raw, what: str) -> tuple[str, ...]:
    if not isinstance(raw, list) or not all(isinstance(c, str) for c in raw):
        raise ValueError(f"'{what}' must be a list of card ids such as [\"KS\", \"3H\"]")
    deck = _deck(game)
    for card in raw:
        if card not in deck:
            raise ValueError(f"no card '{card}' in the deck ({what})")
        values(parse(card))
    return tuple(raw)


def _no_twice(ids) -> None:
    seen: set[str] = set()
    for card in ids:
        if card in seen:
            raise ValueError(f"card {card} appears twice: the deck has one of each")
        seen.add(card)


def poohsticks_sum(game: Game, data: Mapping[str, Any]) -> Replay:
    _keys(data, {"hand", "target", "way"}, "a sum example")
    for key in ("hand", "target"):
        if key not in data:
            raise ValueError(f"'{key}' is missing")
    hand = _cards(game, data["hand"], "hand")
    (target,) = _cards(game, [data["target"]], "target")
    _no_twice(hand + (target,))
    found = [w.text for v in values(target) for w in ways(hand, v)]
    facts: dict[str, Any] = {"ways": found, "count": len(found)}
    if "way" in data:
        reading = read(str(data["way"]))
        used = cards_for(reading.numbers, hand)
        legal = reading.value is not None and used is not None
        facts.update(value=reading.value if reading.value is not None else 0, legal=legal,
                     reaches=legal and reading.value in values(target), cards=list(used or ()))
    return Replay(facts, DECK, (hand, (target,)), ("Hand", "River card"))


def _place(raw, what: str):
    if raw == START:
        return None
    if isinstance(raw, list) and len(raw) == 2 and all(isinstance(v, int) and not isinstance(v, bool) for v in raw):
        return (raw[0], raw[1])
    raise ValueError(f"{what} must be [row, column] or \"{START}\", got {raw!r}")


def _river(game: Game, data: Mapping) -> tuple[River, list[list[str | None]], int]:
    rows = data.get("river")
    if not isinstance(rows, list) or not rows or not all(isinstance(r, list) and r for r in rows):
        raise ValueError("'river' must be a list of rows, each a list of places such as \"7H\", \"rock\" or \"bridge:3D\"")
    first = data.get("first_row", 1)
    length = int(game.data.get("river_length", 6))
    if not isinstance(first, int) or first < 1 or first + len(rows) - 1 > length:
        raise ValueError(f"'first_row' {first!r} with {len(rows)} rows does not fit a river of {length} rows")
    deck = _deck(game)
    width = len(rows[0])
    shown: list[list[str | None]] = []
    cells: list[tuple[str, ...]] = []
    for row in rows:
        if len(row) != width:
            raise ValueError("every row of 'river' must have the same number of places")
        for cell in row:
            card = hidden_card(str(cell))
            if card is not None and card not in deck:
                raise ValueError(f"no card '{card}' in the deck (river)")
        cells.append(tuple(str(c) for c in row))
        shown.append([str(c) if face_up(str(c)) else None for c in row])
    padding = ((GAP,) * width,)
    river = River(padding * (first - 1) + tuple(cells) + padding * (length - first - len(rows) + 1))
    fault = misplaced_rock(river)
    if fault:
        raise ValueError(fault)
    return river, shown, first


def _boats_afloat(river: River, boats: Mapping[str, tuple[int, int] | None]) -> None:
    """Every boat on the river sits on a face-up card of the rows shown, one boat a card: the
    figure marks each boat on its card, and no move can bring two boats together."""
    taken: dict = {}
    for name, place in boats.items():
        if place is None:
            continue
        if not face_up(river.at(place)):
            raise ValueError(f"boat of {name} at {list(place)} is not on a face-up card of the rows shown (boats)")
        if place in taken:
            raise ValueError(f"boats of {taken[place]} and {name} are both at {list(place)}: "
                             f"a card holds one boat (boats)")
        taken[place] = name


def _hidden(row) -> str:
    """What a row's face-down places are, for its label: ', bridge', ', rock'."""
    kinds = [name for name, test in (("bridge", lambda c: str(c).startswith(BRIDGE)), ("rock", lambda c: c == ROCK))
             if any(test(c) for c in row)]
    return "".join(f", {k}" for k in kinds)


def poohsticks_turn(game: Game, data: Mapping[str, Any]) -> Replay:
    _keys(data, {"river", "first_row", "boats", "player", "hand", "moves"}, "a turn example")
    for key in ("river", "boats", "player", "hand"):
        if key not in data:
            raise ValueError(f"'{key}' is missing")
    river, shown, first = _river(game, data)
    boats_raw = data["boats"]
    if not isinstance(boats_raw, dict) or data["player"] not in boats_raw:
        raise ValueError("'boats' must be a table of players' boats, the player's among them")
    boats = {str(name): _place(place, f"boat of {name}") for name, place in boats_raw.items()}
    _boats_afloat(river, boats)
    hand = _cards(game, data["hand"], "hand")
    river_cards = [c for row in river.rows for c in map(hidden_card, row) if c]
    _no_twice(hand + tuple(river_cards))
    moves = []
    for number, raw in enumerate(data.get("moves", []), start=1):
        if not isinstance(raw, dict) or set(raw) - {"to", "cards"} or "to" not in raw:
            raise ValueError(f"move {number} must be {{ to = [row, column] or \"{EXIT}\", cards = [...] }}")
        to = EXIT if raw["to"] == EXIT else _place(raw["to"], f"move {number}'s 'to'")
        moves.append(Move(to, _cards(game, raw.get("cards", []), f"move {number}'s cards")))
    player = str(data["player"])
    could = can_move(river, boats, player, hand)
    turn = play(river, boats, player, hand, moves)
    position = "out" if turn.finished else START if turn.position is None else list(turn.position)
    facts = {"could_move": could, "legal": turn.legal, "problem": turn.problem, "moves": turn.moves,
             "position": position, "finished": turn.finished, "flipped": list(turn.flipped),
             "used": list(turn.used), "cards_left": len(hand) - len(turn.used),
             "open_path": open_path(River(tuple(tuple(map(str, row)) for row in data["river"])))}
    labels = tuple(f"Row {first + i}" + _hidden(row) for i, row in enumerate(data["river"])) + ("Hand",)
    return Replay(facts, DECK, tuple(tuple(row) for row in shown) + (hand,), labels,
                  _boat_tokens(boats, first, len(shown), len(shown[0])))


def _boat_tokens(boats: Mapping[str, tuple[int, int] | None], first: int, rows: int,
                 lanes: int) -> tuple[Token, ...]:
    """Each boat on the rows shown, before the turn, as a marker on its card (a boat at the
    start is not on the river yet: the narrative says so). The boats take the suits in turn,
    as the players' aces differ."""
    tokens = []
    for n, (name, place) in enumerate(boats.items()):
        if place is not None and 0 <= place[0] - first < rows and 0 <= place[1] - 1 < lanes:
            boat = pictures.boat(BOAT_SUITS[n % len(BOAT_SUITS)], pictures.OUTLINE)
            tokens.append(Token(place[0] - first, place[1] - 1, name, tuple(boat)))
    return tuple(tokens)


REPLAYERS = {"poohsticks-sum": poohsticks_sum, "poohsticks-turn": poohsticks_turn}

