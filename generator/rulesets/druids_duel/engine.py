"""Druid's Duel's rules as pure functions on frozen values.

Each druid has three forms (the Jack, Queen and King of one suit) and a hand of strategy
cards (ace to ten, ace low). A turn: everyone picks a ready form and reveals it, then picks
a strategy card and reveals it; each card succeeds or fails by its owner's form; a
successful card is discarded, a failed one goes back to hand. The form just used is
drained for the next turn, and the one drained before is ready again. The game ends when a
turn ends with someone's hand empty; every player with an empty hand wins.

Decisions where the source rules are silent (the booklet states them too):
- D1 "Lowest" and "highest" mean strictly: a Jackrabbit or Lion tied with another card
  fails. (The source's own example fails two Lions tied on 10; the Jackrabbit follows suit.)
- D2 Every strategy card revealed counts, whatever its owner's form; a card alone on the
  table (the others' Chameleons clashed) is lowest, highest and unique, so it succeeds.
- D3 Chameleon: a joker used as a form is not drained; it goes back to the supply, and the
  form drained the turn before is still recovered at the end of that turn.
- D4 Chameleon: the joker goes back before jokers are handed out, so a sole successful
  druid may take one again; nobody holds more than one joker; none left, none taken.
- D5 Chameleon: a declared form may be any of the three, drained or not.
- D6 Chameleons that clash play no strategy card; they recover as usual (D3).
- D7 The Chameleon variant needs three or more players (as the source says); 2 to 4
  players can play (four of each court).
- D8 Stalemate: the source's game can stall for ever, e.g. when the last cards in hand are
  all 7s: every Jackrabbit and Lion ties and every Peacock shares a rank. When, at the end
  of a turn, no choice of cards could let any card succeed under any form, the game ends;
  the druids with the fewest cards win. A single held Chameleon changes nothing (it only
  takes one of the three forms), but two or more could clash and take their holders'
  cards off the table, so every such clash is tried too.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from itertools import combinations, product
from typing import Sequence

from ..playing_cards.deck import RANKS, SUITS, Card, parse

JACKRABBIT, PEACOCK, LION, CHAMELEON = "jackrabbit", "peacock", "lion", "chameleon"
FORMS = (JACKRABBIT, PEACOCK, LION)
FORM_OF_COURT = {"J": JACKRABBIT, "Q": PEACOCK, "K": LION}
COURT_OF_FORM = {form: court for court, form in FORM_OF_COURT.items()}
FORM_RULES = {
    JACKRABBIT: "succeeds with the lowest card played",
    PEACOCK: "succeeds when no other card played shares its rank or its suit",
    LION: "succeeds with the highest card played",
}
STRATEGY_RANKS = RANKS[:10]  # ace to ten
ACE_LOW = {rank: value for value, rank in enumerate(STRATEGY_RANKS, start=1)}
STRATEGY_DECK = tuple(Card(rank, suit) for suit in SUITS for rank in STRATEGY_RANKS)
PLAYER_COUNTS = (2, 3, 4)
CHAMELEON_MIN_PLAYERS = 3
JOKERS = 2


class RuleError(ValueError):
    """A move or a set-up the rules do not allow."""


def cards_per_player(players: int) -> int:
    """As many strategy cards as possible, everyone the same number."""
    check_player_count(players)
    return len(STRATEGY_DECK) // players


def deal_table() -> dict[int, dict[str, int]]:
    """{players: {'hand': cards each, 'aside': cards left undealt}} for 2, 3 and 4."""
    return {n: {"hand": cards_per_player(n), "aside": len(STRATEGY_DECK) % n}
            for n in PLAYER_COUNTS}


def check_player_count(players: int) -> None:
    if players not in PLAYER_COUNTS:
        raise RuleError(f"Druid's Duel is for {PLAYER_COUNTS[0]} to {PLAYER_COUNTS[-1]} "
                        f"players, not {players}")


def strategy_value(card: Card) -> int:
    """Ace low: A is 1, ..., 10 is 10."""
    if card.rank not in ACE_LOW:
        raise RuleError(f"{card} is not a strategy card (ace to ten)")
    return ACE_LOW[card.rank]


def succeeds(form: str, card: Card, others: Sequence[Card]) -> bool:
    """Whether a strategy card succeeds under a form, against the other cards revealed."""
    value = strategy_value(card)
    if form == JACKRABBIT:
        return all(value < strategy_value(other) for other in others)  # D1
    if form == LION:
        return all(value > strategy_value(other) for other in others)  # D1
    if form == PEACOCK:
        return all(other.rank != card.rank and other.suit != card.suit for other in others)
    raise RuleError(f"unknown form {form!r}")


@dataclass(frozen=True)
class Player:
    hand: tuple[Card, ...]
    ready: frozenset[str] = frozenset(FORMS)  # face-down forms to choose from
    drained: str | None = None  # set aside face-up this turn
    joker: bool = False  # holds a Chameleon

    def choices(self) -> tuple[str, ...]:
        return tuple(f for f in FORMS if f in self.ready) + ((CHAMELEON,) if self.joker else ())


@dataclass(frozen=True)
class State:
    players: tuple[Player, ...]
    chameleon: bool = False  # the variant
    jokers_left: int = 0  # in the supply
    turns_played: int = 0
    winners: tuple[int, ...] | None = None  # seats with an empty hand; None: not over
    stalemate: bool = False  # ended because no card could ever succeed again (D8)


@dataclass(frozen=True)
class Move:
    """A player's turn: the form revealed, the strategy card (None when Chameleons clash),
    and the form a Chameleon declares."""

    form: str
    strategy: Card | None = None
    declared: str | None = None

    @classmethod
    def of(cls, form: str, strategy: str | Card | None = None, declared: str | None = None):
        card = parse(strategy) if isinstance(strategy, str) else strategy
        return cls(form, card, declared)


@dataclass(frozen=True)
class TurnResult:
    before: State
    moves: tuple[Move, ...]
    forms: tuple[str | None, ...]  # the form each card was judged by; None: clashed
    succeeded: tuple[bool, ...]
    after: State


def new_game(hands: Sequence[Sequence[Card | str]], chameleon: bool = False) -> State:
    """A game before turn one, from each player's strategy hand."""
    check_player_count(len(hands))
    if chameleon and len(hands) < CHAMELEON_MIN_PLAYERS:
        raise RuleError(f"the Chameleon variant needs {CHAMELEON_MIN_PLAYERS} or more players")
    players = []
    seen: set[Card] = set()
    for hand in hands:
        cards = tuple(parse(c) if isinstance(c, str) else c for c in hand)
        for card in cards:
            strategy_value(card)
            if card in seen:
                raise RuleError(f"{card} is dealt twice")
            seen.add(card)
        players.append(Player(cards))
    return State(tuple(players), chameleon, JOKERS if chameleon else 0)


def deal(players: int, rng, chameleon: bool = False) -> State:
    """Shuffle the strategy cards with a seeded random.Random and deal the table's hands."""
    cards = list(STRATEGY_DECK)
    rng.shuffle(cards)
    size = cards_per_player(players)
    return new_game([cards[i * size:(i + 1) * size] for i in range(players)], chameleon)


def chameleons_clash(moves: Sequence[Move]) -> bool:
    """Two or more Chameleons cancel out: none of them has a form this turn."""
    return sum(move.form == CHAMELEON for move in moves) > 1


def judged_forms(moves: Sequence[Move]) -> tuple[str | None, ...]:
    """The form each card is judged by: a Chameleon's declared form, or None for each of
    two or more Chameleons."""
    clash = chameleons_clash(moves)
    return tuple((None if clash else move.declared) if move.form == CHAMELEON else move.form
                 for move in moves)


def play_turn(state: State, moves: Sequence[Move]) -> TurnResult:
    """Resolve one turn (steps 1-6) and return the state after it."""
    if state.winners is not None:
        raise RuleError("the game is over")
    moves = tuple(moves)
    if len(moves) != len(state.players):
        raise RuleError(f"{len(moves)} moves for {len(state.players)} players")
    forms = judged_forms(moves)
    clash = chameleons_clash(moves)
    for seat, (player, move) in enumerate(zip(state.players, moves)):
        _check_move(seat, player, move, clashed=clash and move.form == CHAMELEON)

    played = [(seat, move.strategy) for seat, move in enumerate(moves) if move.strategy]
    succeeded = tuple(
        move.strategy is not None
        and succeeds(form, move.strategy, [c for s, c in played if s != seat])
        for seat, (move, form) in enumerate(zip(moves, forms)))

    jokers_left = state.jokers_left + sum(move.form == CHAMELEON for move in moves)
    players = [_end_turn(player, move, won)
               for player, move, won in zip(state.players, moves, succeeded)]
    if state.chameleon and sum(succeeded) == 1 and jokers_left:  # D4
        seat = succeeded.index(True)
        if not players[seat].joker:
            players[seat] = replace(players[seat], joker=True)
            jokers_left -= 1
    winners = tuple(seat for seat, player in enumerate(players) if not player.hand)
    stalled = not winners and not can_succeed([p.hand for p in players], [p.joker for p in players])
    if stalled:  # D8
        fewest = min(len(player.hand) for player in players)
        winners = tuple(seat for seat, player in enumerate(players) if len(player.hand) == fewest)
    after = State(tuple(players), state.chameleon, jokers_left, state.turns_played + 1,
                  winners or None, stalled)
    return TurnResult(state, moves, forms, succeeded, after)


def can_succeed(hands: Sequence[Sequence[Card]], jokers: Sequence[bool] = ()) -> bool:
    """Whether some choice of one card per hand lets some card succeed under some form, on
    the full table or with any two or more joker holders (jokers[seat]) clashing and
    playing no card. When none does, hands can never change again, and no joker can be
    earned (D8)."""
    holders = [seat for seat, held in enumerate(jokers) if held]
    clashes = [()] + [group for size in range(2, len(holders) + 1)
                      for group in combinations(holders, size)]
    return any(_some_card_succeeds([hand for seat, hand in enumerate(hands) if seat not in out])
               for out in clashes)


def _some_card_succeeds(hands: Sequence[Sequence[Card]]) -> bool:
    """The search stops at the first success, which comes at once unless the hands are
    nearly all one rank. A card alone on the table succeeds (D2); no card, none."""
    for choice in product(*hands):
        for seat, card in enumerate(choice):
            others = choice[:seat] + choice[seat + 1:]
            if any(succeeds(form, card, others) for form in FORMS):
                return True
    return False


def _check_move(seat: int, player: Player, move: Move, clashed: bool) -> None:
    if move.form not in player.choices():
        raise RuleError(f"player {seat + 1} cannot take the {move.form} form now "
                        f"(ready: {', '.join(player.choices()) or 'none'})")
    if move.form == CHAMELEON and not clashed and move.declared not in FORMS:  # D5
        raise RuleError(f"player {seat + 1}'s Chameleon must declare one of {', '.join(FORMS)}")
    if clashed:
        if move.strategy is not None:
            raise RuleError(f"player {seat + 1}'s Chameleon clashed and plays no strategy card")
        return
    if move.strategy is None:
        raise RuleError(f"player {seat + 1} must play a strategy card")
    if move.strategy not in player.hand:
        raise RuleError(f"player {seat + 1} has no {move.strategy} in hand")


def _end_turn(player: Player, move: Move, won: bool) -> Player:
    """Step 5's discard and step 6: drain the form used, recover the one drained before
    (a joker is returned instead of drained, D3)."""
    hand = tuple(c for c in player.hand if not (won and c == move.strategy))
    ready = set(player.ready) | ({player.drained} if player.drained else set())
    if move.form == CHAMELEON:
        return Player(hand, frozenset(ready), None, joker=False)
    ready.discard(move.form)
    return Player(hand, frozenset(ready), move.form, player.joker)
