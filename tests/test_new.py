"""`ppgen new NAME`: a game folder that validates clean under --strict and builds at once;
NAME is checked as the game's id, and nothing is ever overwritten."""

from __future__ import annotations

import json
import string

import pytest
from PIL import Image

from conftest import ppgen
from generator import scaffold
from generator.scaffold import MAX_WORD, title_of

FILES = ["cards.csv", "game.toml", "rules.md"]


@pytest.fixture(scope="module")
def made(tmp_path_factory):
    """One new game, validated --strict and fully built (both papers, every part)."""
    root = tmp_path_factory.mktemp("new")
    run = ppgen("new", "my-game", cwd=root)
    assert run.code == 0, run.text
    strict = ppgen("validate", "--strict", "my-game", cwd=root)
    build = ppgen("build", "my-game", cwd=root)
    return root, run, strict, build


def test_new_writes_the_three_files_with_the_title(made):
    root, run, _, _ = made
    game = root / "my-game"
    assert sorted(p.name for p in game.iterdir()) == FILES
    assert 'title = "My Game"' in (game / "game.toml").read_text()
    assert len((game / "cards.csv").read_text().splitlines()) == 4  # header and three cards
    assert "created my-game/" in run.out and "ppgen build my-game" in run.out


def test_new_game_validates_clean_even_strict(made):
    _, _, strict, _ = made
    assert strict.code == 0 and strict.err == "", strict.text
    assert strict.out.strip() == "my-game: ok (1 component, 3 cards)"


def test_new_game_builds_at_once(made):
    root, _, _, build = made
    assert build.code == 0 and "warning" not in build.err and "note" not in build.err, build.text
    folder = root / "output" / "my-game"
    artifacts = {a["path"]: a for a in json.loads((folder / "manifest.json").read_text())["artifacts"]}
    for name in ("cards-letter.pdf", "cards-a4.pdf", "rules-booklet.pdf", "rules-booklet-imposed-a4.pdf",
                 "handout-letter.pdf", "handout-a4.pdf", "reference-cards-a4.pdf", "index.html"):
        assert name in artifacts and (folder / name).is_file(), name
    assert artifacts["cards-letter.pdf"]["pages"] == 2  # one page of fronts, one of backs
    pngs = sorted(p for p in artifacts if p.startswith("png/"))
    assert pngs == ["png/cards/back.png", "png/cards/comet-front.png", "png/cards/shield-front.png",
                    "png/cards/spark-front.png"]
    front = Image.open(folder / "png/cards/spark-front.png")
    assert front.size == (825, 1125)  # a poker card with bleed at 300 dpi
    assert front.convert("RGB").getpixel((412, 120)) == (0x2B, 0x2D, 0x42)  # the title band is drawn


def test_new_never_overwrites(tmp_path):
    (tmp_path / "taken").mkdir()
    (tmp_path / "taken" / "notes.txt").write_text("mine")
    (tmp_path / "file").write_text("mine")
    for name in ("taken", "file"):
        run = ppgen("new", name, cwd=tmp_path)
        assert run.code == 1 and f"{name}: error: already exists" in run.err, run.text
    assert (tmp_path / "taken" / "notes.txt").read_text() == "mine" and (tmp_path / "file").read_text() == "mine"
    assert sorted(p.name for p in (tmp_path / "taken").iterdir()) == ["notes.txt"]


@pytest.mark.parametrize("name, message", [("bad/name", "cannot be a game's id"), ("_x", "cannot be a game's id"),
                                           ("a" * 65, "cannot be a game's id"), ("my game", "cannot be a game's id"),
                                           ("my-game\n", "'my-game\\n' cannot be a game's id"),
                                           ("\nmy-game", "cannot be a game's id"),
                                           ("my\u202egame", "'my\\u202egame' cannot be a game's id"),
                                           ("..", "cannot be a game's id"), ("", "cannot be a game's id"),
                                           ("a" * 100_000, "'aaaaaaaa"),
                                           ("squib-squares", "built-in game's id")])
def test_new_checks_the_name_as_an_id(tmp_path, name, message):
    run = ppgen("new", name, cwd=tmp_path)
    assert run.code == 2 and message in run.err and "'NAME'" in run.err, run.text[-500:]
    assert len(run.err) < 1000  # a long name is quoted cut short
    assert list(tmp_path.iterdir()) == []


# Names of the longest allowed length (64): each letter and digit alone, which sets the widest
# words, and runs cut by '-' and '_'. The title on the cards' back must fit every one.
LONGEST = [c * 64 for c in string.ascii_letters + string.digits] + [
    "a" + "-" * 63, "W-" * 32, "W_" * 32, "WW-" * 21 + "W", "W" * 15 + "-" + "W" * 48, "W" * 17 + "_" + "W" * 46,
    "0" + "_-" * 31 + "W"]


def test_every_name_of_the_longest_length_makes_a_game_that_validates(tmp_path):
    assert all(len(name) == 64 for name in LONGEST)
    assert ppgen("new", LONGEST[0], cwd=tmp_path).code == 0
    for name in LONGEST[1:]:  # the command's own work, without a start-up per name
        scaffold.create(name, tmp_path)
    run = ppgen("validate", "--strict", *LONGEST, cwd=tmp_path)
    assert run.code == 0 and run.err == "", run.text[-2000:]
    assert run.out.count(": ok (1 component, 3 cards)") == len(LONGEST)


def test_the_title_cuts_long_words_to_fit_the_back():
    assert title_of("W" * 64) == " ".join(["W" * MAX_WORD] * 4)
    assert title_of("my-" + "x" * 20) == "My " + "X" + "x" * (MAX_WORD - 1) + " " + "x" * 4


def test_new_into_another_folder(tmp_path):
    run = ppgen("new", "Dragon_Deck", "--out", tmp_path / "games", cwd=tmp_path)
    assert run.code == 0, run.text
    assert sorted(p.name for p in (tmp_path / "games" / "Dragon_Deck").iterdir()) == FILES
    assert title_of("Dragon_Deck") == "Dragon Deck" and title_of("my-game") == "My Game"
