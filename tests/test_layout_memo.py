"""Layout decisions kept between runs (generator/layoutmemo.py): validating the same rules
again lays each out once instead of searching, says exactly the same, and builds the same
bytes; a kept decision that is garbage, or no longer holds, is searched for again."""

from __future__ import annotations

import shutil
from types import SimpleNamespace
from pathlib import Path

import pytest
from PIL import Image

from conftest import ROOT, ppgen
from generator.cache import Store
from generator.choices import PAPERS
from generator.kept import Kept
from generator.load.game import load_game
from generator.parts import booklet, handout
from generator.text import icons
from generator.validate import measure, validate

ICON_RULES = "\n\n## Pay :coin: to win\n\nEach :coin: you hold at the end scores one point.\n"
LOW_DPI = "icon 'coin': this 20 × 20 px image prints at"


@pytest.fixture
def game(tmp_path) -> Path:
    """coin-flip with an image icon in its rules: small enough to warn of its dpi there, which
    the searches' trial layouts note at their sizes."""
    folder = tmp_path / "coin-flip"
    shutil.copytree(ROOT / "examples" / "coin-flip", folder)
    toml = folder / "game.toml"
    toml.write_text(toml.read_text().replace("[faces.coin]", '[icons]\ncoin = "coin.png"\n\n[faces.coin]', 1))
    Image.new("RGB", (20, 20), "#D4A017").save(folder / "coin.png")
    with open(folder / "rules.md", "a", encoding="utf-8") as rules:
        rules.write(ICON_RULES)
    return folder


class Counting:
    """How many layouts the booklet and the handouts ran."""

    def __init__(self, monkeypatch):
        self.booklet = self.handout = 0
        lay_out, attempt = booklet.Booklet._lay_out, handout.Handout.attempt

        def counted_lay_out(book, *args):
            self.booklet += 1
            return lay_out(book, *args)

        def counted_attempt(sheet, *args):
            self.handout += 1
            return attempt(sheet, *args)
        monkeypatch.setattr(booklet.Booklet, "_lay_out", counted_lay_out)
        monkeypatch.setattr(handout.Handout, "attempt", counted_attempt)


def _said(plan) -> tuple:
    fits = {paper: (sheet.measure, fit.body_size, len(fit.pages)) for paper, (sheet, fit) in plan.handouts.items()}
    return plan.problems, fits, len(plan.booklet.pages), plan.aids


def test_a_second_validate_lays_out_once_and_says_the_same(game, tmp_path, monkeypatch):
    monkeypatch.setenv("PPGEN_CACHE", str(tmp_path / "cache"))
    count = Counting(monkeypatch)
    alone = validate(load_game(game), None, PAPERS)
    searched = count.handout
    assert any(LOW_DPI in p.message for p in alone.problems), alone.problems
    memo = Kept(Store.open())
    first = validate(load_game(game), memo, PAPERS)
    count.booklet = count.handout = 0
    second = validate(load_game(game), Kept(Store.open()), PAPERS)
    assert count.booklet == 1 and count.handout == len(PAPERS) < searched, (count.booklet, count.handout, searched)
    assert _said(alone) == _said(first) == _said(second)


class Recorded(Kept):
    """A memo that lists what it was asked to keep."""
    kept: list[str] = []

    def keep(self, game, what, value):
        self.kept.append(what)
        super().keep(game, what, value)


@pytest.mark.parametrize("planted", [
    b"not json", b"[]", b'{"value": null, "sides": {}}', b'{"value": {"contents": "yes", "before": 9}, "sides": {}}',
    b'{"value": {"letter": {"measure": 99, "size": 9.0}, "a4": {"measure": 0, "size": 40.0}}, "sides": {}}',
    b'{"value": {"letter": {"why": 3}}, "sides": {"x": "big"}}', b'{"value": -1.0, "sides": {}}'])
def test_a_kept_decision_that_is_garbage_or_fails_is_searched_again(planted, game, tmp_path, monkeypatch):
    monkeypatch.setenv("PPGEN_CACHE", str(tmp_path / "cache"))
    loaded = load_game(game)
    alone = validate(loaded, None, PAPERS)
    memo = Recorded(Store.open())
    Recorded.kept = []
    validate(loaded, memo, PAPERS)
    assert len(Recorded.kept) >= 4  # aids (card, two sheets), booklet, handouts, text sizes
    for what in Recorded.kept:
        memo.store.keep(memo._layouts._key(loaded, what), planted)
    again = validate(load_game(game), Kept(Store.open()), PAPERS)
    assert _said(again) == _said(alone)


def test_a_build_whose_layouts_were_kept_is_the_same_bytes(game, tmp_path, monkeypatch):
    monkeypatch.setenv("PPGEN_CACHE", str(tmp_path / "cache"))
    made = {}
    for name, options in (("first", ()), ("kept", ()), ("none", ("--no-cache",))):
        out = tmp_path / name
        run = ppgen("build", game, "--only", "rules,aids", "--out", out, *options)
        assert run.code == 0 and LOW_DPI in run.err, run.text
        made[name] = {p.relative_to(out): p.read_bytes() for p in sorted(out.rglob("*.pdf"))}
    assert made["first"] and made["first"] == made["kept"] == made["none"]


def test_an_edited_image_is_laid_out_again(game, tmp_path, monkeypatch):
    """A picture's size moves the text around it: its bytes are in the key."""
    monkeypatch.setenv("PPGEN_CACHE", str(tmp_path / "cache"))
    validate(load_game(game), Kept(Store.open()), PAPERS)
    Image.new("RGB", (22, 22), "#D4A017").save(game / "coin.png")
    count = Counting(monkeypatch)
    again = validate(load_game(game), Kept(Store.open()), PAPERS)
    assert count.handout > len(PAPERS)
    assert any("this 22 × 22 px image" in p.message for p in again.problems), again.problems


def test_a_copied_or_renamed_game_keeps_its_layouts(game, tmp_path, monkeypatch):
    """The key holds the game's content, not its place: a copy in another folder, under
    another name, lays its rules out once and says what a search would have said."""
    monkeypatch.setenv("PPGEN_CACHE", str(tmp_path / "cache"))
    validate(load_game(game), Kept(Store.open()), PAPERS)
    copy = tmp_path / "elsewhere" / "my-variant"
    shutil.copytree(game, copy)
    count = Counting(monkeypatch)
    moved = validate(load_game(copy), Kept(Store.open()), PAPERS)
    assert count.booklet == 1 and count.handout == len(PAPERS), (count.booklet, count.handout)
    alone = validate(load_game(copy), None, PAPERS)
    assert any(LOW_DPI in p.message for p in moved.problems), moved.problems
    assert _said(moved) == _said(alone)


def test_a_kept_search_notes_the_copy_s_own_icons(tmp_path):
    """The sides a spared search noted are kept as <game>/NAME and noted again under the
    folder of the game that recalls them (the low-dpi warning names that game's file)."""
    class Memo(dict):
        def recall(self, game, what):
            return self.get(what)

        def keep(self, game, what, value):
            self[what] = value

    memo, noted = Memo(), {}
    games = [SimpleNamespace(root=tmp_path / name) for name in ("original", "copy")]
    with measure.Hints(memo, games[0], None).deciding("search") as decision:
        icons.image_side(icons.Icon("coin", path=str(games[0].root / "coin.png")), 12.0)
        decision.value = 1.0
    with icons.noting_sides(noted), measure.Hints(memo, games[1], None).deciding("search") as decision:
        decision.value = decision.hint
    assert decision.hint == 1.0 and list(noted) == [str(games[1].root / "coin.png")], noted


def test_validate_hands_the_build_the_booklet_and_handouts_it_drew(game, tmp_path, monkeypatch):
    """Measuring the text sizes draws the booklet and handouts as the build would: the build
    saves those canvases (plan.drawn) rather than drawing them again, the same bytes. When
    the sizes come from the memo, nothing is drawn and the build draws them itself (the
    test above: the same bytes either way)."""
    monkeypatch.setenv("PPGEN_CACHE", str(tmp_path / "cache"))
    first = validate(load_game(game), Kept(Store.open()), PAPERS)
    assert set(first.drawn) == {booklet.BOOKLET, *(handout.file_name(paper) for paper in first.handouts)}
    assert first.handouts
    booklet.write_booklet(tmp_path / "booklet.pdf", first.booklet.book, first.booklet.pages)
    assert first.drawn[booklet.BOOKLET].getpdfdata() == (tmp_path / "booklet.pdf").read_bytes()
    for paper, (sheet, fit) in first.handouts.items():
        sheet.write(tmp_path / "handout.pdf", fit)
        assert first.drawn[handout.file_name(paper)].getpdfdata() == (tmp_path / "handout.pdf").read_bytes()
    assert not validate(load_game(game), Kept(Store.open()), PAPERS).drawn
