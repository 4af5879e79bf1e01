"""Hostile-input corpus, issue 25 (messages): every message says what to fix, once, at the
line at fault: advice that works, "did you mean" for a misspelt name, one report of a
shared mistake, and no silent surprise (an empty deck, colliding file names, low-dpi icons)."""

from __future__ import annotations

from corpus_kit import Case, append, both, copy_font, edit, toml_table, write

FILL = 'fill = "{color}"'
HAND = "hand_size = 2"
SECOND_DECK = toml_table('[[components]]\nid = "more"\nsize = "mini"\ndata = "cards.csv"\nfront = "coin"')
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
    # a mistake many cards share is reported once, at its own line
    Case("data-colour-inline", both(edit("game.toml", HAND, HAND + '\ncolors = { Heads = "#D4A01", Tails = "#000000", '
                                                          'Edge = "#000000", Lost = "#000000" }'),
                                     edit("game.toml", FILL, 'fill = "{data.colors[name]}"')),
         "game.toml", "[data.colors.Heads]: 'fill' must be a colour like '#1a2b3c', got '#D4A01' (read by "
                      "{data.colors[name]} in the ellipse at game.toml line", "colors ="),
    Case("data-colour-table", both(append("game.toml", '\n[data.colors]\nHeads = "#D4A017"\nTails = "grey"\n'
                                                       'Edge = "#B22222"\nLost = "#2F4F4F"\n'),
                                   edit("game.toml", FILL, 'fill = "{data.colors[name]}"')),
         "game.toml", "[data.colors.Tails]: 'fill' must be a colour like '#1a2b3c', got 'grey'", 'Tails = "grey"'),
    Case("data-colour-plain-key", both(edit("game.toml", HAND, HAND + '\ncoin = "#12345"'),
                                       edit("game.toml", FILL, 'fill = "{data.coin}"')),
         "game.toml", "[data.coin]: 'fill' must be a colour", "coin ="),
    Case("data-length-negative", both(edit("game.toml", HAND, HAND + '\nwide = "-30mm"'),
                                      edit("game.toml", 'w = "30mm"', 'w = "{data.wide}"')),
         "game.toml", "[data.wide]: 'w' must be above zero, got -30 mm", "wide ="),
    Case("csv-error-two-decks", both(SECOND_DECK, append("cards.csv", "c7,Bell\u0007,#D4A017\n")),
         "cards.csv", "control character U+0007 in column 'name'", "c7,"),
    Case("csv-duplicate-id-two-decks", both(SECOND_DECK, append("cards.csv", "c1,Again,#D4A017\n")),
         "cards.csv", "card c1: id already used on line 2", 8),
    Case("face-error-two-decks", both(SECOND_DECK, append("cards.csv", "c7,Odd,#zz\n")),
         "cards.csv", "card c7: face 'coin' ellipse", "c7,"),
    # nothing in silence
    Case("csv-header-only", write("cards.csv", "id,name,color\n"), "cards.csv",
         "component 'coins': no cards: a header row and no card rows", 1),
)
