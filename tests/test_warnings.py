"""What a build would do silently is a warning: printed with its line, exit 0, and an error
under `validate --strict`; the build still runs."""

from __future__ import annotations

import shutil

import pytest
from PIL import Image

from conftest import ROOT, line_of, ppgen, replace_in
from generator.rulesets import get
from generator.rulesets.base import RuleSet


def coin_flip(tmp_path):
    game = tmp_path / "coin-flip"
    shutil.copytree(ROOT / "examples" / "coin-flip", game)
    return game


def add_element(game, toml: str) -> None:
    replace_in(game / "game.toml", "[faces.coin-back]", toml.strip() + "\n\n[faces.coin-back]")


WARNINGS = {
    "outside the card": ('[[faces.coin.elements]]\ntype = "box"\nx = "60mm"\ny = "5mm"\nw = "10mm"\nh = "10mm"\n'
                         'fill = "#FF0000"', 'x = "60mm"', "lies wholly outside the card and its bleed"),
    "past the bleed": ('[[faces.coin.elements]]\ntype = "ellipse"\nx = "40mm"\ny = "5mm"\nw = "20mm"\nh = "10mm"\n'
                       'fill = "#FF0000"', 'x = "40mm"', "reaches past the card's bleed"),
    "a background that stops at the trim": (
        '[[faces.coin.elements]]\ntype = "box"\nx = "0mm"\ny = "0mm"\nw = "44.45mm"\nh = "63.5mm"\n'
        'fill = "#EEEEEE"', 'w = "44.45mm"', "stops at the trim line"),
}


@pytest.mark.parametrize("name", WARNINGS)
def test_silent_layout_mistakes_are_warnings(name, tmp_path):
    toml, needle, message = WARNINGS[name]
    game = coin_flip(tmp_path)
    add_element(game, toml)
    run = ppgen("validate", game)
    assert run.code == 0, run.text
    offset = next(i for i, text in enumerate(toml.splitlines()) if needle in text)
    element_line = line_of(game / "game.toml", needle) - offset  # the element's [[...]] line
    assert f"game.toml:{element_line}: warning: " in run.err and message in run.err, run.err
    assert "1 warning" in run.out
    strict = ppgen("validate", game, "--strict")
    assert strict.code == 1 and message in strict.err, strict.text
    built = ppgen("build", game, "--out", tmp_path / "out", "--only", "cards", "--paper", "a4")
    assert built.code == 0 and message in built.err, built.text


def test_a_small_image_blown_up_is_a_warning_naming_it(tmp_path):
    game = coin_flip(tmp_path)
    Image.new("RGB", (30, 20), "#3366AA").save(game / "tiny.png")
    add_element(game, '[[faces.coin.elements]]\ntype = "image"\nx = "2mm"\ny = "2mm"\nw = "40mm"\nh = "30mm"\n'
                      'path = "tiny.png"')
    run = ppgen("validate", game)
    assert run.code == 0, run.text
    assert "tiny.png: warning: face 'coin': this 30 × 20 px image prints at 19 dpi, below 150" in run.err, run.err


def test_the_built_in_games_and_examples_have_no_warnings():
    for game in ("squib-squares", ROOT / "examples" / "coin-flip", ROOT / "examples" / "standard-deck"):
        run = ppgen("validate", game, "--strict")
        assert run.code == 0 and "warning" not in run.text, run.text


def with_notes_column(tmp_path):
    game = coin_flip(tmp_path)
    csv = game / "cards.csv"
    lines = csv.read_text(encoding="utf-8").splitlines()
    csv.write_text("\n".join([lines[0] + ",notes"] + [row + ",spare" for row in lines[1:]]) + "\n", encoding="utf-8")
    return game


def test_a_column_nothing_reads_is_a_warning_at_the_header(tmp_path):
    game = with_notes_column(tmp_path)
    run = ppgen("validate", game)
    assert run.code == 0, run.text
    assert "cards.csv:1: warning: column 'notes' is read by nothing" in run.err, run.err
    assert "1 warning" in run.out
    assert ppgen("validate", game, "--strict").code == 1


@pytest.mark.parametrize("reader", [
    ("game.toml", 'text = "{name}"', 'text = "{name} {notes}"'),  # a face shows it
    ("rules.md", "Most cards wins.", "Most cards wins.\n{{ game.component('coins').cards|map(attribute='fields.notes')|first }}"),
    ("rules.md", "Most cards wins.", "Most cards wins.\n{% for c in game.component('coins').cards %}{{ c.fields.notes }}{% endfor %}"),
])
def test_a_column_a_face_or_the_rules_read_does_not_warn(reader, tmp_path):
    file_name, old, new = reader
    game = with_notes_column(tmp_path)
    replace_in(game / file_name, old, new)
    run = ppgen("validate", game, "--strict")
    assert run.code == 0 and "warning" not in run.text, run.text


def test_prose_naming_a_column_is_not_reading_it(tmp_path):
    game = with_notes_column(tmp_path)
    replace_in(game / "rules.md", "Most cards wins.", "Most cards wins; keep notes.")
    assert "column 'notes' is read by nothing" in ppgen("validate", game).err


def test_a_rule_set_declares_the_columns_its_code_reads():
    assert {"left_color", "right_kind"} <= get("squib").columns_read(None)
    assert RuleSet("x", reads=lambda game: ["power"]).columns_read(None) == {"power"}
