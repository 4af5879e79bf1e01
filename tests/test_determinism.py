"""Same input, same bytes: a second build of each built-in game is byte for byte the session's
shared build, every part, both papers and every edition; rebuilt into the same folder, even
the manifest and the gallery are."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from conftest import ROOT, build_game, default_edition
from test_corpus import builtin_ids

# Files that name the folder they were built into: the TTS saved objects address their sheets by
# file:// URL, and the gallery and manifest list those files' digests.
NAME_THEIR_FOLDER = ("tts/", "index.html", "manifest.json")


def _editions(folder: Path, game_id: str) -> dict[str, dict]:
    """The manifest's artifacts of each edition a build wrote, by its folder (one, '.', for a
    game without editions; OUT/ID/CODE/ for each edition of one with them)."""
    root = folder if folder.name == game_id else folder.parent
    return {manifest.parent.relative_to(root).as_posix(): json.loads(manifest.read_text())["artifacts"]
            for manifest in sorted([root / "manifest.json", *root.glob("*/manifest.json")]) if manifest.is_file()}


@pytest.mark.parametrize("game_id", builtin_ids())
def test_a_second_build_is_the_same_bytes(game_id, built, tmp_path):
    folder, _ = built(game_id)
    again, _ = build_game(tmp_path, game_id, *(("--edition", "all") if default_edition(game_id) else ()))
    first, second = _editions(folder, game_id), _editions(again, game_id)
    assert list(second) == list(first) and all(
        sorted(a["path"] for a in second[e]) == sorted(a["path"] for a in first[e]) for e in first)
    root = folder if folder.name == game_id else folder.parent
    again_root = again if again.name == game_id else again.parent
    differ = [f"{edition}/{a['path']}" for edition, made in first.items() for a in made
              if not a["path"].startswith(NAME_THEIR_FOLDER)
              and (again_root / edition / a["path"]).read_bytes() != (root / edition / a["path"]).read_bytes()]
    assert not differ, differ


def test_a_rebuild_into_the_same_folder_is_the_same_bytes(tmp_path):
    folder, artifacts = build_game(tmp_path, ROOT / "examples" / "coin-flip")
    before = {path: (folder / path).read_bytes() for path in [*artifacts, "manifest.json"]}
    folder, _ = build_game(tmp_path, ROOT / "examples" / "coin-flip")
    assert {path: (folder / path).read_bytes() for path in before} == before


def test_the_same_game_in_another_folder_is_the_same_bytes(tmp_path):
    """SVG art is drawn once per PDF as a named form: named by the file's content, not by its
    path, or a game moved to another folder printed other bytes."""
    sheets = []
    for where in ("one", "two"):
        game = tmp_path / where / "face-language"
        shutil.copytree(ROOT / "examples" / "face-language", game)
        folder, made = build_game(tmp_path / f"out-{where}", game, "--only", "cards", "--paper", "letter")
        sheets.append({path: (folder / path).read_bytes() for path in made})
    assert sheets[0] == sheets[1]
