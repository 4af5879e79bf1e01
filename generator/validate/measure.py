"""What the build's layouts would stop on, found by measuring without drawing: `ppgen
validate` runs this, so that validate ok implies build ok. It finds a card too large for the
cut sheets of a paper built (Letter and A4 unless the build says), an aid too long for its
card or its panel of the half sheet, rules too long for the handout on a paper (an error
only where game.toml demands the handout, else a note that it is left out), a block that
fits no page of the booklet, and a score sheet table that is wrong.
Each measure uses the very function the build lays out with, so the two cannot disagree.
"""

from __future__ import annotations

import os
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Iterator

from ..choices import PAPERS
from ..errors import GameError, Problem, note, problem
from ..model import Game
from ..plan import AidMeasures
from .. import doc
from ..parts import aidcards, aids, figures, module
from ..geometry import grid
from ..parts.styles import load
from ..text import icons

if TYPE_CHECKING:  # the booklet and handout load with the rules they lay out (a game without: never)
    from ..parts.booklet import Laid


@dataclass(frozen=True)
class Measured:
    """What measuring found, and what it laid out on the way, for the build to draw."""
    problems: list[Problem]
    booklet: Laid | None = None
    handouts: dict = field(default_factory=dict)  # paper -> (Handout, HandoutFit) that fits
    aids: AidMeasures = AidMeasures()


class Hints:
    """What earlier layouts of this game's rules document chose (a handout's measure and size,
    the booklet's contents page, the aids' text sizes), through a kept.Kept (None:
    nothing kept). Each search runs in deciding(name): its hint is what the same search found
    before, and the value it sets is kept. The image icons' sides a search noted on the way
    (the low-dpi warning reads the largest) are kept with it and noted again when the hint
    spares the search, so validate warns the same either way."""

    def __init__(self, memo, game: Game, rules: doc.RulesDoc | None):
        self.memo, self.game = memo, game
        self.folder = str(Path(game.root).resolve())
        self.document = repr(rules) if memo is not None else ""

    @contextmanager
    def deciding(self, name: str) -> Iterator["Decision"]:
        what = f"{name}\0{self.document}"
        kept = self.memo.recall(self.game, what) if self.memo is not None else None
        if not (isinstance(kept, dict) and set(kept) == {"value", "sides"} and _sides(kept["sides"])):
            kept = {"value": None, "sides": {}}
        decision = Decision(kept["value"])
        try:
            with icons.noting_sides({}) as sides:
                yield decision
        finally:
            icons.note_sides(sides)
        if decision.value is not None and decision.value == decision.hint:
            icons.note_sides(self._placed(kept["sides"], "<game>", self.folder))  # what the search it spared noted
        elif self.memo is not None and decision.value is not None:
            self.memo.keep(self.game, what, {"value": decision.value,
                                             "sides": self._placed(sides, self.folder, "<game>")})

    @staticmethod
    def _placed(sides: dict, old: str, new: str) -> dict:
        """sides with the icons in the game's folder named from `new` instead of `old`: kept as
        <game>/NAME, so that a copy of the game (the memo keys on content, not place) notes
        its own files."""
        return {new + path[len(old):] if path.startswith(old + os.sep) else path: side
                for path, side in sides.items()}

    def size(self, name: str, measure: Callable[[], float]) -> float:
        """A text size an earlier search found, else measure()."""
        with self.deciding(name) as decision:
            hint = decision.hint
            decision.value = hint if type(hint) is float and hint > 0 else measure()
        return decision.value


@dataclass
class Decision:
    hint: object  # what the search found last time (None: nothing kept)
    value: object = None  # what it finds this time, as data (JSON)


def _sides(value) -> bool:
    return isinstance(value, dict) and all(type(v) is float for v in value.values())


def check(game: Game, rules: doc.RulesDoc | None, papers: tuple[str, ...], kept=None) -> Measured:
    """Every problem the layout of the booklet, handouts, aids and score sheet would raise on
    the papers, and the booklet and handouts laid out. kept: a kept.Kept (layoutmemo.py)."""
    styles = load()
    painter = figures.CardPainter(game)
    hints = Hints(kept, game, rules)
    notes: list[Problem] = []  # the handout left out where it does not fit
    kept: dict = {"sheet_text": {}}
    measures: list[Callable[[], object]] = [lambda: kept.update(score_sheet=aids.score_sheet_spec(game, rules))]
    if rules is not None and rules.aids:  # first: the booklet shows the aid cards at this size
        measures.append(lambda: kept.update(card_size=hints.size(
            "aid cards", lambda: aidcards.card_size(game, rules.aids, styles))))
        measures += [lambda paper=paper: _sheet_text(kept, notes, game, rules, styles, paper, hints)
                     for paper in papers]
    if rules is not None:
        measures.append(lambda: _booklet(kept, game, rules, styles, painter, hints))
        measures.append(lambda: _handouts(kept, notes, game, rules, styles, painter, papers, hints))
    problems: list[Problem] = _cut_sheets(game, papers)
    for measure in measures:
        try:
            measure()
        except GameError as exc:
            problems += [p for p in exc.problems if p not in problems]
    measured_aids = AidMeasures(kept.get("card_size"), kept["sheet_text"], kept.get("score_sheet"))
    return Measured(problems + notes, kept.get("booklet"), kept.get("handouts", {}), measured_aids)


def _booklet(kept: dict, game, rules, styles, painter, hints: Hints) -> None:
    with hints.deciding("booklet") as decision:
        laid = module("booklet").lay_out_booklet(game, rules, styles, painter, kept.get("card_size"), decision.hint)
        decision.value = laid.book.decision
    kept["booklet"] = laid


def _handouts(kept: dict, notes: list, game, rules, styles, painter, papers, hints: Hints) -> None:
    with hints.deciding(f"handouts {' '.join(papers)}") as decision:
        found: dict = {}
        made, left_out = module("handout").plan(game, rules, styles, painter, papers,
                                                decision.hint if isinstance(decision.hint, dict) else None, found)
        decision.value = found
    kept["handouts"] = made
    notes.extend(left_out)


def _sheet_text(kept: dict, notes: list, game, rules, styles, paper: str, hints: Hints) -> None:
    """The half sheet's text size on a paper. Its aids must fit Letter and A4; on another paper
    (A5 halves are a quarter of A4) one that does not fit leaves the sheet out, with a note."""
    try:
        kept["sheet_text"][paper] = hints.size(f"aid sheet {paper}",
                                               lambda: aids.half_sheet_text_size(game, rules.aids, styles, paper))
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
