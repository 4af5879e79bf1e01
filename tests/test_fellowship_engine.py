"""Fellowship engine, rule by rule."""

from generator.rulesets.fellowship.engine import beats, differs, legal_captures
from generator.rulesets.fellowship.examples import EXAMPLES, replay
from generator.rulesets.playing_cards.deck import parse


def test_numbers_and_courts_ordered():
    assert beats(parse("KH"), parse("QS")) and not beats(parse("5H"), parse("5S"))


def test_odd_ace():
    assert beats(parse("AS"), parse("KH")) and beats(parse("2H"), parse("AS"))
    assert not beats(parse("AS"), parse("10H")) and not beats(parse("KH"), parse("AS"))


def test_joker_wild_target_never_moves():
    assert beats(parse("2H"), parse("JK1")) and not beats(parse("JK1"), parse("2H"))


def test_colour_and_suit_variant():
    assert not differs(parse("KH"), parse("2D"), False) and differs(parse("KH"), parse("2D"), True)


def test_ring_wraps():
    ring = [("2H",)] * 12 + [("3S",)]
    assert {(c.source, c.target) for c in legal_captures(ring)} == {(12, 11), (12, 0)}


def test_examples_replay():
    assert all(replay(e) == [] for e in EXAMPLES)


def test_false_claim_detected():
    bad = dict(EXAMPLES[0], captures=(("KH", "AS"),))
    assert replay(bad)
