"""Hostile-input corpus, issue 25 (messages): every message says what to fix, once, at the
line at fault: advice that works, "did you mean" for a misspelt name, one report of a
shared mistake, and no silent surprise (an empty deck, colliding file names, low-dpi icons)."""

from __future__ import annotations

from PIL import Image

from corpus_kit import Case, append, both, copy_font, edit, image_file, rules_line, toml_table, write


def _square(pixels: int):
    """A square PNG of that many pixels a side."""
    return lambda path: Image.new("RGB", (pixels, pixels), "#D4A017").save(path)


FILL = 'fill = "{color}"'
STROKE = 'stroke = "#555555"'  # a colour no column gives: the colour column stays read
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
                                     edit("game.toml", STROKE, 'stroke = "{data.colors[name]}"')),
         "game.toml", "[data.colors.Heads]: 'stroke' must be a colour like '#1a2b3c', got '#D4A01' (read by "
                      "{data.colors[name]} in the box at game.toml line", "colors ="),
    Case("data-colour-table", both(append("game.toml", '\n[data.colors]\nHeads = "#D4A017"\nTails = "grey"\n'
                                                       'Edge = "#B22222"\nLost = "#2F4F4F"\n'),
                                   edit("game.toml", STROKE, 'stroke = "{data.colors[name]}"')),
         "game.toml", "[data.colors.Tails]: 'stroke' must be a colour like '#1a2b3c', got 'grey'", 'Tails = "grey"'),
    Case("data-colour-plain-key", both(edit("game.toml", HAND, HAND + '\ncoin = "#12345"'),
                                       edit("game.toml", STROKE, 'stroke = "{data.coin}"')),
         "game.toml", "[data.coin]: 'stroke' must be a colour", "coin ="),
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
    Case("csv-header-only-second-deck", both(SECOND_DECK, edit("game.toml", 'data = "cards.csv"\nfront = "coin"\n\n'
                                                          '[faces.coin]', 'data = "none.csv"\nfront = "coin"\n\n'
                                                          '[faces.coin]'), write("none.csv", "id,name,color\n")),
         "none.csv", "component 'more': no cards: a header row and no card rows", 1),
    # ids that differ but make one file name: validate says so at the second card's line
    Case("ids-slash-and-dash", append("cards.csv", "a/b,Heads,#D4A017\na-b,Tails,#8C8C8C\n"), "cards.csv",
         "card a-b: ids 'a/b' (line 8) and 'a-b' make the same file name 'a-b'", "a-b,"),
    Case("ids-space-and-dash", append("cards.csv", "x y,Heads,#D4A017\nx-y,Tails,#8C8C8C\n"), "cards.csv",
         "card x-y: ids 'x y' (line 8) and 'x-y' make the same file name 'x-y'", "x-y,"),
    Case("ids-accents", append("cards.csv", "caf\u00e9,Heads,#D4A017\ncaf\u00ea,Tails,#8C8C8C\n"), "cards.csv",
         "ids 'caf\u00e9' (line 8) and 'caf\u00ea' make the same file name 'caf'", "caf\u00ea,"),
    Case("ids-case", append("cards.csv", "Ace,Heads,#D4A017\nACE,Tails,#8C8C8C\n"), "cards.csv",
         "one file on macOS and Windows, which ignore case", "ACE,"),
    # a width or height below zero is an error, however it is given
    Case("width-negative", edit("game.toml", 'w = "30mm"', 'w = "-30mm"'), "game.toml",
         "ellipse 'w' must be above zero, got -30 mm", 'w = "-30mm"'),
    Case("height-negative-text", edit("game.toml", 'h = "12mm"', 'h = "-12mm"'), "game.toml",
         "text 'h' must be above zero, got -12 mm", 'h = "-12mm"'),
    Case("width-negative-from-csv", both(edit("game.toml", 'w = "30mm"', 'w = "{name}"'),
                                         edit("cards.csv", "c2,Tails", "c2,-5mm")),
         "cards.csv", "card c2: face 'coin' ellipse (game.toml line 32): 'w' must be above zero, got -5 mm", "c2,"),
    Case("width-not-a-length-from-csv", edit("game.toml", 'w = "30mm"', 'w = "{name}"'), "cards.csv",
         "card c1: face 'coin' ellipse (game.toml line 32): 'w' expected a length such as", "c1,"),
    Case("stroke-negative-in-mm", edit("game.toml", 'stroke_width = "0.75pt"', 'stroke_width = "-2mm"'),
         "game.toml", "'stroke_width' must be at least 0 mm, got -2 mm", "stroke_width"),
    # a file's place on the designer's computer is never printed (nor would two machines build the same bytes)
    Case("rules-game-root", rules_line("Made in {{ game.root }}"), "rules.md",
         "'root' is a file's place on this computer, which the game may not print", "game.root"),
    Case("rules-card-path", rules_line('{{ game.component("coins").cards[0].path }}'), "rules.md",
         "'path' is a file's place on this computer", "cards[0].path"),
    # a misspelt name says which is missing and what there is, with "did you mean"
    Case("rules-data-missing", rules_line("{{ data.missing }}"), "rules.md",
         "[data] has no key 'missing'; its keys: hand_size", "data.missing"),
    Case("rules-data-misspelt", rules_line("{{ data.hand_sise }}"), "rules.md",
         "[data] has no key 'hand_sise' (did you mean 'hand_size'?)", "hand_sise"),
    Case("rules-data-item-misspelt", rules_line('{{ data["hand_sze"] }}'), "rules.md",
         "(did you mean 'hand_size'?)", "hand_sze"),
    Case("rules-nested-data-misspelt", both(edit("game.toml", "hand_size = 2", "hand_size = 2\n[data.scores]\nwin = 3"),
                                            rules_line("{{ data.scores.wins }}")), "rules.md",
         "[data.scores] has no key 'wins' (did you mean 'win'?); its keys: win", "scores.wins"),
    Case("rules-card-column-misspelt", rules_line('{% for card in game.component("coins").cards %}{{ card.nmae }}'
                                                  '{% endfor %}'), "rules.md",
         "card c1 has no column 'nmae' (did you mean 'name'?); its columns: id, name, color", "card.nmae"),
    Case("rules-game-attribute-misspelt", rules_line("{{ game.titel }}"), "rules.md",
         "the game has no attribute 'titel' (did you mean 'title'?)", "game.titel"),
    Case("rules-component-attribute-misspelt", rules_line("{{ components[0].nmae }}"), "rules.md",
         "the component has no attribute 'nmae' (did you mean 'name'?)", "nmae"),
    Case("rules-name-misspelt", rules_line("{{ playrs }} players"), "rules.md",
         "'playrs' is undefined (did you mean 'players'?)", "playrs"),
    Case("rules-attribute-of-a-list", rules_line("{{ components.name }}"), "rules.md",
         "a list (1 item) has no 'name'; take an item first", "components.name"),
    Case("rules-component-misspelt", rules_line('{{ game.component("coin").name }}'), "rules.md",
         "no component 'coin' (did you mean 'coins'?) (components: coins)", 'component("coin")'),
    Case("rules-card-id-misspelt", rules_line('{{ card("coins", "c01") }}'), "rules.md",
         "no card 'c01' in component 'coins' (did you mean", 'card("coins"'),
    Case("face-column-misspelt", edit("game.toml", 'text = "{name}"', 'text = "{nmae}"'), "game.toml",
         "reads column 'nmae', which cards.csv (component 'coins') does not have (did you mean 'name'?)",
         'text = "{nmae}"'),
    Case("when-column-misspelt", edit("game.toml", FILL, FILL + '\nwhen = "nme == \'Heads\'"'), "game.toml",
         "'when' reads column 'nme', which cards.csv (component 'coins') does not have (did you mean 'name'?)",
         "when ="),
    Case("front-column-misspelt", edit("game.toml", 'front = "coin"', 'front = "{nam}"'), "game.toml",
         "front = '{nam}' reads column 'nam', which cards.csv does not have (did you mean 'name'?)", "front ="),
    Case("lookup-key-misspelt", both(edit("game.toml", HAND, HAND + '\ncolors = { Heads = "#D4A017", Tails = '
                                                                  '"#8C8C8C", Edge = "#B22222", Lost = "#2F4F4F" }'),
                                     edit("game.toml", STROKE, 'stroke = "{data.colors[name]}"'),
                                     edit("cards.csv", "c6,Lost", "c6,Lots")), "cards.csv",
         "[data.colors] has no key 'Lots' (this card's name) (did you mean 'Lost'?); its keys:", "c6,"),
    Case("when-data-misspelt", edit("game.toml", FILL, FILL + "\nwhen = 'data.hand_sise > 1'"), "game.toml",
         "face 'coin' ellipse 'when' reads [data.hand_sise], which game.toml does not have (did you mean "
         "'hand_size'?)", "when ="),
    Case("when-data-item-misspelt", edit("game.toml", FILL, FILL + "\nwhen = 'data[\"hand_sze\"] == 2'"), "game.toml",
         "'when' reads [data.hand_sze], which game.toml does not have (did you mean 'hand_size'?)", "when ="),
    Case("when-data-attribute-of-a-number", edit("game.toml", FILL, FILL + "\nwhen = 'data.hand_size.x'"),
         "cards.csv", "card c1: face 'coin' ellipse (game.toml line 32): when = 'data.hand_size.x': 2 is a number: "
                      "it has no 'x' (and 5 more cards of component 'coins' alike: c2, c3, c4, c5, c6)", "c1,"),
    Case("data-table-misspelt", both(edit("game.toml", HAND, HAND + '\ncolors = { Heads = "#D4A017" }'),
                                     edit("game.toml", STROKE, 'stroke = "{data.colours[name]}"')), "game.toml",
         "reads [data.colours], which game.toml does not have (did you mean 'colors'?)", "stroke ="),
    # an image icon printed below 150 dpi is a warning, as an image is
    Case("icon-low-dpi", both(toml_table('[icons]\ncoin = "coin.png"'), image_file("coin.png", _square(16)),
                              edit("cards.csv", "c6,Lost", "c6,Lost :coin:")), "game.toml",
         "icon 'coin': this 16 × 16 px image prints at 131 dpi on the cards (at its largest, 3.1 mm), below 150",
         "coin =", "warning"),
    Case("icon-low-dpi-big-text", both(toml_table('[icons]\ncoin = "coin.png"'), image_file("coin.png", _square(40)),
                                       edit("game.toml", "size = 11", "size = 40\nmin_size = 30"),
                                       edit("cards.csv", "c6,Lost", "c6,:coin:")), "game.toml",
         "icon 'coin': this 40 × 40 px image prints at 106 dpi on the cards (at its largest, 9.6 mm)", "coin =",
         "warning"),
    Case("icon-low-dpi-in-a-heading", both(toml_table('[icons]\ncoin = "coin.png"'),
                                           image_file("coin.png", _square(20)), rules_line("## Pay :coin: to win")),
         "game.toml",
         "icon 'coin': this 20 × 20 px image prints at 129 dpi in the rules and aids (at its largest, 4.0 mm)",
         "coin =", "warning"),
    Case("icon-sharp-enough", both(toml_table('[icons]\ncoin = "coin.png"'), image_file("coin.png", _square(64)),
                                   edit("cards.csv", "c6,Lost", "c6,Lost :coin:")), "game.toml", "", None, "ok"),
    # a score sheet prints its title as written and the row label the game names
    Case("score-sheet-title-a-number", edit("game.toml", HAND, HAND + "\nscore_sheet = { title = 5 }"), "game.toml",
         "data.score_sheet.title must be text of 1 to 40 characters, got 5", "score_sheet"),
    Case("score-sheet-row-label-long", edit("game.toml", HAND, HAND + '\n[data.score_sheet]\nrow_label = "'
                                            + "Round " * 5 + '"'), "game.toml",
         "data.score_sheet.row_label must be text of 1 to 12 characters", "row_label ="),
    Case("score-sheet-helper-empty-label", rules_line('{{ score_sheet(columns=["Coins"], row_label="") }}'),
         "rules.md", "score_sheet(): row_label must be text of 1 to 12 characters, got ''", "score_sheet("),
    Case("score-sheet-own-words", edit("game.toml", HAND, HAND + '\nscore_sheet = { title = "Tally", row_label = '
                                       '"Round" }'), "game.toml", "", None, "ok"),
)
