#!/usr/bin/env python3
"""ppgen benchmark: a one-card edit on a 1,000-card deck, against the full build.

    python3 bench/one_card_edit.py [--runs 3] [--cards 1000]

Makes a copy of bench/bench-deck with 1,000 cards in a temporary folder, then times whole
`ppgen build DECK --only cards,png --paper letter` processes (median of --runs):
  full      an empty face cache: every face drawn (what every build cost before the cache)
  no edit   the same build again: every face from the cache
  one edit  one card's title changed (a new title each run): that face drawn, the rest cached
and prints the ratio one edit / full (the goal of issue 12: at most 10 %)."""

from __future__ import annotations

import argparse
import csv
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from run import user_environment  # bench/run.py, beside this script

ROOT = Path(__file__).resolve().parent.parent
DECK = ROOT / "bench" / "bench-deck"


def ppgen_command() -> list[str]:
    beside = Path(sys.executable).parent / "ppgen"
    if beside.is_file():
        return [str(beside)]
    exe = shutil.which("ppgen")
    return [exe] if exe else [sys.executable, "-m", "generator.cli"]


def make_deck(target: Path, cards: int) -> None:
    shutil.copytree(DECK, target)
    with open(DECK / "cards.csv", newline="", encoding="utf-8") as handle:
        header, *rows = list(csv.reader(handle))
    with open(target / "cards.csv", "w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(header)
        for index in range(cards):
            row = list(rows[index % len(rows)])
            row[0] = f"{index + 1:05d}"
            writer.writerow(row)


def timed(deck: Path, out: Path, cache: Path) -> float:
    start = time.perf_counter()
    subprocess.run(ppgen_command() + ["build", str(deck), "--only", "cards,png", "--paper", "letter",
                                      "--out", str(out)],
                   check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                   env={**user_environment(), "PPGEN_CACHE": str(cache)})
    return time.perf_counter() - start


def retitle(deck: Path, title: str) -> None:
    path = deck / "cards.csv"
    with open(path, newline="", encoding="utf-8") as handle:
        rows = list(csv.reader(handle))
    rows[1][1] = title  # the first card's title: one face changes
    with open(path, "w", newline="", encoding="utf-8") as handle:
        csv.writer(handle).writerows(rows)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--cards", type=int, default=1000)
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        deck = tmp / "deck"
        make_deck(deck, options.cards)
        timed(deck, tmp / "warm-up", tmp / "warm-up-cache")  # file cache, .pyc
        full = [timed(deck, tmp / "out", tmp / f"cache-{run}") for run in range(options.runs)]
        cache = tmp / f"cache-{options.runs - 1}"
        unchanged = [timed(deck, tmp / "out", cache) for _ in range(options.runs)]
        edits = []
        for run in range(options.runs):
            retitle(deck, f"Rocket vs Turtle, take {run}")
            edits.append(timed(deck, tmp / "out", cache))
    full_s, same_s, edit_s = (statistics.median(t) for t in (full, unchanged, edits))
    print(f"{options.cards}-card bench deck, --only cards,png --paper letter, {os.cpu_count()} cores, "
          f"median of {options.runs}")
    print(f"  full build (empty cache)  {full_s:6.2f} s")
    print(f"  rebuild, nothing changed  {same_s:6.2f} s   {same_s / full_s:5.1%} of the full build")
    print(f"  rebuild, one card edited  {edit_s:6.2f} s   {edit_s / full_s:5.1%} of the full build (goal <= 10 %)")


if __name__ == "__main__":
    main()
