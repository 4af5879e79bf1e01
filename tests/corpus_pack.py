"""Hostile-input corpus for issue 26 (ppgen pack): game.toml's one-line `goal`, which the
table signs print, in game.toml and in an edition's [editions.CODE] table (a table playing
that edition gets its goal). Bad command lines for `ppgen pack` are usage errors: tests/test_pack.py."""

from __future__ import annotations

from corpus_editions import german
from corpus_kit import Case, edit

TAGLINE = 'tagline = "Call it in the air"'


def goal(value: str):
    """coin-flip with a `goal` line under its tagline."""
    return edit("game.toml", TAGLINE, f"{TAGLINE}\ngoal = {value}")


CASES: tuple[Case, ...] = (
    # the wrong type, too long, more than one line: the schema's message at the goal's line
    Case("goal-not-text", goal("3"), "game.toml", "'goal' in game.toml must be one line of 1 to 120 characters: "
                                                   "how to win, got 3", "goal ="),
    Case("goal-too-long", goal('"' + "win " * 40 + '"'), "game.toml", "'goal' in game.toml must be one line",
         "goal ="),
    Case("goal-two-lines", goal('"Win.\\nThen win again."'), "game.toml", "'goal' in game.toml must be one line",
         "goal ="),
    Case("goal-empty", goal('""'), "game.toml", "'goal' in game.toml must be one line", "goal ="),
    # a character no font has: the signs would print a blank box
    Case("goal-no-glyph", goal('"Call the coin \\uE000 right"'), "game.toml", "goal: no font has a glyph for U+E000",
         "goal ="),
    Case("goal-control", goal('"Call \\u0007 it"'), "game.toml", "goal: no font has a glyph for U+0007", "goal ="),
    Case("goal-ok", goal('"Call the coin right more often than the others"'), "game.toml", "", None, level="ok"),
)

# The same class, the one-line texts printed across the top of a handout, booklet or sign: a
# line break in one would print as a missing-glyph box.
ONE_LINE: tuple[Case, ...] = (
    Case("tagline-two-lines", edit("game.toml", TAGLINE, 'tagline = "Call it\\nin the air"'), "game.toml",
         "'tagline' in game.toml must be one line of 1 to 120 characters", "tagline ="),
    Case("title-line-separator", edit("game.toml", 'title = "Coin Flip"', 'title = "Coin\\u2028Flip"'), "game.toml",
         "'title' in game.toml must be one line of 1 to 120 characters", "title ="),
    Case("credit-two-lines", edit("game.toml", 'credits = ["Example game', 'credits = ["Example\\r\\ngame'),
         "game.toml", "'credits' in game.toml must be a list of at most 50 strings of 1 to 120 characters, "
                      "each one line", "credits ="),
)
CASES += ONE_LINE


def edition_goal(value: str):
    """coin-flip with a German edition whose table gives `goal`."""
    return german(f"goal = {value}")


# An edition's goal: the same schema and glyph check as game.toml's, at the edition's line.
EDITIONS: tuple[Case, ...] = (
    Case("edition-goal-not-text", edition_goal("3"), "game.toml",
         "'goal' in [editions.de] must be one line of 1 to 120 characters: how to win, got 3", "goal = 3"),
    Case("edition-goal-two-lines", edition_goal('"Gewinne.\\nNochmal."'), "game.toml",
         "'goal' in [editions.de] must be one line", "goal ="),
    Case("edition-goal-no-glyph", edition_goal('"Richtig \\uE000 raten"'), "game.toml",
         "[editions.de] goal: no font has a glyph for U+E000", "goal ="),
    Case("edition-goal-unknown-key", edition_goal('"x"\ngaol = "Gewinnen"'), "game.toml",
         "unknown key 'gaol' in [editions.de] (did you mean 'goal'?)", "gaol ="),
)
CASES += EDITIONS
