"""The poohsticks rule set: Poohsticks' code, on top of the playing-cards rule set.

    engine.py    card values and the solver: every unpadded way a hand makes a target
    river.py     the river: where a boat may move, bridge cards, rocks, leaving the river
    written.py   a way written out in the rules, read and checked against a hand
    checks.py    the deck has no jokers and an ace per boat; data numbers are sane
    pictures.py  the stick boat, waves, a rock and a bridge as display-list ops
    art.py       face elements: the card (boat aces, valued courts), its back, the markers
    mat.py       the river mat's face element
    figures.py   river diagrams for the rules and aids
    examples.py  solved hands found in the deck
    replays.py   worked examples rules.md states, replayed by the engine
    helpers.py   what rules.md may call
    stats.py     `validate --stats`: how often a hand can pay for each river value
"""

from __future__ import annotations

from ..base import RuleSet
from . import art, checks, helpers, mat, replays, stats

RULESET = RuleSet(
    name="poohsticks",
    requires=("playing-cards",),  # built on its deck: a game gets its card check too
    painters={"poohsticks-card": art.CARD, "poohsticks-back": art.BACK, "poohsticks-marker": art.MARKER,
              "poohsticks-river": mat.PAINTER},
    checks=(checks.check,),
    helpers=helpers.helpers,
    examples=replays.REPLAYERS,
    stats=stats.stats,
)
