"""The playing-cards rule set: the standard deck shared by every game played with one.

    deck.py      Card values, parse ('AS', '10H', 'JK1') and standard_deck(); the plain
                 data (ranks, suits, names, order) is generator/standard_deck.py, which the
                 loader reads for `standard = { ... }` components
    checks.py    every card of a playing-card deck (cards with a `card` column) is real
    design.py    `ppgen design standard-deck`: the same deck as a CSV
    suits.py     the four suits as vector shapes, in two or four colours
    pips.py      where a number card's pips go
    courts.py    court figures and the joker, drawn in code
    face.py      a card's face (indices, centre) and the `playing-card` face element
"""

from __future__ import annotations

from ..base import RuleSet
from . import checks, design, face

RULESET = RuleSet(
    name="playing-cards",
    painters={"playing-card": face.PAINTER},
    checks=(checks.check,),
    commands=(design.command,),
    reads=checks.COLUMNS_READ,  # the check reads a deck's card, rank and suit
)
