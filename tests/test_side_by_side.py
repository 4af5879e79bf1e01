"""A game's editions built side by side (generator/side_by_side.py): `--jobs 2` validates and
builds each edition in a process of its own, and says and writes exactly what one edition
after another (--jobs 1) does; one edition with an error builds none."""

from __future__ import annotations

import contextlib
import errno
import os
import shutil
import time
from dataclasses import dataclass
from types import SimpleNamespace

import pytest

from conftest import ROOT, ppgen
from generator import cache, side_by_side
from generator.errors import GameError, Problem

ONLY = ("--only", "cards,png,rules", "--paper", "a4")


def _demo(tmp_path):
    """examples/editions-demo with a column nothing reads: a warning every edition finds,
    printed once (by the first)."""
    shutil.copytree(ROOT / "examples" / "editions-demo", tmp_path / "demo")
    cards = tmp_path / "demo" / "cards.csv"
    lines = cards.read_text(encoding="utf-8").splitlines()
    cards.write_text("\n".join([lines[0] + ",unread"] + [line + ",x" for line in lines[1:]]) + "\n", encoding="utf-8")
    return tmp_path / "demo"


def _files(out):
    return {p.relative_to(out): p.read_bytes() for p in sorted(out.rglob("*"))
            if p.is_file() and p.suffix in (".png", ".pdf", ".json") and not p.name.startswith(".")}


def test_editions_side_by_side_say_and_write_what_one_after_another_does(tmp_path):
    _demo(tmp_path)
    runs = {jobs: ppgen("build", "demo", *ONLY, "--out", f"out-{jobs}", "--jobs", jobs, cwd=tmp_path)
            for jobs in (1, 2)}
    one, two = runs[1], runs[2]
    assert one.code == two.code == 0, two.text
    assert two.out.replace("out-2", "out-1") == one.out and two.err == one.err
    assert one.err.count("column 'unread' is read by nothing") == 1, one.err
    assert "edition '" not in one.err  # the first edition says it, as the game's
    built = {jobs: _files(tmp_path / f"out-{jobs}") for jobs in (1, 2)}
    assert {path.parts[1] for path in built[1]} == {"en", "de", "ru"}
    assert built[1].keys() == built[2].keys()
    for path, data in built[1].items():
        if path.suffix != ".json":  # the manifests' TTS addresses name the folder
            assert built[2][path] == data, path
    again = ppgen("build", "demo", *ONLY, "--out", "out-2", "--jobs", 2, cwd=tmp_path)
    assert again.code == 0 and "nothing changed since the last build" in again.out, again.text


def test_an_error_in_one_edition_builds_none_side_by_side(tmp_path):
    demo = _demo(tmp_path)
    (demo / "rules.de.md").write_text((demo / "rules.de.md").read_text(encoding="utf-8") + "\n{{ data.nothing.here }}\n",
                                      encoding="utf-8")
    runs = {jobs: ppgen("build", "demo", *ONLY, "--out", f"out-{jobs}", "--jobs", jobs, cwd=tmp_path)
            for jobs in (1, 2)}
    assert runs[1].code == runs[2].code == 1, runs[2].text
    assert runs[2].out.replace("out-2", "out-1") == runs[1].out and runs[2].err == runs[1].err
    assert "rules.de.md:" in runs[2].err and "nothing written" in runs[2].out, runs[2].text
    assert not (tmp_path / "out-2").exists()


# -- side_by_side() itself, with stand-ins for validate and build


@dataclass(frozen=True)
class _Plan:
    problems: tuple


def _games(*codes):
    return [SimpleNamespace(edition=code, editions=codes) for code in codes]


def _run(games, plan_of, build_one):
    store = cache.Store.open(enabled=False)
    return side_by_side.side_by_side(games, plan_of, build_one, contextlib.nullcontext, store)


def test_what_each_edition_says_comes_in_order_and_each_problem_once(capfd):
    shared = Problem("game.toml", 3, "a warning all editions find", "warning")

    def plan_of(game):
        return _Plan((shared, Problem("rules.md", 1, f"only {game.edition}", "warning")))

    def build_one(plan):
        time.sleep({"en": 0.3, "de": 0.0}[plan.problems[-1].message[-2:]])  # the last to finish says first
        print(f"built with {[p.message for p in plan.problems]}", flush=True)
        return os.getpid()

    pids = _run(_games("en", "de"), plan_of, build_one)
    assert len(set(pids)) == 2 and os.getpid() not in pids  # each in a process of its own
    assert capfd.readouterr().out == ("built with ['a warning all editions find', 'only en']\n"
                                      "built with [\"edition 'de': only de\"]\n")


def test_an_error_stops_every_edition_before_it_builds(capfd):
    def plan_of(game):
        level = "error" if game.edition == "de" else "warning"
        return _Plan((Problem("rules.de.md", 2, f"{game.edition} is wrong", level),))

    with pytest.raises(GameError) as raised:
        _run(_games("en", "de"), plan_of, lambda plan: print("built", flush=True))
    assert [p.message for p in raised.value.problems] == ["edition 'de': de is wrong"]
    assert "built" not in capfd.readouterr().out


def test_an_edition_that_fails_raises_its_error_here():
    def plan_of(game):
        if game.edition == "de":
            raise OSError(errno.EACCES, "Permission denied", "/nowhere/de")
        return _Plan(())

    with pytest.raises(OSError) as raised:
        _run(_games("en", "de"), plan_of, lambda plan: 0)
    assert (raised.value.errno, raised.value.filename) == (errno.EACCES, "/nowhere/de")


def test_an_edition_process_that_dies_is_an_internal_error_not_a_hang():
    def build_one(plan):
        os.kill(os.getpid(), 9)

    with pytest.raises(RuntimeError, match="ended before it said"):
        _run(_games("en", "de"), lambda game: _Plan(()), build_one)


def test_validate_only_returns_every_edition_s_problems_errors_and_all(capfd):
    """build_one None (ppgen validate): each edition's problems, each once, errors too, and
    nothing built."""
    shared = Problem("game.toml", 3, "a warning all editions find", "warning")

    def plan_of(game):
        return _Plan((shared, Problem("rules.md", 1, f"{game.edition} is wrong", "error")))

    found = side_by_side.side_by_side(_games("en", "de"), plan_of, None, contextlib.nullcontext,
                                      cache.Store.open(enabled=False))
    assert [[p.message for p in own] for own in found] == [["a warning all editions find", "en is wrong"],
                                                           ["edition 'de': de is wrong"]]


def test_ppgen_validate_checks_the_editions_side_by_side_and_says_each_problem_once(tmp_path):
    demo = _demo(tmp_path)
    (demo / "rules.de.md").write_text((demo / "rules.de.md").read_text(encoding="utf-8") + "\n{{ data.nothing.here }}\n",
                                      encoding="utf-8")
    run = ppgen("validate", "demo", cwd=tmp_path)
    assert run.code == 1, run.text
    assert run.err.count("column 'unread' is read by nothing") == 1 and "rules.de.md:" in run.err, run.err
    assert run.out == "demo: 1 problem, 1 warning\n", run.out
