"""Card data that holds numbers: a component lists its numeric columns, rules.md can add
them up, and a value that is not a number is an error at its CSV line."""

from __future__ import annotations

import shutil

import pytest
from pypdf import PdfReader

from conftest import ROOT, line_of, ppgen, replace_in
from generator.load.numbers import as_number
from generator.units import MM, length, number

SUM = "Points in the deck: {{ coins.cards|sum(attribute='fields.points') }}."


def coin_flip_with_points(tmp_path, numbers: bool, points: tuple[str, ...] = ("1", "2", "3", "4", "5", "6")):
    game = tmp_path / "coin-flip"
    shutil.copytree(ROOT / "examples" / "coin-flip", game)
    csv = game / "cards.csv"
    lines = csv.read_text(encoding="utf-8").splitlines()
    csv.write_text("\n".join([lines[0] + ",points"] + [f"{row},{n}" for n, row in zip(points, lines[1:])]) + "\n",
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


WRITTEN = ("2.50", "1e2", "007", "-3", "+4", ".5")  # c1 ... c6


def test_numbers_print_as_written_and_compute_as_numbers(tmp_path):
    """A designer's 2.50, 1e2 and 007 print so on the cards, in the gallery and in the rules
    (not 2.5, 100.0 and 7), and still add up, compare and sort as numbers."""
    game = coin_flip_with_points(tmp_path, numbers=True, points=WRITTEN)
    replace_in(game / "game.toml", 'text = "{name}"', 'text = "{name} {points}"')
    with open(game / "rules.md", "a", encoding="utf-8") as rules:
        rules.write("\nFirst: {{ coins.cards[0].fields.points }}. Most: {{ coins.cards|map(attribute='fields.points')"
                    "|max }}. Order: {% for c in coins.cards|sort(attribute='fields.points') %}{{ c.fields.points }}"
                    " {% endfor %}. Over 5: {{ coins.cards|selectattr('fields.points', 'gt', 5)|list|length }}.\n")
    run = ppgen("build", game, "--out", tmp_path / "out", "--only", "cards,rules,gallery", "--paper", "a4")
    assert run.code == 0, run.text
    folder = tmp_path / "out" / "coin-flip"
    sheet = PdfReader(folder / "cards-a4.pdf").pages[0].extract_text()
    for name, written in zip(("Heads", "Tails", "Heads", "Tails", "Edge", "Lost"), WRITTEN):
        assert f"{name} {written}" in sheet
    gallery = (folder / "index.html").read_text(encoding="utf-8")
    assert all(f"<dd><bdi>{written}</bdi></dd>" in gallery for written in WRITTEN), gallery
    assert "<bdi>2.5</bdi>" not in gallery and "100.0" not in gallery and "<bdi>7</bdi>" not in gallery
    text = " ".join("".join(p.extract_text() for p in PdfReader(folder / "rules-booklet.pdf").pages).split())
    assert "Points in the deck: 111.0." in text  # 2.5 + 100 + 7 - 3 + 4 + 0.5
    assert "First: 2.50. Most: 1e2. Order: -3 .5 2.50 +4 007 1e2 . Over 5: 2." in text


@pytest.mark.parametrize("text, value", [("12", 12), ("-2.5", -2.5), ("+4", 4), (".5", 0.5), ("1e3", 1000.0),
                                         ("1E-2", 0.01), (" 007 ", 7), ("0", 0)])
def test_a_number_is_ascii_digits_a_sign_a_point_an_exponent(text, value):
    written = as_number(text)
    assert written == value and type(written.real) is type(value) and str(written) == text.strip()
    assert number(text) == value and length(f"{text}mm") == pytest.approx(value * MM)


@pytest.mark.parametrize("text", ["1_000", "\u0661\u0662", "\uff11\uff12", "\u00b2", "nan", "-inf", "Infinity", "1e999",
                                  "9" * 400, "0x1F", "1.2.3", "--1", "1.", "1,000", "", " ", "12\u3000", "\u0968"])
def test_what_python_takes_and_a_designer_does_not_mean_is_no_number(text):
    assert as_number(text) is None and number(text) is None
    with pytest.raises(ValueError):
        length(f"{text}mm")


@pytest.mark.parametrize("value", [float("nan"), float("inf"), -float("inf"), 10 ** 400, True, [1], {"mm": 1}])
def test_every_length_is_a_finite_number_so_no_drawing_gets_nan(value):
    """length() is where every length of a game's files is read: nothing past it can put nan
    or inf into a PDF's drawing operators."""
    with pytest.raises(ValueError):
        length(value)
