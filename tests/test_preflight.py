"""The print preflight (issue 24): what cannot be a corpus case. The five games and the
examples pass it under --strict on every layout and both papers; a rule set's element that
sets text below 6 pt is caught; the rules themselves, measured on hand-made drawings and
sheets; colour vision against published figures; the PDFs' metadata and font subset tags.
The broken games (a frame or text in the safe margin, backs alike for a deuteranope) are in
tests/corpus_preflight.py."""

from __future__ import annotations

import re
import subprocess

import pytest

from conftest import GAMES, ROOT, build_game, line_of, ppgen, replace_in, tool
from generator import ops as op
from generator.geometry.grid import SheetGrid
from generator.geometry.placement import mixed_edges
from generator.text.subsettags import tag
from generator.units import MM
from generator.validate import inkzone, sheets
from generator.validate.colourvision import delta_e00, seen_apart

POKER = op.FaceDrawing(180 + 18, 252 + 18, 9, ())  # 2.5 x 3.5 in with 1/8 in bleed
SAFE = 9.0


def drawn(*ops) -> op.FaceDrawing:
    return op.FaceDrawing(POKER.width, POKER.height, POKER.bleed, tuple(ops))


def test_the_games_and_examples_pass_the_preflight_under_strict(validated):
    """No warning at all: what --strict would refuse."""
    games = sorted(p.name for p in GAMES.iterdir() if (p / "game.toml").is_file())
    examples = [ROOT / "examples" / name for name in ("coin-flip", "face-language", "market-day", "standard-deck")]
    for game in games + examples:
        run = validated(game)
        assert run.code == 0 and "warning" not in run.err and "error" not in run.err, run.text


def test_text_a_rule_set_sets_below_6_pt_on_a_card_is_a_warning(copy_game):
    game = copy_game("uncontrolled-squid")
    manifest = game / "game.toml"
    replace_in(manifest, 'type = "cult-card"\nx = "0in"\ny = "0in"\nw = "2.5in"\nh = "3.5in"',
               'type = "cult-card"\nx = "0.625in"\ny = "0.875in"\nw = "1.25in"\nh = "1.75in"')
    run = ppgen("validate", game)
    element = line_of(manifest, 'type = "cult-card"') - 1  # its [[faces.cult-front.elements]]
    where = f"game.toml:{element}: warning: face 'cult-front' cult-card: "
    assert run.code == 0 and any(where in line and "text prints at 3.50 pt, below the 6 pt" in line
                                 for line in run.err.splitlines()), run.text
    assert ppgen("validate", "--strict", game).code == 1


# -- the rules on drawings --------------------------------------------------------------------------

@pytest.mark.parametrize("ops, kinds", [
    ((op.Rect(9 + 5, 9 + 5, 170, 242, None, "#000000", 1.0),), {"frame-margin"}),  # 5 pt in: in the margin
    ((op.Rect(9 + 10, 9 + 10, 160, 232, None, "#000000", 1.0),), set()),  # inside the safe line
    ((op.Rect(2, 2, 194, 266, None, "#000000", 1.0),), set()),  # out in the bleed
    ((op.Rect(9 + 5, 9 + 5, 170, 242, "#FFEEDD", "#000000", 1.0),), set()),  # a filled panel is art
    ((op.Rect(9 + 2, 9 + 100, 20, 20, None, "#000000", 1.0),), set()),  # a motif near the edge, not a frame
    ((op.Line(9 + 3, 40, 9 + 3, 230, "#000000", 1.0),), {"frame-margin"}),  # a rule along the edge
    ((op.Text(9 + 2, 100, "Near the edge", "body", 8),), {"text-margin"}),
    ((op.Text(9 + 20, 100, "Well inside", "body", 8),), set()),
    ((op.Text(9 + 20, 100, "Tiny", "body", 5),), {"small-text"}),
    ((op.Group((op.Text(0, 0, "Shrunk", "body", 8),), op.compose(op.scale(0.5), op.translate(60, 100))),),
     {"small-text"}),
    ((op.Group((op.Text(0, 0, "Turned", "body", 8),), op.compose(op.rotate(90), op.translate(9 + 2, 100))),),
     {"text-margin"}),
])
def test_the_face_rules(ops, kinds):
    assert {fault.kind for fault in inkzone.faults(drawn(*ops), SAFE)} == kinds


def test_a_mark_too_near_a_trim_or_the_paper_edge_is_found():
    grid = SheetGrid(612, 792, 180, 252, 9, 2, 2, False)
    slots = grid.front_slots()
    assert all(sheets._mark_fault(mark, slots, grid) is None for mark in grid.marks())
    x0, y = slots[0].x, slots[0].y + 100  # beside the first card
    assert "from a card's trim" in sheets._mark_fault((x0 - 2 * MM, y, x0 - 1 * MM, y), slots, grid)
    assert "from the paper's edge" in sheets._mark_fault((2 * MM, y, 8 * MM, y), slots, grid)


def test_backs_that_differ_on_a_shared_edge_are_found():
    slots = SheetGrid(612, 792, 180, 252, 9, 3, 3, False).front_slots()
    backs = ["red", "red", "blue"]
    assert mixed_edges(slots, [(0, 0), (1, 1), (2, 2)], backs.__getitem__) == [(1, 2)]
    assert mixed_edges(slots, [(0, 0), (1, 1), (5, 2)], backs.__getitem__) == []  # slot 5 meets slot 1 at a corner


# -- colour vision ----------------------------------------------------------------------------------

@pytest.mark.parametrize("first, second, expected", [  # Sharma, Wu and Dalal (2005), table 1
    ((50.0, 2.6772, -79.7751), (50.0, 0.0, -82.7485), 2.0425),
    ((50.0, 2.5, 0.0), (73.0, 25.0, -18.0), 27.1492),
    ((60.2574, -34.0099, 36.2677), (60.4626, -34.1751, 39.4387), 1.2644),
    ((22.7233, 20.0904, -46.6940), (23.0331, 14.9730, -42.5619), 2.0373),
])
def test_ciede2000_matches_the_published_pairs(first, second, expected):
    assert delta_e00(first, second) == pytest.approx(expected, abs=1e-4)


def test_red_and_green_collapse_for_a_deuteranope_and_not_for_others():
    red, green = "#B4463C", "#6E823C"
    assert seen_apart(red, green) > 40
    assert seen_apart(red, green, "deuteranopia") < 5
    assert seen_apart(red, green, "tritanopia") > 30


# -- the PDFs -----------------------------------------------------------------------------------------

def test_pdfs_carry_the_games_metadata_and_tags_unique_to_each_subset(tmp_path):
    folder, artifacts = build_game(tmp_path, ROOT / "examples" / "coin-flip", "--only", "cards,rules", "--paper",
                                   "a4")
    info = subprocess.run([tool("pdfinfo"), folder / "cards-a4.pdf"], capture_output=True, text=True).stdout
    assert "Author:          Example game for the ppgen format" in info and "anonymous" not in info
    assert "Keywords:        print and play, coin-flip, 2-4 players, 5 minutes" in info
    tags: dict[str, set[str]] = {}
    for path in artifacts:
        if path.endswith(".pdf"):
            listing = subprocess.run([tool("pdffonts"), folder / path], capture_output=True, text=True).stdout
            for name in re.findall(r"^([A-Z]{6})\+(\S+)", listing, re.M):
                tags.setdefault(name[1], set()).add(name[0])
    assert tags and all("AAAAAA" not in found for found in tags.values())
    assert any(len(found) > 1 for found in tags.values())  # a font's different subsets, different tags


def test_a_subset_tag_is_its_glyphs():
    assert tag(b"Body", [65, 66]) == tag(b"Body", [65, 66])
    assert tag(b"Body", [65, 66]) != tag(b"Body", [65, 67]) != tag(b"Bold", [65, 67])
    assert re.fullmatch(rb"[A-Z]{6}", tag(b"Body", list(range(200))))
