"""validate's work on each face kept in the face cache between builds (validate/facememo.py):
a face whose card, game.toml and files did not change is not composed again in validate,
and nothing a user sees changes for it: the same files as a build without the cache, the
same problems, at the same lines, in the same order."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from PIL import Image

from conftest import GAMES, ROOT, ppgen, replace_in

from generator import cache
from generator.faces.painters import GENERIC
from generator.faces.fill import face_for
from generator.kept import Kept
from generator.load.game import load_game
from generator.manifests import RECORD, SIDECAR
from generator.validate import faces as validate_faces
from generator.validate import facememo, validate

ONLY = ("--only", "cards,png", "--paper", "letter")
IMAGE_FACE = """
[[faces.coin.elements]]
type = "image"
x = "30mm"
y = "3mm"
w = "10mm"
h = "10mm"
path = "{data.art}"
"""


@pytest.fixture
def store(tmp_path, monkeypatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv("PPGEN_CACHE", str(folder))
    return folder


def _copy(tmp_path: Path, source: Path, name: str | None = None) -> Path:
    game = tmp_path / (name or source.name)
    shutil.copytree(source, game)
    return game


def _with_image(tmp_path: Path) -> Path:
    """coin-flip with a picture on every front."""
    game = _copy(tmp_path, ROOT / "examples" / "coin-flip")
    replace_in(game / "game.toml", "hand_size = 2", 'hand_size = 2\nart = "art.png"')  # named by [data]:
    with (game / "game.toml").open("a", encoding="utf-8") as toml:  # loading does not look at it, compose does
        toml.write(IMAGE_FACE)
    Image.new("RGB", (200, 200), "#2255AA").save(game / "art.png")
    return game


def _kept() -> Kept:
    """What a build with the face cache (PPGEN_CACHE) hands validate."""
    return Kept(cache.Store.open())


def _composed(game_folder: Path, monkeypatch, cached: bool = True):
    """(the faces validate composed, its Composed): a validate of the game's faces as a
    build with the face cache runs it."""
    calls = []
    real = validate_faces.compose

    def counted(game, component, card, side, *more):
        calls.append((component.id, card.id if card else None, side))
        return real(game, component, card, side, *more)

    monkeypatch.setattr(validate_faces, "compose", counted)
    return calls, validate_faces.check(load_game(game_folder), _kept() if cached else None)


def _findings(composed) -> tuple:
    """What validate found of the faces, by card id (not object)."""
    faulty = [(f.component.id, f.card.id if f.card else None, f.side, f.faults, f.elements) for f in composed.faulty]
    seen = {look: (s.component.id, s.card.id if s.card else None, s.side) for look, s in composed.seen.items()}
    return composed.problems, composed.digests, composed.icon_sides, faulty, seen


def _all_faces(game_folder: Path) -> list[tuple]:
    game = load_game(game_folder)
    return [(c.id, card.id if card else None, side) for c in game.components
            for card, side in validate_faces.sides(game, c)]


def test_an_unchanged_face_is_not_composed_again(tmp_path, store, monkeypatch):
    game = _with_image(tmp_path)
    first, cold = _composed(game, monkeypatch)
    assert first == _all_faces(game)
    again, warm = _composed(game, monkeypatch)
    assert again == []
    assert _findings(warm) == _findings(cold)
    assert warm.drawings == {}  # the build composes a face whose PNG or page is not cached either

    replace_in(game / "cards.csv", "c2,Tails", "c2,Tails up")
    edited, after = _composed(game, monkeypatch)
    assert edited == [("coins", "c2", "front")]
    fresh = _findings(_composed(game, monkeypatch, cached=False)[1])
    assert _findings(after)[2:] == fresh[2:] and after.problems == fresh[0]
    assert after.digests[("coins", "c2", "front")] != cold.digests[("coins", "c2", "front")]


@pytest.mark.parametrize("edit", [
    lambda game: Image.new("RGB", (200, 200), "#AA2255").save(game / "art.png"),  # same name, new picture
    lambda game: replace_in(game / "game.toml", "hand_size = 2", "hand_size = 3"),  # [data]
    lambda game: replace_in(game / "game.toml", 'stroke = "#555555"', 'stroke = "#555556"'),  # a face
    lambda game: replace_in(game / "game.toml", 'title = "Coin Flip"', 'title = "Coin Toss"'),  # game.title
    lambda game: replace_in(game / "game.toml", 'size = "mini"', 'size = "poker"'),  # the component
], ids=["image-bytes", "data", "face", "title", "component"])
def test_what_a_face_reads_changed_composes_it_again(tmp_path, store, monkeypatch, edit):
    game = _with_image(tmp_path)
    _, before = _composed(game, monkeypatch)
    edit(game)
    composed, after = _composed(game, monkeypatch)
    fronts = [face for face in _all_faces(game) if face[2] == "front"]
    assert set(fronts) <= set(composed)  # every front reads the picture, the data, the face, the game
    _, fresh = _composed(game, monkeypatch, cached=False)
    assert after.problems == fresh.problems and after.icon_sides == fresh.icon_sides


def test_a_picture_swapped_for_a_link_out_of_the_game_is_refused(tmp_path, store, monkeypatch):
    game = _with_image(tmp_path)
    assert ppgen("build", game, "--out", tmp_path / "a", *ONLY).code == 0
    outside = tmp_path / "elsewhere.png"
    shutil.copy(game / "art.png", outside)  # the same bytes
    (game / "art.png").unlink()
    (game / "art.png").symlink_to(outside)
    run = ppgen("build", game, "--out", tmp_path / "b", *ONLY)
    assert run.code == 1 and "Traceback" not in run.text, run.text
    assert "error: face 'coin' image 'art.png' points outside the game folder" in run.err
    # validate's faces alone (the check above runs first): the memo does not vouch for it
    composed, found = _composed(game, monkeypatch)
    assert [face for face in _all_faces(game) if face[2] == "front"] == composed
    assert "image 'art.png' not found in the game folder" in found.problems[0].message


def test_a_face_a_rule_set_draws_is_never_kept(tmp_path, store, monkeypatch):
    game = _copy(tmp_path, GAMES / "poohsticks")
    _composed(game, monkeypatch)
    again, _ = _composed(game, monkeypatch)
    loaded = load_game(game)
    painted = [(c, card, side) for c, card, side in _all_faces(game)
               if any(e.type not in GENERIC for e in face_for(loaded, loaded.component(c),
                                                               _card(loaded, c, card), side).elements)]
    assert painted and again == painted


def _card(game, component_id: str, card_id: str | None):
    return next((c for c in game.component(component_id).cards if c.id == card_id), None)


def _memo_entries(folder: Path) -> list[Path]:
    return [p for p in (folder / cache.FORMAT).rglob("*.png") if p.read_bytes().startswith(facememo.FORMAT)]


@pytest.mark.parametrize("damage", ["bytes", "planted"])
def test_a_damaged_memo_is_ignored(tmp_path, store, monkeypatch, damage):
    game = _with_image(tmp_path)
    _, cold = _composed(game, monkeypatch)
    [entry] = _memo_entries(store)
    if damage == "bytes":  # the entry no longer matches the digest beside it
        entry.chmod(0o644)
        entry.write_bytes(entry.read_bytes().replace(b'"', b"'", 3))
    else:  # an entry that matches its digest, its records of every wrong shape
        lines = entry.read_bytes().split(b"\n")[1:-1]
        digest = b'"' + b"0" * 64 + b'"'
        wrong = [b"[]", b"{", b'["x",[],[],[],null]', b"[" + b"[" * 5000 + b"]" * 5001,
                 b"[" + digest + b',[],[["p",-1]],[],null]', b"[" + digest + b',[],[],[["bad",0,1,null]],null]',
                 b"[" + digest + b',[],[],[["small-text",0,1,99]],null]', b"[" + digest + b',[],[],[],["x",[]]]',
                 b'["' + b"g" * 64 + b'",[],[],[],null]', b'["\\u0030' + b"0" * 58 + b'",[],[],[],null]']
        planted = facememo.FORMAT + b"".join(line.split(b"\t")[0] + b"\t" + wrong[i % len(wrong)] + b"\n"
                                             for i, line in enumerate(lines))
        cache.Store.open().keep(facememo.Memo(_kept(), load_game(game)).slot, planted)
    composed, warm = _composed(game, monkeypatch)
    assert composed == _all_faces(game)
    assert _findings(warm) == _findings(cold)


def _user_sees(run) -> list[str]:
    return [line for line in run.text.splitlines() if ": warning:" in line or ": error:" in line]


def _files(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file() and p.name not in (SIDECAR, RECORD)}  # the records name their folder


@pytest.mark.parametrize("source, edit", [
    (ROOT / "bench" / "bench-deck", ("Turtle vs Comet", "Turtle versus Comet")),
    (GAMES / "poohsticks", None),
    ("image", ("c2,Tails", "c2,Tails up")),
], ids=["bench-deck", "poohsticks", "coin-flip-image"])
def test_the_memo_changes_nothing_a_user_sees(tmp_path, store, source, edit):
    game = _with_image(tmp_path) if source == "image" else _copy(tmp_path, source)
    name = game.name
    checked = ppgen("validate", game, "--paper", "letter")
    cold = ppgen("build", game, "--out", tmp_path / "cold", *ONLY)
    warm = ppgen("build", game, "--out", tmp_path / "warm", *ONLY)  # a new folder: nothing carried over
    assert cold.code == warm.code == checked.code == 0, cold.text + warm.text
    assert _memo_entries(store) or source == GAMES / "poohsticks"  # a rule set draws its every face
    assert _user_sees(cold) == _user_sees(warm) == _user_sees(checked)
    assert _files(tmp_path / "cold" / name) == _files(tmp_path / "warm" / name)
    edited, made = warm, "warm"  # no edit: the warm build is what a build after it would be
    if edit is not None:
        replace_in(game / "cards.csv", *edit)
        edited, made, checked = (ppgen("build", game, "--out", tmp_path / "edited", *ONLY), "edited",
                                 ppgen("validate", game, "--paper", "letter"))
    fresh = ppgen("build", game, "--out", tmp_path / "fresh", *ONLY, "--no-cache")
    assert _user_sees(edited) == _user_sees(fresh) == _user_sees(checked)
    assert _files(tmp_path / made / name) == _files(tmp_path / "fresh" / name)


def test_no_cache_keeps_no_memo(tmp_path, store):
    game = _copy(tmp_path, ROOT / "examples" / "coin-flip")
    assert ppgen("build", game, "--out", tmp_path / "out", *ONLY, "--no-cache").code == 0
    assert not store.exists() or _memo_entries(store) == []


def test_problems_are_the_same_from_the_memo(tmp_path, store):
    """validate's whole plan of problems, in process: cold, warm and without the memo."""
    game = _copy(tmp_path, ROOT / "bench" / "bench-deck")
    plain = validate(load_game(game)).problems
    assert plain  # the preflight's warnings, at least
    assert validate(load_game(game), _kept()).problems == plain
    assert validate(load_game(game), _kept()).problems == plain
    assert os.environ["PPGEN_CACHE"] == str(store) and _memo_entries(store)
