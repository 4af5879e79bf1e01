"""Worked Fellowship examples as plain data, replayed by the engine."""

from __future__ import annotations

from generator.rulesets.fellowship.engine import legal_captures

EXAMPLES = (
    {
        "name": "odd ace and joker",
        "ring": ("AS", "KH", "5C", "9D", "JK1", "QS", "2H", "10C", "10H", "3S", "7D", "JC", "4H"),
        "captures": (("AS", "KH"), ("4H", "AS"), ("KH", "5C"), ("9D", "5C"), ("9D", "JK1"), ("QS", "JK1"),
                     ("QS", "2H"), ("10C", "2H"), ("10H", "3S"), ("7D", "3S"),
                     ("JC", "7D"), ("JC", "4H")),
    },
)


def replay(example) -> list[tuple[str, object, object]]:
    """Mismatches (claim, expected, actual) between an example and the engine."""
    ring = tuple((card,) for card in example["ring"])
    actual = sorted((ring[c.source][-1], ring[c.target][-1]) for c in legal_captures(ring, example.get("by_suit", False)))
    expected = sorted(tuple(pair) for pair in example["captures"])
    if actual != expected:
        return [(f"{example['name']}: captures", expected, actual)]
    return []
