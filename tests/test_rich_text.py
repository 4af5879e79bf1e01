"""Rich card text (issue 12): **bold**, *italic* and :icon: in CSV values, face text and
rules.md; PDF and PNG agree; shrink-to-fit and overflow still hold; bad icons are errors."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from PIL import Image, ImageDraw
from pypdf import PdfReader

from conftest import EDGE_SHARE_BOUND, MEAN_BOUND, agreement, ppgen, tool
from generator.faces import ops as op
from generator.faces.compose import compose
from generator.load import load_game
from generator.richtext import IconRef, Span, parse
from generator.text import text_ops

GAME_TOML = '''title = "Rich"
players = 2
minutes = 5

[icons]
coin = "icons/coin.png"
heart = { shape = "heart", color = "#C0392B" }
sun = { text = "☀" }

[[components]]
id = "deck"
size = "poker"
data = "cards.csv"
front = "front"

[faces.front]
background = "#FFFFFF"

[[faces.front.elements]]
type = "text"
x = "4mm"
y = "4mm"
w = "55mm"
h = "10mm"
text = "{name}"
font = "display"
size = 16

[[faces.front.elements]]
type = "text"
x = "4mm"
y = "20mm"
w = "55mm"
h = "60mm"
text = "{ability}"
size = 12
align = "left"
valign = "top"
'''

CARDS = '''id,name,ability
c1,Burner,"**Burn** 2: pay :coin: :coin: and *discard* a card. Gain :heart:, then :sun:."
c2,Miser,"***Both*** at once; 2 * 3 stays, a **lone marker stays, \\*starred\\* and 10\\:30."
'''

RULES = '''# Rich rules

Pay :coin: to **burn** a card, or gain :heart:. A literal \\:coin: stays text.

{% call aid("Your turn — ход") %}
1. Pay :coin: and **burn**: Жар-птица.
2. Gain :heart:.
{% endcall %}
'''


def make_game(root: Path, cards: str = CARDS, rules: str = RULES, toml: str = GAME_TOML) -> Path:
    game = root / "rich"
    (game / "icons").mkdir(parents=True)
    coin = Image.new("RGBA", (64, 64), (0, 0, 0, 0))
    ImageDraw.Draw(coin).ellipse([2, 2, 61, 61], fill="#D4A017", outline="#7A5A00", width=5)
    coin.save(game / "icons" / "coin.png")
    (game / "game.toml").write_text(toml, encoding="utf-8")
    (game / "cards.csv").write_text(cards, encoding="utf-8")
    (game / "rules.md").write_text(rules, encoding="utf-8")
    return game


@pytest.fixture(scope="module")
def rich(tmp_path_factory) -> Path:
    return make_game(tmp_path_factory.mktemp("rich"))


def test_markers_follow_markdown():
    assert parse("Deal **2** and *burn*") == [Span("Deal "), Span("2", bold=True), Span(" and "),
                                               Span("burn", italic=True)]
    assert parse("2 * 3 * 4") == [Span("2 * 3 * 4")]  # a marker must touch its text
    assert parse("a **lone") == [Span("a **lone")]  # unclosed: literal
    assert parse("\\*x\\* 10\\:30 \\:coin:") == [Span("*x* 10:30 :coin:")]
    assert parse("***both***") == [Span("both", bold=True, italic=True)]
    assert parse("pay :coin:!") == [Span("pay "), IconRef("coin"), Span("!")]
    assert parse("**gain :coin:**")[1] == IconRef("coin", bold=True)


def test_runs_use_their_own_fonts_and_icons_sit_on_the_baseline(rich):
    game = load_game(rich)
    drawing = compose(game, game.components[0], game.components[0].cards[0], "front")
    texts = [o for o in drawing.ops if isinstance(o, op.Text)]
    fonts_used = {o.font for o in texts}
    assert {"body", "body-bold", "body-italic", "fallback"} <= fonts_used, fonts_used  # ☀ and ♥ from the fallback
    assert any(o.text.startswith("Burn") and o.font == "body-bold" for o in texts)
    images = [o for o in drawing.ops if isinstance(o, op.Image)]
    assert len(images) == 2  # :coin: :coin:
    size = next(o.size for o in texts if o.font == "body-bold")
    baseline = next(o.y for o in texts if o.font == "body-bold")
    for image in images:
        assert image.h == pytest.approx(0.8 * size) and image.y + image.h == pytest.approx(baseline)
    heart = next(o for o in texts if o.text == "\u2665")
    assert heart.color == "#C0392B" and heart.size == size


@pytest.mark.parametrize("card", [0, 1])
def test_rich_text_agrees_in_pdf_and_png(rich, card, tmp_path):
    game = load_game(rich)
    mean, far = agreement(compose(game, game.components[0], game.components[0].cards[card], "front"), tmp_path)
    assert mean < MEAN_BOUND and far < EDGE_SHARE_BOUND, (mean, far)


def test_rich_text_still_shrinks_to_fit_and_overflows():
    plain = text_ops("Gain " * 12, 0, 0, 100, 40, "body", 12, 6, "#000000", rich=True)
    bold = text_ops("**Gain** " * 12, 0, 0, 100, 40, "body", 12, 6, "#000000", rich=True)
    assert bold[0].size <= plain[0].size < 12  # bold is wider: it shrinks as far or further
    assert {o.font for o in bold} == {"body-bold"}
    with pytest.raises(ValueError, match="does not fit"):
        text_ops("**Gain** " * 200, 0, 0, 100, 40, "body", 12, 6, "#000000", rich=True)


def test_plain_text_is_drawn_as_before():
    """No markers, no fallback: one Text per line, aligned as asked (outputs stay identical)."""
    ops = text_ops("Hello big world", 0, 0, 100, 50, "body", 10, 6, "#000000")
    assert ops == [op.Text(50.0, ops[0].y, "Hello big world", "body", 10, "#000000", "center")]


def test_build_draws_icons_in_cards_and_rules(rich, tmp_path):
    run = ppgen("build", rich, "--only", "cards,png,rules,aids", "--paper", "a4", "--out", tmp_path)
    assert run.code == 0, run.text
    out = tmp_path / "rich"
    booklet = out / "rules-booklet.pdf"
    text = subprocess.run([tool("pdftotext"), booklet, "-"], capture_output=True, text=True, check=True).stdout
    assert "Pay" in text and ":coin: to" not in text and "A literal :coin: stays text." in text
    pictures = sum(len([x for x in (page["/Resources"].get("/XObject") or {}).values()
                        if x.get_object().get("/Subtype") == "/Image"]) for page in PdfReader(booklet).pages)
    assert pictures >= 1  # the coin image, drawn inline
    fonts = subprocess.run([tool("pdffonts"), out / "cards-a4.pdf"], capture_output=True, text=True,
                           check=True).stdout
    assert "AtkinsonHyperlegible-Bold" in fonts and "AtkinsonHyperlegible-Italic" in fonts and "DejaVuSans" in fonts
    assert len(list((out / "png").rglob("*.png"))) == 2
    aid = subprocess.run([tool("pdftotext"), out / "reference-cards-a4.pdf", "-"], capture_output=True, text=True,
                         check=True).stdout
    assert "Your turn — ход" in aid and "Жар-птица" in aid and ":coin:" not in aid and "\u2665" in aid


def test_an_undefined_icon_names_the_card_and_the_defined_ones(tmp_path):
    game = make_game(tmp_path, cards="id,name,ability\nc1,Gem,Pay :gem: now\n")
    run = ppgen("validate", game)
    assert run.code == 1, run.text
    assert "cards.csv:2: error: card c1" in run.err and "unknown icon ':gem:'" in run.err
    assert ":coin:, :heart:, :sun:" in run.err
