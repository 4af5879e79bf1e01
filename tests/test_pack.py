"""ppgen pack (issue 26): a night's print-ready pack, its print list, its table signs and
results sheet, made from the same pages a build makes, as safely as a build."""

from __future__ import annotations

import json
import math
import shutil
import subprocess
from pathlib import Path

import pytest
import segno
from PIL import Image
from pypdf import PdfReader

from conftest import ROOT, assert_page_size, build_game, ppgen, tool
from generator.load.catalog import builtin_ids
from generator.units import MM, paper_size

A4 = paper_size("a4")
NIGHT = ("poohsticks:3x2", "squib-squares:4", "--paper", "a4")
DEMO = ROOT / "examples" / "editions-demo"  # Four Winds in en (its default), de and ru


@pytest.fixture(scope="module")
def night(tmp_path_factory) -> Path:
    """Two Poohsticks tables of three and a Squib Squares table of four, on A4."""
    out = tmp_path_factory.mktemp("night") / "night"
    run = ppgen("pack", *NIGHT, "--rules-url", "https://example.org/rules/{game}.pdf", "--out", out)
    assert run.code == 0, run.text
    return out


def pages(path: Path) -> list:
    return PdfReader(path).pages


def text(path: Path) -> str:
    """The PDF's text, its whitespace (a cell a line) made single spaces."""
    return " ".join(" ".join(page.extract_text() for page in pages(path)).split())


def test_a_night_is_four_files_in_print_order(night):
    manifest = json.loads((night / "manifest.json").read_text())
    assert sorted(p.name for p in night.iterdir()) == ["0-print-list.pdf", "1-duplex.pdf", "2-cut.pdf",
                                                       "3-simplex.pdf", "manifest.json"]
    assert manifest["game"] == "ppgen-pack"
    for entry in manifest["artifacts"]:
        assert len(pages(night / entry["path"])) == entry["pages"]
        assert entry["paper"] == "a4"
        for page in pages(night / entry["path"]):
            size = (float(page.mediabox.width), float(page.mediabox.height))
            assert sorted(size) == pytest.approx(sorted(A4), abs=0.05)  # the signs are A4 landscape


def test_the_print_list_counts_every_sheet(night):
    listed = text(night / "0-print-list.pdf")
    assert "3 tables: Poohsticks, tables 1–2 of 3 players; Squib Squares (en), table 3 of 4 players" in listed
    assert "Print at 100 %" in listed and "28 sheets of paper in all" in listed
    assert "1-duplex.pdf: duplex, both sides" in listed and "3-simplex.pdf: simplex, one side" in listed
    # game, sheet, tables, pages, copies, sheets of paper
    for row in ("Poohsticks rules handout 1–2 2 2 2", "Squib Squares (en) rules handout 3 2 1 1",
                "Poohsticks player aid cards, 3 sets 1–2 2 2 2", "Squib Squares (en) player aid cards, 4 sets 3 2 1 1",
                "Poohsticks mat river (tiles: trim and tape) 1–2 7 2 14",
                "Squib Squares (en) score pad, 4 players 3 1 1 1",
                "the night table signs, one a table (fold in half) all 3 1 3", "the night results sheet all 1 1 1"):
        assert row in listed, row
    # the files hold what the list says: handouts 2+2+2 pages, aid cards 2+2+2, the rest one side
    assert len(pages(night / "1-duplex.pdf")) == 6
    assert len(pages(night / "2-cut.pdf")) == 6
    assert len(pages(night / "3-simplex.pdf")) == 2 + 14 + 1 + 1 + 3 + 1


def test_the_pages_are_the_builds_own(night, tmp_path):
    """Same pixels: the pack's handout and score pad pages carry the build's drawing, byte for byte."""
    build = ppgen("build", "squib-squares", "--paper", "a4", "--only", "rules", "--edition", "en", "--out", tmp_path)
    assert build.code == 0, build.text
    handout = pages(tmp_path / "squib-squares" / "en" / "handout-a4.pdf")
    duplex = pages(night / "1-duplex.pdf")
    for page, packed in zip(handout, duplex[4:6]):
        assert page.get_contents().get_data() == packed.get_contents().get_data()


def test_aids_come_for_the_players_at_the_table(night):
    simplex = text(night / "3-simplex.pdf")
    assert "Player 4" in simplex and "Player 5" not in simplex  # Squib Squares at four, not its six
    cut = pages(night / "2-cut.pdf")
    assert len(cut) == 6  # 3 sets of Poohsticks' cards fit one sheet; so do 4 of Squib Squares'


def test_handouts_one_per_player(tmp_path):
    run = ppgen("pack", "poohsticks:3", "--paper", "a4", "--handouts", "player", "--out", tmp_path / "n")
    assert run.code == 0, run.text
    assert len(pages(tmp_path / "n" / "1-duplex.pdf")) == 3 * 2
    assert "Poohsticks rules handout 1 2 3 3" in text(tmp_path / "n" / "0-print-list.pdf")


def test_a_table_sign_folds_into_a_tent(night, tmp_path):
    simplex = pages(night / "3-simplex.pdf")
    signs = simplex[-4:-1]
    for page in signs:
        assert_page_size(page, (A4[1], A4[0]))
    first = signs[0].extract_text()
    assert first.count("Table 1") == 2 and first.count("Poohsticks") == 2
    assert "Paddle your boat out of the river of cards first." in first
    assert "3 players · 5–15 minutes" in first.replace("  ", " ")
    assert "Table 3" in signs[2].extract_text() and "Squib Squares" in signs[2].extract_text()


def test_the_sign_s_qr_code_is_the_rules_url(night, tmp_path):
    """The lower face's QR code, read back module by module from a render of the page."""
    dpi = 200
    subprocess.run([tool("pdftoppm"), "-r", str(dpi), "-png", "-singlefile", "-f", "19", "-l", "19",
                    night / "3-simplex.pdf", tmp_path / "sign"], check=True)
    image = Image.open(tmp_path / "sign.png").convert("L")
    matrix = segno.make("https://example.org/rules/poohsticks.pdf", error="m", micro=False).matrix
    count, quiet, size = len(matrix) + 4, 2, 45 * MM
    module = size / count * dpi / 72
    left = (A4[1] - 14 * MM - size) * dpi / 72
    top = image.height - (14 * MM + 6 + size) * dpi / 72
    read = [[image.getpixel((int(left + (c + quiet + 0.5) * module), int(top + (r + quiet + 0.5) * module))) < 128
             for c in range(len(matrix))] for r in range(len(matrix))]
    assert read == [[bool(cell) for cell in row] for row in matrix]


def test_the_results_sheet_has_a_block_per_table(night):
    results = pages(night / "3-simplex.pdf")[-1].extract_text()
    for block in ("Table 1 · Poohsticks · 3 players", "Table 2 · Poohsticks · 3 players",
                  "Table 3 · Squib Squares · 4 players"):
        assert block in results.replace("  ", " ")
    assert results.count("Round 3") == 3 and "Round 4" not in results


@pytest.mark.parametrize("argument, message", [
    ("squib-squares:9", "squib-squares:9: Squib Squares takes 2 to 6 players, not 9"),
    ("poohsticks:x0", "poohsticks:x0: 0 tables; give 1 to 50"),
    ("poohsticks:4x", "after ':' give PLAYERS, PLAYERSxTABLES or xTABLES"),
    ("poohsticks:", "after ':' give PLAYERS"),
    ("poohsticks:0", "0 players; a table seats at least one"),
    ("poohsticks:3x99", "99 tables; give 1 to 50"),
    ("no-such-game:3", "no-such-game:3: no such game 'no-such-game'"),
])
def test_a_bad_table_is_a_usage_error_naming_it(argument, message, tmp_path):
    run = ppgen("pack", argument, "--out", tmp_path / "n")
    assert run.code == 2, run.text
    assert "Invalid value for 'GAME[@EDITION][:PLAYERS[xTABLES]]...'" in run.err and message in run.err
    assert "Traceback" not in run.text and not (tmp_path / "n").exists()


@pytest.mark.parametrize("url, message", [
    ("example.org/rules", "is not an http:// or https:// address"),
    ("https://example.org/" + "r" * 400, "a table sign's QR code takes at most 300"),
])
def test_a_bad_rules_url_is_a_usage_error(url, message, tmp_path):
    run = ppgen("pack", "poohsticks", "--rules-url", url, "--out", tmp_path / "n")
    assert run.code == 2 and "--rules-url" in run.err and message in run.err, run.text


def test_a_pack_never_replaces_what_it_did_not_write(tmp_path):
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "notes.txt").write_text("keep me")
    run = ppgen("pack", "poohsticks", "--out", mine)
    assert run.code == 1 and "not an earlier ppgen build" in run.err and "nothing written" in run.out
    assert sorted(p.name for p in mine.iterdir()) == ["notes.txt"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["mine"]  # no stage or lock left beside it


def test_a_pack_into_a_game_folder_is_refused(copy_game):
    game = copy_game("poohsticks")
    run = ppgen("pack", game, "--out", game)
    assert run.code == 1 and "a pack replaces OUT/ whole" in run.err, run.text


def test_a_failing_game_leaves_the_earlier_pack(tmp_path, copy_game):
    out = tmp_path / "n"
    assert ppgen("pack", "poohsticks", "--paper", "a4", "--out", out).code == 0
    before = {p.name: p.read_bytes() for p in out.iterdir()}
    broken = copy_game("squib-squares")
    (broken / "game.toml").write_text((broken / "game.toml").read_text().replace("minutes = 15", "minutes = -1"))
    run = ppgen("pack", "poohsticks", broken, "--paper", "a4", "--out", out)
    assert run.code == 1 and "game.toml:" in run.err and "nothing written" in run.out, run.text
    assert {p.name: p.read_bytes() for p in out.iterdir()} == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["n", "squib-squares"]  # no stage or lock left


def test_an_earlier_pack_is_replaced_whole(night, tmp_path):
    out = tmp_path / "n"
    shutil.copytree(night, out)  # the module's night (Poohsticks and Squib Squares on A4): a pack ppgen wrote
    run = ppgen("pack", ROOT / "examples" / "coin-flip", "--paper", "letter", "--out", out)
    assert run.code == 0, run.text
    listed = text(out / "0-print-list.pdf")
    assert "Coin Flip" in listed and "Squib Squares" not in listed and "Poohsticks" not in listed
    assert_page_size(pages(out / "1-duplex.pdf")[0], paper_size("letter"))


def body_size(path: Path) -> float:
    """The size most of a PDF's text is set in."""
    sizes = []
    for page in pages(path):
        page.extract_text(visitor_text=lambda text, cm, tm, font, fs:
                          sizes.append(round(fs * math.hypot(tm[0], tm[1]), 2)) if text.strip() else None)
    return max(set(sizes), key=sizes.count)


@pytest.mark.parametrize("game_id", builtin_ids())
def test_every_game_s_handout_body_is_at_least_8pt(game_id, built):
    """Issue 26: 7 pt is for reading up close. Two columns, else narrower margins, else three.
    Read from the session's build of the game, every edition, on Letter and A4: each still
    fits one sheet."""
    folder, _ = built(game_id)
    root = folder if folder.name == game_id else folder.parent  # a game with editions: one folder each
    handouts = sorted(p for p in root.rglob("handout-*.pdf") if "-large-" not in p.name)
    assert len(handouts) >= 2
    for path in handouts:
        assert len(pages(path)) == 2 and body_size(path) >= 7.99, path


def test_large_print_handout_and_reference_sheet(tmp_path):
    folder, made = build_game(tmp_path, "squib-squares", "--only", "rules,aids", "--paper", "a4", "--large-print")
    for name, most in (("handout-large-a4.pdf", 4), ("reference-sheet-large-a4.pdf", 2)):
        assert made[name]["pages"] == len(pages(folder / name)) <= most
        assert body_size(folder / name) >= 11.99, name
    assert made["handout-large-a4.pdf"]["kind"] == "handout" and body_size(folder / "handout-a4.pdf") < 11
    assert "rules handout, large print" in text(folder / "handout-large-a4.pdf")


def test_large_print_rules_take_more_pages_not_smaller_text(tmp_path):
    """Uncontrolled Squid's worked example is too wide for two large columns: one column, more pages."""
    folder, made = build_game(tmp_path, "uncontrolled-squid", "--only", "rules", "--paper", "letter", "--large-print")
    assert made["handout-large-letter.pdf"]["pages"] > 4
    assert body_size(folder / "handout-large-letter.pdf") >= 11.99


def test_a_large_print_pack(tmp_path):
    run = ppgen("pack", "poohsticks:2", "--paper", "a4", "--large-print", "--out", tmp_path / "n")
    assert run.code == 0, run.text
    listed = text(tmp_path / "n" / "0-print-list.pdf")
    assert "Poohsticks rules handout, large print 1 4 1 2" in listed
    assert "Poohsticks player aid sheet, large print 1 2 1 2" in listed
    assert len(pages(tmp_path / "n" / "1-duplex.pdf")) == 2 + 4


def test_a_night_of_more_than_100_tables_is_a_usage_error(tmp_path):
    run = ppgen("pack", "poohsticks:x50", "druids-duel:x50", "squib-squares", "--out", tmp_path / "n")
    assert run.code == 2 and "squib-squares: 101 tables in all; a pack takes at most 100" in run.err, run.text
    assert not (tmp_path / "n").exists()


def test_the_same_night_makes_the_same_bytes(tmp_path):
    for out in ("a", "b"):
        assert ppgen("pack", "druids-duel:3", "--paper", "a4", "--out", tmp_path / out).code == 0
    for path in (tmp_path / "a").iterdir():
        assert path.read_bytes() == (tmp_path / "b" / path.name).read_bytes(), path.name


# -- a table per edition (issue 26 item 5) ------------------------------------------------------

@pytest.fixture(scope="module")
def languages(tmp_path_factory) -> Path:
    """Four Winds at two German tables of three, a Russian table and an English one, on A4."""
    out = tmp_path_factory.mktemp("languages") / "night"
    run = ppgen("pack", f"{DEMO}@de:3x2", f"{DEMO}@ru:2", f"{DEMO}:4", "--paper", "a4",
                "--rules-url", "https://example.org/{game}.{edition}.pdf", "--out", out)
    assert run.code == 0, run.text
    return out


def test_the_print_list_names_each_table_s_edition(languages):
    listed = text(languages / "0-print-list.pdf")
    assert "4 tables: Vier Winde (de), tables 1–2 of 3 players;" in listed
    assert "Four Winds (en), table 4 of 4 players" in listed
    for row in ("Vier Winde (de) rules handout 1–2 1 2 2", "Four Winds (en) rules handout 4 1 1 1",
                "Vier Winde (de) player aid cards, 3 sets 1–2 2 2 2", "Four Winds (en) player aid cards, 4 sets 4 2 1 1"):
        assert row in listed, row


def test_each_table_gets_its_edition_s_handout(languages):
    """The duplex file: two German handouts (a page and a blank each), the Russian, the English."""
    handouts = [page.extract_text() for page in pages(languages / "1-duplex.pdf")]
    assert len(handouts) == 8 and not any(handouts[1::2])
    for page in handouts[0:4:2]:
        assert "Vier Winde" in page and "Lass den Wind entscheiden" in page and "Four Winds" not in page
    assert "Четыре" in handouts[4] and "Four Winds" not in handouts[4]
    assert "Four Winds" in handouts[6] and "Let the wind choose" in handouts[6] and "Vier Winde" not in handouts[6]


def test_each_table_s_sign_and_result_block_are_its_edition_s(languages):
    simplex = pages(languages / "3-simplex.pdf")
    signs = [page.extract_text() for page in simplex[-5:-1]]
    assert signs[0].count("Vier Winde") == 2 and "Lass den Wind entscheiden" in signs[0]
    assert "Four Winds" in signs[3] and "Vier Winde" not in signs[3]
    results = simplex[-1].extract_text().replace("  ", " ")
    assert "Table 2 · Vier Winde · 3 players" in results and "Table 4 · Four Winds · 4 players" in results


def test_a_sign_s_rules_url_names_its_edition():
    from generator.load.game import load_editions
    from generator.pack.sign import rules_link
    english, german, _ = load_editions(DEMO)
    template = "https://example.org/{game}.{edition}.pdf"
    assert rules_link(template, german) == "https://example.org/editions-demo.de.pdf"
    assert rules_link(template, english) == "https://example.org/editions-demo.en.pdf"


@pytest.mark.parametrize("argument, message", [
    ("@fr:3", "@fr:3: Four Winds has no edition 'fr' (its editions: en, de, ru; a table plays one)"),
    ("@dd", "@dd: Four Winds has no edition 'dd' (its editions: en, de, ru; a table plays one) (did you mean 'de'?)"),
    ("@all:2", "has no edition 'all' (its editions: en, de, ru; a table plays one)"),
    (":4@ru", "not '4@ru'; the edition goes before the counts: {demo}@ru:4"),
    ("@", "after '@' give the edition's language code"),
    ("@de:9", "@de:9: Vier Winde takes 2 to 4 players, not 9"),
])
def test_a_bad_edition_is_a_usage_error_naming_it(argument, message, tmp_path):
    run = ppgen("pack", "poohsticks", f"{DEMO}{argument}", "--out", tmp_path / "n")
    assert run.code == 2, run.text
    assert f"Invalid value for 'GAME[@EDITION][:PLAYERS[xTABLES]]...': {DEMO}" in run.err, run.err
    assert message.format(demo=DEMO) in run.err.replace("\n", " "), run.err
    assert "Traceback" not in run.text and not (tmp_path / "n").exists()


def test_a_game_without_editions_given_one_is_a_usage_error(tmp_path):
    run = ppgen("pack", "poohsticks@de:2", "--out", tmp_path / "n")
    assert run.code == 2, run.text
    assert "poohsticks@de:2: Poohsticks declares no [editions] in game.toml, so it has no edition 'de'" in run.err
    assert not (tmp_path / "n").exists()


def test_a_folder_named_with_an_at_is_a_game_given_with_a_slash(tmp_path):
    """Only a last '@' with no '/' after it names an edition: 'x@y/' is the folder x@y."""
    game = tmp_path / "night@de"
    shutil.copytree(ROOT / "examples" / "coin-flip", game)  # the smallest game: the point is its name
    run = ppgen("pack", f"{game}/:2", "--paper", "a4", "--out", tmp_path / "n")
    assert run.code == 0, run.text
    assert "Coin Flip rules handout 1" in text(tmp_path / "n" / "0-print-list.pdf")


def test_a_table_of_one_says_player_not_players(tmp_path):
    """A solo table (examples/standard-deck takes 1 to 8): the print list, the table signs and
    the results sheet count one player in the singular."""
    run = ppgen("pack", ROOT / "examples" / "standard-deck:1x2", "--paper", "a4", "--out", tmp_path / "night")
    assert run.code == 0, run.text
    said = " ".join(text(path) for path in sorted((tmp_path / "night").glob("*.pdf")))
    assert "Standard Deck, tables 1–2 of 1 player " in said and "1 player · " in said, said
    assert "1 players" not in said and "1 sets" not in said
