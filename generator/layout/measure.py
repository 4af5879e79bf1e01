"""What the build's layouts would stop on, found by measuring without drawing: `ppgen
validate` runs this, so that validate ok implies build ok. It finds a card too large for the
cut sheets of either paper, an aid too long for its card or its panel of the half sheet,
rules too long for the handout on either paper (an error only where game.toml demands the
handout, else a note that it is left out), a block that fits no page of the booklet,
and a score sheet table that is wrong.
Each measure uses the very function the build lays out with, so the two cannot disagree.
"""

from __future__ import annotations

from typing import Callable

from ..errors import GameError, Problem, problem
from ..model import Game
from ..rules import doc
from ..units import PAPERS
from . import aidcards, aids, figures, grid, handout
from .booklet import Booklet
from .styles import load


def check(game: Game, rules: doc.RulesDoc | None) -> list[Problem]:
    """Every problem the layout of the booklet, handouts, aids and score sheet would raise."""
    styles = load()
    painter = figures.CardPainter(game)
    notes: list[Problem] = []  # the handout left out where it does not fit
    measures: list[Callable[[], object]] = [lambda: aids.score_sheet_spec(game, rules)]
    if rules is not None:
        measures.append(lambda: Booklet(game, rules, styles, painter).lay_out())
        measures.append(lambda: notes.extend(handout.plan(game, rules, styles, painter, PAPERS)[1]))
    if rules is not None and rules.aids:
        measures.append(lambda: aidcards.card_size(game, rules.aids, styles))
        measures += [lambda paper=paper: aids.half_sheet_text_size(game, rules.aids, styles, paper)
                     for paper in PAPERS]
    problems: list[Problem] = _cut_sheets(game)
    for measure in measures:
        try:
            measure()
        except GameError as exc:
            problems += [p for p in exc.problems if p not in problems]
    return problems + notes


def _cut_sheets(game: Game) -> list[Problem]:
    """Every deck the cards part prints must fit the cut sheets of both papers."""
    problems = []
    for index, c in enumerate(game.components):
        if c.cards and c.front and c.kind != "mat":
            for paper in PAPERS:
                try:
                    grid.best_grid(c.size.width, c.size.height, c.bleed, paper)
                except ValueError as exc:
                    problems.append(problem(game.manifest, game.line_of("components", index, "size"),
                                            f"component '{c.id}': {exc}"))
    return problems
