# ppgen-dice/ppgen_dice.py
"""The dice rule set: a `die` face element, a check that every die shows 1 to 6, and a helper
for rules.md."""

from fractions import Fraction

from generator.elements import Param, geometry
from generator.errors import HelperError, problem
from generator import ops as op
from generator.rulesets.base import Painter, RuleSet

PIPS = {1: [(1, 1)], 2: [(0, 0), (2, 2)], 3: [(0, 0), (1, 1), (2, 2)],
        4: [(0, 0), (2, 0), (0, 2), (2, 2)], 5: [(0, 0), (2, 0), (1, 1), (0, 2), (2, 2)],
        6: [(0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)]}
FACES = {str(value) for value in PIPS}


def paint(ops, box, params, game):
    """A white die with its pips, in the element's box (points, from the face's top-left)."""
    x, y, w, h = box
    if params["value"] not in FACES:
        raise ValueError(f"a die shows 1 to 6, got {params['value']!r}")
    ops.append(op.Rect(x, y, w, h, "#FFFFFF", "#000000", 1.0, w * 0.15))
    d = w / 5
    for column, row in PIPS[int(params["value"])]:
        ops.append(op.Ellipse(x + d * (0.5 + 1.5 * column), y + d * (0.5 + 1.5 * row), d, d, "#000000"))


def check(game):
    """Every card of a deck with a `value` column shows 1 to 6: reported at its CSV line."""
    return [problem(card.path, card.line, f"card {card.id}: value must be 1 to 6, got {card.fields['value']!r}")
            for component in game.components if "value" in component.columns
            for card in component.cards if card.fields["value"] not in FACES]


def helpers(game, embeds):
    """What rules.md may call: {{ chance(5) }} is "1 in 3", the odds of rolling 5 or more."""
    def chance(at_least):
        if at_least not in range(1, 7):
            raise HelperError(f"chance() takes 1 to 6, got {at_least!r}")
        odds = Fraction(7 - at_least, 6)
        return f"{odds.numerator} in {odds.denominator}"

    return {"chance": chance}


RULESET = RuleSet(
    name="dice",
    painters={"die": Painter({**geometry(), "value": Param("text", required=True)}, paint)},
    checks=(check,),
    helpers=helpers,
    reads=("value",),  # the check reads it, even on a face that does not show it
)
