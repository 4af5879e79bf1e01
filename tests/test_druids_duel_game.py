"""Druid's Duel as users meet it: `ppgen list`, `validate` and one shared full build, its
outputs opened with pypdf, pdffonts and Pillow. Bad game folders refused at their line:
tests/corpus_games.py."""

from __future__ import annotations

import subprocess

import pytest
from PIL import Image
from pypdf import PdfReader

from conftest import ppgen, tool
from generator.rulesets.druids_duel.engine import deal_table

GAME = "druids-duel"
A5 = (419.53, 595.28)
POKER_PX = (825, 1125)


@pytest.fixture(scope="module")
def duel(built):
    return built(GAME)


def text_of(path) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(path).pages)


def test_list_shows_the_game():
    run = ppgen("list")
    assert run.code == 0
    line = next(line for line in run.out.splitlines() if line.startswith(GAME))
    assert "Druid's Duel" in line and "2-4 players" in line and "Druid's deck (54)" in line


def test_validate_passes(validated):
    run = validated(GAME)
    assert run.code == 0, run.text
    assert "ok (2 components, 58 cards)" in run.out


# --- the outputs -----------------------------------------------------------------------

def test_every_part_is_built(duel):
    _, artifacts = duel
    kinds = {a["kind"] for a in artifacts.values()}
    assert {"cut-sheets", "card-png", "rules-booklet", "rules-booklet-imposed", "handout", "reference"} <= kinds
    for paper in ("letter", "a4"):
        for name in (f"cards-deck-{paper}.pdf", f"handout-{paper}.pdf",
                     f"rules-booklet-imposed-{paper}.pdf", f"reference-cards-{paper}.pdf",
                     f"reference-sheet-{paper}.pdf"):
            assert name in artifacts, name
    assert "score-sheet" not in kinds  # the game keeps no score: an empty hand wins


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_cut_sheets_hold_the_deck_and_the_markers(duel, paper):
    folder, artifacts = duel
    deck = PdfReader(folder / f"cards-deck-{paper}.pdf")
    assert len(deck.pages) == artifacts[f"cards-deck-{paper}.pdf"]["pages"] == 14  # 54 cards, 9 a page, backs
    page = deck.pages[0]
    assert float(page.trimbox.width) == pytest.approx(180, abs=0.1) or page.trimbox != page.mediabox
    # the four markers join the deck's last page (below its six cards), not a sheet of their own
    assert f"cards-markers-{paper}.pdf" not in artifacts
    assert artifacts[f"cards-deck-{paper}.pdf"]["with"] == ["markers"]
    text = text_of(folder / f"cards-deck-{paper}.pdf")
    for name in ("JACKRABBIT", "PEACOCK", "LION", "CHAMELEON"):
        assert name in text
    assert "lowest card played" in text and "highest card played" in text
    assert "DRAINED" in text_of(folder / f"cards-deck-{paper}.pdf")


def test_fonts_are_embedded_subsets(duel):
    folder, _ = duel
    for name in ("cards-deck-letter.pdf", "rules-booklet.pdf", "reference-cards-a4.pdf"):
        listing = subprocess.run([tool("pdffonts"), folder / name], capture_output=True, text=True,
                                 check=True).stdout
        rows = listing.splitlines()[2:]
        assert rows, name
        for row in rows:
            assert row.split()[-5:-3] == ["yes", "yes"], (name, row)


def test_card_images_are_poker_size_at_300_dpi(duel):
    folder, artifacts = duel
    pngs = [a for a in artifacts.values() if a["kind"] == "card-png"]
    fronts = [a for a in pngs if a["component"] == "deck" and a["face"] == "front"]
    assert len(fronts) == 54
    for card in ("JS", "QH", "KD", "JK1", "7C"):
        with Image.open(folder / f"png/deck/{card}-front.png") as image:
            assert image.size == POKER_PX
            assert round(image.info["dpi"][0]) == 300
    with Image.open(folder / "png/deck/back.png") as back:
        assert back.size == POKER_PX
    with Image.open(folder / "png/markers/1-front.png") as marker:
        assert marker.size == (525, 525)  # 1.5 in and 1/8 in bleed on each side


def test_booklet_is_a5_a_multiple_of_four_and_says_what_the_data_says(duel):
    folder, artifacts = duel
    booklet = PdfReader(folder / "rules-booklet.pdf")
    assert len(booklet.pages) % 4 == 0 and len(booklet.pages) == artifacts["rules-booklet.pdf"]["pages"]
    for page in booklet.pages:
        assert (float(page.mediabox.width), float(page.mediabox.height)) == pytest.approx(A5, abs=0.5)
    text = text_of(folder / "rules-booklet.pdf")
    words = " ".join(text.split())
    for players, row in deal_table().items():  # the deal table, cell by cell
        assert f"{players} {row['hand']} {row['aside']}" in words
    for phrase in ("40 strategy cards", "12 form cards", "Jackrabbit", "Peacock", "Lion", "Chameleon",
                   "drain and recover", "Turn 1", "Turn 2", "7 of hearts"):
        assert phrase in words, phrase
    assert "score" not in words.lower().replace("no score", "")


def test_imposed_booklets_and_handouts(duel):
    folder, _ = duel
    booklet_pages = len(PdfReader(folder / "rules-booklet.pdf").pages)
    for paper in ("letter", "a4"):
        imposed = PdfReader(folder / f"rules-booklet-imposed-{paper}.pdf")
        assert len(imposed.pages) == booklet_pages // 2
        box = imposed.pages[0].mediabox
        assert float(box.width) > float(box.height)  # landscape
        handout = PdfReader(folder / f"handout-{paper}.pdf")
        assert 1 <= len(handout.pages) <= 2
        assert "Chameleon" in text_of(folder / f"handout-{paper}.pdf")


def test_reference_aids_hold_the_turn_forms_and_deal(duel):
    folder, _ = duel
    text = text_of(folder / "reference-sheet-letter.pdf")
    for title in ("A turn", "The forms", "Dealing", "Chameleon variant"):
        assert title in text
    assert "drained" in text and "recovered" in text
    cards = PdfReader(folder / "reference-cards-letter.pdf")
    assert len(cards.pages) == 2  # fronts and backs of one sheet of aid cards


def test_stats_report_the_deck_the_deal_and_random_play(validated):
    run = validated(GAME)
    assert run.code == 0, run.text
    assert "deck: 40 strategy cards, 12 form cards, 2 jokers" in run.out
    assert "3 players 13 cards each, 1 aside" in run.out
    for players in (2, 3, 4):
        assert f"  {players} players: median " in run.out and "ended in stalemate" in run.out
    assert run.out == ppgen("validate", GAME, "--stats").out  # seeded: the same every run
