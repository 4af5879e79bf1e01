"""Editions (issue 23): examples/editions-demo built in every edition, each into OUT/ID/CODE/
with its own manifest, and its PDFs read back (the text layer) for the right words on the
right pages; --edition's usage errors; CJK text that wraps between characters in an
edition that brings its font. The hostile game folders are in tests/corpus_editions.py."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
from pypdf import PdfReader

from conftest import ROOT, ppgen

DEMO = ROOT / "examples" / "editions-demo"
COIN_FLIP = ROOT / "examples" / "coin-flip"
CJK_FONT = Path("/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf")

# edition -> (title, a card's name and text on the fronts page, the backs' label, a rules heading)
WORDS = {
    "en": ("Four Winds", "North", "Draw two cards.", "Four Winds", "Playing"),
    "de": ("Vier Winde", "Nord", "Ziehe zwei Karten.", "Vier Winde", "Spielablauf"),
    "ru": ("Четыре ветра", "Север", "Возьмите две карты.", "Четыре ветра", "Ход игры"),
}


def _text(pdf: Path, page: int) -> str:
    return " ".join(PdfReader(pdf).pages[page].extract_text().split())


@pytest.fixture(scope="module")
def demo(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("editions")
    run = ppgen("build", DEMO, "--edition", "all", "--out", out, "--only", "cards,rules,gallery", "--paper", "a4",
                "--jobs", "1")
    assert run.code == 0, run.text
    assert run.out.count("wrote") == 1, run.out  # one line a game, naming each edition's folder
    for code in WORDS:
        assert f"to {out / 'editions-demo' / code}" in run.out, run.out
    return out / "editions-demo"


@pytest.mark.parametrize("code", WORDS)
def test_each_edition_prints_its_own_words(demo, code):
    title, name, text, back, heading = WORDS[code]
    folder = demo / code
    fronts, backs = _text(folder / "cards-a4.pdf", 0), _text(folder / "cards-a4.pdf", 1)
    assert name in fronts and text in fronts, fronts
    assert back in backs, backs
    others = [words[1] for other, words in WORDS.items() if other != code]
    assert not any(other in fronts for other in others), fronts  # no other edition's card names
    booklet = PdfReader(folder / "rules-booklet.pdf")
    assert title in _text(folder / "rules-booklet.pdf", 0)
    assert any(heading in page.extract_text() for page in booklet.pages), heading
    manifest = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
    assert manifest["game"] == "editions-demo" and manifest["title"] == title
    assert {a["path"] for a in manifest["artifacts"]} >= {"cards-a4.pdf", "rules-booklet.pdf"}


def test_each_editions_gallery_links_the_others_built_with_it(demo):
    for code in WORDS:
        page = (demo / code / "index.html").read_text(encoding="utf-8")
        links = re.findall(r'<a href="\.\./(\w+)/index\.html" hreflang', page)
        assert links == [other for other in WORDS if other != code], (code, links)


def test_validate_checks_every_edition_and_passes_strict():
    run = ppgen("validate", DEMO, "--strict")
    assert run.code == 0 and "editions-demo: ok" in run.out, run.text


def test_one_edition_is_built_alone_and_the_others_stay(tmp_path):
    assert ppgen("build", DEMO, "--out", tmp_path, "--only", "rules", "--paper", "a4").code == 0
    folder = tmp_path / "editions-demo"
    assert sorted(p.name for p in folder.iterdir() if not p.name.startswith(".")) == ["de", "en", "ru"]
    before = (folder / "en" / "rules-booklet.pdf").stat().st_mtime_ns
    run = ppgen("build", DEMO, "--out", tmp_path, "--only", "rules", "--paper", "a4", "--edition", "de")
    assert run.code == 0 and run.out.count("wrote") == 1, run.text
    assert (folder / "en" / "rules-booklet.pdf").stat().st_mtime_ns == before
    assert "Vier Winde" in _text(folder / "de" / "rules-booklet.pdf", 0)


@pytest.mark.parametrize("game, code, message", [
    (DEMO, "fr", "no edition 'fr' in editions-demo (its editions: en, de, ru, or all)"),
    (DEMO, "dr", "(did you mean 'de'?)"),
    (COIN_FLIP, "de", "coin-flip declares no [editions] in game.toml, so it has no edition 'de'"),
])
def test_an_edition_the_game_has_not_is_a_usage_error(tmp_path, game, code, message):
    run = ppgen("build", game, "--edition", code, "--out", tmp_path)
    assert run.code == 2 and "--edition" in run.err and message in run.err, run.text
    assert not (tmp_path / game.name).exists()
    assert "--edition" in ppgen("watch", "--help").out


def _japanese(tmp_path: Path, font: bool, title: str = "コイン投げ") -> Path:
    game = tmp_path / "coins-ja"
    shutil.copytree(COIN_FLIP, game)
    toml = (game / "game.toml").read_text(encoding="utf-8")
    table = f'[editions]\ndefault = "en"\n\n[editions.ja]\ntitle = "{title}"\n'
    if font:
        (game / "fonts").mkdir()
        shutil.copy(CJK_FONT, game / "fonts" / "cjk.ttf")
        table += 'fonts = { body-bold = "fonts/cjk.ttf", display = "fonts/cjk.ttf" }\n'
    (game / "game.toml").write_text(toml.replace("[faces.coin]", table + "\n[faces.coin]", 1), encoding="utf-8")
    rows = (game / "cards.csv").read_text(encoding="utf-8").splitlines()
    long_name = "表が出たら一枚取り、裏が出たら一枚渡す"  # no spaces: one word of 19 characters
    (game / "cards.csv").write_text("\n".join([rows[0] + ",name@ja"] + [row + "," + long_name for row in rows[1:]])
                                    + "\n", encoding="utf-8")
    return game


@pytest.mark.skipif(not CJK_FONT.is_file(), reason="no CJK font on this machine")
def test_cjk_text_wraps_between_characters_in_its_editions_font(tmp_path):
    """19 characters without a space are 200 pt wide at 11 pt, the box 102 pt: they fit only
    broken between characters. The edition brings the font that has them."""
    game = _japanese(tmp_path, font=True)
    out = tmp_path / "out"
    run = ppgen("build", game, "--edition", "ja", "--out", out, "--only", "cards", "--paper", "a4", "--jobs", "1")
    assert "does not fit" not in run.text and run.code == 0, run.text
    fronts = _text(out / "coins-ja" / "ja" / "cards-a4.pdf", 0).replace(" ", "")
    assert "表が出たら" in fronts and "一枚渡す" in fronts, fronts


def test_a_glyph_missing_from_the_editions_font_is_an_error(tmp_path):
    """At the edition's title in game.toml; on a card, named with its edition."""
    run = ppgen("validate", _japanese(tmp_path / "title", font=False))
    assert run.code == 1 and "game.toml:23: error: [editions.ja] title: no font has a glyph for U+3052" in run.err, \
        run.text
    run = ppgen("validate", _japanese(tmp_path / "card", font=False, title="Koin"))
    assert run.code == 1 and "cards.csv:2: error: edition 'ja': card c1: " in run.err, run.text
    assert "no glyph for" in run.err, run.text


EDITIONS = '\n[editions]\ndefault = "en"\n\n[editions.de]\ntitle = "Münzwurf"\n'


@pytest.mark.parametrize("edited", [False, True], ids=["unchanged", "a-file-edited-since"])
def test_the_build_made_before_the_game_had_editions_goes(tmp_path, edited):
    """OUT/ID/ held the plain build; the editions' build puts OUT/ID/en/ and de/ there and
    takes away what ppgen wrote before, unless it was changed since (that file and the
    manifest that lists it stay)."""
    game = tmp_path / "coin-flip"
    shutil.copytree(COIN_FLIP, game)
    out, folder = tmp_path / "out", tmp_path / "out" / "coin-flip"
    assert ppgen("build", game, "--out", out, "--only", "cards", "--paper", "letter").code == 0
    if edited:
        with open(folder / "cards-letter.pdf", "ab") as sheet:
            sheet.write(b"% a note of mine\n")
    with open(game / "game.toml", "a", encoding="utf-8") as toml:
        toml.write(EDITIONS)
    run = ppgen("build", game, "--out", out, "--only", "cards", "--paper", "letter")
    assert run.code == 0, run.text
    left = {"en", "de"} | ({"cards-letter.pdf", "manifest.json"} if edited else set())
    assert {p.name for p in folder.iterdir()} == left
    assert (folder / "de" / "manifest.json").is_file()


def test_a_link_in_the_earlier_build_is_never_followed(tmp_path):
    """The earlier build's png/coins/ swapped for a link to a folder elsewhere holding the very
    same files: they stay, as everything outside OUT/ID/ does."""
    game = tmp_path / "coin-flip"
    shutil.copytree(COIN_FLIP, game)
    out, folder = tmp_path / "out", tmp_path / "out" / "coin-flip"
    assert ppgen("build", game, "--out", out, "--only", "png").code == 0
    elsewhere = tmp_path / "elsewhere"
    shutil.move(folder / "png" / "coins", elsewhere)
    (folder / "png" / "coins").symlink_to(elsewhere, target_is_directory=True)
    before = sorted(p.name for p in elsewhere.iterdir())
    with open(game / "game.toml", "a", encoding="utf-8") as toml:
        toml.write(EDITIONS)
    assert ppgen("build", game, "--out", out, "--only", "png").code == 0
    assert sorted(p.name for p in elsewhere.iterdir()) == before and before
