"""Validation: generic checks for every game, then the game's own rule validators.

Each check is a pure function: Game in, list of Problems out.
"""

from __future__ import annotations

from typing import Callable

from ..errors import Problem, problem
from ..model import Game
from . import generic

Validator = Callable[[Game], list[Problem]]


def _rule_validators() -> dict[str, Validator]:
    # Imported here so a game without rule validators does not pay for them.
    from . import squib_deck
    return {"squib-deck": squib_deck.check}


def validate(game: Game) -> list[Problem]:
    problems = generic.check(game)
    validators = _rule_validators()
    for index, name in enumerate(game.validators):
        if name not in validators:
            known = ", ".join(sorted(validators))
            problems.append(problem(game.manifest, game.line_of("validators"),
                                    f"unknown validator '{name}'; known: {known}"))
            continue
        problems.extend(validators[name](game))
    if not problems:
        problems = _rules_text(game)
    return sorted(set(problems), key=_order)


def _rules_text(game: Game) -> list[Problem]:
    """rules.md's template and Markdown. Checked last: its examples are computed from the
    cards, which must be sound first."""
    if game.rules is None:
        return []
    from ..errors import GameError
    from ..rules import read
    try:
        read(game)
    except GameError as exc:
        return exc.problems
    return []


def _order(p: Problem):
    return (p.path, p.line or 0, p.message)
