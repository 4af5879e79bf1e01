"""Squib Squares deck statistics, for `ppgen validate --stats`: how often each value
appears (and on the left), the pair tables, how many cards may sit beside each card, and
each card's share of single-card Squib Steal face-offs won, tied and lost."""

from __future__ import annotations

from collections import Counter
from statistics import mean
from typing import Any, Iterable, Sequence

from ...model import Game
from .engine import ATTRIBUTES, LEFT_RANGE, NOUN, PAIR_RANGE, PLURAL, SQUIB_RANGE, Neighbours, Shares, SquibCard, SquibSpec, deck, face_off_shares, neighbours, spec_from_data

def deck_stats(cards: Sequence[SquibCard], spec: SquibSpec) -> str:
    """A plain-text report of the deck's balance, for `ppgen validate --stats`."""
    sections = [_value_counts_table(cards, spec)]
    sections += [_pair_table(cards, spec, attr) for attr in ATTRIBUTES]
    near, shares = neighbours(cards), face_off_shares(cards, spec.beats)
    sections.append(_card_table(cards, near, shares))
    sections.append(_summary(near, shares))
    return "\n\n".join(sections) + "\n"


def _table(header: Sequence[str], rows: Iterable[Sequence[Any]], left_columns: int = 1) -> list[str]:
    """Rows padded to aligned columns: the first `left_columns` left-aligned, the rest right."""
    rows = [[str(v) for v in row] for row in rows]
    widths = [max(len(r[i]) for r in [list(header)] + rows) for i in range(len(header))]

    def fmt(row):
        cells = [v.ljust(w) if i < left_columns else v.rjust(w) for i, (v, w) in enumerate(zip(row, widths))]
        return "  ".join(cells).rstrip()

    return [fmt(header), fmt(["-" * w for w in widths])] + [fmt(r) for r in rows]


def _value_counts_table(cards, spec) -> str:
    rows = []
    for attr in ATTRIBUTES:
        for value in spec.values(attr):
            left = sum(c.left.value(attr) == value for c in cards)
            right = sum(c.right.value(attr) == value for c in cards)
            rows.append([NOUN[attr], value, left + right, left, right])
    lo, hi = SQUIB_RANGE
    title = (f"Squibs per value (R5 wants {lo}-{hi} in all; R7 wants {LEFT_RANGE[0]}-{LEFT_RANGE[1]} "
             f"on the left)")
    return "\n".join([title, ""] + _table(["attribute", "value", "total", "left", "right"], rows, 2))


def _pair_table(cards, spec, attr: str) -> str:
    values = spec.values(attr)
    pairs = Counter(frozenset((c.left.value(attr), c.right.value(attr))) for c in cards)
    rows = [[a] + ["-" if a == b else pairs[frozenset((a, b))] for b in values] for a in values]
    title = f"Cards per pair of {PLURAL[attr]} (R6 wants {PAIR_RANGE[0]}-{PAIR_RANGE[1]})"
    return "\n".join([title, ""] + _table([""] + list(values), rows))


def _card_table(cards, near: Sequence[Neighbours], shares: Sequence[Shares]) -> str:
    rows = [[c.id, str(c.left), str(c.right), n.right, n.left, n.column,
             f"{s.win:.2f}", f"{s.tie:.2f}", f"{s.lose:.2f}"]
            for c, n, s in zip(cards, near, shares)]
    title = ("Per card: how many other cards may sit on its right, on its left, above or below it;\n"
             "and its Squib Steal face-offs against each other card (share won, tied, lost)")
    header = ["card", "left squib", "right squib", "right", "left", "column", "win", "tie", "lose"]
    return "\n".join([title, ""] + _table(header, rows, 3))


def _summary(near: Sequence[Neighbours], shares: Sequence[Shares]) -> str:
    measures = {
        "neighbours on the right": [n.right for n in near],
        "neighbours on the left": [n.left for n in near],
        "neighbours above/below": [n.column for n in near],
        "face-off win share": [s.win for s in shares],
        "face-off tie share": [s.tie for s in shares],
        "face-off lose share": [s.lose for s in shares],
    }
    rows = [[name, _num(min(v)), _num(mean(v)), _num(max(v))] for name, v in measures.items() if v]
    return "\n".join(["Summary", ""] + _table(["measure", "min", "mean", "max"], rows))


def _num(value: float) -> str:
    return str(value) if isinstance(value, int) else f"{value:.2f}"


def stats(game: Game) -> str:
    """The statistics report for a loaded game (an empty deck if the component is missing)."""
    try:
        cards = deck(game)
    except KeyError:
        cards = []
    return deck_stats(cards, spec_from_data(game.data))
