"""The ring's geometry (generator/rulesets/fellowship/ring.py) and the figures drawn from the
engine: places keep their gap, stay inside their box, and the diagrams say what the engine
decides. Pure functions, no build."""

from __future__ import annotations

import math

import pytest

from generator import ops as op
from generator.doc import FigureRoom
from generator.rulesets.fellowship import ring
from generator.rulesets.fellowship.engine import RING_SIZE, legal_captures
from generator.rulesets.fellowship.figures import RankOrderFigure, RingFigure, ace_beats, beat_ace

MM = 72 / 25.4
PLACE = ((63.5 + 4) * MM, (88.9 + 4) * MM)  # a poker card and 2 mm round it, as on the mat
ROOM = FigureRoom(8, 200, 40, "#DDDDDD", "#333333")


def test_places_go_clockwise_from_the_top_at_equal_steps():
    found = ring.places(0, 0, 100, RING_SIZE)
    assert (round(found[0].x, 6), round(found[0].y, 6), found[0].angle) == (0, -100, 0)
    assert found[1].x > 0  # clockwise: the second place is to the right
    assert all(math.hypot(p.x, p.y) == pytest.approx(100) for p in found)
    assert [round(p.angle, 6) for p in found] == [round(360 * i / RING_SIZE, 6) for i in range(RING_SIZE)]


def test_the_radius_for_a_gap_gives_that_gap():
    for gap in (0, 3 * MM, 8 * MM):
        radius = ring.radius_for_gap(*PLACE, gap, RING_SIZE)
        assert ring.gap(radius, *PLACE, RING_SIZE) == pytest.approx(gap)


def test_neighbouring_places_never_overlap_at_the_gap_found():
    """Check the inner-corner formula against the places' real corners."""
    radius = ring.radius_for_gap(*PLACE, 3 * MM, RING_SIZE)
    a, b = ring.places(0, 0, radius, RING_SIZE)[:2]

    def corners(p):
        w, h = PLACE
        turn = op.rotate(p.angle, p.x, p.y)
        return [op.apply(turn, p.x + dx, p.y + dy) for dx in (-w / 2, w / 2) for dy in (-h / 2, h / 2)]

    # every corner of b lies on b's side of the line halfway between the two places
    half = math.radians(180 / RING_SIZE)
    normal = (math.cos(half), math.sin(half))
    assert all(x * normal[0] + y * normal[1] > 0 for x, y in corners(b))
    assert all(x * normal[0] + y * normal[1] < 0 for x, y in corners(a))


def test_places_filling_a_box_reach_exactly_its_edge():
    radius = ring.radius_to_fill(244 * MM, *PLACE)
    assert ring.reach(radius, *PLACE) == pytest.approx(244 * MM)
    assert ring.gap(radius, *PLACE, RING_SIZE) > 5 * MM  # the game's mat: more than 5 mm between places


def test_the_rank_order_says_what_the_engine_decides():
    assert ace_beats() == ["J", "Q", "K"] and beat_ace() == [str(n) for n in range(2, 11)]
    texts = [o.text for o in RankOrderFigure().ops(300, ROOM) if isinstance(o, op.Text)]
    assert "2–10 beat A" in texts and "A beats J–K" in texts and texts.count("A") == 2


def test_the_ring_figure_draws_an_arrow_per_capture():
    stacks = ["JK1", "9D", "5C", "QS", "2H", "AS", "KH", "10C", "3H", "7S", "4D", "JC", "8H"]
    drawn = RingFigure(tuple(stacks)).ops(200, ROOM)
    heads = [o for o in drawn if isinstance(o, op.Path)]
    assert len(heads) == len(legal_captures(stacks)) > 0
    assert not [o for o in RingFigure(tuple(stacks), arrows=False).ops(200, ROOM) if isinstance(o, op.Path)]
