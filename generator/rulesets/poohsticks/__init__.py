"""The poohsticks rule set: Poohsticks' code, on top of the playing-cards rule set.

    engine.py    card values and the solver: every unpadded way a hand makes a target
    river.py     the river: where a boat may move, bridge cards, rocks, leaving the river
    pictures.py  the stick boat, waves, a rock and a bridge as display-list ops
    art.py       face elements: the card (boat aces, valued courts), its back, the markers
    mat.py       the river mat's face element
"""

from __future__ import annotations

from ..base import RuleSet
from . import art, mat

RULESET = RuleSet(
    name="poohsticks",
    painters={"poohsticks-card": art.CARD, "poohsticks-back": art.BACK, "poohsticks-marker": art.MARKER,
              "poohsticks-river": mat.PAINTER},
)
