"""The plan: what `validate` checked and made, handed to `build` whole.

    game ──validate──▶ Plan(problems, composed faces, rules document, laid-out booklet and
                            handouts, measured aids) ──build──▶ files

No stage leaves its work for a later one in a module global: validate composes every face,
reads rules.md and lays out the booklet and handouts once, and the build's parts take them
from here instead of doing it again. Plain data, below every stage that makes or reads it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

from .errors import Problem
from .ops import FaceDrawing
from .model import Game
from .doc import RulesDoc

FaceId = tuple  # (component id, card id or None, side)


@dataclass(frozen=True)
class AidMeasures:
    """The aids' sizes validate measured, so the build sets them without fitting the text again."""
    card_size: Any = None  # the reference cards' (width, height), or None: no aids
    sheet_text: Mapping[str, float] = field(default_factory=dict)  # paper -> the half sheet's text size
    score_sheet: Any = None  # doc.ScoreSheet, or None: the game keeps no score


@dataclass(frozen=True)
class Plan:
    game: Game
    problems: tuple[Problem, ...] = ()
    drawings: Mapping[FaceId, FaceDrawing] = field(default_factory=dict)  # every face, when the game has few enough to hold
    digests: Mapping[FaceId, str] = field(default_factory=dict)  # every face's drawing digest, when asked for (the face cache)
    rules: RulesDoc | None = None  # rules.md read, checked and parsed
    booklet: Any = None  # the laid-out booklet (layout.booklet.Laid), or None: no rules
    handouts: Mapping[str, Any] = field(default_factory=dict)  # paper -> the handout that fits it (layout.handout)
    aids: AidMeasures = AidMeasures()
    # file name -> the booklet or a handout, drawn by validate to measure its text, on a canvas
    # not saved yet: the build saves it (getpdfdata) instead of drawing it again
    drawn: Mapping[str, Any] = field(default_factory=dict)

    @property
    def errors(self) -> list[Problem]:
        return [p for p in self.problems if p.is_error]

    def drawing(self, face: FaceId) -> FaceDrawing | None:
        """The drawing validate composed for face, if it was kept (None: compose it again)."""
        return self.drawings.get(face)

    def digest(self, face: FaceId) -> str | None:
        return self.digests.get(face)
