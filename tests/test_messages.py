"""Issue 25, messages: what the table-driven corpus (tests/corpus_messages.py) cannot hold:
command-line options, the environment, the words of a summary line."""

from __future__ import annotations

import os
import shutil
import subprocess

from pypdf import PdfReader

from conftest import ROOT, _ppgen_command, ppgen, tool
from generator import rulesets
from generator.faces.painters import GENERIC

COIN_FLIP = ROOT / "examples" / "coin-flip"


def coin_flip(tmp_path, name: str = "coin-flip"):
    game = tmp_path / name
    shutil.copytree(COIN_FLIP, game)
    return game


def test_strict_labels_the_warnings_it_fails_on_as_errors(tmp_path):
    game = coin_flip(tmp_path)
    text = (game / "game.toml").read_text(encoding="utf-8")
    (game / "game.toml").write_text(text.replace('x = "7mm"', 'x = "5000mm"'), encoding="utf-8")
    plain = ppgen("validate", game)
    assert plain.code == 0 and ": warning: " in plain.err and "1 warning" in plain.out, plain.text
    strict = ppgen("validate", "--strict", game)
    assert strict.code == 1 and ": warning: " not in strict.err, strict.text
    assert ": error: " in strict.err and "wholly outside the card" in strict.err, strict.text
    assert strict.out.startswith("coin-flip: 1 problem\n"), strict.out


def test_stats_on_a_game_without_statistics_says_so(validated):
    run = ppgen("validate", "--stats", COIN_FLIP, ROOT / "examples" / "standard-deck")
    assert run.code == 0, run.text
    assert "coin-flip: no statistics: statistics come from a rule set, and game.toml names none" in run.out
    assert "standard-deck: no statistics: its rule set (playing-cards) prints none" in run.out
    squib = validated("squib-squares")
    assert "no statistics" not in squib.out and len(squib.out.splitlines()) > 5, squib.text


def test_the_printer_help_names_the_real_profiles_path(tmp_path):
    def help_with(**env) -> str:
        done = subprocess.run(_ppgen_command() + ["build", "--help"], env=env, capture_output=True, text=True)
        return "".join(done.stdout.split())  # the help is wrapped to the terminal's width, long words too
    config = tmp_path / "cfg"
    shown = help_with(**dict(os.environ, XDG_CONFIG_HOME=str(config)))
    assert f"{config}/ppgen/printers.toml" in shown and "~/.config" not in shown, shown
    without = {key: value for key, value in os.environ.items() if key != "XDG_CONFIG_HOME"}
    assert "storedbynamein~/.config/ppgen/printers.toml" in help_with(**without)


def test_a_game_that_is_not_found_is_named(tmp_path):
    for command in (("build",), ("validate",), ("watch",), ("build", "--out", tmp_path / "o")):
        for name in ("no-such-game", "./no-such-game", "no-such-game/"):
            run = ppgen(*command, name, cwd=tmp_path)
            assert run.code == 2 and f"no such game '{name}'" in run.err, run.text
            assert "Traceback" not in run.text


def test_invisible_characters_in_a_message_are_shown_not_printed_raw(tmp_path):
    game = coin_flip(tmp_path)
    with open(game / "cards.csv", "a", encoding="utf-8") as out:
        out.write("c7\u202egnp,Heads,#zz\n")
    run = ppgen("validate", game)
    assert run.code == 1 and "card c7<U+202E>gnp: face 'coin' ellipse" in run.err, run.text
    assert "\u202e" not in run.text
    folder = coin_flip(tmp_path, "coin\u202eflip")  # the folder's name is the game's id: refused, and shown
    for run in (ppgen("validate", folder), ppgen("build", folder, "--only", "rules", "--out", tmp_path / "out")):
        assert run.code == 1 and run.out.startswith("coin<U+202E>flip: ") and "\u202e" not in run.text, run.text
        assert "game folder's name 'coin<U+202E>flip' holds an invisible character" in run.err, run.text
    assert not (tmp_path / "out").exists()


def test_a_mistake_many_cards_share_is_reported_once(tmp_path):
    game = coin_flip(tmp_path)
    text = (game / "game.toml").read_text(encoding="utf-8")
    text = text.replace("hand_size = 2", 'hand_size = 2\ncolors = { Heads = "#D4A01", Tails = "#D4A01", Edge = '
                                         '"#000000", Lost = "#000000" }')
    text = text.replace('fill = "{color}"', 'fill = "{data.colors[name]}"')
    text = text.replace("[faces.coin]", '[[components]]\nid = "more"\nsize = "mini"\ndata = "cards.csv"\n'
                                        'front = "coin"\n\n[faces.coin]')
    (game / "game.toml").write_text(text, encoding="utf-8")
    run = ppgen("validate", game)
    errors = [line for line in run.err.splitlines() if ": error: " in line]
    assert run.code == 1 and len(errors) == 2, run.text  # Heads and Tails, each once, not once a card a deck
    assert all("game.toml:10: error: [data.colors." in line for line in errors), errors
    with open(game / "cards.csv", "a", encoding="utf-8") as out:
        out.write("c1,Again,#D4A017\n")
    run = ppgen("validate", game)
    assert run.err.count("card c1: id already used on line 2") == 1, run.text


def test_every_width_and_height_an_element_takes_must_be_above_zero():
    """A negative size drew a mirrored box, or none, or a message about a box of -67 mm: every
    painter's size parameter, generic or a rule set's, is refused at its line instead."""
    painters = {**GENERIC, **rulesets.painters(list(rulesets.RULESETS))}
    sizes = [(kind, name, param) for kind, painter in painters.items() for name, param in painter.params.items()
             if param.kind == "length" and (name in ("w", "h") or name.endswith(("_w", "_h", "width", "height")))]
    assert len(sizes) > 20
    assert [(kind, name) for kind, name, param in sizes if not param.above_zero and name != "stroke_width"] == []


def test_a_score_sheet_prints_its_title_as_written_and_names_its_rows(tmp_path):
    game = coin_flip(tmp_path)
    text = (game / "game.toml").read_text(encoding="utf-8")
    (game / "game.toml").write_text(text.replace("hand_size = 2", 'hand_size = 2\nscore_sheet = { columns = '
                                                 '["Coins"], title = "Tally of the BIG Flip", row_label = "Round" }'),
                                    encoding="utf-8")
    run = ppgen("build", game, "--only", "aids", "--paper", "a4", "--out", tmp_path / "out")
    assert run.code == 0, run.text
    pdf = tmp_path / "out" / "coin-flip" / "score-sheet-a4.pdf"
    words = subprocess.run([tool("pdftotext"), pdf, "-"], capture_output=True, text=True).stdout
    assert "Tally of the BIG Flip" in words and "Round" in words and "Set" not in words, words


def test_calibrate_says_where_the_profiles_go_and_its_sheet_names_no_fixed_folder(tmp_path):
    config = tmp_path / "cfg"
    done = subprocess.run(_ppgen_command() + ["calibrate", "--out", str(tmp_path / "c.pdf")], capture_output=True,
                          text=True, env=dict(os.environ, XDG_CONFIG_HOME=str(config)))
    assert done.returncode == 0 and f"{config}/ppgen/printers.toml" in done.stdout, done.stdout + done.stderr
    sheet = "".join(page.extract_text() for page in PdfReader(tmp_path / "c.pdf").pages)
    assert "printers.toml" in sheet and ".config" not in sheet
