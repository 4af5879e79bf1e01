"""The hostile-input corpus built: `ppgen build` over every case reports what validate
reports (tests/test_corpus.py), at the same file and line, and builds exactly the cases that
are no error; a failed build writes nothing. Its own module, so that pytest-xdist runs it on
one worker while validate's runs on the other: together they were the suite's longest pole."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest

from conftest import Run, ppgen
from corpus import CASES
from test_corpus import EXAMPLES, assert_reported, corpus_folder, reports, summary


@dataclass
class Built:
    root: Path
    out: Path
    build: Run


@pytest.fixture(scope="module")
def built_corpus(tmp_path_factory) -> Built:
    root = corpus_folder(tmp_path_factory)
    out = root.parent / f"{root.name}-out"
    names = [case.name for case in CASES] + list(EXAMPLES)
    return Built(root, out, ppgen("build", *names, "--out", out, "--jobs", "2", cwd=root, timeout=600))


def test_nothing_crashes_and_some_games_fail(built_corpus):
    run = built_corpus.build
    assert "Traceback" not in run.text and "internal error" not in run.text, run.text[-3000:]
    assert run.code == 1


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
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
