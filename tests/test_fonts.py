"""Fonts (issue 12): the bundled fallback (DejaVu Sans) draws, per character, what a role's
font lacks (Greek, Cyrillic, symbols) in PDF and PNG alike; a game's own fonts from [fonts];
a character no font has still fails the build."""

from __future__ import annotations

import os
import resource
import shutil
import subprocess
from pathlib import Path

import pytest
from reportlab.pdfbase.ttfonts import TTFontFile

from conftest import (EDGE_SHARE_BOUND, MEAN_BOUND, ROOT, _ppgen_command, agreement, line_of, ppgen, replace_in,
                      tool)
from generator.text import fontfile, fonts, plainzero
from generator import ops as op
from generator.faces.compose import compose
from generator.load.game import load_game
from test_rich_text import GAME_TOML, make_game

GREEK = "id,name,ability\ng1,Ἀθηνᾶ,\"Ἡ σοφία **νικᾷ** πάντα: λάβε :coin:.\"\n"
CYRILLIC = "id,name,ability\nr1,Жар-птица,\"Огненная **птица** приносит *удачу* :heart:.\"\n"


@pytest.mark.parametrize("cards", [GREEK, CYRILLIC], ids=["greek", "cyrillic"])
def test_greek_and_cyrillic_cards_agree_in_pdf_and_png(cards, tmp_path):
    game = load_game(make_game(tmp_path, cards=cards))
    drawing = compose(game, game.components[0], game.components[0].cards[0], "front")
    texts = [o for o in drawing.ops if isinstance(o, op.Text)]
    assert {"fallback", "fallback-bold"} <= {o.font for o in texts}  # body and bold text, and the display title
    for o in texts:  # every character is drawn by a font that has it
        assert not set(map(ord, o.text.replace(" ", ""))) - fonts.has_glyphs(o.font), o
    mean, far = agreement(drawing, tmp_path)
    assert mean < MEAN_BOUND and far < EDGE_SHARE_BOUND, (mean, far)


def test_any_text_op_falls_back_in_pdf_and_png(tmp_path):
    """A Text op drawn by a rule set or a layout (not fitted by text/fit.py) falls back too."""
    drawing = op.FaceDrawing(198, 270, 9, (
        op.Rect(0, 0, 198, 270, "#FFFFFF"),
        op.Text(99, 60, "Жар-птица Ωμέγα", "display", 16, "#000000", "center"),
        op.Text(20, 120, "Start ★ here", "body-bold", 12, "#223344", "left"),
        op.Text(180, 160, "Ἀθηνᾶ right", "body", 12, "#000000", "right")))
    mean, far = agreement(drawing, tmp_path)
    assert mean < MEAN_BOUND and far < EDGE_SHARE_BOUND, (mean, far)


def test_a_greek_title_prints_and_one_no_font_has_is_an_error(tmp_path):
    game = make_game(tmp_path, cards=GREEK)
    toml = game / "game.toml"
    toml.write_text(toml.read_text().replace('title = "Rich"', 'title = "Ἀθηνᾶ"'))
    run = ppgen("build", game, "--only", "rules", "--paper", "a4", "--out", tmp_path / "out")
    assert run.code == 0, run.text
    text = subprocess.run([tool("pdftotext"), tmp_path / "out" / "rich" / "rules-booklet.pdf", "-"],
                          capture_output=True, text=True, check=True).stdout
    assert "Ἀθηνᾶ" in text
    toml.write_text(toml.read_text().replace('title = "Ἀθηνᾶ"', 'title = "Party \U0001F386"'))
    run = ppgen("validate", game)
    assert run.code == 1 and "game.toml:1: error: title: no font has a glyph for U+1F386" in run.err, run.err


def test_fallback_is_used_per_character_only():
    """A Latin word beside a Greek one stays in the role's font; the Greek word goes whole to
    the fallback (the body font has Ω and μ, not έ); a character no font has is left alone."""
    assert fonts.segments("Alpha Ωμέγα", "body") == [("Alpha ", "body"), ("Ωμέγα", "fallback")]
    assert fonts.segments("Ωμ", "body") == [("Ωμ", "body")]
    assert fonts.segments("aж\U0001F386", "body") == [("a", "body"), ("ж\U0001F386", "fallback")]


def test_a_character_no_font_has_fails_the_build(tmp_path):
    game = make_game(tmp_path, cards="id,name,ability\nc1,Party,Fireworks \U0001F386\n")
    run = ppgen("build", game, "--only", "png", "--out", tmp_path / "out")
    assert run.code == 1 and "cards.csv:2: error: card c1" in run.err and "U+1F386" in run.err, run.err
    assert not (tmp_path / "out" / "rich").exists()


def game_with_fonts(tmp_path: Path, roles: dict[str, str], cards: str) -> Path:
    toml = GAME_TOML.replace("[[components]]", "[fonts]\n" + "".join(
        f'{role} = "fonts/{name}"\n' for role, name in roles.items()) + "\n[[components]]")
    game = make_game(tmp_path, cards=cards, toml=toml)
    (game / "fonts").mkdir()
    for name in roles.values():
        shutil.copy(ROOT / "fonts" / name, game / "fonts" / name)
    return game


def test_a_game_brings_its_own_fonts(tmp_path):
    """Here the game's body family is DejaVu Sans (regular and bold); its PDF embeds them."""
    game = game_with_fonts(tmp_path, {"body": "DejaVuSans.ttf", "body-bold": "DejaVuSans-Bold.ttf"},
                           "id,name,ability\nc1,Mine,Gain **two** gems\n")
    loaded = load_game(game)
    drawing = compose(loaded, loaded.components[0], loaded.components[0].cards[0], "front")
    body = [o for o in drawing.ops if isinstance(o, op.Text) and o.text.startswith("Gain")]
    assert body and body[0].font == str((game / "fonts" / "DejaVuSans.ttf").resolve())
    mean, far = agreement(drawing, tmp_path)
    assert mean < MEAN_BOUND and far < EDGE_SHARE_BOUND, (mean, far)
    run = ppgen("build", game, "--only", "cards", "--paper", "a4", "--out", tmp_path / "out")
    assert run.code == 0, run.text
    listed = subprocess.run([tool("pdffonts"), tmp_path / "out" / "rich" / "cards-a4.pdf"],
                            capture_output=True, text=True, check=True).stdout
    assert "DejaVuSans-Bold" in listed and "Atkinson" not in listed, listed


def test_a_style_the_games_family_lacks_is_an_error_at_its_fonts_line(tmp_path):
    game = game_with_fonts(tmp_path, {"body": "DejaVuSans.ttf"}, "id,name,ability\nc1,Mine,Gain **two** gems\n")
    run = ppgen("validate", game)
    line = next(n for n, text in enumerate((game / "game.toml").read_text().splitlines(), 1) if text.startswith("body ="))
    assert run.code == 1 and f"game.toml:{line}: error: card c1" in run.err, run.err
    assert "no bold style" in run.err and "body-bold" in run.err


def pdf_fonts(pdf: Path) -> str:
    return subprocess.run([tool("pdffonts"), pdf], capture_output=True, text=True, check=True).stdout


def test_the_rules_outputs_are_set_in_the_games_fonts(tmp_path):
    """A game that gives its whole body family and a display font has its booklet, handout
    and aids set in them: no bundled font is embedded (DejaVu stands in for the game's own)."""
    family = {"body": "DejaVuSans.ttf", "body-bold": "DejaVuSans-Bold.ttf", "body-italic": "DejaVuSans.ttf",
              "body-bold-italic": "DejaVuSans-Bold.ttf", "display": "DejaVuSans-Bold.ttf"}
    game = game_with_fonts(tmp_path, family, "id,name,ability\nc1,Mine,Gain **two** gems\n")
    run = ppgen("build", game, "--only", "rules,aids", "--paper", "a4", "--out", tmp_path / "out")
    assert run.code == 0, run.text
    made = sorted((tmp_path / "out" / "rich").glob("*.pdf"))
    assert {"rules-booklet.pdf", "reference-cards-a4.pdf"} <= {p.name for p in made}, made
    for pdf in made:
        listed = pdf_fonts(pdf)
        assert "DejaVuSans-Bold" in listed and "Atkinson" not in listed and "Fredoka" not in listed, (pdf, listed)


def test_a_body_family_given_in_part_stays_on_the_cards(tmp_path):
    """Only body and body-bold: the cards use them, the booklet keeps the bundled family (never
    a mix of two in one text) and says so in a note; the display font is the game's."""
    game = game_with_fonts(tmp_path, {"body": "DejaVuSans.ttf", "body-bold": "DejaVuSans-Bold.ttf",
                                      "display": "AtkinsonHyperlegible-Bold.ttf"},
                           "id,name,ability\nc1,Mine,Gain **two** gems\n")
    run = ppgen("build", game, "--only", "rules", "--paper", "a4", "--out", tmp_path / "out")
    line = next(n for n, text in enumerate((game / "game.toml").read_text().splitlines(), 1) if text.startswith("body ="))
    assert run.code == 0 and f"game.toml:{line}: note: the booklet, handout and aids keep the bundled body font" \
        in run.err and "body-italic, body-bold-italic" in run.err, run.text
    listed = pdf_fonts(tmp_path / "out" / "rich" / "rules-booklet.pdf")
    assert "AtkinsonHyperlegible-Regular" in listed and "Fredoka" not in listed, listed


def test_credits_and_component_names_no_font_has_are_errors_at_their_line(tmp_path):
    """They print in the booklet, handout and aids: a character no font has is reported at
    its game.toml line (a credit used to print a blank glyph with validate saying ok)."""
    game = tmp_path / "coin-flip"
    shutil.copytree(ROOT / "examples" / "coin-flip", game)
    toml = game / "game.toml"
    text = toml.read_text(encoding="utf-8")
    toml.write_text(text.replace('credits = ["Example game', 'credits = ["Example \U0001F386 game')
                    .replace('name = "Coin cards"', 'name = "Coin \U0001F386 cards"'), encoding="utf-8")
    lines = toml.read_text(encoding="utf-8").splitlines()
    credits = next(n for n, line in enumerate(lines, 1) if line.startswith("credits"))
    name = next(n for n, line in enumerate(lines, 1) if line.startswith("name = \"Coin"))
    run = ppgen("validate", game)
    assert run.code == 1, run.text
    assert f"game.toml:{credits}: error: credits: no font has a glyph for U+1F386" in run.err, run.err
    assert f"game.toml:{name}: error: component 'coins': name: no font has a glyph for U+1F386" in run.err, run.err


def test_a_games_fonts_stay_its_own_in_a_build_of_several(tmp_path):
    """The bundled fonts were registered from whatever the roles named when first asked: a
    game with its own body family built first set the next game's booklet in its fonts."""
    family = {"body": "DejaVuSans.ttf", "body-bold": "DejaVuSans-Bold.ttf", "body-italic": "DejaVuSans.ttf",
              "body-bold-italic": "DejaVuSans-Bold.ttf"}
    game = game_with_fonts(tmp_path, family, "id,name,ability\nc1,Mine,Gain **two** gems\n")
    plain = tmp_path / "coin-flip"
    shutil.copytree(ROOT / "examples" / "coin-flip", plain)
    run = ppgen("build", game, plain, "--only", "rules", "--paper", "a4", "--jobs", "1", "--out", tmp_path / "out")
    assert run.code == 0, run.text
    listed = pdf_fonts(tmp_path / "out" / "coin-flip" / "rules-booklet.pdf")
    assert "AtkinsonHyperlegible-Regular" in listed and "DejaVuSans" not in listed, listed


def _validate_in(memory: int, game: Path) -> subprocess.CompletedProcess:
    """`ppgen validate game` with its address space limited to `memory` bytes."""
    def limit():
        resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
    return subprocess.run(_ppgen_command() + ["validate", str(game)], capture_output=True, text=True,
                          timeout=60, preexec_fn=limit)


@pytest.mark.parametrize("size, message", [(3 * 1024 ** 3, "is 3,072 MiB; a font file may be at most 64 MiB"),
                                           (48 * 1024 ** 2, "is not a TrueType font")], ids=["3-gib", "48-mib"])
def test_a_huge_font_file_is_refused_before_it_is_read(size, message, tmp_path):
    """A sparse file costs no disk; read whole, 3 GiB would not fit in 1 GiB of memory."""
    game = game_with_fonts(tmp_path, {"body": "DejaVuSans.ttf"}, "id,name,ability\nc1,Mine,Gain two gems\n")
    replace_in(game / "game.toml", 'body = "fonts/DejaVuSans.ttf"', 'body = "huge.ttf"')
    with open(game / "huge.ttf", "wb"):
        pass
    os.truncate(game / "huge.ttf", size)
    run = _validate_in(1024 ** 3, game)
    assert run.returncode == 1 and f"game.toml:{line_of(game / 'game.toml', 'huge.ttf')}: error: font 'body': " \
        f"'huge.ttf' {message}" in run.stderr, run.stderr
    assert "Traceback" not in run.stderr and "internal error" not in run.stderr


def test_every_glyph_of_a_font_is_checked_by_both_readers(tmp_path):
    """Damaged hinting passes ReportLab (which embeds outlines only) and fails FreeType as it
    draws: an error at the [fonts] line, where it used to be an internal error in the PNGs."""
    data = bytearray((ROOT / "fonts" / "AtkinsonHyperlegible-Regular.ttf").read_bytes())
    for entry in range(12, 12 + 16 * int.from_bytes(data[4:6], "big"), 16):
        if data[entry:entry + 4] == b"fpgm":
            offset, length = (int.from_bytes(data[entry + at:entry + at + 4], "big") for at in (8, 12))
            data[offset:offset + length] = bytes(length)
    (tmp_path / "hinting.ttf").write_bytes(bytes(data))
    assert fontfile.fault(str(tmp_path / "hinting.ttf")).startswith("is a font FreeType cannot draw")
    assert fontfile.fault(str(ROOT / "fonts" / "DejaVuSans.ttf")) is None


@pytest.mark.parametrize("key", sorted(fonts.FILES))
def test_the_plain_zero_finds_glyphs_as_reportlab_does(key):
    """plainzero reads the zero's glyph from the cmap itself (parsing the font with ReportLab
    for it cost 1.2 ms a face at every build's start): the same glyph as ReportLab's map for
    every character of the BMP (but U+00A0, which ReportLab sends to the space's glyph)."""
    path = fonts._bundled(key)
    data = open(path, "rb").read()
    expected = TTFontFile(path).charToGlyph
    tables = plainzero._tables(data)
    for char in range(0x20, 0x10000, 3):
        if char != 0xA0:
            assert plainzero._glyph_of(data, tables, char) in ((expected.get(char),) if char in expected else (None, 0)), hex(char)
