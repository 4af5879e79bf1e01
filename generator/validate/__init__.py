"""Validation: generic checks for every game, the checks of the game's rule sets, every
face composed as the build would, then the rules text and its layout (booklet, handouts,
aids: what the build would stop on); and warnings for what a build would do silently
(Problems whose level is 'warning').

Each check is a pure function: Game in, list of Problems out.
"""

from __future__ import annotations

from .. import fonts, gamefonts, rulesets
from ..errors import GameError, Problem, note
from ..layout import measure
from ..model import Game
from ..rules.blocks import read
from . import faces, generic, unread, warnings


def validate(game: Game) -> list[Problem]:
    problems = generic.check(game)
    for name in game.rulesets:
        for check in rulesets.get(name).checks:
            problems.extend(check(game))
    if not problems:  # faces read the cards' columns, which must be there first
        problems = faces.check(game)
    if not problems:
        problems = _rules_and_layout(game)
    return sorted(set(problems + warnings.check(game) + unread.check(game)), key=_order)


def _rules_and_layout(game: Game) -> list[Problem]:
    """rules.md's template and Markdown, then the layout of what is made from it (booklet,
    handouts, aids, score sheet). Checked last: its examples are computed from the cards,
    which must be sound first. Set in the game's fonts, as the build sets them."""
    rules = None
    with fonts.game_roles(gamefonts.rules_roles(game.fonts)):
        if game.rules is not None:
            try:
                rules = read(game)
            except GameError as exc:
                return exc.problems
        return measure.check(game, rules) + _partial_body_family(game)


def _partial_body_family(game: Game) -> list[Problem]:
    """A body family given in part prints on the cards only: say so, rather than let the
    booklet mix two families or fail on a style the cards never use."""
    given = [role for role in gamefonts.BODY_ROLES if role in game.fonts]
    if not given or len(given) == len(gamefonts.BODY_ROLES):
        return []
    lacking = [role for role in gamefonts.BODY_ROLES if role not in game.fonts]
    return [note(game.manifest, game.line_of("fonts", given[0]),
                 f"the booklet, handout and aids keep the bundled body font: they set text in "
                 f"all four body styles; add {', '.join(lacking)} to [fonts] to print them in yours")]


def _order(p: Problem):
    return (p.path, p.line or 0, p.message)
