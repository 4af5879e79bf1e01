"""`ppgen watch`: builds, rebuilds on a save saying what changed and which faces were drawn,
reports a broken save and goes on, and stops cleanly on Ctrl-C."""

from __future__ import annotations

import os
import queue
import re
import shutil
import signal
import subprocess
import threading
import time

import pytest

from conftest import ROOT, _ppgen_command, replace_in

TIMEOUT = 60  # seconds for any one step


def _reader(stream, lines: queue.Queue) -> None:
    for line in stream:
        lines.put(line.rstrip("\n"))
    lines.put(None)


def start_watch(game, out, cache, *args) -> tuple[subprocess.Popen, queue.Queue]:
    """`ppgen watch GAME --out OUT ARGS` running, and a queue of the lines it prints."""
    process = subprocess.Popen(_ppgen_command() + ["watch", str(game), "--out", str(out), *args],
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                               env={**os.environ, "PPGEN_CACHE": str(cache)})
    lines: queue.Queue = queue.Queue()
    threading.Thread(target=_reader, args=(process.stdout, lines), daemon=True).start()
    return process, lines


def _until(lines: queue.Queue, needle: str, seen: list[str]) -> str:
    """The next line holding needle (the lines before it are kept in `seen`)."""
    deadline = time.monotonic() + TIMEOUT
    while True:
        line = lines.get(timeout=max(0.1, deadline - time.monotonic()))
        assert line is not None, f"watch ended before {needle!r}:\n" + "\n".join(seen)
        seen.append(line)
        if needle in line:
            return line


def test_watch_rebuilds_what_changed(tmp_path):
    game = tmp_path / "coin-flip"
    shutil.copytree(ROOT / "examples" / "coin-flip", game)
    out = tmp_path / "out"
    # the cut sheets too: watch keeps their pages' dictionaries between saves (parts/pdfpages.py)
    process, lines = start_watch(game, out, tmp_path / "cache", "--only", "cards,png")
    seen: list[str] = []
    try:
        first = _until(lines, "built in", seen)
        assert "5 card faces drawn" in first and f"wrote 9 files to {out / 'coin-flip'}" in first, seen

        replace_in(game / "cards.csv", "c5,Edge", "c5,Rim")
        assert _until(lines, "changed:", seen) == "changed: cards.csv"
        again = _until(lines, "built in", seen)
        assert "1 card face drawn (c5 front), 6 from the cache" in again, seen
        assert re.match(r"built in (\d+ ms|\d+\.\d\d s): ", again), again  # a live loop's times in ms
        assert (out / "coin-flip" / "png" / "coins" / "c5-front.png").is_file()

        replace_in(game / "cards.csv", "c5,Rim,#B22222", "c5,Rim,#B2222")  # a colour that is not one
        _until(lines, "changed: cards.csv", seen)
        error = _until(lines, "error:", seen)
        assert "cards.csv:6: error: card c5:" in error, seen
        _until(lines, "build failed", seen)

        replace_in(game / "cards.csv", "#B2222", "#B22222")
        _until(lines, "changed: cards.csv", seen)
        # back to the last good build's cards: the part is carried over from it, nothing drawn
        assert "0 card faces drawn, 0 from the cache" in _until(lines, "built in", seen), seen
    finally:
        process.send_signal(signal.SIGINT)
        code = process.wait(timeout=TIMEOUT)
    _until(lines, "stopped watching", seen)
    assert code == 0, seen
    # watch records its builds as `ppgen build` does: the same build afterwards has nothing to do
    after = subprocess.run(_ppgen_command() + ["build", str(game), "--out", str(out), "--only", "cards,png"],
                           capture_output=True, text=True, env={**os.environ, "PPGEN_CACHE": str(tmp_path / "cache")})
    assert after.returncode == 0 and "coin-flip: nothing changed since the last build" in after.stdout, after
    # and what watch left is the same bytes as a fresh build of the game as it ends
    fresh = subprocess.run(_ppgen_command() + ["build", str(game), "--out", str(tmp_path / "fresh"),
                                               "--only", "cards,png", "--no-cache"], capture_output=True, text=True)
    assert fresh.returncode == 0, fresh
    assert _files(out / "coin-flip") == _files(tmp_path / "fresh" / "coin-flip")


def _files(folder) -> dict[str, bytes]:
    """Every file of a build but its records (they name the folder they were written in)."""
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file() and not p.name.startswith(".ppgen-")}


def test_between_builds_watch_forgets_what_files_gave_and_keeps_what_lasts(tmp_path):
    """A font or picture the designer edits is read again; ppgen's own code and bundled
    fonts, which cannot change under the running process, are not hashed and registered again."""
    from generator import cache, watch
    from generator.text import fonts
    font = tmp_path / "font.ttf"
    shutil.copy(ROOT / "fonts" / fonts.FILES["body"], font)
    fonts._game_file(str(font))
    cache.code_digest()
    fonts.register()
    watch._forget()
    assert fonts._game_file.cache_info().currsize == 0
    assert cache.code_digest.cache_info().currsize == 1 and fonts.register.cache_info().currsize == 1


def test_a_folder_slow_to_look_at_is_looked_at_less_often(monkeypatch, tmp_path):
    """Polling takes at most BUSY of a core: a look that takes 10 ms is made every 0.5 s."""
    from generator import watch
    clock = [0.0]
    slept: list[float] = []

    def look(folder):
        clock[0] += 0.010
        return {}

    def sleep(seconds):
        slept.append(seconds)
        if len(slept) == 3:
            raise KeyboardInterrupt

    monkeypatch.setattr(watch, "snapshot", look)
    monkeypatch.setattr(watch.time, "perf_counter", lambda: clock[0])
    monkeypatch.setattr(watch.time, "sleep", sleep)
    watch.run(tmp_path, lambda: None, str)
    assert slept[0] == watch.POLL and slept[1:] == pytest.approx([0.010 / watch.BUSY] * 2)


def test_watch_says_a_build_under_a_second_in_milliseconds():
    from generator.watch import took
    seconds = (0.0004, 0.1384, 0.9994, 0.9996, 2.414)
    assert [took(s) for s in seconds] == ["0 ms", "138 ms", "999 ms", "1.00 s", "2.41 s"]
