"""The hostile-input corpus (tests/corpus.py): for every broken game, `ppgen validate`
reports `PATH:LINE: LEVEL: ...` naming the right file and line, exits 1 (0 for a warning),
and shows no traceback and no internal error; tests/test_corpus_build.py checks the same of
`ppgen build`, and that a failed build writes nothing. Together they hold the property behind
it: validate ok if and only if build ok, for every case (each case's level says which), every
built-in game and every example.

validate runs once over the whole corpus (the CLI takes several games), so the corpus costs
one process here and one there, each module on its own worker."""

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
    validate: Run
    strict: Run


def summary(run: Run, name: str) -> str:
    """The summary line of one game in a run over many."""
    lines = [line for line in run.out.splitlines() if line.startswith(f"{name}: ")]
    assert len(lines) == 1, (name, run.text[-3000:])
    return lines[0]


def reports(run: Run, name: str) -> list[str]:
    return [line for line in run.err.splitlines() if line.startswith(f"{name}/")]


def corpus_folder(tmp_path_factory, cases=CASES) -> Path:
    """Every case's game folder (or those given), and the examples, side by side in one new folder."""
    root = tmp_path_factory.mktemp("corpus")
    make_corpus(root, cases)
    for example in EXAMPLES:
        (root / example).symlink_to(ROOT / "examples" / example)
    return root


@pytest.fixture(scope="module")
def results(tmp_path_factory) -> Results:
    root = corpus_folder(tmp_path_factory)
    names = [case.name for case in CASES] + list(EXAMPLES)
    return Results(root, ppgen("validate", *names, cwd=root, timeout=300),
                   ppgen("validate", "--strict", *[c.name for c in CASES if c.level == "warning"], cwd=root))


def test_the_corpus_is_large_and_nothing_crashes(results):
    assert len(CASES) >= 40 and len({c.name for c in CASES}) == len(CASES)
    for run in (results.validate, results.strict):
        assert "Traceback" not in run.text and "internal error" not in run.text, run.text[-3000:]


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_each_case_is_reported_at_its_file_and_line(case, results):
    if case.level == "ok":  # a strange game that is still a game
        assert not reports(results.validate, case.name) and " ok (" in summary(results.validate, case.name)
        return
    found = reports(results.validate, case.name)
    assert_reported(case, results.root / case.name, found)
    if case.level == "error":
        assert summary(results.validate, case.name).endswith(("problem", "problems"))
    elif case.level == "note":
        assert summary(results.validate, case.name).endswith(", 1 note")
    else:
        assert ", 1 warning" in summary(results.validate, case.name)
        assert "problem" in summary(results.strict, case.name)


def assert_reported(case, game: Path, found: list[str]) -> None:
    """The case's message at its file and line among what a run printed of its game, and
    every line of it a `LEVEL:` report."""
    where = case.expected_where(game)
    assert any(line.startswith(where) and case.message in line for line in found), (where, found)
    assert all(any(f": {level}: " in line for level in ("error", "warning", "note")) for line in found), found


def test_exit_statuses(results):
    assert results.validate.code == 1  # some games are wrong
    assert results.strict.code == 1  # warnings are errors under --strict
    warned = [c.name for c in CASES if c.level == "warning"][::7]  # a few, one per kind of check or so
    run = ppgen("validate", *warned, cwd=results.root)
    assert run.code == 0 and run.err.count(": warning: ") == len(warned), run.text


def test_validate_is_ok_for_exactly_the_cases_that_are_no_error(results):
    """Half of 'validate ok if and only if build ok': test_corpus_build.py checks build against
    the same levels."""
    for case in CASES:
        assert (" ok (" in summary(results.validate, case.name)) == (case.level != "error"), case.name


@pytest.mark.parametrize("name", EXAMPLES)
def test_the_examples_validate(name, results):
    assert summary(results.validate, name).startswith(f"{name}: ok")


@pytest.mark.parametrize("game_id", builtin_ids())
def test_validate_ok_means_build_ok_for_the_built_in_games(game_id, built, validated):
    assert validated(game_id).code == 0
    folder, artifacts = built(game_id)  # the session's shared build: it succeeded
    assert artifacts
