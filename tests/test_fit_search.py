"""first_that_fits (text/fit.py): the shrink-to-fit searches (aid text, the handout) try a few
sizes where they walked down from the top, and find the same size."""

from __future__ import annotations

import random

import pytest

from conftest import ROOT
from generator import rules
from generator.errors import GameError
from generator.load.game import load_game
from generator.parts import aidcards, cardtext
from generator.parts import styles as styles_toml
from generator.text.fit import first_that_fits, sizes_down


def _from_the_top(sizes, fits):
    return next((i for i in range(len(sizes)) if fits(i)), None)


@pytest.mark.parametrize("seed", range(200))
def test_finds_what_walking_down_from_the_top_finds_asking_each_size_once(seed):
    rng = random.Random(seed)
    sizes = sizes_down(rng.choice([7.0, 9.5, 11.0, 13.0]), 6.0, rng.choice([0.25, 0.5]))
    answer = rng.randrange(len(sizes) + 1)  # len(sizes): none fits
    asked = []

    def fits(index):
        asked.append(index)
        return index >= answer

    def estimate(index):  # any guess at all, even a wild one, must not change the answer
        return rng.uniform(0.0, 20.0)

    first = rng.choice([0, len(sizes) - 1])
    found = first_that_fits(sizes, fits, estimate, first)
    assert found == _from_the_top(sizes, lambda i: i >= answer)
    assert len(asked) == len(set(asked)) and asked[0] == first
    if found is None:
        assert asked[-1] == len(sizes) - 1  # the floor, last: what it says is what the error reports


def test_a_good_estimate_takes_two_or_three_tries():
    sizes = sizes_down(11.0, 6.0, 0.25)  # 21 sizes
    asked = []

    def fits(index):
        asked.append(index)
        return sizes[index] <= 7.6

    assert first_that_fits(sizes, fits, lambda index: 7.6) == sizes.index(7.5)
    assert len(asked) <= 3


def test_no_sizes_nothing_fits():
    assert first_that_fits([], lambda i: True, lambda i: 9.0) is None


def _old_fit(game, aid, palette, width, height, start, floor, leading, step=0.25):
    """cardtext.fit as it was: every size from the top until one fits."""
    for size in sizes_down(start, floor, step):
        try:
            laid = cardtext.CardText(game, palette, size, leading, floor).blocks(aid.blocks, 0, 0, width)
        except cardtext.DoesNotFit:
            continue
        if laid.height <= height + 0.01:
            return laid, size
    return None


@pytest.mark.parametrize("game_id", ["squib-squares", "uncontrolled-squid"])
def test_aid_text_takes_the_size_walking_down_took_in_every_box(game_id):
    game = load_game(ROOT / "games" / game_id)
    doc = rules.read(game)
    styles = styles_toml.load()
    palette = aidcards.palette(styles)
    for aid in doc.aids:
        for width in (120.0, 160.0, 230.0):
            for height in (60.0, 110.0, 170.0, 260.0, 400.0):
                old = _old_fit(game, aid, palette, width, height, 11.0, 6.0, 1.22)
                if old is None:
                    with pytest.raises(GameError):
                        cardtext.fit(game, aid, palette, width, height, 11.0, 6.0, 1.22)
                    continue
                laid, size = cardtext.fit(game, aid, palette, width, height, 11.0, 6.0, 1.22)
                assert (size, laid.height, laid.ops) == (old[1], old[0].height, old[0].ops), (aid.title, width, height)
