"""`ppgen validate` and `ppgen design squib-deck` on Squib Squares, run as a user would."""

from __future__ import annotations

from conftest import GAMES, line_of, ppgen, replace_in

SHIPPED = GAMES / "squib-squares" / "cards.csv"


def test_unknown_colour_is_reported_at_its_csv_line(copy_game):
    game = copy_game("squib-squares")
    csv = game / "cards.csv"
    row = csv.read_text(encoding="utf-8").splitlines()[4]  # card S04 on line 5
    replace_in(csv, row, row.replace(row.split(",")[1], "pink", 1))
    run = ppgen("validate", "./squib-squares", cwd=game.parent)
    assert run.code == 1
    assert "squib-squares/cards.csv:5: error: R2 card S04: left_color 'pink' is not one of the colours" in run.err
    assert "R5, R6 and R7 were not checked" in run.err
    assert "Traceback" not in run.text


def test_broken_beats_point_at_game_toml(copy_game):
    game = copy_game("squib-squares")
    manifest = game / "game.toml"
    replace_in(manifest, 'blue = ["purple", "yellow"]', 'blue = ["purple", "orange"]')
    run = ppgen("validate", "./squib-squares", cwd=game.parent)
    assert run.code == 1
    line = line_of(manifest, "[data.beats]")  # a pair fault could be fixed on either line
    assert f"squib-squares/game.toml:{line}: error: R8: " in run.err
    assert "orange and blue beat each other" in run.err


def test_repeated_squib_names_both_cards(copy_game):
    game = copy_game("squib-squares")
    csv = game / "cards.csv"
    lines = csv.read_text(encoding="utf-8").splitlines()
    first, second = lines[1].split(","), lines[2].split(",")  # S01 and S02
    second[1:4] = first[1:4]  # S02's left squib becomes S01's
    replace_in(csv, lines[2], ",".join(second))
    run = ppgen("validate", game)
    assert run.code == 1
    assert any(":2: error: R4 cards S01, S02: the squib" in l for l in run.err.splitlines())


def test_stats_report(validated):
    run = validated("squib-squares")
    assert run.code == 0
    for heading in ("Squibs per value", "Cards per pair of colours", "Per card", "Summary"):
        assert heading in run.out
    assert "face-off win share" in run.out


def test_design_reproduces_the_shipped_deck(tmp_path):
    out = tmp_path / "cards.csv"
    run = ppgen("design", "squib-deck", "--seed", "1", "--out", out)
    assert run.code == 0, run.text
    assert out.read_bytes() == SHIPPED.read_bytes()


def test_a_colour_beating_itself_points_at_its_own_line(copy_game):
    game = copy_game("squib-squares")
    manifest = game / "game.toml"
    replace_in(manifest, 'green = ["blue", "orange"]', 'green = ["green", "orange"]')
    run = ppgen("validate", game)
    line = line_of(manifest, 'green = ["green", "orange"]')
    assert run.code == 1
    assert any(f"game.toml:{line}: error: R8: green beats itself" in l for l in run.err.splitlines())


def test_design_writes_to_standard_output():
    run = ppgen("design", "squib-deck")  # the default seed is the shipped deck's
    assert run.code == 0, run.text
    assert run.out == SHIPPED.read_text(encoding="utf-8")
