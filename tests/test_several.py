"""Several games built at once (generator/several.py): `ppgen build A B C --jobs 2` builds
each game in a process of its own and says exactly what building them one after another
says, in the games' order, with the same exit status and the same files."""

from __future__ import annotations

import os
import shutil
import time

from conftest import ROOT, ppgen
from generator import several

ONLY = ("--only", "cards,png,rules", "--paper", "a4")


def _games(tmp_path):
    """Three small games; the middle one broken (a colour with five digits)."""
    names = ["alpha", "bravo", "charlie"]
    for name in names:
        shutil.copytree(ROOT / "examples" / "coin-flip", tmp_path / name)
    cards = tmp_path / "bravo" / "cards.csv"
    cards.write_text(cards.read_text().replace("#D4A017", "#D4A01", 1))
    return names


def _files(out):
    return {p.relative_to(out): p.read_bytes() for p in sorted(out.rglob("*"))
            if p.is_file() and p.suffix in (".png", ".pdf")}


def test_games_built_at_once_say_and_write_what_one_after_another_does(tmp_path):
    names = _games(tmp_path)
    runs = {jobs: ppgen("build", *names, *ONLY, "--out", tmp_path / f"out-{jobs}", "--jobs", jobs, cwd=tmp_path)
            for jobs in (1, 2)}
    one, two = runs[1], runs[2]
    assert one.code == two.code == 1, two.text
    said = [line.split(":")[0] for line in two.out.splitlines()]
    assert said == names and "bravo: build failed" in two.out, two.out
    assert two.out.replace("out-2", "out-1") == one.out and two.err == one.err
    assert "bravo/cards.csv:2: error:" in two.err, two.err
    assert not (tmp_path / "out-2" / "bravo").exists()
    made = _files(tmp_path / "out-2")
    assert made and made == _files(tmp_path / "out-1")
    assert {path.parts[0] for path in made} == {"alpha", "charlie"}


def _sleep_then(status):
    def work(item):
        time.sleep(item / 10)
        print(f"item {item}", flush=True)
        return status(item)
    return work


def test_what_each_says_comes_in_order_whichever_finishes_first(capfd):
    assert several.each([3, 1, 2, 0], _sleep_then(lambda item: 0), 2) == 0
    assert capfd.readouterr().out == "item 3\nitem 1\nitem 2\nitem 0\n"
    assert several.each([2, 0, 1], _sleep_then(lambda item: 1 if item == 0 else 0), 2) == 1
    assert capfd.readouterr().out == "item 2\nitem 0\nitem 1\n"


def test_items_are_handed_out_in_the_order_given_the_last_to_its_own_work(capfd, tmp_path):
    """The largest games start first (cli._largest_first), the one handed out last may use
    every core (its own work); what each says still comes in the items' order."""
    started = tmp_path / "started"

    def work(name):
        def run(item):
            with open(started, "a") as log:
                log.write(f"{item}\n")
            time.sleep({3: 0.3, 1: 0.05, 2: 0.1}.get(item, 0))  # 1 then 2 on one builder, 3 on the other
            print(f"{name} {item}", flush=True)
            return 0
        return run
    assert several.each([0, 1, 2, 3], work("item"), 2, order=[3, 1, 2, 0], last=work("last")) == 0
    assert capfd.readouterr().out == "last 0\nitem 1\nitem 2\nitem 3\n"
    assert sorted(started.read_text().split()[:2]) == ["1", "3"] and started.read_text().split()[2:] == ["2", "0"]


def test_a_status_other_than_failed_stops_the_run(capfd):
    """A usage or internal error stops it, as one game after another would: no game starts
    after it; one already running finishes and is reported."""
    status = several.each([0, 3, 9, 9], _sleep_then(lambda item: 2 if item == 0 else 0), 2)
    assert status == 2
    assert capfd.readouterr().out == "item 0\nitem 3\n"


def test_a_child_killed_stops_the_run_and_the_others_still_report(capfd):
    def work(item):
        if item == 1:
            os.kill(os.getpid(), 9)
        print(f"item {item}", flush=True)
        return 0
    assert several.each([0, 1], work, 2) == 128 + 9  # as a shell says it
    assert capfd.readouterr().out == "item 0\n"


def test_a_game_given_twice_is_built_then_said_unchanged(tmp_path):
    """Two games into one folder cannot build at once: a name given twice goes one after the other."""
    shutil.copytree(ROOT / "examples" / "coin-flip", tmp_path / "alpha")
    run = ppgen("build", "alpha", "alpha", *ONLY, "--out", tmp_path / "out", "--jobs", 2, cwd=tmp_path)
    assert run.code == 0, run.text
    first, second = run.out.splitlines()
    assert first.startswith("alpha: wrote") and "nothing changed since the last build" in second, run.out


def test_games_validated_at_once_say_what_each_alone_says(tmp_path):
    """`ppgen validate A B C` checks several games at once (several.py): its stdout and
    stderr are those of validating each alone, in the games' order, and it fails if one does."""
    names = _games(tmp_path)
    together = ppgen("validate", *names, "--paper", "a4", cwd=tmp_path)
    alone = [ppgen("validate", name, "--paper", "a4", cwd=tmp_path) for name in names]
    assert together.code == 1 and [run.code for run in alone] == [0, 1, 0], together.text
    assert together.out == "".join(run.out for run in alone) and together.err == "".join(run.err for run in alone)
