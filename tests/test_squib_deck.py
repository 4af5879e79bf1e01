"""The Squib Squares deck rules (rulesets/squib/checks.py, on its engine) and designer
(rulesets/squib/design.py).

Pure-function tests: decks are built in memory by mutating the shipped one, so each
broken deck differs from a valid deck in one deliberate way.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import replace
from pathlib import Path
from types import MappingProxyType

import pytest

from generator.model import Card, Component, Game, POKER
from generator.rulesets.squib import checks, engine
from generator.rulesets.squib import stats as squib_stats
from generator.rulesets.squib.checks import check_deck
from generator.rulesets.squib.design import DEFAULT_SEED, csv_text, design_deck, read_csv, spec_from_data, write_csv
from generator.rulesets.squib.engine import Squib, SquibCard

ROOT = Path(__file__).resolve().parents[1]
GAME_DIR = ROOT / "games" / "squib-squares"
CSV = GAME_DIR / "cards.csv"

DATA = {
    "hand_size": 3,
    "colors": ["green", "yellow", "purple", "orange", "blue"],
    "emotions": ["happy", "sad", "angry", "excited", "sleepy"],
    "kinds": ["rocket", "missile", "spinny", "candle", "booster"],
    "beats": {
        "blue": ["purple", "yellow"],
        "purple": ["orange", "green"],
        "orange": ["yellow", "blue"],
        "yellow": ["green", "purple"],
        "green": ["blue", "orange"],
    },
}
SPEC = spec_from_data(DATA)
OTHER_SEED = DEFAULT_SEED + 6


@pytest.fixture(scope="module")
def shipped() -> list[SquibCard]:
    return read_csv(CSV)


@pytest.fixture
def deck(shipped) -> list[SquibCard]:
    return list(shipped)  # a fresh list each test may mutate


def findings_of(cards, rule, spec=SPEC):
    return [f for f in check_deck(cards, spec) if f.rule == rule]


def recolour(squib: Squib, **changes) -> Squib:
    return replace(squib, **changes)


# -- valid decks ----------------------------------------------------------------------------

def test_shipped_deck_passes_every_rule(shipped):
    assert check_deck(shipped, SPEC) == []
    assert [c.id for c in shipped] == [f"S{n:02d}" for n in range(1, 55)]


def test_shipped_csv_is_exactly_what_the_default_seed_designs():
    text = CSV.read_text(encoding="utf-8")
    assert text.splitlines()[0] == ",".join(engine.COLUMNS)
    assert len(text.splitlines()) == 55  # header + 54 cards, no comments
    assert csv_text(design_deck(SPEC, DEFAULT_SEED)) == text


def test_another_seed_designs_another_valid_deck(shipped):
    other = design_deck(SPEC, OTHER_SEED)
    assert check_deck(other, SPEC) == []
    assert [(c.left, c.right) for c in other] != [(c.left, c.right) for c in shipped]


def test_designer_is_deterministic(tmp_path):
    first, second = tmp_path / "a.csv", tmp_path / "b.csv"
    write_csv(design_deck(SPEC, 11), first)
    write_csv(design_deck(SPEC, 11), second)
    assert first.read_bytes() == second.read_bytes()
    assert read_csv(first)[0].line == 2  # the first card sits under the header


def test_designer_refuses_a_spec_without_five_values():
    bad = spec_from_data({**DATA, "colors": ["green", "yellow", "purple", "orange"]})
    with pytest.raises(ValueError, match="data.colors"):
        design_deck(bad, 1)


def test_game_toml_data_gives_a_fair_spec():
    if not (GAME_DIR / "game.toml").exists():
        pytest.skip("game.toml not written yet")
    data = tomllib.loads((GAME_DIR / "game.toml").read_text(encoding="utf-8"))["data"]
    spec = spec_from_data(data)
    assert checks.check_spec(spec) == []
    assert (spec.colors, spec.emotions, spec.kinds) == (SPEC.colors, SPEC.emotions, SPEC.kinds)
    assert dict(spec.beats) == dict(SPEC.beats)


# -- R1 ---------------------------------------------------------------------------------------

def test_r1_duplicate_id_names_the_id_and_both_lines(deck):
    deck[7] = replace(deck[7], id=deck[3].id)
    [finding] = findings_of(deck, "R1")
    assert finding.cards == ("S04",)
    assert finding.message.startswith("R1 card S04: the id S04 is used 2 times")
    assert f"lines {deck[3].line}, {deck[7].line}" in finding.message
    assert finding.line == deck[3].line


def test_r1_a_short_deck_is_reported_and_counting_rules_wait(deck):
    found = check_deck(deck[:53], SPEC)
    assert any(f.rule == "R1" and "53 cards" in f.message for f in found)
    assert not any(f.rule in ("R5", "R6", "R7") for f in found)  # would be nonsense
    assert any("not checked" in f.message for f in found)


# -- R2 ---------------------------------------------------------------------------------------

def test_r2_unknown_colour_names_the_card_and_skips_counting(deck):
    deck[9] = replace(deck[9], left=recolour(deck[9].left, color="pink"))
    found = check_deck(deck, SPEC)
    [r2] = [f for f in found if f.rule == "R2" and f.cards]
    assert r2.cards == ("S10",)
    assert "left_color 'pink' is not one of the colours green, yellow" in r2.message
    assert r2.line == deck[9].line
    assert not any(f.rule in ("R5", "R6", "R7") for f in found)
    assert any(f.rule == "R2" and "not checked" in f.message for f in found)


def test_r2_upper_case_value_gets_a_hint(deck):
    deck[0] = replace(deck[0], right=recolour(deck[0].right, kind=deck[0].right.kind.upper()))
    [r2] = [f for f in findings_of(deck, "R2") if f.cards]
    assert "lower case" in r2.message


def test_r2_value_lists_must_hold_five_distinct_values(deck):
    spec = spec_from_data({**DATA, "emotions": ["happy", "sad", "sad", "excited", "sleepy"]})
    found = [f for f in check_deck(deck, spec) if f.rule == "R2"]
    assert any(f.data_key == ("data", "emotions") and "5 distinct emotions" in f.message for f in found)
    assert not any(f.cards for f in found)  # cards are not blamed for a broken list


# -- R3 ---------------------------------------------------------------------------------------

def test_r3_squibs_sharing_a_kind(deck):
    card = deck[12]
    deck[12] = replace(card, right=recolour(card.right, kind=card.left.kind))
    [finding] = findings_of(deck, "R3")
    assert finding.cards == (card.id,)
    assert finding.message == (f"R3 card {card.id}: the two squibs share the kind {card.left.kind} "
                               f"(they touch, so they must differ in colour, emotion and kind)")


# -- R4 ---------------------------------------------------------------------------------------

def test_r4_repeated_squib_names_both_cards(deck):
    # Copy S02's left squib onto the right of a card it does not clash with.
    source = deck[1]
    target = next(i for i, c in enumerate(deck) if i != 1 and c.left.touches(source.left))
    deck[target] = replace(deck[target], right=source.left)
    [finding] = findings_of(deck, "R4")
    assert finding.cards == tuple(sorted((source.id, deck[target].id)))
    assert str(source.left) in finding.message


# -- R5 ---------------------------------------------------------------------------------------

def test_r5_a_colour_on_too_many_squibs(deck):
    counts = {v: sum((c.left.color == v) + (c.right.color == v) for c in deck) for v in SPEC.colors}
    common = next(v for v, n in counts.items() if n == 22)
    used = {s for c in deck for s in (c.left, c.right)}
    # Repaint one right squib in the common colour, keeping R3 and R4 intact.
    index, card = next((i, c) for i, c in enumerate(deck)
                       if common not in (c.left.color, c.right.color)
                       and recolour(c.right, color=common) not in used)
    deck[index] = replace(card, right=recolour(card.right, color=common))
    [finding] = [f for f in findings_of(deck, "R5") if common in f.message]
    assert f"the colour {common} appears on 23 squibs" in finding.message
    assert card.id in finding.cards and len(finding.cards) == 23
    assert findings_of(deck, "R3") == findings_of(deck, "R4") == []


# -- R6 ---------------------------------------------------------------------------------------

def _pair_count(deck, a, b):
    return sum({c.left.color, c.right.color} == {a, b} for c in deck)


def _trade_right_colours(deck, wanted) -> tuple[SquibCard, SquibCard]:
    """Trade right colours between two cards so that squib and left counts stay and R3/R4
    still hold, but two colour pairs change; wanted(a, b) picks the pair of cards."""
    used = {s for c in deck for s in (c.left, c.right)}
    for i, a in enumerate(deck):
        for j, b in enumerate(deck):
            new_a = recolour(a.right, color=b.right.color)
            new_b = recolour(b.right, color=a.right.color)
            if (i != j and a.left.color not in (b.right.color, a.right.color, b.left.color)
                    and b.left.color != a.right.color and a.right.color != b.right.color
                    and new_a not in used and new_b not in used and wanted(a, b)):
                deck[i], deck[j] = replace(a, right=new_a), replace(b, right=new_b)
                return a, b
    pytest.fail("no suitable pair of cards in the shipped deck")


def test_r6_a_colour_pair_on_too_many_cards(deck):
    a, b = _trade_right_colours(deck, lambda a, b: _pair_count(deck, a.left.color, b.right.color) == 6)
    pair = (a.left.color, b.right.color)
    [finding] = [f for f in findings_of(deck, "R6") if f.cards]
    assert all(v in finding.message for v in pair) and "7 times" in finding.message
    assert a.id in finding.cards and len(finding.cards) == 7
    assert findings_of(deck, "R5") == findings_of(deck, "R7") == []


def test_r6_a_colour_pair_on_too_few_cards(deck):
    a, _ = _trade_right_colours(deck, lambda a, b: _pair_count(deck, a.left.color, a.right.color) == 5)
    found = [f for f in findings_of(deck, "R6") if "only 4 times" in f.message]
    assert any(a.left.color in f.message and a.right.color in f.message for f in found)
    assert all(not f.cards for f in found)  # nobody is at fault for a missing pair


# -- R7 ---------------------------------------------------------------------------------------

def test_r7_left_bias_from_flipped_cards(deck):
    colour = "blue"
    on_left = sum(c.left.color == colour for c in deck)
    flips = [i for i, c in enumerate(deck) if c.right.color == colour][: 13 - on_left]
    for i in flips:
        deck[i] = deck[i].flipped()
    found = [f for f in findings_of(deck, "R7") if f"colour {colour} " in f.message]
    [finding] = found
    assert "stands on the left of 13 cards" in finding.message
    assert {deck[i].id for i in flips} <= set(finding.cards)
    assert findings_of(deck, "R5") == findings_of(deck, "R6") == []


def test_r7_too_few_on_the_left_names_the_cards_to_flip(deck):
    colour = "green"
    flips = [i for i, c in enumerate(deck) if c.left.color == colour]
    for i in flips:
        deck[i] = deck[i].flipped()
    [finding] = [f for f in findings_of(deck, "R7") if f"colour {colour} " in f.message]
    assert "left of only 0 cards" in finding.message
    assert set(finding.cards) == {c.id for c in deck if c.right.color == colour}


# -- R8 ---------------------------------------------------------------------------------------

def test_r8_broken_cycle(deck):
    beats = {**DATA["beats"], "blue": ["purple", "orange"]}  # blue now also beats orange
    found = findings_of(deck, "R8", spec_from_data({**DATA, "beats": beats}))
    messages = [f.message for f in found]
    assert "R8: orange and blue beat each other; exactly one must beat the other" in messages
    assert "R8: neither yellow nor blue beats the other; exactly one must" in messages
    assert all(f.data_key[:2] == ("data", "beats") and not f.cards for f in found)


def test_r8_self_beat_and_wrong_count(deck):
    beats = {**DATA["beats"], "green": ["green", "blue", "orange"]}
    found = [f.message for f in findings_of(deck, "R8", spec_from_data({**DATA, "beats": beats}))]
    assert "R8: green beats itself" in found
    assert any("green beats 3 colour(s)" in m for m in found)


def test_r8_missing_table(deck):
    found = findings_of(deck, "R8", spec_from_data({k: v for k, v in DATA.items() if k != "beats"}))
    assert len(found) == 1 and found[0].data_key == ("data", "beats")


# -- R9 ---------------------------------------------------------------------------------------

def test_r9_a_card_nobody_can_stack_with(deck):
    dead = deck[0]
    # Every card that could go above or below it takes its left colour instead.
    for i, card in enumerate(deck[1:], start=1):
        if engine.can_stack(dead, card):
            deck[i] = replace(card, left=recolour(card.left, color=dead.left.color))
    found = findings_of(deck, "R9")
    assert any(f.cards == (dead.id,) and "dead in columns" in f.message for f in found)


def test_r9_cards_nobody_can_sit_beside():
    a = SquibCard("A", Squib("green", "happy", "rocket"), Squib("yellow", "sad", "missile"), 2)
    b = SquibCard("B", Squib("yellow", "sad", "spinny"), Squib("green", "happy", "candle"), 3)
    found = checks.check_dead_cards([a, b])
    assert [(f.cards, "dead in rows" in f.message) for f in found] == [(("A",), True), (("B",), True)]
    assert engine.neighbours([a, b]) == [engine.Neighbours(0, 0, 1), engine.Neighbours(0, 0, 1)]


# -- messages ---------------------------------------------------------------------------------

def test_findings_start_with_the_rule_and_name_the_cards():
    assert checks.Finding("R4", "x", ("S01", "S02"), 2).message == "R4 cards S01, S02: x"
    assert checks.Finding("R3", "x", ("S07",), 8).message == "R3 card S07: x"
    assert checks.Finding("R1", "x").message == "R1: x"


# -- face-offs and stats ----------------------------------------------------------------------

def test_face_off_follows_the_rules_example():
    # Player 1 (blue vs yellow, purple vs purple) beats one and ties one: a win.
    p1 = SquibCard("P1", Squib("blue", "happy", "rocket"), Squib("purple", "sad", "missile"))
    p2 = SquibCard("P2", Squib("yellow", "angry", "spinny"), Squib("purple", "happy", "candle"))
    assert engine.face_off(p1, p2, SPEC.beats) == 1
    assert engine.face_off(p2, p1, SPEC.beats) == -1
    # Beat one (blue beats yellow), lose one (blue beats purple): no winner.
    p3 = SquibCard("P3", Squib("yellow", "sad", "rocket"), Squib("blue", "angry", "missile"))
    assert engine.face_off(p1, p3, SPEC.beats) == 0


def test_face_off_shares_sum_to_one_and_balance(shipped):
    shares = engine.face_off_shares(shipped, SPEC.beats)
    assert len(shares) == 54
    for s in shares:
        assert s.win + s.tie + s.lose == pytest.approx(1)
    # Face-offs are zero-sum, so over the whole deck wins and losses match.
    assert sum(s.win for s in shares) == pytest.approx(sum(s.lose for s in shares))


def test_deck_stats_report(shipped):
    text = squib_stats.deck_stats(shipped, SPEC)
    for heading in ("Squibs per value", "Cards per pair of colours", "Cards per pair of emotions",
                    "Cards per pair of kinds", "Per card", "Summary"):
        assert heading in text
    card_rows = [line for line in text.splitlines() if re.match(r"S\d\d ", line)]
    assert len(card_rows) == 54
    assert len({len(row) for row in card_rows}) == 1  # aligned columns


# -- the Game adapter ----------------------------------------------------------------------------

def make_game(cards: list[SquibCard], data=DATA, columns=engine.COLUMNS) -> Game:
    manifest, csv_path = GAME_DIR / "game.toml", GAME_DIR / "cards.csv"
    rows = tuple(Card(c.id, MappingProxyType(c.row()), c.line, csv_path) for c in cards)
    deck = Component(id="squibs", name="Squib cards", kind="deck", size=POKER, orientation="landscape",
                     bleed=9.0, safe=9.0, front=None, back=None, data=csv_path, cards=rows,
                     columns=tuple(columns))
    lines = {("data",): 9, ("data", "beats"): 17, ("data", "beats", "blue"): 18}
    return Game(id="squib-squares", root=GAME_DIR, manifest=manifest, title="Squib Squares",
                players=(2, 6), minutes=(15, 15), credits=(), components=(deck,), faces={},
                data=data, rulesets=("squib",), rules=None, lines=MappingProxyType(lines))


def test_check_game_passes_the_shipped_deck(shipped):
    assert checks.check(make_game(shipped)) == []
    assert "S54" in squib_stats.stats(make_game(shipped))


def test_check_game_points_at_csv_lines_and_game_toml(deck):
    deck[6] = replace(deck[6], right=recolour(deck[6].right, emotion=deck[6].left.emotion))
    beats = {**DATA["beats"], "blue": ["purple", "orange"]}
    problems = checks.check(make_game(deck, data={**DATA, "beats": beats}))
    csv_problems = [p for p in problems if p.path.endswith("cards.csv")]
    assert [(p.line, p.message[:9]) for p in csv_problems if p.message.startswith("R3")] == [(8, "R3 card S")]
    toml = [p for p in problems if p.path.endswith("game.toml")]
    assert toml and all(p.message.startswith("R8") for p in toml)
    assert {p.line for p in toml} <= {17, 18}
    assert str(csv_problems[0]).startswith(f"{GAME_DIR / 'cards.csv'}:8: error: R3 card S07:")


def test_check_game_reports_a_wrong_header_and_missing_component(shipped):
    problems = checks.check(make_game(shipped, columns=engine.COLUMNS[:-1]))
    assert any(p.line == 1 and "missing right_kind" in p.message for p in problems)
    game = make_game(shipped)
    no_deck = replace(game, components=())
    [p] = checks.check(no_deck)
    assert "component with id 'squibs'" in p.message and p.path.endswith("game.toml")


# -- corners of a set's outline (the booklet's "squared off" pictures, issue 25) --------------

def test_a_full_rectangle_has_four_corners_and_none_inward():
    assert engine.corners([["a", "b"], ["c", "d"]]) == engine.Corners(4, 0)
    assert engine.corners([["a"], ["b"], ["c"]]) == engine.Corners(4, 0)


def test_a_missing_card_leaves_five_outer_corners_and_one_inner():
    assert engine.corners([["a", "b"], ["c", None]]) == engine.Corners(5, 1)
    assert engine.corners([["a", "b", "c"], [None, "d", None]]) == engine.Corners(6, 2)


def test_places_meeting_at_a_point_each_keep_their_corners():
    assert engine.corners([["a", None], [None, "b"]]) == engine.Corners(8, 0)
