"""The hostile-input corpus (tests/corpus.py): for every broken game, `ppgen validate` and
`ppgen build` report `PATH:LINE: LEVEL: ...` naming the right file and line, exit 1 (0 for a
warning), show no traceback and no internal error, and a failed build writes nothing. And
the property behind it: validate ok implies build ok, validate failing implies build
failing, for every case, every built-in game and every example.

validate runs once over the whole corpus and build once (the CLI takes several games), so
the corpus costs two processes, not two per case."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest

from conftest import ROOT, Run, ppgen
from corpus import CASES, make_corpus
from generator.load.catalog import builtin_ids

EXAMPLES = ("coin-flip", "standard-deck", "market-day")


@dataclass
class Results:
    root: Path
    out: Path
    validate: Run
    strict: Run
    build: Run


def summary(run: Run, name: str) -> str:
    """The summary line of one game in a run over many."""
    lines = [line for line in run.out.splitlines() if line.startswith(f"{name}: ")]
    assert len(lines) == 1, (name, run.text[-3000:])
    return lines[0]


def reports(run: Run, name: str) -> list[str]:
    return [line for line in run.err.splitlines() if line.startswith(f"{name}/")]


@pytest.fixture(scope="module")
def results(tmp_path_factory) -> Results:
    root = tmp_path_factory.mktemp("corpus")
    make_corpus(root)
    for example in EXAMPLES:
        (root / example).symlink_to(ROOT / "examples" / example)
    names = [case.name for case in CASES] + list(EXAMPLES)
    out = root.parent / f"{root.name}-out"
    return Results(root, out, ppgen("validate", *names, cwd=root, timeout=300),
                   ppgen("validate", "--strict", *[c.name for c in CASES if c.level == "warning"], cwd=root),
                   ppgen("build", *names, "--out", out, "--jobs", "2", cwd=root, timeout=600))


def test_the_corpus_is_large_and_nothing_crashes(results):
    assert len(CASES) >= 40 and len({c.name for c in CASES}) == len(CASES)
    for run in (results.validate, results.strict, results.build):
        assert "Traceback" not in run.text and "internal error" not in run.text, run.text[-3000:]


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_each_case_is_reported_at_its_file_and_line(case, results):
    game = results.root / case.name
    if case.level == "ok":  # a strange game that is still a game
        assert not reports(results.validate, case.name) and " ok (" in summary(results.validate, case.name)
        assert " wrote " in summary(results.build, case.name)
        return
    where = case.expected_where(game)
    for run, verb in ((results.validate, "validate"), (results.build, "build")):
        found = reports(run, case.name)
        assert any(line.startswith(where) and case.message in line for line in found), (verb, where, found)
        assert all(any(f": {level}: " in line for level in ("error", "warning", "note")) for line in found), found
    if case.level == "error":
        assert summary(results.validate, case.name).endswith(("problem", "problems"))
        assert "build failed" in summary(results.build, case.name)
        assert not (results.out / case.name).exists()
    elif case.level == "note":
        assert summary(results.validate, case.name).endswith(", 1 note")
        assert "wrote" in summary(results.build, case.name)
    else:
        assert ", 1 warning" in summary(results.validate, case.name)
        assert "problem" in summary(results.strict, case.name)
        assert "wrote" in summary(results.build, case.name)


def test_exit_statuses(results):
    assert results.validate.code == 1 and results.build.code == 1  # some games are wrong
    assert results.strict.code == 1  # warnings are errors under --strict
    warned = [c.name for c in CASES if c.level == "warning"][::7]  # a few, one per kind of check or so
    run = ppgen("validate", *warned, cwd=results.root)
    assert run.code == 0 and run.err.count(": warning: ") == len(warned), run.text


def test_validate_ok_if_and_only_if_build_ok(results):
    for name in [case.name for case in CASES] + list(EXAMPLES):
        valid = " ok (" in summary(results.validate, name)
        built = " wrote " in summary(results.build, name)
        assert valid == built, (name, summary(results.validate, name), summary(results.build, name))


@pytest.mark.parametrize("name", EXAMPLES)
def test_validate_ok_means_build_ok_for_the_examples(name, results):
    assert summary(results.validate, name).startswith(f"{name}: ok")
    assert "wrote" in summary(results.build, name)


@pytest.mark.parametrize("game_id", builtin_ids())
def test_validate_ok_means_build_ok_for_the_built_in_games(game_id, built, validated):
    assert validated(game_id).code == 0
    folder, artifacts = built(game_id)  # the session's shared build: it succeeded
    assert artifacts
