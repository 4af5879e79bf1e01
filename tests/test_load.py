"""Loading game folders: every malformed file gives PATH:LINE: error:, exit 1, no traceback."""

from __future__ import annotations

from conftest import line_of, ppgen, replace_in


def assert_error(run, path, line, *words):
    assert run.code == 1, run.text
    assert "Traceback" not in run.text
    location = f"{path}:{line}: error:"
    lines = [l for l in run.err.splitlines() if location in l]
    assert lines, f"no line with {location!r} in:\n{run.err}"
    for word in words:
        assert any(word in l for l in lines), f"{word!r} not in {lines}"


def test_malformed_toml_names_the_line(copy_game):
    game = copy_game("squib-squares")
    toml = game / "game.toml"
    replace_in(toml, 'minutes = 15', 'minutes = 15 15')
    run = ppgen("validate", game)
    assert_error(run, toml, line_of(toml, "minutes = 15 15"), "TOML syntax")


def test_unknown_key_suggests_the_right_one(copy_game):
    game = copy_game("squib-squares")
    toml = game / "game.toml"
    replace_in(toml, 'orientation = "landscape"', 'orientaton = "landscape"')
    run = ppgen("validate", game)
    assert_error(run, toml, line_of(toml, "orientaton"), "unknown key 'orientaton'", "did you mean 'orientation'")


def test_missing_required_key(copy_game):
    game = copy_game("squib-squares")
    toml = game / "game.toml"
    replace_in(toml, 'title = "Squib Squares"\n', '')
    run = ppgen("validate", game)
    assert run.code == 1 and "missing the required key 'title'" in run.err


def test_wrong_type(copy_game):
    game = copy_game("squib-squares")
    toml = game / "game.toml"
    replace_in(toml, 'players = [2, 6]', 'players = "many"')
    run = ppgen("validate", game)
    assert_error(run, toml, line_of(toml, 'players = "many"'), "'players'", "must be")


def test_unknown_element_type_and_face_name(copy_game):
    game = copy_game("squib-squares")
    toml = game / "game.toml"
    replace_in(toml, 'type = "text"', 'type = "txet"')
    replace_in(toml, 'back = "squib-back"', 'back = "squib-bak"')
    run = ppgen("validate", game)
    assert_error(run, toml, line_of(toml, 'type = "txet"'), "did you mean 'text'")
    assert_error(run, toml, line_of(toml, 'back = "squib-bak"'), "did you mean 'squib-back'")


def test_bad_length_unit(copy_game):
    game = copy_game("squib-squares")
    toml = game / "game.toml"
    replace_in(toml, 'w = "3.25in"', 'w = "3 inches"')
    run = ppgen("validate", game)
    assert_error(run, toml, line_of(toml, 'w = "3 inches"'), "length")


def test_csv_row_with_missing_field(copy_game):
    game = copy_game("squib-squares")
    csv = game / "cards.csv"
    lines = csv.read_text().splitlines()
    card_id = lines[5].split(",")[0]
    lines[5] = lines[5].rsplit(",", 1)[0]  # drop the last field of line 6
    csv.write_text("\n".join(lines) + "\n")
    run = ppgen("validate", game)
    assert_error(run, csv, 6, "6 fields, the header has 7", card_id)


def test_csv_with_quoted_newline_keeps_line_numbers(copy_game):
    game = copy_game("squib-squares")
    csv = game / "cards.csv"
    lines = csv.read_text().splitlines()
    lines[2] = lines[2].replace(",", ',"x\ny",', 1)  # a quoted field spanning two lines: 8 fields
    csv.write_text("\n".join(lines) + "\n")
    run = ppgen("validate", game)
    assert_error(run, csv, 3, "8 fields")


def test_missing_data_file(copy_game):
    game = copy_game("squib-squares")
    (game / "cards.csv").unlink()
    run = ppgen("validate", game)
    assert_error(run, game / "game.toml", line_of(game / "game.toml", 'data = "cards.csv"'), "not found")


def test_data_file_outside_the_folder(copy_game):
    game = copy_game("squib-squares")
    replace_in(game / "game.toml", 'data = "cards.csv"', 'data = "../cards.csv"')
    (game.parent / "cards.csv").write_text((game / "cards.csv").read_text())
    run = ppgen("validate", game)
    assert run.code == 1 and "outside the game folder" in run.err


def test_face_reads_a_column_the_csv_lacks(copy_game):
    game = copy_game("squib-squares")
    toml = game / "game.toml"
    replace_in(toml, 'color = "{left_color}"', 'color = "{left_colour}"')
    run = ppgen("validate", game)
    # the error names the line of the key that reads the column
    assert_error(run, toml, line_of(toml, "{left_colour}"), "left_colour")


def test_duplicate_card_id_is_generic(copy_game, tmp_path):
    """Unique ids hold for every game, not only Squib Squares."""
    game = tmp_path / "tiny"
    game.mkdir()
    (game / "game.toml").write_text(
        'title = "Tiny"\nplayers = 2\nminutes = 5\n\n[[components]]\nid = "deck"\n'
        'size = "mini"\ndata = "cards.csv"\nfront = "f"\n\n[faces.f]\n\n[[faces.f.elements]]\n'
        'type = "text"\nx = "0mm"\ny = "0mm"\nw = "40mm"\nh = "10mm"\ntext = "{name}"\n')
    (game / "cards.csv").write_text("id,name\na,Ant\nb,Bee\na,Asp\n")
    run = ppgen("validate", game)
    assert_error(run, game / "cards.csv", 4, "card a", "line 2")


def test_text_may_not_shrink_below_six_points(copy_game):
    game = copy_game("squib-squares")
    toml = game / "game.toml"
    replace_in(toml, 'size = 9\n', 'size = 9\nmin_size = 4\n')
    run = ppgen("validate", game)
    assert_error(run, toml, line_of(toml, "min_size = 4"), "at least 6")
