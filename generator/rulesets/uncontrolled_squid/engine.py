"""Uncontrolled Squid's rules as pure functions on frozen values.

A round: every player plays one card of their own suit face-down; the cards are revealed;
the single highest card takes the Squid Totem, and when the highest is tied the single
lowest card takes it; otherwise the totem is uncontrolled. The holder's team scores a
point; an uncontrolled totem scores the Squid a point and wipes both teams' points.
Three points win (a team or the Squid); when the cards run out the Squid wins.

Decisions where the source rules are silent (the booklet states them too):
- D1 Highest tied and lowest tied as well (e.g. J J 3 3): nobody takes the totem; it is
  uncontrolled. "All tied" is the special case of this rule. (The source's Recalcitrant
  Squid text, "the high and low cards are tied", points the same way.)
- D2 Teams must be equal, so the player count is even: 2, 4, 6 or 8 (2 is a duel of one
  against one). An odd count is refused; with an odd group, one person keeps the score.
- D3 The totem starts in the middle of the table, so it is uncontrolled at the start of
  the first round: variants that trigger on an uncontrolled totem apply to round one.
- D4 The cards run out when, at the end of a round, any player has no card left (variants
  that discard can leave hands uneven); the game ends after that round.
- D5 Recalcitrant Squid: each card on the table counts on its own, the Squid's cards
  included. If the deciding card is one of the Squid's, the totem stays uncontrolled.
  The Squid plays its cards from its own pile; when the pile is empty mid-draw its discards
  (not the cards already on the table) are shuffled into a new pile.
- D6 Recalcitrant Squid needs a spare suit for the Squid: a second deck for 4 players,
  a third for 8.
- D7 A discard at the start of a round (The Wrath of Squid, Appeasement Sacrifice) never takes
  a player's last card: that player keeps it to play.
- D8 Betrayer: when the cards run out, the end-of-round scoring happens first; if it gives
  a team its third point the team wins, otherwise the player holding the totem wins alone;
  if the totem is uncontrolled the Squid wins.
- D9 With The Wrath of Squid and Appeasement Sacrifice both in play, Wrath's discards come
  first; each team then chooses among its players who still hold two cards or more.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Sequence

from ..playing_cards.deck import RANKS, SUITS, Card, parse

TEAMS = ("A", "B")
SQUID = "squid"
BETRAYER = "betrayer"
POINTS_TO_WIN = 3
PLAYER_COUNTS = (2, 4, 6, 8)  # D2
SUITS_PER_DECK = len(SUITS)

# Aces high, deuces low.
ACES_HIGH = {rank: value for value, rank in enumerate(RANKS[1:] + RANKS[:1], start=2)}

VARIANT_FIELDS = {
    "wrath-of-squid": "wrath_of_squid",
    "appeasement-sacrifice": "appeasement_sacrifice",
    "squid-madness": "squid_madness",
    "recalcitrant-squid": "recalcitrant_squid",
    "price-of-power": "price_of_power",
    "squids-blessing": "squids_blessing",
    "betrayer": "betrayer",
}
PRO_VERSION = ("recalcitrant-squid", "betrayer")  # the author's pairing


class RuleError(ValueError):
    """A move or a set-up the rules do not allow."""


@dataclass(frozen=True)
class Variants:
    wrath_of_squid: bool = False
    appeasement_sacrifice: bool = False
    squid_madness: bool = False
    recalcitrant_squid: bool = False
    price_of_power: bool = False
    squids_blessing: bool = False
    betrayer: bool = False

    @classmethod
    def named(cls, names: Sequence[str]) -> "Variants":
        """Variants('recalcitrant-squid', 'betrayer') from their hyphenated names."""
        unknown = [name for name in names if name not in VARIANT_FIELDS]
        if unknown:
            raise RuleError(f"unknown variant {unknown[0]!r} (known: {', '.join(VARIANT_FIELDS)})")
        return cls(**{VARIANT_FIELDS[name]: True for name in names})


@dataclass(frozen=True)
class Outcome:
    """Who won: a team ('A'/'B'), the Squid ('squid') or, under Betrayer, one player
    ('betrayer', with their seat)."""

    winner: str
    reason: str  # 'three points' or 'cards ran out'
    seat: int | None = None  # the betrayer


@dataclass(frozen=True)
class State:
    teams: tuple[str, ...]  # teams[seat] is 'A' or 'B'
    hands: tuple[tuple[Card, ...], ...]
    variants: Variants = Variants()
    holder: int | None = None  # seat controlling the totem; None: uncontrolled (D3)
    points: tuple[int, int] = (0, 0)  # team A, team B
    squid_points: int = 0
    squid_pile: tuple[Card, ...] = ()  # Recalcitrant Squid: the Squid's face-down cards
    squid_discards: tuple[Card, ...] = ()
    rounds_played: int = 0
    outcome: Outcome | None = None

    @property
    def team_size(self) -> int:
        return len(self.teams) // 2

    @property
    def holder_team(self) -> str | None:
        return None if self.holder is None else self.teams[self.holder]

    def team_points(self, team: str) -> int:
        return self.points[TEAMS.index(team)]

    def seats_of(self, team: str) -> tuple[int, ...]:
        return tuple(seat for seat, t in enumerate(self.teams) if t == team)


@dataclass(frozen=True)
class RoundResult:
    before: State
    plays: tuple[Card, ...]  # plays[seat]
    squid_cards: tuple[Card, ...]
    taker: int | None  # seat that takes the totem, None: uncontrolled
    squid_won: bool  # the deciding card was one of the Squid's (D5)
    after: State


@dataclass(frozen=True)
class Obligations:
    """What the variants demand at the start of a round, before anyone chooses a card."""

    discard_random: tuple[int, ...] = ()  # Wrath of Squid: these seats discard at random
    team_picks_discarder: tuple[str, ...] = ()  # Appeasement Sacrifice: each team picks one
    play_random: tuple[int, ...] = ()  # Squid Madness, The Price of Power
    may_bless: int | None = None  # Squid's Blessing: this seat may bless another player
    squid_cards: int = 0  # Recalcitrant Squid: cards the Squid plays
    eligible: tuple[int, ...] = ()  # seats a team may pick: 2+ cards after Wrath's discards (D7, D9)


def rank_value(card: Card) -> int:
    """Aces high: 2 is 2, ..., K is 13, A is 14."""
    if card.is_joker:
        raise RuleError("the jokers are removed from the deck")
    return ACES_HIGH[card.rank]


def deciding_index(values: Sequence[int]) -> int | None:
    """The card that takes the totem: the single highest; if the highest is tied, the single
    lowest; if that is tied too (D1, which includes 'all tied'), none."""
    for extreme in (max(values), min(values)):
        at = [i for i, value in enumerate(values) if value == extreme]
        if len(at) == 1:
            return at[0]
    return None


def default_teams(players: int) -> tuple[str, ...]:
    """Seats alternate between the teams: A, B, A, B, ..."""
    check_player_count(players)
    return tuple(TEAMS[seat % 2] for seat in range(players))


def check_player_count(players: int) -> None:
    if players not in PLAYER_COUNTS:
        raise RuleError(
            f"Uncontrolled Squid needs an even number of players from {PLAYER_COUNTS[0]} "
            f"to {PLAYER_COUNTS[-1]} (two equal teams), not {players}")


def decks_needed(players: int, recalcitrant_squid: bool = False) -> int:
    """A deck for every four suits in play: one per player, one more for the Squid (D6)."""
    check_player_count(players)
    suits = players + (1 if recalcitrant_squid else 0)
    return -(-suits // SUITS_PER_DECK)


def suit_hand(suit: str) -> tuple[Card, ...]:
    return tuple(Card(rank, suit) for rank in RANKS)


def new_game(teams: Sequence[str] | str, variants: Variants = Variants(),
             hands: Sequence[Sequence[Card]] | None = None, squid_suit: str = "S") -> State:
    """A game before round one. By default seat i gets suit i of a deck per four players
    (so with 8 players two seats share a suit letter, from different decks)."""
    teams = tuple(teams)
    check_player_count(len(teams))
    if set(teams) - set(TEAMS) or teams.count("A") != teams.count("B"):
        raise RuleError(f"two equal teams A and B are needed, not {''.join(teams)}")
    if hands is None:
        hands = [suit_hand(SUITS[seat % SUITS_PER_DECK]) for seat in range(len(teams))]
    if len(hands) != len(teams):
        raise RuleError(f"{len(hands)} hands for {len(teams)} players")
    for hand in hands:
        for card in hand:
            rank_value(card)
    squid_pile = suit_hand(squid_suit) if variants.recalcitrant_squid else ()
    return State(teams=teams, hands=tuple(tuple(h) for h in hands), variants=variants,
                 squid_pile=squid_pile)


def round_start(state: State) -> Obligations:
    """What the variants demand before the cards are chosen (D3, D7, D9)."""
    v = state.variants
    uncontrolled = state.holder is None
    sizes = [len(hand) for hand in state.hands]
    wrath = _can_discard(sizes) if v.wrath_of_squid and uncontrolled else ()
    after_wrath = [size - (seat in wrath) for seat, size in enumerate(sizes)]
    play_random: set[int] = set()
    if v.squid_madness and uncontrolled:
        play_random.update(range(len(state.teams)))
    if v.price_of_power and not uncontrolled:
        play_random.add(state.holder)
    return Obligations(
        discard_random=wrath,
        team_picks_discarder=TEAMS if v.appeasement_sacrifice and uncontrolled else (),
        play_random=tuple(sorted(play_random)),
        may_bless=state.holder if v.squids_blessing and not uncontrolled else None,
        squid_cards=squid_cards_due(state),
        eligible=_can_discard(after_wrath))


def _can_discard(sizes: Sequence[int]) -> tuple[int, ...]:
    """Seats that may be made to discard, by hand size: never a player's last card (D7)."""
    return tuple(seat for seat, size in enumerate(sizes) if size > 1)


def squid_cards_due(state: State) -> int:
    """Recalcitrant Squid: the Squid plays one card per player on a team when the totem is
    uncontrolled at the start of the round."""
    if state.variants.recalcitrant_squid and state.holder is None:
        return state.team_size
    return 0


def discard(state: State, seat: int, card: Card | str) -> State:
    """A start-of-round discard (Wrath of Squid, Appeasement Sacrifice); the caller picks
    the card at random. Never a player's last card (D7)."""
    card = parse(card) if isinstance(card, str) else card
    hand = state.hands[seat]
    if card not in hand:
        raise RuleError(f"seat {seat} has no {card} to discard")
    if len(hand) == 1:
        raise RuleError(f"seat {seat} keeps their last card to play (D7)")
    return replace(state, hands=_without(state.hands, seat, card))


def draw_squid_cards(state: State, rng) -> tuple[Card, ...]:
    """The Squid's cards for this round, drawn at random with a seeded random.Random."""
    pile, discards = list(state.squid_pile), list(state.squid_discards)
    drawn = []
    for _ in range(squid_cards_due(state)):
        if not pile:
            pile, discards = discards, []
        drawn.append(pile.pop(rng.randrange(len(pile))))
    return tuple(drawn)


def play_round(state: State, plays: Sequence[Card | str],
               squid_cards: Sequence[Card | str] = ()) -> RoundResult:
    """Resolve one round: plays[seat] is each player's card, squid_cards the Squid's."""
    if state.outcome is not None:
        raise RuleError("the game is over")
    plays = tuple(parse(c) if isinstance(c, str) else c for c in plays)
    squid_cards = tuple(parse(c) if isinstance(c, str) else c for c in squid_cards)
    if len(plays) != len(state.teams):
        raise RuleError(f"{len(plays)} cards played by {len(state.teams)} players")
    hands = state.hands
    for seat, card in enumerate(plays):
        if card not in hands[seat]:
            raise RuleError(f"seat {seat} has no {card} in hand")
        hands = _without(hands, seat, card)
    due = squid_cards_due(state)
    if len(squid_cards) != due:
        raise RuleError(f"the Squid plays {due} card(s) this round, not {len(squid_cards)}")
    squid_pile, squid_discards = _take_squid_cards(state, squid_cards)

    values = [rank_value(card) for card in plays + squid_cards]
    decider = deciding_index(values)
    squid_won = decider is not None and decider >= len(plays)
    taker = None if decider is None or squid_won else decider

    after = replace(state, hands=hands, holder=taker, squid_pile=squid_pile,
                    squid_discards=squid_discards + squid_cards,
                    rounds_played=state.rounds_played + 1)
    after = _score(after)
    after = replace(after, outcome=_outcome(after))
    return RoundResult(state, plays, squid_cards, taker, squid_won, after)


def _take_squid_cards(state: State, cards: tuple[Card, ...]):
    """Remove the Squid's played cards from its pile, reshuffling its discards into a new
    pile whenever the pile runs out (D5)."""
    pile, discards = list(state.squid_pile), list(state.squid_discards)
    for card in cards:
        if not pile:
            pile, discards = discards, []
        if card not in pile:
            raise RuleError(f"the Squid's pile has no {card}")
        pile.remove(card)
    return tuple(pile), tuple(discards)


def _score(state: State) -> State:
    """End of round: the holder's team scores; an uncontrolled totem scores the Squid a
    point and wipes both teams' points."""
    if state.holder is None:
        return replace(state, points=(0, 0), squid_points=state.squid_points + 1)
    points = list(state.points)
    points[TEAMS.index(state.holder_team)] += 1
    return replace(state, points=tuple(points))


def _outcome(state: State) -> Outcome | None:
    for team in TEAMS:
        if state.team_points(team) >= POINTS_TO_WIN:
            return Outcome(team, "three points")
    if state.squid_points >= POINTS_TO_WIN:
        return Outcome(SQUID, "three points")
    if any(not hand for hand in state.hands):  # D4
        if state.variants.betrayer and state.holder is not None:  # D8
            return Outcome(BETRAYER, "cards ran out", seat=state.holder)
        return Outcome(SQUID, "cards ran out")
    return None


def _without(hands, seat: int, card: Card):
    hand = list(hands[seat])
    hand.remove(card)
    return hands[:seat] + (tuple(hand),) + hands[seat + 1:]
