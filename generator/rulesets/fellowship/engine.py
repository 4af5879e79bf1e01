"""The Fellowship of the Ring's rules as pure functions over frozen dataclasses.

Rule decisions where the seed is silent or says two things (each is printed in rules.md):
- A stack is its top card: its colour, suit and rank are those of that card; how many cards
  lie under it never matters ("strictly larger" compares ranks, not heights).
- Ranks climb 2 < 3 < ... < 10 < J < Q < K as usual; the ace sits above the courts and below
  the numbers: it captures J, Q and K, and every number 2-10 captures it. The order is a
  cycle, not a line. Equal ranks never capture.
- The joker is a wild target: any neighbouring stack may capture it, whatever its colour or
  suit; or, as the whole move, a card from hand is laid on it (no gap, so nothing to fill).
  The joker never moves and scores for nobody.
- The ring wraps round: place i neighbours i-1 and i+1 modulo 13.
- A capture leaves the moving stack's place empty; any card from hand fills it.
- The game ends when the player to move has no move: an empty hand (every card is then
  played) or a ring with no capture and no uncovered joker. Stacks are counted by top card.
- Two players: whoever holds the jack of spades (Boromir) is black. A game that ends before
  anyone has drawn him is a stalemate (nobody knows who is black).
- Suit variant (3-4 players): each player owns a suit, a capture needs a different suit, the
  suit nobody owns (3 players) scores for nobody. The most stacks wins; equal counts share.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from ..playing_cards.deck import Card, parse

RING_SIZE = 13
HAND_SIZE = 5
BOROMIR = "JS"
JOKER = "JK1"  # the one joker in play; the second is set aside
LADDER = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")  # low to high, ace apart
COLOURS = ("black", "red")


# -- comparing two stacks -------------------------------------------------------------------

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
    return LADDER.index(mover.rank) > LADDER.index(target.rank)


def differs(mover: Card, target: Card, by_suit: bool) -> bool:
    """Opposite colour (two players) or different suit (suit variant); joker targets always differ."""
    if target.is_joker:
        return True
    if by_suit:
        return mover.suit != target.suit
    return mover.is_red != target.is_red


def captures(mover: Card, target: Card, by_suit: bool = False) -> bool:
    """May a stack topped by mover be laid on a neighbouring stack topped by target?"""
    return beats(mover, target) and differs(mover, target, by_suit)


# -- the ring ---------------------------------------------------------------------------------

@dataclass(frozen=True)
class Capture:
    source: int  # ring position of the moving stack
    target: int  # ring position it lands on


@dataclass(frozen=True)
class Move:
    card: str  # the card from hand: it fills the gap, or covers the joker
    capture: Capture | None = None  # None: the card is laid on the joker instead


@dataclass(frozen=True)
class State:
    ring: tuple[tuple[str, ...], ...]  # 13 stacks, bottom to top card ids
    hands: tuple[tuple[str, ...], ...]
    draw_pile: tuple[str, ...]  # top is index 0
    to_move: int = 0
    by_suit: bool = False
    boromir_holder: int | None = None  # two players: who has drawn the jack of spades
    suits: tuple[str, ...] = ()  # suit variant: the suit each player owns, by seat


def top(stack) -> Card:
    return parse(stack[-1])


def neighbours(position: int, size: int = RING_SIZE) -> tuple[int, int]:
    return ((position - 1) % size, (position + 1) % size)


def stacks(ring) -> tuple[tuple[str, ...], ...]:
    """Card ids or lists of them (bottom to top) as a tuple of stacks."""
    return tuple(tuple(s) if isinstance(s, (tuple, list)) else (s,) for s in ring)


def legal_captures(ring, by_suit: bool = False, wrap: bool = True) -> list[Capture]:
    """Every capture the stacks allow, sorted by source then target. wrap=False reads them as
    a stretch of the ring, whose two ends have neighbours outside it."""
    ring = stacks(ring)
    size = len(ring)
    found = []
    for source, stack in enumerate(ring):
        near = neighbours(source, size) if wrap else (source - 1, source + 1)
        for target in sorted({t for t in near if 0 <= t < size and t != source}):
            if captures(top(stack), top(ring[target]), by_suit):
                found.append(Capture(source, target))
    return found


def joker_place(ring) -> int | None:
    """Where the joker lies on top of its stack, uncovered; None once it is covered."""
    return next((i for i, stack in enumerate(ring) if stack and top(stack).is_joker), None)


def legal_moves(state: State) -> list[Move]:
    hand = sorted(set(state.hands[state.to_move]))
    moves = [Move(card, c) for c in legal_captures(state.ring, state.by_suit) for card in hand]
    if joker_place(state.ring) is not None:
        moves += [Move(card) for card in hand]
    return moves


# -- setting up and playing -------------------------------------------------------------------

def start(ring, hands, draw_pile, by_suit: bool = False, suits=()) -> State:
    """A state from card ids; records who was dealt Boromir (two players)."""
    ring = stacks(ring)
    if len(ring) != RING_SIZE:
        raise ValueError(f"the ring needs {RING_SIZE} stacks, got {len(ring)}")
    hands = tuple(tuple(h) for h in hands)
    holder = None if by_suit else next((i for i, h in enumerate(hands) if BOROMIR in h), None)
    return State(ring, hands, tuple(draw_pile), 0, by_suit, holder, tuple(suits))


def uses_joker(players: int) -> bool:
    """Two or four players play with the joker (it evens out the cards); three without."""
    return players != 3


def setup(players: int, rng: random.Random) -> State:
    """A shuffled deal: the joker (if used) and 12 cards make the ring, Boromir never among
    them in the two-player game; five cards each; in the suit variant a jack dealt to each
    player names the suit they own."""
    if not 2 <= players <= 4:
        raise ValueError(f"two to four players, not {players}")
    by_suit = players > 2
    deck = [f"{r}{s}" for s in "SHDC" for r in ("A",) + LADDER]
    suits = ()
    if by_suit:
        jacks = ["JS", "JH", "JD", "JC"]
        rng.shuffle(jacks)
        suits = tuple(j[1] for j in jacks[:players])
    rng.shuffle(deck)
    ring = [JOKER] if uses_joker(players) else []
    while len(ring) < RING_SIZE:
        card = deck.pop(0)
        if card == BOROMIR and not by_suit:
            deck.insert(rng.randrange(len(deck) + 1), card)  # shuffled back in
            continue
        ring.append(card)
    hands = [deck[i * HAND_SIZE:(i + 1) * HAND_SIZE] for i in range(players)]
    return start(ring, hands, deck[players * HAND_SIZE:], by_suit, suits)


def apply(state: State, move: Move) -> State:
    """Capture and fill the gap (or cover the joker), then draw up to five; ValueError for an
    illegal move."""
    hand = list(state.hands[state.to_move])
    if move.card not in hand:
        raise ValueError(f"{move.card} is not in the hand of player {state.to_move}")
    ring = list(state.ring)
    if move.capture is None:
        place = joker_place(state.ring)
        if place is None:
            raise ValueError("the joker is already covered")
        ring[place] = ring[place] + (move.card,)
    else:
        if move.capture not in legal_captures(state.ring, state.by_suit):
            raise ValueError(f"illegal capture {move.capture}")
        source, target = move.capture.source, move.capture.target
        ring[target] = ring[target] + ring[source]
        ring[source] = (move.card,)
    hand.remove(move.card)
    pile = list(state.draw_pile)
    holder = state.boromir_holder
    while len(hand) < HAND_SIZE and pile:
        card = pile.pop(0)
        if card == BOROMIR and not state.by_suit:
            holder = state.to_move
        hand.append(card)
    hands = list(state.hands)
    hands[state.to_move] = tuple(hand)
    return replace(state, ring=tuple(ring), hands=tuple(hands), draw_pile=tuple(pile),
                   to_move=(state.to_move + 1) % len(hands), boromir_holder=holder)


def is_over(state: State) -> bool:
    """The player to move has no move: no card in hand, or nothing to capture or cover."""
    return not legal_moves(state)


# -- the end ------------------------------------------------------------------------------------

def stack_side(stack, by_suit: bool) -> str | None:
    """'black'/'red' (or the suit letter in the suit variant); None for the joker."""
    card = top(stack)
    if card.is_joker:
        return None
    if by_suit:
        return card.suit
    return "red" if card.is_red else "black"


def sides(state: State) -> tuple[str, ...]:
    """What can win: the two colours, or the suits the players own."""
    return state.suits if state.by_suit else COLOURS


def scores(state: State) -> dict[str, int]:
    """Stacks per side that plays (a suit nobody owns, and the joker, count for nobody)."""
    counts = {side: 0 for side in sides(state)}
    for stack in state.ring:
        side = stack_side(stack, state.by_suit)
        if side in counts:
            counts[side] += 1
    return counts


def stalemate(state: State) -> bool:
    """Two players, and nobody has drawn Boromir: nobody knows who is black."""
    return not state.by_suit and state.boromir_holder is None


def winners(state: State) -> tuple[str, ...]:
    """The sides with the most stacks (more than one: they share the win); () in a stalemate."""
    if stalemate(state):
        return ()
    counts = scores(state)
    best = max(counts.values())
    return tuple(side for side in sides(state) if counts[side] == best)


def winner(state: State) -> str | None:
    """The one winning side, or None for a shared win or a stalemate."""
    found = winners(state)
    return found[0] if len(found) == 1 else None


def colour_of_player(state: State, player: int) -> str | None:
    """Two players: Boromir's holder is black, the other red; None while nobody has drawn him."""
    if state.boromir_holder is None:
        return None
    return "black" if player == state.boromir_holder else "red"


def side_of_player(state: State, player: int) -> str | None:
    return state.suits[player] if state.by_suit else colour_of_player(state, player)


def deck_count(players: int) -> int:
    """Cards in play: 52, plus the joker for two or four players."""
    return 52 + (1 if uses_joker(players) else 0)


def turns_per_player(players: int) -> int:
    """Every card not in the ring is played from a hand, one a turn: an even share each."""
    return (deck_count(players) - RING_SIZE) // players
