"""The Fellowship of the Ring's rules as pure functions over frozen dataclasses.

Rule decisions where the seed is silent (each one line):
- A stack's colour, suit and rank are those of its top card.
- "Strictly larger" compares top cards by rank: 2 < ... < 10 < J < Q < K; the ace beats
  J, Q and K but loses to 2-10 (the order is a cycle, not a line); equal ranks never capture.
- A stack topped by the joker is a wild target: any adjacent stack may capture it; it never
  moves itself and has no colour (it scores for nobody).
- Ring positions are 0..12; position i is adjacent to i-1 and i+1 modulo 13.
- The gap is the moving stack's old place; any card from hand fills it.
- Cards run out: the game ends when the player to move has no card in hand to fill a gap
  (draw pile empty) or when no capture is possible.
- Boromir: whoever holds the jack of spades (dealt or drawn) is black; it may be played to
  fill a gap like any card (it is then still 'drawn').
- Suit variant (3-4 players): a capture needs a different suit; each stack scores for the
  player owning its top card's suit.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from generator.rulesets.playing_cards.deck import Card, parse

RING_SIZE = 13
HAND_SIZE = 5
BOROMIR = "JS"
NUMBER_ORDER = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")


def beats(mover: Card, target: Card) -> bool:
    """True when a stack topped by mover is strictly larger than one topped by target."""
    if mover.is_joker:
        return False
    if target.is_joker:
        return True
    if mover.rank == "A":
        return target.is_court
    if target.rank == "A":
        return not mover.is_court
    return NUMBER_ORDER.index(mover.rank) > NUMBER_ORDER.index(target.rank)


def differs(mover: Card, target: Card, by_suit: bool) -> bool:
    """Opposite colour (two players) or different suit (suit variant); joker targets always differ."""
    if target.is_joker:
        return True
    if by_suit:
        return mover.suit != target.suit
    return mover.is_red != target.is_red


@dataclass(frozen=True)
class Capture:
    source: int  # ring position of the moving stack
    target: int  # ring position it lands on


@dataclass(frozen=True)
class Move:
    capture: Capture
    fill: str  # card id from hand placed in the emptied place


@dataclass(frozen=True)
class State:
    ring: tuple[tuple[str, ...], ...]  # 13 stacks, bottom to top card ids; () is a gap
    hands: tuple[tuple[str, ...], ...]
    draw_pile: tuple[str, ...]  # top is index 0
    to_move: int = 0
    by_suit: bool = False
    boromir_holder: int | None = None  # player who has drawn the jack of spades


def top(stack: tuple[str, ...]) -> Card:
    return parse(stack[-1])


def neighbours(position: int) -> tuple[int, int]:
    return ((position - 1) % RING_SIZE, (position + 1) % RING_SIZE)


def legal_captures(ring, by_suit: bool = False) -> list[Capture]:
    """Every capture the ring allows, sorted by source then target."""
    found = []
    for source, stack in enumerate(ring):
        if not stack:
            continue
        for target in sorted(set(neighbours(source))):
            other = ring[target]
            if other and beats(top(stack), top(other)) and differs(top(stack), top(other), by_suit):
                found.append(Capture(source, target))
    return found


def legal_moves(state: State) -> list[Move]:
    hand = state.hands[state.to_move]
    return [Move(c, card) for c in legal_captures(state.ring, state.by_suit) for card in sorted(set(hand))]


def start(ring, hands, draw_pile, by_suit: bool = False) -> State:
    """A state from card ids; records who was dealt Boromir."""
    ring = tuple(tuple(s) if isinstance(s, (tuple, list)) else (s,) for s in ring)
    if len(ring) != RING_SIZE:
        raise ValueError(f"the ring needs {RING_SIZE} stacks, got {len(ring)}")
    hands = tuple(tuple(h) for h in hands)
    holder = next((i for i, h in enumerate(hands) if BOROMIR in h), None)
    return State(ring, hands, tuple(draw_pile), 0, by_suit, holder)


def apply(state: State, move: Move) -> State:
    """Capture, fill the gap, draw up to 5; ValueError for an illegal move."""
    if move.capture not in legal_captures(state.ring, state.by_suit):
        raise ValueError(f"illegal capture {move.capture}")
    hand = list(state.hands[state.to_move])
    if move.fill not in hand:
        raise ValueError(f"{move.fill} is not in the hand of player {state.to_move}")
    ring = list(state.ring)
    source, target = move.capture.source, move.capture.target
    ring[target] = ring[target] + ring[source]
    ring[source] = (move.fill,)
    hand.remove(move.fill)
    pile = list(state.draw_pile)
    holder = state.boromir_holder
    while len(hand) < HAND_SIZE and pile:
        card = pile.pop(0)
        if card == BOROMIR:
            holder = state.to_move
        hand.append(card)
    hands = list(state.hands)
    hands[state.to_move] = tuple(hand)
    return replace(state, ring=tuple(ring), hands=tuple(hands), draw_pile=tuple(pile),
                   to_move=(state.to_move + 1) % len(hands), boromir_holder=holder)


def is_over(state: State) -> bool:
    return not state.hands[state.to_move] or not legal_captures(state.ring, state.by_suit)


def stack_side(stack, by_suit: bool) -> str | None:
    """'black'/'red' (or the suit letter in the suit variant); None for the joker."""
    card = top(stack)
    if card.is_joker:
        return None
    if by_suit:
        return card.suit
    return "red" if card.is_red else "black"


def scores(state: State) -> dict[str, int]:
    """Stacks per colour (or suit); the joker's stack counts for nobody."""
    counts: dict[str, int] = {}
    for stack in state.ring:
        side = stack_side(stack, state.by_suit)
        if side:
            counts[side] = counts.get(side, 0) + 1
    return counts


def winner(state: State) -> str | None:
    """The winning colour/suit, or None for a tie or a stalemate (one colour, Boromir undrawn)."""
    counts = scores(state)
    if not state.by_suit and len(counts) == 1 and state.boromir_holder is None:
        return None
    best = max(counts.values(), default=0)
    leaders = [side for side, n in counts.items() if n == best]
    return leaders[0] if len(leaders) == 1 else None


def colour_of_player(state: State, player: int) -> str | None:
    """Two players: Boromir's holder is black, the other red; None while nobody has drawn him."""
    if state.boromir_holder is None:
        return None
    return "black" if player == state.boromir_holder else "red"
