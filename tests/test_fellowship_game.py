"""The Fellowship of the Ring as a user gets it: one shared full build (built()), read with
pypdf and Pillow. Broken copies of the game, refused at the right line: tests/corpus_games.py."""

from __future__ import annotations

import pytest
from PIL import Image
from pypdf import PdfReader

from conftest import assert_page_size

GAME = "fellowship-of-the-ring"
MM = 72 / 25.4
PAPERS = {"letter": (8.5 * 72, 11 * 72), "a4": (210 * MM, 297 * MM)}
MAT = 496 * MM  # game.toml's ring mat, square
BLEED = 0.125 * 72
TILES = [f"{r}{c}" for r in "AB" for c in (1, 2, 3)]  # 2 rows x 3 columns on either paper


@pytest.fixture(scope="module")
def game(built):
    return built(GAME)


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_the_ring_mat_takes_six_pages_and_a_guide(game, paper):
    folder, artifacts = game
    name = f"mat-ring-{paper}.pdf"
    assert artifacts[name]["kind"] == "mat" and artifacts[name]["pages"] == 1 + len(TILES)
    reader = PdfReader(folder / name)
    assert len(reader.pages) == 1 + len(TILES)
    guide = reader.pages[0].extract_text()
    assert "Ring mat" in guide and all(label in guide for label in TILES)
    for label, page in zip(TILES, reader.pages[1:]):
        width, height = PAPERS[paper]
        assert_page_size(page, (width, height) if page.mediabox.width < page.mediabox.height else (height, width))
        lines = page.extract_text().splitlines()
        assert any(line.startswith(f"{label}  ·  Ring mat") for line in lines), (label, lines)


def test_the_whole_mat_for_a_print_shop(game):
    folder, artifacts = game
    page = PdfReader(folder / "mat-ring.pdf").pages[0]
    assert_page_size(page, (MAT + 2 * BLEED, MAT + 2 * BLEED))
    assert float(page.trimbox.width) == pytest.approx(MAT, abs=0.05)
    text = page.extract_text()
    assert "The Fellowship of the Ring" in text and "Draw pile" in text and "A beats J–K" in text
    with Image.open(folder / "mat-ring.png") as image:
        assert image.size == (round((MAT + 2 * BLEED) / 72 * 300),) * 2
        assert round(image.info["dpi"][0]) == 300


def test_the_deck_is_52_cards_and_one_joker_with_boromir(game):
    folder, artifacts = game
    fronts = {a["card"] for a in artifacts.values() if a["kind"] == "card-png" and a["face"] == "front"}
    assert len(fronts) == 53 and "JK1" in fronts and "JK2" not in fronts and "JS" in fronts
    with Image.open(folder / "png" / "cards" / "JS-front.png") as image:
        assert image.size == (825, 1125)
    sheets = PdfReader(folder / "cards-letter.pdf")
    text = "".join(page.extract_text() for page in sheets.pages)
    assert "BOROMIR" in text and "WILD" in text and "Whoever holds me plays black" in text


def test_the_rules_print_the_engines_numbers_and_examples(game):
    folder, _ = game
    text = "\n".join(p.extract_text() for p in PdfReader(folder / "rules-booklet.pdf").pages)
    for needle in ("Example: the odd ace", "Example: colours, stacks and the joker", "Example: counting the ring",
                   "Example: a different suit", "deal twelve of them", "each of you takes\ntwenty turns",
                   "2–10 beat A", "one and the same ace"):
        assert needle.replace("\n", " ") in text.replace("\n", " "), needle


def test_aids_cover_turn_captures_joker_boromir_end_and_variant(game):
    folder, artifacts = game
    text = PdfReader(folder / "reference-sheet-a4.pdf").pages[0].extract_text()
    for title in ("Your turn", "What captures what", "The joker", "Boromir", "The end", "Three or four players"):
        assert title in text


def test_stats_report_capture_chances_and_tables(validated):
    run = validated(GAME)
    assert run.code == 0, run.text
    assert "Chance that a stack may capture" in run.out
    assert "2 players: 53 cards, joker in, 20 turns each" in run.out
    assert "3 players: 52 cards, joker out, 13 turns each" in run.out
