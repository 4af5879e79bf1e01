"""Cut sheets redraw only the pages whose cards changed (parts/sheetcache.py): the other
pages' drawings come from the face cache, and the PDF is the same bytes as one drawn whole
without any cache. A cache entry ppgen did not write is never used."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from conftest import ROOT, ppgen, replace_in

from generator import cache as face_cache
from generator.parts import sheetcache
from generator.parts.pdfdoc import new_canvas

ONLY = ("--only", "cards")


@pytest.fixture
def cache(tmp_path, monkeypatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv("PPGEN_CACHE", str(folder))
    return folder


def _copy(tmp_path: Path, source: Path) -> Path:
    game = tmp_path / source.name
    shutil.copytree(source, game)
    return game


def _build(game: Path, out: Path, *more) -> str:
    """The -v line of a cut-sheet build: '...; 2 cut-sheet pages drawn, 10 kept'."""
    run = ppgen("build", game, "--out", out, *ONLY, "-v", *more)
    assert run.code == 0 and "Traceback" not in run.text, run.text
    return next((line for line in run.out.splitlines() if " drawn" in line), "")


def _sheets(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.glob("cards*.pdf"))}


def _fresh(game: Path, out: Path, *more) -> dict[str, bytes]:
    _build(game, out, "--no-cache", *more)
    return _sheets(out / game.name)


@pytest.mark.parametrize("source, edit, paper, drawn", [
    # coin-flip: one sheet a paper; c3's front page drawn again on Letter and A4, the backs kept
    (ROOT / "examples" / "coin-flip", ("c3,Heads", "c3,Crown"), (), "2 cut-sheet pages drawn, 2 kept"),
    # the bench deck, 7 sheets: card 20's fronts page only
    (ROOT / "bench" / "bench-deck", ("Turtle vs Comet", "Turtle versus Comet"), ("--paper", "letter"),
     "1 cut-sheet page drawn, 13 kept"),
], ids=["coin-flip", "bench-deck"])
def test_a_one_card_edit_redraws_its_page_only_and_writes_the_same_bytes(tmp_path, cache, source, edit, paper,
                                                                           drawn):
    game = _copy(tmp_path, source)
    _build(game, tmp_path / "out", *paper)
    replace_in(game / "cards.csv", *edit)
    assert _build(game, tmp_path / "out", *paper).endswith(drawn)
    assert _sheets(tmp_path / "out" / game.name) == _fresh(game, tmp_path / "fresh", *paper)


def test_a_character_new_to_the_document_renumbers_the_pages_after_it(tmp_path, cache):
    """ReportLab numbers a font's characters in order of first use: a page after one that
    brought a new character is not the same bytes, and is drawn again."""
    game = _copy(tmp_path, ROOT / "bench" / "bench-deck")
    _build(game, tmp_path / "out", "--paper", "letter")
    replace_in(game / "cards.csv", "Turtle vs Comet", "Turtle vs Cométe")
    line = _build(game, tmp_path / "out", "--paper", "letter")
    assert line.endswith("10 cut-sheet pages drawn, 4 kept"), line  # kept: the 2 sheets before card 20's
    assert _sheets(tmp_path / "out" / game.name) == _fresh(game, tmp_path / "fresh", "--paper", "letter")


def _page_entries(cache: Path) -> list[Path]:
    return [p for p in (cache / face_cache.FORMAT).glob("*/*.png") if p.read_bytes().startswith(sheetcache.FORMAT)]


def test_a_page_entry_ppgen_did_not_write_is_drawn_again(tmp_path, cache):
    game = _copy(tmp_path, ROOT / "examples" / "coin-flip")
    _build(game, tmp_path / "out")
    entries = _page_entries(cache)
    assert len(entries) == 2  # one a PDF: Letter and A4
    for entry in entries:  # the streams swapped for others, the digest beside them left as it was
        data = entry.read_bytes()
        entry.chmod(0o644)
        entry.write_bytes(data.replace(b"q", b"Q"))
    replace_in(game / "cards.csv", "c3,Heads", "c3,Crown")
    assert _build(game, tmp_path / "out").endswith("4 cut-sheet pages drawn, 0 kept")
    assert _sheets(tmp_path / "out" / game.name) == _fresh(game, tmp_path / "fresh")


@pytest.mark.parametrize("data", [
    b"",
    b"not ours",
    sheetcache.FORMAT + b"[\n",
    sheetcache.FORMAT + b'[["k", {}, 0]]\n',  # a record without its fields
    sheetcache.FORMAT + b'[["k", {"trim": [0, 0, 1, 1], "bleed": [0, 0, 1, 1], "forms": [], "states": [], '
                        b'"fonts": [7], "chars": {}}, 0]]\n',
    sheetcache.FORMAT + b'[["k", {"trim": [0, 0, 1, 1], "bleed": [0, 0, 1, 1], "forms": [], "states": [], '
                        b'"fonts": [], "chars": {}}, 99]]\nshort',  # a stream longer than the entry
    sheetcache.FORMAT + b'[["k", {"trim": [0, 0, 1, true], "bleed": [0, 0, 1, 1], "forms": [], "states": [], '
                        b'"fonts": [], "chars": {}}, 0]]\n',
    sheetcache.FORMAT + b'{"k": 1}\n',
], ids=["empty", "foreign", "cut", "no-fields", "font-number", "overlong", "bool-box", "not-a-list"])
def test_a_malformed_entry_is_an_empty_one(data):
    assert sheetcache._parse(data) == {}


@pytest.mark.parametrize("fonts, forms", [('["NoSuchFont"]', "[]"), ("[]", '["anImageNoPageDrew"]')],
                         ids=["font", "image"])
def test_a_page_that_needs_what_the_document_lacks_is_drawn_not_replayed(tmp_path, fonts, forms):
    """A font this process has not registered, or an image no page drawn so far added."""
    canvas = new_canvas(tmp_path / "page.pdf", (100, 100))
    record = f'{{"trim":[0,0,1,1],"bleed":[0,0,1,1],"forms":{forms},"states":[],"fonts":{fonts},"chars":{{}}}}'
    assert sheetcache._replay(canvas, record, b"") is False
    assert canvas._doc.Pages.pages == [] and "NoSuchFont" not in canvas._doc.fontMapping
