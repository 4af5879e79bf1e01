"""Hostile input that needs more than the corpus (tests/corpus.py, run by test_corpus.py,
holds the broken and hostile game folders: bad numbers, paths out of the folder, bad images,
templates that grow, ...): a template or a `when` that runs too long is stopped, tested
in-process with the time limit shortened; the worst `when` bombs together stay within 2 GiB
and 60 s, under a real memory limit."""

from __future__ import annotations

import json
import resource
import shutil
import subprocess
from types import SimpleNamespace

import pytest

from conftest import ROOT, _ppgen_command, line_of, replace_in
from generator.errors import GameError
from generator.sandbox import conditions, when_expr
from generator.load.game import load_game
from generator.rules import template

MEMORY = 2 * 1024 ** 3  # as prlimit --as=2147483648
# The bombs at full size: each hung, or took a gigabyte or more, before the sandbox
# measured what an expression makes.
BOMBS = ("(((9**99)**99)**99)**99", "'x'|indent(10**9)", "'%*d' % (10**9, 1)",
         "'{0:{1}}'.format('x', '1000000000')", "'%(a)999999999s' % {'a': 1}", "'x'.join(['y'*999999]*999)",
         "(('x'*999999)|list)|join('y'*999999)", "range(99999)|map('string')|join('x'*999999)",
         "('x'*999999)|wordwrap(1)", "('x'*999999).replace('x','xxxxxx')", "range(9999)|batch(1)|sum(start=[])",
         "('x'*5000) ~ ('x'*5000) ~ ('x'*5000) ~ name")


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


def test_the_worst_when_bombs_are_refused_within_2_gib_and_60_s(tmp_path):
    """Each bomb of the issue as the `when` of coin-flip's ellipse, all validated by one
    process under a 2 GiB address-space limit: each is refused at its element's line, and
    nothing runs out of memory or hangs."""
    games = []
    for number, bomb in enumerate(BOMBS):
        game = tmp_path / f"bomb-{number}"
        shutil.copytree(ROOT / "examples" / "coin-flip", game)
        replace_in(game / "game.toml", 'type = "ellipse"', f'type = "ellipse"\nwhen = {json.dumps(bomb)}')
        games.append(game.name)
    done = subprocess.run(_ppgen_command() + ["validate", *games], cwd=tmp_path, capture_output=True, text=True,
                          timeout=60, preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY)))
    assert done.returncode == 1, done.stderr[-3000:]
    assert "Traceback" not in done.stderr and "MemoryError" not in done.stderr, done.stderr[-3000:]
    for name, bomb in zip(games, BOMBS):
        element = line_of(tmp_path / name / "game.toml", 'type = "ellipse"') - 1  # [[faces.coin.elements]]
        where = (f"{name}/game.toml:{element}: error: card c1: face 'coin' ellipse: when = {bomb!r}: "
                 f"not allowed in a condition: ")
        assert any(report.startswith(where) for report in done.stderr.splitlines()), (bomb, done.stderr[-3000:])


def test_a_when_that_runs_too_long_is_stopped_once(monkeypatch):
    """A condition past its time limit (shortened here) is an error at the element's line;
    the next cards are refused without running it again."""
    monkeypatch.setattr(when_expr, "WHEN_SECONDS", 0.002)
    monkeypatch.setattr(when_expr, "_STOPPED", set())
    element = SimpleNamespace(when="range(9999)|map('string')|list|length > 0", line=32)
    game = SimpleNamespace(data={})
    for _ in range(2):
        with pytest.raises(ValueError, match="ran for more than 0.002 s and was stopped") as caught:
            conditions.shows(element, {"name": "Heads"}, game)
        assert caught.value.line == 32
    assert when_expr._STOPPED == {element.when}
