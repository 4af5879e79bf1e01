"""A build only replaces what ppgen wrote, keeps what --only does not rebuild, and swaps
atomically: killed at any moment it leaves the old build or the new one, never a mix."""

from __future__ import annotations

import hashlib
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from conftest import ROOT, ppgen, replace_in
from generator.lock import build_lock

COIN_FLIP = ROOT / "examples" / "coin-flip"


def snapshot(folder: Path, record: bool = True) -> dict[str, bytes]:
    """Every file under folder (relative path -> bytes), folders included as None; record:
    the build command's record too (generator/unchanged/: it names the command and inodes)."""
    return {p.relative_to(folder).as_posix(): (p.read_bytes() if p.is_file() else None)
            for p in sorted(folder.rglob("*")) if record or p.name != ".ppgen-unchanged.json"}


def complete_build(folder: Path) -> bytes:
    """Assert folder is a whole build: every listed file has its sha256, nothing is unlisted.
    Returns the manifest's bytes."""
    raw = (folder / "manifest.json").read_bytes()
    listed = {a["path"]: a["sha256"] for a in json.loads(raw)["artifacts"]}
    files = {p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file()}
    ours = {"manifest.json", ".ppgen-inputs.json", ".ppgen-unchanged.json"}  # build/carry.py, generator/unchanged/
    assert files == set(listed) | ours, files ^ (set(listed) | ours)
    for path, digest in listed.items():
        assert hashlib.sha256((folder / path).read_bytes()).hexdigest() == digest, path
    return raw


@pytest.fixture(scope="module")
def earlier(tmp_path_factory) -> Path:
    """One full build of examples/coin-flip, copied by each test that needs an earlier build."""
    out = tmp_path_factory.mktemp("coin-flip-build")
    run = ppgen("build", COIN_FLIP, "--out", out)
    assert run.code == 0, run.text
    return out / "coin-flip"


def put_earlier(earlier: Path, out: Path) -> Path:
    shutil.copytree(earlier, out / "coin-flip")
    return out / "coin-flip"


# --- Refusals --------------------------------------------------------------------------------

def test_out_dot_beside_the_game_is_refused(tmp_path):
    game = tmp_path / "coin-flip"
    shutil.copytree(COIN_FLIP, game)
    before = snapshot(tmp_path)
    run = ppgen("build", "coin-flip", "--out", ".", cwd=tmp_path)
    assert run.code == 1 and "Traceback" not in run.text
    assert "coin-flip: error: is the game folder" in run.err and "--out" in run.err
    assert snapshot(tmp_path) == before

    # The same from inside the game folder, and through a symlink to it.
    assert ppgen("build", ".", "--out", "..", cwd=game).code == 1
    (tmp_path / "out").mkdir()
    (tmp_path / "out" / "coin-flip").symlink_to(game)
    before = snapshot(tmp_path)
    run = ppgen("build", game, "--out", tmp_path / "out")
    assert run.code == 1 and "is the game folder" in run.err
    assert snapshot(tmp_path) == before


def test_out_inside_or_holding_the_game_is_refused(tmp_path):
    game = tmp_path / "coin-flip"
    shutil.copytree(COIN_FLIP, game)
    before = snapshot(tmp_path)
    run = ppgen("build", game, "--out", game / "output")
    assert run.code == 1 and f"{game / 'output'}: error: lies inside the game folder" in run.err
    assert snapshot(tmp_path) == before

    # OUT/ID would hold the game: a game folder named like its id deeper inside OUT/ID.
    nested = tmp_path / "coin-flip" / "src" / "coin-flip"
    shutil.copytree(COIN_FLIP, nested)
    before = snapshot(tmp_path)
    run = ppgen("build", nested, "--out", tmp_path)
    assert run.code == 1 and "error: holds the game folder" in run.err
    assert snapshot(tmp_path) == before


def test_user_file_in_an_earlier_build_is_refused(tmp_path, earlier):
    folder = put_earlier(earlier, tmp_path)
    (folder / "notes.txt").write_text("my printing notes\n")
    (folder / "png" / "proofs").mkdir()
    before = snapshot(tmp_path)
    run = ppgen("build", COIN_FLIP, "--out", tmp_path)
    assert run.code == 1, run.text
    assert "error: holds files ppgen did not write: notes.txt, png/proofs/" in run.err
    assert snapshot(tmp_path) == before


@pytest.mark.parametrize("manifest, why", [
    (None, "not an earlier ppgen build (no manifest.json)"),
    ("{not json", "cannot read it"),
    ({"game": "coin-flip", "generator": "other-tool 1.0", "artifacts": []}, "does not name ppgen"),
    ({"game": "squib-squares", "generator": "ppgen 0.1.0", "artifacts": []}, "for the game 'squib-squares'"),
    ({"game": "coin-flip", "generator": "ppgen 0.1.0",
      "artifacts": [{"path": "../../elsewhere.txt", "kind": "handout"}]}, "outside the folder"),
])
def test_folder_without_our_manifest_is_refused(tmp_path, manifest, why):
    folder = tmp_path / "coin-flip"
    folder.mkdir()
    (folder / "thesis.pdf").write_text("a user's file")
    if manifest is not None:
        (folder / "manifest.json").write_text(manifest if isinstance(manifest, str) else json.dumps(manifest))
    before = snapshot(tmp_path)
    run = ppgen("build", COIN_FLIP, "--out", tmp_path, "--only", "aids")
    assert run.code == 1 and "Traceback" not in run.text
    assert "coin-flip" in run.err and why in run.err, run.err
    assert snapshot(tmp_path) == before


def test_empty_folder_and_file_in_the_way(tmp_path):
    (tmp_path / "coin-flip").mkdir()
    run = ppgen("build", COIN_FLIP, "--out", tmp_path, "--only", "rules")
    assert run.code == 0, run.text
    complete_build(tmp_path / "coin-flip")

    (tmp_path / "b").mkdir()
    (tmp_path / "b" / "coin-flip").write_text("a file, not a folder")
    run = ppgen("build", COIN_FLIP, "--out", tmp_path / "b")
    assert run.code == 1 and "exists and is not a folder" in run.err
    assert (tmp_path / "b" / "coin-flip").read_text() == "a file, not a folder"


# --- Partial builds ----------------------------------------------------------------------------

def test_only_aids_keeps_the_other_parts(tmp_path, earlier):
    folder = put_earlier(earlier, tmp_path)
    full = snapshot(folder, record=False)
    run = ppgen("build", COIN_FLIP, "--out", tmp_path, "--only", "aids")
    assert run.code == 0, run.text
    assert "wrote 4 files" in run.out  # the aids; the rest is kept, not rewritten
    complete_build(folder)
    assert snapshot(folder, record=False) == full  # same game: the same bytes, manifest included
    kinds = {a["kind"] for a in json.loads((folder / "manifest.json").read_text())["artifacts"]}
    assert kinds == {"cut-sheets", "card-png", "rules-booklet", "rules-booklet-imposed",
                     "handout", "reference", "tts", "gallery"}
    assert [p.name for p in tmp_path.iterdir()] == ["coin-flip"]


def test_rebuilt_part_replaces_its_files_for_the_paper_built(tmp_path, earlier):
    folder = put_earlier(earlier, tmp_path / "out")
    game = tmp_path / "src" / "coin-flip"
    shutil.copytree(COIN_FLIP, game)
    replace_in(game / "game.toml", 'title = "Coin Flip"', 'title = "Coin Flip Deluxe"')
    old = snapshot(folder)
    run = ppgen("build", game, "--out", tmp_path / "out", "--only", "rules,cards", "--paper", "a4")
    assert run.code == 0, run.text
    manifest = json.loads(complete_build(folder))
    assert manifest["title"] == "Coin Flip Deluxe"
    new = snapshot(folder)
    for name in ("handout-a4.pdf", "rules-booklet.pdf", "rules-booklet-imposed-a4.pdf"):
        assert new[name] != old[name], name  # rebuilt with the new title
    # Letter files of the rebuilt parts stay (still valid prints), other parts stay too.
    for name in ("handout-letter.pdf", "rules-booklet-imposed-letter.pdf", "cards-letter.pdf",
                 "reference-cards-letter.pdf", "png/coins/c1-front.png"):
        assert new[name] == old[name], name

    # A card dropped from the CSV loses its image when png is rebuilt, and only then.
    rows = (game / "cards.csv").read_text().splitlines()
    (game / "cards.csv").write_text("\n".join(r for r in rows if not r.startswith("c6,")) + "\n")
    assert ppgen("build", game, "--out", tmp_path / "out", "--only", "aids").code == 0
    assert (folder / "png/coins/c6-front.png").exists()
    assert ppgen("build", game, "--out", tmp_path / "out", "--only", "png").code == 0
    assert not (folder / "png/coins/c6-front.png").exists()
    complete_build(folder)


# --- Killed builds ---------------------------------------------------------------------------

def _finished_pid() -> int:
    """The pid of a process that has ended: a killed builder's."""
    process = subprocess.Popen(["true"])
    process.wait()
    return process.pid


def test_next_build_restores_and_cleans_what_a_killed_build_left(tmp_path, earlier):
    out = tmp_path / "out"
    folder = put_earlier(earlier, out)
    full = snapshot(folder, record=False)
    pid = _finished_pid()
    # Killed between its two renames (no renameat2): the earlier build sits under .ID.old-PID.
    folder.rename(out / f".coin-flip.old-{pid}")
    # Killed while staging: a half-written stage with its mark.
    stage = out / f".coin-flip.{pid}.ab12_x.tmp"
    (stage / "png").mkdir(parents=True)
    (stage / ".ppgen-staging").touch()
    (stage / "png" / "half.png").write_bytes(b"\x89PNG")
    # Look-alikes that are not ours stay untouched.
    (out / f".coin-flip.{pid}.zz9.tmp").mkdir()
    (out / f".coin-flip.{pid}.zz9.tmp" / "mine.txt").write_text("not ppgen's")
    (out / ".coin-flip.old-notes").mkdir()
    (out / ".coin-flip.old-notes" / "manifest.json").write_text("{}")

    run = ppgen("build", COIN_FLIP, "--out", out, "--only", "aids")
    assert run.code == 0, run.text
    assert snapshot(folder, record=False) == full  # restored, then the aids rebuilt alike
    assert sorted(p.name for p in out.iterdir()) == [f".coin-flip.{pid}.zz9.tmp", ".coin-flip.old-notes",
                                                     "coin-flip"]


KILL_RUNS = 14
FORCED_FALLBACK_RUNS = 8
# The real CLI with the atomic exchange disabled, as on systems without renameat2.
FALLBACK = [sys.executable, "-c",
            "import generator.output as o; o._RENAMEAT2 = None; from generator.cli import run; run()"]


def _ppgen_command() -> list[str]:
    exe = shutil.which("ppgen")
    return [exe] if exe else [sys.executable, "-m", "generator.cli"]


def _kill_runs(tmp_path: Path, command: list[str], runs: int, seed: int) -> dict[str, int]:
    """Build two variants of coin-flip in turn into one OUT, SIGKILL each build after a
    seeded random delay spread over a build's duration, check what is left, then finish."""
    variants = {}
    for name, title in (("a", "Coin Flip"), ("b", "Coin Flip Again")):
        game = tmp_path / name / "coin-flip"
        shutil.copytree(COIN_FLIP, game)
        replace_in(game / "game.toml", 'title = "Coin Flip"', f'title = "{title}"')
        variants[name] = game
    out = tmp_path / "out"
    manifests = {}
    started = time.monotonic()
    for name in ("b", "a"):  # 'a' is the earlier build the first kill must keep
        done = subprocess.run(command + ["build", str(variants[name]), "--out", str(out)],
                              capture_output=True, text=True)
        assert done.returncode == 0, done.stdout + done.stderr
        manifests[name] = complete_build(out / "coin-flip")
    duration = (time.monotonic() - started) / 2
    rng = random.Random(seed)
    outcome = {"old": 0, "new": 0, "finished": 0, "strays": 0}
    held = "a"  # the build the folder holds; each killed build starts from what the last kill left
    for run in range(runs):
        new = "b" if held == "a" else "a"
        delay = duration * 1.1 * (run + rng.random()) / runs  # one delay in each slice
        process = subprocess.Popen(command + ["build", str(variants[new]), "--out", str(out)],
                                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                   start_new_session=True)
        time.sleep(delay)
        process.send_signal(signal.SIGKILL)
        code = process.wait()
        left = complete_build(out / "coin-flip")
        assert left in (manifests[held], manifests[new]), f"run {run}: a mix of builds"
        outcome["finished" if code == 0 else ("new" if left == manifests[new] else "old")] += 1
        outcome["strays"] += any(p.name != "coin-flip" for p in out.iterdir())
        held = new if left == manifests[new] else held
    # One build to the end clears whatever the kills left behind.
    new = "b" if held == "a" else "a"
    done = subprocess.run(command + ["build", str(variants[new]), "--out", str(out)], capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
    assert complete_build(out / "coin-flip") == manifests[new]
    assert [p.name for p in out.iterdir()] == ["coin-flip"], "strays left"
    print(f"\nkill test ({runs} runs, {' '.join(command[:1])}): {outcome}")
    return outcome


def test_killed_builds_leave_the_old_build_or_the_new_one(tmp_path):
    outcome = _kill_runs(tmp_path, _ppgen_command(), KILL_RUNS, seed=10)
    assert outcome["old"] + outcome["new"] + outcome["finished"] == KILL_RUNS
    assert outcome["old"] > 0  # the delays do reach into the build


def test_killed_builds_without_renameat2(tmp_path):
    outcome = _kill_runs(tmp_path, FALLBACK, FORCED_FALLBACK_RUNS, seed=11)
    assert sum(outcome[k] for k in ("old", "new", "finished")) == FORCED_FALLBACK_RUNS


# --- Messages ----------------------------------------------------------------------------------

def test_validate_dot_names_the_game(tmp_path):
    game = tmp_path / "coin-flip"
    shutil.copytree(COIN_FLIP, game)
    (game / "game.toml").write_text("title = \n")
    run = ppgen("validate", ".", cwd=game)
    assert run.code == 1 and "coin-flip: 1 problem" in run.out, run.text
    run = ppgen("build", ".", "--out", tmp_path / "out", cwd=game)
    assert run.code == 1 and "coin-flip: build failed" in run.out, run.text


# --- One build at a time, and no workers left behind ---------------------------------------------

def test_a_second_build_into_the_same_folder_is_refused_while_one_runs(tmp_path):
    out = tmp_path / "out"
    with build_lock((out / "coin-flip").resolve(), "coin-flip"):  # as a running build holds it
        run = ppgen("build", COIN_FLIP, "--out", out, "--only", "rules")
        assert run.code == 1 and "Traceback" not in run.text, run.text
        assert f".coin-flip.lock: error: another ppgen build of coin-flip into {out} is running (pid " \
               f"{os.getpid()})" in run.err, run.err
        assert not (out / "coin-flip").exists()
    run = ppgen("build", COIN_FLIP, "--out", out, "--only", "rules")
    assert run.code == 0, run.text
    assert [p.name for p in out.iterdir()] == ["coin-flip"]  # the lock file goes with the build


def _children(pid: int) -> list[int]:
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            found.append(int(stat.parent.name))
    return found


def _alive(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="PR_SET_PDEATHSIG is Linux's")
def test_card_image_workers_end_with_a_killed_build(tmp_path):
    # --no-cache: the workers draw every face (from a warm cache they link them and are gone at once)
    process = subprocess.Popen([*_ppgen_command(), "build", ROOT / "examples" / "standard-deck", "--only", "png",
                                "--jobs", "2", "--no-cache", "--out", tmp_path / "out"],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    deadline = time.monotonic() + 60
    workers: list[int] = []
    while len(workers) < 2 and process.poll() is None and time.monotonic() < deadline:
        workers = _children(process.pid)
        time.sleep(0.02)
    assert len(workers) >= 2, "the build finished before its workers were seen"
    process.send_signal(signal.SIGKILL)
    process.wait()
    deadline = time.monotonic() + 10
    while any(_alive(w) for w in workers) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not any(_alive(w) for w in workers)
