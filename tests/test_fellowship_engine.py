"""The Fellowship of the Ring's engine (generator/rulesets/fellowship/engine.py), rule by
rule: ranks and the odd ace, colours and suits, the ring, the joker, a turn, the end and the
score, the suit variant, and whole random games. Pure functions, no build."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from generator.rulesets.fellowship.engine import BOROMIR, HAND_SIZE, JOKER, LADDER, RING_SIZE, Capture, Move, apply, beats, captures, deck_count, differs, is_over, joker_place, legal_captures, legal_moves, scores, setup, stack_side, stalemate, start, turns_per_player, uses_joker, winner, winners
from generator.rulesets.playing_cards.deck import parse


def c(card_id: str):
    return parse(card_id)


def pairs(ring, **kw):
    ring = [(s,) if isinstance(s, str) else tuple(s) for s in ring]
    return [(ring[x.source][-1], ring[x.target][-1]) for x in legal_captures(ring, **kw)]


# -- ranks: 2..10 < J < Q < K, and the ace above the courts, below the numbers --------------

def test_numbers_and_courts_climb_as_usual():
    assert beats(c("KH"), c("QS")) and beats(c("JD"), c("10C")) and beats(c("3H"), c("2S"))
    assert not beats(c("QS"), c("KH")) and not beats(c("2S"), c("3H"))


def test_equal_ranks_never_capture():
    assert not beats(c("5H"), c("5S")) and not beats(c("AS"), c("AH")) and not beats(c("KD"), c("KC"))


def test_the_ace_is_above_the_courts():
    assert all(beats(c("AS"), c(r + "H")) for r in "JQK")
    assert not any(beats(c(r + "H"), c("AS")) for r in "JQK")


def test_the_ace_is_below_the_numbers():
    numbers = LADDER[:9]
    assert all(beats(c(n + "H"), c("AS")) for n in numbers)
    assert not any(beats(c("AS"), c(n + "H")) for n in numbers)


# -- colour, suit ----------------------------------------------------------------------------

def test_two_players_need_opposite_colours():
    assert differs(c("KH"), c("2S"), False) and not differs(c("KH"), c("2D"), False)
    assert not captures(c("KS"), c("2C")) and captures(c("KS"), c("2D"))


def test_the_suit_variant_needs_a_different_suit():
    assert differs(c("KH"), c("2D"), True) and not differs(c("KH"), c("2H"), True)
    assert captures(c("KH"), c("2D"), by_suit=True) and not captures(c("KH"), c("2H"), by_suit=True)


# -- the ring -------------------------------------------------------------------------------

def test_a_stack_is_its_top_card():
    # a tall stack topped by a 3 does not take a single 2 of its own colour, nor a 4
    assert pairs([("KH", "QS", "3C"), "2S"], wrap=False) == []
    assert pairs([("KH", "QS", "3C"), "2D"], wrap=False) == [("3C", "2D")]


def test_only_neighbours_capture():
    assert pairs(["KS", "2S", "2H"], wrap=False) == []


def test_the_ring_wraps_round():
    ring = [("2H",)] * 12 + [("3S",)]
    assert {(x.source, x.target) for x in legal_captures(ring)} == {(12, 11), (12, 0)}


def test_a_stretch_does_not_wrap():
    assert pairs(["2H", "7S", "3S"], wrap=False) == [("7S", "2H")]
    assert ("3S", "2H") in pairs(["2H", "7S", "3S"], wrap=True)


# -- the joker ------------------------------------------------------------------------------

def test_any_neighbour_captures_the_joker_which_never_moves():
    assert pairs(["2H", JOKER, "2S"], wrap=False) == [("2H", JOKER), ("2S", JOKER)]
    assert not beats(c(JOKER), c("2H"))


def test_the_joker_may_be_covered_from_hand_while_uncovered():
    state = start([JOKER] + ["2S"] * 12, [["9H", "3D"], ["4C"]], ["5C"])
    covers = [m for m in legal_moves(state) if m.capture is None]
    assert {m.card for m in covers} == {"9H", "3D"}
    after = apply(state, Move("9H"))
    assert after.ring[0] == (JOKER, "9H") and joker_place(after.ring) is None
    assert sorted(after.hands[0]) == ["3D", "5C"] and after.to_move == 1
    with pytest.raises(ValueError):
        apply(after, Move("4C"))  # covered: nothing to lay a card on


# -- a turn ---------------------------------------------------------------------------------

def test_a_capture_moves_the_stack_and_the_gap_is_filled_from_hand():
    ring = ["9D", "5C"] + ["2H"] * 11
    state = start(ring, [["KS", "3H", "4H", "5H", "6H"], ["7H"]], ["8C", "9C"])
    after = apply(state, Move("KS", Capture(0, 1)))
    assert after.ring[1] == ("5C", "9D") and after.ring[0] == ("KS",)
    assert after.hands[0] == ("3H", "4H", "5H", "6H", "8C") and after.draw_pile == ("9C",)
    assert after.to_move == 1


def test_illegal_moves_are_refused():
    state = start(["9D", "5D"] + ["2H"] * 11, [["KS"], ["7H"]], [])
    with pytest.raises(ValueError):
        apply(state, Move("KS", Capture(0, 1)))  # same colour
    with pytest.raises(ValueError):
        apply(state, Move("7H", Capture(1, 0)))  # not in this player's hand


def test_drawing_boromir_makes_you_black():
    state = start(["9D", "5C"] + ["2H"] * 11, [["KS"], ["7H"]], [BOROMIR])
    assert state.boromir_holder is None
    after = apply(state, Move("KS", Capture(0, 1)))
    assert after.boromir_holder == 0


def test_being_dealt_boromir_makes_you_black():
    assert start(["2H"] * 13, [["7H"], [BOROMIR]], []).boromir_holder == 1


# -- the end and the score ------------------------------------------------------------------

def test_the_game_ends_with_an_empty_hand():
    state = start(["9D", "5C"] + ["2H"] * 11, [[], ["7H"]], [])
    assert is_over(state) and legal_captures(state.ring)


def test_the_game_ends_when_the_ring_is_blocked():
    one_colour = start(["9D", "5H"] + ["2H"] * 11, [["KS"], ["7H"]], ["3C"])
    assert is_over(one_colour)


def test_stacks_are_counted_by_top_card_and_the_joker_for_nobody():
    ring = [("2H", "3S")] * 6 + [("4D",)] * 6 + [(JOKER,)]
    state = start(ring, [[BOROMIR], []], [])
    assert scores(state) == {"black": 6, "red": 6} and winners(state) == ("black", "red")
    assert winner(state) is None


def test_a_one_colour_ring_goes_to_its_colour_once_boromir_is_drawn():
    state = start(["2H"] * 13, [[BOROMIR], []], ["5C"])
    assert is_over(state) and winner(state) == "red"


def test_a_game_ending_before_boromir_is_drawn_is_a_stalemate():
    state = start(["2H"] * 13, [["3C"], ["4C"]], [BOROMIR])
    assert is_over(state) and stalemate(state) and winners(state) == () and winner(state) is None


# -- the suit variant -----------------------------------------------------------------------

def test_the_suit_variant_counts_owned_suits_only():
    ring = ["2H"] * 5 + ["3D"] * 4 + ["4C"] * 3 + ["5S"]
    state = start(ring, [[], [], []], [], by_suit=True, suits=("H", "D", "S"))
    assert scores(state) == {"H": 5, "D": 4, "S": 1} and winner(state) == "H"
    assert not stalemate(state)


def test_three_players_play_without_the_joker():
    assert not uses_joker(3) and uses_joker(2) and uses_joker(4)
    assert [deck_count(n) for n in (2, 3, 4)] == [53, 52, 53]
    assert [turns_per_player(n) for n in (2, 3, 4)] == [20, 13, 10]


# -- whole games --------------------------------------------------------------------------------

@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_keep_every_card_and_end(players):
    for seed in range(15):
        rng = random.Random(seed)
        state = setup(players, rng)
        assert len(state.ring) == RING_SIZE and all(len(h) == HAND_SIZE for h in state.hands)
        assert (JOKER in {s[0] for s in state.ring}) == uses_joker(players)
        if players == 2:
            assert BOROMIR not in {s[0] for s in state.ring}
        turns = 0
        while not is_over(state):
            state = apply(state, rng.choice(legal_moves(state)))
            turns += 1
            every = [x for s in state.ring for x in s] + [x for h in state.hands for x in h] + list(state.draw_pile)
            assert len(every) == deck_count(players) and max(Counter(every).values()) == 1
        assert turns <= turns_per_player(players) * players
        if not any(state.hands):
            assert turns == turns_per_player(players) * players and not stalemate(state)


# -- the blocked ring as the booklet states it (issue 25) ------------------------------------

def booklet_blocked(ring, by_suit: bool) -> bool:
    """rules.md, "The end of the game": the joker is covered, and wherever two neighbouring
    stacks differ in colour (in suit, in the suit game) their top cards are of equal rank."""
    tops = [c(stack[-1]) for stack in ring]
    if any(top.is_joker for top in tops):
        return False
    side = (lambda card: card.suit) if by_suit else (lambda card: card.is_red)
    return all(side(a) == side(b) or a.rank == b.rank for a, b in zip(tops, tops[1:] + tops[:1]))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_ring_is_blocked_exactly_when_the_booklet_says(players):
    both_sides_blocked = 0
    for seed in range(150):
        rng = random.Random(1000 + seed)
        state = setup(players, rng)
        while True:
            blocked = not legal_captures(state.ring, state.by_suit) and joker_place(state.ring) is None
            assert blocked == booklet_blocked(state.ring, state.by_suit), state.ring
            if is_over(state):
                break
            state = apply(state, rng.choice(legal_moves(state)))
        if state.hands[state.to_move] and len({stack_side(s, state.by_suit) for s in state.ring}) > 1:
            both_sides_blocked += 1
    if players == 2:
        assert both_sides_blocked  # not only a one-colour ring blocks
