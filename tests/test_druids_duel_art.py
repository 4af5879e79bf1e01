"""Druid's Duel's art and replays, without a build: the animals read apart as silhouettes
(so black-and-white print tells the forms apart), form cards keep standard indices, and the
`duel` example replayer reports each turn's facts and the cards to show."""

from __future__ import annotations

from itertools import combinations

import pytest
from PIL import ImageChops, ImageStat

from generator import ops as op
from generator.faces import png
from generator.faces.compose import compose
from generator.load.game import load_game
from generator.rulesets.druids_duel.animals import ANIMALS, animal_ops
from generator.rulesets.druids_duel.art import druid_card_ops
from generator.rulesets.druids_duel.examples import CORRECTED, SEED
from generator.rulesets.druids_duel.replays import duel
from generator.rulesets.playing_cards.deck import parse
from generator.rulesets.playing_cards.face import card_ops

from conftest import EDGE_SHARE_BOUND, GAMES, MEAN_BOUND, agreement

SIDE = 120.0


@pytest.fixture(scope="module")
def game():
    return load_game(GAMES / "druids-duel")


def silhouette(animal: str):
    """The animal's shape in black on white, grey levels thrown away."""
    drawing = op.FaceDrawing(SIDE, SIDE, 0, (op.Rect(0, 0, SIDE, SIDE, "#FFFFFF"),
                                             *animal_ops(animal, (0, 0, SIDE, SIDE))))
    return png.render(drawing, 72).convert("L").point(lambda v: 0 if v < 250 else 255)


def test_every_form_has_an_animal():
    assert set(ANIMALS) == {"jackrabbit", "peacock", "lion", "chameleon"}


@pytest.mark.parametrize("a, b", list(combinations(sorted(ANIMALS), 2)))
def test_the_animals_differ_in_shape_not_only_colour(a, b):
    difference = ImageChops.difference(silhouette(a), silhouette(b))
    share = ImageStat.Stat(difference).mean[0] / 255
    assert share > 0.15, (a, b, share)  # over 15 % of the field is inked in one and not the other


def test_form_cards_keep_the_standard_indices(game):
    box = (0, 0, 180, 252)
    for card in ("JS", "QH", "KD", "JK1"):
        form = druid_card_ops(parse(card), box, game)
        standard = card_ops(parse(card), box)
        assert form[-2:] == standard[-2:]  # the index and its turned copy
        assert form != standard


def test_strategy_cards_are_standard(game):
    assert druid_card_ops(parse("7C"), (0, 0, 180, 252), game) == card_ops(parse("7C"), (0, 0, 180, 252))


def without_claims(example: dict) -> dict:
    keep = ("forms", "strategies", "declared")
    return {"players": example["players"],
            "turns": [{k: v for k, v in turn.items() if k in keep} for turn in example["turns"]]}


def test_the_duel_replayer_reports_each_turn(game):
    replay = duel(game, without_claims(CORRECTED))
    facts = replay.facts
    assert facts["turn1_succeeded"] == ["B", "C"] and facts["turn1_failed"] == ["A", "D"]
    assert facts["turn2_succeeded"] == ["A", "C"]
    assert facts["turn2_cards_left"] == {"A": 9, "B": 9, "C": 8, "D": 10}
    assert facts["turn2_ready"]["A"] == ["jackrabbit", "lion"]
    assert facts["game_over"] is False and facts["winners"] == []
    # the last turn's cards: each player's form (suits by seat) above the strategy revealed
    assert replay.component == "deck"
    assert replay.cards == (("QS", "KH", "QD", "KC"), ("4S", "10D", "7H", "10C"))


def test_the_seed_example_replayed_leaves_c_with_nine_cards(game):
    facts = duel(game, without_claims(SEED)).facts
    assert facts["turn2_succeeded"] == ["A"] and facts["turn2_cards_left"]["C"] == 9


def test_a_chameleon_is_shown_as_a_joker(game):
    example = {"players": ["A", "B", "C"], "chameleon": True,
               "hands": {"A": ["AS", "2S"], "B": ["9H", "8H"], "C": ["5H", "6D"]},
               "turns": [{"forms": {"A": "jackrabbit", "B": "peacock", "C": "lion"},
                          "strategies": {"A": "AS", "B": "9H", "C": "5H"}},
                         {"forms": {"A": "chameleon", "B": "jackrabbit", "C": "peacock"},
                          "declared": {"A": "lion"}, "strategies": {"A": "2S", "B": "8H", "C": "6D"}}]}
    replay = duel(game, example)
    assert replay.facts["turn1_succeeded"] == ["A"]  # alone: A earns a joker
    assert replay.cards[0] == ("JK1", "JH", "QD")
    assert replay.facts["turn2_drained"]["A"] == ""  # a joker goes back, never drained


@pytest.mark.parametrize("data, message", [
    ({"players": ["A", "B"]}, "'turns' is missing"),
    ({"players": ["A", "B"], "turns": [{"forms": {"A": "lion"}, "strategies": {"A": "AS"}}], "extra": 1},
     "unknown key(s) extra"),
    ({"players": ["A", "B"], "turns": [{"forms": {"A": "lion"}, "strategies": {"A": "AS", "B": "2S"}}]},
     "turn 1: no form given for B"),
    ({"players": ["A", "B"], "turns": [{"forms": {"A": "lion", "B": "lion"}, "strategies": {"A": "JS", "B": "2S"}}]},
     "not a strategy card"),
])
def test_bad_example_data_names_the_fault(game, data, message):
    with pytest.raises(ValueError, match=message.replace("(", r"\(").replace(")", r"\)")):
        duel(game, data)


@pytest.mark.parametrize("card, side", [("JK1", "front"), ("QH", "front"), ("AS", "back")])
def test_pdf_and_png_draw_the_same_face(game, tmp_path, card, side):
    """The animals use groups, clips and curves: both backends must agree on them."""
    deck = game.component("deck")
    row = next(c for c in deck.cards if c.id == card)
    mean, far = agreement(compose(game, deck, row, side), tmp_path)
    assert mean < MEAN_BOUND and far < EDGE_SHARE_BOUND, (mean, far)


def test_the_marker_prints_its_words_from_the_game(game):
    markers = game.component("markers")
    drawing = compose(game, markers, markers.cards[0], "front")
    texts = [o.text for o in flatten(drawing.ops) if isinstance(o, op.Text)]
    assert texts == ["DRAINED", "Ready again at the", "end of next turn"]


def flatten(ops):
    for item in ops:
        if isinstance(item, op.Group):
            yield from flatten(item.ops)
        else:
            yield item
