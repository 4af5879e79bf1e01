"""Poohsticks, built as a user would: every part, the river mat's pages and labels, card
counts and images, the replayed examples in the booklet. Bad input refused at its line:
tests/corpus_games.py."""

from __future__ import annotations

import json

import pytest
from PIL import Image
from pypdf import PdfReader

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
