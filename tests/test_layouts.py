"""Sheet layouts (standard, economy, gutterfold, cut-machine): their geometry as arithmetic,
and the PDFs read back as a printer, a folder or a cutting machine would meet them."""

from __future__ import annotations

import json
import math
import subprocess

import pytest
from PIL import Image
from pypdf import PdfReader

from conftest import ROOT, ppgen, line_of, replace_in, tool
from generator.geometry import grid as gridmath
from generator.geometry import layouts
from generator.units import INCH, MM, PAPERS

BENCH = ROOT / "bench" / "bench-deck"
POKER = (2.5 * INCH, 3.5 * INCH)
BLEED = 0.125 * INCH
BENCH_CARD = (63 * MM, 88 * MM)


def _inside(box, page_w, page_h):
    x0, y0, x1, y1 = box
    return x0 >= -1e-6 and y0 >= -1e-6 and x1 <= page_w + 1e-6 and y1 <= page_h + 1e-6


def _overlap(a, b) -> bool:
    return a[0] < b[2] - 1e-6 and b[0] < a[2] - 1e-6 and a[1] < b[3] - 1e-6 and b[1] < a[3] - 1e-6


def _box(slot, grow=0.0):
    return (slot.x - grow, slot.y - grow, slot.x + slot.w + grow, slot.y + slot.h + grow)


# -- geometry --------------------------------------------------------------------------------

@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_standard_stays_eight_and_economy_fits_nine_poker_cards(paper):
    assert layouts.sheet("standard", *POKER, BLEED, paper).per_page == 8
    economy = layouts.sheet("economy", *POKER, BLEED, paper)
    assert (economy.columns, economy.rows, economy.rotated) == (3, 3, False)
    assert _inside(economy.bleed_box, *PAPERS[paper])


@pytest.mark.parametrize("paper, omitted", [("letter", ["top", "bottom"]), ("a4", ["left", "right"])])
def test_economy_marks_obey_the_mark_rules_or_are_left_out(paper, omitted):
    """Every mark at least 3 mm from the trim and 5 mm from the page edge; where a margin has
    no room for one (Letter: 6.35 mm above and below nine poker cards; A4: 9.75 mm beside
    them), the grid says so and the sheet prints a note instead."""
    grid = layouts.sheet("economy", *POKER, BLEED, paper)
    page_w, page_h = PAPERS[paper]
    tx0, ty0, tx1, ty1 = grid.trim_box
    xs, ys = grid.cut_lines()
    marks = grid.marks()
    assert grid.omitted() == omitted
    assert len(marks) == 2 * (len(ys) if paper == "letter" else len(xs))
    for x1, y1, x2, y2 in marks:
        assert x1 <= x2 and y1 <= y2
        assert 5 * MM - 1e-6 <= min(x1, y1) and x2 <= page_w - 5 * MM + 1e-6 and y2 <= page_h - 5 * MM + 1e-6
        assert (x2 <= tx0 - 3 * MM or x1 >= tx1 + 3 * MM or y2 <= ty0 - 3 * MM or y1 >= ty1 + 3 * MM)
        assert math.hypot(x2 - x1, y2 - y1) >= gridmath.MARK_MIN - 1e-6


@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.parametrize("card", [POKER, POKER[::-1], BENCH_CARD, (1.75 * INCH, 2.5 * INCH)])
def test_gutterfold_backs_mirror_fronts_across_the_fold(paper, card):
    grid = layouts.sheet("gutterfold", *card, BLEED, paper)
    page_w, page_h = PAPERS[paper]
    fold = grid.fold_line()
    assert fold[0] == fold[2] == pytest.approx(page_w / 2)
    assert _inside(grid.bleed_box, page_w, page_h)
    fronts, backs = grid.front_slots(), grid.back_slots()
    assert grid.per_page >= 1 and len(fronts) == len(backs) == grid.per_page
    for front, back in zip(fronts, backs):
        assert front.x + front.w + BLEED <= page_w / 2 - 0.9 * MM  # the fold runs clear of every bleed
        assert back.x - BLEED >= page_w / 2 + 0.9 * MM
        assert back.x + back.w / 2 == pytest.approx(page_w - (front.x + front.w / 2))
        assert back.y == front.y
        # the back's bleed shows on its fold side too: it is no front's neighbour
        assert grid.outer_sides(back)[0]
    slots = fronts + backs
    assert not any(_overlap(_box(a), _box(b)) for i, a in enumerate(slots) for b in slots[i + 1:])


def test_gutterfold_poker_pairs_per_page():
    assert layouts.sheet("gutterfold", *POKER, BLEED, "letter").per_page == 4
    assert layouts.sheet("gutterfold", *POKER, BLEED, "a4").per_page == 4


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_registration_marks_where_silhouette_looks_and_cards_clear_of_them(paper):
    page_w, page_h = PAPERS[paper]
    marks = layouts.registration_marks(page_w, page_h)
    square = marks[0]
    assert square == pytest.approx((10 * MM, page_h - 15 * MM, 5 * MM, 5 * MM))
    # the L corners: their outer corners 10 mm in from the top right and bottom left, legs 20 mm
    xs = [x + w for x, y, w, h in marks[1:3]]
    assert max(xs) == pytest.approx(page_w - 10 * MM)
    assert max(y + h for x, y, w, h in marks[1:3]) == pytest.approx(page_h - 10 * MM)
    assert sorted(max(w, h) for _, _, w, h in marks[1:]) == pytest.approx([20 * MM] * 4)
    assert min(x for x, *_ in marks[3:]) == pytest.approx(10 * MM)
    assert min(y for _, y, *_ in marks[3:]) == pytest.approx(10 * MM)
    for card in (POKER, BENCH_CARD, POKER[::-1]):
        grid = layouts.sheet("cut-machine", *card, BLEED, paper)
        assert grid.per_page >= 4 and grid.marks() == []  # no crop marks for the camera to misread
        bx0, by0, bx1, by1 = grid.bleed_box
        assert bx0 >= 10 * MM and bx1 <= page_w - 10 * MM  # inside the marks' frame
        for zone in layouts.mark_zones(page_w, page_h):
            assert not _overlap(grid.bleed_box, zone)


def test_unknown_layout_is_refused_by_the_geometry():
    with pytest.raises(ValueError, match="choose from standard, economy"):
        layouts.sheet("tiny", *POKER, BLEED, "letter")


# -- the PDFs -------------------------------------------------------------------------------

def _build(tmp_path, layout):
    run = ppgen("build", BENCH, "--only", "cards", "--paper", "letter", "--layout", layout, "--out", tmp_path)
    assert run.code == 0, run.text
    folder = tmp_path / "bench-deck"
    manifest = json.loads((folder / "manifest.json").read_text())
    return folder / "cards-letter.pdf", manifest["artifacts"][0]


@pytest.mark.parametrize("layout, pages", [("economy", 2 * math.ceil(54 / 9)), ("gutterfold", None),
                                           ("cut-machine", None)])
def test_layout_pdf_pages_and_boxes(tmp_path, layout, pages):
    pdf, entry = _build(tmp_path, layout)
    grid = layouts.sheet(layout, *BENCH_CARD, BLEED, "letter")
    expected = pages or (math.ceil(54 / grid.per_page) * (1 if layout == "gutterfold" else 2))
    reader = PdfReader(pdf)
    assert len(reader.pages) == expected == entry["pages"]
    assert entry["layout"] == layout
    for page in reader.pages:
        assert [round(float(v), 2) for v in page.trimbox] == [round(v, 2) for v in grid.trim_box]
        assert [round(float(v), 2) for v in page.bleedbox] == [round(v, 2) for v in grid.bleed_box]


def _raster(pdf, tmp_path, first, last, dpi=36):
    subprocess.run([tool("pdftoppm"), "-r", str(dpi), "-png", "-f", str(first), "-l", str(last), pdf,
                    tmp_path / "p"], check=True)
    return [Image.open(p).convert("L") for p in sorted(tmp_path.glob("p-*.png"))]


def test_cut_machine_marks_printed_on_fronts_only(tmp_path):
    pdf, _ = _build(tmp_path, "cut-machine")
    front, back = _raster(pdf, tmp_path, 1, 2, dpi=72)
    page_w, page_h = PAPERS["letter"]
    at = lambda image, x, y: image.getpixel((round(x), round(page_h - y)))  # 72 dpi: 1 px a point
    square_centre = (12.5 * MM, page_h - 12.5 * MM)
    corner_leg = (page_w - 20 * MM, page_h - 10.25 * MM)
    for point in (square_centre, corner_leg, (20 * MM, 10.25 * MM)):
        assert at(front, *point) < 80, point
        assert at(back, *point) > 240, point
    assert at(front, 20 * MM, page_h - 20 * MM) > 240  # inside the L's zone: nothing printed


def test_gutterfold_page_has_fronts_and_backs_side_by_side(tmp_path):
    pdf, _ = _build(tmp_path, "gutterfold")
    (page,) = _raster(pdf, tmp_path, 1, 1, dpi=72)
    grid = layouts.sheet("gutterfold", *BENCH_CARD, BLEED, "letter")
    page_h = grid.page_h
    for slot in grid.front_slots() + grid.back_slots():
        x0, top = round(slot.x), round(page_h - slot.y - slot.h)
        assert page.crop((x0 + 2, top + 2, x0 + round(slot.w) - 2, top + round(slot.h) - 2)).getextrema()[0] < 128
    # the gutter between the halves is paper, the fold dashed down its middle
    mid = round(grid.page_w / 2)
    top, bottom = round(page_h - grid.trim_box[3]), round(page_h - grid.trim_box[1])
    column = [page.getpixel((mid, y)) for y in range(top, bottom)]
    assert min(column) < 128 and max(column) > 240


# -- choosing a layout -------------------------------------------------------------------------

def test_unknown_layout_is_a_usage_error_listing_the_known_ones(tmp_path):
    run = ppgen("build", BENCH, "--only", "cards", "--layout", "tiny", "--out", tmp_path)
    assert run.code == 2
    assert "standard" in run.err and "economy" in run.err and "gutterfold" in run.err and "cut-machine" in run.err
    assert not (tmp_path / "bench-deck").exists()
    assert "--layout" in ppgen("build", "--help").out


def test_game_toml_chooses_the_layout_and_a_wrong_one_names_its_line(tmp_path, copy_game):
    game = copy_game("coin-flip") if (ROOT / "games" / "coin-flip").exists() else None
    if game is None:
        import shutil
        game = tmp_path / "coin-flip"
        shutil.copytree(ROOT / "examples" / "coin-flip", game)
    replace_in(game / "game.toml", "title =", 'layout = "gutterfold"\ntitle =')
    run = ppgen("build", game, "--only", "cards", "--paper", "letter", "--out", tmp_path / "out")
    assert run.code == 0, run.text
    manifest = json.loads((tmp_path / "out" / "coin-flip" / "manifest.json").read_text())
    assert {a["layout"] for a in manifest["artifacts"]} == {"gutterfold"}
    replace_in(game / "game.toml", 'layout = "gutterfold"', 'layout = "gutterfould"')
    run = ppgen("build", game, "--only", "cards", "--out", tmp_path / "bad")
    assert run.code == 1
    assert f"game.toml:{line_of(game / 'game.toml', 'gutterfould')}: error: unknown layout 'gutterfould'" in run.err
    assert "did you mean 'gutterfold'" in run.err
    assert not (tmp_path / "bad" / "coin-flip").exists()


def test_standard_grid_unchanged_by_the_layouts():
    assert layouts.sheet("standard", *BENCH_CARD, BLEED, "letter") == gridmath.best_grid(*BENCH_CARD, BLEED, "letter")


# -- a designer's own layouts (layouts.toml) ----------------------------------------------------

FOUR = '''# four poker cards with room around each
[big-four]
cards = [[20, 25], [120, 25], [20, 140], [120, 140]]
'''


def _coin_flip(tmp_path, layouts_toml: str):
    import shutil
    game = tmp_path / "coin-flip"
    shutil.copytree(ROOT / "examples" / "coin-flip", game)
    (game / "layouts.toml").write_text(layouts_toml)
    return game


# the same four places, written as lengths: bare numbers are mm
FOUR_AS_LENGTHS = FOUR.replace("[[20, 25], [120, 25]", '[["2cm", 25], [120, "25mm"]').replace("[20, 140]",
                                                                                               '["20mm", "14cm"]')


@pytest.mark.parametrize("declared", [FOUR, FOUR_AS_LENGTHS], ids=["mm", "lengths"])
def test_custom_layout_places_cards_where_declared(tmp_path, declared):
    assert declared.count("[") == FOUR.count("[")
    game = _coin_flip(tmp_path, declared)
    run = ppgen("build", game, "--only", "cards", "--paper", "a4", "--layout", "big-four", "--out", tmp_path / "out")
    assert run.code == 0, run.text
    reader = PdfReader(tmp_path / "out" / "coin-flip" / "cards-a4.pdf")
    page_h = PAPERS["a4"][1]
    w, h = 1.75 * INCH, 2.5 * INCH  # coin-flip's mini cards
    expected = [20 * MM, page_h - 140 * MM - h, 120 * MM + w, page_h - 25 * MM]
    assert len(reader.pages) == 2 * math.ceil(6 / 4)
    page_w = PAPERS["a4"][0]
    mirrored = [page_w - expected[2], expected[1], page_w - expected[0], expected[3]]  # backs, long-edge flip
    for number, page in enumerate(reader.pages):
        assert [float(v) for v in page.trimbox] == pytest.approx(mirrored if number % 2 else expected, abs=0.01)


def test_custom_layout_cards_that_touch_share_a_cut_and_hide_their_bleed():
    from generator.load import layouts as custom
    layout = custom.CustomLayout("pair", ROOT / "layouts.toml", 2, ((20 * MM, 20 * MM), (20 * MM + POKER[0], 20 * MM)))
    grid = custom.grid(layout, *POKER, BLEED, "letter")
    first, second = grid.front_slots()
    assert grid.outer_sides(first) == (True, True, False, True)
    assert grid.outer_sides(second) == (False, True, True, True)
    back_of_first = grid.back_slots()[0]
    assert grid.outer_sides(back_of_first) == (False, True, True, True)  # mirrored: its neighbour is on its left
    assert back_of_first.x == pytest.approx(PAPERS["letter"][0] - 20 * MM - POKER[0])


@pytest.mark.parametrize("cards, message", [
    ("[[20, 25], [60, 25]]", "card 2 at [60, 25] mm overlaps card 1 at [20, 25] mm"),
    ("[[20, 25], [200, 25]]", "card 2 at [200, 25] mm leaves the a4 page"),
])
def test_custom_layout_overlap_or_off_the_page_names_its_line(tmp_path, cards, message):
    game = _coin_flip(tmp_path, f"[bad]\n# two cards\ncards = {cards}\n")
    run = ppgen("build", game, "--only", "cards", "--paper", "a4", "--layout", "bad", "--out", tmp_path / "out")
    assert run.code == 1
    assert f"layouts.toml:3: error: [bad] {message}" in run.err
    assert not (tmp_path / "out" / "coin-flip").exists()


def test_custom_layout_file_errors_and_names(tmp_path):
    game = _coin_flip(tmp_path, "[economy]\ncards = [[0, 0]]\n[odd]\ncards = [1, 2]\nrotated = true\n")
    run = ppgen("validate", game)
    assert run.code == 1
    assert "layouts.toml:1: error: 'economy' is a built-in layout" in run.err
    assert "layouts.toml:4: error: [odd] needs cards = [[x, y], ...]" in run.err
    assert "layouts.toml:5: error: unknown key 'rotated' in [odd] (did you mean 'rotate'?)" in run.err
    game = _coin_flip(tmp_path / "2", FOUR)
    run = ppgen("build", game, "--layout", "big-five", "--out", tmp_path / "out")
    assert run.code == 2 and "choose from standard, economy, gutterfold, cut-machine, big-four" in run.err
