"""ppgen's own words in an edition's language (issue 23, item 2): the catalogue
(templates/words.toml) gives every phrase in every language, and a German edition's
booklet, handout, aids, score pad, mat and gallery print none of its English phrases; its
gallery links the other editions' and its manifest names its edition; a language the
catalogue lacks prints English with one warning (tests/corpus_catalogue.py). One build of a
German edition serves the module."""

from __future__ import annotations

import html
import json
import re
import shutil
import string
from pathlib import Path

import pytest
from pypdf import PdfReader

from conftest import ROOT, ppgen
from generator.text import catalogue

DEMO = ROOT / "examples" / "editions-demo"
MORE = """
[data.score_sheet]
sets = 3

[[components]]
id = "board"
name = "Board"
kind = "mat"
size = ["250mm", "300mm"]
front = "wind-back"
"""  # a score pad and a mat tiled over pages, that their words are read too


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_every_phrase_has_every_language():
    for phrase, said in catalogue.phrases().items():
        assert set(said) == set(catalogue.LANGUAGES[1:]), phrase  # English is the key itself
        for code, text in said.items():
            assert text.strip() and _fields(text) == _fields(phrase), (phrase, code)


def test_numbers_follow_the_language():
    assert catalogue.number(2.5, "de") == "2,5" and catalogue.number(2.5, "en") == "2.5"
    assert catalogue.number(1.75 * 25.4, "pt-BR", 1) == "44,5"  # half up from 44.45, not down from 44.4499...
    assert catalogue.number(54, "ru") == "54"
    assert catalogue.word("Player {number}", "el", number=3) == "Παίκτης 3"
    assert catalogue.word("Total", "ja") == "Total"  # a language it lacks: English


@pytest.fixture(scope="module")
def german(tmp_path_factory) -> Path:
    game = tmp_path_factory.mktemp("catalogue") / "winds"
    shutil.copytree(DEMO, game)
    with (game / "game.toml").open("a", encoding="utf-8") as toml:
        toml.write(MORE)
    out = game.parent / "out"
    run = ppgen("build", game, "--edition", "de", "--only", "cards,rules,aids,gallery", "--layout", "economy",
                "--paper", "a4", "--out", out, "--jobs", "2")  # economy: a margin without crop marks says so
    assert run.code == 0, run.text
    return out / "winds" / "de"


def _english(phrase: str) -> re.Pattern:
    """An English phrase as printed: its {fields} anything, its spaces any run of white space,
    a single word whole (so 'Set' is not found in 'Setze')."""
    parts = re.split(r"\{\w+\}", phrase)
    words = r".+?".join(r"\s+".join(map(re.escape, part.split())) for part in parts)
    return re.compile(rf"(?<!\w){words}(?!\w)")


def _printed(folder: Path) -> dict[str, str]:
    """The text of every PDF and of the gallery's page, white space made single spaces; file
    names and the manifest's kinds left out (codes, not words: 'reference-cards-a4.pdf', 'rules-booklet')."""
    texts = {pdf.name: " ".join(page.extract_text() for page in PdfReader(pdf).pages)
             for pdf in sorted(folder.glob("*.pdf"))}
    page = re.sub(r"<style>.*?</style>|<[^>]+>", " ", (folder / "index.html").read_text(encoding="utf-8"), flags=re.S)
    texts["index.html"] = re.sub(r"\S+\.(pdf|png|json|html)\b|\b[a-z]+(-[a-z0-9]+)+\b", " ", html.unescape(page))
    return {name: " ".join(text.split()) for name, text in texts.items()}


def test_a_german_edition_prints_no_english_phrase(german):
    printed = _printed(german)
    assert {"rules-booklet.pdf", "handout-a4.pdf", "reference-sheet-a4.pdf", "score-sheet-a4.pdf",
            "mat-board-a4.pdf"} <= set(printed), sorted(printed)
    checked = [phrase for phrase, said in catalogue.phrases().items()
               if phrase.split("{")[0].strip() and phrase.lower() not in said["de"].lower()]
    for name, text in printed.items():
        found = [phrase for phrase in checked if _english(phrase).search(text)]
        assert not found, f"{name} prints English phrases {found}: {text[:400]}"
    expected = {"rules-booklet.pdf": ("Spielmaterial", "4 Windkarten (44,5 × 63,5 mm)", "Notizen", "Spieler"),
                "handout-a4.pdf": ("Regelblatt · Seite 1 von 1",),
                "reference-sheet-a4.pdf": ("Spielhilfe", "hier schneiden", "2–4 Spieler · 10 Minuten"),
                "score-sheet-a4.pdf": ("Wertungsblock", "Datum:", "Spieler 1", "Runde", "Punkte", "Summe"),
                "mat-board-a4.pdf": ("Zusammenbau", "Reihe A von 2, Spalte 1 von 1", "Zuletzt den fertigen Spielplan"),
                "cards-a4.pdf": ("Keine Schnittmarken (links, rechts)",),
                "index.html": ("Alle Dateien", "Regelheft", "Spielhilfen", "Seite 1")}
    for name, words in expected.items():
        assert all(word in printed[name] for word in words), (name, words, printed[name][:600])
    assert PdfReader(german / "rules-booklet.pdf").trailer["/Root"]["/Lang"] == "de"  # for a screen reader


def test_the_gallery_switches_editions_and_the_manifest_names_its_own(german):
    """Only to editions that are there: the German one was built alone, so its gallery links
    none; the English one, built next to it, links the German one but not the unbuilt Russian."""
    page = (german / "index.html").read_text(encoding="utf-8")
    assert page.startswith('<!DOCTYPE html>\n<html lang="de">')
    assert '<nav class="editions"' not in page
    run = ppgen("build", german.parents[2] / "winds", "--edition", "en", "--only", "gallery", "--out", german.parents[1])
    assert run.code == 0, run.text
    page = (german.parent / "en" / "index.html").read_text(encoding="utf-8")
    nav = re.search(r'<nav class="editions"[^>]*>(.*?)</nav>', page).group(1)
    assert nav == '<strong lang="en">English</strong><a href="../de/index.html" hreflang="de" lang="de">Deutsch</a>'
    manifest = json.loads((german / "manifest.json").read_text(encoding="utf-8"))
    assert (manifest["game"], manifest["edition"], manifest["title"]) == ("winds", "de", "Vier Winde")


def test_the_calibration_sheet_speaks_the_language_asked(tmp_path):
    run = ppgen("calibrate", "--paper", "a4", "--language", "ru", "--out", tmp_path / "sheet.pdf")
    assert run.code == 0, run.text
    front, back = (" ".join(page.extract_text().split()) for page in PdfReader(tmp_path / "sheet.pdf").pages)
    assert "Калибровка двусторонней печати ppgen (A4)" in front, front
    assert "(правая − левая) / 150" in front, front
    assert 'offset_x = "1.5mm"' in front  # the example profile is TOML, in every language
    assert "ОБОРОТ" in back, back
    run = ppgen("calibrate", "--language", "ja", "--out", tmp_path / "other.pdf")
    assert run.code == 2 and "'--language'" in run.err and not (tmp_path / "other.pdf").exists(), run.text


@pytest.mark.parametrize("code, one, two", [
    ("", "Game, table 3 of 1 player", "Game, table 3 of 2 players"),
    ("de", "Game, Tisch 3 mit 1 Spieler", "Game, Tisch 3 mit 2 Spielern"),
    ("fr", "Game, table 3 à 1 joueur", "Game, table 3 à 2 joueurs"),
])
def test_a_count_of_one_is_said_in_the_singular(code, one, two):
    phrase = "{title}, table {tables} of {count} players"
    assert catalogue.word(phrase, code, title="Game", tables="3", count="1") == one
    assert catalogue.word(phrase, code, title="Game", tables="3", count="2") == two
    for plural, singular in catalogue.SINGULAR.items():
        assert _fields(plural) == _fields(singular)
        assert set(catalogue.phrases()[singular]) == set(catalogue.phrases()[plural])  # every language


@pytest.mark.parametrize("code, said", [
    ("", ["1 player · 1 minute", "2 players · 1 minute", "1 player · 1–2 minutes", "2 players · 5 minutes"]),
    ("de", ["1 Spieler · 1 Minute", "2 Spieler · 1 Minute", "1 Spieler · 1–2 Minuten", "2 Spieler · 5 Minuten"]),
    ("el", ["Παίκτες: 1 · Διάρκεια: 1 λεπτό", "Παίκτες: 2 · Διάρκεια: 1 λεπτό",
            "Παίκτες: 1 · Διάρκεια: 1–2 λεπτά", "Παίκτες: 2 · Διάρκεια: 5 λεπτά"]),
])
def test_one_minute_is_said_in_the_singular(code, said):
    """A game of one minute (minutes = [1, 1]) says "1 minute", with one player or more."""
    phrase = "{players} players · {minutes} minutes"
    assert [catalogue.word(phrase, code, players=players, minutes=minutes)
            for players, minutes in (("1", "1"), ("2", "1"), ("1", "1–2"), ("2", "5"))] == said
    for many, one in catalogue.ONE_MINUTE.items():
        assert _fields(many) == _fields(one)
        assert set(catalogue.phrases()[one]) == set(catalogue.phrases()[many])  # every language
