"""A way written out in the rules ('13 − 3', '(4 + 2) × 3'), read and checked against a hand.

Numbers are card values; + − × ÷ (or + - * / x) and brackets; × and ÷ bind before + and −.
Every step must give a positive whole number, as in play, and the numbers must be the
values of different cards of the hand (an ace as 1 or 14), each card used once.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from itertools import permutations

from .engine import values

TOKEN = re.compile(r"\s*(?:(\d+)|([-+*/×÷−x()]))")
SIGNS = {"-": "−", "*": "×", "x": "×", "/": "÷"}


@dataclass(frozen=True)
class Reading:
    value: int | None  # None when some step is not a positive whole number
    numbers: tuple[int, ...]
    problem: str = ""


def tokens(text: str) -> list[str]:
    out, at = [], 0
    text = text.strip()
    while at < len(text):
        found = TOKEN.match(text, at)
        if not found:
            raise ValueError(f"cannot read {text!r} at {text[at:]!r}: write numbers, + − × ÷ and brackets")
        out.append(found.group(1) or SIGNS.get(found.group(2), found.group(2)))
        at = found.end()
    return out


def read(text: str) -> Reading:
    """The value of a written way, or why it is not a legal one."""
    parts = tokens(text)
    numbers: list[int] = []
    problems: list[str] = []

    def step(a: int, sign: str, b: int) -> int:
        result = {"+": a + b, "−": a - b, "×": a * b, "÷": a // b if b and a % b == 0 else 0}[sign]
        if result <= 0 or (sign == "÷" and (not b or a % b)):
            problems.append(f"{a} {sign} {b} is not a positive whole number")
            return max(result, 1)
        return result

    def expression(at: int, signs: tuple[str, str], inner) -> tuple[int, int]:
        value, at = inner(at)
        while at < len(parts) and parts[at] in signs:
            sign = parts[at]
            right, at = inner(at + 1)
            value = step(value, sign, right)
        return value, at

    def atom(at: int) -> tuple[int, int]:
        if at >= len(parts):
            raise ValueError(f"{text!r} ends too soon")
        if parts[at] == "(":
            value, at = expression(at + 1, ("+", "−"), term)
            if at >= len(parts) or parts[at] != ")":
                raise ValueError(f"{text!r}: a bracket is not closed")
            return value, at + 1
        if not parts[at].isdigit():
            raise ValueError(f"{text!r}: expected a number, found {parts[at]!r}")
        numbers.append(int(parts[at]))
        return int(parts[at]), at + 1

    def term(at: int) -> tuple[int, int]:
        return expression(at, ("×", "÷"), atom)

    value, at = expression(0, ("+", "−"), term)
    if at != len(parts):
        raise ValueError(f"{text!r}: unexpected {parts[at]!r}")
    return Reading(None if problems else value, tuple(numbers), "; ".join(problems))


def cards_for(numbers, hand) -> tuple[str, ...] | None:
    """Different cards of the hand worth these numbers, in order, or None if there are none."""
    hand = tuple(hand)
    if len(numbers) > len(hand):
        return None
    for chosen in permutations(hand, len(numbers)):
        if all(n in values(card) for n, card in zip(numbers, chosen)):
            return chosen
    return None
