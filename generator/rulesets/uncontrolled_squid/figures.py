"""Figures for Uncontrolled Squid's rules and aids (doc.py's OpsFigure): the score
track's three rows, drawn by the same code as the printed track."""

from __future__ import annotations

from dataclasses import dataclass

from ... import ops as op
from ...model import Game
from ...doc import FigureRoom
from ...units import MM
from . import track


@dataclass(frozen=True, eq=False)
class TrackFigure:
    """Team A, team B and the Squid, 0 to the winning points, as on the printed track."""

    game: Game
    caption: str = ""
    explanation: str = ("The score track: each row's marker climbs one space per point; the last "
                        "space wins.")

    def _scale(self, width: float, room: FigureRoom) -> float:
        """Points per design millimetre: the track as wide as the place allows, at most
        twice the room's diagram size."""
        return min(width, 2 * room.diagram) / (track.ROWS_WIDTH * MM)

    def measure(self, width: float, room: FigureRoom) -> tuple[float, float]:
        k = self._scale(width, room)
        return track.ROWS_WIDTH * MM * k, track.ROWS_HEIGHT * MM * k

    def ops(self, width: float, room: FigureRoom) -> list:
        # drawn at the printed track's own size and scaled: a picture of the track, whose
        # text the preflight measures on the track itself
        k = self._scale(width, room)
        rows = track.rows_ops(-track.LABEL_X * MM, 0.0, lambda v: v * MM, self.game)
        return [op.Group(tuple(rows), op.scale(k))]
