"""Decks as designers make them (examples/market-day): a `copies` column printed N times on
the sheets, in TTS and in the shop PDF, one PNG per distinct card with its count in the
manifest; a face chosen per card (`front = "{type}"`); elements shown only `when` a
condition holds; and colours looked up in [data] ({data.suits[suit]})."""

from __future__ import annotations

import json
import re
import subprocess
from collections import Counter
from dataclasses import replace
from types import MappingProxyType

import pytest
from PIL import Image, ImageChops

from conftest import ROOT, build_game, ppgen, tool
from generator.faces import png
from generator.faces.compose import compose
from generator.load.game import load_game

MARKET = ROOT / "examples" / "market-day"
COPIES = {"fish": 4, "salt": 3, "wool": 3, "grain": 4, "silk": 2, "spice": 1, "storm": 2, "fair": 1}
NAMES = {card: card.capitalize() for card in COPIES}
SUITS = {"sea": "#2E6DA4", "field": "#6B8E23", "east": "#A0522D"}


@pytest.fixture(scope="module")
def market(tmp_path_factory):
    """One full build of market-day (Letter only), shared by the tests that read it."""
    return build_game(tmp_path_factory.mktemp("market"), MARKET, "--paper", "letter")


@pytest.fixture(scope="module")
def game():
    return load_game(MARKET)


def _render(game, card_id: str, **fields) -> Image.Image:
    """A market card's front at 100 dpi, with some of its fields changed."""
    component = game.component("market")
    card = next(c for c in component.cards if c.id == card_id)
    card = replace(card, fields=MappingProxyType({**card.fields, **fields}))
    return png.render(compose(game, component, card, "front"), 100).convert("RGB")


def _pixel(image: Image.Image, x_mm: float, y_mm: float, bleed_mm: float = 3.175, dpi: float = 100):
    return image.getpixel((round((x_mm + bleed_mm) * dpi / 25.4), round((y_mm + bleed_mm) * dpi / 25.4)))


def _hex(rgb) -> str:
    return "#{:02X}{:02X}{:02X}".format(*rgb[:3])


def test_copies_fill_the_cut_sheets(market):
    folder, artifacts = market
    text = subprocess.run([tool("pdftotext"), "-layout", str(folder / "cards-letter.pdf"), "-"],
                          capture_output=True, text=True, check=True).stdout
    printed = Counter(re.findall(r"\b(" + "|".join(NAMES.values()) + r")\b", text))
    assert printed == Counter({NAMES[card]: n for card, n in COPIES.items()})
    assert text.count("Market Day") == 20  # a back behind every printed card
    assert artifacts["cards-letter.pdf"]["pages"] == 4  # 20 mini cards, 18 a page: two fronts pages, two backs


def test_one_png_per_distinct_card_with_its_count_in_the_manifest(market):
    folder, artifacts = market
    pngs = {a["card"]: a for a in artifacts.values() if a["kind"] == "card-png" and a["face"] == "front"}
    assert {card: a["copies"] for card, a in pngs.items()} == COPIES
    back = artifacts["png/market/back.png"]
    assert back["copies"] == sum(COPIES.values()) and back["card"] is None
    assert sorted(p.name for p in (folder / "png" / "market").iterdir()) == \
        sorted([f"{card}-front.png" for card in COPIES] + ["back.png"])


def test_the_tts_deck_holds_every_copy_of_one_image(market):
    folder, artifacts = market
    deck = json.loads((folder / "tts" / "market.json").read_text())["ObjectStates"][0]
    assert Counter(c["Nickname"] for c in deck["ContainedObjects"]) == Counter(COPIES)
    assert len(deck["DeckIDs"]) == 20 and len(set(deck["DeckIDs"])) == len(COPIES)
    assert artifacts["tts/market.json"]["cards"] == 20
    assert artifacts["tts/market-faces-1.png"]["cards"] == len(COPIES)


def test_counts_say_copies_included(market):
    folder, _ = market
    assert "market-day: ok (1 component, 20 cards)" in ppgen("validate", MARKET).out
    page = (folder / "index.html").read_text(encoding="utf-8")
    assert "20 cards (8 different)" in page and "fish × 4" in page


def test_the_shop_pdf_repeats_a_card_for_each_copy(tmp_path):
    from pypdf import PdfReader
    folder, artifacts = build_game(tmp_path, MARKET, "--only", "png", "--print-shop", "dtc")
    assert artifacts["shop-dtc-market.pdf"]["cards"] == 20
    assert len(PdfReader(folder / "shop-dtc-market.pdf").pages) == 40  # each printed card: front, back


def test_a_column_picks_each_cards_face(game):
    goods, event = _render(game, "fish"), _render(game, "storm")
    assert _hex(_pixel(goods, 2, 61)) == "#FFFFFF"  # faces.goods: white under the band
    assert _hex(_pixel(event, 2, 61)) == "#2B2B2B"  # faces.event: dark


def test_lookup_colours_the_band_by_suit(game):
    for card, suit in (("fish", "sea"), ("grain", "field"), ("spice", "east")):
        assert _hex(_pixel(_render(game, card), 1, 1)) == SUITS[suit], card


def _changed_box(a: Image.Image, b: Image.Image) -> tuple[float, float, float, float] | None:
    """The part (mm from the trim's corner) where two renders differ, or None."""
    box = ImageChops.difference(a, b).getbbox()
    return None if box is None else tuple(v * 25.4 / 100 - 3.175 for v in box)


def test_when_shows_an_element_only_where_it_holds(game):
    # `when = "ability"`: the ability's text appears where the column is non-empty, and only there
    plain, able = _render(game, "fish"), _render(game, "fish", ability="Trade two fish for one card.")
    left, top, right, bottom = _changed_box(plain, able)
    slack = 1.5  # mm: glyphs hinted at 100 dpi run a little wider than the box they were fitted to
    assert 3 - slack <= left and right <= 41.45 + slack and 46 - slack <= top and bottom <= 60 + slack
    # `when = "cost >= 3"` (cost a numbers column): RARE from 3, not below; only the digit and the mark change
    rare, common = _render(game, "silk", cost=3), _render(game, "silk", cost=2)
    _, top, _, bottom = _changed_box(rare, common)
    assert bottom > 40 and top < 40  # the cost digit above, the mark below it
    assert _changed_box(_render(game, "silk", cost=2), _render(game, "silk", cost=2)) is None
    assert _changed_box(_crop(rare, 40, 46), _crop(common, 40, 46)) is not None


def _crop(image: Image.Image, top_mm: float, bottom_mm: float) -> Image.Image:
    to_px = lambda mm: round((mm + 3.175) * 100 / 25.4)  # noqa: E731
    return image.crop((0, to_px(top_mm), image.width, to_px(bottom_mm)))


def test_when_sees_numbers_as_numbers(game):
    """cost is listed in `numbers`, so `cost >= 3` compares numbers: the CSV's "4" is RARE."""
    spice = next(c for c in game.component("market").cards if c.id == "spice")
    assert spice["cost"] == 4
    mark = _crop(_render(game, "spice"), 40, 46).getcolors(100000)
    assert any(_hex(rgb) == "#B8860B" for _, rgb in mark)
