"""The everyday mistakes, as corpus cases: a rules.md that does not render, a game.toml with a
typo, a cards.csv with a row short, and the layout slips a build would print in silence
(warnings). Each was once a test of its own that copied a game and ran ppgen on it; here they
share the corpus's one run of validate and build."""

from __future__ import annotations

from PIL import Image

from corpus_kit import Case, add_column, both, edit, image_file, rules_line, with_image, write

ELEMENT = "[faces.coin-back]"


def element(toml: str):
    """One more element on the coin face."""
    return edit("game.toml", ELEMENT, toml.strip() + "\n\n" + ELEMENT)


def _tiny(path) -> None:
    Image.new("RGB", (30, 20), "#3366AA").save(path)


RULES: tuple[Case, ...] = (
    Case("rules-undefined-variable", rules_line("We deal {{ hand_sise }} cards."), "rules.md",
         "'hand_sise' is undefined", "hand_sise"),
    Case("rules-template-syntax", rules_line("We deal {{ data.hand_size + }} cards."), "rules.md",
         "template syntax", "hand_size +"),
    Case("rules-unclosed-block", rules_line("{% if data.hand_size %}never closed"), "rules.md",
         "{% if %} is never closed", "never closed"),
    Case("rules-file-access", rules_line("{{ game.root.read_text() }}"), "rules.md", "not allowed in rules",
         "read_text"),
    Case("rules-raw-html-block", rules_line("<div>boxed</div>"), "rules.md", "raw HTML is not supported", "<div>"),
    Case("rules-inline-html", rules_line("Some <b>bold</b> words."), "rules.md", "raw HTML (<b>) is not supported",
         "<b>"),
    Case("rules-missing-image", rules_line("![the map](map.png)"), "rules.md",
         "image 'map.png' not found in the game folder", "map.png"),
    Case("rules-code-block", rules_line("```\nprint(1)\n```"), "rules.md", "code blocks are not supported", "```"),
    Case("rules-unknown-card", rules_line("{{ card('coins', 'S99') }}"), "rules.md",
         "no card 'S99' in component 'coins'", "S99"),
    Case("rules-figure-inside-text", rules_line("Look: {{ cards('coins', 'c1') }} here."), "rules.md",
         "must stand in a paragraph of its own", "Look:"),
    Case("rules-missing-glyph", rules_line("Fireworks \U0001F386 everywhere."), "rules.md",
         "the body font has no glyph for", "Fireworks"),
    Case("rules-error-inside-an-aid", edit("rules.md", "Most cards wins.", "{{ nope }} Most cards wins."),
         "rules.md", "'nope' is undefined", "{{ nope }}"),
    Case("rules-aid-too-long", edit("rules.md", "Most cards wins.", "Most cards wins. " + "More words. " * 200),
         "rules.md", "aid 'Coin Flip' does not fit", 'call aid("Coin Flip")'),
)

MANIFEST: tuple[Case, ...] = (
    Case("players-wrong-type", edit("game.toml", "players = [2, 4]", 'players = "many"'), "game.toml",
         "'players'", 'players = "many"'),
    Case("element-type-typo", edit("game.toml", 'type = "text"', 'type = "txet"'), "game.toml",
         "did you mean 'text'", 'type = "txet"'),
    Case("back-face-typo", edit("game.toml", 'back = "coin-back"', 'back = "coin-bak"'), "game.toml",
         "did you mean 'coin-back'", 'back = "coin-bak"'),
    Case("length-unit-in-words", edit("game.toml", 'w = "36mm"', 'w = "36 millimetres"'), "game.toml",
         "length", "36 millimetres"),
    Case("text-min-size-below-6", edit("game.toml", "size = 11\n", "size = 11\nmin_size = 4\n"), "game.toml",
         "at least 6", "min_size = 4"),
    Case("face-reads-a-missing-column", edit("game.toml", 'text = "{name}"', 'text = "{nmae}"'), "game.toml",
         "nmae", "{nmae}"),
)

DATA: tuple[Case, ...] = (
    Case("csv-row-a-field-short", edit("cards.csv", "c3,Heads,#D4A017", "c3,Heads"), "cards.csv",
         "2 fields, the header has 3", "c3,Heads"),
    Case("csv-quoted-newline-keeps-lines", write("cards.csv", 'id,name,color\nc1,"Hea\nds",#D4A017\n'
                                                             'c2,Tails,#8C8C8C,extra\n'),
         "cards.csv", "4 fields, the header has 3", "c2,Tails"),
)

# What a build would do in silence: a warning at the element's [[...]] line (exit 0; an error
# under --strict), and the build still runs.
WARNINGS: tuple[Case, ...] = (
    Case("element-wholly-outside", element('[[faces.coin.elements]]\ntype = "box"\nx = "60mm"\ny = "5mm"\n'
                                           'w = "10mm"\nh = "10mm"\nfill = "#FF0000"'),
         "game.toml", "lies wholly outside the card and its bleed", ('x = "60mm"', -2), "warning"),
    Case("element-past-the-bleed", element('[[faces.coin.elements]]\ntype = "ellipse"\nx = "40mm"\ny = "5mm"\n'
                                           'w = "20mm"\nh = "10mm"\nfill = "#FF0000"'),
         "game.toml", "reaches past the card's bleed", ('x = "40mm"', -2), "warning"),
    Case("background-stops-at-the-trim", element('[[faces.coin.elements]]\ntype = "box"\nx = "0mm"\ny = "0mm"\n'
                                                 'w = "44.45mm"\nh = "63.5mm"\nfill = "#EEEEEE"'),
         "game.toml", "stops at the trim line", ('w = "44.45mm"', -4), "warning"),
    Case("image-blown-up", both(image_file("tiny.png", _tiny), with_image("tiny.png")), "tiny.png",
         "face 'coin': this 30 × 20 px image prints at 76 dpi, below 150", None, "warning"),
    Case("column-named-in-prose-only", both(add_column("notes"),
                                            edit("rules.md", "Most cards wins.", "Most cards wins; keep notes.")),
         "cards.csv", "column 'notes' is read by nothing", 1, "warning"),
    # read by a face, or by the rules two ways: no warning at all
    Case("column-read-by-a-face", both(add_column("notes"), edit("game.toml", 'text = "{name}"',
                                                                 'text = "{name} {notes}"')),
         "game.toml", "", None, "ok"),
    Case("column-read-by-a-filter", both(add_column("notes"), edit(
        "rules.md", "Most cards wins.",
        "Most cards wins.\n{{ game.component('coins').cards|map(attribute='fields.notes')|first }}")),
         "rules.md", "", None, "ok"),
    Case("column-read-in-a-loop", both(add_column("notes"), edit(
        "rules.md", "Most cards wins.",
        "Most cards wins.\n{% for c in game.component('coins').cards %}{{ c.fields.notes }}{% endfor %}")),
         "rules.md", "", None, "ok"),
)

CASES: tuple[Case, ...] = RULES + MANIFEST + DATA + WARNINGS
