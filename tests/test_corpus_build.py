"""The hostile-input corpus built: `ppgen build` reports what validate reports
(tests/test_corpus.py), at the same file and line, builds every case that is no error, and
refuses the others writing nothing. Its own module, so that pytest-xdist runs it on one worker
while validate's runs on the other: together they were the suite's longest pole.

Every case validate passes is built (the proof that validate ok means build ok). Of the cases
validate refuses, a sample: build runs the very validation `ppgen validate` runs (cli.run_build
refuses before it builds anything), so one refused case proves for its kind what all of them
did; the first of each corpus file and every 10th beside it still show each report comes out
of build at its file and line, and that a refused game writes nothing."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest

from conftest import Run, ppgen
from corpus import CASES, GROUPS
from test_corpus import EXAMPLES, assert_reported, corpus_folder, reports, summary


def _refused_sample() -> set[str]:
    refused = {group: [c.name for c in cases if c.level == "error"] for group, cases in GROUPS.items()}
    firsts = {names[0] for names in refused.values() if names}
    return firsts | set([c.name for c in CASES if c.level == "error"][::10])


SAMPLE = _refused_sample()
BUILT = tuple(case for case in CASES if case.level != "error" or case.name in SAMPLE)


@dataclass
class Built:
    root: Path
    out: Path
    build: Run


@pytest.fixture(scope="module")
def built_corpus(tmp_path_factory) -> Built:
    root = corpus_folder(tmp_path_factory, BUILT)
    out = root.parent / f"{root.name}-out"
    names = [case.name for case in BUILT] + list(EXAMPLES)
    return Built(root, out, ppgen("build", *names, "--out", out, "--jobs", "2", cwd=root, timeout=600))


def test_nothing_crashes_and_some_games_fail(built_corpus):
    run = built_corpus.build
    assert "Traceback" not in run.text and "internal error" not in run.text, run.text[-3000:]
    assert run.code == 1


@pytest.mark.parametrize("case", BUILT, ids=[c.name for c in BUILT])
def test_each_case_is_built_or_refused_as_validate_says(case, built_corpus):
    said = summary(built_corpus.build, case.name)
    if case.level == "error":
        assert "build failed" in said
        assert not (built_corpus.out / case.name).exists()
    else:
        assert " wrote " in said
    if case.level == "ok":
        assert not reports(built_corpus.build, case.name)
    else:
        assert_reported(case, built_corpus.root / case.name, reports(built_corpus.build, case.name))


@pytest.mark.parametrize("name", EXAMPLES)
def test_the_examples_build(name, built_corpus):
    assert " wrote " in summary(built_corpus.build, name)
