"""The face cache: a rebuild after a one-card edit redraws that card only, with the same
bytes as a build without the cache; damaged entries are redrawn; the cache keeps to its
size; `--card` makes a quick look at one card and keeps the rest of the last build."""

from __future__ import annotations

import io
import json
import os
import pty
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from conftest import ROOT, _ppgen_command, build_game, ppgen, replace_in

from generator import cache as face_cache
from generator import progress
from generator.build import BuildOptions, build
from generator.parts import sheets
from generator.load.game import load_game
from generator.validate import faces as validate_faces
from generator.validate import validate


@pytest.fixture
def coin_flip(tmp_path) -> Path:
    """A private copy of examples/coin-flip (six cards and a shared back), to edit."""
    game = tmp_path / "coin-flip"
    shutil.copytree(ROOT / "examples" / "coin-flip", game)
    return game


def _drawn(run) -> str:
    """The -v line: 'coin-flip: 1 card face drawn (c2 front), 12 from the cache'."""
    return next(line for line in run.out.splitlines() if " drawn" in line)


def _pngs(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted((folder / "png").rglob("*.png"))}


def _faces(cache: Path) -> list[Path]:
    """The cache's face entries: PNGs (validate's memo and the cut sheets' pages are entries too)."""
    return sorted(p for p in (cache / face_cache.FORMAT).rglob("*.png") if p.read_bytes()[:4] == b"\x89PNG")


def test_one_card_edit_redraws_that_card_only(tmp_path, coin_flip, monkeypatch):
    cache = tmp_path / "cache"
    monkeypatch.setenv("PPGEN_CACHE", str(cache))
    game = coin_flip
    out = tmp_path / "out"
    first = ppgen("build", game, "--out", out, "--only", "png", "-v")
    assert first.code == 0, first.text
    # c3 and c4 look exactly like c1 and c2 (the face shows no id): drawn once, kept once.
    assert _drawn(first) == "coin-flip: 5 card faces drawn (c1 front, c2 front, c5 front, c6 front, shared back), " \
                            "2 from the cache"
    (out / "coin-flip" / ".ppgen-unchanged.json").unlink()  # else the build stops at once (generator/unchanged/)
    again = ppgen("build", game, "--out", out, "--only", "png", "-v")
    assert _drawn(again) == "coin-flip: 0 card faces drawn, 0 from the cache"  # the part carried over (build/carry.py)
    elsewhere = ppgen("build", game, "--out", tmp_path / "elsewhere", "--only", "png", "-v")
    assert _drawn(elsewhere) == "coin-flip: 0 card faces drawn, 7 from the cache"

    replace_in(game / "cards.csv", "c2,Tails", "c2,Tails up")
    edited = ppgen("build", game, "--out", out, "--only", "png", "-v")
    assert edited.code == 0, edited.text
    assert _drawn(edited) == "coin-flip: 1 card face drawn (c2 front), 6 from the cache"

    # The same bytes as a build that draws everything afresh and keeps nothing.
    fresh = ppgen("build", game, "--out", tmp_path / "fresh", "--only", "png", "-v", "--no-cache")
    assert _drawn(fresh) == "coin-flip: 7 card faces drawn (c1 front, c2 front, c3 front, c4 front, c5 front, " \
                            "c6 front, shared back), 0 from the cache"
    assert _pngs(out / "coin-flip") == _pngs(tmp_path / "fresh" / "coin-flip")
    entries = _faces(cache)
    assert len(entries) == 6  # 5 distinct faces and the c2 of before its edit


def test_damaged_or_deleted_cache_is_redrawn(tmp_path, coin_flip, monkeypatch):
    cache = tmp_path / "cache"
    monkeypatch.setenv("PPGEN_CACHE", str(cache))
    game = coin_flip
    folder, _ = build_game(tmp_path / "a", game, "--only", "png")
    before = _pngs(folder)
    entry = _faces(cache)[0]
    entry.chmod(0o644)
    entry.write_bytes(entry.read_bytes()[:-20])  # cut short, as a full disk would
    run = ppgen("build", game, "--out", tmp_path / "b", "--only", "png", "-v")
    assert run.code == 0, run.text
    assert " 1 card face drawn" in _drawn(run)
    assert _pngs(tmp_path / "b" / "coin-flip") == before
    for path in sorted(cache.rglob("*"), reverse=True):  # the cache may go at any time
        path.chmod(0o755) if path.is_dir() else path.unlink()
    run = ppgen("build", game, "--out", tmp_path / "c", "--only", "png", "-v")
    assert " 5 card faces drawn" in _drawn(run)
    assert _pngs(tmp_path / "c" / "coin-flip") == before


def test_cache_keeps_to_its_size(tmp_path, coin_flip, monkeypatch):
    cache = tmp_path / "cache"
    monkeypatch.setenv("PPGEN_CACHE", str(cache))
    monkeypatch.setenv("PPGEN_CACHE_SIZE", "60000")
    game = coin_flip
    build_game(tmp_path / "out", game, "--only", "png")
    sizes = [p.stat().st_size for p in _faces(cache)]
    assert 0 < len(sizes) < 5 and sum(sizes) <= 60000, sizes


def test_card_quick_look_keeps_the_last_build(tmp_path, coin_flip):
    game = coin_flip
    out = tmp_path / "out"
    folder, before = build_game(out, game, "--only", "cards,png", "--paper", "letter")
    sheets = (folder / "cards-letter.pdf").read_bytes()
    run = ppgen("build", game, "--out", out, "--card", "c5")
    assert run.code == 0, run.text
    manifest = {a["path"]: a for a in json.loads((folder / "manifest.json").read_text())["artifacts"]}
    assert set(manifest) == set(before) | {"card/c5-front.png", "card/c5-back.png", "card/c5.pdf"}
    assert (folder / "cards-letter.pdf").read_bytes() == sheets
    # The quick look is the print-shop image of that card, byte for byte.
    assert (folder / "card/c5-front.png").read_bytes() == (folder / "png/coins/c5-front.png").read_bytes()
    assert manifest["card/c5.pdf"]["pages"] == 2
    assert manifest["card/c5-front.png"] | {"sha256": ""} == {"path": "card/c5-front.png", "kind": "card-preview",
                                                              "component": "coins", "card": "c5", "face": "front",
                                                              "sha256": ""}
    wrong = ppgen("build", game, "--out", out, "--card", "c55")
    assert wrong.code == 2 and "no card 'c55' in coin-flip (did you mean 'c5'?)" in wrong.err, wrong.text
    # The next build replaces the quick look: it might show a card since edited.
    build_game(out, game, "--only", "cards", "--paper", "letter")
    assert not (folder / "card").exists()



def test_card_quick_look_of_cards_in_two_decks_keeps_them_apart(tmp_path, coin_flip):
    """Two decks hold a card 'c-6' and a card '6' of deck 'coins-c': each deck's cards go in a
    folder of its own, so no file name of one can be another's."""
    game = coin_flip
    with (game / "game.toml").open("a", encoding="utf-8") as toml:
        toml.write('\n[[components]]\nid = "coins-c"\nname = "More coins"\nsize = "mini"\ndata = "more.csv"\n'
                   'front = "coin"\nback = "coin-back"\n')
    rows = (game / "cards.csv").read_text(encoding="utf-8").splitlines()
    (game / "more.csv").write_text("\n".join([rows[0], rows[1].replace("c1,", "6,", 1)]) + "\n", encoding="utf-8")
    replace_in(game / "cards.csv", "c6,", "c-6,")
    folder, _ = build_game(tmp_path / "out", game, "--card", "c-6", "--card", "6")
    made = sorted(str(p.relative_to(folder / "card")) for p in (folder / "card").rglob("*") if p.is_file())
    assert made == ["coins-c/6-back.png", "coins-c/6-front.png", "coins-c/6.pdf",
                    "coins/c-6-back.png", "coins/c-6-front.png", "coins/c-6.pdf"], made


def test_progress_bar_on_a_terminal_only(tmp_path, coin_flip):
    game = coin_flip
    piped = ppgen("build", game, "--out", tmp_path / "piped", "--only", "cards,png")
    assert piped.code == 0 and "[" not in piped.err and "left" not in piped.err, piped.err
    # On a terminal: the bar with counts of card images and of cards placed on sheets.
    leader, follower = pty.openpty()
    done = subprocess.run(_ppgen_command() + ["build", str(game), "--out", str(tmp_path / "tty"), "--only",
                                              "cards,png", "--jobs", "1"],
                          stderr=follower, stdout=subprocess.PIPE, timeout=120)
    os.close(follower)
    seen = b""
    while True:
        try:
            chunk = os.read(leader, 65536)
        except OSError:
            break
        if not chunk:
            break
        seen += chunk
    os.close(leader)
    assert done.returncode == 0
    text = seen.decode()
    assert re.search(r"\] card images \d+/7", text) and "cards on sheets" in text, text
    assert "coin-flip: cards-letter.pdf" in text  # the steps still show above the bar


def test_progress_bar_counts_and_time_left():
    stream = io.StringIO()
    bar = progress.Bar(stream, enabled=True)
    tick = bar.task("card images", 10)
    pages = bar.task("pages", 4)
    tick(5)
    pages(4)
    start = bar.tasks[0][3]
    line = progress.render(bar.tasks, start + 2.0)
    bar.message("cards-letter.pdf")
    bar.close()
    assert line.startswith("[" + "#" * 15 + "-" * 9 + "] card images 5/10 · pages 4/4 · 0:02 left"), line
    # A step's line goes above the bar, redrawn below it; closed, the bar leaves a clean line.
    assert "  cards-letter.pdf\n\r\x1b[K[###" in stream.getvalue()
    assert stream.getvalue().endswith("\r\x1b[K")
    quiet = progress.Bar(io.StringIO(), enabled=None)  # not a terminal: nothing at all
    quiet.task("card images", 3)(3)
    quiet.message("x")
    quiet.close()
    assert quiet.stream.getvalue() == ""


def test_cut_sheets_reuse_the_faces_validate_composed(tmp_path, coin_flip, monkeypatch):
    """A deck of at most KEEP_DRAWINGS faces is composed once, by validate: the cut
    sheets draw the same drawings (same bytes as composing them again), so a rebuild
    after a one-card edit does not compose the whole deck twice."""
    composed: list[tuple] = []
    original = sheets.compose

    def counting(game, component, card, side):
        composed.append((card.id, side))
        return original(game, component, card, side)

    monkeypatch.setattr(sheets, "compose", counting)
    game = load_game(coin_flip)
    options = BuildOptions(papers=("a4",), parts=("cards",))
    build(validate(game), tmp_path / "kept", options)
    assert composed == [("c1", "back")]  # the shared back, drawn once as a form
    monkeypatch.setattr(validate_faces, "KEEP_DRAWINGS", 0)
    build(validate(game), tmp_path / "again", options)
    # the shared back twice (once a build), the fronts once, and the first front once more: the
    # preflight measures the deck's sheets from it when validate kept no drawings
    assert len(composed) == 1 + 1 + len(game.components[0].cards) + 1
    assert (tmp_path / "kept" / "coin-flip" / "cards-a4.pdf").read_bytes() == \
        (tmp_path / "again" / "coin-flip" / "cards-a4.pdf").read_bytes()


def test_entries_of_an_earlier_cache_format_go_when_the_cache_is_pruned(tmp_path, coin_flip, monkeypatch):
    """faces-v1 (before the entries had sidecars) is never read again: a build that adds faces
    empties it, and leaves what ppgen did not write there."""
    cache = tmp_path / "cache"
    monkeypatch.setenv("PPGEN_CACHE", str(cache))
    old = cache / "faces-v1" / "ab"
    old.mkdir(parents=True, mode=0o700)
    cache.chmod(0o700)
    (cache / "faces-v1").chmod(0o700)
    entry, foreign = old / f"ab{'0' * 62}.png", old / "notes.txt"
    entry.write_bytes(b"\x89PNG old")
    foreign.write_text("mine")
    build_game(tmp_path / "out", coin_flip, "--only", "png")
    assert not entry.exists() and foreign.read_text() == "mine"
    assert _faces(cache)
