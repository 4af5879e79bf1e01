"""Tabletop Simulator decks: sheets as TTS reads them (at most 10 x 7, at most 4096 px, the
last slot the hidden card) and a saved object that loads the deck with the right cards."""

from __future__ import annotations

import json
import shutil

import pytest
from PIL import Image, ImageChops

from conftest import ROOT, build_game, ppgen, replace_in
from generator.parts.tts import MAX_SIDE, sheet_grid, sheets_for

POKER = (2.5 * 72, 3.5 * 72)


@pytest.mark.parametrize("cards", [1, 2, 9, 30, 54, 68, 69])
@pytest.mark.parametrize("size", [POKER, POKER[::-1], (63 / 25.4 * 72, 88 / 25.4 * 72), (2 * 72, 2 * 72)])
def test_a_sheet_holds_its_cards_and_the_hidden_slot_within_tts_limits(cards, size):
    grid = sheet_grid(cards, *size)
    assert 2 <= grid.columns <= 10 and 2 <= grid.rows <= 7
    assert grid.columns * grid.rows >= cards + 1  # the last slot is the hidden card
    assert grid.columns * grid.width <= MAX_SIDE and grid.rows * grid.height <= MAX_SIDE
    assert grid.width / grid.height == pytest.approx(size[0] / size[1], abs=0.01)  # not distorted
    assert grid.width * 72 / size[0] <= 300


def test_a_deck_past_69_cards_is_split_over_sheets():
    assert [len(r) for r in sheets_for(69)] == [69]
    assert [len(r) for r in sheets_for(70)] == [69, 1]
    assert [len(r) for r in sheets_for(150)] == [69, 69, 12]
    with pytest.raises(ValueError):
        sheet_grid(70, *POKER)


def test_squib_squares_deck_loads_in_tts(built):
    folder, artifacts = built("squib-squares")
    saved = json.loads((folder / "tts/squibs.json").read_text())
    deck = saved["ObjectStates"][0]
    assert deck["Name"] == "DeckCustom"
    assert len(deck["DeckIDs"]) == len(deck["ContainedObjects"]) == 54
    assert deck["DeckIDs"] == [100 + i for i in range(54)]
    assert deck["SidewaysCard"] is True  # landscape cards
    assert [c["Nickname"] for c in deck["ContainedObjects"]][:2] == ["S01", "S02"]
    assert "left_color: green" in deck["ContainedObjects"][0]["Description"]
    sheet = deck["CustomDeck"]["1"]
    assert (sheet["NumWidth"], sheet["NumHeight"]) == (8, 7)
    assert sheet["UniqueBack"] is False and sheet["BackIsHidden"] is False
    assert sheet["FaceURL"] == (folder / "tts/squibs-faces-1.png").resolve().as_uri()
    assert sheet["BackURL"] == (folder / "tts/squibs-back-1.png").resolve().as_uri()
    with Image.open(folder / "tts/squibs-faces-1.png") as faces, Image.open(folder / "tts/squibs-back-1.png") as back:
        assert faces.width <= MAX_SIDE and faces.height <= MAX_SIDE
        card_w, card_h = faces.width // 8, faces.height // 7
        assert back.size == (card_w, card_h)
        assert card_w / card_h == pytest.approx(3.5 / 2.5, abs=0.01)
        # The last slot (bottom right) holds the hidden card: the back.
        hidden = faces.crop((7 * card_w, 6 * card_h, 8 * card_w, 7 * card_h))
        assert ImageChops.difference(hidden.convert("RGB"), back.convert("RGB")).getbbox() is None
    kinds = {a["path"]: a["kind"] for a in artifacts.values() if a["path"].startswith("tts/")}
    assert kinds == dict.fromkeys(["tts/squibs-faces-1.png", "tts/squibs-back-1.png", "tts/squibs.json"], "tts")


def test_a_big_deck_takes_several_sheets_and_hosted_urls(tmp_path):
    game = tmp_path / "two-decks"
    shutil.copytree(ROOT / "examples/standard-deck", game)
    replace_in(game / "game.toml", "standard = { jokers = 2 }", "standard = { jokers = 2, copies = 2 }")
    folder, _ = build_game(tmp_path / "out", game, "--only", "tts", "--tts-url", "https://example.org/deck")
    deck = json.loads((folder / "tts/cards.json").read_text())["ObjectStates"][0]
    assert len(deck["DeckIDs"]) == 106
    assert sorted(deck["CustomDeck"]) == ["1", "2"]
    assert deck["DeckIDs"][68:70] == [168, 200]  # card ids are sheet * 100 + slot
    assert deck["CustomDeck"]["2"]["FaceURL"] == "https://example.org/deck/cards-faces-2.png"
    assert deck["Transform"]["scaleX"] == 1.0  # a poker card is TTS's own card size
    for number, cards in (("1", 69), ("2", 37)):
        sheet = deck["CustomDeck"][number]
        assert sheet["NumWidth"] * sheet["NumHeight"] >= cards + 1
        with Image.open(folder / f"tts/cards-faces-{number}.png") as image:
            assert max(image.size) <= MAX_SIDE


def test_tts_part_is_made_by_default_and_can_be_left_out(tmp_path):
    run = ppgen("build", ROOT / "examples/coin-flip", "--out", tmp_path, "--only", "rules")
    assert run.code == 0, run.text
    assert not (tmp_path / "coin-flip/tts").exists()


def test_invisible_characters_of_card_ids_are_escaped_in_the_saved_object_and_the_manifest(tmp_path):
    """A bidi override in a card id is written as its JSON escape (TTS and a text editor show
    the name as it is), never raw; the JSON reads back the same id."""
    game = tmp_path / "bidi"
    shutil.copytree(ROOT / "examples/coin-flip", game)
    replace_in(game / "cards.csv", "c4,Tails", "abc\u202egnp.exe,Tails")
    replace_in(game / "cards.csv", "c6,Lost", "c6\u2066x\u2069\ufeff,Lost")
    folder, _ = build_game(tmp_path / "out", game, "--only", "tts,png")
    for name in ("tts/coins.json", "manifest.json"):
        text = (folder / name).read_text(encoding="utf-8")
        assert not any(ch in text for ch in "\u202e\u2066\u2069\ufeff"), name
        assert "abc\\u202egnp.exe" in text and "c6\\u2066x\\u2069\\ufeff" in text, name
    deck = json.loads((folder / "tts/coins.json").read_text())["ObjectStates"][0]
    assert [card["Nickname"] for card in deck["ContainedObjects"]][3] == "abc\u202egnp.exe"
