"""Only what changed: a rebuild carries each part over from the last build when nothing it
reads changed, and a carried-over file is the same bytes a fresh build writes."""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

import pytest

from conftest import ROOT, ppgen, replace_in

URL = ("--tts-url", "https://example.com/tts/")  # the same TTS files whatever the output folder
RECORDS = {".ppgen-inputs.json", ".ppgen-unchanged.json"}  # what each part read (build/carry.py); the command (unchanged/)


def _files(folder: Path) -> dict[str, str]:
    """path -> sha256 of every file of a build (the sidecar and the record aside), and its inode."""
    return {p.relative_to(folder).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file() and p.name not in RECORDS}


def _inodes(folder: Path, pattern: str = "*.pdf") -> dict[str, int]:
    return {p.relative_to(folder).as_posix(): p.stat().st_ino for p in folder.rglob(pattern)}


@pytest.fixture
def game(tmp_path) -> Path:
    folder = tmp_path / "coin-flip"
    folder.mkdir()
    for source in (ROOT / "examples" / "coin-flip").iterdir():
        (folder / source.name).write_bytes(source.read_bytes())
    return folder


def _build(game: Path, out: Path, *args) -> Path:
    run = ppgen("build", game, "--out", out, *URL, *args)
    assert run.code == 0, run.text
    return out / game.name


_FRESH: dict[str, dict[str, str]] = {}  # a game's files and the options -> the files of its fresh build


def _fresh(game: Path, out: Path, *args) -> dict[str, str]:
    """The files of a fresh build: made once for each content of the game and options, as
    several tests end on the same edit."""
    key = hashlib.sha256(repr(args).encode() + b"".join(p.name.encode() + p.read_bytes()
                                                        for p in sorted(game.iterdir()))).hexdigest()
    if key not in _FRESH:
        _FRESH[key] = _files(_build(game, out, *args))
    return _FRESH[key]


@pytest.mark.parametrize("edit, remade", [
    # c3 is neither on the booklet's cover nor in the rules: only the card parts are made again
    (("cards.csv", "c3,Heads", "c3,Crown"), {"cards-letter.pdf", "cards-a4.pdf"}),
    # the rules: the booklet, handouts and aids, never the cut sheets
    (("rules.md", "## Playing", "## How to play"),
     {"rules-booklet.pdf", "rules-booklet-imposed-letter.pdf", "rules-booklet-imposed-a4.pdf", "handout-letter.pdf",
      "handout-a4.pdf", "reference-cards-letter.pdf", "reference-cards-a4.pdf", "reference-sheet-letter.pdf",
      "reference-sheet-a4.pdf"}),
    # a card the rules show (cards("coins", "c1", "c2", "c5")): the booklet too
    (("cards.csv", "c5,Edge", "c5,Rim"), None),
])
def test_a_rebuild_remakes_only_what_changed_and_carries_the_same_bytes(game, tmp_path, edit, remade):
    folder = _build(game, tmp_path / "out")
    before = _inodes(folder)
    replace_in(game / edit[0], edit[1], edit[2])
    _build(game, tmp_path / "out")
    after = _inodes(folder)
    changed = {path for path in after if after[path] != before.get(path)}
    if remade is not None:
        assert changed == remade
    else:
        assert {"cards-letter.pdf", "rules-booklet.pdf"} <= changed
    assert _files(folder) == _fresh(game, tmp_path / "fresh")  # carried == fresh, byte for byte


def test_the_gallery_draws_again_only_the_thumbnails_that_changed(game, tmp_path):
    folder = _build(game, tmp_path / "out")
    before = _inodes(folder / "gallery", "*.png")
    replace_in(game / "cards.csv", "c3,Heads", "c3,Crown")
    _build(game, tmp_path / "out")
    after = _inodes(folder / "gallery", "*.png")
    changed = {path for path in after if after[path] != before.get(path)}
    assert "cards/coins/c3-front.png" in changed and "cards/coins/c1-front.png" not in changed
    assert {p for p in changed if p.startswith("pages/cards-")} and not {p for p in changed if p.startswith("pages/rules")}
    assert _files(folder) == _fresh(game, tmp_path / "fresh")


def test_a_card_edit_links_the_last_builds_other_card_images_unread(game, tmp_path, monkeypatch):
    """A one-card edit: each other card image is the last build's file linked again (the key
    it was drawn under the same, the file as that build left it), not read from the face
    cache, which touches what it reads. An image touched since, or replaced, is not taken
    from the last build; the files are a fresh build's."""
    monkeypatch.setenv("PPGEN_CACHE", str(tmp_path / "cache"))
    folder = _build(game, tmp_path / "out", "--only", "png")
    images = folder / "png" / "coins"
    os.utime(images / "c2-front.png", ns=(10 ** 18, 10 ** 18))  # as another build's read of its cache entry would
    (images / "c4-front.png").unlink()
    (images / "c4-front.png").write_bytes(b"not the card")
    kept = {p.name: p.stat().st_mtime_ns for p in images.glob("*.png")}
    replace_in(game / "cards.csv", "c3,Heads", "c3,Crown")
    run = ppgen("build", game, "--out", tmp_path / "out", *URL, "--only", "png", "-v")
    assert run.code == 0 and "coin-flip: 1 card face drawn (c3 front), 6 from the cache" in run.out, run.text
    now = {p.name: p.stat().st_mtime_ns for p in images.glob("*.png")}
    assert {name for name in kept if now[name] == kept[name]} == {"c1-front.png", "c5-front.png", "c6-front.png",
                                                                  "back.png"}
    assert _files(folder) == _fresh(game, tmp_path / "fresh", "--only", "png")


def test_nothing_changed_carries_every_part(game, tmp_path):
    folder = _build(game, tmp_path / "out")
    before = _inodes(folder)
    (folder / ".ppgen-unchanged.json").unlink()  # else the build stops at once (tests/test_unchanged.py)
    _build(game, tmp_path / "out")
    assert _inodes(folder) == before


def test_an_output_edited_by_hand_is_made_again(game, tmp_path):
    folder = _build(game, tmp_path / "out")
    sheet = folder / "cards-letter.pdf"
    sheet.unlink()  # a hard link to the file of the last build: replace it, as an editor would
    sheet.write_bytes(b"%PDF-1.4 not ours\n")
    run = ppgen("build", game, "--out", tmp_path / "out", *URL)
    assert run.code == 0, run.text
    assert sheet.read_bytes() != b"%PDF-1.4 not ours\n"
    assert _files(folder) == _fresh(game, tmp_path / "fresh")


@pytest.mark.parametrize("sidecar", [
    "not json",
    '{"format": "ppgen-inputs-1", "manifest": "0", "parts": {}}',  # not for this manifest
    '{"format": "ppgen-inputs-1", "manifest": null, "parts": {"cards": 7}}',
])
def test_a_sidecar_ppgen_did_not_write_is_not_trusted(game, tmp_path, sidecar):
    folder = _build(game, tmp_path / "out")
    replace_in(game / "cards.csv", "c3,Heads", "c3,Crown")
    (folder / ".ppgen-inputs.json").write_text(sidecar)
    _build(game, tmp_path / "out")
    assert _files(folder) == _fresh(game, tmp_path / "fresh")
    assert json.loads((folder / ".ppgen-inputs.json").read_text())["format"] == "ppgen-inputs-1"


def test_build_options_are_inputs_of_every_part(game, tmp_path):
    folder = _build(game, tmp_path / "out")
    before = _inodes(folder)
    _build(game, tmp_path / "out", "--no-cut-guides")
    after = _inodes(folder)
    assert all(after[path] != before[path] for path in after)  # an option added later cannot be forgotten
    assert _files(folder) == _fresh(game, tmp_path / "fresh", "--no-cut-guides")
