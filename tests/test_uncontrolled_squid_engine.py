"""Uncontrolled Squid's engine (generator/rulesets/uncontrolled_squid), rule by rule,
and the worked examples replayed. Pure functions: no build, no files."""

from __future__ import annotations

import copy
import random
from dataclasses import replace

import pytest

from generator.rulesets.playing_cards.deck import parse
from generator.rulesets.uncontrolled_squid import examples as ex
from generator.rulesets.uncontrolled_squid.engine import ACES_HIGH, BETRAYER, PRO_VERSION, SQUID, Outcome, RuleError, State, Variants, deciding_index, decks_needed, default_teams, discard, draw_squid_cards, new_game, play_round, rank_value, round_start, squid_cards_due


def cards(text: str):
    return [parse(card) for card in text.split()]


def game(players=4, **variants) -> State:
    return new_game(default_teams(players), Variants(**variants))


def taker(*plays: str):
    """Who takes the totem among four fresh players (seats 0-3) playing these cards."""
    return play_round(game(len(plays)), cards(" ".join(plays))).taker


# --- cards and the deciding card -----------------------------------------------------

def test_aces_are_high_and_deuces_low():
    assert rank_value(parse("AS")) == 14 > rank_value(parse("KS")) == 13
    assert rank_value(parse("2H")) == 2 == min(ACES_HIGH.values())


def test_jokers_are_not_in_the_game():
    with pytest.raises(RuleError):
        rank_value(parse("JK1"))


def test_single_highest_card_takes_the_totem():
    assert taker("9S", "KH", "4D", "7C") == 1


def test_tie_for_highest_goes_to_the_lowest_card():
    assert taker("AS", "AH", "2D", "10C") == 2


def test_tie_for_highest_and_lowest_leaves_the_totem_uncontrolled():  # decision D1
    assert taker("JS", "JH", "3D", "3C") is None


def test_full_tie_leaves_the_totem_uncontrolled():
    assert taker("5S", "5H", "5D", "5C") is None
    assert taker("QS", "QH") is None


def test_tie_for_highest_with_a_single_lowest_among_middles():
    assert deciding_index([10, 10, 3, 5, 5, 7]) == 2


def test_one_against_one_highest_wins():
    assert taker("3S", "4H") == 1


# --- scoring -------------------------------------------------------------------------

def test_holding_team_scores_a_point():
    after = play_round(game(), cards("9S KH 4D 7C")).after
    assert after.holder == 1 and after.holder_team == "B" and after.points == (0, 1)
    assert after.squid_points == 0


def test_points_accumulate_for_the_team_holding_the_totem():
    state = game()
    for plays in ("9S KH 4D 7C", "AS 5H 2D 10C"):
        state = play_round(state, cards(plays)).after
    assert state.points == (1, 1)


def test_uncontrolled_totem_scores_the_squid_and_wipes_both_teams():
    state = State(teams=default_teams(4), hands=game().hands, holder=0, points=(2, 1))
    after = play_round(state, cards("JS JH 3D 3C")).after
    assert after.holder is None and after.points == (0, 0) and after.squid_points == 1


def test_played_cards_leave_the_hand():
    after = play_round(game(), cards("9S KH 4D 7C")).after
    assert [len(hand) for hand in after.hands] == [12, 12, 12, 12]
    assert parse("9S") not in after.hands[0]


def test_a_card_not_in_hand_is_refused():
    with pytest.raises(RuleError, match="no 9H"):
        play_round(game(), cards("9H KH 4D 7C"))  # seat 0 holds spades


def test_every_player_plays_one_card():
    with pytest.raises(RuleError):
        play_round(game(), cards("9S KH 4D"))


# --- set-up --------------------------------------------------------------------------

@pytest.mark.parametrize("players", [1, 3, 5, 7, 9, 10])
def test_player_count_is_even_from_two_to_eight(players):  # decision D2
    with pytest.raises(RuleError, match="even number"):
        default_teams(players)


def test_a_deck_for_every_four_suits_including_the_squids():  # decision D6
    assert [decks_needed(n) for n in (2, 4, 6, 8)] == [1, 1, 2, 2]
    assert [decks_needed(n, recalcitrant_squid=True) for n in (2, 4, 6, 8)] == [1, 2, 2, 3]


def test_teams_must_be_equal():
    with pytest.raises(RuleError, match="equal teams"):
        new_game("AAAB")


def test_each_player_gets_a_whole_suit_and_eight_players_use_two_decks():
    state = game(8)
    assert all(len(hand) == 13 for hand in state.hands)
    assert {card.suit for card in state.hands[0]} == {"S"}
    assert state.hands[4] == state.hands[0]  # the second deck's spades
    assert state.holder is None  # the totem starts in the middle (D3)


# --- end of the game -----------------------------------------------------------------

def test_a_team_with_three_points_wins():
    state = State(teams=default_teams(4), hands=game().hands, holder=0, points=(2, 0))
    outcome = play_round(state, cards("KS 5H 6D 8C")).after.outcome
    assert outcome.winner == "A" and outcome.reason == "three points"


def test_the_squid_with_three_points_wins():
    state = State(teams=default_teams(4), hands=game().hands, squid_points=2, points=(2, 2))
    outcome = play_round(state, cards("4S 4H 4D 4C")).after.outcome
    assert outcome.winner == SQUID and outcome.reason == "three points"


def test_the_squid_wins_when_the_cards_run_out():
    state = State(teams=default_teams(2), hands=(tuple(cards("KS")), tuple(cards("2H"))))
    outcome = play_round(state, cards("KS 2H")).after.outcome
    assert outcome.winner == SQUID and outcome.reason == "cards ran out"


def test_a_full_game_of_thirteen_rounds_ends_when_the_cards_run_out():
    rounds = ("3S 2H, 2S 3H, 7S 6H, 6S 7H, 5S 5H, 9S 8H, 8S 9H, QS JH, JS QH, 10S 10H, "
              "AS 4H, 4S KH, KS AH")
    state = game(2)
    for plays in rounds.split(", "):
        assert state.outcome is None
        state = play_round(state, cards(plays)).after
    assert state.points == (1, 2) and state.squid_points == 2
    assert state.rounds_played == 13 and state.outcome == Outcome(SQUID, "cards ran out")


def test_cards_run_out_when_any_hand_is_empty():  # decision D4
    state = State(teams=default_teams(2), hands=(tuple(cards("KS")), tuple(cards("2H 3H"))))
    assert play_round(state, cards("KS 2H")).after.outcome.reason == "cards ran out"


def test_no_round_after_the_game_ends():
    state = State(teams=default_teams(2), hands=(tuple(cards("KS")), tuple(cards("2H"))))
    over = play_round(state, cards("KS 2H")).after
    with pytest.raises(RuleError, match="over"):
        play_round(over, cards("KS 2H"))


# --- Betrayer ------------------------------------------------------------------------

def last_round(points=(0, 0), **variants) -> State:
    return State(teams=default_teams(2), hands=(tuple(cards("KS")), tuple(cards("2H"))),
                 points=points, variants=Variants(**variants))


def test_betrayer_the_holder_wins_alone_when_the_cards_run_out():
    outcome = play_round(last_round(betrayer=True), cards("KS 2H")).after.outcome
    assert outcome.winner == BETRAYER and outcome.seat == 0


def test_betrayer_a_third_point_in_the_last_round_still_wins_for_the_team():  # D8
    outcome = play_round(last_round((2, 0), betrayer=True), cards("KS 2H")).after.outcome
    assert outcome.winner == "A"


def test_betrayer_an_uncontrolled_totem_at_the_end_is_the_squids():
    state = State(teams=default_teams(2), hands=(tuple(cards("KS")), tuple(cards("KH"))),
                  variants=Variants(betrayer=True))
    assert play_round(state, cards("KS KH")).after.outcome.winner == SQUID


def test_without_betrayer_the_holder_does_not_win():
    assert play_round(last_round(), cards("KS 2H")).after.outcome.winner == SQUID


# --- Recalcitrant Squid --------------------------------------------------------------

def test_recalcitrant_squid_plays_a_team_size_of_cards_when_uncontrolled():
    state = game(4, recalcitrant_squid=True)
    assert len(state.squid_pile) == 13
    assert squid_cards_due(state) == 2  # D3: from round one
    assert squid_cards_due(play_round(state, cards("AS 2H 3D 4C"), cards("5S 6S")).after) == 0


def test_recalcitrant_squid_wrong_number_of_squid_cards_is_refused():
    with pytest.raises(RuleError, match="2 card"):
        play_round(game(4, recalcitrant_squid=True), cards("AS 2H 3D 4C"), cards("5S"))


def test_recalcitrant_squid_winning_keeps_the_totem_uncontrolled():
    result = play_round(game(4, recalcitrant_squid=True), cards("9S 2H 3D 4C"), cards("AS 6S"))
    assert result.squid_won and result.taker is None
    assert result.after.squid_points == 1 and result.after.points == (0, 0)


def test_recalcitrant_squid_a_player_can_beat_the_squid():
    result = play_round(game(4, recalcitrant_squid=True), cards("AS 2H 3D 4C"), cards("KS 6S"))
    assert result.taker == 0 and not result.squid_won and result.after.points == (1, 0)


def test_recalcitrant_squid_its_low_card_takes_a_tie_for_highest():  # decision D5
    result = play_round(game(2, recalcitrant_squid=True), cards("AS AH"), cards("3S"))
    assert result.squid_won and result.after.holder is None


def test_recalcitrant_squid_its_cards_are_discarded_and_reshuffled_when_out():
    state = State(teams=default_teams(2), hands=game(2).hands,
                  variants=Variants(recalcitrant_squid=True),
                  squid_pile=tuple(cards("4D")), squid_discards=tuple(cards("5D 6D")))
    after = play_round(state, cards("AS 2H"), cards("4D")).after
    assert after.squid_pile == () and set(after.squid_discards) == set(cards("4D 5D 6D"))
    again = play_round(replace(after, holder=None), cards("KS 3H"), cards("5D")).after
    assert set(again.squid_pile) == set(cards("4D 6D"))
    assert again.squid_discards == tuple(cards("5D"))


def test_recalcitrant_squid_draw_is_seeded_and_legal():
    state = game(4, recalcitrant_squid=True)
    drawn = draw_squid_cards(state, random.Random(7))
    assert drawn == draw_squid_cards(state, random.Random(7))
    assert len(set(drawn)) == 2 and set(drawn) <= set(state.squid_pile)
    play_round(state, cards("AS 2H 3D 4C"), drawn)


def test_recalcitrant_squid_can_win_with_its_third_point():
    state = State(teams=default_teams(2), hands=game(2).hands, squid_points=2,
                  variants=Variants(recalcitrant_squid=True), squid_pile=tuple(cards("QD")))
    assert play_round(state, cards("7S 9H"), cards("QD")).after.outcome.winner == SQUID


# --- the other variants' obligations ---------------------------------------------------

def test_variants_by_name_and_the_pro_version():
    assert Variants.named(PRO_VERSION) == Variants(recalcitrant_squid=True, betrayer=True)
    with pytest.raises(RuleError, match="unknown variant"):
        Variants.named(["squid-rage"])


def test_wrath_and_madness_apply_only_when_uncontrolled():
    state = game(4, wrath_of_squid=True, squid_madness=True, appeasement_sacrifice=True)
    start = round_start(state)
    assert start.discard_random == (0, 1, 2, 3) and start.play_random == (0, 1, 2, 3)
    assert start.team_picks_discarder == ("A", "B")
    held = round_start(play_round(state, cards("AS 2H 3D 4C")).after)
    assert held.discard_random == () and held.play_random == () and held.team_picks_discarder == ()


def test_price_of_power_and_blessing_apply_to_the_holder():
    state = play_round(game(4, price_of_power=True, squids_blessing=True),
                       cards("AS 2H 3D 4C")).after
    start = round_start(state)
    assert start.play_random == (0,) and start.may_bless == 0


def test_a_discard_never_takes_the_last_card():  # decision D7
    state = State(teams=default_teams(2), hands=(tuple(cards("KS")), tuple(cards("2H 3H"))),
                  variants=Variants(wrath_of_squid=True))
    assert round_start(state).discard_random == (1,)
    assert discard(state, 1, "3H").hands[1] == tuple(cards("2H"))
    with pytest.raises(RuleError, match="last card"):
        discard(state, 0, "KS")


# --- the worked examples -------------------------------------------------------------

@pytest.mark.parametrize("name", sorted(ex.EXAMPLES))
def test_the_worked_examples_hold(name):
    assert ex.replay(ex.EXAMPLES[name]) == []


def test_the_basic_example_ends_with_team_a_winning():
    assert ex.BASIC["rounds"][-1]["winner"] == "A" and len(ex.BASIC["rounds"]) >= 4


def test_a_false_holder_claim_is_caught():
    wrong = copy.deepcopy(ex.BASIC)
    wrong["rounds"][1]["holder"] = "Ann"  # the aces tie: the lowest card (Cleo's 2) takes it
    assert ex.replay(wrong) == [("round 2: holder", "Ann", "Cleo")]


def test_a_false_points_claim_is_caught():
    wrong = copy.deepcopy(ex.BASIC)
    wrong["rounds"][2]["points"]["A"] = 1  # the Squid's point wipes the teams' points
    assert ex.replay(wrong) == [("round 3: points of A", 1, 0)]


def test_a_false_winner_claim_is_caught():
    wrong = copy.deepcopy(ex.PRO)
    wrong["rounds"][-1]["winner"] = "Ann"
    assert ex.replay(wrong) == [("round 4: winner", "Ann", "squid")]


def test_an_illegal_play_in_an_example_names_the_round():
    wrong = copy.deepcopy(ex.BASIC)
    wrong["rounds"][1]["plays"]["Ann"] = "9S"  # already played in round 1
    with pytest.raises(RuleError, match="round 2: .*no 9S"):
        ex.replay(wrong)


def test_an_odd_player_count_in_an_example_is_refused():
    wrong = copy.deepcopy(ex.BASIC)
    del wrong["players"]["Dev"]
    with pytest.raises(RuleError, match="even number"):
        ex.replay(wrong)


# --- The Wrath of Squid and Appeasement Sacrifice together (decision D9, issue 25) ----------

def test_wrath_discards_first_so_a_seat_it_leaves_one_card_cannot_be_sacrificed():
    hands = tuple(tuple(cards(h)) for h in ("KS 2S", "2H 3H 4H", "2D", "5C 6C"))
    state = State(teams=default_teams(4), hands=hands,
                  variants=Variants(wrath_of_squid=True, appeasement_sacrifice=True))
    start = round_start(state)
    assert start.discard_random == (0, 1, 3)
    assert start.eligible == (1,)  # only the three-card hand still has two after Wrath


def test_every_seat_offered_for_the_sacrifice_can_make_it_after_wrath():
    rng = random.Random(25)
    for _ in range(300):
        hands = tuple(tuple(cards(" ".join(f"{r}{s}" for r in rng.sample("23456789", rng.randint(1, 4)))))
                      for s in "SHDC")
        state = State(teams=default_teams(4), hands=hands,
                      variants=Variants(wrath_of_squid=True, appeasement_sacrifice=True))
        start = round_start(state)
        for seat in start.discard_random:
            state = discard(state, seat, rng.choice(state.hands[seat]))
        for seat in start.eligible:
            discard(state, seat, state.hands[seat][0])  # never refused
        assert set(start.eligible) == {s for s, hand in enumerate(state.hands) if len(hand) > 1}
