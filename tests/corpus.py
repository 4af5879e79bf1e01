"""A corpus of broken and hostile game folders, made by code: each case copies
examples/coin-flip and breaks it one way (one case per class of mistake or attack), and says
which file and line the report must name, with what message, and at what level.

    make_corpus(root) -> {case name: game folder}

tests/test_corpus.py runs `ppgen validate` over all of them at once, tests/test_corpus_build.py
`ppgen build`.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from PIL import Image

import corpus_basics
import corpus_catalogue
import corpus_data
import corpus_draw
import corpus_editions
import corpus_games
import corpus_language
import corpus_messages
import corpus_misc
import corpus_pack
import corpus_preflight
import corpus_rulesets
import corpus_sandbox
import corpus_svg
import corpus_text
import corpus_workbooks
from corpus_kit import (CREDITS, OVERFULL, SIZE, Case, _bomb, _png, _truncated, add_column, append,
                        both, copies, copy_font, csv_rows, edit, edit_bytes, image_file, nested, outside_file,
                        rules_line, symlink_out, toml_table, with_image, write)

# -- the cases ----------------------------------------------------------------------------------

ROUND_ONE: tuple[Case, ...] = (
    # game.toml that is not TOML, or not ours
    Case("toml-syntax", edit("game.toml", 'minutes = 5', 'minutes = = 5'), "game.toml", "TOML syntax", "minutes"),
    Case("toml-empty", write("game.toml", ""), "game.toml", "missing the required key 'title'", None),
    Case("toml-binary", write("game.toml", bytes(range(256)) * 4), "game.toml", "not UTF-8", 2),
    Case("toml-invalid-utf8", edit_bytes("game.toml", b'title = "Coin Flip"', b'title = "Coin \xff"'),
         "game.toml", "not UTF-8", "title ="),
    Case("toml-deep-nesting", append("game.toml", "deep = " + "[" * 5000 + "]" * 5000 + "\n"),
         "game.toml", "nested too deeply", None),
    Case("unknown-top-key", edit("game.toml", 'minutes = 5', 'minutes = 5\ntitel = "x"'), "game.toml",
         "unknown key 'titel'", "titel"),
    Case("unknown-component-key", edit("game.toml", SIZE, SIZE + '\nbleeding = "3mm"'), "game.toml",
         "unknown key 'bleeding'", "bleeding"),
    Case("unknown-element-key", edit("game.toml", 'font = "body-bold"', 'font = "body-bold"\nfont_size = 11'),
         "game.toml", "unknown key 'font_size'", "font_size"),
    Case("unknown-element-type", edit("game.toml", 'type = "ellipse"', 'type = "elipse"'), "game.toml",
         "did you mean 'ellipse'", "elipse"),
    Case("unknown-ruleset", edit("game.toml", 'minutes = 5', 'minutes = 5\nrulesets = ["chess"]'), "game.toml",
         "unknown rule set 'chess'", "rulesets"),
    # numbers: negative, zero, NaN, inf, absurd
    Case("players-backwards", edit("game.toml", "players = [2, 4]", "players = [6, 2]"), "game.toml",
         "larger number first", "players"),
    Case("players-zero", edit("game.toml", "players = [2, 4]", "players = [0, 4]"), "game.toml",
         "must be at least 1", "players"),
    Case("minutes-absurd", edit("game.toml", "minutes = 5", "minutes = 100000"), "game.toml", "may be at most",
         "minutes"),
    Case("size-zero", edit("game.toml", SIZE, 'size = ["0mm", "0mm"]'), "game.toml", "above zero", "size = ["),
    Case("size-negative", edit("game.toml", SIZE, 'size = ["-60mm", "90mm"]'), "game.toml", "above zero",
         "size = ["),
    Case("size-five-metres", edit("game.toml", SIZE, 'size = ["60mm", "5000mm"]'), "game.toml",
         "at most 300 mm", "size = ["),
    Case("size-no-unit", edit("game.toml", SIZE, 'size = ["60 furlongs", "90mm"]'), "game.toml", "size",
         "size = ["),
    Case("bleed-negative", edit("game.toml", SIZE, SIZE + '\nbleed = "-3mm"'), "game.toml", "bleed must be",
         "bleed"),
    Case("bleed-nan", edit("game.toml", SIZE, SIZE + "\nbleed = nan"), "game.toml", "bleed must be", "bleed"),
    Case("bleed-inf", edit("game.toml", SIZE, SIZE + "\nbleed = inf"), "game.toml", "bleed must be", "bleed"),
    Case("safe-past-middle", edit("game.toml", SIZE, SIZE + '\nsafe = "30mm"'), "game.toml", "less than half",
         "safe"),
    Case("count-million", edit("game.toml", 'data = "cards.csv"', "count = 1000000"), "game.toml",
         "count must be from 1 to 25000", "count"),
    Case("count-zero", edit("game.toml", 'data = "cards.csv"', "count = 0"), "game.toml",
         "count must be from 1 to 25000", "count"),
    Case("font-size-inf", edit("game.toml", "size = 11", "size = inf"), "game.toml", "size", "size = inf"),
    Case("font-size-absurd", edit("game.toml", "size = 11", "size = 1e300"), "game.toml", "size",
         "size = 1e300"),
    Case("element-5m-off-the-card", edit("game.toml", 'x = "7mm"', 'x = "5000mm"'), "game.toml",
         "wholly outside the card", ('type = "ellipse"', -1), "warning"),
    Case("element-5m-wide", edit("game.toml", 'w = "30mm"', 'w = "5000mm"'), "game.toml",
         "reaches past the card's bleed", ('type = "ellipse"', -1), "warning"),
    Case("element-10km-off", edit("game.toml", 'x = "7mm"', 'x = "10000000mm"'), "game.toml",
         "must be within 10000 mm", 'x = "10000000mm"'),
    Case("stroke-negative", edit("game.toml", 'stroke_width = "0.75pt"', 'stroke_width = "-5pt"'), "game.toml",
         "must be at least 0", "stroke_width"),
    Case("leading-absurd", edit("game.toml", "size = 11", "size = 11\nleading = 1e9"), "game.toml",
         "must be at most 5", "leading"),
    # files outside the folder, by absolute path, by .. and by symlink, for every key naming a file
    Case("rules-absolute", edit("game.toml", CREDITS, CREDITS + '\nrules = "/etc/passwd"'), "game.toml",
         "points outside the game folder", "rules ="),
    Case("rules-dotdot", both(outside_file("x.md"), edit("game.toml", CREDITS, CREDITS + '\nrules = "../x.md"')),
         "game.toml", "points outside the game folder", "rules ="),
    Case("rules-symlink", symlink_out("rules.md", "# secret\n"), "game.toml", "points outside the game folder",
         None),
    Case("data-absolute", edit("game.toml", 'data = "cards.csv"', 'data = "/etc/passwd"'), "game.toml",
         "points outside the game folder", "data ="),
    Case("data-dotdot", edit("game.toml", 'data = "cards.csv"', 'data = "../../cards.csv"'), "game.toml",
         "points outside the game folder", "data ="),
    Case("data-symlink", symlink_out("cards.csv"), "game.toml", "points outside the game folder", "data ="),
    Case("data-url", edit("game.toml", 'data = "cards.csv"', 'data = "https://example.com/cards.csv"'),
         "game.toml", "points outside the game folder", "data ="),
    Case("data-is-a-folder", both(lambda g: (g / "deck").mkdir(), edit("game.toml", 'data = "cards.csv"',
                                                                       'data = "deck"')),
         "game.toml", "data file 'deck' is a folder, not a file", "data ="),
    Case("data-is-a-fifo", both(lambda g: os.mkfifo(g / "pipe.csv"),
                                edit("game.toml", 'data = "cards.csv"', 'data = "pipe.csv"')),
         "game.toml", "data file 'pipe.csv' is not a regular file", "data ="),
    Case("image-absolute", with_image("/etc/passwd"), "game.toml", "points outside the game folder", "path ="),
    Case("image-dotdot", with_image("../x.png"), "game.toml", "points outside the game folder", "path ="),
    Case("image-symlink", both(with_image("art.png"), symlink_out("art.png", b"\x89PNG")), "game.toml",
         "points outside the game folder", "path ="),
    Case("image-from-csv-outside", both(with_image("{name}.png"), edit("cards.csv", "c2,Tails", "c2,../../x")),
         "game.toml", "card c2: face 'coin' image '../../x.png' points outside", "path ="),
    Case("font-by-path", edit("game.toml", 'font = "body-bold"', 'font = "/usr/share/fonts/evil.ttf"'),
         "game.toml", "must be one of", "evil.ttf"),
    Case("rules-picture-outside", rules_line("![secret](/etc/passwd)"), "rules.md", "inside the game folder",
         "secret"),
    Case("rules-picture-dotdot", rules_line("![secret](../x.png)"), "rules.md", "inside the game folder",
         "secret"),
    Case("rules-picture-bad-size", both(image_file("art.png", _png), rules_line("![art](art.png){width=wide}")),
         "rules.md", "image width 'wide': expected a length", "{width=wide}"),
    Case("rules-picture-too-wide", both(image_file("art.png", _png), rules_line("![art](art.png){width=2000mm}")),
         "rules.md", "must be above 0 and at most 1 m", "{width=2000mm}"),
    # images that are not images
    Case("image-text", both(with_image("art.png"), image_file("art.png", lambda p: p.write_text("no"))),
         "art.png", "cannot be read as an image"),
    Case("image-svg", both(with_image("art.svg"), image_file("art.svg", lambda p: p.write_text(
        '<svg xmlns="http://www.w3.org/2000/svg"/>'))), "art.svg", "this image has no size: give its <svg> a viewBox"),
    Case("image-gif", both(with_image("art.gif"), image_file("art.gif", lambda p: Image.new("P", (9, 9)).save(p))),
         "art.gif", "is a GIF image"),
    Case("image-truncated", both(with_image("art.png"), image_file("art.png", _truncated)), "art.png",
         "cannot be read as an image"),
    Case("image-bomb", both(with_image("art.png"), image_file("art.png", _bomb)), "art.png",
         "more pixels than"),
    Case("rules-picture-bomb", both(image_file("art.png", _bomb), rules_line('![bomb](art.png "Bomb")')),
         "rules.md", "pixels", "bomb"),
    # card data
    Case("csv-empty", write("cards.csv", ""), "cards.csv", "empty file", 1),
    Case("csv-binary", write("cards.csv", b"id,name,color\n\x00\x01\x02\xff\xfe,\x00\n"), "cards.csv",
         "not UTF-8", 2),
    Case("csv-invalid-utf8", write("cards.csv", b"id,name,color\nc1,H\xe9ads,#D4A017\n"), "cards.csv",
         "not UTF-8", 2),
    Case("csv-ragged-row", edit("cards.csv", "c2,Tails,#8C8C8C", "c2,Tails"), "cards.csv", "row has 2 fields",
         "c2,Tails"),
    Case("csv-duplicate-id", edit("cards.csv", "c2,Tails", "c1,Tails"), "cards.csv", "id already used",
         "c1,Tails"),
    Case("csv-no-id-column", edit("cards.csv", "id,name,color", "key,name,color"), "cards.csv",
         "an 'id' column is required", 1),
    Case("csv-100000-rows", csv_rows(100_000), "cards.csv", "more than 25000 cards", "c25001,"),
    Case("csv-huge-field", edit("cards.csv", "c6,Lost", "c6," + "L" * 200_000), "cards.csv", "", "c6,"),
    Case("csv-bad-colour", edit("cards.csv", "c2,Tails,#8C8C8C", "c2,Tails,#8C8C8Z"), "cards.csv",
         "must be a colour", "c2,"),
    Case("csv-text-does-not-fit", edit("cards.csv", "c6,Lost", "c6," + "Lost " * 80), "cards.csv",
         "does not fit", "c6,"),
    Case("csv-missing-glyph", edit("cards.csv", "c6,Lost", "c6,Lost \U0001F386"), "cards.csv", "no glyph", "c6,"),
    Case("csv-private-use", edit("cards.csv", "c6,Lost", "c6,Lost \ue000\ue001"), "cards.csv", "no glyph", "c6,"),
    Case("csv-control-character", edit("cards.csv", "c6,Lost", "c6,Lo\x07st"), "cards.csv", "", "c6,"),
    Case("placeholder-format-spec", edit("game.toml", 'text = "{name}"', 'text = "{name:>999999999}"'),
         "game.toml", "asks for a format", "{name:>"),
    Case("face-20000-elements", edit("game.toml", "[faces.coin-back]", '[[faces.coin.elements]]\ntype = "box"\n'
                                     'x = "4mm"\ny = "4mm"\nw = "1mm"\nh = "1mm"\n\n' * 20_000 + "[faces.coin-back]"),
         "game.toml", "at most 1000", "[faces.coin]"),
    Case("face-reads-missing-column", edit("game.toml", 'text = "{name}"', 'text = "{nmae}"'), "game.toml",
         "reads column 'nmae'", "{nmae}"),
    Case("unread-column", add_column("notes"),
         "cards.csv", "column 'notes' is read by nothing", 1, "warning"),
    # rules.md: templates that loop, grow, reach for internals; deep Markdown; bad bytes
    Case("rules-empty", write("rules.md", ""), "rules.md", "", None, "ok"),
    Case("rules-binary", write("rules.md", bytes(range(256)) * 8), "rules.md", "not UTF-8", 2),
    Case("rules-invalid-utf8", write("rules.md", b"# Coin Flip\n\nH\xe9ads.\n"), "rules.md", "not UTF-8", 3),
    Case("template-huge-range", rules_line("{% for i in range(1000000000) %}{% endfor %}"), "rules.md",
         "range", "range("),
    Case("template-huge-string", rules_line('{{ "x" * 10000000000 }}'), "rules.md", "not allowed", "10000000000"),
    Case("template-huge-list", rules_line("{{ [1] * 100000000 }}"), "rules.md", "not allowed", "100000000"),
    Case("template-percent-width", rules_line('{{ "%999999999s" % "x" }}'), "rules.md", "format width", "%9999"),
    Case("template-format-width", rules_line('{{ "{:>999999999}".format("x") }}'), "rules.md", "format width",
         "format("),
    Case("template-huge-filter-argument", rules_line('{{ "x"|center(999999999) }}'), "rules.md",
         "a number above 1,000,000", "center"),
    Case("template-huge-method-argument", rules_line('{{ "x".ljust(999999999) }}'), "rules.md",
         "a number above 1,000,000", "ljust"),
    Case("template-huge-power", rules_line("{{ 10 ** 100000 }}"), "rules.md", "not allowed", "100000"),
    Case("template-internals", rules_line("{{ game.__class__.__mro__ }}"), "rules.md", "", "__class__"),
    Case("template-file-path", rules_line("{{ game.root.read_text() }}"), "rules.md", "", "game.root"),
    Case("template-include", rules_line('{% include "/etc/passwd" %}'), "rules.md", "", "include"),
    Case("template-undefined", rules_line("{{ no_such_name }}"), "rules.md", "undefined", "no_such_name"),
    Case("template-unclosed", rules_line("{% for c in components %}"), "rules.md", "never closed",
         "{% for c in components %}"),
    Case("template-deep-parens", rules_line("{{ " + "(" * 3000 + "1" + ")" * 3000 + " }}"), "rules.md", "",
         None),
    Case("template-embed-marker", rules_line("Sneaky \ue0007\ue001 token."), "rules.md", "", "Sneaky"),
    Case("markdown-deep-quotes", rules_line("> " * 5000 + "deep"), "rules.md", "nested 4 deep", "> > >"),
    Case("markdown-deep-lists", rules_line(nested(200)), "rules.md", "nested 6 deep", "          - level"),
    Case("markdown-raw-html", rules_line("<script>alert(1)</script>"), "rules.md", "HTML", "<script>"),
    Case("template-huge-output", rules_line('{% for i in range(100000) %}{{ "x" * 999999 }}{% endfor %}'),
         "rules.md", "grew past", None),
    Case("heading-huge", rules_line("# " + "Word " * 5000), "rules.md", "headings hold at most", "# Word"),
    Case("aid-title-huge", rules_line('{% call aid("' + "Title " * 300 + '") %}x{% endcall %}'), "rules.md",
         "too long for the", "Title Title"),
    Case("figure-too-big", rules_line("{{ card_grid('coins', [" + ",".join(["['c1'" + ",'c2'" * 50 + "]"] * 50)
                                      + "]) }}"), "rules.md", "does not fit on one page", "card_grid"),
    Case("title-huge", edit("game.toml", 'title = "Coin Flip"', 'title = "' + "Coin Flip " * 3000 + '"'),
         "game.toml", "1 to 120 characters", "title ="),
    Case("credits-huge", edit("game.toml", CREDITS, "credits = [" + ",".join(['"someone"'] * 5000) + "]"),
         "game.toml", "at most 50 strings", "credits ="),
    Case("cards-in-all", edit("game.toml", "[faces.coin]", "".join(
        f'[[components]]\nid = "x{i}"\nsize = "mini"\ncount = 25000\nfront = "coin-back"\n\n' for i in range(30))
        + "[faces.coin]"), "game.toml", "more than 25000 cards in all", ('id = "x0"', -1)),
    Case("card-id-huge", edit("cards.csv", "c4,Tails", "c" + "4" * 300 + ",Tails"), "cards.csv",
         "1 to 64 characters", "c444"),
    Case("players-100", edit("game.toml", "players = [2, 4]", "players = [2, 100]"), "game.toml", "", None, "ok"),
    # what does not fit the page
    Case("aid-too-long", edit("rules.md", "Most cards wins.\n{% endcall %}", "Most cards wins.\n" + "".join(
        f"{n}. Do a thing that takes a long while to explain, again and again.\n" for n in range(1, 40))
        + "{% endcall %}"), "rules.md", "does not fit", 'call aid("Coin Flip")'),
    Case("handout-overfull", both(edit("game.toml", CREDITS, CREDITS + "\nhandout = true"), OVERFULL), "game.toml",
         "handout = true, but the rules do not fit the", "handout = true"),
    Case("handout-auto-overfull", OVERFULL, "rules.md", "no handout made", None, "note"),
    Case("handout-bad-value", edit("game.toml", CREDITS, CREDITS + '\nhandout = "yes"'), "game.toml",
         "'handout' in game.toml must be", "handout ="),
    Case("card-fits-no-paper", edit("game.toml", SIZE, 'size = ["290mm", "290mm"]'), "game.toml",
         "does not fit on letter paper", "size = ["),
    # rich text, icons and fonts (issue 12)
    Case("icon-undefined", edit("cards.csv", "c6,Lost", "c6,Lost :gem:"), "cards.csv", "unknown icon ':gem:'", "c6,"),
    Case("icon-undefined-rules", rules_line("Pay :gem: to win."), "rules.md", "unknown icon ':gem:'", "Pay :gem:"),
    Case("icon-missing-image", toml_table('[icons]\ncoin = "icons/coin.png"'), "game.toml", "not found", "coin ="),
    Case("icon-not-an-image", both(toml_table('[icons]\ncoin = "coin.png"'), write("coin.png", "no")), "game.toml",
         "cannot be read as an image", "coin ="),
    Case("icon-bad-shape", toml_table('[icons]\ncoin = { shape = "hexagon" }'), "game.toml", "unknown shape",
         "coin ="),
    Case("icon-bad-name", toml_table('[icons]\nCoin = { shape = "circle" }'), "game.toml", "icon name 'Coin'",
         "Coin ="),
    Case("font-not-a-font", both(toml_table('[fonts]\nbody = "x.ttf"'), write("x.ttf", "not a font")), "game.toml",
         "not a TrueType font", "body ="),
    Case("font-lacks-bold", both(toml_table('[fonts]\nbody = "x.ttf"'), copy_font("x.ttf")), "game.toml",
         "card c1: face 'coin' text: the game's body font has no bold style", "body ="),
    Case("display-bold", edit("game.toml", 'text = "Coin Flip"', 'text = "**Coin** Flip"'), "game.toml",
         "display font has no bold", "[[faces.coin-back.elements]]"),
    Case("score-sheet-sets", edit("game.toml", "hand_size = 2", "hand_size = 2\nscore_sheet = { sets = 500 }"),
         "game.toml", "sets must be", "score_sheet"),
    # decks as designers make them: copies, a face per card, `when`, [data] lookups
    Case("copies-zero", copies(c3="0"), "cards.csv", "card c3: copies must be a positive whole number", "c3,"),
    Case("copies-fraction", copies(c4="2.5"), "cards.csv", "card c4: copies must be a positive whole number",
         "c4,"),
    Case("copies-over-cap", copies(c2="25000"), "cards.csv", "card c2: more than 25000 cards (copies included)",
         "c2,"),
    Case("face-by-column-no-face", edit("game.toml", 'front = "coin"', 'front = "{name}"'), "cards.csv",
         "card c1: component 'coins': front = '{name}' names the face 'Heads'", "c1,"),
    Case("when-syntax", edit("game.toml", 'type = "ellipse"', 'type = "ellipse"\nwhen = "name =="'), "game.toml",
         "when = 'name ==' does not parse", "when ="),
    Case("when-nested-deep", edit("game.toml", 'type = "ellipse"', 'type = "ellipse"\nwhen = "' + "not " * 240
                                  + 'name"'), "game.toml", "nested too deeply", "when ="),
    Case("when-unknown-column", edit("game.toml", 'type = "ellipse"', 'type = "ellipse"\nwhen = "nmae"'),
         "game.toml", "'when' reads column 'nmae'", "when ="),
    Case("when-text-against-number", edit("game.toml", 'type = "ellipse"', 'type = "ellipse"\nwhen = "name > 3"'),
         "cards.csv", "card c1: face 'coin' ellipse", "c1,"),
    Case("lookup-no-table", edit("game.toml", 'stroke = "#555555"', 'stroke = "{data.colors[name]}"'), "game.toml",
         "reads [data.colors], which game.toml does not have", "{data.colors"),
    Case("lookup-no-key", both(edit("game.toml", 'stroke = "#555555"', 'stroke = "{data.colors[name]}"'),
                               edit("game.toml", "hand_size = 2", 'hand_size = 2\ncolors = { Heads = "#D4A017", '
                                                                  'Tails = "#8C8C8C", Edge = "#B22222" }')),
         "cards.csv", "card c6: face 'coin' box (game.toml line 23): {data.colors[name]}: [data.colors] has no "
                      "key 'Lost'", "c6,"),
)


# round two (issue 19): the cache's own tests are in test_cache_security.py
GROUPS: dict[str, tuple[Case, ...]] = {  # each corpus file's cases, by the file (this one's: round one)
    module.__name__: module.CASES
    for module in (corpus_sandbox, corpus_text, corpus_data, corpus_misc, corpus_rulesets, corpus_basics,
                   corpus_messages, corpus_workbooks, corpus_language, corpus_svg, corpus_pack, corpus_draw,
                   corpus_preflight, corpus_editions, corpus_catalogue, corpus_games)}
GROUPS = {"corpus": ROUND_ONE, **GROUPS}
CASES: tuple[Case, ...] = tuple(case for cases in GROUPS.values() for case in cases)


def make_corpus(root: Path, cases: tuple[Case, ...] = CASES) -> dict[str, Path]:
    """Every case (or those given) as a game folder under root (named by the case); returns them by name."""
    games = {}
    for case in cases:
        game = root / case.name
        shutil.copytree(case.base, game)
        case.make(game)
        games[case.name] = game
    return games
