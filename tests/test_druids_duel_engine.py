"""Druid's Duel's engine (generator/rulesets/druids_duel), rule by rule, the source's
two-turn example transcribed and replayed, and the corrected example. Pure functions."""

from __future__ import annotations

import copy
import random

import pytest

from generator.rulesets.druids_duel import examples as ex
from generator.rulesets.druids_duel.engine import CHAMELEON, FORM_OF_COURT, FORMS, JACKRABBIT, LION, PEACOCK, STRATEGY_DECK, Move, Player, RuleError, State, can_succeed, cards_per_player, deal, deal_table, new_game, play_turn, strategy_value, succeeds
from generator.rulesets.playing_cards.deck import parse


def cards(text: str):
    return [parse(card) for card in text.split()]


def ok(form: str, card: str, others: str) -> bool:
    return succeeds(form, parse(card), cards(others))


def moves(*pairs):
    """moves(('lion', '9H'), ...) -> Move values."""
    return [Move.of(*pair) for pair in pairs]


def table(*hands: str, chameleon=False) -> State:
    return new_game([hand.split() for hand in hands], chameleon)


# --- cards, forms and the deal -------------------------------------------------------

def test_courts_are_the_three_forms():
    assert FORM_OF_COURT == {"J": JACKRABBIT, "Q": PEACOCK, "K": LION}


def test_strategy_cards_are_ace_low_to_ten():
    assert len(STRATEGY_DECK) == 40
    assert strategy_value(parse("AS")) == 1 and strategy_value(parse("10D")) == 10
    with pytest.raises(RuleError):
        strategy_value(parse("JS"))


def test_deal_table_gives_everyone_as_many_cards_as_possible():
    assert deal_table() == {2: {"hand": 20, "aside": 0}, 3: {"hand": 13, "aside": 1},
                            4: {"hand": 10, "aside": 0}}


@pytest.mark.parametrize("players", [1, 5])
def test_two_to_four_players(players):
    with pytest.raises(RuleError, match="2 to 4"):
        cards_per_player(players)


def test_a_seeded_deal_is_repeatable_and_fair():
    state = deal(3, random.Random(5))
    assert state == deal(3, random.Random(5))
    assert [len(p.hand) for p in state.players] == [13, 13, 13]
    assert all(p.ready == frozenset(FORMS) and p.drained is None for p in state.players)


def test_a_card_dealt_twice_is_refused():
    with pytest.raises(RuleError, match="twice"):
        table("AS 2S", "AS 3H")


# --- success rules -------------------------------------------------------------------

def test_jackrabbit_succeeds_with_the_lowest_card():
    assert ok(JACKRABBIT, "AH", "3S 9H 6H")
    assert not ok(JACKRABBIT, "3S", "AH 9H 6H")


def test_jackrabbit_tied_for_lowest_fails():  # decision D1
    assert not ok(JACKRABBIT, "2S", "2H 9H")


def test_lion_succeeds_with_the_highest_card():
    assert ok(LION, "9H", "3S AH 6H")
    assert not ok(LION, "6H", "3S AH 9H")


def test_lion_tied_for_highest_fails():  # as the source's turn 2 says
    assert not ok(LION, "10D", "4S 6D 10C")


def test_peacock_succeeds_when_no_other_card_shares_rank_or_suit():
    assert ok(PEACOCK, "4S", "10D 6D 10C")


def test_peacock_fails_on_a_shared_suit():
    assert not ok(PEACOCK, "6D", "4S 10D 10C")


def test_peacock_fails_on_a_shared_rank():
    assert not ok(PEACOCK, "6D", "6S 10H")


def test_every_revealed_card_counts_whatever_its_form():  # decision D2
    result = play_turn(table("3S 4S", "AH 2H", "9H 8H"),
                       moves((LION, "3S"), (PEACOCK, "AH"), (JACKRABBIT, "9H")))
    assert result.succeeded == (False, False, False)  # AH is lowest but its owner is a Peacock


def test_a_card_alone_succeeds_under_any_form():  # decision D2
    assert ok(JACKRABBIT, "5S", "") and ok(LION, "5S", "") and ok(PEACOCK, "5S", "")


# --- a turn: discard, take back, drain, recover ---------------------------------------

def test_success_discards_the_card_and_failure_keeps_it():
    after = play_turn(table("3S 4S", "AH 2H"), moves((LION, "3S"), (LION, "AH"))).after
    assert after.players[0].hand == tuple(cards("4S"))
    assert after.players[1].hand == tuple(cards("AH 2H"))


def test_the_form_used_is_drained_for_the_next_turn():
    after = play_turn(table("3S 4S", "AH 2H"), moves((LION, "3S"), (PEACOCK, "AH"))).after
    assert after.players[0].drained == LION and after.players[0].ready == {JACKRABBIT, PEACOCK}
    with pytest.raises(RuleError, match="cannot take the lion"):
        play_turn(after, moves((LION, "4S"), (JACKRABBIT, "AH")))


def test_the_form_drained_before_is_recovered_at_the_end_of_the_next_turn():
    state = table("3S 4S 5S", "AH 2H 3H")
    state = play_turn(state, moves((LION, "3S"), (PEACOCK, "AH"))).after
    state = play_turn(state, moves((JACKRABBIT, "4S"), (LION, "2H"))).after
    assert state.players[0].drained == JACKRABBIT
    assert state.players[0].ready == {LION, PEACOCK}
    assert state.players[1].ready == {JACKRABBIT, PEACOCK}


def test_a_card_not_in_hand_is_refused():
    with pytest.raises(RuleError, match="no 9S"):
        play_turn(table("3S 4S", "AH 2H"), moves((LION, "9S"), (LION, "AH")))


def test_every_player_must_play_a_strategy_card():
    with pytest.raises(RuleError, match="must play"):
        play_turn(table("3S 4S", "AH 2H"), moves((LION, None), (LION, "AH")))


# --- end of the game -----------------------------------------------------------------

def test_the_game_ends_when_a_hand_is_empty_and_that_player_wins():
    after = play_turn(table("3S", "AH 2H"), moves((LION, "3S"), (PEACOCK, "AH"))).after
    assert after.winners == (0,)
    with pytest.raises(RuleError, match="over"):
        play_turn(after, moves((PEACOCK, "3S"), (LION, "AH")))


def test_players_can_tie_for_the_win():
    after = play_turn(table("10S", "AH", "5D 6D"),
                      moves((LION, "10S"), (JACKRABBIT, "AH"), (PEACOCK, "5D"))).after
    assert after.winners == (0, 1)


def test_the_game_goes_on_while_everyone_holds_cards():
    after = play_turn(table("3S 4S", "AH 2H"), moves((LION, "3S"), (LION, "AH"))).after
    assert after.winners is None


# --- stalemate (decision D8) ------------------------------------------------------------

def test_hands_of_one_rank_can_never_succeed():
    assert not can_succeed([cards("7S"), cards("7H")])
    assert not can_succeed([cards("7S 7C"), cards("7D")])
    # every card ties for lowest or highest and shares a rank or a suit with another
    assert not can_succeed([cards("4H"), cards("4D"), cards("3D"), cards("3H")])


def test_any_way_out_means_no_stalemate():
    assert can_succeed([cards("7S 2S"), cards("7H")])  # the 2 can be lowest
    assert can_succeed([cards("4H"), cards("4D"), cards("3D"), cards("5C")])  # the 5 is highest


def test_a_stalled_game_ends_and_the_fewest_cards_win():
    result = play_turn(table("7S 9S", "7H 5H"), moves((LION, "9S"), (JACKRABBIT, "5H")))
    assert result.succeeded == (True, True)
    assert result.after.stalemate and result.after.winners == (0, 1)  # a 7 each: both win


def test_a_stalemate_names_only_the_druids_with_fewest_cards():
    after = play_turn(table("7S 9S", "7H 5H 7D"), moves((LION, "9S"), (JACKRABBIT, "5H"))).after
    assert [len(p.hand) for p in after.players] == [1, 2]
    assert after.stalemate and after.winners == (0,)


def test_no_stalemate_while_a_way_out_remains():
    after = play_turn(table("7S 9S 2S", "7H 5H"), moves((LION, "9S"), (JACKRABBIT, "5H"))).after
    assert not after.stalemate and after.winners is None  # A's 2 can still be lowest


def test_a_single_held_chameleon_does_not_keep_a_locked_game_going():  # issue 25
    # One joker can never clash, and as a form it only repeats what the three forms try.
    state = State((Player(tuple(cards("5S 5H")), joker=True), Player(tuple(cards("5D"))),
                   Player(tuple(cards("5C")))), chameleon=True, jokers_left=1)
    after = play_turn(state, moves((JACKRABBIT, "5S"), (JACKRABBIT, "5D"),
                                   (JACKRABBIT, "5C"))).after
    assert after.players[0].joker and after.stalemate and after.winners == (1, 2)


def test_a_chameleon_used_in_a_locked_game_does_not_unlock_it():
    state = with_jokers(table("7S 9S", "7H", "7D", chameleon=True), 0, left=1)
    after = play_turn(state, [Move.of(CHAMELEON, "9S", LION), Move.of(PEACOCK, "7H"),
                              Move.of(JACKRABBIT, "7D")]).after
    assert after.players[0].joker  # A alone succeeded: a joker again, but only one
    assert after.stalemate and after.winners == (0, 1, 2)


def test_two_held_chameleons_put_the_stalemate_off_while_a_clash_frees_a_card():
    state = with_jokers(table("7S 7C", "7H", "7D", chameleon=True), 0, 1, left=0)
    after = play_turn(state, moves((LION, "7S"), (LION, "7H"), (LION, "7D"))).after
    assert not after.stalemate and after.winners is None
    assert can_succeed([p.hand for p in after.players], [p.joker for p in after.players])
    assert not can_succeed([p.hand for p in after.players])  # only the clash frees C's 7
    clash = play_turn(after, [Move.of(CHAMELEON), Move.of(CHAMELEON),
                              Move.of(JACKRABBIT, "7D")])
    assert clash.succeeded == (False, False, True) and clash.after.winners == (2,)


# --- the Chameleon variant -----------------------------------------------------------

def test_chameleon_needs_three_players():  # decision D7
    with pytest.raises(RuleError, match="3 or more"):
        table("AS", "2S", chameleon=True)


def test_a_joker_only_when_one_druid_alone_succeeds():
    state = table("AS 2S", "9H 8H", "5H 6D", chameleon=True)
    after = play_turn(state, moves((JACKRABBIT, "AS"), (PEACOCK, "9H"), (LION, "5H"))).after
    assert [p.joker for p in after.players] == [True, False, False] and after.jokers_left == 1
    assert CHAMELEON in after.players[0].choices()

    two = play_turn(state, moves((JACKRABBIT, "AS"), (LION, "9H"), (PEACOCK, "5H"))).after
    assert not any(p.joker for p in two.players) and two.jokers_left == 2


def with_jokers(state: State, *seats: int, left=None) -> State:
    players = tuple(Player(p.hand, p.ready, p.drained, seat in seats)
                    for seat, p in enumerate(state.players))
    return State(players, True, 2 - len(seats) if left is None else left)


def test_a_chameleon_declares_any_form_even_a_drained_one():  # decision D5
    state = table("AS 2S", "9H 8H", "5H 6D", chameleon=True)
    state = play_turn(state, moves((LION, "2S"), (PEACOCK, "8H"), (JACKRABBIT, "6D"))).after
    state = with_jokers(state, 0)
    result = play_turn(state, [Move.of(CHAMELEON, "AS", LION), Move.of(JACKRABBIT, "9H"),
                               Move.of(LION, "5H")])
    assert result.forms == (LION, JACKRABBIT, LION) and result.succeeded == (False, False, False)


def test_a_chameleon_must_declare_a_form():
    state = with_jokers(table("AS", "9H", "5D", chameleon=True), 0)
    with pytest.raises(RuleError, match="declare"):
        play_turn(state, [Move.of(CHAMELEON, "AS"), Move.of(LION, "9H"), Move.of(LION, "5D")])


def test_a_joker_is_returned_not_drained_and_the_old_drain_recovers():  # decision D3
    state = table("AS 2S", "9H 8H", "5H 6D", chameleon=True)
    state = with_jokers(play_turn(state, moves(
        (LION, "2S"), (PEACOCK, "8H"), (JACKRABBIT, "6D"))).after, 0)
    after = play_turn(state, [Move.of(CHAMELEON, "AS", JACKRABBIT), Move.of(LION, "9H"),
                              Move.of(LION, "5H")]).after
    assert after.players[0].drained is None and after.players[0].ready == set(FORMS)


def test_a_sole_winner_with_a_chameleon_may_take_a_joker_again():  # decision D4
    state = with_jokers(table("AS 2S", "9H 8H", "5H 6D", chameleon=True), 0)
    result = play_turn(state, [Move.of(CHAMELEON, "AS", JACKRABBIT), Move.of(PEACOCK, "9H"),
                               Move.of(LION, "5H")])
    assert result.succeeded == (True, False, False)
    assert result.after.players[0].joker and result.after.jokers_left == 1


def test_nobody_holds_two_jokers_and_an_empty_supply_gives_none():  # decision D4
    state = with_jokers(table("AS 2S", "9H 8H", "5H 6D", chameleon=True), 0, left=1)
    after = play_turn(state, moves((JACKRABBIT, "AS"), (PEACOCK, "9H"), (LION, "5H"))).after
    assert after.players[0].joker and after.jokers_left == 1
    empty = with_jokers(table("AS 2S", "9H 8H", "5H 6D", chameleon=True), left=0)
    after = play_turn(empty, moves((JACKRABBIT, "AS"), (PEACOCK, "9H"), (LION, "5H"))).after
    assert not after.players[0].joker


def test_two_chameleons_clash_have_no_form_and_play_no_card():  # decision D6
    state = with_jokers(table("AS 2S", "9H 8H", "5H 6D", chameleon=True), 0, 1)  # none left
    result = play_turn(state, [Move.of(CHAMELEON), Move.of(CHAMELEON), Move.of(PEACOCK, "5H")])
    assert result.forms == (None, None, PEACOCK)
    assert result.succeeded == (False, False, True)  # the lone card succeeds (D2)
    assert [len(p.hand) for p in result.after.players] == [2, 2, 1]
    assert result.after.jokers_left == 1  # both returned, then the sole winner takes one
    with pytest.raises(RuleError, match="clashed"):
        play_turn(state, [Move.of(CHAMELEON, "AS", LION), Move.of(CHAMELEON),
                          Move.of(PEACOCK, "5H")])


def test_no_chameleon_without_a_joker():
    with pytest.raises(RuleError, match="cannot take the chameleon"):
        play_turn(table("AS", "9H", "5D", chameleon=True),
                  [Move.of(CHAMELEON, "AS", LION), Move.of(LION, "9H"), Move.of(LION, "5D")])


# --- the source's example, transcribed ------------------------------------------------

def test_the_seed_example_is_transcribed_faithfully():
    turn1, turn2 = ex.SEED["turns"]
    assert turn1["forms"] == {"A": JACKRABBIT, "B": JACKRABBIT, "C": LION, "D": PEACOCK}
    assert turn1["strategies"] == {"A": "3S", "B": "AH", "C": "9H", "D": "6H"}
    assert turn2["forms"] == {"A": PEACOCK, "B": LION, "C": PEACOCK, "D": LION}
    assert turn2["strategies"] == {"A": "4S", "B": "10D", "C": "6D", "D": "10C"}
    assert turn2["cards_left"] == {"A": 9, "B": 9, "C": 8, "D": 10}


def test_the_seed_example_starts_with_ten_cards_each():
    names, state = ex.setup(ex.SEED)
    assert [len(p.hand) for p in state.players] == [10, 10, 10, 10]


def test_the_seed_example_turn_one_holds():
    one_turn = {**ex.SEED, "turns": ex.SEED["turns"][:1]}
    assert ex.replay(one_turn) == []


def test_the_seed_example_contradicts_its_rules_in_turn_two():
    # The source's turn 2 says "C's card is unique in suit and rank" and lets C discard the
    # 6 of Diamonds, leaving C 8 cards. But B revealed the 10 of Diamonds the same turn: the
    # suits match, so C's Peacock fails, C takes the 6 back and keeps 9 cards.
    assert ex.replay(ex.SEED) == [
        ("turn 2: succeeded", ["A", "C"], ["A"]),
        ("turn 2: cards left to C", 8, 9),
    ]


def test_the_corrected_example_holds_every_claim():
    assert ex.replay(ex.CORRECTED) == []
    assert ex.CORRECTED["turns"][1]["strategies"]["C"] == "7H"


def test_a_false_claim_in_the_corrected_example_is_caught():
    wrong = copy.deepcopy(ex.CORRECTED)
    wrong["turns"][0]["drained"]["D"] = LION
    wrong["turns"][1]["ready"]["A"] = [PEACOCK, LION]
    assert ex.replay(wrong) == [
        ("turn 1: form drained by D", LION, PEACOCK),
        ("turn 2: forms ready for A", [LION, PEACOCK], [JACKRABBIT, LION]),
    ]


def test_a_winners_claim_is_checked():
    example = {"players": ["A", "B"], "hands": {"A": ["3S"], "B": ["AH", "2H"]},
               "turns": [{"forms": {"A": LION, "B": PEACOCK},
                          "strategies": {"A": "3S", "B": "AH"}, "winners": ["B"]}]}
    assert ex.replay(example) == [("turn 1: winners", ["B"], ["A"])]


def test_an_illegal_move_in_an_example_names_the_turn():
    wrong = copy.deepcopy(ex.CORRECTED)
    wrong["turns"][1]["forms"]["C"] = LION  # drained in turn 1
    with pytest.raises(RuleError, match="turn 2: player 3 cannot take the lion"):
        ex.replay(wrong)


def test_a_player_count_outside_the_range_in_an_example_is_refused():
    wrong = copy.deepcopy(ex.CORRECTED)
    wrong["players"] = ["A", "B", "C", "D", "E"]
    with pytest.raises(RuleError, match="2 to 4"):
        ex.replay(wrong)
