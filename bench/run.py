#!/usr/bin/env python3
"""ppgen benchmark: whole-process timings, median of 5 after a warm-up, and peak memory.

    python3 bench/run.py [--runs 5]

Times, as a user would run them:
  1. ppgen build bench/bench-deck --only cards,png --paper letter   (the neutral bench deck)
  2. ppgen build squib-squares                                       (everything, both papers)
  3. ppgen build --all                                               (every built-in game)
Peak memory is the largest resident set of the ppgen process and its workers (ru_maxrss of
the children, which for forked workers is the largest of them, not the sum).
"""

from __future__ import annotations

import argparse
import os

import shutil
import statistics
import subprocess
import sys
import tempfile

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

CASES = [
    ("bench deck: cards+png, letter", ["build", str(ROOT / "bench" / "bench-deck"), "--only", "cards,png",
                                        "--paper", "letter"]),
    ("squib-squares: full build", ["build", "squib-squares"]),
    ("all five games: full builds", ["build", "--all"]),
]


def ppgen_command() -> list[str]:
    exe = shutil.which("ppgen")
    return [exe] if exe else [sys.executable, "-m", "generator.cli"]


def run_once(args: list[str], out: Path) -> tuple[float, int]:
    """Seconds and peak RSS (KiB) of one ppgen process in a fresh child of our own."""
    code = ("import resource,subprocess,sys,time;t=time.perf_counter();"
            "r=subprocess.run(sys.argv[1:],stdout=subprocess.DEVNULL);"
            "d=time.perf_counter()-t;"
            "print(d, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, r.returncode)")
    done = subprocess.run([sys.executable, "-c", code, *ppgen_command(), *args, "--out", str(out)],
                          capture_output=True, text=True, check=True)
    seconds, rss, returncode = done.stdout.split()
    if returncode != "0":
        raise SystemExit(f"ppgen {' '.join(args)} failed with status {returncode}")
    return float(seconds), int(rss)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5)
    options = parser.parse_args()
    print(f"ppgen benchmark: {os.cpu_count()} cores, median of {options.runs} runs after one warm-up")
    with tempfile.TemporaryDirectory() as tmp:
        for label, args in CASES:
            run_once(args, Path(tmp))  # warm-up: file cache, .pyc
            results = [run_once(args, Path(tmp)) for _ in range(options.runs)]
            times = sorted(seconds for seconds, _ in results)
            peak = max(rss for _, rss in results)
            print(f"{label:34s} median {statistics.median(times):6.2f} s   "
                  f"min {times[0]:5.2f}  max {times[-1]:5.2f}   peak RSS {peak / 1024:6.0f} MiB")


if __name__ == "__main__":
    main()
