"""The druids-duel rule set: Druid's Duel's code, on top of the playing-cards rule set.

    engine.py    the rules as pure functions: success by form, draining and recovering,
                 the Chameleon variant, the end of the game
    examples.py  the source's two-turn example and the corrected one, as data
    replays.py   worked examples rules.md states, replayed by the engine
    forms.py     the forms as game.toml's data.forms gives them (animal, printed rule)
    animals.py   the jackrabbit, peacock, lion and chameleon drawn in code
    art.py       face elements: `druid-card`, `druid-back`, `drained-marker`
    figures.py   one druid's place during a turn, for the rules and aids
    checks.py    the deck, the forms' data and the player range, for `ppgen validate`
    helpers.py   what rules.md may call
    stats.py     `ppgen validate --stats`: the deck, the deal, game length under random play
"""

from __future__ import annotations

from ..base import RuleSet
from . import art, checks, helpers, replays, stats

RULESET = RuleSet(
    name="druids-duel",
    requires=("playing-cards",),  # built on its deck: a game gets its card check too
    painters=art.PAINTERS,
    checks=(checks.check,),
    helpers=helpers.helpers,
    examples=replays.REPLAYERS,
    stats=stats.stats,
)
