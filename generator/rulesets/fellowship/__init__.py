"""The fellowship rule set: The Fellowship of the Ring's code.

    engine.py    the rules: ranks and the odd ace, captures round the ring, the joker, a
                 turn, the end, the score, the suit variant, a shuffled deal
    ring.py      where the ring's places go (pure geometry)
    art.py       the `fellowship-card` element (Boromir, the wild joker) and the back's
                 `fellowship-emblem`
    mat.py       the `ring-mat` element: the ring of places at real size
    figures.py   the rank order with the odd ace, and ring diagrams
    checks.py    the deck is 52 cards and one joker, Boromir among them
    replays.py   worked examples rules.md states (ring-captures, ring-end), replayed
    stats.py     `ppgen validate --stats`: capture chances by rank, cards per table
    helpers.py   what rules.md may call
"""

from __future__ import annotations

from ..base import RuleSet
from . import art, checks, helpers, mat, replays, stats

RULESET = RuleSet(
    name="fellowship",
    requires=("playing-cards",),  # built on its deck: a game gets its card check too
    painters={"fellowship-card": art.CARD, "fellowship-emblem": art.EMBLEM, "ring-mat": mat.PAINTER},
    checks=(checks.check,),
    helpers=helpers.helpers,
    stats=stats.stats,
    examples=replays.REPLAYERS,
)
