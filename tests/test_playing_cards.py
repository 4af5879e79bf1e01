"""The playing-card face: pips where a deck has them, indices a fanned hand can read, the
same card in PDF and PNG, two or four colours, and a rule set's own centre."""

from __future__ import annotations

import pytest
from PIL import Image, ImageChops, ImageStat
from pypdf import PdfReader

from conftest import EDGE_SHARE_BOUND, MEAN_BOUND, ROOT, agreement, build_game
from generator import ops as op
from generator.faces import png
from generator.faces.extent import bounds
from generator.rulesets.playing_cards import face, pips, suits
from generator.rulesets.playing_cards.deck import RANKS, parse, standard_deck

TRIM = (9.0, 9.0, 180.0, 252.0)  # a poker card's trim inside 1/8 in of bleed
SAFE = 9.0  # the default safe zone, 1/8 in


def drawing(ops) -> op.FaceDrawing:
    return op.FaceDrawing(198, 270, 9, (op.Rect(0, 0, 198, 270, "#FFFFFF"), *ops))


def inked(item) -> tuple[float, float, float, float]:
    """What an op really inks, in points: its pixels at 288 dpi (4 px a point)."""
    image = png.render(drawing([item]), 288).convert("L")
    left, top, right, bottom = ImageChops.invert(image).getbbox()
    return left / 4, top / 4, right / 4, bottom / 4


def pip_groups(ops, suit: str, ink: str):
    """The pips in a card's ops: groups holding exactly the suit's shape."""
    shape = suits.unit_ops(suit, ink)
    return [o for o in ops if isinstance(o, op.Group) and o.ops == shape]


@pytest.mark.parametrize("rank", [r for r in RANKS if r.isdigit()])
def test_number_cards_have_their_pips_in_the_traditional_places(rank):
    card = parse(f"{rank}S")
    ink = suits.INKS["two"]["S"]
    found = pip_groups(face.card_ops(card, TRIM), "S", ink)
    assert len(found) == int(rank)
    expected = face.pip_ops(card, TRIM, ink)
    assert sorted(g.transform for g in found) == sorted(g.transform for g in expected)
    # Every pip sits where its layout says: centres on three columns, turned below the middle.
    u = TRIM[2] / face.DESIGN_WIDTH
    for group, (fx, fy, turned) in zip(expected, pips.positions(rank)):
        x0, y0, x1, y1 = bounds([group])
        centre_x = (x0 + x1) / 2
        field_left = TRIM[0] + face.PIP_INSET[0] * u
        assert centre_x == pytest.approx(field_left + fx * (TRIM[2] - 2 * face.PIP_INSET[0] * u), abs=0.5)
        assert (group.transform[0] < 0) == turned  # a 180-degree turn flips the x axis


def test_pip_layouts_are_symmetric_and_centred():
    for rank, layout in pips.LAYOUTS.items():
        assert len(layout) == int(rank)
        xs = sorted(x for x, _ in layout)
        assert xs == sorted(1 - x for x in xs), rank  # left and right balance
        assert sum(x for x, _ in layout) / len(layout) == pytest.approx(0.5), rank


def test_the_ace_has_one_large_pip():
    ops = face.card_ops(parse("AH"), TRIM)
    found = pip_groups(ops, "H", suits.INKS["two"]["H"])
    sizes = sorted(g.transform[0] for g in found)
    assert sizes[-1] == pytest.approx(face.ACE_PIP) and len([s for s in sizes if s > face.PIP]) == 1


@pytest.mark.parametrize("card_id", ["AS", "10H", "QD", "KC", "JK1", "JK2"])
def test_indices_sit_inside_the_safe_zone_and_read_when_fanned(card_id):
    ops = face.card_ops(parse(card_id), TRIM)
    top_left, bottom_right = ops[-2], ops[-1]
    x0, y0, x1, y1 = inked(top_left)
    assert x0 >= TRIM[0] + SAFE and y0 >= TRIM[1] + SAFE
    assert x1 <= TRIM[0] + 0.2 * TRIM[2]  # a narrow column: the index shows in a fanned hand
    bx0, by0, bx1, by1 = inked(bottom_right)
    assert bx1 <= TRIM[0] + TRIM[2] - SAFE and by1 <= TRIM[1] + TRIM[3] - SAFE
    assert bottom_right.ops == top_left.ops and bottom_right.transform[0] == -1  # turned by 180
    ranks = [o for o in top_left.ops if isinstance(o, op.Text)]
    assert ranks and all(t.size >= 9 for t in ranks)


@pytest.mark.parametrize("rank", ["2", "4", "6", "8", "10"])
def test_a_number_card_reads_the_same_turned_round(rank):
    image = png.render(drawing(face.card_ops(parse(f"{rank}D"), TRIM)), 144)  # whole pixels: 396 x 540
    diff = ImageChops.difference(image, image.rotate(180)).convert("L")
    assert ImageStat.Stat(diff).mean[0] < 0.15 and not sum(diff.histogram()[64:])  # edge smoothing and glyphs only


def test_four_colours_paint_clubs_green_and_diamonds_blue():
    for card_id, two, four in (("5C", "#1B1B1F", "#1E7B3A"), ("5D", "#C8102E", "#1F5BB8"),
                               ("5H", "#C8102E", "#C8102E"), ("5S", "#1B1B1F", "#1B1B1F")):
        card = parse(card_id)
        for scheme, ink in (("two", two), ("four", four)):
            ops = face.card_ops(card, TRIM, face.CardStyle(colors=scheme))
            assert len(pip_groups(ops, card.suit, ink)) == 5, (card_id, scheme)


def test_a_rule_set_can_repaint_the_centre_and_keep_the_indices():
    marker = op.Rect(0, 0, 1, 1, "#00FF00")
    seen = []

    def centre(ops, box):
        seen.append(box)
        ops.append(marker)

    standard = face.card_ops(parse("QH"), TRIM)
    repainted = face.card_ops(parse("QH"), TRIM, centre=centre)
    assert marker in repainted and seen
    assert repainted[-2:] == standard[-2:]  # the indices stay standard
    assert len(repainted) == 3  # the centre's ops and the two indices: no court figure


def test_every_card_of_the_deck_draws():
    for card in standard_deck(jokers=2):
        assert face.card_ops(card, TRIM), card.id


@pytest.mark.parametrize("card_id", ["AS", "7H", "10D", "QC", "KH", "JK1"])
def test_cards_agree_in_pdf_and_png(card_id, tmp_path):
    mean, far = agreement(drawing(face.card_ops(parse(card_id), TRIM)), tmp_path)
    assert mean < MEAN_BOUND and far < EDGE_SHARE_BOUND, (card_id, mean, far)


@pytest.fixture(scope="module")
def standard_build(tmp_path_factory):
    """One build of examples/standard-deck (every part, Letter), shared by the tests below."""
    return build_game(tmp_path_factory.mktemp("standard"), ROOT / "examples" / "standard-deck", "--paper", "letter")


def test_the_standard_deck_example_builds_sheets_and_card_images(standard_build):
    folder, artifacts = standard_build
    fronts = [a for a in artifacts.values() if a["kind"] == "card-png" and a["face"] == "front"]
    assert sorted(a["card"] for a in fronts) == sorted(c.id for c in standard_deck(jokers=2))
    backs = [a for a in artifacts.values() if a["kind"] == "card-png" and a["face"] == "back"]
    assert len(backs) == 1  # the same back for every card, written once
    assert artifacts["cards-letter.pdf"]["pages"] == 14  # 54 cards, 8 a page: 7 fronts + 7 backs
    with Image.open(folder / "png" / "cards" / "10H-front.png") as image:
        assert image.size == (825, 1125) and [round(v) for v in image.info["dpi"]] == [300, 300]


def test_real_cards_show_in_a_player_aid(standard_build):
    """The deck's aid shows the king of spades, the queen of hearts and a joker: drawn by the
    card faces, whose JOKER lettering the aid's own text does not have."""
    folder, _ = standard_build
    for name in ("reference-cards-letter.pdf", "reference-sheet-letter.pdf"):
        text = PdfReader(folder / name).pages[0].extract_text()
        assert "Two jokers" in text and "JOKER" in text, name
