"""Numbers and file names in game.toml that are wrong, absurd or hostile: each is an error
at its own line, exit 1, no traceback and nothing written (never a hang, never another file
printed into the booklet)."""

from __future__ import annotations

import os
import shutil

import pytest
from PIL import Image

from conftest import ROOT, line_of, ppgen, replace_in
from generator.errors import GameError
from generator.load import load_game
from generator.rules import template

SIZE = 'size = "mini"'


def coin_flip(tmp_path):
    game = tmp_path / "coin-flip"
    shutil.copytree(ROOT / "examples" / "coin-flip", game)
    return game


CASES = {
    "players backwards": ("players = [2, 4]", "players = [6, 2]", "larger number first"),
    "no players": ("players = [2, 4]", "players = [0, 4]", "'players' must be at least 1"),
    "a week-long game": ("minutes = 5", "minutes = 100000", "'minutes' may be at most"),
    "a card of size zero": (SIZE, 'size = ["0mm", "0mm"]', "a size must be above zero"),
    "a negative card": (SIZE, 'size = ["-60mm", "90mm"]', "a size must be above zero"),
    "a card five metres tall": (SIZE, 'size = ["60mm", "5000mm"]', "a card may be at most 300 mm"),
    "a negative bleed": (SIZE, SIZE + '\nbleed = "-3mm"', "bleed must be from 0"),
    "a bleed that is not a number": (SIZE, SIZE + "\nbleed = nan", "bleed must be from 0"),
    "an infinite bleed": (SIZE, SIZE + "\nbleed = inf", "bleed must be from 0"),
    "a safe margin past the middle": (SIZE, SIZE + '\nsafe = "30mm"', "less than half the card"),
    "rules from an absolute path": ('credits = ["Example game for the ppgen format"]',
                                    'credits = ["Example game for the ppgen format"]\nrules = "/etc/passwd"',
                                    "points outside the game folder"),
    "rules from the folder above": ('credits = ["Example game for the ppgen format"]',
                                    'credits = ["Example game for the ppgen format"]\nrules = "../x.md"',
                                    "points outside the game folder"),
}


@pytest.mark.parametrize("name", CASES)
def test_bad_numbers_and_paths_are_errors_at_their_line(name, tmp_path):
    old, new, message = CASES[name]
    game = coin_flip(tmp_path)
    (tmp_path / "x.md").write_text("# Not the game's\n", encoding="utf-8")
    replace_in(game / "game.toml", old, new)
    needle = new.splitlines()[-1]
    run = ppgen("build", game, "--out", tmp_path / "out", timeout=60)
    assert run.code == 1, run.text
    assert f"game.toml:{line_of(game / 'game.toml', needle)}: error: " in run.err, run.err
    assert message in run.err, run.err
    assert "Traceback" not in run.text and "internal error" not in run.text
    assert not (tmp_path / "out" / "coin-flip").exists()


@pytest.mark.parametrize("count,ok", [(0, False), (1_000_000, False), (3, True)])
def test_count_is_bounded(count, ok, tmp_path):
    game = coin_flip(tmp_path)
    replace_in(game / "game.toml", 'data = "cards.csv"', f"count = {count}")
    replace_in(game / "game.toml", 'text = "{name}"', 'text = "Coin"')
    replace_in(game / "game.toml", 'fill = "{color}"', 'fill = "#D4A017"')
    run = ppgen("validate", game, timeout=60)
    if ok:  # (its rules name cards of the CSV it no longer reads: that is another error)
        assert "count must be" not in run.text, run.text
    else:
        assert run.code == 1, run.text
        assert f"game.toml:{line_of(game / 'game.toml', f'count = {count}')}: error: " in run.err
        assert "count must be from 1 to 10000" in run.err


def test_a_rules_file_linked_out_of_the_folder_is_refused(tmp_path):
    game = coin_flip(tmp_path)
    secret = tmp_path / "secret.md"
    secret.write_text("# A private note\n", encoding="utf-8")
    (game / "rules.md").unlink()
    os.symlink(secret, game / "rules.md")
    run = ppgen("build", game, "--out", tmp_path / "out")
    assert run.code == 1 and "points outside the game folder" in run.err, run.text
    assert not (tmp_path / "out" / "coin-flip").exists()


def test_a_template_that_runs_too_long_is_stopped(tmp_path, monkeypatch):
    """Nested loops that would run for hours stop at the time limit (shortened here) with an
    error naming rules.md."""
    game = coin_flip(tmp_path)
    with open(game / "rules.md", "a", encoding="utf-8") as rules:
        rules.write("{% for i in range(100000) %}{% for j in range(100000) %}{% endfor %}{% endfor %}\n")
    monkeypatch.setattr(template, "RENDER_SECONDS", 0.5)
    with pytest.raises(GameError) as caught:
        template.render(load_game(game))
    assert "rules.md: error: the template ran for more than 0.5 s" in str(caught.value)


@pytest.mark.parametrize("expression", ['"x" * 10000000000', "[1] * 100000000", "10 ** 100000"])
def test_templates_cannot_take_the_memory(expression, tmp_path):
    game = coin_flip(tmp_path)
    with open(game / "rules.md", "a", encoding="utf-8") as rules:
        rules.write("{{ " + expression + " }}\n")
    run = ppgen("validate", game, timeout=60)
    assert run.code == 1 and "not allowed in rules" in run.err, run.text
    assert f"rules.md:{line_of(game / 'rules.md', expression)}: error: " in run.err


def _with_image(tmp_path, name: str):
    game = coin_flip(tmp_path)
    replace_in(game / "game.toml", "[faces.coin-back]", f'''[[faces.coin.elements]]
type = "image"
x = "4mm"
y = "4mm"
w = "10mm"
h = "10mm"
path = "{name}"

[faces.coin-back]''')
    return game


def _truncated(path):
    Image.new("RGB", (400, 400), "#3366AA").save(path)
    path.write_bytes(path.read_bytes()[:300])


def _bomb(path):
    Image.new("1", (20000, 20000)).save(path)  # 400 million pixels in a few kilobytes


IMAGES = {
    "text named .png": ("art.png", lambda p: p.write_text("not a picture"), "cannot be read as an image"),
    "an SVG": ("art.svg", lambda p: p.write_text('<svg xmlns="http://www.w3.org/2000/svg"/>'),
               "cannot be read as an image"),
    "a GIF": ("art.gif", lambda p: Image.new("P", (10, 10)).save(p), "is a GIF image; faces take PNG or JPEG"),
    "cut short": ("art.png", _truncated, "cannot be read as an image"),
    "a bomb": ("art.png", _bomb, "claims more pixels than the 100 million a face may use"),
}


@pytest.mark.parametrize("name", IMAGES)
def test_bad_images_are_errors_naming_the_image(name, tmp_path):
    file_name, make, message = IMAGES[name]
    game = _with_image(tmp_path, file_name)
    make(game / file_name)
    run = ppgen("build", game, "--out", tmp_path / "out", timeout=120)
    assert run.code == 1, run.text
    assert f"{file_name}: error: face 'coin': this image {message}" in run.err, run.err
    assert "Traceback" not in run.text and "internal error" not in run.text and "cannot write" not in run.text
    assert not (tmp_path / "out" / "coin-flip").exists()


def test_toml_nested_too_deeply_is_an_error(tmp_path):
    game = coin_flip(tmp_path)
    with open(game / "game.toml", "a", encoding="utf-8") as toml:
        toml.write("deep = " + "[" * 5000 + "]" * 5000 + "\n")
    run = ppgen("validate", game)
    assert run.code == 1 and "game.toml: error: TOML nested too deeply" in run.err, run.text
    assert "internal error" not in run.text
