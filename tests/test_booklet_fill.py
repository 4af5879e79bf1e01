"""Booklet pages without holes (parts/floats.py), and the body font's plain zero, read back
from a designer's own rules: a copy of examples/coin-flip with a rules.md written here."""

from __future__ import annotations

import re
import shutil

import pytest
from pypdf import PdfReader

from conftest import ROOT, build_game
from reportlab.pdfbase.ttfonts import TTFontFile

from generator.parts.floats import FLOAT_GAP
from generator.text import plainzero
from generator.units import MM

PAGE_TOP, FRAME_TOP, FRAME_BOTTOM = 210 * MM, (210 - 14) * MM, 17 * MM  # templates/styles.toml [booklet]
TEXT = ("Every coin is flipped in the open, and whoever calls it right keeps it; the rest of the "
        "table watches and counts the flips. ")
BOX_LINES = 16  # a box of this many lines takes more than half a page


def paragraph(n: int, word: str) -> str:
    return f"{word} " + TEXT * n


def box(title: str) -> str:
    lines = "\n>\n".join(f"> Step {i}: the coin lands and the caller keeps it." for i in range(BOX_LINES))
    return f"> **{title}**\n>\n{lines}"


RULES = "\n\n".join([
    "# Flipping", paragraph(4, "Opening."), paragraph(4, "Second."), paragraph(3, "Third."),
    "## Calling the coin", "Call heads or tails before it lands.", box("Example: a long game"),
    paragraph(3, "Following."), paragraph(3, "Afterwards."), paragraph(4, "Later."),
    "## A box under its heading", box("Example: under its heading"), paragraph(2, "Closing."),
    "Scores 10, 20 and 100 use a plain zero.",
])


@pytest.fixture(scope="module")
def booklet(tmp_path_factory) -> list:
    """The booklet's pages: (text, [(y, text) of each line drawn]) each."""
    root = tmp_path_factory.mktemp("fill")
    game = root / "fill-game"
    shutil.copytree(ROOT / "examples" / "coin-flip", game)
    (game / "rules.md").write_text(RULES + "\n", encoding="utf-8")
    folder, _ = build_game(root / "out", game, "--only", "rules", "--paper", "a4")
    pages = []
    for page in PdfReader(folder / "rules-booklet.pdf").pages:
        lines: list = []
        page.extract_text(visitor_text=lambda text, cm, tm, font, size: lines.append(
            (tm[5] * cm[3] + cm[5], text.strip())) if text.strip() else None)
        pages.append((re.sub(r"\s+", " ", page.extract_text()), lines))
    return pages


def page_with(pages, needle: str) -> int:
    return next(n for n, (text, _) in enumerate(pages) if needle in text)


def lowest_body_line(lines) -> float:
    return min(y for y, text in lines if y > FRAME_BOTTOM - 2)  # the footer sits below the frame


def test_text_after_a_tall_box_fills_the_page_before_it(booklet):
    """The box does not fit under half a page of text: it starts the next page, and the
    paragraphs after it fill this one, so the page ends no more than FLOAT_GAP empty."""
    here, there = page_with(booklet, "Calling the coin"), page_with(booklet, "Example: a long game")
    assert there == here + 1
    text, lines = booklet[here]
    assert "Following." in text  # passed the box
    empty = (lowest_body_line(lines) - FRAME_BOTTOM) / (FRAME_TOP - FRAME_BOTTOM)
    assert empty <= FLOAT_GAP, f"page {here + 1} ends {empty:.0%} empty"
    title_y = next(y for y, t in booklet[there][1] if t.startswith("Example: a long game"))
    assert title_y > FRAME_TOP - 40, "the box starts its page"  # floated no further than the next page's top
    order = booklet[there][0]
    assert order.index("Example: a long game") < order.index("Step 15")  # the box whole, in one piece


def test_a_box_under_its_heading_stays_with_it_and_never_starts_at_a_page_foot(booklet):
    n = page_with(booklet, "A box under its heading")
    text, lines = booklet[n]
    assert "Example: under its heading" in text and "Step 15" in text.split("under its heading")[-1]
    title_y = next(y for y, t in lines if t.startswith("Example: under its heading"))
    assert title_y - FRAME_BOTTOM > 0.5 * (FRAME_TOP - FRAME_BOTTOM)  # not in the page's last lines


def test_the_text_keeps_its_order(booklet):
    whole = " ".join(text for text, _ in booklet)
    words = ["Opening.", "Second.", "Third.", "Calling the coin", "Following.", "Afterwards.", "Later.",
             "A box under its heading", "Closing."]
    assert [whole.index(w) for w in words] == sorted(whole.index(w) for w in words)


def test_prose_prints_a_plain_zero(booklet):
    """pdftotext reads the digits as they are written..."""
    assert "Scores 10, 20 and 100 use a plain zero." in " ".join(text for text, _ in booklet)


@pytest.mark.parametrize("style", ["Regular", "Bold", "Italic", "BoldItalic"])
def test_the_body_fonts_zero_has_one_counter_and_nothing_else_changes(style):
    """...and the zero drawn is an outline with one oval counter, not the slashed one cut in
    two; every other glyph is the font's own, byte for byte."""
    path = str(ROOT / "fonts" / f"AtkinsonHyperlegible-{style}.ttf")
    before, after = open(path, "rb").read(), plainzero.patched(path)
    glyphs = [_glyphs(font) for font in (before, after)]
    zero = TTFontFile(path).charToGlyph[ord("0")]
    assert len(plainzero._contours(glyphs[0][zero])) == 3
    assert len(plainzero._contours(glyphs[1][zero])) == 2
    assert [g for i, g in enumerate(glyphs[0]) if i != zero] == [g for i, g in enumerate(glyphs[1]) if i != zero]
    assert plainzero.patched(path) is after  # made once per process


def _glyphs(font: bytes) -> list[bytes]:
    tables = plainzero._tables(font)
    head = plainzero._table(font, tables, b"head")
    loca = plainzero._offsets(plainzero._table(font, tables, b"loca"), head[51] == 1)
    glyf = plainzero._table(font, tables, b"glyf")
    return [glyf[a:b] for a, b in zip(loca, loca[1:])]


def test_a_worked_example_in_a_narrow_column_tells_its_story_under_its_cards(built):
    """Poohsticks' handouts set three columns: beside its cards an example's story had two
    or three words a line; under them it has the column's width."""
    folder, _ = built("poohsticks")
    for paper in ("letter", "a4"):
        lines: list = []
        for page in PdfReader(folder / f"handout-{paper}.pdf").pages:
            page.extract_text(visitor_text=lambda text, cm, tm, font, size: lines.append(
                (tm[4] * cm[0] + cm[4], tm[5] * cm[3] + cm[5], text.strip())) if text.strip() else None)
        hand = next((x, y) for x, y, t in lines if t == "Hand")  # the first example's last row of cards
        story = next((x, y) for x, y, t in lines if t.startswith("Your hand is 7, 2 and 5"))
        assert story[1] < hand[1] and story[0] <= hand[0] + 1, (paper, hand, story)
