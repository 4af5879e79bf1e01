"""Card data that holds numbers: a component lists its numeric columns, rules.md can add
them up, and a value that is not a number is an error at its CSV line."""

from __future__ import annotations

import shutil

from pypdf import PdfReader

from conftest import ROOT, line_of, ppgen, replace_in

SUM = "Points in the deck: {{ coins.cards|sum(attribute='fields.points') }}."


def coin_flip_with_points(tmp_path, numbers: bool):
    game = tmp_path / "coin-flip"
    shutil.copytree(ROOT / "examples" / "coin-flip", game)
    csv = game / "cards.csv"
    lines = csv.read_text(encoding="utf-8").splitlines()
    csv.write_text("\n".join([lines[0] + ",points"] + [f"{row},{n}" for n, row in enumerate(lines[1:], 1)]) + "\n",
                   encoding="utf-8")
    if numbers:
        replace_in(game / "game.toml", 'data = "cards.csv"', 'data = "cards.csv"\nnumbers = ["points"]')
    with open(game / "rules.md", "a", encoding="utf-8") as rules:
        rules.write("\n" + SUM + "\n")
    return game


def test_numeric_columns_add_up_in_the_rules(tmp_path):
    game = coin_flip_with_points(tmp_path, numbers=True)
    run = ppgen("build", game, "--out", tmp_path / "out", "--only", "rules", "--paper", "a4")
    assert run.code == 0, run.text
    text = "".join(p.extract_text() for p in PdfReader(tmp_path / "out" / "coin-flip" / "rules-booklet.pdf").pages)
    assert "Points in the deck: 21." in text  # 1 + 2 + ... + 6


def test_text_columns_in_arithmetic_say_how_to_declare_numbers(tmp_path):
    game = coin_flip_with_points(tmp_path, numbers=False)
    run = ppgen("validate", game)
    assert run.code == 1, run.text
    assert f"rules.md:{line_of(game / 'rules.md', 'Points in the deck')}: error: template: " in run.err
    assert "numbers = [...]" in run.err and "Traceback" not in run.text


def test_a_value_that_is_not_a_number_is_an_error_at_its_line(tmp_path):
    game = coin_flip_with_points(tmp_path, numbers=True)
    replace_in(game / "cards.csv", "c4,Tails,#8C8C8C,4", "c4,Tails,#8C8C8C,four")
    run = ppgen("validate", game)
    assert run.code == 1, run.text
    assert f"cards.csv:{line_of(game / 'cards.csv', 'four')}: error: card c4: column 'points' holds numbers, " \
           f"got 'four'" in run.err


def test_numbers_must_name_a_column(tmp_path):
    game = coin_flip_with_points(tmp_path, numbers=True)
    replace_in(game / "game.toml", 'numbers = ["points"]', 'numbers = ["pionts"]')
    run = ppgen("validate", game)
    assert run.code == 1 and "numbers: no column 'pionts'" in run.err, run.text
