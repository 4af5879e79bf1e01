"""`ppgen build` with nothing changed says so and writes nothing (generator/unchanged/): the same
command over the same inputs, with the last build's files as written. Anything else builds."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image

from conftest import ROOT, ppgen, replace_in
from generator.unchanged import stamps

COIN_FLIP = ROOT / "examples" / "coin-flip"
ARGS = ("--paper", "letter")  # a whole build on one paper: every part, fewer files
RECORD = ".ppgen-unchanged.json"


@pytest.fixture(autouse=True, scope="module")
def own_cache(tmp_path_factory):
    """A face cache of this module's own: a hit in a shared one (another test's build) touches
    the mtime of the card images linked from it, and these tests look at every mtime."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("PPGEN_CACHE", str(tmp_path_factory.mktemp("unchanged-cache")))
        yield


@pytest.fixture
def game(tmp_path) -> Path:
    """A copy of coin-flip with a column no face reads (a warning) and an image none shows."""
    folder = tmp_path / "coin-flip"
    shutil.copytree(COIN_FLIP, folder)
    lines = (folder / "cards.csv").read_text(encoding="utf-8").splitlines()
    (folder / "cards.csv").write_text("\n".join([lines[0] + ",memo"] + [line + ",x" for line in lines[1:]]) + "\n",
                                      encoding="utf-8")
    Image.new("RGB", (20, 20), "#336699").save(folder / "art.png")
    return folder


def _build(game: Path, out: Path, *args):
    run = ppgen("build", game, "--out", out, *ARGS, *args)
    assert run.code == 0, run.text
    return run


def _skipped(run) -> bool:
    return "nothing changed since the last build" in run.out and ": wrote " not in run.out


def _state(folder: Path) -> dict[str, tuple]:
    """Every file under folder, hidden ones too: its mtime, inode and bytes."""
    return {p.relative_to(folder).as_posix(): (p.stat().st_mtime_ns, p.stat().st_ino, p.read_bytes())
            for p in sorted(folder.rglob("*")) if p.is_file()}


def test_a_second_build_says_so_writes_nothing_and_prints_the_same_warnings(game, tmp_path):
    out = tmp_path / "out"
    first = _build(game, out)
    assert "warning:" in first.err and "memo" in first.err, first.err
    before = _state(tmp_path)
    again = _build(game, out)
    files = len(json.loads((out / "coin-flip" / "manifest.json").read_text())["artifacts"])
    assert again.out == f"coin-flip: nothing changed since the last build ({files} files in {out / 'coin-flip'})\n"
    assert again.err == first.err  # the warnings, the same text in the same order
    assert _state(tmp_path) == before  # game and output: not a byte, an mtime or an inode changed
    verbose = _build(game, out, "-v")
    assert "coin-flip: not built: the same command" in verbose.out and "(0 compared by content)" in verbose.out


def test_the_short_circuit_loads_neither_reportlab_nor_pillow(game, tmp_path):
    _build(game, tmp_path / "out")
    script = Path(sys.executable).parent / "ppgen"  # as ppgen runs: the same sys.path, so the same key
    done = subprocess.run([sys.executable, "-X", "importtime", str(script), "build", str(game), "--out",
                           str(tmp_path / "out"), *ARGS], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and "nothing changed" in done.stdout, done.stdout + done.stderr
    imported = [line.rsplit("|", 1)[-1].strip() for line in done.stderr.splitlines() if line.startswith("import time")]
    assert not [name for name in imported if name.split(".")[0] in ("reportlab", "PIL", "pypdfium2", "jinja2")]


def _new_file(game: Path) -> None:
    (game / "rules.de.md").write_text("# Münzwurf\n", encoding="utf-8")


def _edit_image(game: Path) -> None:
    Image.new("RGB", (20, 20), "#996633").save(game / "art.png")


CHANGES = [  # each made after a build that holds the one before it: alone, it must make the next build
    (lambda game: replace_in(game / "cards.csv", "c2,Tails", "c2,Tails up"), "cards.csv"),
    (lambda game: replace_in(game / "game.toml", 'title = "', 'title = "The '), "game.toml"),
    (lambda game: replace_in(game / "rules.md", "## Playing", "## How to play"), "rules.md"),
    (_edit_image, "art.png"),
    (_new_file, "rules.de.md (new)"),
    (lambda game: (game / "art.png").unlink(), "art.png (gone)"),
    (lambda game: (game / "art").mkdir(), "art/ (new)"),
    (lambda game: (game / "notes.txt").symlink_to("rules.md"), "notes.txt (new)"),
]


def test_any_change_in_the_game_folder_builds(game, tmp_path):
    out = tmp_path / "out"
    _build(game, out)
    for change, why in CHANGES:
        change(game)
        run = _build(game, out, "-v")
        assert ": wrote " in run.out and f"changed in the game folder: {why}" in run.out, (why, run.out)
        assert _skipped(_build(game, out)), why  # and the build after that one stands


def _append(path: Path) -> None:
    with open(path, "ab") as handle:
        handle.write(b"% mine\n")


def _replace_same_size(path: Path) -> None:
    data = path.read_bytes()
    path.unlink()  # a hard link to the face cache or the last build: replaced, as an editor would
    path.write_bytes(data[:-1] + bytes([data[-1] ^ 1]))


def _edit_in_place(path: Path) -> None:
    """The same size and inode: only the mtime tells (an edit that also sets the mtime back,
    touch -r, is not seen: the trust make and git place in a file's stat)."""
    with open(path, "r+b") as handle:
        first = handle.read(1)
        handle.seek(0)
        handle.write(bytes([first[0] ^ 1]))


SPOILS = [  # each on the build the one before it left, made again
    (_append, "cards-letter.pdf"),
    (lambda path: path.unlink(), "cards-letter.pdf"),
    (_replace_same_size, "png/coins/c1-front.png"),
    (_edit_in_place, "index.html"),
    (lambda path: (path.unlink(), path.symlink_to(path.with_name("cards-letter.pdf"))), "handout-letter.pdf"),
]


def test_an_output_changed_by_hand_is_made_again(game, tmp_path):
    out = tmp_path / "out"
    _build(game, out)
    folder = out / "coin-flip"
    for spoil, made in SPOILS:
        written = (folder / made).read_bytes()
        spoil(folder / made)
        run = _build(game, out, "-v")
        assert ": wrote " in run.out and "coin-flip: building:" in run.out, (made, run.out)
        assert (folder / made).read_bytes() == written and not (folder / made).is_symlink(), made
        assert _skipped(_build(game, out)), made


def test_a_file_touched_but_unchanged_is_compared_by_content(game, tmp_path):
    out = tmp_path / "out"
    _build(game, out)
    os.utime(out / "coin-flip" / "cards-letter.pdf")
    run = _build(game, out, "-v")
    assert _skipped(run) and "(1 compared by content)" in run.out, run.out


def test_a_file_added_to_the_output_folder_builds(game, tmp_path):
    """The build refuses the folder then, as it always did: the short circuit must not hide it."""
    out = tmp_path / "out"
    _build(game, out)
    (out / "coin-flip" / "notes.txt").write_text("mine")
    run = ppgen("build", game, "--out", out, *ARGS)
    assert run.code == 1 and "notes.txt" in run.err, run.text


@pytest.mark.parametrize("option", [("--paper", "a4"), ("--only", "cards"), ("--print-shop", "mpc"),
                                    ("--no-cut-guides",), ("--layout", "economy"), ("--large-print",),
                                    ("--tts-url", "https://example.com/tts/")])
def test_another_option_builds(game, tmp_path, option):
    out = tmp_path / "out"
    _build(game, out)
    run = _build(game, out, *option, "-v")
    assert ": wrote " in run.out and "another command" in run.out, run.out
    assert _skipped(_build(game, out, *option))


def test_a_reportlab_setting_in_the_environment_builds(game, tmp_path, monkeypatch):
    out = tmp_path / "out"
    _build(game, out)
    monkeypatch.setenv("RL_useA85", "1")  # ReportLab's rl_config reads RL_* variables
    run = _build(game, out, "-v")
    assert ": wrote " in run.out and "another command: reportlab" in run.out, run.out


def test_the_number_of_jobs_changes_nothing(game, tmp_path):
    out = tmp_path / "out"
    _build(game, out, "--jobs", "1")
    assert _skipped(_build(game, out, "--jobs", "2"))


@pytest.mark.parametrize("option", [("--no-cache",), ("--component", "coins"), ("--card", "c1")])
def test_some_options_always_build(game, tmp_path, option):
    out = tmp_path / "out"
    for _ in range(2):
        run = _build(game, out, *option, "-v")
        assert ": wrote " in run.out and "always builds" in run.out, run.out


def test_new_code_builds(game, tmp_path):
    """ppgen's code is part of the key (unchanged.code_digest): another digest, another build."""
    out = tmp_path / "out"
    _build(game, out)
    patched = ("import sys, generator.unchanged as u; u.code_digest = lambda: 'other code'; "
               "from generator.cli import run; run()")
    done = subprocess.run([sys.executable, "-c", patched, "build", str(game), "--out", str(out), *ARGS, "-v"],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and ": wrote " in done.stdout, done.stdout + done.stderr
    assert "ppgen or its libraries changed" in done.stdout, done.stdout
    assert not _skipped(_build(game, out))  # the record names the other code now


FORGERIES = [  # each on the record the build before it wrote
    lambda folder: (folder / "manifest.json").write_text((folder / "manifest.json").read_text() + " "),
    lambda folder: (folder / RECORD).write_text("not json"),
    lambda folder: ((folder / RECORD).unlink(), os.mkfifo(folder / RECORD)),  # read, it would hang
    lambda folder: (folder / RECORD).write_text(json.dumps({**json.loads((folder / RECORD).read_text()),
                                                             "stamps": {"x": "y"}, "settled": "late"})),
]


def test_a_record_not_written_for_this_manifest_is_not_trusted(game, tmp_path):
    out = tmp_path / "out"
    _build(game, out)
    for number, forge in enumerate(FORGERIES):
        forge(out / "coin-flip")
        run = _build(game, out, "-v")
        assert ": wrote " in run.out, (number, run.out)
        assert _skipped(_build(game, out)), number


def test_a_builds_stamps_are_taken_only_for_the_manifest_its_record_names(game, tmp_path):
    """The stamps the next build trusts its last card images by (carry.LastImages): from the
    record written for the manifest the build found (output.claim hashed it), else none."""
    folder = tmp_path / "out" / "coin-flip"
    _build(game, tmp_path / "out")
    manifest = hashlib.sha256((folder / "manifest.json").read_bytes()).hexdigest()
    found = stamps(folder, "coin-flip", manifest)
    assert "png/coins/c1-front.png" in found and all(len(stamp) == 3 for stamp in found.values())
    assert stamps(folder, "coin-flip", "0" * 64) == {}  # another manifest's
    assert stamps(folder, "coin-flip", None) == {}  # no manifest found
    assert stamps(folder, "another-game", manifest) == {}
    (folder / RECORD).write_text("{not json", encoding="utf-8")
    assert stamps(folder, "coin-flip", manifest) == {}


def test_a_record_from_another_output_folder_is_not_trusted(game, tmp_path):
    _build(game, tmp_path / "a")
    _build(game, tmp_path / "b")
    shutil.copy(tmp_path / "a" / "coin-flip" / RECORD, tmp_path / "b" / "coin-flip" / RECORD)
    assert ": wrote " in _build(game, tmp_path / "b").out


def test_a_failed_build_leaves_no_record_and_the_last_one_stands(game, tmp_path):
    out = tmp_path / "out"
    _build(game, out)
    record = (out / "coin-flip" / RECORD).read_bytes()
    good = (game / "cards.csv").read_bytes()
    (game / "cards.csv").write_text("id,name,color\nc1,Heads,not a colour\n", encoding="utf-8")
    failed = ppgen("build", game, "--out", out, *ARGS)
    assert failed.code == 1 and "nothing written" in failed.out, failed.text
    assert (out / "coin-flip" / RECORD).read_bytes() == record
    (game / "cards.csv").write_bytes(good)
    assert _skipped(_build(game, out))


@pytest.mark.parametrize("plant", [
    lambda game, tmp: os.mkfifo(game / "pipe"),
    lambda game, tmp: (game / "elsewhere").symlink_to(tmp, target_is_directory=True),
    lambda game, tmp: os.truncate(game / "art.png", 600 << 20),  # sparse: its size is seen before a byte is read
])
def test_a_fifo_a_link_out_of_the_folder_or_a_huge_file_builds_without_hanging(game, tmp_path, plant):
    out = tmp_path / "out"
    plant(game, tmp_path)
    _build(game, out)
    run = ppgen("build", game, "--out", out, *ARGS, "-v", timeout=60)
    assert run.code == 0 and ": wrote " in run.out and "coin-flip: building:" in run.out, run.text


def test_a_folder_ppgen_wrote_in_the_game_folder_counts_by_its_files_stat(game, tmp_path):
    old = game / "old-build"
    old.mkdir()
    (old / "manifest.json").write_text(json.dumps({"game": "x", "generator": "ppgen 0.0.1", "artifacts": []}))
    (old / "sheet.pdf").write_bytes(b"%PDF")
    out = tmp_path / "out"
    _build(game, out)
    assert _skipped(_build(game, out))
    os.utime(old / "sheet.pdf", ns=(1, 1))
    run = _build(game, out, "-v")
    assert ": wrote " in run.out and "changed in the game folder: old-build/" in run.out, run.out


def test_a_folder_nested_deep_stands_too(game, tmp_path):
    """Walked a folder at a time, not by recursion (1,500 levels; made and removed a level at
    a time too, as pathlib and shutil recurse)."""
    levels = [str(game) + "/d" * depth for depth in range(1, 1501)]
    for level in levels:
        os.mkdir(level)
    try:
        _build(game, tmp_path / "out")
        assert _skipped(_build(game, tmp_path / "out"))
    finally:
        for level in reversed(levels):
            os.rmdir(level)


def test_editions_stand_each_on_its_own_record(tmp_path):
    game = tmp_path / "editions-demo"
    shutil.copytree(ROOT / "examples" / "editions-demo", game)
    out = tmp_path / "out"
    args = ("--only", "cards,rules")
    _build(game, out, *args)
    again = _build(game, out, *args)
    assert _skipped(again) and all(f"in {out / 'editions-demo' / code}" in again.out for code in ("en", "de", "ru"))
    _append(out / "editions-demo" / "de" / "cards-letter.pdf")
    assert ": wrote " in _build(game, out, *args).out
    assert _skipped(_build(game, out, *args))
    one = _build(game, out, *args, "--edition", "de", "-v")  # another command: de is built again
    assert ": wrote " in one.out and "another command: edition" in one.out, one.out
    again = _build(game, out, *args, "--edition", "de")
    assert _skipped(again) and f"in {out / 'editions-demo' / 'de'})" in again.out, again.out
