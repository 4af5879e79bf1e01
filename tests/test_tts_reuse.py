"""A one-card edit redraws only the TTS sheet that holds the card: a tile is found by the
digest validate noted for its face and drawn only when the face cache lacks it, a sheet
whose tiles are all the same is taken whole from the cache, and the gallery's thumbnail of
a sheet is kept there by the sheet's sha256. Whatever is taken from the cache is the same
bytes as what a --no-cache build draws, and a damaged entry is never used."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from PIL import Image

from conftest import ROOT, ppgen, replace_in

from generator import cache as face_cache
from generator.build import BuildOptions
from generator.faces import png, pngfile
from generator.kept import Kept
from generator.load.game import load_game
from generator.parts import thumbnails, tts
from generator.validate import validate

URL = ("--tts-url", "https://example.org/deck/")  # the saved objects are the same bytes in every folder
CARDS = 75  # a deck over two sheets (69 to a sheet)


@pytest.fixture
def cache(tmp_path, monkeypatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv("PPGEN_CACHE", str(folder))
    return folder


def _coins(tmp_path: Path, unique_backs: bool = False) -> Path:
    """examples/coin-flip with CARDS cards, Heads and Tails in turn; unique_backs: each back
    shows its card's name (a back sheet beside each face sheet)."""
    game = tmp_path / "coins"
    shutil.copytree(ROOT / "examples" / "coin-flip", game)
    rows = [f"c{n},Heads,#D4A017" if n % 2 else f"c{n},Tails,#8C8C8C" for n in range(1, CARDS + 1)]
    (game / "cards.csv").write_text("id,name,color\n" + "\n".join(rows) + "\n", encoding="utf-8")
    if unique_backs:
        replace_in(game / "game.toml", 'text = "Coin Flip"', 'text = "{name}"')
    return game


def _build(game: Path, out: Path, *more) -> Path:
    run = ppgen("build", game, "--out", out, "--only", "tts,gallery", *URL, *more)
    assert run.code == 0 and "Traceback" not in run.text, run.text
    return out / game.name


def _files(folder: Path) -> dict[str, bytes]:
    """The TTS files and the gallery's thumbnails of the sheets."""
    return {p.relative_to(folder).as_posix(): p.read_bytes()
            for pattern in ("tts/*", "gallery/tts/*") for p in sorted(folder.glob(pattern))}


def _inodes(folder: Path, pattern: str = "tts/*.png") -> dict[str, int]:
    return {p.relative_to(folder).as_posix(): p.stat().st_ino for p in folder.glob(pattern)}


@pytest.mark.parametrize("unique_backs, remade", [
    (False, {"tts/coins-faces-2.png"}),
    (True, {"tts/coins-faces-2.png", "tts/coins-backs-2.png"}),  # c72's back shows its name too
], ids=["shared-back", "unique-backs"])
def test_a_one_card_edit_draws_only_its_sheet_and_the_same_bytes_as_a_fresh_build(tmp_path, cache, unique_backs,
                                                                                 remade):
    game = _coins(tmp_path, unique_backs)
    folder = _build(game, tmp_path / "out")
    before, cards = _inodes(folder), _inodes(folder, "gallery/cards/coins/*.png")
    replace_in(game / "cards.csv", "c72,Tails", "c72,Crown")
    _build(game, tmp_path / "out")
    after = _inodes(folder)
    # a sheet taken from the cache is a hard link to the entry the last build linked too
    assert {path for path in after if after[path] != before[path]} == remade
    now = _inodes(folder, "gallery/cards/coins/*.png")  # the card thumbnails: the edited card's only
    assert {path for path in now if now[path] != cards.get(path)} == {"gallery/cards/coins/c72-front.png"} | (
        {"gallery/cards/coins/c72-back.png"} if unique_backs else set())
    assert _files(folder) == _files(_build(game, tmp_path / "fresh", "--no-cache"))


def _entries_of(cache: Path, files: dict[str, bytes]) -> list[Path]:
    """The face cache's entries that hold the bytes of one of files."""
    wanted = set(files.values())
    return [p for p in (cache / face_cache.FORMAT).glob("*/*.png") if p.read_bytes() in wanted]


def test_a_damaged_sheet_or_thumbnail_entry_is_drawn_again(tmp_path, cache):
    game = _coins(tmp_path)
    first = _files(_build(game, tmp_path / "a"))
    pictures = {path: data for path, data in first.items() if path.endswith(".png")}
    entries = _entries_of(cache, pictures)
    # every picture is an entry: 2 face sheets, 2 backs and their thumbnails (a back may be a tile too)
    assert {p.read_bytes() for p in entries} == set(pictures.values()) and len(pictures) == 8
    for entry in entries:  # one byte changed, its size and the digest beside it left as they were
        data = bytearray(entry.read_bytes())
        data[len(data) // 2] ^= 0xFF
        entry.chmod(0o644)
        entry.write_bytes(bytes(data))
    again = _files(_build(game, tmp_path / "b"))  # another folder: nothing carried from the last build
    assert again == first == _files(_build(game, tmp_path / "fresh", "--no-cache"))


def _plan(game: Path):
    return validate(load_game(game), Kept(face_cache.Store.open()))


def test_a_rebuild_renders_and_decodes_only_what_the_edit_changed(tmp_path, monkeypatch):
    """In one process, as `ppgen watch` builds: the edited face is the only one rendered,
    and only the other tiles of its sheet are decoded (the one drawn is pasted as drawn); the
    other sheet is written from the cache."""
    game = _coins(tmp_path)
    store = face_cache.Store(tmp_path / "cache")
    options = BuildOptions(cache=store, tts_url="https://example.org/deck/")
    for folder in ("first", "again"):
        (tmp_path / folder).mkdir()
    tts.make(_plan(game), tmp_path / "first", options)
    replace_in(game / "cards.csv", "c72,Tails", "c72,Crown")
    plan = _plan(game)
    rendered, opened = [], []
    render, open_image = png.render, Image.open
    monkeypatch.setattr(png, "render", lambda drawing, *a, **k: rendered.append(drawing) or render(drawing, *a, **k))
    monkeypatch.setattr(Image, "open", lambda *a, **k: opened.append(a) or open_image(*a, **k))
    tts.make(plan, tmp_path / "again", options)
    assert len(rendered) == 1  # c72's front
    assert len(opened) == CARDS - 69 - 1 + 1  # the second sheet's tiles but c72's, and its hidden card
    for name in ("coins-faces-1.png", "coins-faces-2.png", "coins-back-1.png", "coins-back-2.png"):
        assert (tmp_path / "again/tts" / name).stat().st_nlink >= 2, name  # linked from the cache


def test_a_thumbnail_size_is_read_from_its_header(tmp_path):
    path = tmp_path / "t.png"
    path.write_bytes(pngfile.png_bytes(Image.new("RGB", (123, 45), "#336699"), 72))
    assert thumbnails.size(path) == (123, 45)
    Image.new("RGB", (7, 9)).save(tmp_path / "t.gif")
    assert thumbnails.size(tmp_path / "t.gif") == (7, 9)


def test_a_sheet_thumbnail_is_small_and_the_same_every_time(tmp_path):
    sheet = tmp_path / "sheet.png"
    image = Image.new("RGB", (4000, 3000), "#FFFFFF")
    image.paste(Image.new("RGB", (2000, 1500), "#AA2233"), (0, 0))
    sheet.write_bytes(pngfile.png_bytes(image))
    first = thumbnails.picture(sheet)
    assert first == thumbnails.picture(sheet)
    tmp = tmp_path / "thumb.png"
    tmp.write_bytes(first)
    with Image.open(tmp) as thumb:
        assert thumb.size == (480, 360)
        assert thumb.getpixel((100, 100)) == (0xAA, 0x22, 0x33) and thumb.getpixel((400, 300)) == (255, 255, 255)
