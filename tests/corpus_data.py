"""Hostile-input corpus, round two (issue 19): numbers, layouts and printer profiles: wrong types, NaN, digits Python takes and a CSV should not."""

from __future__ import annotations

from pathlib import Path
from typing import Callable

from corpus_kit import SIZE, Case, _png, both, edit, image_file, rules_line, write

DATA = 'data = "cards.csv"'


def column(name: str, numbers: bool = True, **values: str) -> Callable[[Path], None]:
    """A column NAME in cards.csv, 1 for every card but those named (column("points", c3="x")),
    listed in `numbers` unless told not to."""
    def make(game: Path) -> None:
        header, *rows = (game / "cards.csv").read_text(encoding="utf-8").splitlines()
        lines = [f"{header},{name}"] + [f"{row},{values.get(row.split(',')[0], '1')}" for row in rows]
        (game / "cards.csv").write_text("\n".join(lines) + "\n", encoding="utf-8")
        if numbers:
            edit("game.toml", DATA, f'{DATA}\nnumbers = ["{name}"]')(game)
    return make


def points(value: str) -> Callable[[Path], None]:
    """Card c3's points are VALUE."""
    return column("points", c3=value)


def layouts(text: str) -> Callable[[Path], None]:
    return write("layouts.toml", text)


FIVE_HUNDRED_AND_ONE = "[many]\ncards = [" + ", ".join(f"[{i % 20}, {i // 20}]" for i in range(501)) + "]\n"

CASES: tuple[Case, ...] = (
    # `numbers` and other keys of a wrong TOML type: an error at the key, never an internal error
    Case("numbers-a-number", edit("game.toml", DATA, f"{DATA}\nnumbers = 5"), "game.toml",
         "'numbers' in component 'coins' must be a list of column names, got 5", "numbers ="),
    Case("numbers-tables", edit("game.toml", DATA, f'{DATA}\nnumbers = [{{ column = "name" }}]'), "game.toml",
         "'numbers' in component 'coins' must be a list of column names", "numbers ="),
    Case("numbers-lists", edit("game.toml", DATA, f'{DATA}\nnumbers = [["name"]]'), "game.toml",
         "must be a list of column names, got [['name']]", "numbers ="),
    Case("numbers-id", edit("game.toml", DATA, f'{DATA}\nnumbers = ["id"]'), "game.toml",
         "numbers: 'id' is always text", "numbers ="),
    Case("numbers-misspelt", both(column("points", numbers=False),
                                  edit("game.toml", DATA, f'{DATA}\nnumbers = ["pionts"]')),
         "game.toml", "no column 'pionts' to read as numbers (did you mean 'points'?)", "numbers ="),
    Case("numbers-on-a-count", edit("game.toml", DATA, 'count = 6\nnumbers = ["points"]'), "game.toml",
         "numbers: no column 'points'", "numbers ="),
    Case("component-id-a-number", edit("game.toml", 'id = "coins"', "id = 7"), "game.toml",
         "'id' in component '#1' must be 1 to 64 letters, digits", "id = 7"),
    Case("layout-a-number", edit("game.toml", "minutes = 5", "minutes = 5\nlayout = 5"), "game.toml",
         "'layout' in game.toml must be a sheet layout name, got 5", "layout ="),
    Case("bleed-true", edit("game.toml", SIZE, SIZE + "\nbleed = true"), "game.toml",
         "'bleed' in component 'coins' must be a length such as '3mm', got true", "bleed"),
    Case("safe-a-date", edit("game.toml", SIZE, SIZE + "\nsafe = 1979-05-27"), "game.toml",
         "'safe' in component 'coins' must be a length such as '3mm', got 1979-05-27", "safe"),
    Case("size-of-tables", edit("game.toml", SIZE, "size = [{ w = 60 }, { h = 90 }]"), "game.toml",
         "'size' in component 'coins' must be a size name", "size = [{"),
    Case("element-x-true", edit("game.toml", 'x = "7mm"', "x = true"), "game.toml",
         "'x' in face 'coin' ellipse element must be a length such as '3mm', got true", "x = true"),
    Case("element-x-a-date", edit("game.toml", 'x = "7mm"', "x = 1979-05-27"), "game.toml",
         "must be a length such as '3mm', got 1979-05-27", "x = 1979"),
    Case("element-x-a-table", edit("game.toml", 'x = "7mm"', "x = { mm = 7 }"), "game.toml",
         "must be a length such as '3mm', got {mm = 7}", "x = {"),
    Case("element-size-a-string", edit("game.toml", "size = 11", 'size = "11"'), "game.toml",
         "'size' in face 'coin' text element must be a number, got '11'", 'size = "11"'),
    Case("element-type-a-list", edit("game.toml", 'type = "ellipse"', 'type = ["ellipse"]'), "game.toml",
         "unknown element type ['ellipse']", "type = ["),
    Case("element-without-type", edit("game.toml", 'type = "ellipse"\n', ""), "game.toml",
         "face 'coin': an element has no type", ('x = "7mm"', -1)),
    # NaN, inf and integers past TOML's 64 bits: refused wherever they are, at their line
    Case("element-x-nan", edit("game.toml", 'x = "7mm"', "x = nan"), "game.toml",
         "x must be a real value: nan is not a number", "x = nan"),
    Case("size-nan", edit("game.toml", SIZE, 'size = [nan, "88mm"]'), "game.toml",
         "size must hold real values: nan is not a number", "size = ["),
    Case("size-inf", edit("game.toml", SIZE, 'size = ["63mm", inf]'), "game.toml",
         "size must hold real values: inf is not a number", "size = ["),
    Case("data-nan", edit("game.toml", "hand_size = 2", "hand_size = nan"), "game.toml",
         "hand_size must be a real value", "hand_size"),
    Case("data-deep-inf", edit("game.toml", "hand_size = 2", "hand_size = 2\nodds = { heads = [0.5, -inf] }"),
         "game.toml", "heads must hold real values: -inf", "odds ="),
    Case("count-past-64-bits", edit("game.toml", DATA, "count = 99999999999999999999"), "game.toml",
         "count is past TOML's integers", "count ="),
    Case("font-size-past-64-bits", edit("game.toml", "size = 11", "size = -99999999999999999999"), "game.toml",
         "size is past TOML's integers", "size = -9"),
    # lengths written with digits Python's float takes and a designer does not mean
    Case("length-underscore", edit("game.toml", 'x = "7mm"', 'x = "7_0mm"'), "game.toml",
         "expected a length such as '63mm' or '2.5in', got '7_0mm'", "7_0mm"),
    Case("length-arabic-indic", edit("game.toml", 'x = "7mm"', 'x = "\u0667mm"'), "game.toml",
         "expected a length", "\u0667mm"),
    Case("length-full-width", edit("game.toml", 'x = "7mm"', 'x = "\uff17mm"'), "game.toml",
         "expected a length", "\uff17mm"),
    Case("length-nan-text", edit("game.toml", 'x = "7mm"', 'x = "nanmm"'), "game.toml", "expected a length",
         "nanmm"),
    Case("length-overflow", edit("game.toml", 'w = "30mm"', 'w = "1e999mm"'), "game.toml",
         "not a finite number", "1e999mm"),
    Case("size-arabic-indic", edit("game.toml", SIZE, 'size = ["\u0666\u0663mm", "88mm"]'), "game.toml",
         "expected a length", "size = ["),
    Case("length-from-csv-full-width", both(column("x", numbers=False, c2="\uff17"),
                                            edit("game.toml", 'x = "7mm"', 'x = "{x}mm"')),
         "cards.csv", "card c2: face 'coin' ellipse", "c2,"),
    Case("rules-picture-arabic-indic-share", both(image_file("art.png", _png),
                                                  rules_line("![art](art.png){width=\u0665\u0660%}")),
         "rules.md", "image width '\u0665\u0660%': expected a length", "{width="),
    Case("length-exponent", edit("game.toml", 'x = "7mm"', 'x = "0.7e1mm"'), "game.toml", "", None, "ok"),
    # a numbers column: ASCII digits, one sign, one point, an exponent; nothing else
    Case("number-underscore", points("1_000"), "cards.csv", "card c3: column 'points' holds numbers, got '1_000'",
         "c3,"),
    Case("number-arabic-indic", points("\u0661\u0662"), "cards.csv", "column 'points' holds numbers", "c3,"),
    Case("number-full-width", points("\uff11\uff12"), "cards.csv", "column 'points' holds numbers", "c3,"),
    Case("number-nan", points("nan"), "cards.csv", "column 'points' holds numbers, got 'nan'", "c3,"),
    Case("number-inf", points("-inf"), "cards.csv", "column 'points' holds numbers, got '-inf'", "c3,"),
    Case("number-infinity", points("Infinity"), "cards.csv", "got 'Infinity'", "c3,"),
    Case("number-overflow", points("1e999"), "cards.csv", "got '1e999'", "c3,"),
    Case("number-hex", points("0x1F"), "cards.csv", "got '0x1F'", "c3,"),
    Case("number-two-points", points("1.2.3"), "cards.csv", "got '1.2.3'", "c3,"),
    Case("number-two-signs", points("--1"), "cards.csv", "got '--1'", "c3,"),
    Case("number-empty", points(""), "cards.csv", "column 'points' holds numbers, got ''", "c3,"),
    Case("number-thousands", points('"1,000"'), "cards.csv", "got '1,000'", "c3,"),
    Case("number-as-written", both(column("points", c1="2.50", c2="1e2", c3="007", c4="-3", c5="+4", c6=".5"),
                                   edit("game.toml", 'text = "{name}"', 'text = "{name} {points}"')),
         "cards.csv", "", None, "ok"),
    # layouts.toml: wrong types, NaN, digits, too many cards
    Case("layouts-nan", layouts("[mine]\ncards = [[nan, 20]]\n"), "layouts.toml",
         "cards must hold real values: nan", "cards ="),
    Case("layouts-inf", layouts("[mine]\ncards = [[20, inf]]\n"), "layouts.toml",
         "cards must hold real values: inf", "cards ="),
    Case("layouts-past-64-bits", layouts("[mine]\ncards = [[99999999999999999999, 20]]\n"), "layouts.toml",
         "cards holds a number past TOML's integers", "cards ="),
    Case("layouts-true", layouts("[mine]\ncards = [[true, 20]]\n"), "layouts.toml",
         "[mine] needs cards = [[x, y], ...]", "cards ="),
    Case("layouts-a-date", layouts("[mine]\ncards = 1979-05-27\n"), "layouts.toml", "got 1979-05-27", "cards ="),
    Case("layouts-tables", layouts("[mine]\ncards = [{ x = 20, y = 20 }]\n"), "layouts.toml",
         "card 1: got {x = 20, y = 20}", "cards ="),
    Case("layouts-arabic-indic", layouts('[mine]\ncards = [["\u0662\u0660mm", 20]]\n'), "layouts.toml",
         "card 1: expected a length", "cards ="),
    Case("layouts-rotate-text", layouts('[mine]\ncards = [[20, 20]]\nrotate = "yes"\n'), "layouts.toml",
         "[mine] rotate must be true or false, got 'yes'", "rotate ="),
    Case("layouts-501-cards", layouts(FIVE_HUNDRED_AND_ONE), "layouts.toml",
         "a page holds at most 500 cards, got 501", "cards ="),
    Case("layouts-a-layout-not-a-table", layouts("mine = 5\n"), "layouts.toml", "'mine' must be a table", "mine ="),
    Case("layouts-lengths", both(layouts('[mine]\ncards = [["20mm", "1in"], [80, 25.4]]\n'),
                                 edit("game.toml", "minutes = 5", 'minutes = 5\nlayout = "mine"')),
         "layouts.toml", "", None, "ok"),
)
