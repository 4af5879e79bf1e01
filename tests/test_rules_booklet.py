"""Rules booklet, imposed booklet and handout, read back the way users read them."""

from __future__ import annotations

import json
import math
import re
import shutil
import subprocess

import pytest
from pypdf import PdfReader

from conftest import ROOT, assert_page_size, line_of, ppgen, replace_in, tool
from generator.parts.pages import imposition, saddle_stitch
from generator.units import MM, PAPERS

A5 = (419.53, 595.28)
LANDSCAPE = {"letter": (792.0, 612.0), "a4": (841.89, 595.28)}


def text_of(path) -> str:
    return "\n".join(p.extract_text() for p in PdfReader(path).pages)


def flat(text: str) -> str:
    return re.sub(r"\s+", " ", text)


def placed_text(page) -> list[tuple[float, float, str]]:
    """(x, y, text) of every text string drawn on a page, in page coordinates."""
    found = []

    def visit(text, cm, tm, font, size_):
        if text.strip():
            x = tm[4] * cm[0] + tm[5] * cm[2] + cm[4]
            y = tm[4] * cm[1] + tm[5] * cm[3] + cm[5]
            found.append((x, y, text.strip()))

    page.extract_text(visitor_text=visit)
    return found


# -- imposition, as arithmetic -------------------------------------------------------------

def test_saddle_stitch_order():
    sides = saddle_stitch(12)
    assert [(s.left, s.right) for s in sides] == [(12, 1), (2, 11), (10, 3), (4, 9), (8, 5), (6, 7)]
    for n in (4, 8, 16, 24):
        for side in saddle_stitch(n):
            assert side.left + side.right == n + 1
    with pytest.raises(ValueError):
        saddle_stitch(10)


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_imposition_fits_half_sheets(paper):
    imp = imposition(A5, LANDSCAPE[paper])
    w, h = A5[0] * imp.scale, A5[1] * imp.scale
    assert imp.left[0] >= 0 and math.isclose(imp.left[0] + w, imp.right[0])  # pages meet at the fold
    assert imp.right[0] + w <= LANDSCAPE[paper][0] + 1e-6 and imp.left[1] + h <= LANDSCAPE[paper][1] + 1e-6
    if paper == "a4":
        assert math.isclose(imp.scale, 1.0, abs_tol=1e-3)  # A5 is half of A4


# -- the booklet -----------------------------------------------------------------------------

def test_booklet_is_a5_in_multiples_of_four(squib_build):
    folder, artifacts = squib_build
    entry = artifacts["rules-booklet.pdf"]
    assert entry["kind"] == "rules-booklet" and entry["paper"] == "a5"
    reader = PdfReader(folder / "rules-booklet.pdf")
    assert len(reader.pages) == entry["pages"] and len(reader.pages) % 4 == 0 and len(reader.pages) >= 8
    for page in reader.pages:
        assert_page_size(page, A5)


def test_booklet_page_numbers_and_title_page(squib_build):
    folder, _ = squib_build
    reader = PdfReader(folder / "rules-booklet.pdf")
    first = flat(reader.pages[0].extract_text())
    assert "Squib Squares" in first and "2–6" in first and "players" in first and "15" in first
    assert "54 Squib cards" in first and "Game design" in first  # components and credits
    for number, page in enumerate(reader.pages[1:], start=2):
        footer = [t for x, y, t in placed_text(page) if y < 20 * MM and t.isdigit()]
        assert footer == [str(number)], (number, footer)


def test_booklet_text_comes_from_the_data(squib_build):
    folder, _ = squib_build
    text = flat(text_of(folder / "rules-booklet.pdf"))
    for expected in ("54 squib cards", "cut out all 54 cards", "give each player three cards",
                     "up to three cards", "Blue beats purple and yellow",
                     "Green beats blue and orange", "Big Bang Set +5", "Squib Party +4",
                     "Speedy Squibs +3", "Patient Squibs +1", "green, yellow, purple, orange, blue"):
        assert expected in text, expected
    # the scoring table and worked examples are computed: 1 x 6 scores 6, 2 x 3 scores 9, 3 x 3 scores 15
    assert "6 − 6 = 0" in text and "6 + 3 = 9" in text
    for row in ("1 × 2 2 0 2", "1 × 6 6 0 6", "2 × 2 4 2 6", "2 × 3 6 3 9", "3 × 3 9 6 15"):
        assert row in text, row


def test_booklet_fonts_are_embedded_subsets(squib_build):
    folder, artifacts = squib_build
    for name, entry in artifacts.items():
        if not name.endswith(".pdf"):
            continue
        out = subprocess.run([tool("pdffonts"), folder / name], capture_output=True, text=True, check=True).stdout
        rows = out.splitlines()[2:]
        assert rows, name
        assert "Helvetica" not in out, name
        for row in rows:
            emb, sub = row.split()[-5:-3]
            assert (emb, sub) == ("yes", "yes"), (name, row)


# -- the imposed booklet --------------------------------------------------------------------------

def halves(page, sheet_w: float) -> tuple[list[str], list[str]]:
    """Footer page numbers and all text of the left and right halves of a sheet side."""
    left, right = [], []
    for x, y, t in placed_text(page):
        (left if x < sheet_w / 2 else right).append((y, t))
    return left, right


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_imposed_sheets_pair_pages_for_saddle_stitching(squib_build, paper):
    folder, artifacts = squib_build
    name = f"rules-booklet-imposed-{paper}.pdf"
    entry = artifacts[name]
    assert entry["kind"] == "rules-booklet-imposed" and entry["paper"] == paper
    pages = artifacts["rules-booklet.pdf"]["pages"]
    reader = PdfReader(folder / name)
    assert len(reader.pages) == entry["pages"] == pages // 2
    sheet_w = LANDSCAPE[paper][0]
    seen = []
    for side, page in zip(saddle_stitch(pages), reader.pages):
        assert_page_size(page, LANDSCAPE[paper])
        numbers = []
        for half in halves(page, sheet_w):
            digits = [t for y, t in half if y < 22 * MM and t.isdigit()]
            if not digits:  # the title page carries no number
                assert any("Line up fizzing fireworks" in t for _, t in half)  # the tagline
                digits = ["1"]
            numbers.append(int(digits[0]))
        assert numbers[0] + numbers[1] == pages + 1
        assert tuple(numbers) == (side.left, side.right)
        seen += numbers
    assert seen[:4] == [pages, 1, 2, pages - 1]  # the outer sheet: N | 1, then 2 | N-1
    assert sorted(seen) == list(range(1, pages + 1))


# -- the handout --------------------------------------------------------------------------------

@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_handout_is_one_sheet(squib_build, paper):
    folder, artifacts = squib_build
    entry = artifacts[f"handout-{paper}.pdf"]
    assert entry["kind"] == "handout" and entry["paper"] == paper
    reader = PdfReader(folder / f"handout-{paper}.pdf")
    assert len(reader.pages) == entry["pages"] <= 2
    for page in reader.pages:
        assert_page_size(page, PAPERS[paper])
    text = flat(text_of(folder / f"handout-{paper}.pdf"))
    assert "give each player three cards" in text and "Blue beats purple and yellow" in text
    assert "Quick reference" not in text  # aids stay on the aid cards


def test_handout_body_text_is_at_least_8pt(squib_build):
    folder, _ = squib_build
    sizes = []
    for page in PdfReader(folder / "handout-letter.pdf").pages:
        page.extract_text(visitor_text=lambda text, cm, tm, font, fs: sizes.append(fs * math.hypot(tm[0], tm[1]))
                          if text.strip() else None)
    body = max(set(sizes), key=sizes.count)  # the size most text is set in
    assert sizes and body >= 7.99 and min(sizes) >= 6.99  # a figure's labels may be smaller than the body


def test_handout_demanded_but_too_long_fails_and_says_by_how_much(tmp_path, copy_game):
    game = copy_game("squib-squares")
    filler = ("Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod. " * 40 + "\n\n") * 12
    replace_in(game / "rules.md", "# End of the game", filler + "# End of the game")
    replace_in(game / "game.toml", "rulesets =", "handout = true\nrulesets =")
    out = tmp_path / "out"
    run = ppgen("build", game, "--only", "rules", "--paper", "letter", "--out", out)
    assert run.code == 1
    line = line_of(game / "game.toml", "handout = true")
    assert f"game.toml:{line}: error: handout = true, but the rules do not fit the letter handout" in run.err
    assert re.search(r"about \d+ mm of column \(some \d+ lines\) too long", run.err)
    assert not (out / "squib-squares").exists()


# -- the same numbers as the data -------------------------------------------------------------------

def test_changed_data_changes_the_rules(tmp_path, copy_game):
    game = copy_game("squib-squares")
    replace_in(game / "game.toml", "hand_size = 3", "hand_size = 4")
    replace_in(game / "game.toml", "points = 5", "points = 7")
    out = tmp_path / "out"
    run = ppgen("build", game, "--only", "rules", "--paper", "a4", "--edition", "en", "--out", out)
    assert run.code == 0, run.text
    text = flat(text_of(out / "squib-squares" / "en" / "rules-booklet.pdf"))
    assert "give each player four cards" in text and "up to four cards" in text
    assert "Big Bang Set +7" in text and "each player three" not in text and "+5" not in text


def test_game_without_rules_has_no_rules_outputs(tmp_path):
    game = tmp_path / "coin-flip"
    shutil.copytree(ROOT / "examples" / "coin-flip", game)
    (game / "rules.md").unlink()
    out = tmp_path / "out"
    run = ppgen("build", game, "--only", "rules,aids", "--out", out)
    assert run.code == 0, run.text
    manifest = json.loads((out / "coin-flip" / "manifest.json").read_text())
    assert manifest["artifacts"] == []


# -- pagination: boxes that give way at the foot of a page -----------------------------------

def test_an_example_told_in_steps_breaks_between_steps(built):
    """Uncontrolled Squid's 'a game of four' (six rounds, one row of cards each) is taller
    than what is left of its page: its first rounds stay there, the rest follow under the
    same title, continued, so no half page is left empty above it."""
    folder, _ = built("uncontrolled-squid")
    texts = [flat(p.extract_text()) for p in PdfReader(folder / "rules-booklet.pdf").pages]
    first = next(n for n, t in enumerate(texts) if "Example: a game of four" in t)
    head, tail = texts[first], texts[first + 1]
    assert "The end of the game" in head and "Ben's king is the single highest card" in head
    assert "Example: a game of four (continued)" in tail and "reaches three points and wins" in tail
    assert "Ben's king is the single highest card" not in tail


def test_an_example_that_is_one_picture_is_never_broken(built):
    """Poohsticks' examples show a stretch of river: whole, on one page each."""
    folder, _ = built("poohsticks")
    text = text_of(folder / "rules-booklet.pdf")
    assert "(continued)" not in text


def test_a_contents_page_rather_than_two_notes_pages(built):
    """Uncontrolled Squid's rules leave two pages of its 12 over: the page after the title
    lists the chapters and sections with their pages, and one notes page is left."""
    folder, _ = built("uncontrolled-squid")
    pages = PdfReader(folder / "rules-booklet.pdf").pages
    texts = [flat(p.extract_text()) for p in pages]
    assert texts[1].startswith("Contents The goal 3 What you need 3 Getting ready 4"), texts[1]
    for line in re.findall(r"([A-Z][a-z][^0-9]*?) (\d+)(?= |$)", texts[1].removeprefix("Contents ")):
        name, page = line[0].strip(), int(line[1])
        assert name in texts[page - 1], (name, page)  # each entry names its page
    assert sum(t.startswith("Notes ") or t == "Notes" for t in texts) <= 1


def test_one_notes_page_needs_no_contents(built):
    """The Fellowship's rules leave one page over: a notes page, and no contents page."""
    folder, _ = built("fellowship-of-the-ring")
    text = text_of(folder / "rules-booklet.pdf")
    assert "Contents" not in text and "Notes" in text
