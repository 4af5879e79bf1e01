#!/usr/bin/env python3
"""The bench deck's cold build and `ppgen --help`, this checkout against another, interleaved
(issue 22: start-up and per-card cost), with bench/direct.py in the same rounds.

    python3 bench/startup.py [--base DIR] [--runs 5]

DIR: another ppgen source tree, e.g. `git archive main | tar -x -C /tmp/base`; its code runs
with PYTHONPATH=DIR through this venv's ppgen. Each round times every command once, so a
machine that grows busier mid-run weighs on all of them alike; CPU seconds (workers included)
move less with the load than wall seconds do. Run it with the venv's python."""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
from pathlib import Path

import run


def commands(base: Path | None) -> dict:
    """label -> command_for(out, cache), as bench/run.py's timed() takes them."""
    def build(env: dict):
        return lambda out, cache: ([*run.ppgen_command(), "build", str(run.DECK), *run.ONLY, "--out", str(out)],
                                   {"PPGEN_CACHE": str(cache), **env})

    def help_(env: dict):
        return lambda out, cache: ([*run.ppgen_command(), "--help"], env)

    found = {"ppgen": build({}), "direct.py": run.direct_build(run.DECK), "ppgen --help": help_({})}
    if base is not None:
        env = {"PYTHONPATH": str(base.resolve())}
        found.update({"base ppgen": build(env), "base ppgen --help": help_(env)})
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--base", type=Path, help="another ppgen source tree to compare with")
    parser.add_argument("--runs", type=int, default=5)
    options = parser.parse_args()
    chosen = commands(options.base)
    seconds: dict[str, list[float]] = {label: [] for label in chosen}
    cpus: dict[str, list[float]] = {label: [] for label in chosen}
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    with tempfile.TemporaryDirectory(prefix="ppgen-startup-") as name:
        for round_ in range(options.runs + 1):  # the first round warms up (.pyc files)
            for label, command_for in chosen.items():
                out, cache = Path(name) / f"out-{round_}-{len(seconds[label])}", Path(name) / f"cache-{round_}"
                command, env = command_for(out / label.replace(" ", "-"), cache / label.replace(" ", "-"))
                wall, _ = run.run_once(command, env)
                if round_:
                    seconds[label].append(wall)
                    cpus[label].append(run.LAST_CPU)
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    for label in chosen:
        print(f"  {label:20s} {statistics.median(seconds[label]):6.2f} s   cpu {statistics.median(cpus[label]):6.2f} s")
    direct, direct_cpu = statistics.median(seconds["direct.py"]), statistics.median(cpus["direct.py"])
    for label in ("ppgen", "base ppgen"):
        if label in chosen:
            print(f"  {label} / direct.py: {statistics.median(seconds[label]) / direct:.2f} x "
                  f"(cpu {statistics.median(cpus[label]) / direct_cpu:.2f} x; goal <= 0.5 x)")


if __name__ == "__main__":
    main()
