"""`ppgen pack --language CODE`: the organiser's sheets (the print list and the results sheet)
speak the organiser's language: by default the one every table's edition shares, else
English; a code ppgen has no words for is a usage error. Every word on them comes from the
catalogue's "the event pack" section (templates/words.toml), and a Cyrillic or Greek sheet
embeds a font that has its letters. One pack per language serves the module."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest
from pypdf import PdfReader
from reportlab.pdfbase.ttfonts import TTFontFile

from conftest import ROOT, ppgen
from generator.pack.command import _language

DEMO = ROOT / "examples" / "editions-demo"  # Four Winds: editions en, de, ru
SECTION = "# -- the event pack"


def _pack(tmp_path_factory, name: str, *args) -> Path:
    out = tmp_path_factory.mktemp(name) / "night"
    run = ppgen("pack", *args, "--paper", "a4", "--out", out)
    assert run.code == 0, run.text
    return out


@pytest.fixture(scope="module")
def german(tmp_path_factory) -> Path:
    """Only German tables, no --language: German sheets."""
    return _pack(tmp_path_factory, "german", f"{DEMO}@de:3x2", "squib-squares@de:4")


@pytest.fixture(scope="module")
def russian(tmp_path_factory) -> Path:
    return _pack(tmp_path_factory, "russian", f"{DEMO}@ru:3x2")


@pytest.fixture(scope="module")
def greek(tmp_path_factory) -> Path:
    """A Russian and an English table, the organiser's sheets in Greek."""
    return _pack(tmp_path_factory, "greek", f"{DEMO}@ru:2", f"{DEMO}:3", "--language", "el")


@pytest.fixture(scope="module")
def mixed(tmp_path_factory) -> tuple[Path, Path]:
    """A German and an English table: as it comes, and with --language de."""
    night = (f"{DEMO}@de:2", f"{DEMO}:3")
    return _pack(tmp_path_factory, "mixed", *night), _pack(tmp_path_factory, "mixed-de", *night, "--language", "de")


def _text(pages) -> str:
    return " ".join(" ".join(page.extract_text() for page in pages).split())


def _sheets(pack: Path) -> tuple[str, str]:
    """The print list's text and the results sheet's (the simplex file's last page)."""
    return _text(PdfReader(pack / "0-print-list.pdf").pages), _text(PdfReader(pack / "3-simplex.pdf").pages[-1:])


def _pack_phrases() -> list[str]:
    """The English phrases of the catalogue's section for the pack's sheets."""
    words = (ROOT / "templates" / "words.toml").read_text(encoding="utf-8")
    return list(tomllib.loads(words[words.index(SECTION):]))


def _english(phrase: str) -> re.Pattern:
    """A phrase as printed: its {fields} anything, a word whole ('all' is not in 'alle')."""
    parts = re.split(r"\{\w+\}", phrase)
    return re.compile(r"(?<!\w)" + r".+?".join(r"\s+".join(map(re.escape, part.split())) for part in parts) + r"(?!\w)")


def _no_english(text: str) -> None:
    found = [phrase for phrase in _pack_phrases() if _english(phrase).search(text)]
    assert not found, (found, text)


def test_a_german_night_gets_german_sheets(german):
    listed, results = _sheets(german)
    for said in ("Druckliste", "3 Tische: Vier Winde (de), Tische 1–2 mit je 3 Spielern; Knaller im Quadrat (de)",
                 "insgesamt", "Blatt Papier", "1-duplex.pdf: beidseitig, an der langen Kante wenden, mit 100 %",
                 "Spiel Material Tische Seiten Kopien Blätter", "Vier Winde (de) Regelblatt 1–2",
                 "Spielhilfekarten, 3 Sätze", "Wertungsblock, 4 Spieler", "der Abend Ergebnisbogen alle 1 1 1",
                 "Tischschilder, eins je Tisch (falten)"):
        assert said in listed, (said, listed)
    for said in ("Ergebnisse", "Veranstaltung:", "Datum:", "Tisch 1 · Vier Winde · 3 Spieler",
                 "Spieler Runde 1 Runde 2 Runde 3 Summe", "Sieger:"):
        assert said in results, (said, results)
    _no_english(listed)
    _no_english(results)


@pytest.mark.parametrize("language, words", [
    ("russian", ("Список печати", "Столов: 2.", "игроков за каждым: 3", "Результаты", "Победитель:", "Тур 1")),
    ("greek", ("Λίστα εκτύπωσης", "2 τραπέζια:", "Αποτελέσματα", "Νικητής:", "Γύρος 1")),
])
def test_a_cyrillic_or_greek_sheet_embeds_a_font_that_has_its_letters(language, words, request):
    pack = request.getfixturevalue(language)
    listed, results = _sheets(pack)
    for said in words:
        assert said in listed + " " + results, (said, listed, results)
    _no_english(listed)
    _no_english(results)
    for name in ("0-print-list.pdf", "3-simplex.pdf"):
        reader = PdfReader(pack / name)
        pages = reader.pages if name.startswith("0") else reader.pages[-1:]
        for text, font in _runs(pages):
            letters = {c for c in text if c.isalpha() and not c.isascii()}
            assert letters <= _glyphs(font), (name, text, font["/BaseFont"])


def _runs(pages) -> list[tuple[str, dict]]:
    """(text, its font's dictionary) for each text run drawn on the pages."""
    runs = []
    for page in pages:
        page.extract_text(visitor_text=lambda text, cm, tm, font, size: runs.append((text, font)) if font else None)
    return [(text, font) for text, font in runs if text.strip()]


def _glyphs(font) -> set[str]:
    """The characters the embedded font's file has: its descriptor embeds it, and the file
    ppgen took it from (fonts/NAME.ttf) maps them to glyphs."""
    assert "/FontFile2" in font["/FontDescriptor"].get_object(), font["/BaseFont"]
    name = str(font["/BaseFont"]).lstrip("/").split("+")[-1]
    return {chr(code) for code in TTFontFile(str(ROOT / "fonts" / f"{name}.ttf")).charToGlyph}


def test_a_mixed_night_is_english_unless_told(mixed):
    as_it_comes, told = mixed
    listed, results = _sheets(as_it_comes)
    assert listed.startswith("Print list 2 tables: Vier Winde (de), table 1 of 2 players; Four Winds (en)"), listed
    assert "Table 1 · Vier Winde · 2 players" in results and "Winner:" in results
    assert "/Lang" not in PdfReader(as_it_comes / "0-print-list.pdf").trailer["/Root"]  # as English sheets always were
    listed, results = _sheets(told)
    assert PdfReader(told / "0-print-list.pdf").trailer["/Root"]["/Lang"] == "de"  # for a screen reader
    assert listed.startswith("Druckliste 2 Tische: Vier Winde (de), Tisch 1 mit 2 Spielern; Four Winds (en)"), listed
    assert "Tisch 2 · Four Winds · 3 Spieler" in results and "Sieger:" in results
    _no_english(listed)
    _no_english(results)


@pytest.mark.parametrize("given, quoted, hint", [
    ("xx", "'xx'", ""),
    ("dd", "'dd'", " (did you mean 'de'?)"),
    ("DE", "'DE'", " (did you mean 'de'?)"),
    ("ja", "'ja'", ""),
    ("", "''", ""),
    ("d\x1b[31me", "'d\\x1b[31me'", ""),  # an escape shows as its escape, not as a colour
    ("a" * 100_000, "'" + "a" * 76 + "...", ""),  # cut short
])
def test_a_language_ppgen_has_no_words_for_is_a_usage_error(given, quoted, hint, tmp_path):
    run = ppgen("pack", "poohsticks", "--language", given, "--out", tmp_path / "n")
    assert run.code == 2, run.text[-500:]
    said = " ".join(run.err.split())
    assert (f"Invalid value for '--language': ppgen has no words in {quoted}; "
            f"it speaks en, de, fr, es, it, pt, pl, ru, el{hint}") in said, said
    assert "Traceback" not in run.text and len(run.err) < 2000 and not (tmp_path / "n").exists()


def test_a_regional_code_speaks_its_language():
    assert _language("pt-BR") == "pt-BR" and _language("de") == "de" and _language(None) is None
