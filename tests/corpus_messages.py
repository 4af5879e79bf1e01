"""Hostile-input corpus, issue 25 (messages): every message says what to fix, once, at the
line at fault: advice that works, "did you mean" for a misspelt name, one report of a
shared mistake, and no silent surprise (an empty deck, colliding file names, low-dpi icons)."""

from __future__ import annotations

from corpus_kit import Case, both, copy_font, edit, toml_table

DISPLAY_FONT = both(toml_table('[fonts]\ndisplay = "d.ttf"'), copy_font("d.ttf", "FredokaOne-Regular.ttf"))

CASES: tuple[Case, ...] = (
    # advice that works: never "add a role" that [fonts] then refuses
    Case("display-bold-own-font", both(DISPLAY_FONT, edit("game.toml", 'text = "Coin Flip"',
                                                          'text = "**{game.title}**"')),
         "game.toml", "the game's display font has no bold style ([fonts] takes one display font", "display ="),
    Case("display-italic-own-font", both(DISPLAY_FONT, edit("game.toml", 'text = "Coin Flip"',
                                                            'text = "Coin *Flip*"')),
         "game.toml", "drop the ** or * markup, or set this text in a body font", "display ="),
    Case("body-italic-own-font", both(toml_table('[fonts]\nbody = "b.ttf"\nbody-bold = "b.ttf"'),
                                      copy_font("b.ttf"), edit("cards.csv", "c6,Lost", "c6,*Lost*")),
         "game.toml", "the game's body font has no bold italic style: add 'body-bold-italic' to [fonts]", "body ="),
)
