"""A one-card edit of a big deck pays only for what changed (issue 22): the card images are
linked from the face cache in one visit each and the manifest takes the sha256 the cache
checked instead of hashing every PNG again; and a big cache is pruned without holding its
whole listing. Whatever the shortcut, the files and the manifest are those a build without
any cache writes."""

from __future__ import annotations

import hashlib
import json
import os
import random
import shutil
import string
import time
from pathlib import Path

import pytest

from conftest import ROOT, ppgen, replace_in

from generator import cache as face_cache
from generator.artifacts import Artifact, indented
from generator.cachedisk import Shelf, sidecar
from generator.manifests import unlisted
from generator.output import write_manifest

ONLY = ("--only", "cards,png", "--paper", "letter")


@pytest.fixture
def cache(tmp_path, monkeypatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv("PPGEN_CACHE", str(folder))
    return folder


def _build(game: Path, out: Path, *more) -> None:
    run = ppgen("build", game, "--out", out, *ONLY, *more)
    assert run.code == 0 and "Traceback" not in run.text, run.text


def _files(folder: Path) -> dict[str, bytes]:
    """Every file of a build but the sidecars that name the folder or the cache's keys."""
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file() and not p.name.startswith(".ppgen-")}


def _listed_digests_are_true(folder: Path) -> None:
    manifest = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
    for entry in manifest["artifacts"]:
        assert entry["sha256"] == hashlib.sha256((folder / entry["path"]).read_bytes()).hexdigest(), entry["path"]


def test_a_one_card_edit_writes_what_a_build_without_cache_writes(tmp_path, cache):
    game = tmp_path / "bench-deck"
    shutil.copytree(ROOT / "bench" / "bench-deck", game)
    _build(game, tmp_path / "out")
    replace_in(game / "cards.csv", "Turtle vs Comet", "Turtle versus Comet")
    _build(game, tmp_path / "out")  # the other card images linked from the cache, their digests taken from it
    _build(game, tmp_path / "fresh", "--no-cache")
    assert _files(tmp_path / "out" / game.name) == _files(tmp_path / "fresh" / game.name)
    _listed_digests_are_true(tmp_path / "out" / game.name)


def test_a_card_image_changed_in_place_is_hashed_not_taken_from_the_cache(tmp_path, cache):
    """A card image is a hard link to its cache entry: written through (after a chmod), the
    entry no longer matches its digest, is drawn again, and the manifest hashes what is there."""
    game = tmp_path / "coin-flip"
    shutil.copytree(ROOT / "examples" / "coin-flip", game)
    _build(game, tmp_path / "out")
    built = tmp_path / "out" / game.name
    image = next((built / "png").rglob("*-front.png"))
    os.chmod(image, 0o644)
    image.write_bytes(image.read_bytes() + b"\0")
    replace_in(game / "cards.csv", "c3,Heads", "c3,Crown")
    _build(game, tmp_path / "out")
    _listed_digests_are_true(built)
    _build(game, tmp_path / "fresh", "--no-cache")
    assert _files(built) == _files(tmp_path / "fresh" / game.name)


def test_the_manifest_takes_a_linked_digest_only_for_the_file_as_it_was_linked(tmp_path):
    """The cache's record of a link (by inode: sha256, size, mtime) is used while the file has
    that size and mtime; a file changed since is hashed."""
    (tmp_path / "a.png").write_bytes(b"first")
    (tmp_path / "b.png").write_bytes(b"second")
    told = hashlib.sha256(b"what the cache checked").hexdigest()
    linked = {}
    for name in ("a.png", "b.png"):
        info = os.lstat(tmp_path / name)
        linked[info.st_ino] = bytes.fromhex(told) + face_cache.LINKED.pack(info.st_size, info.st_mtime_ns)
    os.utime(tmp_path / "b.png", ns=(0, 12345))  # b changed since it was linked
    stamps: dict = {}
    write_manifest(tmp_path, "g", "G", "ppgen test", [Artifact("a.png", "card-png"), Artifact("b.png", "card-png")],
                   stamps=stamps, linked=linked)
    digests = {e["path"]: e["sha256"] for e in json.loads((tmp_path / "manifest.json").read_text())["artifacts"]}
    assert digests == {"a.png": told, "b.png": hashlib.sha256(b"second").hexdigest()}
    assert set(stamps) == {"a.png", "b.png"}


@pytest.mark.parametrize("paths, present, strays", [
    (["png/d/x.png"], ["png/d/x.png", "png/d/y.png", "png/e/z.png", "top.txt"],
     ["png/d/y.png", "png/e/", "top.txt"]),
    # a path is matched as written; its folders, normalised, are accounted for
    (["png//d/x.png", "./a.pdf"], ["png/d/x.png", "a.pdf"], ["a.pdf", "png/d/x.png"]),
    ([], ["manifest.json", ".ppgen-inputs.json", "x/y"], ["x/"]),
    (["a/b/c.png", "a/b/", "a"], ["a/b/c.png", "a/b/d.png", "a/e"], ["a/b/d.png", "a/e"]),
])
def test_files_the_manifest_does_not_list_are_found(tmp_path, paths, present, strays):
    for path in present:
        (tmp_path / path).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / path).write_bytes(b"")
    assert unlisted(tmp_path, [{"path": p} for p in paths]) == strays


def test_a_linked_folder_is_a_stray(tmp_path):
    (tmp_path / "png").mkdir()
    (tmp_path / "elsewhere").mkdir()
    (tmp_path / "png" / "d").symlink_to(tmp_path / "elsewhere")
    assert unlisted(tmp_path, [{"path": "png/d/x.png"}, {"path": "elsewhere/k"}]) == ["png/d/"]


def _entry(shelf: Shelf, number: int, mtime: float) -> str:
    key = hashlib.sha256(str(number).encode()).hexdigest()
    shelf.write(key, b"x" * 1000)
    folder = shelf.root / shelf.name / key[:2]
    for suffix in (".png", ".sum"):
        os.utime(folder / f"{key}{suffix}", (mtime, mtime))
    return key


def test_pruning_keeps_the_most_recently_used_and_drops_stale_temporary_files(tmp_path):
    shelf = Shelf(tmp_path / "cache", "faces-v2")
    now = time.time()
    keys = [_entry(shelf, n, now - 1000 + n) for n in range(6)]  # the higher, the more recent
    folder = tmp_path / "cache" / "faces-v2" / keys[0][:2]
    stale, fresh = folder / ".0123456789abcdef.tmp", folder / ".fedcba9876543210.tmp"
    stale.write_bytes(b"y" * 10)
    fresh.write_bytes(b"y" * 10)
    os.utime(stale, (now - 2 * 86400, now - 2 * 86400))
    size = 1000 + len(sidecar(b"x" * 1000))  # an entry: its PNG and its sidecar
    removed = shelf.prune(3 * size + 10)  # room for three entries and the fresh temporary file
    assert removed == 4  # the three oldest and the stale temporary file
    assert [shelf.read(key) is not None for key in keys] == [False] * 3 + [True] * 3
    assert not stale.exists() and fresh.exists()
    assert shelf.prune(1 << 30) == 0


def test_a_recent_count_well_under_the_limit_spares_the_listing(tmp_path):
    """After a count, a build that added little raises the count and lists nothing; one that
    brings the cache to half its limit, or a count an hour old, lists and prunes again."""
    shelf = Shelf(tmp_path / "cache", "faces-v2")
    now = time.time()
    key = _entry(shelf, 0, now)
    stale = tmp_path / "cache" / "faces-v2" / key[:2] / ".0123456789abcdef.tmp"
    usage = tmp_path / "cache" / "faces-v2" / "usage"

    def plant_stale():
        stale.write_bytes(b"y")
        os.utime(stale, (now - 2 * 86400, now - 2 * 86400))

    size = 1000 + len(sidecar(b"x" * 1000))
    assert shelf.prune(10 * size, added=5) == 0 and int(usage.read_text().split()[0]) == size  # no count yet: counted
    plant_stale()
    assert shelf.prune(10 * size, added=5) == 0 and stale.exists()  # well under: not listed
    assert int(usage.read_text().split()[0]) == size + 5
    assert shelf.prune(10 * size, added=4 * size) == 1 and not stale.exists()  # to half the limit: listed
    plant_stale()
    os.chmod(usage, 0o644)
    usage.write_text(f"{size} {int(now) - 2 * 3600}\n")  # counted two hours ago
    assert shelf.prune(10 * size, added=5) == 1 and not stale.exists()
    usage.unlink()
    usage.write_text("not a count\n")
    plant_stale()
    assert shelf.prune(10 * size, added=5) == 1


def _any_value(rng: random.Random):
    pick = rng.random()
    if pick < 0.4:
        return "".join(rng.choice(string.printable + "é\u202e\u00a0\"\\\x00\u2028😀") for _ in range(rng.randrange(12)))
    if pick < 0.55:
        return rng.randrange(-10 ** 6, 10 ** 6)
    if pick < 0.7:
        return rng.choice([0.0, -0.0, 1.5, 1e-7, 1e22, float("nan"), float("inf")])
    if pick < 0.8:
        return rng.choice([True, False, None])
    return rng.choice([[], [1, "two"], {}, {"nested": 1}])


def test_a_manifest_entry_reads_as_json_indented_writes_it():
    """artifacts.indented puts a plain entry together itself (json indents in Python, twice
    as slow): the same text as json.dumps(indent=2, ensure_ascii=False), whatever it holds."""
    rng = random.Random(22)
    for _ in range(5000):
        entry = {rng.choice(["path", "kind", "card", "k\u00e9\"y", "pages"]) + str(i): _any_value(rng)
                 for i in range(rng.randrange(7))}
        assert indented(entry) == json.dumps(entry, indent=2, ensure_ascii=False), entry
