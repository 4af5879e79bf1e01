"""Poohsticks, built as a user would: every part, the river mat's pages and labels, card
counts and images, the replayed examples in the booklet, and bad input refused at its line."""

from __future__ import annotations

import json

import pytest
from PIL import Image
from pypdf import PdfReader

from conftest import line_of, ppgen, replace_in

GAME = "poohsticks"
MM = 72 / 25.4
MAT = (316 * MM, 682 * MM)  # game.toml's river mat
BLEED = 0.125 * 72


@pytest.fixture(scope="module")
def pooh(built):
    return built(GAME)


def pages(folder, name) -> int:
    return len(PdfReader(folder / name).pages)


def test_every_part_is_built(pooh):
    _, artifacts = pooh
    kinds = {a["kind"] for a in artifacts.values()}
    assert kinds >= {"cut-sheets", "card-png", "rules-booklet", "rules-booklet-imposed", "handout", "reference",
                     "mat"}
    for paper in ("letter", "a4"):
        for name in (f"cards-cards-{paper}.pdf", f"cards-markers-{paper}.pdf", f"mat-river-{paper}.pdf",
                     f"handout-{paper}.pdf", f"reference-cards-{paper}.pdf", f"rules-booklet-imposed-{paper}.pdf"):
            assert name in artifacts, name


def test_a_deck_without_jokers_and_eight_markers(pooh):
    _, artifacts = pooh
    fronts = [a for a in artifacts.values() if a["kind"] == "card-png" and a["face"] == "front"]
    cards = sorted(a["card"] for a in fronts if a["component"] == "cards")
    assert len(cards) == 52 and not any(c.startswith("JK") for c in cards)
    assert sorted(a["card"] for a in fronts if a["component"] == "markers") == [
        "B1", "B2", "B3", "B4", "R1", "R2", "R3", "R4"]


def test_a_boat_ace_is_a_poker_card_at_300_dpi(pooh):
    folder, artifacts = pooh
    path = next(p for p, a in artifacts.items() if a.get("card") == "AS" and a.get("face") == "front")
    with Image.open(folder / path) as image:
        assert image.size == (825, 1125)
        assert round(image.info["dpi"][0]) == 300


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_the_river_mat_takes_six_pages_and_a_guide(pooh, paper):
    folder, artifacts = pooh
    reader = PdfReader(folder / f"mat-river-{paper}.pdf")
    assert len(reader.pages) == 7 == artifacts[f"mat-river-{paper}.pdf"]["pages"]
    guide = reader.pages[0].extract_text()
    assert "6 " + {"letter": "Letter", "a4": "A4"}[paper] + " pages (3 rows × 2 columns)" in guide
    assert "316 × 682 mm" in guide
    labels = [f"{r}{c}" for r in "ABC" for c in (1, 2)]
    for label, page in zip(labels, reader.pages[1:]):
        assert label in guide
        assert any(line.startswith(f"{label}  ·  River mat") for line in page.extract_text().splitlines()), label
        assert float(page.mediabox.width) < float(page.mediabox.height)  # portrait pages


def test_the_whole_mat_is_one_page_with_bleed_and_a_png(pooh):
    folder, _ = pooh
    page = PdfReader(folder / "mat-river.pdf").pages[0]
    assert float(page.trimbox.width) == pytest.approx(MAT[0], abs=0.1)
    assert float(page.mediabox.height) == pytest.approx(MAT[1] + 2 * BLEED, abs=0.1)
    text = page.extract_text()
    for word in ("START", "FINISH", "every game", "3+ players", "4 players", "row 6"):
        assert word in text
    with Image.open(folder / "mat-river.png") as image:
        assert image.size == (round((MAT[0] + 2 * BLEED) / 72 * 300), round((MAT[1] + 2 * BLEED) / 72 * 300))


def test_the_booklet_prints_the_replayed_examples_and_the_numbers_from_data(pooh):
    folder, _ = pooh
    text = "\n".join(p.extract_text() for p in PdfReader(folder / "rules-booklet.pdf").pages)
    for title in ("Example: making a 4", "Example: the ace as 14", "Example: two moves in one turn",
                  "Example: no change given", "Example: out in one turn", "Example: under the bridge"):
        assert title in text
    assert "11, 12, 13" in text and "1 or 14" in text
    assert "4 lanes × 6 rows" in text and "Draw back up to three cards" in text
    assert "Notes on this edition" in text and "Boat types" in text


def test_the_aid_shows_solved_hands(pooh):
    folder, _ = pooh
    text = PdfReader(folder / "reference-sheet-letter.pdf").pages[0].extract_text()
    assert "Hands the solver has" in text and "14 ÷ 7" in text
    for aid in ("Card values", "How to move", "Leaving the river", "Variants"):
        assert aid in text


def test_handout_is_one_sheet(pooh):
    folder, _ = pooh
    assert pages(folder, "handout-letter.pdf") <= 2 and pages(folder, "handout-a4.pdf") <= 2


# -- bad input ------------------------------------------------------------------------------


@pytest.fixture
def game(copy_game):
    return copy_game(GAME)


def fails_at(game, needle: str, *messages: str) -> None:
    run = ppgen("validate", game)
    assert run.code == 1, run.text
    assert f"rules.md:{line_of(game / 'rules.md', needle)}: error: " in run.err, run.err
    for message in messages:
        assert message in run.err, run.err
    assert "Traceback" not in run.text


def test_a_river_card_not_in_the_deck(game, tmp_path):
    replace_in(game / "rules.md", 'river = [["9C", "4S"], ["JH", "10H"], ["2S", "3D"]]',
               'river = [["9C", "4S"], ["JH", "10X"], ["2S", "3D"]]')
    # data the engine cannot replay is reported at the line holding the value it names
    fails_at(game, '["JH", "10X"]', "no card '10X' in the deck (river)")
    run = ppgen("build", game, "--out", tmp_path / "out")
    assert run.code == 1 and not (tmp_path / "out" / GAME).exists()


def test_a_card_twice_in_one_example(game):
    replace_in(game / "rules.md", 'hand = ["5H", "4D", "JS"]', 'hand = ["5H", "4D", "JH"]')
    fails_at(game, "Example: two moves in one turn", "card JH appears twice")


def test_an_arithmetic_claim_the_solver_refutes(game):
    replace_in(game / "rules.md", 'ways = ["9 − 7", "14 ÷ 7"]', 'ways = ["9 − 7"]')
    fails_at(game, 'ways = ["9 − 7"]', 'claims ways = ["9 − 7"], but the rules give ["9 − 7", "14 ÷ 7"]')


def test_a_written_way_that_does_not_add_up(game):
    replace_in(game / "rules.md", 'way = "2 × (7 − 5)"', 'way = "2 × 7 − 5"')
    fails_at(game, "value = 4", "claims value = 4, but the rules give 9")


def test_a_move_the_river_forbids(game):
    replace_in(game / "rules.md", 'moves = [{ to = [1, 1], cards = ["5H", "4D"] }',
               'moves = [{ to = [1, 2], cards = ["5H", "4D"] }')
    run = ppgen("validate", game)
    claim = line_of(game / "rules.md", "moves = 2") - 1  # the example's `legal = true`, just above
    assert run.code == 1 and f"rules.md:{claim}: error: " in run.err, run.text
    assert "claims legal = true, but the rules give false" in run.err


def test_arithmetic_in_the_text_is_read_by_the_engine(game):
    replace_in(game / "rules.md", 'way("7 ÷ 2", legal=false)', 'way("8 ÷ 2", legal=false)')
    fails_at(game, 'way("8 ÷ 2"', "way('8 ÷ 2') is a legal way: it comes to 4")


def test_jokers_are_refused(game):
    replace_in(game / "game.toml", "standard = { jokers = 0 }", "standard = { jokers = 1 }")
    run = ppgen("validate", game)
    assert run.code == 1 and "Poohsticks is played without jokers" in run.err, run.text


def test_stats_say_how_often_a_hand_pays_for_each_river_card(validated):
    run = validated(GAME)
    assert run.code == 0, run.text
    assert "4 aces are boats, 48 cards left to deal" in run.out
    assert "A (1 or 14):" in run.out and "K (13):" in run.out and "       10:" in run.out


def test_the_manifest_names_the_game(pooh):
    folder, _ = pooh
    assert json.loads((folder / "manifest.json").read_text())["title"] == "Poohsticks"


def test_turn_examples_mark_each_boat_on_its_card(pooh):
    """The worked examples draw a boat marker, named, on the card each boat sits on: 'out in
    one turn' speaks only of Ada, yet Ben's boat is on the river too."""
    folder, _ = pooh
    page = next(p.extract_text() for p in PdfReader(folder / "rules-booklet.pdf").pages
                if "Example: out in one turn" in p.extract_text())
    narrative_and_marker = page.count("Ada")
    assert "Ben" in page and narrative_and_marker >= 2, page


@pytest.mark.parametrize("boats, message", [
    ('{ Ada = [1, 1], Ben = [2, 2] }', "boat of Ada at [1, 1] is not on a face-up card of the rows shown"),
    ('{ Ada = [9, 9], Ben = [2, 2] }', "boat of Ada at [9, 9] is not on a face-up card of the rows shown"),
    ('{ Ada = [3, 2], Ben = [2, 2] }', "boat of Ada at [3, 2] is not on a face-up card"),  # on the rock
    ('{ Ada = [2, 2], Ben = [2, 2] }', "boats of Ada and Ben are both at [2, 2]"),
])
def test_a_boat_the_figure_cannot_mark(game, boats, message):
    """Each boat is marked on its card: one off the rows shown, on a rock or on another boat's
    card is the example's error, at its boats line."""
    replace_in(game / "rules.md", 'boats = { Ada = "start", Ben = [2, 2] }', f"boats = {boats}")
    fails_at(game, f"boats = {boats}", message)
