"""Numbers and lists in words, for the rules' text (template filters) and rule sets' captions."""

from __future__ import annotations

from typing import Any

_WORDS = ("zero one two three four five six seven eight nine ten eleven twelve thirteen "
          "fourteen fifteen sixteen seventeen eighteen nineteen twenty").split()


def words(n: Any) -> str:
    """3 -> 'three' (up to twenty; larger numbers stay in digits)."""
    if isinstance(n, int) and not isinstance(n, bool) and 0 <= n < len(_WORDS):
        return _WORDS[n]
    return str(n)


def join_and(items, conjunction: str = "and") -> str:
    items = [str(i) for i in items]
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} {conjunction} {items[-1]}"


def plural(n: int, noun: str, nouns: str | None = None) -> str:
    return f"{n} {noun if n == 1 else nouns or noun + 's'}"


def signed(n: Any) -> str:
    return f"+{n}" if isinstance(n, (int, float)) and n > 0 else str(n)


def span(values: tuple[int, int], joiner: str = "–") -> str:
    low, high = values
    return str(low) if low == high else f"{low}{joiner}{high}"
