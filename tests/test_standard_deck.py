"""A standard deck of playing cards declared in game.toml (`standard = { ... }`), written as
a CSV by `ppgen design standard-deck`, and checked by the playing-cards rule set."""

from __future__ import annotations

import csv
import io

import pytest

from conftest import build_game, line_of, ppgen

from generator import rulesets
from generator.errors import GameError
from generator.load.game import load_game
from generator.rulesets.playing_cards.deck import parse, standard_deck
from generator.standard_deck import COLUMNS

FACES = """
[faces.card]
background = "#FFFFFF"

[[faces.card.elements]]
type = "text"
x = "5mm"
y = "5mm"
w = "40mm"
h = "12mm"
text = "{rank} of {suit_name}"

[[faces.card.elements]]
type = "text"
x = "5mm"
y = "60mm"
w = "50mm"
h = "12mm"
text = "{name}: {color}, {value}"

[faces.back]
background = "#1F3A5F"
"""


def make_game(folder, cards: str, rulesets_line: str = 'rulesets = ["playing-cards"]'):
    """A small game folder: one poker deck whose cards come from `cards` (TOML lines)."""
    folder.mkdir()
    (folder / "game.toml").write_text(f"""title = "Plain Deck"
players = [2, 6]
minutes = 20
{rulesets_line}

[[components]]
id = "cards"
size = "poker"
front = "card"
back = "back"
{cards}
{FACES}""", encoding="utf-8")
    (folder / "rules.md").write_text("# Plain Deck\n\nDeal and play any game you know.\n", encoding="utf-8")
    return folder


def deck_problems(tmp_path, cards: str) -> list:
    with pytest.raises(GameError) as failure:
        load_game(make_game(tmp_path / "bad", cards))
    return failure.value.problems


def test_a_full_deck_with_two_jokers_has_54_cards_with_stable_ids_and_columns(tmp_path):
    game = make_game(tmp_path / "deck", "standard = { jokers = 2 }")
    run = ppgen("validate", game)
    assert run.code == 0, run.text
    assert "1 component, 54 cards" in run.out
    component = load_game(game).component("cards")
    ids = [card.id for card in component.cards]
    assert len(ids) == len(set(ids)) == 54
    assert ids[:3] == ["AS", "2S", "3S"] and ids[9:13] == ["10S", "JS", "QS", "KS"]
    assert ids[-2:] == ["JK1", "JK2"] and "10H" in ids and "QC" in ids
    assert component.columns == COLUMNS
    assert set(COLUMNS) >= {"id", "card", "rank", "suit", "suit_name", "rank_name", "color", "name", "value"}
    queen = next(card for card in component.cards if card.id == "QH")
    assert dict(queen.fields) == {"id": "QH", "card": "QH", "rank": "Q", "suit": "H", "suit_name": "hearts",
                                  "rank_name": "queen", "color": "red", "name": "queen of hearts",
                                  "value": "12", "copy": "1"}
    ten = next(card for card in component.cards if card.id == "10C")
    assert (ten["rank_name"], ten["color"], ten["value"], ten["name"]) == ("10", "black", "10", "10 of clubs")
    assert next(c for c in component.cards if c.id == "AD")["value"] == "1"
    joker = component.cards[-1]
    assert (joker["rank"], joker["suit"], joker["rank_name"], joker["value"]) == ("JK", "", "joker", "0")
    assert [c["color"] for c in component.cards[-2:]] == ["black", "red"]
    # every card points at the declaration, so a check can name its line
    line = line_of(game / "game.toml", "standard =")
    assert {(c.path.name, c.line) for c in component.cards} == {("game.toml", line)}
    # the rule set's Card values are the same cards
    assert [card.id for card in standard_deck(jokers=2)] == [c["card"] for c in component.cards]
    assert all(parse(c["card"]).name == c["name"] for c in component.cards)


def test_a_subset_with_copies_keeps_ids_unique_and_the_card_derivable(tmp_path):
    game = make_game(tmp_path / "deck", 'standard = { ranks = ["A", 2, "3", "queen"], suits = ["hearts", "S"], '
                                        'copies = 2, jokers = 1 }')
    component = load_game(game).component("cards")
    ids = [card.id for card in component.cards]
    # standard order whatever the order typed: suits S H D C, ranks A..K, copies side by side
    assert ids == ["AS", "AS-2", "2S", "2S-2", "3S", "3S-2", "QS", "QS-2",
                   "AH", "AH-2", "2H", "2H-2", "3H", "3H-2", "QH", "QH-2", "JK1"]
    assert [c["card"] for c in component.cards[:2]] == ["AS", "AS"]
    assert [c["copy"] for c in component.cards[:2]] == ["1", "2"]
    assert ppgen("validate", game).code == 0


def test_an_empty_declaration_is_the_52_card_deck(tmp_path):
    component = load_game(make_game(tmp_path / "deck", "standard = {}")).component("cards")
    assert len(component.cards) == 52 and component.cards[-1].id == "KC"


BAD = [
    ('standard = { ranks = ["A", "Z"] }', "'ranks': no rank 'Z'"),
    ('standard = { ranks = ["A", "quen"] }', "no rank 'quen' (did you mean 'queen'?)"),
    ('standard = { suits = ["S", "spdes"] }', "no suit 'spdes' (did you mean 'spades'?)"),
    ('standard = { suits = ["X"] }', "'suits': no suit 'X'"),
    ("standard = { copies = 0 }", "'copies' must be 1 to 20, got 0"),
    ("standard = { copies = 21 }", "'copies' must be 1 to 20, got 21"),
    ("standard = { jokers = -1 }", "'jokers' must be 0 to 8, got -1"),
    ("standard = { jokers = 9 }", "'jokers' must be 0 to 8, got 9"),
    ('standard = { jokers = "two" }', "'jokers' must be a whole number"),
    ("standard = { ranks = [] }", "'ranks' is empty"),
    ("standard = { suits = [] }", "'suits' is empty"),
    ('standard = { ranks = ["A", "K", "a"] }', "'ranks': rank 'A' is named twice"),
    ('standard = { suits = ["H", "hearts"] }', "'suits': suit 'H' is named twice"),
    ("standard = { joker = 2 }", "unknown key 'joker' (did you mean 'jokers'?)"),
    ("standard = 2", "'standard' in component 'cards' must be a table"),
]


@pytest.mark.parametrize("declaration, message", BAD, ids=[m for _, m in BAD])
def test_a_bad_declaration_is_an_error_at_its_line_naming_the_key(tmp_path, declaration, message):
    problems = deck_problems(tmp_path, declaration)
    manifest = tmp_path / "bad" / "game.toml"
    assert [(p.path, p.line) for p in problems] == [(str(manifest), line_of(manifest, "standard ="))]
    assert message in problems[0].message and "component 'cards'" in problems[0].message


def test_a_declaration_as_a_table_points_at_the_faulty_key_and_ppgen_reports_it(tmp_path):
    game = make_game(tmp_path / "deck", '\n[components.standard]\njokers = 2\nranks = ["A", "1", "11"]\ncopies = 99\n')
    manifest = game / "game.toml"
    run = ppgen("validate", game)
    assert run.code == 1 and "Traceback" not in run.text
    assert f"game.toml:{line_of(manifest, 'ranks =')}: error: component 'cards': standard deck: 'ranks': " \
           f"no rank '11'" in run.err
    assert f"game.toml:{line_of(manifest, 'copies =')}: error: component 'cards': standard deck: 'copies'" in run.err
    assert "rank 'A' is named twice" in run.err  # '1' is the ace


def test_cards_come_from_one_source_only(tmp_path):
    problems = deck_problems(tmp_path, 'standard = { jokers = 2 }\ncount = 3')
    manifest = tmp_path / "bad" / "game.toml"
    assert [(p.line, p.message) for p in problems] == [
        (line_of(manifest, "standard ="),
         "component 'cards': give its cards by one of data, count, standard, not both count and standard")]


def test_design_writes_the_same_deck_as_a_csv_every_time(tmp_path):
    run = ppgen("design", "standard-deck", "--jokers", "2")
    assert run.code == 0, run.text
    assert run.out == ppgen("design", "standard-deck", "--jokers", "2").out
    rows = list(csv.DictReader(io.StringIO(run.out)))
    declared = load_game(make_game(tmp_path / "deck", "standard = { jokers = 2 }")).component("cards")
    assert run.out.splitlines()[0] == ",".join(COLUMNS)
    assert rows == [dict(card.fields) for card in declared.cards]

    out = tmp_path / "subset.csv"
    run = ppgen("design", "standard-deck", "--ranks", "A, 2,3", "--suits", "S,H", "--copies", "2", "--out", out)
    assert run.code == 0 and "wrote 12 cards" in run.err and run.out == ""
    lines = out.read_bytes().decode().split("\n")
    assert lines[1:4] == ["AS,AS,A,S,spades,ace,black,ace of spades,1,1",
                          "AS-2,AS,A,S,spades,ace,black,ace of spades,1,2",
                          "2S,2S,2,S,spades,2,black,2 of spades,2,1"]
    assert len(lines) == 14 and lines[-1] == ""  # header, 12 cards, '\n' at the end


def test_design_refuses_impossible_decks_as_usage_errors(tmp_path):
    run = ppgen("design", "standard-deck", "--ranks", "A,Z", "--suits", "S,S", "--jokers", "12",
                "--out", tmp_path / "x.csv")
    assert run.code == 2 and not (tmp_path / "x.csv").exists()
    assert "--ranks: no rank 'Z'" in run.err and "--suits: suit 'S' is named twice" in run.err
    assert "--jokers must be 0 to 8, got 12" in run.err


def test_a_typed_csv_with_a_card_that_does_not_exist_fails_the_rule_set_check(tmp_path):
    game = make_game(tmp_path / "deck", 'data = "cards.csv"')
    assert ppgen("design", "standard-deck", "--jokers", "1", "--out", game / "cards.csv").code == 0
    assert ppgen("validate", game).code == 0
    text = (game / "cards.csv").read_text()
    text = text.replace("3S,3S,3,S", "3S,XZ,3,S").replace("4S,4S,4,S", "4S,4S,5,S").replace("JK1,JK1", "JK1,JK0")
    (game / "cards.csv").write_text(text)
    csv_path = game / "cards.csv"
    run = ppgen("validate", game)
    assert run.code == 1 and "Traceback" not in run.text
    assert f"cards.csv:{line_of(csv_path, '3S,XZ')}: error: card '3S': not a playing card: 'XZ': " \
           f"no rank 'X', no suit 'Z'" in run.err
    assert f"cards.csv:{line_of(csv_path, '4S,4S,5')}: error: card '4S': rank '5' does not match card '4S'" in run.err
    assert f"cards.csv:{line_of(csv_path, 'JK1,JK0')}: error: card 'JK1': not a playing card: 'JK0'" in run.err
    # the check belongs to the rule set: a game that does not name it is not checked
    plain = make_game(tmp_path / "plain", 'data = "cards.csv"', rulesets_line="")
    (plain / "cards.csv").write_text(text)
    assert ppgen("validate", plain).code == 0


def test_the_rule_set_is_registered_with_its_designer():
    ruleset = rulesets.get("playing-cards")
    assert ruleset.checks and [c.name for c in ruleset.commands] == ["standard-deck"]


def test_a_declared_deck_builds_cut_sheets_and_one_png_per_card(tmp_path):
    game = make_game(tmp_path / "deck", "standard = { jokers = 2 }")
    folder, artifacts = build_game(tmp_path / "out", game, "--paper", "letter", "--only", "cards,png")
    fronts = sorted(p for p in artifacts if p.startswith("png/cards/") and p.endswith("-front.png"))
    assert len(fronts) == 54 and "png/cards/10H-front.png" in fronts and "png/cards/JK2-front.png" in fronts
    assert "cards-letter.pdf" in artifacts and artifacts["cards-letter.pdf"]["pages"] == 14  # 7 x (fronts, backs)
