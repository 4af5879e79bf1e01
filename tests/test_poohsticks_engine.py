"""Poohsticks engine, rule by rule: card values, the solver (checked against brute force),
its canonical unpadded forms, the river's moves and variants, written ways, the diagrams'
marks and the solved hands."""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import permutations, product

import pytest

from generator.rulesets.poohsticks.engine import can_exit, reach, reaches, solve, value, values, ways
from generator.rulesets.poohsticks.examples import solved_hands
from generator.rulesets.poohsticks.figures import marks_for
from generator.rulesets.poohsticks.river import EXIT, Move, River, can_move, misplaced_rock, open_path, play
from generator.rulesets.poohsticks.written import cards_for, read

# -- card values ----------------------------------------------------------------------------


def test_number_cards_are_face_value_and_courts_eleven_to_thirteen():
    assert values("7C") == (7,) and values("10D") == (10,)
    assert [value(c) for c in ("JS", "QH", "KD")] == [11, 12, 13]


def test_an_ace_is_one_or_fourteen():
    assert values("AS") == (1, 14)
    with pytest.raises(ValueError):
        value("AH")


def test_courts_and_aces_take_a_boat_out_of_the_river():
    assert all(can_exit(c) for c in ("JS", "QH", "KD", "AC"))
    assert not any(can_exit(c) for c in ("10S", "2H", "9D"))


# -- the solver -----------------------------------------------------------------------------


def test_an_exact_match_is_a_way():
    assert solve(("KH",), 13) == ["13"]


def test_the_four_operations():
    assert solve(("KH", "3S"), 10) == ["13 − 3"]
    assert solve(("KH", "3S"), 16) == ["13 + 3"]
    assert solve(("4H", "3S"), 12) == ["4 × 3"]
    assert solve(("QH", "3S"), 4) == ["12 ÷ 3"]


def test_division_must_come_out_whole():
    assert solve(("7H", "2S"), 3) == []


def test_every_step_stays_positive():
    assert solve(("3H", "3S"), 0) == [] and 0 not in reach(("3H", "3S"))
    # 2 − 5 + 9 would pass through −3; the same cards in another order do it
    assert solve(("2H", "5S", "9D"), 6) == ["9 + 2 − 5"]


def test_an_ace_counts_as_fourteen_or_one_in_each_use():
    assert solve(("AS", "7H"), 2) == ["14 ÷ 7"]
    assert solve(("AS", "7H"), 8) == ["7 + 1"]
    assert solve(("AS", "AH"), 15) == ["14 + 1"]


def test_each_card_at_most_once():
    assert solve(("5H",), 10) == []
    assert solve(("5H", "5S"), 10) == ["5 + 5"]


def test_orders_and_groupings_of_the_same_sum_are_one_way():
    assert solve(("2S", "3H", "4D"), 9) == ["4 + 3 + 2"]
    assert solve(("2S", "3H", "4D"), 24) == ["4 × 3 × 2"]


def test_padded_ways_are_left_out():
    # 1 × 13 − 3 and 14 − 13 + ... pad the two-card way with an ace
    assert solve(("AS", "KH", "3S"), 10) == ["13 − 3"]
    # 5 + 3 − 3: the five alone is enough
    assert solve(("5S", "3H", "3D"), 5) == ["5"]
    assert all(w.size == 2 for w in ways(("AS", "KH", "3S", "7D"), 10))


def test_printed_ways_read_left_to_right_with_brackets():
    assert solve(("2S", "3H", "4D"), 10) == ["(3 × 2) + 4", "(4 × 3) − 2"]
    assert "(4 + 2) × 3" in solve(("2S", "3H", "4D"), 18)


def _brute(numbers: list[int]) -> set[int]:
    """Every value of every bracketing of every order of the numbers, every intermediate a
    positive whole number: the rule, stated as simply as possible."""
    def trees(seq):
        if len(seq) == 1:
            yield seq[0]
            return
        for cut in range(1, len(seq)):
            for a in trees(seq[:cut]):
                for b in trees(seq[cut:]):
                    for v in (Fraction(a + b), Fraction(a - b), Fraction(a * b), Fraction(a, b)):
                        if v > 0 and v.denominator == 1:
                            yield int(v)
    found = set()
    for order in permutations(numbers):
        found |= set(trees(list(order)))
    return found


def _brute_cards(cards) -> set[int]:
    found = set()
    for chosen in product(*(values(c) for c in cards)):
        found |= _brute(list(chosen))
    return found


@pytest.mark.parametrize("seed", range(12))
def test_the_solver_agrees_with_brute_force(seed):
    deck = [r + s for r in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K") for s in "SHDC"]
    hand = tuple(random.Random(seed).sample(deck, 3 if seed % 3 else 4))
    assert set(reach(hand)) == _brute_cards(hand)


@pytest.mark.parametrize("seed", range(6))
def test_every_printed_way_is_right_read_left_to_right(seed):
    deck = [r + s for r in ("A", "2", "3", "5", "7", "9", "J", "Q", "K") for s in "SH"]
    hand = tuple(random.Random(seed).sample(deck, 3))
    for target in range(1, 40):
        for way in ways(hand, target):
            text = way.text.replace("−", "-").replace("×", "*").replace("÷", "/")
            assert eval(text, {}, {}) == target, way  # Python reads × and ÷ before + and −
            assert reaches(way.cards, target)


# -- the river ------------------------------------------------------------------------------

RIVER = River((("7H", "KS"), ("3D", "9C"), ("QD", "5S"), ("2C", "10D"), ("8H", "4C"), ("6S", "JH")))


def test_a_boat_enters_on_any_card_of_the_first_row():
    turn = play(RIVER, {"you": None}, "you", ("5C", "2D", "KH"), [Move((1, 1), ("5C", "2D"))])
    assert turn.legal and turn.position == (1, 1) and turn.used == ("5C", "2D")
    turn = play(RIVER, {"you": None}, "you", ("KH", "2D"), [Move((1, 2), ("KH",))])
    assert turn.legal and turn.position == (1, 2)


def test_a_boat_cannot_enter_beyond_the_first_row():
    turn = play(RIVER, {"you": None}, "you", ("3H",), [Move((2, 1), ("3H",))])
    assert not turn.legal and "enters the river on row 1" in turn.problem


def test_moves_are_orthogonal_one_place():
    hand = ("9H", "QC", "4D")
    assert play(RIVER, {"you": (1, 1)}, "you", hand, [Move((2, 2), ("9H",))]).problem.endswith(
        "(one place up, down, left or right)")
    turn = play(RIVER, {"you": (1, 2)}, "you", hand, [Move((2, 2), ("9H",))])
    assert turn.legal and turn.position == (2, 2)


def test_a_boat_may_move_sideways_and_back_upstream():
    turn = play(RIVER, {"you": (2, 2)}, "you", ("3H", "KC"), [Move((2, 1), ("3H",)), Move((1, 1), ("KC",))])
    assert not turn.legal  # K is 13, the 7 needs 7
    turn = play(RIVER, {"you": (2, 2)}, "you", ("3H", "7C"), [Move((2, 1), ("3H",)), Move((1, 1), ("7C",))])
    assert turn.legal and turn.position == (1, 1)


def test_the_cards_must_make_the_value_exactly():
    turn = play(RIVER, {"you": None}, "you", ("5C", "3D"), [Move((1, 1), ("5C", "3D"))])
    assert not turn.legal and "5C and 3D cannot make 7" in turn.problem


def test_every_card_of_a_move_counts():
    # 7 alone would do, but 7 and 2 must both be used: 7 × 2 or 7 + 2, never 7
    turn = play(RIVER, {"you": None}, "you", ("7C", "2D"), [Move((1, 1), ("7C", "2D"))])
    assert not turn.legal


def test_each_move_is_separate_and_each_card_used_once():
    hand = ("3H", "9S", "2D")
    turn = play(RIVER, {"you": None}, "you", hand, [Move((1, 1), ("9S", "2D")), Move((2, 1), ("3H",))])
    assert turn.legal and turn.moves == 2 and turn.position == (2, 1)
    turn = play(RIVER, {"you": None}, "you", hand, [Move((1, 1), ("9S", "2D")), Move((2, 1), ("2D", "3H"))])
    assert not turn.legal and "2D is already used" in turn.problem
    turn = play(RIVER, {"you": None}, "you", ("KH",), [Move((1, 1), ("7S",))])
    assert "7S is not in the hand" in turn.problem


def test_no_boat_on_an_occupied_card():
    turn = play(RIVER, {"you": None, "Sam": (1, 2)}, "you", ("KH",), [Move((1, 2), ("KH",))])
    assert not turn.legal and "Sam's boat is on row 1, column 2" in turn.problem


def test_leaving_the_river_takes_one_court_or_ace_from_the_final_row():
    boats = {"you": (6, 1)}
    for card in ("JC", "QS", "KH", "AD"):
        turn = play(RIVER, boats, "you", (card, "4H"), [Move(EXIT, (card,))])
        assert turn.legal and turn.finished
    assert not play(RIVER, boats, "you", ("10C",), [Move(EXIT, ("10C",))]).legal
    assert not play(RIVER, boats, "you", ("JC", "2C"), [Move(EXIT, ("JC", "2C"))]).legal
    assert "from the final row" in play(RIVER, {"you": (5, 1)}, "you", ("JC",), [Move(EXIT, ("JC",))]).problem


def test_reaching_the_final_row_and_leaving_in_one_turn():
    turn = play(RIVER, {"you": (5, 2)}, "you", ("JS", "QH", "2D"),
                [Move((6, 2), ("JS",)), Move(EXIT, ("QH",))])
    assert turn.legal and turn.finished and turn.used == ("JS", "QH")


def test_rocks_cannot_be_moved_onto():
    river = River((("7H", "rock"), ("3D", "9C")))
    turn = play(river, {"you": None}, "you", ("KH",), [Move((1, 2), ("KH",))])
    assert "is a rock" in turn.problem


def test_a_bridge_card_is_turned_when_a_boat_lands_in_front_and_the_turn_ends():
    river = River((("7H", "KS"), ("bridge:3D", "bridge:9C"), ("QD", "5S")))
    turn = play(river, {"you": None}, "you", ("7C", "3H", "9S"), [Move((1, 1), ("7C",)), Move((2, 1), ("3H",))])
    assert turn.flipped == ("3D",) and "the turn is already over" in turn.problem
    turn = play(river, {"you": None}, "you", ("7C",), [Move((1, 1), ("7C",))])
    assert turn.legal and turn.ended and turn.river.at((2, 1)) == "3D" and turn.river.at((2, 2)) == "bridge:9C"
    # next turn the boat crosses as usual; a face-down bridge card cannot be moved onto
    turn2 = play(turn.river, {"you": (1, 1)}, "you", ("3H",), [Move((2, 1), ("3H",))])
    assert turn2.legal and turn2.position == (2, 1)
    assert "still face down" in play(river, {"you": (1, 2)}, "you", ("9S",), [Move((2, 2), ("9S",))]).problem


def test_moving_sideways_in_front_of_the_bridge_turns_another_card():
    river = River((("7H", "KS"), ("bridge:3D", "bridge:9C")))
    turn = play(river, {"you": (1, 1)}, "you", ("KS",), [Move((1, 2), ("KS",))])
    assert turn.flipped == ("9C",) and turn.ended


def test_with_no_move_a_player_may_change_cards():
    assert can_move(RIVER, {"you": None}, "you", ("5C", "2D", "KH"))
    assert not can_move(RIVER, {"you": (1, 1)}, "you", ("8C", "8D", "8H"))


def test_rocks_must_leave_an_open_path():
    assert open_path(River((("7H", "rock"), ("rock", "9C"), ("QD", "5S")))) is False
    assert open_path(River((("7H", "rock"), ("3D", "rock"), ("QD", "5S"))))


def test_a_player_may_pass_even_with_a_move_open():  # issue 25: passing, declared
    assert can_move(RIVER, {"you": None}, "you", ("5C", "2D", "KH"))
    turn = play(RIVER, {"you": None}, "you", ("5C", "2D", "KH"), [])
    assert turn.legal and turn.moves == 0 and turn.used == () and turn.position is None


def test_rocks_never_lie_in_row_1_or_in_the_bridge_row():  # issue 25: declared
    assert misplaced_rock(River((("7H", "KS"), ("rock", "9C"), ("bridge:QD", "bridge:5S")))) is None
    assert "row 1" in misplaced_rock(River((("7H", "rock"), ("3D", "9C"))))
    assert "bridge row (row 3)" in misplaced_rock(
        River((("7H", "KS"), ("3D", "9C"), ("bridge:QD", "rock"))))


# -- written ways, diagrams, solved hands ----------------------------------------------------



def test_a_written_way_is_read_with_brackets_and_precedence():
    assert read("2 × (7 − 5)").value == 4 and read("2 × 7 − 5").value == 9
    assert read("12 - 7 - 1").value == 4 and read("14 / 7").value == 2 and read("3 x 4").value == 12


def test_a_written_way_that_is_not_whole_or_dips_below_one_is_not_legal():
    assert read("7 ÷ 2").value is None and "not a positive whole number" in read("7 ÷ 2").problem
    assert read("2 − 5 + 9").value is None


def test_a_written_way_must_use_different_cards_of_the_hand():
    assert cards_for((14, 7), ("7C", "AH")) == ("AH", "7C")
    assert cards_for((7, 7), ("7C", "AH")) is None


def test_the_diagram_marks_come_from_the_engine():
    assert marks_for(3, 3, (2, 2)) == ("x>x", ">B>", "x>x")
    assert marks_for(2, 2, None) == (">>", "..")  # not yet on the river: row 1 only
    assert marks_for(3, 2, (1, 1), bridge_row=2) == ("B>", "!?", "..")
    assert marks_for(3, 2, (2, 2), rocks=[(3, 2)]) == ("x>", ">B", "xR")


def test_solved_hands_are_fixed_and_right():
    deck = [r + s for r in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K") for s in "SHDC"]
    hands = solved_hands(deck, 3)
    assert hands == solved_hands(list(reversed(deck)), 3)  # the deck's order does not matter
    assert len(hands) == 3 and any("14" in s.way for s in hands[0].solved)
    for hand in hands:
        assert len(hand.solved) >= 3
        for solved in hand.solved:
            assert solved.way in solve(hand.cards, solved.target)
