"""Hostile-input corpus for the drawing keys (issue 21, item 4): polygon, star, arc, pie and
path elements; dash, cap and join; gradient fills; text outline, shadow, letter spacing and
[color]/[size] spans. Every bad new key or value is an error at its own line, with "did you
mean" for a misspelt name, and every bound (points, star points, dash lengths, gradient
stops, path data's length, letter spacing, a span's size) an error with the limit."""

from __future__ import annotations

from corpus_kit import Case, append, both, edit

BOX = 'x = "2mm"\ny = "2mm"\nw = "10mm"\nh = "10mm"\n'
BACK = edit("game.toml", 'back = "coin-back"', 'back = "drawn"')  # the coins show the drawn face


def drawn(name: str, body: str, message: str, line, shown: bool = False, level: str = "error") -> Case:
    """A case of one element `body` on a face of its own ('drawn'), shown on the coins when
    the fault is only found once the element is drawn."""
    step = append("game.toml", f'\n[faces.drawn]\n\n[[faces.drawn.elements]]\n{body}\n')
    return Case(name, both(step, BACK) if shown else step, "game.toml", message, line, level)


POLYGON = 'type = "polygon"\n' + BOX
STAR = 'type = "star"\n' + BOX
TRIANGLE = 'points = [["50%", "0%"], ["100%", "100%"], ["0%", "100%"]]\n'
GRADIENT = 'type = "box"\n' + BOX + "fill = "
TEXT = 'type = "text"\n' + BOX + 'text = "Drawn"\n'

CASES: tuple[Case, ...] = (
    # names: unknown keys and values, with "did you mean"
    drawn("draw-polygon-side", POLYGON + "side = 6\n", "unknown key 'side' in face 'drawn' polygon element "
          "(did you mean 'sides'?)", "side = 6"),
    drawn("draw-star-tips", STAR + "tips = 6\n", "unknown key 'tips'", "tips = 6"),
    drawn("draw-arc-stop", 'type = "arc"\n' + BOX + "end = 90\nstop = 90\n", "unknown key 'stop'", "stop = 90"),
    drawn("draw-pie-no-end", 'type = "pie"\n' + BOX + "start = 90\n", "missing the required key 'end'",
          ('type = "pie"', -1)),
    drawn("draw-path-no-d", 'type = "path"\n' + BOX, "missing the required key 'd'", ('type = "path"', -1)),
    drawn("draw-shape-typo", 'type = "polygom"\n' + BOX + "sides = 5\n", "did you mean 'polygon'", "polygom"),
    drawn("draw-cap-unknown", 'type = "line"\nx1 = "1mm"\ny1 = "1mm"\nx2 = "9mm"\ny2 = "9mm"\ncap = "rounded"\n',
          "line 'cap' must be one of butt, round, square, got 'rounded'", "cap ="),
    drawn("draw-join-unknown", POLYGON + 'sides = 5\njoin = "mitre"\n', "must be one of miter, round, bevel",
          "join ="),
    drawn("draw-dash-key-typo", 'type = "ellipse"\n' + BOX + 'dashes = ["1mm"]\n', "(did you mean 'dash'?)",
          "dashes ="),
    drawn("draw-text-outline-typo", TEXT + 'outline_colour = "#000000"\n', "(did you mean 'outline'?)",
          "outline_colour"),
    drawn("draw-gradient-key-typo", GRADIENT + '{ linar = ["#FFFFFF", "#000000"] }\n',
          "a gradient has no key 'linar' (did you mean 'linear'?)", "fill = {"),
    # polygon points: shape of the value, counts, lengths
    drawn("draw-polygon-two-points", POLYGON + 'points = [["0mm", "0mm"], ["5mm", "5mm"]]\n',
          "polygon 'points': must have 3 to 1000 points, got 2", "points ="),
    drawn("draw-polygon-many-points", POLYGON + "points = [" + ", ".join(['["1mm", "1mm"]'] * 1001) + "]\n",
          "must have 3 to 1000 points, got 1001", "points ="),
    drawn("draw-polygon-not-pairs", POLYGON + "points = [1, 2, 3]\n", "must be a list of [x, y] pairs", "points ="),
    drawn("draw-polygon-point-not-length", POLYGON + 'points = [["1 furlong", "0mm"], ["1mm", "1mm"], '
          '["2mm", "0mm"]]\n', "polygon 'points'", "points ="),
    drawn("draw-polygon-point-a-table", POLYGON + 'points = [[{ x = 1 }, "0mm"], ["1mm", "1mm"], ["2mm", "0mm"]]\n',
          "a point's x must be a length", "points ="),
    drawn("draw-polygon-points-and-sides", POLYGON + TRIANGLE + "sides = 5\n",
          "give either points (a list of [x, y] corners) or sides (a regular polygon's), not both",
          (POLYGON.splitlines()[0], -1), shown=True),
    drawn("draw-polygon-neither", POLYGON, "not neither", (POLYGON.splitlines()[0], -1), shown=True),
    drawn("draw-polygon-two-sides", POLYGON + "sides = 2\n", "polygon 'sides' must be at least 3", "sides ="),
    drawn("draw-polygon-million-sides", POLYGON + "sides = 1000000\n", "must be at most 1000", "sides ="),
    drawn("draw-polygon-half-side", POLYGON + "sides = 5.5\n", "must be a whole number, got 5.5", "sides ="),
    drawn("draw-polygon-ok", POLYGON + TRIANGLE + 'fill = "{color}"\n', "", None, shown=True, level="ok"),
    # star
    drawn("draw-star-two-points", STAR + "points = 2\n", "star 'points' must be at least 3", "points ="),
    drawn("draw-star-many-points", STAR + "points = 100000\n", "must be at most 100", "points ="),
    drawn("draw-star-inner-one", STAR + "inner = 1.5\n", "star 'inner' must be at most 0.95", "inner ="),
    drawn("draw-star-inner-nan", STAR + "inner = nan\n", "inner must be a real value", "inner ="),
    # arcs and pies
    drawn("draw-arc-angle-huge", 'type = "arc"\n' + BOX + "end = 1e300\n", "arc 'end' must be at most 3600",
          "end ="),
    drawn("draw-pie-angle-text", 'type = "pie"\n' + BOX + 'end = "north"\n', "'end' in face 'drawn' pie element "
          "must be a number", "end ="),
    # dash patterns
    drawn("draw-dash-empty", 'type = "ellipse"\n' + BOX + "dash = []\n", "must be a list of 1 to 8 lengths",
          "dash ="),
    drawn("draw-dash-long", 'type = "ellipse"\n' + BOX + "dash = [1, 2, 3, 4, 5, 6, 7, 8, 9]\n",
          "must be a list of 1 to 8 lengths", "dash ="),
    drawn("draw-dash-negative", 'type = "box"\n' + BOX + 'dash = ["-1mm", "1mm"]\n',
          "lengths must be between 0 and 1000 pt", "dash ="),
    drawn("draw-dash-zeros", 'type = "box"\n' + BOX + "dash = [0, 0]\n", "a pattern of zeros draws nothing",
          "dash ="),
    drawn("draw-dash-string", 'type = "box"\n' + BOX + 'dash = "2mm"\n', "box 'dash': must be a list", "dash ="),
    drawn("draw-dash-too-fine", 'type = "path"\n' + BOX + 'd = "M 0 0 ' + "L 10 10 L 0 0 " * 200 + '"\n'
          'stroke = "#000000"\ndash = [0.05, 0.05]\n', "at most 20,000: make the dashes longer",
          ('type = "path"', -1), shown=True),
    drawn("draw-dash-not-length", 'type = "box"\n' + BOX + 'dash = ["dotted"]\n', "box 'dash'", "dash ="),
    # gradients
    drawn("draw-gradient-one-stop", GRADIENT + '{ linear = ["#FFFFFF"] }\n', "list of 2 to 16 colours", "fill = {"),
    drawn("draw-gradient-many-stops", GRADIENT + "{ radial = [" + ", ".join(['"#FFFFFF"'] * 17) + "] }\n",
          "list of 2 to 16 colours", "fill = {"),
    drawn("draw-gradient-bad-colour", GRADIENT + '{ linear = ["#FFFFFF", "black"] }\n',
          "a gradient's colours must be like '#1a2b3c', got 'black'", "fill = {"),
    drawn("draw-gradient-both", GRADIENT + '{ linear = ["#FFFFFF", "#000000"], radial = ["#FFFFFF", "#000000"] }\n',
          "either linear = [colours] or radial = [colours]", "fill = {"),
    drawn("draw-gradient-angle-text", GRADIENT + '{ linear = ["#FFFFFF", "#000000"], angle = "up" }\n',
          "a gradient's angle must be a number", "fill = {"),
    drawn("draw-gradient-radial-angle", GRADIENT + '{ radial = ["#FFFFFF", "#000000"], angle = 90 }\n',
          "a radial gradient has no angle", "fill = {"),
    drawn("draw-fill-not-colour", GRADIENT + '"red"\n', "box 'fill' must be a colour like '#1a2b3c', got 'red'",
          'fill = "red"'),
    drawn("draw-fill-number", GRADIENT + "12\n", "'fill' in face 'drawn' box element must be a colour", "fill = 12"),
    Case("draw-gradient-from-card", both(append("game.toml", '\n[faces.drawn]\n\n[[faces.drawn.elements]]\n' + GRADIENT
                                                + '{ linear = ["{color}", "#FFFFFF"], angle = 90 }\n'), BACK,
                                         edit("cards.csv", "c2,Tails,#8C8C8C", "c2,Tails,grey")),
         "cards.csv", "card c2: face 'drawn' box (game.toml line", "c2,"),
    Case("draw-gradient-data-colour", both(append("game.toml", '\n[faces.drawn]\n\n[[faces.drawn.elements]]\n'
                                                  + GRADIENT + '{ radial = ["{data.glow}", "#FFFFFF"] }\n'), BACK,
                                           edit("game.toml", "hand_size = 2", 'hand_size = 2\nglow = "gold"')),
         "game.toml", "a gradient's colours must be like '#1a2b3c', got 'gold'", ('{data.glow}', -6)),
    drawn("draw-gradient-card-ok", GRADIENT + '{ linear = ["{color}", "#FFFFFF"], angle = 90 }\n', "", None,
          shown=True, level="ok"),
    # SVG path data and its viewbox
    drawn("draw-path-empty", 'type = "path"\n' + BOX + 'd = ""\n', "path data must start with M", ('type = "path"', 5)),
    drawn("draw-path-letters", 'type = "path"\n' + BOX + 'd = "M 0 0 L 10 10 Y 4"\n', "unexpected 'Y 4'", ('type = "path"', 5)),
    drawn("draw-path-short", 'type = "path"\n' + BOX + 'd = "M 0 0 C 1 1 2 2"\n', "'C' takes 6 numbers", ('type = "path"', 5)),
    drawn("draw-path-huge", 'type = "path"\n' + BOX + 'd = "M 0 0 ' + "l 1 1 " * 4000 + '"\n',
          "path data may be at most 20000 characters", ('type = "path"', 5)),
    drawn("draw-path-many-segments", 'type = "path"\n' + BOX + 'd = "M 0 0 ' + "h1" * 6000 + '"\n',
          "at most 5000 segments", ('type = "path"', 5)),
    drawn("draw-path-code", 'type = "path"\n' + BOX + 'd = "__import__(\'os\').system(\'x\')"\n',
          "unexpected \"__import__", ('type = "path"', 5)),
    drawn("draw-viewbox-three", 'type = "path"\n' + BOX + 'd = "M 0 0 L 1 1"\nviewbox = [0, 0, 24]\n',
          "path 'viewbox': must be four numbers", "viewbox ="),
    drawn("draw-viewbox-zero", 'type = "path"\n' + BOX + 'd = "M 0 0 L 1 1"\nviewbox = [0, 0, 0, 24]\n',
          "width and height above zero", "viewbox ="),
    # text: outline, shadow, letter spacing, spans
    drawn("draw-letter-spacing-huge", TEXT + "letter_spacing = 50\n", "text 'letter_spacing' must be at most 2",
          "letter_spacing ="),
    drawn("draw-letter-spacing-negative", TEXT + "letter_spacing = -1\n", "must be at least -0.2",
          "letter_spacing ="),
    drawn("draw-outline-width-huge", TEXT + 'outline = "#000000"\noutline_width = "5cm"\n',
          "text 'outline_width' must be at most", "outline_width ="),
    drawn("draw-outline-width-zero", TEXT + 'outline = "#000000"\noutline_width = 0\n',
          "text 'outline_width' must be above zero", "outline_width ="),
    drawn("draw-shadow-not-colour", TEXT + 'shadow = "black"\n', "text 'shadow' must be a colour", "shadow ="),
    drawn("draw-shadow-far", TEXT + 'shadow = "#000000"\nshadow_x = "50mm"\n', "text 'shadow_x' must be at most",
          "shadow_x ="),
    Case("draw-span-size-huge", edit("cards.csv", "c6,Lost", "c6,[size=1000%]Lost[/size]"), "cards.csv",
         "[size=1000%] must be from 50% to 400% of the text's size", "c6,"),
    Case("draw-span-size-tiny", edit("game.toml", 'text = "Coin Flip"', 'text = "[size=1pt]Coin[/size] Flip"'),
         "game.toml", "[size=1pt] must be from 50% to 400%", '[[faces.coin-back.elements]]'),
    Case("draw-span-unclosed", edit("cards.csv", "c6,Lost", "c6,[color=#C00000]Lost"), "cards.csv", "", None,
         "ok"),
)
