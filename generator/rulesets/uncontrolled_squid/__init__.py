"""The uncontrolled-squid rule set: Uncontrolled Squid's code, on top of playing-cards.

    engine.py    the rules as pure functions (decisions D1-D8 in its docstring)
    examples.py  worked examples as plain data, replayed by the engine
    cults.py     the cults and the Squid, read from game.toml's [data]
    emblems.py   the cults' emblems and the Squid, drawn in code
    checks.py    the cults, the table sizes, the deck's ranks and the variant cards
    art.py       the cult cards' faces and backs, and the `squid-emblem` element
    marks.py     cut and fold lines
    standee.py   the Squid Totem standee (a mat)
    track.py     the score track and its markers (a mat)
    figures.py   the score track's rows for the rules
    replays.py   worked examples rules.md states, replayed by the engine
    helpers.py   what rules.md may call
    stats.py     `ppgen validate --stats`
    design.py    `ppgen design squid-deck`: the cult cards as a CSV
"""

from __future__ import annotations

from ..base import RuleSet
from . import art, checks, design, helpers, replays, standee, stats, track

RULESET = RuleSet(
    name="uncontrolled-squid",
    requires=("playing-cards",),  # built on its deck: a game gets its card check too
    painters={**art.PAINTERS,
              "squid-standee": standee.PAINTER,
              "squid-track": track.PAINTER},
    checks=(checks.check,),
    helpers=helpers.helpers,
    examples=replays.REPLAYERS,
    stats=stats.stats,
    commands=(design.command,),
)
