"""Hostile-input corpus for the face language (issue 21, items 1-3): extends, vars, length
expressions, repeat, and the turn (rotate, about, mirror, opacity). Every bad new key is an
error at its own line, with "did you mean" where a name was misspelt, and every bound
(extends going round or too deep, a million-step repeat, an expression nested too deep) is
an error with the limit, not a hang."""

from __future__ import annotations

from corpus_kit import Case, append, both, edit

RING = edit("game.toml", 'type = "ellipse"', 'name = "ring"\ntype = "ellipse"')
MANY = ('\n[faces.big]\n\n[[faces.big.elements]]\ntype = "box"\nx = "1mm"\ny = "1mm"\nw = "1mm"\nh = "1mm"\n'
        'repeat = { rows = 10, columns = 100, step = "0.1mm" }\n'
        + "".join(f'\n[faces.e{n}]\nextends = "big"\n' for n in range(60)))
LONG = '\n[vars]\nlong = "' + "x" * 9000 + '"\n'
CHAIN = "".join(f'\n[faces.f{n}]\nextends = "{"coin" if n == 0 else f"f{n - 1}"}"\n' for n in range(10))


def face(body: str, name: str = "extra") -> str:
    """A face of its own at the end of game.toml, used by nothing unless a case says so."""
    return f"\n[faces.{name}]\n{body}\n"


def element(body: str, name: str = "extra") -> str:
    return f"\n[[faces.{name}.elements]]\n{body}\n"


BOX = 'type = "box"\nx = "2mm"\ny = "2mm"\nw = "10mm"\nh = "10mm"\nfill = "{color}"\n'  # as the coin face, it reads color
def boxed(name: str, keys: str, message: str, line) -> Case:
    """A case of a box with `keys` added, on a face of its own that no card shows."""
    return Case(name, append("game.toml", face("") + element(BOX + keys)), "game.toml", message, line)


FRONT = edit("game.toml", 'front = "coin"', 'front = "extra"')  # the coins show the extra face

CASES: tuple[Case, ...] = (
    # extends: unknown, round in a circle, too long a chain
    Case("lang-extends-unknown", append("game.toml", face('extends = "con"')), "game.toml",
         "face 'extra' extends 'con', which [faces] does not define (did you mean 'coin'?)", 'extends = "con"'),
    Case("lang-extends-self", append("game.toml", face('extends = "extra"')), "game.toml",
         "extends goes round in a circle: extra -> extra", 'extends = "extra"'),
    Case("lang-extends-cycle", append("game.toml", face('extends = "b"', "a") + face('extends = "a"', "b")),
         "game.toml", "extends goes round in a circle: a -> b -> a", 'extends = "a"'),
    Case("lang-extends-deep", append("game.toml", CHAIN), "game.toml",
         "face 'f7': a chain of extends may be at most 8 faces long: f7 -> f6 -> f5", 'extends = "f6"'),
    Case("lang-extends-not-a-name", append("game.toml", face('extends = 3')), "game.toml",
         "'extends' in face 'extra' must be the name of another face, got 3", "extends = 3"),
    # drop and name
    Case("lang-drop-unknown", both(RING, append("game.toml", face('extends = "coin"\ndrop = ["rign"]'))),
         "game.toml", "drop names 'rign', which no element it extends has (did you mean 'ring'?)", "drop ="),
    Case("lang-drop-without-extends", append("game.toml", face('drop = ["ring"]')), "game.toml",
         "it extends no named element", "drop ="),
    Case("lang-name-twice", append("game.toml", face("") + element('name = "a"\n' + BOX) + element('name = "a"\n' + BOX)),
         "game.toml", "two elements are named 'a'", ('name = "a"', 10)),
    Case("lang-name-not-text", append("game.toml", face("") + element("name = 3\n" + BOX)), "game.toml",
         "an element's name must be a string, got 3", "name = 3"),
    Case("lang-override-bad-key", both(RING, append("game.toml", face('extends = "coin"') + element(
        'name = "ring"\nfil = "#000000"'))), "game.toml",
         "unknown key 'fil' in face 'extra' ellipse element (did you mean 'fill'?)", 'fil = "#000000"'),
    # vars
    Case("lang-var-reserved", append("game.toml", '\n[vars]\ni = "3mm"\n'), "game.toml",
         "[vars]: 'i' is a repeat index or a placeholder of its own", 'i = "3mm"'),
    Case("lang-var-not-value", append("game.toml", '\n[vars]\nmargin = ["3mm"]\n'), "game.toml",
         "[vars]: 'margin' must be a string or a number", "margin ="),
    Case("lang-var-cycle", append("game.toml", face('vars = { a = "{b}", b = "{a}" }') + element(
        'type = "text"\nx = "2mm"\ny = "2mm"\nw = "20mm"\nh = "5mm"\ntext = "{a}"')), "game.toml",
         "vars: 'a' reads itself: a -> b -> a", "vars = {"),
    Case("lang-var-bomb", append("game.toml", "\n[vars]\n" + "".join(
        f'v{n} = "{{v{n + 1}}}{{v{n + 1}}}"\n' for n in range(40)) + 'v40 = "xx"\n' + face("") + element(
        'type = "text"\nx = "2mm"\ny = "2mm"\nw = "20mm"\nh = "5mm"\ntext = "{v0}"')), "game.toml",
         "vars: 'v27' is 16384 characters long once filled; at most 10,000", "v27 = "),
    Case("lang-var-shadows-column", append("game.toml", '\n[vars]\nname = "x"\n'), "game.toml",
         "var 'name' has the name of a column of cards.csv: faces would read the var, never the column",
         'name = "x"'),
    Case("lang-value-bomb", append("game.toml", LONG + face("") + element(
        'type = "text"\nx = "2mm"\ny = "2mm"\nw = "20mm"\nh = "5mm"\ntext = "' + "{long}" * 20 + '"')), "game.toml",
         "face 'extra': a value is more than 100,000 characters long once its vars are filled in",
         ("[[faces.extra.elements]]", 0)),
    Case("lang-background-bomb", append("game.toml", LONG + face('background = "' + "{long}" * 20 + '"')),
         "game.toml", "face 'extra': background: a value is more than 100,000 characters long", 'background = "{long}'),
    Case("lang-fill-budget", append("game.toml", LONG + face("") + element(
        'type = "text"\nx = "2mm"\ny = "2mm"\nw = "20mm"\nh = "5mm"\ntext = "{i}' + "{long}" * 10 + '"\n'
        'repeat = { count = 1000, columns = 10 }')), "game.toml",
         "the faces' values come to more than 20,000,000 characters once their vars and repeats are filled in",
         ("[[faces.extra.elements]]", 0)),
    Case("lang-var-bad-colour", append("game.toml", '\n[vars]\nink = "#12345"\n' + face("") + element(
        BOX.replace('fill = "{color}"', 'fill = "{ink}"'))), "game.toml",
         "box 'fill' must be a colour like '#1a2b3c', got '#12345'", 'fill = "{ink}"'),
    # length expressions
    Case("lang-length-unit", append("game.toml", face("") + element(
        BOX.replace('w = "10mm"', 'w = "100% - 6mmm"'))), "game.toml",
         "unknown unit 'mmm'; use pt, in, mm, cm or %", 'w = "100% - 6mmm"'),
    Case("lang-length-product", append("game.toml", face("") + element(
        BOX.replace('w = "10mm"', 'w = "3mm * 2mm"'))), "game.toml",
         "two lengths cannot be multiplied", 'w = "3mm * 2mm"'),
    Case("lang-length-bare", append("game.toml", face("") + element(
        BOX.replace('w = "10mm"', 'w = "2 * 3"'))), "game.toml", "is a bare number: give it a unit", 'w = "2 * 3"'),
    Case("lang-length-percent-of-what", append("game.toml", face("") + element(
        BOX + 'stroke = "#000000"\nstroke_width = "5%"')), "game.toml",
         "a percent is of the card's width (x, w, x1, x2) or height (y, h, y1, y2); 'stroke_width' is neither",
         'stroke_width = "5%"'),
    Case("lang-length-deep", append("game.toml", face("") + element(
        BOX.replace('w = "10mm"', 'w = "' + "(" * 30 + "1mm" + ")" * 30 + '"'))), "game.toml",
         "parentheses nested deeper than 20", "w = \"((("),
    Case("lang-length-negative-on-card", both(FRONT, append("game.toml", face('extends = "coin"') + element(
        BOX.replace('w = "10mm"', 'w = "50% - 30mm"').replace("{color}", "#112233")))), "game.toml",
         "'w' must be above zero", ("[[faces.extra.elements]]", 0)),
    Case("lang-length-divide-zero", append("game.toml", face("") + element(
        BOX.replace('w = "10mm"', 'w = "10mm / (2 - 2)"'))), "game.toml", "division by zero", 'w = "10mm /'),
    # repeat
    boxed("lang-repeat-unknown-key", 'repeat = { rows = 2, colums = 3 }',
          "unknown key 'colums' in repeat (did you mean 'columns'?)", "repeat ="),
    boxed("lang-repeat-million", 'repeat = { rows = 1000, columns = 1000 }',
          "1000 rows x 1000 columns is 1000000 copies; at most 1000", "repeat ="),
    boxed("lang-repeat-count-bound", 'repeat = { count = 100000, columns = 10 }',
          "repeat 'count' must be a whole number from 1 to 1000, got 100000", "repeat ="),
    Case("lang-repeat-face-full", append("game.toml", face("") + element(
        BOX + 'repeat = { rows = 30, columns = 30 }') + element(BOX + 'repeat = { rows = 30, columns = 30 }')),
         "game.toml", "face 'extra' has 1800 elements; a face may have at most 1000", "[faces.extra]"),
    Case("lang-extends-many", append("game.toml", MANY), "game.toml",
         "face 'e48': the faces hold more than 50,000 elements in all once extends and repeats are expanded",
         "[faces.e48]"),
    boxed("lang-repeat-ring-radius", 'repeat = { count = 6, around = ["20mm", "30mm"] }',
          "repeat around a circle needs count and radius", "repeat ="),
    boxed("lang-repeat-mixed", 'repeat = { count = 6, around = ["20mm", "30mm"], radius = "5mm", columns = 3 }',
          "'columns' is for a grid", "repeat ="),
    Case("lang-repeat-line-no-step", append("game.toml", face("") + element(
        'type = "line"\nx1 = "1mm"\ny1 = "1mm"\nx2 = "5mm"\ny2 = "1mm"\nrepeat = { rows = 3 }')), "game.toml",
         "this element has no w and h to space its copies by; give step", "repeat ="),
    boxed("lang-repeat-not-table", 'repeat = 3',
          "repeat must be a table", "repeat = 3"),
    boxed("lang-repeat-count-over-grid", 'repeat = { rows = 2, columns = 2, count = 5 }',
          "count 5 is more than rows x columns (4)", "repeat ="),
    Case("lang-repeat-copy-off-card", both(FRONT, append("game.toml", face("") + element(
        BOX + 'repeat = { columns = 40, step = "100mm" }'))), "game.toml",
         "face 'extra' box lies wholly outside the card and its bleed", ("[[faces.extra.elements]]", 0),
         level="warning"),
    boxed("lang-repeat-index-number", 'rotate = "{i} * 30mm"\nrepeat = { columns = 2 }',
          "box 'rotate' must be a number: '1 * 30mm' is a length", "rotate ="),
    # the turn
    boxed("lang-rotate-bound", "rotate = 99999",
          "box 'rotate' must be at most 3600, got 99999", "rotate = 99999"),
    boxed("lang-mirror-choice", 'mirror = "sideways"',
          "box 'mirror' must be one of horizontal, vertical, both, got 'sideways'", 'mirror = "sideways"'),
    boxed("lang-opacity-bound", "opacity = 2",
          "box 'opacity' must be at most 1, got 2", "opacity = 2"),
    boxed("lang-about-choice", 'rotate = 90\nabout = "centre"',
          "box 'about' must be one of center, top-left", 'about = "centre"'),
    boxed("lang-rotate-text", 'rotate = "lots"',
          "'rotate' in face 'extra' box element must be a number, got 'lots'", 'rotate = "lots"'),
    Case("lang-turned-past-bleed", both(FRONT, append("game.toml", face("") + element(
        BOX.replace('w = "10mm"', 'w = "40mm"') + 'rotate = -90\nabout = "top-left"'))), "game.toml",
         "face 'extra' box reaches past the card's bleed", ("[[faces.extra.elements]]", 0), level="warning"),
    Case("lang-percent-past-bleed", both(FRONT, append("game.toml", face("") + element(
        BOX.replace('w = "10mm"', 'w = "120%"')))), "game.toml",
         "face 'extra' box reaches past the card's bleed", ("[[faces.extra.elements]]", 0), level="warning"),
    Case("lang-turned-ok", both(FRONT, append("game.toml", face('extends = "coin"') + element(
        BOX + 'rotate = 45\nmirror = "both"\nopacity = 0.5\nabout = "center"\nrepeat = { columns = 3, gap = "1mm" }'))),
         "game.toml", "", None, level="ok"),
)
