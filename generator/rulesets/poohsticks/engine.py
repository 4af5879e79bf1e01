"""Poohsticks' card arithmetic, as pure functions: what a card is worth and every way a set
of cards reaches a target.

Rule decisions where the seed is silent (the rules print them):
- Division must come out whole, and every intermediate result must be a positive whole
  number (so no fractions and nothing below one along the way).
- One move uses one or more cards, each at most once; an ace is 1 or 14 each time it is used.

Canonical form (what the aid prints and `solve` returns): expressions that differ only by
order or grouping are one way (4 + 3 + 2 is 2 + (3 + 4)), sums print additions before
subtractions and products multiplications before divisions, largest first, so every step
read left to right stays whole and positive. A way is *padded* when some of its cards could
be left out and the rest still reach the target ((1 × 13) − 3 pads 13 − 3 with an ace); the
solver keeps only ways whose every card is needed.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations

from ..playing_cards.deck import Card, parse

COURT_VALUES = {"J": 11, "Q": 12, "K": 13}
ACE_VALUES = (1, 14)
EXIT_RANKS = ("J", "Q", "K", "A")  # a court or an ace takes a boat out of the river

# A canonical expression is a nested tuple:
#   ("n", value)                         one card
#   ("+", added, subtracted)             terms sorted, none of them a sum
#   ("×", multiplied, divided)           factors sorted, none of them a product
Expr = tuple


def values(card_id: str | Card) -> tuple[int, ...]:
    """What a card may count as: (1, 14) for an ace, one value for any other card."""
    card = card_id if isinstance(card_id, Card) else parse(card_id)
    if card.is_joker:
        raise ValueError(f"{card.id}: Poohsticks is played without jokers")
    if card.rank == "A":
        return ACE_VALUES
    return (COURT_VALUES.get(card.rank) or int(card.rank),)


def value(card_id: str) -> int:
    """The value of a card that is not an ace (a river card's value for a move onto it);
    an ace in the river is worth 1 or 14, so it has no single value: ValueError."""
    found = values(card_id)
    if len(found) != 1:
        raise ValueError(f"{card_id} counts as 1 or 14")
    return found[0]


def can_exit(card_id: str) -> bool:
    """Whether this card, played alone from the final row, takes a boat out of the river."""
    return parse(card_id).rank in EXIT_RANKS


# -- canonical expressions ----------------------------------------------------------------

def _terms(e: Expr) -> tuple[tuple, tuple]:
    return (e[1], e[2]) if e[0] == "+" else ((e,), ())


def _factors(e: Expr) -> tuple[tuple, tuple]:
    return (e[1], e[2]) if e[0] == "×" else ((e,), ())


def _sum(added, subtracted) -> Expr:
    return ("+", tuple(sorted(added)), tuple(sorted(subtracted)))


def _product(multiplied, divided) -> Expr:
    return ("×", tuple(sorted(multiplied)), tuple(sorted(divided)))


def combine(a: Expr, va: int, b: Expr, vb: int) -> list[tuple[int, Expr]]:
    """Every whole positive (value, expression) made of a and b by one operation."""
    out = [(va + vb, _sum(_terms(a)[0] + _terms(b)[0], _terms(a)[1] + _terms(b)[1])),
           (va * vb, _product(_factors(a)[0] + _factors(b)[0], _factors(a)[1] + _factors(b)[1]))]
    for (x, vx), (y, vy) in (((a, va), (b, vb)), ((b, vb), (a, va))):
        (x_plus, x_minus), (y_plus, y_minus) = _terms(x), _terms(y)
        (x_times, x_over), (y_times, y_over) = _factors(x), _factors(y)
        if vx > vy:  # x − y: y's added terms are taken away, its taken-away terms added
            out.append((vx - vy, _sum(x_plus + y_minus, x_minus + y_plus)))
        if vx % vy == 0:  # x ÷ y: likewise for factors
            out.append((vx // vy, _product(x_times + y_over, x_over + y_times)))
    return out


def evaluate(e: Expr) -> int:
    if e[0] == "n":
        return e[1]
    if e[0] == "+":
        return sum(map(evaluate, e[1])) - sum(map(evaluate, e[2]))
    top = 1
    for f in e[1]:
        top *= evaluate(f)
    for f in e[2]:
        top //= evaluate(f)
    return top


def show(e: Expr, inside: str = "") -> str:
    """The expression as printed: '13 − 3', '(4 + 2) × 3', '14 ÷ 7'. Terms and factors go
    largest first, subtractions and divisions last; a compound part inside another is
    bracketed, so no reader needs to know which sign goes first."""
    if e[0] == "n":
        return str(e[1])
    order = lambda parts: sorted(parts, key=lambda p: (-evaluate(p), show(p)))
    if e[0] == "+":
        text = " + ".join(show(t, "+") for t in order(e[1]))
        text += "".join(f" − {show(t, '+')}" for t in order(e[2]))
    else:
        text = " × ".join(show(f, "×") for f in order(e[1]))
        text += "".join(f" ÷ {show(f, '×')}" for f in order(e[2]))
    return f"({text})" if inside else text


# -- the solver -----------------------------------------------------------------------------

@lru_cache(maxsize=4096)
def _reach(numbers: tuple[tuple[int, ...], ...]) -> dict[int, frozenset]:
    """value -> canonical expressions using every one of these cards exactly once (each card
    given by the values it may count as)."""
    if len(numbers) == 1:
        return {v: frozenset({("n", v)}) for v in numbers[0]}
    out: dict[int, set] = {}
    first, rest = numbers[0], numbers[1:]
    indices = range(len(rest))
    # Split into a part holding the first card and the rest, so each split is seen once.
    for size in range(0, len(rest)):
        for chosen in combinations(indices, size):
            left = (first,) + tuple(rest[i] for i in chosen)
            right = tuple(rest[i] for i in indices if i not in chosen)
            for va, xs in _reach(left).items():
                for vb, ys in _reach(right).items():
                    for x in xs:
                        for y in ys:
                            for v, e in combine(x, va, y, vb):
                                out.setdefault(v, set()).add(e)
    return {v: frozenset(es) for v, es in out.items()}


def reach(cards) -> dict[int, frozenset]:
    """value -> canonical expressions that use each of these cards exactly once."""
    return reach_numbers(values(c) for c in cards)


def reach_numbers(numbers) -> dict[int, frozenset]:
    """reach() for cards given by what they may count as: ((7,), (1, 14), ...)."""
    return _reach(tuple(sorted(tuple(n) for n in numbers)))


def reaches(cards, target: int) -> bool:
    """Whether these cards, every one of them used once, can make target."""
    return bool(cards) and target in reach(tuple(cards))


@dataclass(frozen=True)
class Way:
    """One way to make a target: the cards it uses (ids) and the printed expression."""

    cards: tuple[str, ...]
    text: str

    @property
    def size(self) -> int:
        return len(self.cards)


def ways(hand, target: int) -> list[Way]:
    """Every unpadded way the hand's cards (each at most once) make target: canonical, no
    card that could be left out, fewest cards first."""
    hand = tuple(hand)
    found: dict[str, Way] = {}
    for size in range(1, len(hand) + 1):
        for cards in combinations(hand, size):
            shorter = (sub for n in range(1, size) for sub in combinations(cards, n))
            if any(reaches(sub, target) for sub in shorter):
                continue  # padded: some card could be left out
            for e in reach(cards).get(target, ()):
                text = show(e)
                found.setdefault(text, Way(tuple(cards), text))
    return sorted(found.values(), key=lambda w: (w.size, len(w.text), w.text))


def solve(hand, target: int) -> list[str]:
    """The printed forms of ways(hand, target)."""
    return [w.text for w in ways(hand, target)]
