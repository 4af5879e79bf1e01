"""Uncontrolled Squid's worked-example replayer, helpers and art, called directly: each
rule the examples print is the engine's, and bad example data names what is wrong."""

from __future__ import annotations

import pytest

from conftest import GAMES

from generator import ops as op
from generator.load.game import load_game
from generator.rulesets.uncontrolled_squid import cults, emblems, helpers
from generator.rulesets.uncontrolled_squid.replays import squid_rounds


@pytest.fixture(scope="module")
def game():
    return load_game(GAMES / "uncontrolled-squid")


FOUR = {"players": {"Ann": "A", "Ben": "B", "Cleo": "A", "Dev": "B"},
        "cults": {"Ann": "eye", "Ben": "shell", "Cleo": "trident", "Dev": "moon"}}


def replay(game, *rounds, **extra):
    return squid_rounds(game, {**FOUR, **extra, "rounds": list(rounds)})


def test_single_highest_takes_the_totem(game):
    facts = replay(game, {"Ann": "9S", "Ben": "KH", "Cleo": "4D", "Dev": "7C"}).facts
    assert facts["round1"] == {"holder": "Ben", "A": 0, "B": 1, "squid": 0}
    assert facts["winner"] == "nobody" and facts["rounds"] == 1


def test_tied_highest_goes_to_the_single_lowest(game):
    facts = replay(game, {"Ann": "AS", "Ben": "AH", "Cleo": "2D", "Dev": "10C"}).facts
    assert facts["round1"]["holder"] == "Cleo"


def test_both_ends_tied_leave_the_totem_loose_and_wipe_the_teams(game):
    facts = replay(game, {"Ann": "9S", "Ben": "KH", "Cleo": "4D", "Dev": "7C"},
                   {"Ann": "JS", "Ben": "JH", "Cleo": "3D", "Dev": "3C"}).facts
    assert facts["round2"] == {"holder": "nobody", "A": 0, "B": 0, "squid": 1}


def test_the_squids_third_point_wins(game):
    tie = [{"Ann": f"{r}S", "Ben": f"{r}H", "Cleo": f"{r}D", "Dev": f"{r}C"} for r in ("2", "3", "4")]
    facts = replay(game, *tie).facts
    assert facts["round3"]["squid"] == 3 and facts["winner"] == "squid"


def test_the_cards_shown_are_the_deck_ids_one_row_per_round(game):
    result = replay(game, {"Ann": "9S", "Ben": "KH", "Cleo": "4D", "Dev": "7C"})
    assert result.component == cults.DECK
    assert result.cards == (("9S-eye", "KH-shell", "4D-trident", "7C-moon"),)
    assert result.labels == ()  # a single round needs no number
    two = replay(game, {"Ann": "9S", "Ben": "KH", "Cleo": "4D", "Dev": "7C"},
                 {"Ann": "AS", "Ben": "AH", "Cleo": "2D", "Dev": "10C"})
    assert two.labels == ("1", "2")  # rows numbered as the narrative numbers the rounds


def test_recalcitrant_squid_plays_from_its_own_suit(game):
    result = squid_rounds(game, {"players": {"Ann": "A", "Ben": "B"}, "cults": {"Ann": "eye", "Ben": "shell"},
                                 "variants": ["recalcitrant-squid"],
                                 "rounds": [{"Ann": "7S", "Ben": "9H", "squid": ["QS"]}]})
    assert result.facts["round1"] == {"holder": "nobody", "A": 0, "B": 0, "squid": 1}
    assert result.cards == (("7S-eye", "9H-shell", "QS-squid"),)


# Two points each, a loose totem that wipes them, twice over; then A, B, B: the cards run
# out with team B on two points and Ben holding the totem.
DUEL = [("3", "2"), ("2", "3"), ("5", "4"), ("4", "5"), ("6", "6"), ("8", "7"), ("7", "8"), ("10", "9"),
        ("9", "10"), ("J", "J"), ("A", "Q"), ("Q", "K"), ("K", "A")]


@pytest.mark.parametrize("variants, winner", [([], "squid"), (["betrayer"], "Ben")])
def test_the_cards_run_out_the_squid_wins_or_the_betrayer(game, variants, winner):
    facts = squid_rounds(game, {"players": {"Ann": "A", "Ben": "B"}, "cults": {"Ann": "eye", "Ben": "shell"},
                                "variants": variants,
                                "rounds": [{"Ann": f"{a}S", "Ben": f"{b}H"} for a, b in DUEL]}).facts
    assert facts["round10"] == {"holder": "nobody", "A": 0, "B": 0, "squid": 2}
    assert facts["round13"] == {"holder": "Ben", "A": 1, "B": 2, "squid": 2}
    assert facts["winner"] == winner and facts["rounds"] == 13


@pytest.mark.parametrize("data, message", [
    ({**FOUR, "rounds": [{"Ann": "9S", "Ben": "KH", "Cleo": "4D"}]}, "round 1: no card played by Dev"),
    ({**FOUR, "rounds": [{"Ann": "9H", "Ben": "KH", "Cleo": "4D", "Dev": "7C"}]}, "seat 0 has no 9H"),
    ({**FOUR, "rounds": [{"Ann": "9S", "Ben": "KH", "Cleo": "4D", "Dev": "7C", "Eve": "2S"}]}, "Eve not at the table"),
    ({**FOUR, "cults": {**FOUR["cults"], "Dev": "eye"}, "rounds": [{}]}, "two players share a cult"),
    ({**FOUR, "cults": {**FOUR["cults"], "Dev": "kraken"}, "rounds": [{}]}, "no cult 'kraken'"),
    ({"players": {"Ann": "A", "Ben": "B", "Cleo": "A"}, "cults": {"Ann": "eye", "Ben": "shell", "Cleo": "moon"},
      "rounds": [{}]}, "not 3"),
    ({**FOUR, "rounds": []}, "'rounds' must list the rounds"),
    ({**FOUR, "turns": [], "rounds": [{}]}, "unknown key(s) turns"),
])
def test_bad_example_data_names_the_fault(game, data, message):
    with pytest.raises(ValueError) as caught:
        squid_rounds(game, data)
    assert message in str(caught.value)


def test_helpers_read_the_engine_and_the_data(game):
    class Embeds:
        def token(self, item):
            self.item = item
            return "TOKEN"
    embeds = Embeds()
    names = helpers.helpers(game, embeds)
    squid = names["squid"]
    assert squid.points_to_win == 3 and squid.player_counts == [2, 4, 6, 8] and squid.hand == 13
    assert squid.ranks[0] == "2" and squid.ranks[-1] == "ace"
    assert squid.decks_needed(4) == 1 and squid.decks_needed(4, True) == 2 and squid.decks_needed(8, True) == 3
    assert [c.name for c in squid.cults][:2] == ["The Lidless Eye", "The Spiral Shell"]
    assert squid.pro == ["Recalcitrant Squid", "Betrayer"]
    assert names["score_track"]() == "TOKEN" and embeds.item.measure(300, _Room())[0] <= 300


class _Room:
    text_size, diagram, cell, fill, stroke = 8.0, 200.0, 40.0, "#EEEEEE", "#333333"


def test_every_emblem_draws_and_an_unknown_one_is_refused():
    for name in emblems.NAMES:
        group = emblems.emblem_ops(name, 0, 0, 50, "#000000")
        assert isinstance(group, op.Group) and group.ops
    with pytest.raises(ValueError, match="no emblem 'kraken'"):
        emblems.emblem_ops("kraken", 0, 0, 50, "#000000")


def test_the_rule_set_is_registered_with_its_parts():
    from generator import rulesets
    squid = rulesets.get("uncontrolled-squid")
    assert set(squid.painters) == {"cult-card", "cult-back", "squid-emblem", "squid-standee", "squid-track"}
    assert squid.checks and squid.helpers and squid.stats and set(squid.examples) == {"squid-rounds"}
    assert [c.name for c in squid.commands] == ["squid-deck"]


def test_the_designer_writes_the_shipped_deck_and_stats_report_the_tables():
    from conftest import ppgen
    run = ppgen("design", "squid-deck")
    assert run.code == 0, run.text
    assert run.out == (GAMES / "uncontrolled-squid" / "cards.csv").read_text(encoding="utf-8")
    stats = ppgen("validate", "uncontrolled-squid", "--stats")
    assert stats.code == 0 and "The Ninth Wave" in stats.out and "loose rounds" in stats.out
    assert "  4          1                      2    1.7%" in stats.out  # 4 players: 1 deck, 2 with the Squid
