"""Card data from workbooks (issue 21, item 7): an .xlsx or .ods sheet builds the very cards
its CSV export would, a hostile workbook is an error in bounded time and memory, and the
committed fixtures are what tests/workbooks.py writes. The broken and hostile cases are in
tests/corpus_workbooks.py."""

from __future__ import annotations

import datetime
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import ROOT, ppgen, replace_in
from workbooks import COINS, FIXTURES, ods, write_fixtures, xlsx
from corpus_workbooks import FAR_CELL, book, zip_bomb

from generator.load.workbook import _text

POINTS = ('[[faces.coin.elements]]\ntype = "text"\nx = "4mm"\ny = "40mm"\nw = "30mm"\nh = "8mm"\n'
          'text = "{points} / {name}"\n\n[faces.coin-back]')


def coin_game(tmp_path: Path, name: str, data: str) -> Path:
    """coin-flip showing a `points` number column read from DATA."""
    game = tmp_path / name
    shutil.copytree(ROOT / "examples" / "coin-flip", game)
    replace_in(game / "game.toml", 'data = "cards.csv"', f'data = "{data}"\nnumbers = ["points"]')
    replace_in(game / "game.toml", "[faces.coin-back]", POINTS)
    return game


def test_a_sheet_prints_as_its_csv_export_would(tmp_path):
    """3 not 3.0, 0.3 not 0.30000000000000004: the card images of the .xlsx, the .ods and the
    CSV a spreadsheet exports are the same bytes."""
    csv_game = coin_game(tmp_path, "from-csv", "cards.csv")
    (csv_game / "cards.csv").write_text("\n".join(",".join(str(v) for v in row) for row in [
        COINS[0], *[[*row[:3], f"{row[3]:.15g}"] for row in COINS[1:]]]) + "\n", encoding="utf-8")
    xlsx(coin_game(tmp_path, "from-xlsx", "cards.xlsx#Coins") / "cards.xlsx", ("Notes", [["x"]]), ("Coins", COINS))
    ods(coin_game(tmp_path, "from-ods", "cards.ods") / "cards.ods", ("Coins", COINS))
    out = tmp_path / "out"
    run = ppgen("build", "from-csv", "from-xlsx", "from-ods", "--out", out, "--only", "png", cwd=tmp_path)
    assert run.code == 0 and "warning" not in run.err, run.text
    images = {name: {p.relative_to(out / name): p.read_bytes() for p in (out / name / "png").rglob("*.png")}
              for name in ("from-csv", "from-xlsx", "from-ods")}
    assert len(images["from-csv"]) >= 6
    assert images["from-xlsx"] == images["from-csv"] and images["from-ods"] == images["from-csv"]


def test_cells_as_text():
    assert [_text(v) for v in (3.0, 2.5, 0.1 + 0.2, -4.0, 1e20, True, False, None, "x", 7)] == [
        "3", "2.5", "0.3", "-4", "1e+20", "TRUE", "FALSE", "", "x", "7"]
    assert _text(datetime.datetime(2024, 5, 1)) == "2024-05-01"
    assert _text(datetime.datetime(2024, 5, 1, 9, 30)) == "2024-05-01 09:30:00"
    assert _text(datetime.date(2024, 5, 1)) == "2024-05-01"


@pytest.mark.parametrize("make", [zip_bomb, book("cards.xlsx", ("Coins", []), raw_sheet=FAR_CELL)],
                         ids=["zip-bomb", "far-cell"])
def test_a_hostile_workbook_is_an_error_within_60_s_and_2_gib(make, tmp_path):
    game = tmp_path / "hostile"
    shutil.copytree(ROOT / "examples" / "coin-flip", game)
    make(game)
    prlimit = shutil.which("prlimit")
    if prlimit is None:
        pytest.skip("prlimit (util-linux) is not installed")
    done = subprocess.run([prlimit, f"--as={2 << 30}", str(Path(sys.executable).parent / "ppgen"), "validate", game],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 1 and "Traceback" not in done.stderr and "internal error" not in done.stderr
    assert f"{game}/cards.xlsx: error: " in done.stderr, done.stderr


def test_the_committed_fixtures_are_what_the_script_writes(tmp_path):
    write_fixtures(tmp_path)
    for name in ("cards.xlsx", "cards.ods"):
        assert (tmp_path / name).read_bytes() == (FIXTURES / name).read_bytes(), name


def test_a_semicolon_csv_is_read_whatever_its_header_holds(tmp_path):
    """The separator is the one that shows the header's `id` column, so a comma inside a
    column's name or a value does not fool it; the note names the separator."""
    game = tmp_path / "semicolons"
    shutil.copytree(ROOT / "examples" / "coin-flip", game)
    rows = [";".join([*row[:3], "x, y"]) for row in COINS[1:]]
    (game / "cards.csv").write_text("\n".join(["id;name;color;notes, if any", *rows]) + "\n", encoding="utf-8")
    run = ppgen("validate", game)
    assert run.code == 0 and "semicolons: ok (1 component, 6 cards)" in run.out, run.text
    assert f"{game}/cards.csv:1: note: columns separated by ';' (detected from the header row" in run.err, run.err
