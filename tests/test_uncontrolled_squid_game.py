"""Uncontrolled Squid as a user gets it: the game lists, validates and builds every part
(cult cards with one back per cult, variant cards, the totem standee and score track, the
booklet, handouts and reference aids), read back the way users read them. Bad input
refused at its line: tests/corpus_games.py."""

from __future__ import annotations

import json
import subprocess

import pytest
from PIL import Image, ImageChops, ImageStat
from pypdf import PdfReader

from conftest import GAMES, agreement, assert_page_size, ppgen, tool

from generator.faces.compose import compose
from generator.load.game import load_game
from generator.rulesets.uncontrolled_squid import cults
from generator.rulesets.uncontrolled_squid.engine import POINTS_TO_WIN, VARIANT_FIELDS
from generator.rulesets.uncontrolled_squid.track import rows

GAME = "uncontrolled-squid"
INCH, MM = 72.0, 72 / 25.4
POKER_BLEED = (2.75 * INCH, 3.75 * INCH)
LETTER, A4 = (612, 792), (595.28, 841.89)


@pytest.fixture(scope="module")
def squid(built):
    return built(GAME)


@pytest.fixture(scope="module")
def game():
    return load_game(GAMES / GAME)


def text_of(path) -> str:
    return " ".join(" ".join(p.extract_text().split()) for p in PdfReader(path).pages)


def test_list_shows_the_game_and_validate_passes(validated):
    listed = ppgen("list")
    assert listed.code == 0 and GAME in listed.out and "Uncontrolled Squid" in listed.out
    run = validated(GAME)
    assert run.code == 0, run.text
    assert "4 components, 125 cards" in run.out


def test_the_deck_is_eight_cults_and_the_squids_suit(game):
    deck = game.component(cults.DECK)
    by_cult = {}
    for card in deck.cards:
        by_cult.setdefault(card["cult"], []).append(card)
    assert len(cults.player_cults(game)) == game.players[1] == 8
    assert set(by_cult) == {c.key for c in cults.every_cult(game)}
    for key, cards in by_cult.items():
        cult = cults.find(game, key)
        assert len(cards) == 13 and {c["suit"] for c in cards} == {cult.suit}
    emblems = [c.emblem for c in cults.every_cult(game)]
    assert len(set(emblems)) == len(emblems), "cults are told apart by shape, not only by ink"


def test_cut_sheets_pages_sizes_and_boxes(squid):
    folder, artifacts = squid
    for paper, size in (("letter", LETTER), ("a4", A4)):
        reader = PdfReader(folder / f"cards-cards-{paper}.pdf")
        # 117 cards at 8 a page, each fronts page followed by its backs: 17 sheets, as a row is
        # left empty where one cult's cards end and the next's begin (no two cults' backs share a cut)
        assert len(reader.pages) == artifacts[f"cards-cards-{paper}.pdf"]["pages"] == 34
        for page in reader.pages:
            assert_page_size(page, size)
        assert len(PdfReader(folder / f"cards-variants-{paper}.pdf").pages) == 2


def test_card_pngs_one_back_per_cult(squid):
    folder, artifacts = squid
    pngs = [a for a in artifacts.values() if a["kind"] == "card-png"]
    cult_backs = [a for a in pngs if a["component"] == "cards" and a["face"] == "back"]
    assert len(cult_backs) == 117  # the back shows the cult, so every card has its own
    assert len([a for a in pngs if a["component"] == "variants" and a["face"] == "back"]) == 1
    for name in ("png/cards/AS-eye-front.png", "png/cards/QH-wave-back.png", "png/variants/betrayer-front.png"):
        with Image.open(folder / name) as im:
            assert im.size == (825, 1125)
            assert tuple(round(v) for v in im.info["dpi"]) == (300, 300)
    same_cult = (folder / "png/cards/2S-eye-back.png").read_bytes(), (folder / "png/cards/KS-eye-back.png").read_bytes()
    assert same_cult[0] == same_cult[1]
    assert same_cult[0] != (folder / "png/cards/2S-star-back.png").read_bytes()  # same suit, another cult


def test_cult_backs_differ_in_black_and_white(squid):
    """Printed in grey, any two cults' backs still differ clearly (emblem and name)."""
    folder, _ = squid
    backs = {key: Image.open(folder / f"png/cards/AS-{key}-back.png").convert("L").resize((165, 225))
             for key in ("eye", "star")}  # the two spade cults
    backs |= {key: Image.open(folder / f"png/cards/A{suit}-{key}-back.png").convert("L").resize((165, 225))
              for key, suit in (("shell", "H"), ("wave", "H"), ("trident", "D"), ("crown", "D"),
                                ("moon", "C"), ("pearl", "C"), ("squid", "S"))}
    keys = sorted(backs)
    for i, a in enumerate(keys):
        for b in keys[i + 1:]:
            diff = ImageStat.Stat(ImageChops.difference(backs[a], backs[b])).mean[0]
            assert diff > 8, (a, b, diff)


def test_faces_agree_in_pdf_and_png(game, tmp_path):
    deck = game.component(cults.DECK)
    card = next(c for c in deck.cards if c.id == "AH-shell")
    for side in ("front", "back"):
        mean, far = agreement(compose(game, deck, card, side), tmp_path)
        assert mean < 3.0 and far < 0.02, (side, mean, far)


def test_totem_standee_and_track_are_one_page_each(squid):
    folder, artifacts = squid
    for mat in ("totem", "track"):
        for paper, size in (("letter", LETTER), ("a4", A4)):
            reader = PdfReader(folder / f"mat-{mat}-{paper}.pdf")
            assert len(reader.pages) == 1
            assert_page_size(reader.pages[0], size)
        whole = PdfReader(folder / f"mat-{mat}.pdf").pages[0]
        assert float(whole.trimbox.width) == pytest.approx(180 * MM, abs=0.1)
        assert float(whole.trimbox.height) == pytest.approx(250 * MM, abs=0.1)
    totem = text_of(folder / "mat-totem-letter.pdf").lower()
    for words in ("cut", "fold", "foot: fold forward", "foot: fold back", "glue", "the squid totem"):
        assert words in totem
    track = text_of(folder / "mat-track-letter.pdf")
    for name, _, _ in rows(load_game(GAMES / GAME)):
        assert name in track
    assert "wins" in track and all(str(p) in track for p in range(POINTS_TO_WIN + 1))
    assert "Markers" in track


def test_booklet_text_comes_from_the_data(squid, game):
    folder, artifacts = squid
    reader = PdfReader(folder / "rules-booklet.pdf")
    assert len(reader.pages) % 4 == 0
    text = text_of(folder / "rules-booklet.pdf")
    for cult in cults.every_cult(game):
        assert cult.name in text
    for card in game.component("variants").cards:
        assert card["name"] in text
    assert "Recalcitrant Squid with Betrayer" in text  # the author's pro pairing, from the engine
    assert "three points" in text and "thirteen cards" in text
    assert "Example: a game of four" in text and "Example: the pro game, one against one" in text
    assert "score-sheet-letter.pdf" not in artifacts  # the track keeps the score


def test_fonts_are_embedded(squid):
    folder, _ = squid
    for name in ("rules-booklet.pdf", "mat-totem-letter.pdf", "cards-cards-a4.pdf", "reference-cards-a4.pdf"):
        out = subprocess.run([tool("pdffonts"), folder / name], capture_output=True, text=True, check=True).stdout
        rows_ = out.splitlines()[2:]
        assert rows_ and all(r.split()[-5] == "yes" for r in rows_), out


def test_handout_and_aids(squid):
    folder, artifacts = squid
    for paper in ("letter", "a4"):
        assert artifacts[f"handout-{paper}.pdf"]["pages"] <= 2
        aids = text_of(folder / f"reference-cards-{paper}.pdf")
        assert "A round" in aids and "Winning" in aids
        for step in ("face down", "Reveal", "highest", "highest tied: the single lowest", "nobody . It is loose",
                     "Score:", "the Squid +1, and both teams back to 0"):
            assert step in aids, step
        assert len(PdfReader(folder / f"reference-sheet-{paper}.pdf").pages) == 1
    manifest = json.loads((folder / "manifest.json").read_text())
    assert manifest["game"] == GAME


def test_variant_cards_are_the_engines_variants(game):
    assert {c.id for c in game.component("variants").cards} == set(VARIANT_FIELDS) | {"pro"}
