"""Mats: a game folder with a deck, a 600 x 400 mm mat and a small mat is built once; the
tests read its outputs the way a user would (pypdf, pdftoppm, Pillow)."""

from __future__ import annotations

import math
import subprocess

import pytest
from PIL import Image
from pypdf import PdfReader

from conftest import build_game, line_of, ppgen

MM = 72 / 25.4
PAPERS = {"letter": (8.5 * 72, 11 * 72), "a4": (210 * MM, 297 * MM)}
BLEED = 0.125 * 72  # the default
# The tiling rule, restated: 5 mm the printer may not reach, a 6 mm band for labels and
# ticks, then the window; neighbouring windows overlap by 10 mm.
MARGIN, BAND, OVERLAP = 5 * MM, 6 * MM, 10 * MM
BOARD = (600 * MM, 400 * MM)
PAD = (150 * MM, 100 * MM)
STRIP = (480 * MM, 180 * MM)

GAME_TOML = """
title = "Mat Test"
players = [2, 4]
minutes = 10

[[components]]
id = "chips"
size = "poker"
count = 3
front = "chip"

[[components]]
id = "board"
name = "Test board"
kind = "mat"
size = ["600mm", "400mm"]
front = "board"

[[components]]
id = "pad"
name = "Small pad"
kind = "mat"
size = ["150mm", "100mm"]
front = "pad"

[[components]]
id = "strip"
name = "Long strip"
kind = "mat"
size = ["480mm", "180mm"]
front = "pad"

[faces.chip]
[[faces.chip.elements]]
type = "text"
x = "5mm"
y = "30mm"
w = "50mm"
h = "20mm"
text = "Chip {id}"

[faces.pad]
background = "#FFF3D6"
[[faces.pad.elements]]
type = "ellipse"
x = "50mm"
y = "25mm"
w = "50mm"
h = "50mm"
fill = "#2E86C1"

[faces.board]
background = "#E8F4E8"
"""


def _board_elements() -> str:
    parts = []
    for x in range(0, 601, 50):
        parts.append(f'type = "line"\nx1 = "{x}mm"\ny1 = "0mm"\nx2 = "{x}mm"\ny2 = "400mm"\nstroke = "#336633"')
    for y in range(0, 401, 50):
        parts.append(f'type = "line"\nx1 = "0mm"\ny1 = "{y}mm"\nx2 = "600mm"\ny2 = "{y}mm"\nstroke = "#336633"')
    for x, y in ((100, 100), (300, 200), (480, 300), (180, 320)):
        parts.append(f'type = "ellipse"\nx = "{x - 40}mm"\ny = "{y - 40}mm"\nw = "80mm"\nh = "80mm"\n'
                     'fill = "#C0392B"\nstroke = "#000000"\nstroke_width = "1mm"')
    parts.append('type = "text"\nx = "150mm"\ny = "160mm"\nw = "300mm"\nh = "80mm"\n'
                 'text = "{game.title}"\nfont = "display"\nsize = 90')
    return "".join(f"\n[[faces.board.elements]]\n{p}\n" for p in parts)


def write_game(folder):
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "game.toml").write_text(GAME_TOML + _board_elements(), encoding="utf-8")
    return folder


@pytest.fixture(scope="module")
def mat_build(tmp_path_factory):
    root = tmp_path_factory.mktemp("mats")
    game = write_game(root / "mat-test")
    folder, entries = build_game(root / "out", game)
    return game, folder, entries


def expected_grid(mat, paper):
    """(columns, rows, landscape) by the rule: fewest pages, portrait on a tie."""
    def along(extent, window):
        return 1 if extent <= window else math.ceil((extent - OVERLAP) / (window - OVERLAP))
    w, h = mat[0] + 2 * BLEED, mat[1] + 2 * BLEED
    best = None
    for landscape in (False, True):
        pw, ph = sorted(PAPERS[paper], reverse=landscape)
        cols = along(w, pw - 2 * (MARGIN + BAND))
        rows = along(h, ph - 2 * (MARGIN + BAND))
        if best is None or cols * rows < best[0] * best[1]:
            best = (cols, rows, landscape)
    return best


def render(pdf, page, dpi, crop=None, out=None):
    """One page as an RGB image (crop = x, y, w, h in pixels from the top-left)."""
    args = ["pdftoppm", "-png", "-r", str(dpi), "-f", str(page), "-l", str(page), "-singlefile"]
    if crop:
        args += ["-x", str(crop[0]), "-y", str(crop[1]), "-W", str(crop[2]), "-H", str(crop[3])]
    target = out / f"p{page}-{dpi}-{'-'.join(map(str, crop or ()))}"
    subprocess.run(args + [str(pdf), str(target)], check=True)
    return Image.open(f"{target}.png").convert("RGB")


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_page_counts_and_paper_sizes(mat_build, paper):
    _, folder, entries = mat_build
    cols, rows, landscape = expected_grid(BOARD, paper)
    assert (cols, rows, landscape) == (4, 2, False)  # the numbers the report gives
    board = PdfReader(folder / f"mat-board-{paper}.pdf")
    assert len(board.pages) == cols * rows + 1  # an assembly page, then the tiles
    assert entries[f"mat-board-{paper}.pdf"] == {**entries[f"mat-board-{paper}.pdf"], "kind": "mat",
                                                  "paper": paper, "component": "board", "pages": 9}
    pad = PdfReader(folder / f"mat-pad-{paper}.pdf")
    assert expected_grid(PAD, paper)[:2] == (1, 1) and len(pad.pages) == 1
    for page in list(board.pages) + list(pad.pages):
        size = sorted((float(page.mediabox.width), float(page.mediabox.height)))
        assert size == pytest.approx(sorted(PAPERS[paper]), abs=0.01)


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_a_long_mat_goes_on_landscape_pages(mat_build, paper):
    _, folder, _ = mat_build
    assert expected_grid(STRIP, paper) == (2, 1, True)  # portrait would take 3 pages
    reader = PdfReader(folder / f"mat-strip-{paper}.pdf")
    assert len(reader.pages) == 3
    for page in reader.pages:
        assert float(page.mediabox.width) == pytest.approx(max(PAPERS[paper]), abs=0.01)


def test_labels_and_assembly_page(mat_build):
    _, folder, _ = mat_build
    reader = PdfReader(folder / "mat-board-a4.pdf")
    cover = reader.pages[0].extract_text()
    assert "assembly" in cover
    labels = [f"{r}{c}" for r in "AB" for c in range(1, 5)]
    for label in labels:
        assert label in cover
    for label, page in zip(labels, reader.pages[1:]):
        assert any(line.startswith(f"{label}  ·  Test board") for line in page.extract_text().splitlines()), label
    assert "left: A1" in reader.pages[2].extract_text()
    single = PdfReader(folder / "mat-pad-a4.pdf").pages[0].extract_text()
    assert "Small pad" in single and "A1" not in single


def test_nothing_in_the_printer_margin(mat_build, tmp_path):
    _, folder, _ = mat_build
    assert_margin_blank(folder / "mat-board-letter.pdf", 9, tmp_path)


def _window_px(dpi, paper="letter", landscape=False):
    pw, ph = sorted(PAPERS[paper], reverse=landscape)
    inset = MARGIN + BAND
    return [v / 72 * dpi for v in (inset, inset, pw - 2 * inset, ph - 2 * inset)]


def assert_overlaps_line_up(pdf, columns, tmp_path, paper="letter", landscape=False):
    """The strip at A1's right edge is the strip at A2's left edge; A1's bottom strip is B1's
    top strip (page 1 is the assembly guide). At 254 dpi a pixel is 0.1 mm: a one-pixel shift
    must show."""
    dpi = 254
    x, y, w, h = _window_px(dpi, paper, landscape)
    strip = round(OVERLAP / 72 * dpi)
    a1_right = render(pdf, 2, dpi, (round(x + w) - strip, round(y), strip, round(h)), tmp_path)
    a2_left = render(pdf, 3, dpi, (round(x), round(y), strip, round(h)), tmp_path)
    a1_bottom = render(pdf, 2, dpi, (round(x), round(y + h) - strip, round(w), strip), tmp_path)
    b1_top = render(pdf, 2 + columns, dpi, (round(x), round(y), round(w), strip), tmp_path)
    for one, other in ((a1_right, a2_left), (a1_bottom, b1_top)):
        assert _changed(one, other) <= 0.001 * one.width * one.height
        shifted = other.transform(other.size, Image.AFFINE, (1, 0, 1, 0, 1, 1))
        assert _changed(one, shifted) > 50 + 10 * _changed(one, other)


def assert_margin_blank(pdf, pages, tmp_path):
    """Nothing is drawn in the printer's 5 mm margin of any page."""
    dpi = 60
    edge = math.floor(MARGIN / 72 * dpi) - 1  # whole pixels inside the 5 mm margin
    for page in range(1, pages + 1):
        image = render(pdf, page, dpi, out=tmp_path)
        w, h = image.size
        for box in ((0, 0, w, edge), (0, h - edge, w, h), (0, 0, edge, h), (w - edge, 0, w, h)):
            assert image.crop(box).getextrema() == ((255, 255),) * 3, (page, box)


def test_overlaps_line_up_to_a_tenth_of_a_millimetre(mat_build, tmp_path):
    _, folder, _ = mat_build
    assert_overlaps_line_up(folder / "mat-board-letter.pdf", 4, tmp_path)


# The built-in games' mats, as their builds print them: (game, mat, paper) -> tile columns
GAME_MATS = {("fellowship-of-the-ring", "ring", "letter"): 3, ("fellowship-of-the-ring", "ring", "a4"): 3,
             ("poohsticks", "river", "letter"): 2, ("poohsticks", "river", "a4"): 2}


@pytest.mark.parametrize("game, mat, paper", sorted(GAME_MATS))
def test_game_mats_reassemble_and_keep_the_margin_clear(built, tmp_path, game, mat, paper):
    folder, entries = built(game)
    pdf = folder / f"mat-{mat}-{paper}.pdf"
    reader = PdfReader(pdf)
    landscape = reader.pages[1].mediabox.width > reader.pages[1].mediabox.height
    assert_overlaps_line_up(pdf, GAME_MATS[game, mat, paper], tmp_path, paper, landscape)
    assert_margin_blank(pdf, entries[pdf.name]["pages"], tmp_path)


def _changed(one, other):
    """Pixels that differ by more than a fifth of the range in some channel (the last row
    and column are left out: a shifted image has no data there)."""
    w, h = min(one.width, other.width) - 1, min(one.height, other.height) - 1
    a, b = one.crop((0, 0, w, h)).tobytes(), other.crop((0, 0, w, h)).tobytes()
    return len({i // 3 for i, (p, q) in enumerate(zip(a, b)) if abs(p - q) > 51})


def test_alignment_crosses_sit_in_the_overlap(mat_build, tmp_path):
    """A cross's centre is dark on both pages, 5 mm inside A1's right window edge and
    5 mm inside A2's left window edge (the board is light green there)."""
    _, folder, _ = mat_build
    pdf = folder / "mat-board-letter.pdf"
    dpi = 300
    x, y, w, h = _window_px(dpi)
    half = OVERLAP / 2 / 72 * dpi
    window_h_pt = PAPERS["letter"][1] - 2 * (MARGIN + BAND)
    down = (OVERLAP + (window_h_pt - 2 * OVERLAP) * 0.25) / 72 * dpi  # first cross on the seam
    for page, cx in ((2, x + w - half), (3, x + half)):
        spot = render(pdf, page, dpi, (round(cx) - 3, round(y + down) - 3, 7, 7), tmp_path)
        assert spot.convert("L").getextrema()[0] < 60, page


def test_whole_mat_pdf_and_png(mat_build):
    _, folder, entries = mat_build
    page = PdfReader(folder / "mat-board.pdf").pages[0]
    width, height = BOARD[0] + 2 * BLEED, BOARD[1] + 2 * BLEED
    assert [float(v) for v in page.mediabox] == pytest.approx([0, 0, width, height], abs=0.01)
    assert [float(v) for v in page.trimbox] == pytest.approx([BLEED, BLEED, width - BLEED, height - BLEED], abs=0.01)
    assert [float(v) for v in page.bleedbox] == pytest.approx([0, 0, width, height], abs=0.01)
    image = Image.open(folder / "mat-board.png")
    assert image.size == (round(width / 72 * 300), round(height / 72 * 300)) == (7162, 4799)
    assert image.info["dpi"] == pytest.approx((300, 300), abs=0.01)
    assert "srgb" in image.info or image.info.get("gamma")
    assert entries["mat-board.png"]["kind"] == "mat" and entries["mat-board.png"]["component"] == "board"
    assert entries["mat-board.pdf"]["pages"] == 1


def test_mats_are_not_cards(mat_build):
    _, folder, entries = mat_build
    assert not any("board" in path or "pad" in path for path, e in entries.items()
                   if e["kind"] in ("cut-sheets", "card-png"))
    assert not (folder / "png" / "board").exists()


def test_pdfs_check_clean_with_fonts_embedded(mat_build):
    _, folder, _ = mat_build
    for name in ("mat-board-a4.pdf", "mat-board-letter.pdf", "mat-board.pdf", "mat-pad-letter.pdf"):
        qpdf = subprocess.run(["qpdf", "--check", str(folder / name)], capture_output=True, text=True)
        assert qpdf.returncode == 0, qpdf.stdout + qpdf.stderr
        fonts = subprocess.run(["pdffonts", str(folder / name)], capture_output=True, text=True).stdout
        for row in fonts.splitlines()[2:]:
            assert row.split()[-5] == "yes", row  # the 'emb' column


def test_an_absurd_mat_is_refused(tmp_path):
    game = write_game(tmp_path / "huge")
    toml = game / "game.toml"
    toml.write_text(toml.read_text().replace('["600mm", "400mm"]', '["5000mm", "400mm"]'))
    out = tmp_path / "out"
    run = ppgen("build", game, "--out", out)
    assert run.code == 1
    assert f"game.toml:{line_of(toml, '5000mm')}: error: component 'board': a mat may be at most" in run.err
    assert "Traceback" not in run.text
    assert not (out / "huge").exists()


def test_a_mat_takes_no_back_or_cards(tmp_path):
    game = write_game(tmp_path / "backed")
    toml = game / "game.toml"
    toml.write_text(toml.read_text().replace('front = "board"', 'front = "board"\nback = "pad"'))
    run = ppgen("validate", game)
    assert run.code == 1
    line = line_of(toml, 'back = "pad"')
    assert (f"game.toml:{line}: error: component 'board': "
            "a mat is one drawing printed on one side; remove 'back'") in run.text
