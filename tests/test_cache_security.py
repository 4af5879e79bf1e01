"""The face cache trusts nothing it finds on disk (issue 19): a PNG planted under a face's
key is drawn again, a link planted in the cache is never followed (neither by a build nor
by pruning), a root that is a link or that others can write is not used (the build says so
and goes on), its folders are private; and the key reads only the font files a game
names, as regular files: a FIFO or a /dev/zero link among the game's files costs nothing."""

from __future__ import annotations

import hashlib
import os
import resource
import shutil
import subprocess
import time
from pathlib import Path

import pytest
from PIL import Image

from conftest import ROOT, _ppgen_command, ppgen, replace_in

from generator import cache as face_cache
from generator import cachedisk

FORMAT = face_cache.FORMAT
SIZE_LIMIT = 2 * 1024 ** 3


@pytest.fixture
def coin_flip(tmp_path) -> Path:
    game = tmp_path / "coin-flip"
    shutil.copytree(ROOT / "examples" / "coin-flip", game)
    return game


@pytest.fixture
def cache(tmp_path, monkeypatch) -> Path:
    """PPGEN_CACHE for this test's ppgen runs: a folder not made yet."""
    folder = tmp_path / "cache"
    monkeypatch.setenv("PPGEN_CACHE", str(folder))
    return folder


def _pngs(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted((folder / "png").rglob("*.png"))}


def _drawn(run) -> str:
    return next(line for line in run.out.splitlines() if " drawn" in line)


_FRESH: dict[str, dict[str, bytes]] = {}  # the files of a game -> the card images it makes


def _fresh(game: Path, out: Path) -> dict[str, bytes]:
    """The card images of a build that uses no cache at all: made once per game's content,
    as many tests compare against the same unchanged coin-flip."""
    key = hashlib.sha256(b"".join(p.name.encode() + p.read_bytes() for p in sorted(game.rglob("*"))
                                  if p.is_file())).hexdigest()
    if key not in _FRESH:
        run = ppgen("build", game, "--out", out, "--only", "png", "--no-cache")
        assert run.code == 0, run.text
        _FRESH[key] = _pngs(out / game.name)
    return _FRESH[key]


def _build(game: Path, out: Path, *more):
    run = ppgen("build", game, "--out", out, "--only", "png", "-v", *more)
    assert run.code == 0 and "Traceback" not in run.text, run.text
    return run


def _entries(cache: Path, suffix: str = ".png") -> list[Path]:
    """The cache's entries (KEY.png) or their sidecars (KEY.sum)."""
    return sorted(p for p in (cache / FORMAT).glob(f"*/*{suffix}") if len(p.stem) == 64)


def _faces(cache: Path) -> list[Path]:
    """The entries that are card faces: PNGs (the others keep validate's work on the faces,
    layout decisions and cut-sheet pages)."""
    return [p for p in _entries(cache) if p.read_bytes()[:4] == b"\x89PNG"]


def _snapshot(folder: Path) -> dict[str, tuple]:
    """Every name under folder (links not followed) with its kind, mode and bytes."""
    seen = {}
    for path in sorted(folder.rglob("*")):
        info = path.lstat()
        content = os.readlink(path) if path.is_symlink() else path.read_bytes() if path.is_file() else None
        seen[path.relative_to(folder).as_posix()] = (info.st_mode, content, info.st_mtime_ns)
    return seen


def _outside(tmp_path: Path) -> Path:
    """A folder outside the cache, as a user's home might be: what a planted link points at."""
    folder = tmp_path / "home"
    folder.mkdir()
    (folder / ".profile").write_text("export PATH=$PATH\n")
    (folder / "keep.txt").write_text("keep me\n")
    Image.new("RGB", (40, 40), "#CC0000").save(folder / "victim.png")
    return folder


def test_planted_png_is_drawn_again(tmp_path, coin_flip, cache):
    _build(coin_flip, tmp_path / "a")
    entries = _faces(cache)
    assert len(entries) == 5
    other = tmp_path / "other.png"
    Image.new("RGB", (525, 750), "#00AA00").save(other)  # a valid PNG, not the face
    for entry in entries:
        entry.chmod(0o644)
        entry.write_bytes(other.read_bytes())
    entries[0].with_suffix(".sum").unlink()  # and one entry without its digest
    run = _build(coin_flip, tmp_path / "b")
    assert " 5 card faces drawn" in _drawn(run), run.out
    fresh = _fresh(coin_flip, tmp_path / "fresh")
    assert _pngs(tmp_path / "b" / "coin-flip") == fresh
    again = _build(coin_flip, tmp_path / "c")  # the entries were rewritten
    assert _drawn(again) == "coin-flip: 0 card faces drawn, 7 from the cache"
    assert _pngs(tmp_path / "c" / "coin-flip") == fresh


def _plant_entry_link(cache: Path, outside: Path) -> None:
    entry = _faces(cache)[0]
    entry.unlink()
    entry.symlink_to(outside / "victim.png")


def _plant_subfolder_link(cache: Path, outside: Path) -> None:
    """A two-hex-digit subfolder replaced by a link to a folder holding entry-named files."""
    sub = _entries(cache)[0].parent
    for path in sub.iterdir():
        shutil.copy(path, outside / path.name)
        os.utime(outside / path.name, (0, 0))  # the oldest of all: the first pruning would take
    shutil.rmtree(sub)
    sub.symlink_to(outside, target_is_directory=True)


def _plant_format_link(cache: Path, outside: Path) -> None:
    """The format folder itself a link to a folder laid out as a cache."""
    shutil.copytree(cache / FORMAT, outside / FORMAT, copy_function=shutil.copy)
    shutil.rmtree(cache / FORMAT)
    (cache / FORMAT).symlink_to(outside / FORMAT, target_is_directory=True)


def _plant_temporary_link(cache: Path, outside: Path) -> None:
    """A link named as a stale temporary file: pruning deletes those."""
    link = _entries(cache)[0].parent / ".0123456789abcdef.tmp"
    link.symlink_to(outside / "keep.txt")
    os.utime(link, (0, 0), follow_symlinks=False)


@pytest.mark.parametrize("plant", [_plant_entry_link, _plant_subfolder_link, _plant_format_link,
                                   _plant_temporary_link], ids=["entry", "subfolder", "format", "temporary"])
def test_planted_links_are_never_followed(tmp_path, coin_flip, cache, monkeypatch, plant):
    _build(coin_flip, tmp_path / "a")
    outside = _outside(tmp_path)
    plant(cache, outside)
    before = _snapshot(outside)
    monkeypatch.setenv("PPGEN_CACHE_SIZE", "1")  # every build ends pruning all it can
    for out in ("b", "c"):
        _build(coin_flip, tmp_path / out)
        assert _snapshot(outside) == before  # nothing written, touched or deleted out there
        folder = tmp_path / out / "coin-flip"
        assert not [p for p in folder.rglob("*") if p.is_symlink()]
        assert _pngs(folder) == _fresh(coin_flip, tmp_path / f"fresh-{out}")


def test_pruning_deletes_only_its_own_files(tmp_path, coin_flip, cache, monkeypatch):
    _build(coin_flip, tmp_path / "a")
    sub = _entries(cache)[0].parent
    strangers = [sub / "notes.txt", sub / "ABCDEF.png", cache / FORMAT / "zz" / "keep.png", cache / "keep.txt"]
    for path in strangers:
        path.parent.mkdir(exist_ok=True)
        path.write_text("not the cache's\n")
        os.utime(path, (0, 0))
    monkeypatch.setenv("PPGEN_CACHE_SIZE", "1")
    replace_in(coin_flip / "cards.csv", "c2,Tails", "c2,Tails up")  # a face drawn: the build prunes
    _build(coin_flip, tmp_path / "b")
    assert _entries(cache) == [] and _entries(cache, ".sum") == []
    assert all(path.read_text() == "not the cache's\n" for path in strangers)


def _warning(cache: Path, why: str) -> str:
    return f"ppgen: warning: face cache {cache} not used: {why}"


def test_root_that_is_a_link_is_not_used(tmp_path, coin_flip, cache):
    real = tmp_path / "real"
    real.mkdir(mode=0o700)
    cache.symlink_to(real, target_is_directory=True)
    second = tmp_path / "second"
    shutil.copytree(coin_flip, second)
    run = ppgen("build", coin_flip, second, "--out", tmp_path / "a", "--only", "png", "-v")
    assert run.code == 0, run.text
    assert run.err.count("ppgen: warning:") == 1, run.err  # once, for both games
    assert _warning(cache, "it is a symbolic link") in run.err
    assert "coin-flip: 7 card faces drawn" in run.out and ", 0 from the cache" in run.out
    assert list(real.iterdir()) == []
    assert _pngs(tmp_path / "a" / "coin-flip") == _fresh(coin_flip, tmp_path / "fresh")


@pytest.mark.parametrize("mode", [0o777, 0o770, 0o702])
def test_root_others_can_write_is_not_used(tmp_path, coin_flip, cache, mode):
    cache.mkdir()
    cache.chmod(mode)
    if not mode & 0o002:  # only its group can write: refused when that group is not the user's own
        if os.geteuid() != 0:
            pytest.skip("only root can give a folder to another group")
        os.chown(cache, -1, 54321)
    run = _build(coin_flip, tmp_path / "a")
    assert _warning(cache, f"others can write to it (mode {mode:04o})") in run.err, run.err
    assert list(cache.iterdir()) == []
    quiet = ppgen("build", coin_flip, "--out", tmp_path / "b", "--only", "png", "--no-cache")
    assert quiet.code == 0 and "warning" not in quiet.err  # --no-cache: the cache is not looked at


def test_root_its_owners_private_group_can_write_is_used(tmp_path, coin_flip, cache):
    """Debian and Ubuntu give each user a group of their own and umask 002: a cache folder
    made by hand there is 0775, and that group lets no one else in."""
    if not cachedisk._private_group(os.getegid()):
        pytest.skip("this user's group has other members")
    cache.mkdir()
    cache.chmod(0o775)
    run = _build(coin_flip, tmp_path / "a")
    assert "warning" not in run.err and list(cache.iterdir()), run.err


def test_root_of_another_user_is_not_used(tmp_path, coin_flip, cache):
    if os.geteuid() != 0:
        pytest.skip("only root can give a folder to another user")
    cache.mkdir(mode=0o700)
    os.chown(cache, 65534, 65534)
    run = _build(coin_flip, tmp_path / "a")
    assert _warning(cache, "it belongs to another user") in run.err, run.err
    assert list(cache.iterdir()) == []


def test_root_that_is_a_file_is_not_used(tmp_path, coin_flip, cache):
    cache.write_text("not a folder\n")
    run = _build(coin_flip, tmp_path / "a")
    assert _warning(cache, "it is not a folder") in run.err, run.err
    assert cache.read_text() == "not a folder\n"


def test_folders_made_are_private(tmp_path, coin_flip, monkeypatch):
    cache = tmp_path / "deep" / "cache"
    monkeypatch.setenv("PPGEN_CACHE", str(cache))
    run = _build(coin_flip, tmp_path / "a")
    assert "warning" not in run.err, run.err
    folders = [cache] + [p for p in cache.rglob("*") if p.is_dir()]
    assert len(folders) >= 3  # the root, the format folder, the subfolders of the entries
    assert {oct(p.stat().st_mode & 0o777) for p in folders} == {oct(0o700)}
    assert {oct(p.stat().st_mode & 0o777) for p in cache.rglob("*") if p.is_file()} == {oct(0o444)}


def _limited() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (SIZE_LIMIT, SIZE_LIMIT))


def _run_limited(*args, timeout: float = 60) -> tuple[subprocess.CompletedProcess, float]:
    start = time.monotonic()
    done = subprocess.run(_ppgen_command() + [str(a) for a in args], capture_output=True, text=True,
                          timeout=timeout, preexec_fn=_limited)
    return done, time.monotonic() - start


def test_the_key_reads_only_the_fonts_a_game_names(tmp_path, coin_flip, cache):
    """Unreferenced font-named files (a /dev/zero link, a FIFO, a link out of the folder, a
    font in a subfolder) are not read: the build finishes at once, and changing them redraws
    nothing. The font [fonts] names is read: changing it redraws what uses it."""
    os.symlink("/dev/zero", coin_flip / "zero.ttf")
    os.mkfifo(coin_flip / "pipe.ttf")
    outside_font = tmp_path / "outside.ttf"
    shutil.copy(ROOT / "fonts" / "DejaVuSans.ttf", outside_font)
    os.symlink(outside_font, coin_flip / "outside.ttf")
    (coin_flip / "fonts").mkdir()
    shutil.copy(ROOT / "fonts" / "FredokaOne-Regular.ttf", coin_flip / "fonts" / "display.ttf")
    shutil.copy(ROOT / "fonts" / "DejaVuSans.ttf", coin_flip / "fonts" / "unused.ttf")
    replace_in(coin_flip / "game.toml", "[faces.coin]", '[fonts]\ndisplay = "fonts/display.ttf"\n\n[faces.coin]')
    validated, _ = _run_limited("validate", coin_flip)
    assert validated.returncode == 0, validated.stdout + validated.stderr
    for out in ("a", "b"):
        built, seconds = _run_limited("build", coin_flip, "--out", tmp_path / out, "--only", "png", "-v")
        assert built.returncode == 0 and seconds < 30, (seconds, built.stdout + built.stderr)
    assert "0 card faces drawn, 7 from the cache" in built.stdout, built.stdout

    shutil.copy(ROOT / "fonts" / "DejaVuSans-Bold.ttf", outside_font)
    shutil.copy(ROOT / "fonts" / "DejaVuSans-Bold.ttf", coin_flip / "fonts" / "unused.ttf")
    built, _ = _run_limited("build", coin_flip, "--out", tmp_path / "c", "--only", "png", "-v")
    assert "0 card faces drawn, 7 from the cache" in built.stdout, built.stdout

    shutil.copy(ROOT / "fonts" / "DejaVuSans.ttf", coin_flip / "fonts" / "display.ttf")
    built, _ = _run_limited("build", coin_flip, "--out", tmp_path / "d", "--only", "png", "-v")
    assert built.returncode == 0, built.stdout + built.stderr
    assert "5 card faces drawn" in built.stdout, built.stdout  # the game's fonts key all its faces


def test_file_digest_reads_regular_files_only(tmp_path):
    """What the key hashes is read as a regular file: a FIFO, a device (even through a
    link) or a missing file has a digest of its own, at once; a file's digest follows its
    bytes, and a link's the bytes of the file it leads to (what the drawing shows)."""
    regular = tmp_path / "font.ttf"
    regular.write_bytes(b"one")
    os.mkfifo(tmp_path / "pipe.ttf")
    os.symlink("/dev/zero", tmp_path / "zero.ttf")
    os.symlink(tmp_path / "pipe.ttf", tmp_path / "to-pipe.ttf")
    os.symlink(regular, tmp_path / "link.ttf")
    start = time.monotonic()
    odd = {face_cache.file_digest(str(tmp_path / name)) for name in ("pipe.ttf", "zero.ttf", "to-pipe.ttf",
                                                                     "gone.ttf", "/dev/zero")}
    assert time.monotonic() - start < 5
    assert odd == {"not a regular file"}
    first = face_cache.file_digest(str(regular))
    assert face_cache.file_digest(str(tmp_path / "link.ttf")) == first
    regular.write_bytes(b"two!")
    assert face_cache.file_digest(str(regular)) not in (first, "not a regular file")
    assert face_cache.file_digest(str(tmp_path / "link.ttf")) == face_cache.file_digest(str(regular))
