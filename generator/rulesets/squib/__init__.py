"""The squib rule set: Squib Squares' code.

    engine.py    the game's mechanics (squibs, touching, the face-off, the wheel, set scores)
    checks.py    R1-R9, the deck rules `ppgen validate` runs
    stats.py     `ppgen validate --stats`
    art.py       the 'squib' face element (with pen.py and bodies.py) and the colour symbols
    figures.py   the colour wheel and set outlines for the rules and aids
    examples.py  worked examples found in the deck
    replays.py   worked examples rules.md states, replayed by the engine
    helpers.py   what rules.md may call
    design.py    the seeded deck designer, `ppgen design squib-deck`
"""

from __future__ import annotations

from ..base import RuleSet
from . import art, checks, design, engine, helpers, replays, stats

RULESET = RuleSet(
    name="squib",
    painters={"squib": art.PAINTER},
    checks=(checks.check,),
    helpers=helpers.helpers,
    stats=stats.stats,
    commands=(design.command,),
    examples=replays.REPLAYERS,
    reads=engine.COLUMNS,  # the engine reads every side's colour, emotion and kind
    codes=engine.CODES,
)
