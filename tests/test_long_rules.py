"""Long rules: a rules text of some 30 booklet pages never blocks the booklet (its pages grow
in fours, the imposed sheets still pair them for saddle stitching); the one-sheet handout is
made only where it fits (handout = "auto", with one note saying so), demanded (true: an error
saying by how much) or never made (false). validate says what build does."""

from __future__ import annotations

import json
import shutil

import pytest
from pypdf import PdfReader

from conftest import ROOT, line_of, ppgen, replace_in
from generator.parts.pages import saddle_stitch
from generator.units import MM
from test_rules_booklet import LANDSCAPE, halves

NOTE = "note: no handout made, the rules do not fit one sheet, both sides"


def long_rules(chapters: int = 18) -> str:
    """Chapters of sections, each with a paragraph, a list and a table: some 30 A5 pages."""
    out = []
    for ch in range(1, chapters + 1):
        out.append(f"# Chapter {ch}\n")
        for sec in range(1, 4):
            out += [f"## Section {ch}.{sec}\n",
                    "The players take turns round the table, each doing one thing after another. " * 5 + "\n",
                    "- the first thing\n- the second thing\n- the third thing\n",
                    "| roll | result |\n| --- | --- |\n| 1 | nothing |\n| 2 | a coin |\n"]
    return "\n".join(out)


@pytest.fixture(scope="module")
def long_game(tmp_path_factory):
    root = tmp_path_factory.mktemp("long")
    game = root / "long-rules"
    shutil.copytree(ROOT / "examples" / "coin-flip", game)
    with open(game / "rules.md", "a", encoding="utf-8") as rules:
        rules.write("\n" + long_rules())
    return game


@pytest.fixture(scope="module")
def long_build(long_game, tmp_path_factory):
    out = tmp_path_factory.mktemp("long-out")
    run = ppgen("build", long_game, "--only", "rules", "--out", out)
    assert run.code == 0, run.text
    folder = out / long_game.name
    manifest = json.loads((folder / "manifest.json").read_text())
    return run, folder, {a["path"]: a for a in manifest["artifacts"]}


def test_long_rules_validate_with_one_note_even_when_strict(long_game):
    for args in ((), ("--strict",)):
        run = ppgen("validate", *args, long_game)
        assert run.code == 0, run.text
        assert run.err.count(NOTE) == 1 and "error" not in run.err and "warning" not in run.err, run.err
        assert "mm of column" in run.err and "letter:" in run.err and "a4:" in run.err
        assert run.out.strip().endswith("ok (1 component, 6 cards), 1 note")


def test_long_rules_build_the_booklet_without_a_handout(long_build):
    run, folder, artifacts = long_build
    assert run.err.count(NOTE) == 1, run.err  # said once, by the build's validation
    assert not [p for p in artifacts if p.startswith("handout")] and not list(folder.glob("handout*"))
    pages = artifacts["rules-booklet.pdf"]["pages"]
    assert pages >= 30 and pages % 4 == 0
    reader = PdfReader(folder / "rules-booklet.pdf")
    assert len(reader.pages) == pages
    text = "".join(page.extract_text() for page in reader.pages)
    assert "Section 1.1" in text and "Section 18.3" in text  # all of it, to the end


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_long_booklet_imposed_for_saddle_stitching(long_build, paper):
    _, folder, artifacts = long_build
    pages = artifacts["rules-booklet.pdf"]["pages"]
    reader = PdfReader(folder / f"rules-booklet-imposed-{paper}.pdf")
    assert len(reader.pages) == artifacts[f"rules-booklet-imposed-{paper}.pdf"]["pages"] == pages // 2
    seen = []
    for side, page in zip(saddle_stitch(pages), reader.pages):
        numbers = []
        for half in halves(page, LANDSCAPE[paper][0]):
            digits = [t for y, t in half if y < 22 * MM and t.isdigit()]
            numbers.append(int(digits[0]) if digits else 1)  # the title page carries no number
        assert tuple(numbers) == (side.left, side.right)
        seen += numbers
    assert sorted(seen) == list(range(1, pages + 1))


def test_handout_true_that_does_not_fit_is_an_error_at_its_line(long_game, tmp_path):
    game = tmp_path / "long-true"
    shutil.copytree(long_game, game)
    replace_in(game / "game.toml", 'tagline =', 'handout = true\ntagline =')
    line = line_of(game / "game.toml", "handout = true")
    out = tmp_path / "out"
    run = ppgen("build", game, "--out", out)
    assert run.code == 1
    for paper in ("letter", "a4"):
        assert (f"game.toml:{line}: error: handout = true, but the rules do not fit the {paper} handout "
                f"(one sheet, both sides): even with 8 pt text the rules need") in run.err, run.err
    assert "mm of column" in run.err and not out.exists()


def test_handout_false_makes_none_and_says_nothing(tmp_path):
    game = tmp_path / "coin-flip"
    shutil.copytree(ROOT / "examples" / "coin-flip", game)
    replace_in(game / "game.toml", 'tagline =', 'handout = false\ntagline =')
    out = tmp_path / "out"
    run = ppgen("build", game, "--only", "rules", "--paper", "a4", "--out", out)
    assert run.code == 0 and "note" not in run.err, run.text
    assert sorted(p.name for p in (out / "coin-flip").glob("*.pdf")) == [
        "rules-booklet-imposed-a4.pdf", "rules-booklet.pdf"]


def test_short_rules_get_their_handout_without_a_note():
    run = ppgen("validate", ROOT / "examples" / "coin-flip")
    assert run.code == 0 and "note" not in run.text, run.text


def test_past_the_page_limit_long_rules_are_told_apart_from_a_stuck_layout(tmp_path):
    """In-process: the message for rules longer than the booklet's page limit says so, and
    does not blame a block that fits no page."""
    from types import SimpleNamespace

    from generator.parts import pages

    game = SimpleNamespace(rules=tmp_path / "rules.md")
    recorder = pages.Recorder(4)
    for _ in range(3):
        recorder.start_page("left")
        recorder.place(object(), 0, 0, 0)
    recorder.last_line = 900
    long = pages.handle_layout_error(game, recorder, pages.PageLimit("x"), "booklet").problems[0]
    assert long.line == 900 and "the rules run past 4 pages here" in long.message and "stuck" not in long.message
    recorder.start_page("left")  # a page begun and left empty: the layout makes no progress
    stuck = pages.handle_layout_error(game, recorder, pages.PageLimit("x"), "booklet").problems[0]
    assert "stuck" in stuck.message
