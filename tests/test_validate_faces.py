"""`ppgen validate` composes every face the build would draw, so it finds what the build
would stop on, and reports every problem in one run, sorted by file and line."""

from __future__ import annotations

import shutil

from conftest import ROOT, ppgen, replace_in


def test_validate_reports_every_face_problem_in_one_run(tmp_path):
    game = tmp_path / "coin-flip"
    shutil.copytree(ROOT / "examples" / "coin-flip", game)
    replace_in(game / "cards.csv", "c2,Tails,#8C8C8C", "c2,Tails,#8C8C8Z")  # a colour read from the CSV
    replace_in(game / "cards.csv", "c6,Lost,#2F4F4F", "c6," + "Lost " * 60 + ",#2F4F4F")  # does not fit
    replace_in(game / "game.toml", 'text = "Coin Flip"', 'text = "Coin Flip \U0001F386"')  # no glyph in any font
    run = ppgen("validate", game)
    assert run.code == 1, run.text
    errors = run.err.strip().splitlines()
    assert len(errors) == 3, run.err
    assert any("card c2" in e and "must be a colour" in e and "#8C8C8Z" in e for e in errors), errors
    assert any("card c6" in e and "does not fit" in e for e in errors), errors
    assert any("no glyph for '\U0001F386'" in e for e in errors), errors
    assert errors == sorted(errors, key=lambda e: (e.split(":")[0], int(e.split(":")[1]))), errors
    assert "coin-flip: 3 problems" in run.out


def test_validate_ok_means_build_ok_for_the_built_in_games_and_examples(validated):
    for game in ("squib-squares", ROOT / "examples" / "coin-flip", ROOT / "examples" / "standard-deck"):
        assert validated(game).code == 0, game
