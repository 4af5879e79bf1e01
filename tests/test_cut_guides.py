"""Cut sheets a scissors user cannot get wrong (issue 24): every card outlined on the fronts,
cards whose backs differ never sharing a cut edge, crop marks that keep the mark rules or a
note that says where there are none, small decks joining a page with room for them.

The sheets are measured as printed: each card's clip rectangle and what is drawn in it are
read back from the PDF's content streams, the marks from its stroked lines."""

from __future__ import annotations

import functools
import json
import math
import re
import shutil
import subprocess

import pytest
from PIL import Image
from pypdf import PdfReader

from conftest import ROOT, ppgen, replace_in, tool
from generator.units import MM

GAMES = ["druids-duel", "fellowship-of-the-ring", "poohsticks", "squib-squares", "uncontrolled-squid"]


@pytest.fixture(scope="module")
def sheets(built):
    """The five games' cut sheets on both papers, from the session's shared builds: {game: folder}."""
    return {game: built(game)[0] for game in GAMES}


# -- reading a sheet back ------------------------------------------------------------------------
# The page's content stream is read with two patterns rather than a full PDF parser (a
# sheet of vector art is half a million operations): the operators the checks need, with
# their numbers, and, inside a card once its placing is read, only the q/Q that end it.
# Literal strings are skipped whole (ReportLab escapes the parentheses inside them).

_STRING = rb"\((?:\\.|[^\\()])*\)"
_NUMBERS = rb"((?:[-+]?(?:\d+\.?\d*|\.\d+)\s+){0,6})"
_OPERATOR = re.compile(_STRING + rb"|(?<![^\s])" + _NUMBERS + rb"(q|Q|cm|re|W\*?|S|m|l|BI)(?=\s|$)")
_NESTING = re.compile(_STRING + rb"|(?<![^\s])(q|Q|BI)(?=\s|$)")


def _block_end(data: bytes, at: int) -> tuple[int, int]:
    """(start, end) of the Q closing the block that is open at data[at:]."""
    depth = 1
    for match in _NESTING.finditer(data, at):
        op = match[1]
        assert op != b"BI", "an inline image in a cut sheet: read it with a full parser"
        if op:
            depth += 1 if op == b"q" else -1
            if depth == 0:
                return match.start(1), match.end()
    raise AssertionError("a q without its Q")


def _page_items(page, reader):
    """(cards, marks, guides) of a page: each card as (clip rectangle x0, y0, x1, y1, what it
    draws), each crop mark as a segment, each cut guide as a stroked rectangle."""
    data = page.get_contents().get_data()
    cards, marks, guides, depth, block, point, at = [], [], [], 0, None, None, 0
    while match := _OPERATOR.search(data, at):
        at, op = match.end(), match[2]
        if op is None:  # a string
            continue
        assert op != b"BI", "an inline image in a cut sheet: read it with a full parser"
        numbers = [float(v) for v in match[1].split()]
        if op == b"q":
            depth += 1
            block = [] if depth == 1 else block
        elif op == b"Q":
            depth -= 1
            if depth == 0:
                _close_block(block, None, cards, guides)
        elif depth == 1 and op == b"cm" and any(o in (b"W", b"W*") for _, o in block):
            end, at = _block_end(data, at)  # a card: the rest is its drawing
            _close_block(block + [(numbers, op)], data[match.end():end], cards, guides)
            depth = 0
        elif depth:
            block.append((numbers, op))
        elif op == b"m":
            point = numbers
        elif op == b"l":
            marks.append((*point, *numbers))
    return cards, marks, guides


def _close_block(block, drawing, cards, guides):
    if drawing is not None:  # a card: its clip (its first rectangle), then its drawing after the move
        x, y, w, h = next(operands for operands, op in block if op == b"re")
        cards.append((x, y, x + w, y + h, drawing))
    elif any(op == b"S" for _, op in block):
        guides += [tuple(operands) for operands, op in block if op == b"re"]


@functools.lru_cache(maxsize=None)
def _sheet(pdf):
    """Each page of a cut-sheet PDF read back, once per path (the tests share the builds)."""
    reader = PdfReader(pdf)
    return [(page, *_page_items(page, reader)) for page in reader.pages]


def _edge_neighbours(cards):
    """Pairs of cards whose clip rectangles overlap in a thin strip along a side: the seam
    overlap two cards have where one cut serves both."""
    pairs = []
    for i, a in enumerate(cards):
        for b in cards[i + 1:]:
            w = min(a[2], b[2]) - max(a[0], b[0])
            h = min(a[3], b[3]) - max(a[1], b[1])
            if w > -0.01 and h > -0.01 and min(w, h) < 1 and max(w, h) > 20:
                pairs.append((a, b))
    return pairs


def _mirror(card, page_w):
    return round(page_w - card[2], 2), round(page_w - card[0], 2)


# -- different backs never share a cut edge --------------------------------------------------------

@pytest.mark.parametrize("game", GAMES)
def test_cards_with_different_backs_never_share_a_cut_edge(sheets, game):
    backs_seen = set()
    for pdf in sorted(sheets[game].glob("cards-*.pdf")):
        pages = _sheet(pdf)
        for (front, fronts, _, _), (back, backs, back_marks, back_guides) in zip(pages[::2], pages[1::2]):
            page_w = float(front.mediabox.width)
            assert back_guides == []  # guides on the fronts only
            # each back is its front mirrored for a long-edge flip, to 0.05 pt
            mirrored = sorted((page_w - c[2], c[1]) for c in fronts)
            for (x, y), (mx, my) in zip(sorted(c[:2] for c in backs), mirrored, strict=True):
                assert abs(x - mx) <= 0.05 and abs(y - my) <= 0.05, (pdf.name, (x, y), (mx, my))
            for a, b in _edge_neighbours(backs):
                assert a[4] == b[4], f"{pdf.name}: backs at {a[:2]} and {b[:2]} share a cut"
            backs_seen |= {c[4] for c in backs}
    if game == "uncontrolled-squid":
        assert len(backs_seen) >= 9  # eight cults and the Squid (and the variants): the measure tells them apart


def test_squid_cults_keep_apart_at_a_cost_of_two_sheets(sheets):
    manifest = json.loads((sheets["uncontrolled-squid"] / "manifest.json").read_text())
    pages = {a["path"]: a.get("pages") for a in manifest["artifacts"]}
    assert pages["cards-cards-letter.pdf"] == pages["cards-cards-a4.pdf"] == 2 * 17  # 117 cards, 15 sheets butted


def test_per_card_backs_in_a_small_game_keep_apart(tmp_path):
    """A back that shows each card's colour: no two colours meet at a cut, on any layout."""
    game = tmp_path / "coin-flip"
    shutil.copytree(ROOT / "examples" / "coin-flip", game)
    with (game / "game.toml").open("a") as toml:
        toml.write('\n[[faces.coin-back.elements]]\ntype = "ellipse"\nx = "7mm"\ny = "5mm"\nw = "10mm"\n'
                   'h = "10mm"\nfill = "{color}"\n')
    for layout in ("standard", "economy", "gutterfold"):
        run = ppgen("build", game, "--only", "cards", "--paper", "letter", "--layout", layout,
                    "--out", tmp_path / layout)
        assert run.code == 0, run.text
        pages = _sheet(tmp_path / layout / "coin-flip" / "cards-letter.pdf")
        assert sum(len(found) for _, found, _, _ in pages) == 12  # six fronts and six backs
        # the backs: every other page, or a gutterfold page's right half
        backs = [c for _, found, _, _ in (pages if layout == "gutterfold" else pages[1::2]) for c in found
                 if layout != "gutterfold" or c[0] > 306]
        assert len(backs) == 6 and len({c[4] for c in backs}) == 4
        for a, b in _edge_neighbours(backs):
            assert a[4] == b[4], (layout, a[:4], b[:4])


# -- cut guides ------------------------------------------------------------------------------------

@pytest.mark.parametrize("game", GAMES)
def test_every_front_is_outlined_on_its_trim(sheets, game):
    for pdf in sorted(sheets[game].glob("cards-*.pdf")):
        pages = _sheet(pdf)
        for page, cards, _, guides in pages[::2]:
            # two strokes (halo, line) round each card, inside its clip and round its middle
            assert len(guides) == 2 * len(cards), pdf.name
            for x, y, w, h in guides:
                assert any(c[0] <= x and c[1] <= y and x + w <= c[2] and y + h <= c[3] for c in cards)


def _raster(pdf, tmp_path, page=1, dpi=150):
    subprocess.run([tool("pdftoppm"), "-r", str(dpi), "-png", "-f", str(page), "-l", str(page), pdf,
                    tmp_path / "r"], check=True)
    (png,) = tmp_path.glob("r-*.png")
    image = Image.open(png).convert("L")
    png.unlink()
    return image


@pytest.mark.parametrize("background, seen", [("#FFFFFF", "dark"), ("#000000", "light")])
def test_guides_show_on_light_and_dark_art_and_go_for_a_guillotine(tmp_path, background, seen):
    game = tmp_path / "coin-flip"
    shutil.copytree(ROOT / "examples" / "coin-flip", game)
    replace_in(game / "game.toml", 'background = "#FFFFFF"', f'background = "{background}"')
    lines = {}
    for guides in (True, False):
        out = tmp_path / f"out-{guides}"
        run = ppgen("build", game, "--only", "cards", "--paper", "letter", "--out", out,
                    *(() if guides else ("--no-cut-guides",)))
        assert run.code == 0, run.text
        pdf = out / "coin-flip" / "cards-letter.pdf"
        (_, cards, _, drawn), _ = _sheet(pdf)[:2]
        assert bool(drawn) == guides
        image = _raster(pdf, tmp_path)
        scale = image.width / float(PdfReader(pdf).pages[0].mediabox.width)
        # the cut between the first two cards of the top row, halfway down
        first, second = sorted(cards, key=lambda c: (-c[3], c[0]))[:2]
        x = (first[2] + second[0]) / 2
        y = image.height - (first[1] + first[3]) / 2 * scale
        strip = [image.getpixel((round(x * scale) + dx, round(y))) for dx in range(-3, 4)]
        lines[guides] = min(strip) if seen == "dark" else max(strip)
    if seen == "dark":  # the line on white art
        assert lines[True] < lines[False] - 60, lines
    else:  # the halo on black art
        assert lines[True] > lines[False] + 120, lines


def test_no_cut_guides_is_in_the_help():
    assert "--no-cut-guides" in ppgen("build", "--help").out


# -- crop marks ------------------------------------------------------------------------------------

@pytest.mark.parametrize("game", GAMES)
def test_marks_keep_clear_of_the_cards_and_the_page_edge(sheets, game):
    """Every crop mark at least 5 mm from the page edge and 1 mm beyond every card's printed
    bleed, which is 3.175 mm: over 4 mm from the trim."""
    for pdf in sorted(sheets[game].glob("cards-*.pdf")):
        for page, cards, marks, _ in _sheet(pdf):
            page_w, page_h = float(page.mediabox.width), float(page.mediabox.height)
            assert marks, pdf.name
            for x1, y1, x2, y2 in marks:
                assert 5 * MM - 0.01 <= min(x1, x2) and max(x1, x2) <= page_w - 5 * MM + 0.01
                assert 5 * MM - 0.01 <= min(y1, y2) and max(y1, y2) <= page_h - 5 * MM + 0.01
                for c in cards:
                    gap = max(c[0] - max(x1, x2), min(x1, x2) - c[2], c[1] - max(y1, y2), min(y1, y2) - c[3])
                    assert gap >= 1 * MM - 0.01, (pdf.name, (x1, y1, x2, y2), c[:4])


@pytest.mark.parametrize("paper, note", [("letter", "No room for top and bottom crop marks: cut on the card outlines"),
                                         ("a4", "No room for side crop marks: cut on the card outlines")])
def test_economy_keeps_nine_cards_and_says_where_it_has_no_marks(tmp_path, paper, note):
    run = ppgen("build", ROOT / "games" / "fellowship-of-the-ring", "--only", "cards", "--layout", "economy",
                "--paper", paper, "--out", tmp_path)
    assert run.code == 0, run.text
    pdf = tmp_path / "fellowship-of-the-ring" / f"cards-{paper}.pdf"
    pages = _sheet(pdf)
    assert len(pages[0][1]) == 9
    assert len(pages) == 2 * math.ceil(53 / 9)
    fronts_text = pages[0][0].extract_text()
    assert note in fronts_text.replace("\n", " ")
    assert note not in pages[1][0].extract_text().replace("\n", " ")  # nobody cuts from the backs


# -- small decks share a page ----------------------------------------------------------------------

@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_druids_markers_join_the_decks_last_page(sheets, paper):
    folder = sheets["druids-duel"]
    assert not (folder / f"cards-markers-{paper}.pdf").exists()
    pages = _sheet(folder / f"cards-deck-{paper}.pdf")
    assert len(pages) == 14
    (_, fronts, marks, _), (_, backs, _, _) = pages[-2:]
    small = [c for c in fronts if c[2] - c[0] < 60 * MM and c[3] - c[1] < 60 * MM]
    assert len(small) == 4 and len(fronts) == 6 + 4 and len(backs) == 10
    # below the deck's six cards, its own marks between
    assert max(c[3] for c in small) + 10 * MM < min(c[1] for c in fronts if c not in small)


# -- the placement's arithmetic --------------------------------------------------------------------

def test_near_finds_what_comparing_every_pair_finds():
    from generator.geometry import grid as gridmath
    from generator.geometry import placement
    grid = gridmath.best_grid(10 * MM, 14 * MM, 0, "letter")  # hundreds of small cards a page
    slots = grid.front_slots()[::3] + [gridmath.Slot(50, 50, 30, 30, 0, 0)]  # holes, and one astride
    for margin in (placement.TOUCH, 9.2):
        brute = [sorted(j for j, b in enumerate(slots) if j != i and placement._gap(a, b) <= margin)
                 for i, a in enumerate(slots)]
        assert placement.near(slots, margin) == brute


def test_a_deck_of_one_back_fills_every_slot_as_one_of_two_backs_kept_apart_would_not():
    from generator.geometry import grid as gridmath
    from generator.geometry import placement
    slots = gridmath.best_grid(63 * MM, 88 * MM, 3 * MM, "letter").front_slots()
    n = len(slots)
    assert n >= 8
    one = list(placement.pages(slots, 2 * n + 2, lambda card: "back"))
    assert one == [[(i, i) for i in range(n)], [(i, n + i) for i in range(n)], [(0, 2 * n), (1, 2 * n + 1)]]
    assert list(placement.pages(slots, 2 * n + 2, None)) == one  # None: one back, said by the caller
    # two backs in turn: a card never touches one of the other back, so pages hold fewer
    two = list(placement.pages(slots, 2 * n + 2, lambda card: card % 2))
    assert sorted(card for page in two for _, card in page) == list(range(2 * n + 2))
    assert all(placement.mixed_edges(slots, page, lambda card: card % 2) == [] for page in two)
    assert len(two) > len(one)


def test_a_corner_neighbour_is_cut_out_of_the_bleed():
    from generator.geometry import grid as gridmath
    from generator.geometry import placement
    a = gridmath.Slot(100, 100, 50, 70, 0, 1)
    diagonal = gridmath.Slot(150, 170, 50, 70, 1, 0)  # meets a only at its top-right corner
    reach = placement.open_sides(a, [diagonal])
    assert reach == (True, True, True, True)
    assert placement.bleed_holes(a, (9, 9, 9, 9), [diagonal]) == [(150, 170, 9, 9)]
    beside = gridmath.Slot(150, 100, 50, 70, 1, 1)
    assert placement.open_sides(a, [beside]) == (True, True, False, True)
    assert placement.bleed_holes(a, (9, 9, placement.SEAM, 9), [beside]) == []  # a seam's hair is no hole
    assert placement.mixed_edges([a, beside], [(0, 0), (1, 1)], lambda card: card) == [(0, 1)]
