"""What the build's layouts would stop on, found by measuring without drawing: `ppgen
validate` runs this, so that validate ok implies build ok. It finds a card too large for the
cut sheets of a paper built (Letter and A4 unless the build says), an aid too long for its
card or its panel of the half sheet, rules too long for the handout on a paper (an error
only where game.toml demands the handout, else a note that it is left out), a block that
fits no page of the booklet, and a score sheet table that is wrong.
Each measure uses the very function the build lays out with, so the two cannot disagree.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from ..choices import PAPERS
from ..errors import GameError, Problem, note, problem
from ..model import Game
from ..plan import AidMeasures
from .. import doc
from ..parts import aidcards, aids, figures, handout
from ..geometry import grid
from ..parts.booklet import Laid, lay_out_booklet
from ..parts.styles import load


@dataclass(frozen=True)
class Measured:
    """What measuring found, and what it laid out on the way, for the build to draw."""
    problems: list[Problem]
    booklet: Laid | None = None
    handouts: dict = field(default_factory=dict)  # paper -> (Handout, HandoutFit) that fits
    aids: AidMeasures = AidMeasures()


def check(game: Game, rules: doc.RulesDoc | None, papers: tuple[str, ...]) -> Measured:
    """Every problem the layout of the booklet, handouts, aids and score sheet would raise on
    the papers, and the booklet and handouts laid out."""
    styles = load()
    painter = figures.CardPainter(game)
    notes: list[Problem] = []  # the handout left out where it does not fit
    kept: dict = {"sheet_text": {}}
    measures: list[Callable[[], object]] = [lambda: kept.update(score_sheet=aids.score_sheet_spec(game, rules))]
    if rules is not None:
        measures.append(lambda: kept.update(booklet=lay_out_booklet(game, rules, styles, painter)))
        measures.append(lambda: _handouts(kept, notes, game, rules, styles, painter, papers))
    if rules is not None and rules.aids:
        measures.append(lambda: kept.update(card_size=aidcards.card_size(game, rules.aids, styles)))
        measures += [lambda paper=paper: _sheet_text(kept, notes, game, rules, styles, paper) for paper in papers]
    problems: list[Problem] = _cut_sheets(game, papers)
    for measure in measures:
        try:
            measure()
        except GameError as exc:
            problems += [p for p in exc.problems if p not in problems]
    measured_aids = AidMeasures(kept.get("card_size"), kept["sheet_text"], kept.get("score_sheet"))
    return Measured(problems + notes, kept.get("booklet"), kept.get("handouts", {}), measured_aids)


def _handouts(kept: dict, notes: list, game, rules, styles, painter, papers) -> None:
    made, left_out = handout.plan(game, rules, styles, painter, papers)
    kept["handouts"] = made
    notes.extend(left_out)


def _sheet_text(kept: dict, notes: list, game, rules, styles, paper: str) -> None:
    """The half sheet's text size on a paper. Its aids must fit Letter and A4; on another paper
    (A5 halves are a quarter of A4) one that does not fit leaves the sheet out, with a note."""
    try:
        kept["sheet_text"][paper] = aids.half_sheet_text_size(game, rules.aids, styles, paper)
    except GameError as exc:
        if paper in PAPERS:
            raise
        first = exc.problems[0]
        notes.append(note(first.path, first.line, f"no reference sheet on {paper} paper: {first.message}"))


def _cut_sheets(game: Game, papers: tuple[str, ...]) -> list[Problem]:
    """Every deck the cards part prints must fit the cut sheets of each paper."""
    problems = []
    for index, c in enumerate(game.components):
        if c.printed_cards:
            for paper in papers:
                try:
                    grid.best_grid(c.size.width, c.size.height, c.bleed, paper)
                except ValueError as exc:
                    problems.append(problem(game.manifest, game.line_of("components", index, "size"),
                                            f"component '{c.id}': {exc}"))
    return problems
