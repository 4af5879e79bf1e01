"""Poohsticks' river, as pure functions: where a boat may go and what a turn of moves does.

A river is rows of places, row 1 upstream where boats enter, the last row the final one.
A place holds a face-up card ('9C'), a face-down bridge card ('bridge:9C', the card it
hides), a rock ('rock') or nothing ('-', for rivers with bends and narrows). Places are
(row, column), both counted from 1.

Rule decisions where the seed is silent (the rules print them):
- A boat moves one place up, down, left or right per move (backwards too), never diagonally.
- Face-down cards (rocks, and bridge cards not yet turned) cannot be moved onto.
- A boat lands "in front of" a bridge card when the bridge card is the next place
  downstream in its column; that one card is turned over and the turn ends at once.
- Leaving the river takes one card on its own, a court or an ace, from a final-row place.
- Rocks never lie in row 1 (every boat must be able to enter) nor in the bridge row (the
  markers keep rocks and bridge cards apart).
- A turn may have no move at all: a player may always pass.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from itertools import combinations
from typing import Mapping

from .engine import can_exit, reaches, values

ROCK = "rock"
GAP = "-"
BRIDGE = "bridge:"
EXIT = "exit"

Place = tuple[int, int]


@dataclass(frozen=True)
class River:
    rows: tuple[tuple[str, ...], ...]

    @property
    def length(self) -> int:
        return len(self.rows)

    def at(self, place: Place) -> str | None:
        """The place's content, None off the river."""
        row, column = place
        if 1 <= row <= len(self.rows) and 1 <= column <= len(self.rows[row - 1]):
            return self.rows[row - 1][column - 1]
        return None

    def turned(self, place: Place) -> "River":
        """The river with the bridge card at place turned face up."""
        row, column = place
        cells = list(self.rows[row - 1])
        cells[column - 1] = cells[column - 1][len(BRIDGE):]
        rows = list(self.rows)
        rows[row - 1] = tuple(cells)
        return River(tuple(rows))


def face_up(cell: str | None) -> bool:
    return cell not in (None, ROCK, GAP) and not cell.startswith(BRIDGE)


def hidden_card(cell: str) -> str | None:
    """The card a place holds, face up or down ('9C' for 'bridge:9C'); None for a rock or gap."""
    if cell.startswith(BRIDGE):
        return cell[len(BRIDGE):]
    return None if cell in (ROCK, GAP) else cell


def neighbours(place: Place) -> list[Place]:
    row, column = place
    return [(row - 1, column), (row + 1, column), (row, column - 1), (row, column + 1)]


def why_not_onto(river: River, boats: Mapping[str, Place | None], player: str, to: Place) -> str | None:
    """Why the player's boat may not move onto place `to` (cards aside), or None if it may."""
    cell = river.at(to)
    where = f"row {to[0]}, column {to[1]}"
    if cell is None or cell == GAP:
        return f"there is no card at {where}"
    if cell == ROCK:
        return f"{where} is a rock: boats go around rocks"
    if cell.startswith(BRIDGE):
        return f"{where} is a bridge card still face down"
    at = boats.get(player)
    if at is None and to[0] != 1:
        return f"a boat enters the river on row 1, not at {where}"
    if at is not None and to not in neighbours(at):
        return f"{where} is not next to the boat at row {at[0]}, column {at[1]} (one place up, down, left or right)"
    for other, place in boats.items():
        if other != player and place == to:
            return f"{other}'s boat is on {where}"
    return None


def bridge_ahead(river: River, place: Place) -> Place | None:
    """The face-down bridge card directly downstream of place, if there is one."""
    ahead = (place[0] + 1, place[1])
    cell = river.at(ahead)
    return ahead if cell is not None and cell.startswith(BRIDGE) else None


@dataclass(frozen=True)
class Move:
    """Onto a place with some cards, or out of the river (to = EXIT) with one card."""

    to: Place | str
    cards: tuple[str, ...]


@dataclass(frozen=True)
class Turn:
    """What a turn of moves did. problem is '' when every move was legal; otherwise it says
    what was wrong with the first move that was not, and the moves after it are not made."""

    river: River
    position: Place | None
    finished: bool = False
    flipped: tuple[str, ...] = ()
    used: tuple[str, ...] = ()
    moves: int = 0
    problem: str = ""
    ended: bool = False  # a bridge card was turned over or the boat left: no more moves

    @property
    def legal(self) -> bool:
        return not self.problem


def play(river: River, boats: Mapping[str, Place | None], player: str, hand, moves) -> Turn:
    """Make the player's moves in order, each with its own cards from the hand."""
    hand = list(hand)
    boats = dict(boats)
    turn = Turn(river, boats.get(player))
    for number, move in enumerate(moves, start=1):
        fault = _fault(turn, boats, player, hand, move)
        if fault:
            return replace(turn, problem=f"move {number}: {fault}")
        turn = replace(turn, used=turn.used + tuple(move.cards), moves=number)
        if move.to == EXIT:
            return replace(turn, position=None, finished=True, ended=True)
        boats[player] = move.to
        turn = replace(turn, position=move.to)
        ahead = bridge_ahead(turn.river, move.to)
        if ahead:
            card = turn.river.at(ahead)[len(BRIDGE):]
            turn = replace(turn, river=turn.river.turned(ahead), flipped=turn.flipped + (card,), ended=True)
    return turn


def _fault(turn: Turn, boats, player: str, hand: list, move: Move) -> str | None:
    if turn.ended:
        return "the turn is already over"
    if not move.cards:
        return "a move needs at least one card"
    for card in move.cards:
        if card not in hand:
            return f"{card} is not in the hand"
        if card in turn.used or list(move.cards).count(card) > 1:
            return f"{card} is already used this turn"
    if move.to == EXIT:
        if turn.position is None or turn.position[0] != turn.river.length:
            return "a boat leaves the river from the final row"
        if len(move.cards) != 1 or not can_exit(move.cards[0]):
            return "leaving the river takes one court (J, Q, K) or ace, on its own"
        return None
    fault = why_not_onto(turn.river, boats, player, tuple(move.to))
    if fault:
        return fault
    card = turn.river.at(tuple(move.to))
    if not any(reaches(tuple(move.cards), v) for v in values(card)):
        return f"{' and '.join(move.cards)} cannot make {_worth(card)}"
    return None


def _worth(card: str) -> str:
    return " or ".join(str(v) for v in values(card))


def can_move(river: River, boats: Mapping[str, Place | None], player: str, hand) -> bool:
    """Whether the player has any legal first move (if not, they may change cards)."""
    at = boats.get(player)
    if at is not None and at[0] == river.length and any(can_exit(c) for c in hand):
        return True
    places = neighbours(at) if at else [(1, c) for c in range(1, len(river.rows[0]) + 1)]
    subsets = [s for n in range(1, len(hand) + 1) for s in combinations(tuple(hand), n)]
    for place in places:
        if why_not_onto(river, boats, player, place) is None:
            card = river.at(place)
            if any(reaches(s, v) for s in subsets for v in values(card)):
                return True
    return False


def open_path(river: River) -> bool:
    """Whether some path of places that are not rocks or gaps runs from row 1 to the final
    row (bridge cards count: they are turned over on the way). The rocks variant needs one."""
    seen = {(1, c) for c, cell in enumerate(river.rows[0], start=1) if cell not in (ROCK, GAP)}
    todo = list(seen)
    while todo:
        place = todo.pop()
        if place[0] == river.length:
            return True
        for step in neighbours(place):
            cell = river.at(step)
            if cell not in (None, ROCK, GAP) and step not in seen:
                seen.add(step)
                todo.append(step)
    return False


def misplaced_rock(river: River) -> str | None:
    """What is wrong with where the rocks lie, or None: never in row 1, never in a row of
    bridge cards."""
    for number, row in enumerate(river.rows, start=1):
        if ROCK not in row:
            continue
        if number == 1:
            return "a rock never lies in row 1, where the boats enter"
        if any(cell.startswith(BRIDGE) for cell in row):
            return f"a rock never lies in the bridge row (row {number})"
    return None


__all__ = ["BRIDGE", "EXIT", "GAP", "ROCK", "Move", "Place", "River", "Turn", "bridge_ahead", "can_move",
           "face_up", "hidden_card", "misplaced_rock", "neighbours", "open_path", "play", "why_not_onto"]
