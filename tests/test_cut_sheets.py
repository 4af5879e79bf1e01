"""Cut sheets and card images, read back the way users and print shops read them."""

from __future__ import annotations

import hashlib
import json
import math
import shutil
import subprocess

import pytest
from PIL import Image
from pypdf import PdfReader

from conftest import ROOT, assert_page_size, ppgen, replace_in, tool
from generator import ops as op
from generator.faces.compose import compose
from generator.faces.png import flatten
from generator.geometry import grid as gridmath
from generator.load.game import load_game
from generator.units import INCH, MM, PAPERS

BENCH = ROOT / "bench" / "bench-deck"
LETTER = PAPERS["letter"]


@pytest.fixture(scope="module")
def bench_build(tmp_path_factory):
    out = tmp_path_factory.mktemp("bench")
    run = ppgen("build", BENCH, "--only", "cards,png", "--paper", "letter", "--out", out)
    assert run.code == 0, run.text
    return out / "bench-deck"


# -- geometry, as arithmetic ---------------------------------------------------------------

@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.parametrize("card", [(3.5 * INCH, 2.5 * INCH), (63 * MM, 88 * MM), (1.75 * INCH, 2.5 * INCH)])
def test_grid_marks_stay_clear_of_cards_and_page_edge(paper, card):
    grid = gridmath.best_grid(*card, 0.125 * INCH, paper)
    page_w, page_h = PAPERS[paper]
    bx0, by0, bx1, by1 = grid.bleed_box
    assert bx0 >= 0 and by0 >= 0 and bx1 <= page_w and by1 <= page_h
    # centred
    assert math.isclose(grid.left, page_w - grid.trim_box[2])
    assert math.isclose(grid.bottom, page_h - grid.trim_box[3])
    for x1, y1, x2, y2 in grid.marks():
        for x, y in ((x1, y1), (x2, y2)):
            assert 5 * MM - 1e-6 <= x <= page_w - 5 * MM + 1e-6
            assert 5 * MM - 1e-6 <= y <= page_h - 5 * MM + 1e-6
        # a mark never enters the printed area of the cards (bleed included)
        assert max(x1, x2) <= bx0 or min(x1, x2) >= bx1 or max(y1, y2) <= by0 or min(y1, y2) >= by1
        assert math.hypot(x2 - x1, y2 - y1) >= gridmath.MARK_MIN - 1e-6


def test_back_slots_mirror_fronts_for_long_edge_duplex():
    grid = gridmath.best_grid(3.5 * INCH, 2.5 * INCH, 0.125 * INCH, "letter")
    for front, back in zip(grid.front_slots(), grid.back_slots()):
        assert math.isclose(back.x, grid.page_w - front.x - front.w)
        assert back.y == front.y


def test_poker_grid_per_page():
    """2 x 4 landscape poker cards: nine would leave 6.35 mm top and bottom on Letter,
    too little for a bleed and a crop mark 5 mm clear of the edge."""
    for paper in ("letter", "a4"):
        grid = gridmath.best_grid(3.5 * INCH, 2.5 * INCH, 0.125 * INCH, paper)
        assert (grid.columns, grid.rows) == (2, 4)


# -- the PDF a user prints ------------------------------------------------------------------

def test_cut_sheet_pages_boxes_and_size(bench_build):
    reader = PdfReader(bench_build / "cards-letter.pdf")
    grid = gridmath.best_grid(63 * MM, 88 * MM, 0.125 * INCH, "letter")
    assert len(reader.pages) == 2 * math.ceil(54 / grid.per_page)
    for page in reader.pages:
        assert_page_size(page, LETTER, 0.01)
        assert [round(float(v), 2) for v in page.trimbox] == [round(v, 2) for v in grid.trim_box]
        assert [round(float(v), 2) for v in page.bleedbox] == [round(v, 2) for v in grid.bleed_box]


def test_cut_sheet_fonts_embedded_and_file_sound(bench_build):
    pdf = bench_build / "cards-letter.pdf"
    fonts = subprocess.run([tool("pdffonts"), pdf], capture_output=True, text=True, check=True).stdout
    rows = fonts.splitlines()[2:]
    assert rows, fonts
    for row in rows:
        assert "Helvetica" not in row and "Times" not in row, row
        emb, sub = row.split()[-5:-3]
        assert (emb, sub) == ("yes", "yes"), row
    check = subprocess.run([tool("qpdf"), "--check", pdf], capture_output=True, text=True)
    assert check.returncode == 0, check.stdout + check.stderr
    render = subprocess.run([tool("pdftoppm"), "-r", "20", "-png", pdf, bench_build.parent / "page"],
                            capture_output=True, text=True)
    assert render.returncode == 0 and render.stderr == "", render.stderr


def test_backs_page_registers_with_fronts_page(bench_build, tmp_path):
    """On the last, partly filled sheet each back lands behind its front after a long-edge flip."""
    pdf = bench_build / "cards-letter.pdf"
    pages = len(PdfReader(pdf).pages)
    subprocess.run([tool("pdftoppm"), "-r", "36", "-png", "-f", str(pages - 1), "-l", str(pages), pdf, tmp_path / "p"],
                   check=True)
    front, back = (Image.open(p).convert("RGB") for p in sorted(tmp_path.glob("p-*.png")))
    grid = gridmath.best_grid(63 * MM, 88 * MM, 0.125 * INCH, "letter")
    used = 54 - (pages // 2 - 1) * grid.per_page
    scale = front.width / grid.page_w
    for index, (slot, mirrored) in enumerate(zip(grid.front_slots(), grid.back_slots())):
        # a point near a corner of the card, clear of the centred title on the back
        near_corner = lambda s: (round((s.x + s.w * 0.15) * scale), round((grid.page_h - s.y - s.h * 0.15) * scale))
        back_pixel = back.getpixel(near_corner(mirrored))
        assert (back_pixel != (255, 255, 255)) == (index < used), (index, back_pixel)
        assert math.isclose(mirrored.x, grid.page_w - slot.x - slot.w)


# -- card images for print shops ------------------------------------------------------------

def test_card_pngs_size_dpi_srgb(bench_build):
    manifest = json.loads((bench_build / "manifest.json").read_text())
    pngs = [a for a in manifest["artifacts"] if a["kind"] == "card-png"]
    assert len(pngs) == 55
    assert sum(a["face"] == "back" for a in pngs) == 1
    assert {a["card"] for a in pngs if a["face"] == "front"} == {f"{n:02d}/54" for n in range(1, 55)}
    expected = (round((63 * MM + 0.25 * INCH) * 300 / 72), round((88 * MM + 0.25 * INCH) * 300 / 72))
    for entry in pngs:
        with Image.open(bench_build / entry["path"]) as image:
            assert image.size == expected
            assert image.mode == "RGB"
            assert [round(v) for v in image.info["dpi"]] == [300, 300]
            assert image.info["srgb"] == 0  # sRGB chunk, perceptual intent
            assert image.info["gamma"] == pytest.approx(0.45455)


# -- text that cannot be printed fails the build ----------------------------------------------

def _tiny_game(tmp_path, name_value):
    game = tmp_path / "tiny"
    shutil.copytree(ROOT / "examples" / "coin-flip", game)
    replace_in(game / "cards.csv", "c5,Edge,", f"c5,{name_value},")
    return game


def test_text_that_does_not_fit_fails_the_build(tmp_path):
    game = _tiny_game(tmp_path, "An extraordinarily long coin name that cannot possibly fit on one small card "
                                "even when shrunk all the way down to six points " * 3)
    out = tmp_path / "out"
    run = ppgen("build", game, "--only", "cards", "--out", out)
    assert run.code == 1 and "Traceback" not in run.text
    # at the card's row, naming the face element's line: the value read from the row is at fault
    assert "cards.csv:6: error: card c5" in run.err and "does not fit" in run.err and "game.toml line" in run.err
    assert not (out / "tiny").exists()


def test_missing_glyph_fails_the_build(tmp_path):
    game = _tiny_game(tmp_path, "Edge \U0001F386")  # in no bundled font, fallback included
    run = ppgen("build", game, "--only", "png", "--out", tmp_path / "out")
    assert run.code == 1 and "card c5" in run.err and "U+1F386" in run.err, run.err


def test_manifest_lists_every_file_with_its_hash(bench_build):
    manifest = json.loads((bench_build / "manifest.json").read_text())
    listed = {a["path"]: a for a in manifest["artifacts"]}
    on_disk = {str(p.relative_to(bench_build)) for p in bench_build.rglob("*") if p.is_file()}
    assert set(listed) == on_disk - {"manifest.json", ".ppgen-inputs.json", ".ppgen-unchanged.json"}
    for path, entry in listed.items():
        assert entry["sha256"] == hashlib.sha256((bench_build / path).read_bytes()).hexdigest()
    sheet = listed["cards-letter.pdf"]
    assert sheet["kind"] == "cut-sheets" and sheet["paper"] == "letter"
    assert sheet["pages"] == len(PdfReader(bench_build / "cards-letter.pdf").pages)


# -- Squib Squares -----------------------------------------------------------------------------

@pytest.fixture(scope="module")
def squib_sheets(squib_build):
    return squib_build[0]


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_squib_cut_sheets(squib_sheets, paper):
    pdf = squib_sheets / f"cards-{paper}.pdf"
    reader = PdfReader(pdf)
    assert len(reader.pages) == 14  # 54 cards, 8 a page: 7 fronts pages, each followed by its backs
    grid = gridmath.best_grid(3.5 * INCH, 2.5 * INCH, 0.125 * INCH, paper)
    for page in reader.pages:
        assert_page_size(page, PAPERS[paper], 0.01)
        assert [float(v) for v in page.trimbox] == pytest.approx(list(grid.trim_box), abs=0.01)
    check = subprocess.run([tool("qpdf"), "--check", pdf], capture_output=True, text=True)
    assert check.returncode == 0, check.stdout
    fonts = subprocess.run([tool("pdffonts"), pdf], capture_output=True, text=True, check=True).stdout
    assert "Helvetica" not in fonts and "Fredoka" in fonts and "Atkinson" in fonts
    render = subprocess.run([tool("pdftoppm"), "-r", "10", "-png", pdf, squib_sheets / f"look-{paper}"],
                            capture_output=True, text=True)
    assert render.returncode == 0 and render.stderr == "", render.stderr


def test_squib_faces_keep_to_the_safe_zone():
    """Everything but the background stays 1/8 in inside the trim."""

    game = load_game(ROOT / "games" / "squib-squares")
    deck = game.component("squibs")
    safe = deck.bleed + deck.safe
    for card in deck.cards[:12]:
        for side in ("front", "back"):
            drawing = compose(game, deck, card, side)
            limit_x, limit_y = drawing.width - safe, drawing.height - safe
            for item in drawing.ops[1:]:  # ops[0] is the background, bled on purpose
                if isinstance(item, op.Text):
                    continue  # text is fitted into its box, which is checked through the face layout
                if isinstance(item, op.Path):
                    points = [pt for pts, _ in flatten(item.segments) for pt in pts]
                elif isinstance(item, op.Line):
                    points = [(item.x1, item.y1), (item.x2, item.y2)]
                else:
                    points = [(item.x, item.y), (item.x + item.w, item.y + item.h)]
                for x, y in points:
                    assert safe - 0.01 <= x <= limit_x + 0.01 and safe - 0.01 <= y <= limit_y + 0.01, \
                        (card.id, side, item)


def test_error_in_a_png_worker_is_reported_cleanly(tmp_path):
    """54 cards go to worker processes; a card failing there reports like any other."""
    game = tmp_path / "bench-deck"
    shutil.copytree(BENCH, game)
    replace_in(game / "cards.csv", "shy turtle", "shy turtle \U0001F386")
    out = tmp_path / "out"
    run = ppgen("build", game, "--only", "png", "--jobs", "2", "--out", out)
    assert run.code == 1 and "Traceback" not in run.text and "internal error" not in run.text, run.text
    assert "cards.csv:2: error: card 01/54" in run.err and "U+1F386" in run.err and "game.toml line" in run.err
    assert not (out / "bench-deck").exists()


def test_bleed_prints_where_no_card_is_beside():
    grid = gridmath.best_grid(3.5 * INCH, 2.5 * INCH, 0.125 * INCH, "letter")  # 2 x 4
    slots = grid.front_slots()
    assert grid.outer_sides(slots[0]) == (True, False, False, True)  # top-left of a full page
    occupied = {(s.column, s.row) for s in slots[:6]}  # last page of 54: three rows
    assert grid.outer_sides(slots[4], occupied) == (True, True, False, False)  # now the bottom row
    backs = grid.back_slots()
    occupied_backs = {(s.column, s.row) for s in backs[:5]}  # five cards: the fifth alone in its row
    assert grid.outer_sides(backs[4], occupied_backs) == (True, True, True, False)
