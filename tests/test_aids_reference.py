"""Player aids and score pad: reference cards, the half-page sheet, the score sheet."""

from __future__ import annotations

import json
import re

import pytest
from pypdf import PdfReader

from conftest import ROOT, assert_page_size, ppgen
from generator.load.game import load_game
from generator.rulesets.squib import engine, examples
from generator.rulesets.squib.engine import can_sit_beside, can_stack
from generator.units import PAPERS

GAME = ROOT / "games" / "squib-squares"


def flat(text: str) -> str:
    return re.sub(r"\s+", " ", text)


# -- the arithmetic behind the aids -------------------------------------------------------------

@pytest.mark.parametrize("columns, rows, score", [(1, 2, 2), (1, 6, 6), (2, 2, 6), (2, 3, 9), (3, 2, 9),
                                                  (3, 3, 15), (4, 4, 28)])
def test_set_scores(columns, rows, score):
    s = engine.set_score(columns, rows)
    assert s.cards == columns * rows and s.bonus == s.cards - max(columns, rows) and s.score == score


def test_set_shapes_keep_two_rows_and_one_of_each_pair():
    shapes = engine.set_shapes(3, 4, extra=[(1, 6)])
    names = [s.shape for s in shapes]
    assert names[:4] == ["1 × 2", "1 × 3", "1 × 4", "2 × 2"] and "1 × 6" in names and "3 × 2" not in names
    assert all(s.rows >= 2 for s in shapes)


def test_wheel_order_follows_the_beats_table():
    game = load_game(GAME)
    order, rotational = engine.wheel_order(game.data["colors"], game.data["beats"])
    assert rotational and sorted(order) == sorted(game.data["colors"])
    for i, colour in enumerate(order):
        assert set(game.data["beats"][colour]) == {order[(i + 1) % 5], order[(i + 2) % 5]}


def test_examples_found_in_the_deck_are_legal():
    game = load_game(GAME)
    deck = {c.id: c for c in engine.deck(game)}
    grid = examples.find_square(list(deck.values()), 3, 2)
    for r, row in enumerate(grid):
        for c, card in enumerate(row):
            if c:
                assert can_sit_beside(deck[row[c - 1]], deck[card])
            if r:
                assert can_stack(deck[grid[r - 1][c]], deck[card])
    clash = examples.find_clash(list(deck.values()), "emotion")
    assert not can_sit_beside(deck[clash.left], deck[clash.right])
    steal = examples.find_steal(list(deck.values()), game.data["beats"], ("beats", "ties"))
    assert steal.winner and {steal.left.result, steal.right.result} == {"beats", "ties"}


# -- reference cards ------------------------------------------------------------------------------

@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_reference_cards_on_duplex_cut_sheets(squib_build, paper):
    folder, artifacts = squib_build
    name = f"reference-cards-{paper}.pdf"
    entry = artifacts[name]
    assert entry["kind"] == "reference" and entry["paper"] == paper
    reader = PdfReader(folder / name)
    assert len(reader.pages) == entry["pages"] and len(reader.pages) % 2 == 0  # fronts, then backs
    titles = {"Your turn": 0, "Squib Steal": 0, "Scoring": 0, "Bonuses": 0}
    for page in reader.pages:
        assert_page_size(page, PAPERS[paper])
        assert "/TrimBox" in page and "/BleedBox" in page
        text = page.extract_text()
        for title in titles:
            titles[title] += text.count(title)
    # one double-sided card per player at most players (6): four aids, each on six cards
    assert all(count >= 6 for count in titles.values()), titles


def test_reference_cards_carry_the_data(squib_build):
    folder, _ = squib_build
    text = flat("\n".join(p.extract_text() for p in PdfReader(folder / "reference-cards-letter.pdf").pages))
    for expected in ("draw back up to three", "Big Bang Set (+5)", "Patient Squibs (+1)", "green", "purple"):
        assert expected in text, expected


# -- the half-page sheet ----------------------------------------------------------------------------

@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_half_page_sheet(squib_build, paper):
    folder, artifacts = squib_build
    name = f"reference-sheet-{paper}.pdf"
    assert artifacts[name]["kind"] == "reference"
    reader = PdfReader(folder / name)
    assert len(reader.pages) == 1
    assert_page_size(reader.pages[0], PAPERS[paper])
    text = flat(reader.pages[0].extract_text())
    for title in ("Your turn", "Squib Steal", "Scoring", "Bonuses"):
        assert text.count(title) >= 2, title  # two copies, one per half
    for colour in ("green", "yellow", "purple", "orange", "blue"):  # the wheel, from data
        assert colour in text
    # the score table of full sets, computed: 2 rows x 2 columns scores 6, 3 x 3 scores 15
    assert "2 2 6 9 12" in text and "3 3 9 15 20" in text
    assert "Win by beating both, or beating one and tying one" in text or "beating one and tying one" in text


# -- the score sheet --------------------------------------------------------------------------------

@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_score_sheet(squib_build, paper):
    folder, artifacts = squib_build
    name = f"score-sheet-{paper}.pdf"
    entry = artifacts[name]
    assert entry["kind"] == "score-sheet" and entry["paper"] == paper
    reader = PdfReader(folder / name)
    assert len(reader.pages) == entry["pages"] == 1
    text = flat(reader.pages[0].extract_text())
    for n in range(1, 7):
        assert f"Player {n}" in text
    for expected in ("Cards", "Rows", "Columns", "Score", "Total", "Big Bang Set", "+5", "Speedy Squibs", "+3"):
        assert expected in text, expected


def test_coin_flip_keeps_no_score(tmp_path):
    out = tmp_path / "out"
    run = ppgen("build", ROOT / "examples" / "coin-flip", "--only", "aids", "--paper", "letter", "--out", out)
    assert run.code == 0, run.text
    manifest = json.loads((out / "coin-flip" / "manifest.json").read_text())
    kinds = sorted(a["kind"] for a in manifest["artifacts"])
    assert kinds == ["reference", "reference"]
