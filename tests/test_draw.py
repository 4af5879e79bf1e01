"""Draw anything (issue 21, item 4): polygons, regular polygons, stars, arcs, pies and SVG
path data; dashed and dotted strokes with caps and joins; linear and radial gradients; text
with an outline, a shadow, letter spacing, and colour and size per span. The broken inputs
are in tests/corpus_draw.py; here, what the features draw: each one composed on a card,
and its PDF and PNG agreeing as every other element's do."""

from __future__ import annotations

import shutil

import pytest

from conftest import EDGE_SHARE_BOUND, MEAN_BOUND, ROOT, agreement, ppgen
from generator import ops as op
from generator.faces.compose import compose
from generator.geometry import svgpath
from generator.load.game import load_game
from generator.text.richtext import Span, parse

COIN_FLIP = ROOT / "examples" / "coin-flip"
BOX = 'x = "6mm"\ny = "10mm"\nw = "32mm"\nh = "30mm"\n'

# One element each, drawn on the coin's face; every new key and value at least once.
DRAWN = {
    "polygon-points-linear": 'type = "polygon"\n' + BOX + 'points = [["50%", "0%"], ["100%", "100%"], ["0%", "80%"]]\n'
    'fill = { linear = ["#C0102A", "#1030C0", "#F0F0A0"], angle = 60 }\nstroke = "#000000"\nstroke_width = "2pt"\n',
    "polygon-sides-radial-dashed": 'type = "polygon"\n' + BOX + 'sides = 6\nfill = { radial = ["#FFFFFF", "#008800"] }\n'
    'stroke = "#003300"\nstroke_width = "2pt"\ndash = ["2mm", "1mm"]\njoin = "bevel"\n',
    "star-miter": 'type = "star"\n' + BOX + 'points = 7\ninner = 0.4\nfill = "#FFCC00"\nstroke = "#884400"\n'
    'stroke_width = "1.5pt"\n',
    "arc-dotted": 'type = "arc"\n' + BOX + 'start = -100\nend = 100\nstroke = "#AA0000"\nstroke_width = "3pt"\n'
    'cap = "round"\ndash = [0, "6pt"]\n',
    "arc-square-caps": 'type = "arc"\n' + BOX + 'start = 200\nend = 20\nstroke = "#0000AA"\nstroke_width = "4pt"\n'
    'cap = "square"\n',
    "pie": 'type = "pie"\n' + BOX + 'start = 30\nend = 300\nfill = "#3366CC"\nstroke = "#000000"\n',
    "path-viewbox-holes": 'type = "path"\n' + BOX + 'viewbox = [0, 0, 24, 24]\nfill = "#660066"\n'
    'd = "M12 2 L22 22 H2 Z m10 6 l5 10 h-10 z M2 2 Q 6 -2 10 2 T 18 2 C 20 4 22 4 23 2 S 24 8 20 10 '
    'A 4 3 30 1 1 12 10 V 12 h -2 v -2 z"\nstroke = "#000000"\n',
    "line-dashed-square": 'type = "line"\nx1 = "5mm"\ny1 = "20mm"\nx2 = "38mm"\ny2 = "50mm"\nstroke = "#000000"\n'
    'stroke_width = "2pt"\ndash = ["4pt", "3pt", "1pt", "3pt"]\ncap = "square"\n',
    "box-dashed-gradient": 'type = "box"\n' + BOX + 'radius = "4mm"\nfill = { linear = ["#FFFFFF", "#D4A017"], '
    'angle = 90 }\nstroke = "#555555"\nstroke_width = "1pt"\ndash = ["1.5mm"]\n',
    "ellipse-dashed": 'type = "ellipse"\n' + BOX + 'fill = { radial = ["#FFFFFF", "#222288", "#000000"] }\n'
    'stroke = "#C00000"\nstroke_width = "2pt"\ndash = ["3pt", "2pt"]\n',
    "turned-gradient-star": 'type = "star"\n' + BOX + 'fill = { linear = ["#FF0000", "#0000FF"] }\nrotate = 30\n'
    'opacity = 0.6\n',
    "turned-outlined-text": 'type = "text"\n' + BOX + 'text = "Turned"\nfont = "display"\nsize = 22\ncolor = "#FFFFFF"\n'
    'outline = "#C00000"\noutline_width = "2pt"\nletter_spacing = 0.3\nrotate = 90\n',
    "turned-mitred-star": 'type = "star"\n' + BOX + 'points = 3\ninner = 0.2\nstroke = "#000000"\nstroke_width = "3pt"\n'
    'rotate = 45\n',
    "text-outline-spacing": 'type = "text"\n' + BOX + 'text = "Outlined"\nfont = "display"\nsize = 20\n'
    'color = "#FFFFFF"\noutline = "#000000"\noutline_width = "1pt"\nletter_spacing = 0.1\n',
    "text-shadow": 'type = "text"\n' + BOX + 'text = "Shadow **bold**"\nsize = 16\ncolor = "#FFCC00"\n'
    'shadow = "#000000"\nshadow_x = "0.6mm"\nshadow_y = "-0.4mm"\n',
    "text-spans": 'type = "text"\n' + BOX + 'text = "Pay [color=#C00000]two[/color] [size=150%]**big**[/size] and '
    '[size=7pt]small[/size] coins"\nsize = 11\nalign = "left"\n',
}


def _game(tmp_path, element: str):
    game = tmp_path / "drawn"
    shutil.copytree(COIN_FLIP, game)
    with open(game / "game.toml", "a", encoding="utf-8") as out:
        out.write(f"\n[[faces.coin.elements]]\n{element}")
    return game


@pytest.mark.parametrize("name", sorted(DRAWN))
def test_each_drawing_key_agrees_in_pdf_and_png(name, tmp_path):
    game = load_game(_game(tmp_path, DRAWN[name]))
    deck = game.components[0]
    drawing = compose(game, deck, deck.cards[0], "front")
    mean, far = agreement(drawing, tmp_path)
    assert mean < MEAN_BOUND and far < EDGE_SHARE_BOUND, (mean, far)


def test_shapes_are_paths_and_old_elements_draw_the_same_ops(tmp_path):
    game = load_game(_game(tmp_path, DRAWN["star-miter"]))
    deck = game.components[0]
    star = compose(game, deck, deck.cards[0], "front").ops[-1]
    assert isinstance(star, op.Path) and len(star.segments) == 2 * 7 + 1  # M, 13 lines, Z
    assert (star.cap, star.join) == ("butt", "miter")  # the new shapes' own defaults
    coin = load_game(COIN_FLIP)
    plain = compose(coin, coin.components[0], coin.components[0].cards[0], "front").ops
    frame = next(o for o in plain if isinstance(o, op.Rect) and o.stroke)
    assert (frame.dash, frame.cap, frame.join) == ((), None, None)  # drawn by the old code path


def test_the_text_keys_make_the_ops_they_say(tmp_path):
    game = load_game(_game(tmp_path, DRAWN["text-shadow"]))
    deck = game.components[0]
    texts = [o for o in compose(game, deck, deck.cards[0], "front").ops if isinstance(o, op.Text)]
    shadows = [t for t in texts if t.color == "#000000" and t.text.strip() in ("Shadow", "bold")]
    letters = [t for t in texts if t.color == "#FFCC00"]
    assert len(shadows) == len(letters) == 2
    assert shadows[0].x == pytest.approx(letters[0].x + 0.6 * 72 / 25.4)
    assert shadows[0].y == pytest.approx(letters[0].y - 0.4 * 72 / 25.4)
    game = load_game(_game(tmp_path / "spans", DRAWN["text-spans"]))
    texts = [o for o in compose(game, deck, game.components[0].cards[0], "front").ops if isinstance(o, op.Text)]
    by_text = {t.text.strip(): t for t in texts}
    assert by_text["two"].color == "#C00000" and by_text["big"].size == pytest.approx(16.5)
    assert by_text["small"].size == pytest.approx(7.0) and by_text["small"].color == "#000000"


def test_unclosed_and_unknown_tags_are_literal_text():
    assert parse("[color=#c00000]red") == [Span("[color=#c00000]red")]
    assert parse("a [/size] b") == [Span("a [/size] b")]
    assert parse("[colour=#c00000]x[/colour]") == [Span("[colour=#c00000]x[/colour]")]
    assert parse("[color=#111111]a [color=#222222]b[/color] c[/color]") == [
        Span("a ", color="#111111"), Span("b", color="#222222"), Span(" c", color="#111111")]


# -- SVG path data -------------------------------------------------------------------------

def test_relative_and_absolute_path_data_draw_the_same():
    absolute = svgpath.parse("M 10 10 L 20 10 H 30 V 20 C 30 25 25 30 20 30 S 10 25 10 20 Q 10 15 15 15 T 20 10 Z")
    relative = svgpath.parse("m10,10 l10,0 h10 v10 c0,5 -5,10 -10,10 s-10-5-10-10 q0-5 5-5 t5-5 z")
    assert len(absolute) == len(relative)
    for a, r in zip(absolute, relative):
        assert a[0] == r[0] and a[1:] == pytest.approx(r[1:])


def test_arcs_end_where_they_say_and_numbers_after_a_move_are_lines():
    segments = svgpath.parse("M 0 0 A 10 10 0 0 1 20 0 a 5 5 0 1 0 -10 0")
    assert segments[-1][-2:] == pytest.approx((10.0, 0.0))
    assert all(kind == "C" for kind, *_ in segments[1:])
    assert svgpath.parse("M 0 0 5 5 10 0") == (("M", 0.0, 0.0), ("L", 5.0, 5.0), ("L", 10.0, 0.0))
    assert svgpath.parse("M0 0l.5.5") == (("M", 0.0, 0.0), ("L", 0.5, 0.5))
    # an arc's flags run into what follows, as minified icons write them
    assert svgpath.parse("M0 0a5 5 0 011 1") == svgpath.parse("M 0 0 a 5 5 0 0 1 1 1")


@pytest.mark.parametrize("data,message", [
    ("L 1 1", "must start with M"), ("M 1", "takes 2 numbers"), ("M 0 0 X 1", "unexpected 'X"),
    ("M 0 0 " + "h1" * 6000, "at most 5000 segments"), ("M 0 0 " + "1 " * 20_000, "at most 20000 characters"),
    ("M 0 0 L 1 1 2", "takes 2 numbers"), ("M 0 0 __import__('os')", "unexpected")])
def test_bad_path_data_says_what_is_wrong(data, message):
    with pytest.raises(ValueError, match=message):
        svgpath.parse(data)


def test_a_game_drawing_everything_builds_and_validates(tmp_path):
    game = tmp_path / "everything"
    shutil.copytree(COIN_FLIP, game)
    with open(game / "game.toml", "a", encoding="utf-8") as out:
        for element in DRAWN.values():
            out.write(f"\n[[faces.coin.elements]]\n{element}")
    assert ppgen("validate", game).code == 0
    run = ppgen("build", game, "--out", tmp_path / "out")
    assert run.code == 0 and "error" not in run.err, run.text
