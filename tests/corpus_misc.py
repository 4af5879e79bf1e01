"""Hostile-input corpus, round two (issue 19): the gallery, --tts-url, ppgen new, ids, empty decks and the messages around them."""

from __future__ import annotations

from corpus_kit import Case, append, both, edit, write


def second_component(component_id: str) -> str:
    """game.toml's text for a second component after the faces: a deck of two coin backs."""
    return f'\n[[components]]\nid = "{component_id}"\nsize = "mini"\ncount = 2\nfront = "coin-back"\n'


# cards.csv with a `face` column naming each card's front; c4's is empty.
FACES_BY_COLUMN = "id,name,color,face\n" + "".join(
    f"c{n},{name},{color},{'' if n == 4 else 'coin'}\n" for n, name, color in (
        (1, "Heads", "#D4A017"), (2, "Tails", "#8C8C8C"), (3, "Heads", "#D4A017"), (4, "Tails", "#8C8C8C"),
        (5, "Edge", "#B22222"), (6, "Lost", "#2F4F4F")))

CASES: tuple[Case, ...] = (
    # a face chosen by a column that is empty on a card's row, or by a placeholder naming nothing
    Case("face-by-column-empty", both(write("cards.csv", FACES_BY_COLUMN),
                                      edit("game.toml", 'front = "coin"', 'front = "{face}"')),
         "cards.csv", "card c4: component 'coins': front = '{face}' names no face: this card's column 'face' is "
                      "empty; give one of the faces: coin, coin-back", "c4,"),
    Case("back-by-column-empty", both(write("cards.csv", FACES_BY_COLUMN),
                                      edit("game.toml", 'back = "coin-back"', 'back = "{face}"')),
         "cards.csv", "card c4: component 'coins': back = '{face}' names no face: this card's column 'face'", "c4,"),
    Case("face-name-unnamed-placeholder", edit("game.toml", 'front = "coin"', 'front = "{}"'), "game.toml",
         "front = '{}' is not a face name or a plain {column} placeholder", 'front = "{}"'),
    Case("element-unnamed-placeholder", edit("game.toml", 'text = "{name}"', 'text = "{name} {}"'), "game.toml",
         "face 'coin' text 'text': a {} names no column", 'text = "{name} {}"'),
    # card ids that differ but make one file name, as written or where case is folded
    Case("card-ids-one-file-name", both(edit("cards.csv", "c3,Heads", "a/b,Heads"),
                                        edit("cards.csv", "c4,Tails", "a-b,Tails")),
         "cards.csv", "card a-b: ids 'a/b' (line 4) and 'a-b' make the same file name 'a-b'", "a-b,"),
    Case("card-ids-one-file-name-stripped", edit("cards.csv", "c4,Tails", "c1!,Tails"), "cards.csv",
         "ids 'c1' (line 2) and 'c1!' make the same file name 'c1'", "c1!,"),
    Case("card-ids-differ-in-case", both(edit("cards.csv", "c3,Heads", "A1,Heads"),
                                         edit("cards.csv", "c4,Tails", "a1,Tails")),
         "cards.csv", "card a1: ids 'A1' (line 4) and 'a1' make the file names 'A1' and 'a1', one file on macOS",
         "a1,"),
    # component ids name folders of the build: nothing that climbs out, hides or differs only in case
    *(Case(f"component-id-{name}", edit("game.toml", 'id = "coins"', f'id = "{value}"'), "game.toml",
           f"'id' in component '{value}' must be 1 to 64 letters, digits", f'id = "{value}"')
      for name, value in (("climbs-out", "../../evil"), ("hidden", ".coins"), ("space", "coin cards"),
                          ("too-long", "c" * 65))),
    Case("component-ids-differ-in-case", append("game.toml", second_component("Coins")), "game.toml",
         "component ids 'coins' and 'Coins' differ only in case", 'id = "Coins"'),
    Case("component-id-twice", append("game.toml", second_component("coins")), "game.toml",
         "component id 'coins' is used twice", ("count = 2", -2)),
    # a deck with no cards
    Case("csv-header-only", write("cards.csv", "id,name,color\n"), "cards.csv",
         "component 'coins': no cards: a header row and no card rows", 1),
    Case("csv-blank-rows-only", write("cards.csv", "id,name,color\n\n,,\n  ,  ,\n"), "cards.csv",
         "component 'coins': no cards", 1),
    # widths and heights above zero, written or read from a card
    Case("element-width-negative", edit("game.toml", 'w = "30mm"', 'w = "-30mm"'), "game.toml",
         "ellipse 'w' must be above zero, got -30 mm", 'w = "-30mm"'),
    Case("element-height-zero", edit("game.toml", 'h = "56.5mm"', 'h = "0mm"'), "game.toml",
         "box 'h' must be above zero, got 0 mm", 'h = "0mm"'),
    Case("element-width-negative-points", edit("game.toml", 'w = "36mm"', "w = -5"), "game.toml",
         "text 'w' must be above zero", "w = -5"),
    Case("element-width-from-csv", both(edit("game.toml", 'w = "30mm"', 'w = "{size}"'),
                                        write("cards.csv", "id,name,color,size\n" + "".join(
                                            f"c{n},Heads,#D4A017,{'-2mm' if n == 5 else '30mm'}\n"
                                            for n in range(1, 7)))),
         "cards.csv", "card c5: face 'coin' ellipse (game.toml line 32): 'w' must be above zero, got -2 mm", "c5,"),
    # user text with bidi overrides: still a game (the gallery shows them, tests/test_gallery.py)
    Case("card-id-bidi-override", edit("cards.csv", "c4,Tails", "abc\u202egnp.exe,Tails"), "cards.csv", "",
         None, "ok"),
)
