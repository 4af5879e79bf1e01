"""The uncontrolled-squid rule set: Uncontrolled Squid's code, on top of playing-cards.

    engine.py    the rules as pure functions (decisions D1-D8 in its docstring)
    examples.py  worked examples as plain data, replayed by the engine
    cults.py     the cults and the Squid, read from game.toml's [data]
    emblems.py   the cults' emblems and the Squid, drawn in code
    art.py       the cult cards' faces and backs, and the `squid-emblem` element
    marks.py     cut and fold lines
    standee.py   the Squid Totem standee (a mat)
    track.py     the score track and its markers (a mat)
"""

from __future__ import annotations

from ..base import Painter, RuleSet
from . import art, standee, track

RULESET = RuleSet(
    name="uncontrolled-squid",
    painters={**art.PAINTERS,
              "squid-standee": Painter(art.geometry(), standee.paint),
              "squid-track": Painter(art.geometry(), track.paint)},
)
