"""Same input, same bytes: a second build of each built-in game is byte for byte the session's
shared build, every part and both papers; rebuilt into the same folder, even the manifest and
the gallery are."""

from __future__ import annotations

import pytest

from conftest import ROOT, build_game
from test_corpus import builtin_ids

# Files that name the folder they were built into: the TTS saved objects address their sheets by
# file:// URL, and the gallery and manifest list those files' digests.
NAME_THEIR_FOLDER = ("tts/", "index.html", "manifest.json")


@pytest.mark.parametrize("game_id", builtin_ids())
def test_a_second_build_is_the_same_bytes(game_id, built, tmp_path):
    folder, artifacts = built(game_id)
    again, again_artifacts = build_game(tmp_path, game_id)
    assert sorted(again_artifacts) == sorted(artifacts)
    differ = [path for path in artifacts if not path.startswith(NAME_THEIR_FOLDER)
              and (again / path).read_bytes() != (folder / path).read_bytes()]
    assert not differ, differ


def test_a_rebuild_into_the_same_folder_is_the_same_bytes(tmp_path):
    folder, artifacts = build_game(tmp_path, ROOT / "examples" / "coin-flip")
    before = {path: (folder / path).read_bytes() for path in [*artifacts, "manifest.json"]}
    folder, _ = build_game(tmp_path, ROOT / "examples" / "coin-flip")
    assert {path: (folder / path).read_bytes() for path in before} == before
