"""The card images' worker processes draw the faces the TTS sheets and the gallery paste,
and the TTS sheets themselves (parts/warm.py): on a build with an empty cache this process
draws none of them, and what they make is the same bytes as a build without the cache."""

from __future__ import annotations

import shutil
from pathlib import Path

from conftest import ROOT, ppgen

from generator import cache as face_cache
from generator.build import BuildOptions, build
from generator.kept import Kept
from generator.load.game import load_game
from generator.parts import thumbnails, tts
from generator.validate import validate

URL = "https://example.org/deck/"  # the saved objects are the same bytes in every folder
PARTS = ("png", "tts", "gallery")


def _pictures(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*.png"))
            if p.parts[len(folder.parts)] in ("tts", "gallery")}


def test_the_workers_draw_the_tiles_thumbnails_and_sheets_ahead(tmp_path, monkeypatch):
    game = tmp_path / "deck"
    shutil.copytree(ROOT / "bench" / "bench-deck", game)
    monkeypatch.setenv("PPGEN_CACHE", str(tmp_path / "cache"))
    drawn = []  # in this process: the forked workers count in their own copies
    for name in ("tile", "card"):
        real = getattr(thumbnails, name)
        monkeypatch.setattr(thumbnails, name, lambda *a, real=real, name=name: drawn.append(name) or real(*a))
    sheet_drawing = tts.sheet_drawing  # a sheet pasted and encoded here
    monkeypatch.setattr(tts, "sheet_drawing",
                        lambda *a: (lambda made=sheet_drawing(*a): drawn.append("sheet") or made()))
    store = face_cache.Store.open()
    folder, _ = build(validate(load_game(game), Kept(store)), tmp_path / "warm",
                      BuildOptions(parts=PARTS, jobs=2, cache=store, tts_url=URL))
    assert drawn == []
    made = _pictures(folder)
    assert any(path.startswith("tts/") for path in made) and any(path.startswith("gallery/cards/") for path in made)
    run = ppgen("build", game, "--only", ",".join(PARTS), "--tts-url", URL, "--no-cache", "--out", tmp_path / "fresh")
    assert run.code == 0, run.text
    assert made == _pictures(tmp_path / "fresh" / "deck")


def test_with_one_worker_the_parts_draw_their_own(tmp_path, monkeypatch):
    """No worker processes (--jobs 1): nothing is drawn ahead, and the parts draw it all."""
    game = tmp_path / "deck"
    shutil.copytree(ROOT / "bench" / "bench-deck", game)
    monkeypatch.setenv("PPGEN_CACHE", str(tmp_path / "cache"))
    drawn = []
    real = thumbnails.card
    monkeypatch.setattr(thumbnails, "card", lambda drawing: drawn.append(drawing) or real(drawing))
    store = face_cache.Store.open()
    build(validate(load_game(game), Kept(store)), tmp_path / "one", BuildOptions(parts=PARTS, jobs=1, cache=store,
                                                                                tts_url=URL))
    assert len(drawn) == 54 + 1  # every front and the shared back
