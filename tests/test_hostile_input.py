"""Hostile input that needs more than the corpus (tests/corpus.py, run by test_corpus.py,
holds the broken and hostile game folders: bad numbers, paths out of the folder, bad images,
templates that grow, ...): a template that runs too long is stopped, tested in-process with
the time limit shortened."""

from __future__ import annotations

import shutil

import pytest

from conftest import ROOT
from generator.errors import GameError
from generator.load import load_game
from generator.rules import template


def test_a_template_that_runs_too_long_is_stopped(tmp_path, monkeypatch):
    """Nested loops that would run for hours stop at the time limit (shortened here) with an
    error naming rules.md."""
    game = tmp_path / "coin-flip"
    shutil.copytree(ROOT / "examples" / "coin-flip", game)
    with open(game / "rules.md", "a", encoding="utf-8") as rules:
        rules.write("{% for i in range(100000) %}{% for j in range(100000) %}{% endfor %}{% endfor %}\n")
    monkeypatch.setattr(template, "RENDER_SECONDS", 0.5)
    with pytest.raises(GameError) as caught:
        template.render(load_game(game))
    assert "rules.md: error: the template ran for more than 0.5 s" in str(caught.value)
