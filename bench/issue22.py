#!/usr/bin/env python3
"""ppgen benchmark: every goal of issue 22 in one run, for the note.

    python3 bench/issue22.py [--runs 3] [--no-scale]

Runs the figures of bench/run.py and bench/live.py that issue 22's goals name, each cold
(an empty face cache) and warm (a rebuild with the same cache) apart, each against what the
goal compares it with in the same run, the machine's load average printed before every
section (a busy machine makes wall times two to six times longer; CPU seconds move less), then
one table: figure, measured, goal, meets or misses. `--no-scale` leaves out the peak memory
at 20,000 cards (a minute or two). Run it with the venv's python, so that its ppgen is timed."""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
from pathlib import Path

import live
import run


def load() -> str:
    return "load average " + " ".join(f"{x:.2f}" for x in os.getloadavg())


def section(title: str) -> None:
    print(f"\n== {title} ({load()})", flush=True)


def speed(tmp: Path, runs: int) -> float:
    """How fast the machine is just now: bench/direct.py's time on the bench deck (the median
    of `runs`), which measures nothing of ppgen's. On 2026-11-27 it moved from 0.86 to 1.10 s
    in an afternoon, and ppgen's figures with it."""
    seconds = statistics.median(run.run_once(run.direct_build(run.DECK)(tmp / f"speed-{i}", None)[0])[0]
                                for i in range(runs))
    print(f"  machine speed: bench/direct.py on the bench deck {seconds:.2f} s (0.86-0.88 s idle on 2026-11-27 01:10)")
    return seconds


def measure(tmp: Path, runs: int, scale: bool) -> list[tuple[str, str, str, bool]]:
    """Each goal as (figure, measured, goal, met)."""
    goals = []
    section("bench deck, cold cache, against bench/direct.py")
    mine, theirs = run.compare(tmp, runs, ("bench",))["bench deck (54 cards)"]
    goals.append(("bench deck, cold: ppgen / direct.py", f"{mine:.2f} s / {theirs:.2f} s = {mine / theirs:.2f} x",
                  "<= 0.5 x", mine / theirs <= 0.5))
    section("bench deck: ppgen --help, cold cache, then nothing changed (warm)")
    help_time, cold, warm = live.cold_and_warm(tmp, runs)
    goals.append(("bench deck, warm, nothing changed: above --help",
                  f"{warm:.2f} s - {help_time:.2f} s = {warm - help_time:+.2f} s (cold {cold:.2f} s)",
                  "<= +0.15 s", warm - help_time <= 0.15))
    section("1,000-card deck: full build (cold) and a one-card edit (warm)")
    full, rebuild = run.one_card_edit(tmp, runs)
    goals.append(("1,000 cards: one-card edit / full build", f"{rebuild:.2f} s / {full:.2f} s = {rebuild / full:.1%}",
                  "<= 5 %", rebuild / full <= 0.05))
    _, watched = live.watch_deck(tmp, runs)
    goals.append(("the same edit inside ppgen watch / full build",
                  f"{watched:.3f} s / {full:.2f} s = {watched / full:.1%}", "(<= 5 %)", watched / full <= 0.05))
    section("1,000-card deck, cold cache: --jobs 1 against --jobs 2")
    one, two = live.jobs(tmp, runs)
    goals.append(("1,000 cards, cold: --jobs 1 / --jobs 2", f"{one:.2f} s / {two:.2f} s = {one / two:.2f} x",
                  ">= 1.7 x", one / two >= 1.7))
    section("designer's game (tests/designer_game, every part): watch --preview and a fresh build")
    build, event = live.watch_preview(tmp, runs)
    goals.append(("watch --preview: build after a one-card save", f"{build:.2f} s", "<= 1.0 s", build <= 1.0))
    goals.append(("watch --preview: save to the page's event", f"{event:.2f} s (build {build:.2f} s)",
                  "<= build + 0.3 s (+ 0.2 s poll, settle)", event - build <= 0.3 + 0.2))
    full, edited = live.fresh_build(tmp, runs)
    goals.append(("designer's game: ppgen build after a one-card edit", f"{edited:.2f} s (cold full {full:.2f} s)",
                  "<= 1.5 s", edited <= 1.5))
    section("ppgen build --all: cold cache (median), then nothing changed (warm)")
    machine = speed(tmp, runs)
    cold, same = live.build_all(tmp, runs)
    goals.append(("build --all, cold cache", f"{cold:.2f} s (direct.py {machine:.2f} s)", "<= 12 s", cold <= 12))
    goals.append(("build --all, nothing changed", f"{same:.2f} s", "<= 2 s", same <= 2))
    if scale:
        section("peak memory at 20,000 cards")
        peak = run.scale(tmp, (20_000,))
        goals.append(("peak memory at 20,000 cards", f"{peak / 1024:.0f} MiB", "<= 120 MiB", peak <= 120 * 1024))
    return goals


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--no-scale", action="store_true", help="leave out the peak memory at 20,000 cards")
    options = parser.parse_args()
    print(f"ppgen benchmark, issue 22: {os.cpu_count()} cores, median of {options.runs} runs after one warm-up, "
          f"{load()}")
    with tempfile.TemporaryDirectory(prefix="ppgen-issue22-") as name:
        goals = measure(Path(name), options.runs, not options.no_scale)
    print("\n| figure | measured | goal | |\n| --- | --- | --- | --- |")
    for figure, measured, goal, met in goals:
        print(f"| {figure} | {measured} | {goal} | {'meets' if met else 'misses'} |")
    print(f"\n({load()} at the end)")


if __name__ == "__main__":
    main()
