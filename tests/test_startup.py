"""Start-up cost (issue 22): a build loads only what its parts, load and validate need.

Each test runs the real `ppgen` entry point (generator.cli.run) in a fresh interpreter and
reads back which modules it imported, so a top-level import that drags the booklet's
Platypus or the Markdown parser into every build shows here rather than as a slower bench."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import ROOT

# Runs ppgen as its console script does, then prints the modules loaded, as JSON.
PROBE = """
import json, sys
from generator import cli
sys.argv = ["ppgen"] + json.loads(sys.argv[1])
try:
    cli.run()
except SystemExit as exc:
    code = exc.code
else:
    code = 0
print(json.dumps({"code": code, "modules": sorted(sys.modules)}))
"""

# What only the rules booklet, handout and rules.md need, the pack command, and PDFium (the
# gallery's page thumbnails).
NOT_FOR_CARDS = ("reportlab.platypus", "markdown_it", "generator.parts.booklet", "generator.parts.handout",
                 "generator.parts.flow", "generator.rules.template", "generator.pack.command", "pypdfium2")


def loaded(tmp_path: Path, *args) -> tuple[int, set[str]]:
    """(exit status, modules imported) of `ppgen ARGS` with an empty face cache of its own."""
    env = {"PPGEN_CACHE": str(tmp_path / "cache"), "PATH": "/usr/bin:/bin"}
    done = subprocess.run([sys.executable, "-c", PROBE, json.dumps([str(a) for a in args])], cwd=ROOT,
                          capture_output=True, text=True, timeout=120, env=env)
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout.strip().splitlines()[-1])
    return report["code"], set(report["modules"])


@pytest.fixture
def no_rules(tmp_path) -> Path:
    """examples/coin-flip without its rules.md: a deck and nothing to lay out but its cards."""
    game = tmp_path / "coin-flip"
    shutil.copytree(ROOT / "examples" / "coin-flip", game)
    (game / "rules.md").unlink()
    return game


@pytest.mark.parametrize("parts", ["cards,png", "cards", "png"])
def test_a_cards_build_loads_nothing_of_the_rules(tmp_path, no_rules, parts):
    code, modules = loaded(tmp_path, "build", no_rules, "--only", parts, "--paper", "letter",
                           "--out", tmp_path / "out")
    assert code == 0
    assert not modules & set(NOT_FOR_CARDS), f"a build --only {parts} loaded {sorted(modules & set(NOT_FOR_CARDS))}"
    assert "generator.parts.onecard" not in modules  # the quick look loads only with --card
    assert "jinja2" not in modules  # no rules.md and no `when`: nothing for Jinja2 to read (sandbox/conditions.py)


def test_a_rules_build_still_loads_the_booklet(tmp_path):
    code, modules = loaded(tmp_path, "build", ROOT / "examples" / "coin-flip", "--only", "rules",
                           "--paper", "letter", "--out", tmp_path / "out")
    assert code == 0
    assert {"reportlab.platypus", "generator.parts.booklet", "markdown_it"} <= modules
    assert (tmp_path / "out" / "coin-flip" / "rules-booklet.pdf").is_file()


def test_a_quick_look_loads_its_part_when_asked(tmp_path, no_rules):
    code, modules = loaded(tmp_path, "build", no_rules, "--only", "cards", "--card", "c1",
                           "--paper", "letter", "--out", tmp_path / "out")
    assert code == 0
    assert "generator.parts.onecard" in modules


def test_help_loads_no_drawing_library(tmp_path):
    code, modules = loaded(tmp_path, "--help")
    assert code == 0
    assert not {m for m in modules if m.split(".")[0] in ("reportlab", "PIL", "markdown_it", "jinja2")}
