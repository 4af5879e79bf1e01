#!/usr/bin/env python3
"""ppgen benchmark: every figure of issue 12's point 6, side by side in one run, with ratios.

    python3 bench/run.py [--runs 3] [--scale] [--games]

Whole processes are timed as a user would run them (median of --runs after one warm-up),
each build with a cold face cache (PPGEN_CACHE a fresh folder) except the one-card rebuild:
  1. `ppgen --help` (goal <= 0.3 s)
  2. the bench deck (54 cards) and a 1,000-card copy of it (rows repeated, new ids, made in
     a tmp folder): `ppgen build DECK --only cards,png --paper letter` against bench/direct.py
     (the same work in one process with plain ReportLab and Pillow; goal ppgen <= 0.5 x)
     and, on the bench deck, protograf (bench/protograf_deck.py in bench/.venv-protograf;
     goal ppgen <= 0.25 x)
  3. a one-card edit on the 1,000-card deck: full build, edit one row, rebuild with the same
     cache (goal <= 5 % of the full build, issue 22)
  --scale: peak memory of `ppgen build` at 4,320, 17,280 and 20,000 cards (goal <= 120 MiB
     at 20,000, flat); takes minutes
  --games: the full build of squib-squares and of every built-in game
The live loop of issue 22 (watch --preview, a fresh build after a one-card edit, cold and
warm, --jobs 2 against 1, build --all cold and unchanged) is timed by bench/live.py.
Wall time is the figure of the goals; CPU time (user + system, workers included) is printed
beside it because on a shared machine it moves less with the other load.
Peak memory is the largest resident set of the process and its workers (ru_maxrss of the
children: for forked workers, the largest of them, not the sum).

protograf: python3 -m venv bench/.venv-protograf && bench/.venv-protograf/bin/pip install protograf
"""

from __future__ import annotations

import argparse
import csv
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BENCH = ROOT / "bench"
DECK = BENCH / "bench-deck"
PROTOGRAF = BENCH / ".venv-protograf" / "bin" / "python"
SCALE = (4_320, 17_280, 20_000)
ONLY = ["--only", "cards,png", "--paper", "letter"]


def ppgen_command() -> list[str]:
    beside = Path(sys.executable).parent / "ppgen"  # the venv this benchmark runs in
    if beside.exists():
        return [str(beside)]
    exe = shutil.which("ppgen")
    return [exe] if exe else [sys.executable, "-m", "generator.cli"]


def run_once(command: list[str], env: dict | None = None, cwd: Path | None = None) -> tuple[float, int]:
    """Seconds and peak RSS (KiB) of one process run in a fresh child of our own; its CPU
    seconds (user + system, workers included) are added to CPU[command[0]]."""
    code = ("import resource,subprocess,sys,time;t=time.perf_counter();"
            "r=subprocess.run(sys.argv[1:],stdout=subprocess.DEVNULL,stderr=subprocess.PIPE);"
            "d=time.perf_counter()-t;"
            "sys.stderr.buffer.write(r.stderr[-2000:]);"
            "u=resource.getrusage(resource.RUSAGE_CHILDREN);"
            "print(d, u.ru_maxrss, r.returncode, u.ru_utime+u.ru_stime)")
    done = subprocess.run([sys.executable, "-c", code, *command], capture_output=True, text=True,
                          env={**user_environment(), **(env or {})}, cwd=cwd)
    seconds, rss, returncode, cpu = done.stdout.split()
    if returncode != "0":
        raise RuntimeError(f"{' '.join(command)} failed with status {returncode}:\n{done.stderr}")
    global LAST_CPU
    LAST_CPU = float(cpu)
    return float(seconds), int(rss)


def user_environment() -> dict[str, str]:
    """This environment as a user's shell has it: the warm-up writes the .pyc files an
    installed ppgen has, even where PYTHONDONTWRITEBYTECODE is set (as on our CI machines),
    which would make every run compile ppgen's modules again (0.2 s)."""
    return {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}


LAST_CPU = 0.0  # CPU seconds of the last run_once: a fairer figure than wall time on a busy machine


def timed(command_for, runs: int, tmp: Path) -> tuple[float, int, float]:
    """Median seconds, peak KiB and median CPU seconds over `runs` after a warm-up;
    command_for(out, cache) gives the command and its environment for a fresh output folder
    and a cold cache."""
    results, cpus = [], []
    for i in range(runs + 1):
        out, cache = tmp / f"out-{i}", tmp / f"cache-{i}"
        command, env = command_for(out, cache)
        result = run_once(command, env)
        shutil.rmtree(out, ignore_errors=True)
        shutil.rmtree(cache, ignore_errors=True)
        if i:  # the first run warms the file cache and the .pyc files
            results.append(result)
            cpus.append(LAST_CPU)
    return statistics.median(s for s, _ in results), max(k for _, k in results), statistics.median(cpus)


def copy_deck(count: int, folder: Path) -> Path:
    """The bench deck with `count` cards: its rows repeated, each with a new id."""
    folder.mkdir(parents=True, exist_ok=True)
    shutil.copy(DECK / "game.toml", folder / "game.toml")
    with (DECK / "cards.csv").open(newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    width = len(str(count))
    with (folder / "cards.csv").open("w", newline="", encoding="utf-8") as f:
        writer = csv.DictWriter(f, fieldnames=list(rows[0]), lineterminator="\n")
        writer.writeheader()
        for i in range(count):
            row = dict(rows[i % len(rows)])
            row["id"] = f"{i + 1:0{width}d}/{count}"
            row["name"] = f"card_{i + 1:0{width}d}"
            writer.writerow(row)
    return folder


def ppgen_build(deck: Path):
    return lambda out, cache: ([*ppgen_command(), "build", str(deck), *ONLY, "--out", str(out)],
                               {"PPGEN_CACHE": str(cache)})


def direct_build(deck: Path):
    return lambda out, cache: ([sys.executable, str(BENCH / "direct.py"), str(deck / "cards.csv"), str(out)], {})


def protograf_build(deck: Path):
    return lambda out, cache: ([str(PROTOGRAF), str(BENCH / "protograf_deck.py")],
                               {"BENCH_CARDS": str(deck / "cards.csv"), "BENCH_OUT": str(out)})


def line(label: str, seconds: float, peak: int | None = None, extra: str = "", cpu: float | None = None) -> None:
    memory = f"   peak {peak / 1024:5.0f} MiB" if peak else ""
    busy = f"   cpu {cpu:7.2f} s" if cpu is not None else ""
    print(f"  {label:44s} {seconds:7.2f} s{busy}{memory}{extra}", flush=True)


def ratio(label: str, mine: float, theirs: float, goal: float, cpu: tuple[float, float] | None = None) -> None:
    verdict = "meets" if mine / theirs <= goal else "misses"
    busy = f"   (cpu {cpu[0] / cpu[1]:.2f} x)" if cpu else ""
    print(f"  {label:44s} {mine / theirs:7.2f} x   (goal <= {goal:g} x: {verdict}){busy}", flush=True)


def compare(tmp: Path, runs: int, sizes: tuple[str, ...] = ("bench", "1000")) -> dict[str, tuple[float, float]]:
    print("\nppgen build DECK --only cards,png --paper letter, cold cache, against the same work done\n"
          "by bench/direct.py (one process, plain ReportLab + Pillow) and by protograf:")
    decks = [("bench deck (54 cards)", DECK)] if "bench" in sizes else []
    if "1000" in sizes:
        decks.append(("1,000-card copy", copy_deck(1000, tmp / "deck-1000")))
    figures = {}
    for label, deck in decks:
        mine, peak, my_cpu = timed(ppgen_build(deck), runs, tmp)
        line(f"{label}: ppgen", mine, peak, cpu=my_cpu)
        theirs, peak, cpu = timed(direct_build(deck), runs, tmp)
        line(f"{label}: direct ReportLab+Pillow", theirs, peak, cpu=cpu)
        ratio(f"{label}: ppgen / direct", mine, theirs, 0.5, (my_cpu, cpu))
        figures[label] = (mine, theirs)
        if deck == DECK:
            protograf(tmp, runs, deck, mine, my_cpu)
    return figures


def protograf(tmp: Path, runs: int, deck: Path, mine: float, my_cpu: float) -> None:
    if not PROTOGRAF.exists():
        print("  protograf: not measured: bench/.venv-protograf is missing (python3 -m venv "
              "bench/.venv-protograf && bench/.venv-protograf/bin/pip install protograf)")
        return
    try:
        theirs, peak, cpu = timed(protograf_build(deck), runs, tmp)
    except RuntimeError as exc:
        print(f"  protograf: not measured: it failed: {str(exc).strip().splitlines()[-1]}")
        return
    line("bench deck (54 cards): protograf", theirs, peak, cpu=cpu)
    ratio("bench deck (54 cards): ppgen / protograf", mine, theirs, 0.25, (my_cpu, cpu))


def edit_one_title(csv_file: Path, row: int) -> None:
    """Edit the title of one card (every title reads "A vs B"). The edit once looked for
    "Rocket vs" in a row that has none: it changed nothing, and timed a rebuild of an
    unchanged deck."""
    rows = csv_file.read_text(encoding="utf-8").split("\n")
    edited = rows[row].replace(" vs ", " versus ", 1)
    if edited == rows[row]:
        raise RuntimeError(f"bench: row {row} of {csv_file} has no title to edit: {rows[row]!r}")
    rows[row] = edited
    csv_file.write_text("\n".join(rows), encoding="utf-8")


def one_card_edit(tmp: Path, runs: int) -> tuple[float, float]:
    print("\nOne-card edit on the 1,000-card deck (full build with a cold cache, edit one row's title,\n"
          "rebuild into the same folder with the same cache):")
    fulls, rebuilds, cpus = [], [], []
    for i in range(runs + 1):
        deck = copy_deck(1000, tmp / f"edit-{i}")
        out, cache = tmp / f"edit-out-{i}", tmp / f"edit-cache-{i}"
        command = [*ppgen_command(), "build", str(deck), *ONLY, "--out", str(out)]
        env = {"PPGEN_CACHE": str(cache)}
        full, _ = run_once(command, env)
        full_cpu = LAST_CPU
        edit_one_title(deck / "cards.csv", 500)
        rebuild, _ = run_once(command, env)
        if i:
            fulls.append(full)
            rebuilds.append(rebuild)
            cpus.append((full_cpu, LAST_CPU))
        for folder in (deck, out, cache):
            shutil.rmtree(folder, ignore_errors=True)
    full, rebuild = statistics.median(fulls), statistics.median(rebuilds)
    full_cpu, rebuild_cpu = (statistics.median(c[k] for c in cpus) for k in (0, 1))
    line("full build", full, cpu=full_cpu)
    line("rebuild after editing one card", rebuild, cpu=rebuild_cpu)
    ratio("rebuild / full build", rebuild, full, 0.05, (rebuild_cpu, full_cpu))  # issue 22 (issue 12: 0.10)
    return full, rebuild


def help_time(runs: int) -> float:
    times = [run_once([*ppgen_command(), "--help"])[0] for _ in range(runs + 3)][1:]
    seconds = statistics.median(times)
    verdict = "meets" if seconds <= 0.3 else "misses"
    print(f"\n  {'ppgen --help':44s} {seconds:7.2f} s   (goal <= 0.3 s: {verdict})")
    return seconds


def scale(tmp: Path, counts: tuple[int, ...] = SCALE) -> int:
    print("\nPeak memory by deck size (ppgen build DECK --only cards,png --paper letter, one run each;\n"
          "goal <= 120 MiB at 20,000 cards, flat):")
    peaks = []
    for count in counts:
        deck = copy_deck(count, tmp / f"scale-{count}")
        out, cache = tmp / "scale-out", tmp / "scale-cache"
        seconds, peak = run_once([*ppgen_command(), "build", str(deck), *ONLY, "--out", str(out)],
                                 {"PPGEN_CACHE": str(cache)})
        line(f"{count:,} cards", seconds, peak, f"   {seconds / count * 1000:5.2f} ms a card")
        peaks.append((count, peak))
        for folder in (deck, out, cache):
            shutil.rmtree(folder, ignore_errors=True)
    (n0, p0), (n1, p1) = peaks[0], peaks[-1]
    if n1 > n0:
        print(f"  {'growth':44s} {(p1 - p0) / (n1 - n0):7.2f} KiB a card from {n0:,} to {n1:,} cards")
    verdict = "meets" if p1 <= 120 * 1024 else "misses"
    print(f"  {'peak at 20,000 cards':44s} {p1 / 1024:7.0f} MiB (goal <= 120 MiB: {verdict})")
    return p1


def games(tmp: Path, runs: int) -> None:
    print("\nFull builds (both papers, every part), cold cache:")
    for label, args in (("squib-squares", ["squib-squares"]), ("all built-in games", ["--all"])):
        seconds, peak, cpu = timed(lambda out, cache: ([*ppgen_command(), "build", *args, "--out", str(out)],
                                                  {"PPGEN_CACHE": str(cache)}), runs, tmp)
        line(label, seconds, peak, cpu=cpu)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--scale", action="store_true", help="peak memory at 4,320 / 17,280 / 20,000 cards")
    parser.add_argument("--games", action="store_true", help="also time the built-in games' full builds")
    options = parser.parse_args()
    print(f"ppgen benchmark: {os.cpu_count()} cores, median of {options.runs} runs after one warm-up")
    with tempfile.TemporaryDirectory(prefix="ppgen-bench-") as name:
        tmp = Path(name)
        help_time(options.runs)
        compare(tmp, options.runs)
        one_card_edit(tmp, options.runs)
        if options.scale:
            scale(tmp)
        if options.games:
            games(tmp, options.runs)


if __name__ == "__main__":
    main()
