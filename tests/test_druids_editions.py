"""Druid's Duel in its three editions (issue 23 item 5): English, German and Russian, read from
the suite's one shared build of the game (a build without --edition makes every edition, each
in OUT/ID/CODE/). Each edition's words are looked for on the pages they belong on; the worked
examples are replayed by the engine in every edition (the build fails otherwise), and their
data is the same in every rules file, only the prose translated. That every edition passes
validate --strict is test_preflight's (it validates every built-in game)."""

from __future__ import annotations

import json
import re
from functools import lru_cache

import pytest
from pypdf import PdfReader

from conftest import GAMES, line_of, ppgen, replace_in

GAME = "druids-duel"

# Per edition: the title; the booklet's example heading, the first example's title and a card
# its story names (all on one page); the notes heading and one decision of this edition; the
# forms as printed on the cards; the drained marker's word; an aid's title; the deal table's
# header, each word whole (a Cyrillic header measured in the body font's metrics broke mid-word).
EDITIONS = {
    "en": dict(title="Druid's Duel", example=("Example of play", "Turn 1", "ace of hearts"),
               notes=("Notes on this edition", "one per druid at most"),
               forms=("JACKRABBIT", "PEACOCK", "LION", "CHAMELEON"), marker="DRAINED", aid="Dealing",
               table="Players Cards each Left aside", box="54 Druid's deck (2.5 × 3.5 in, 63 × 89 mm)"),
    "de": dict(title="Duell der Druiden", example=("Spielbeispiel", "Runde 1", "Herz-Ass"),
               notes=("Anmerkungen zu dieser Ausgabe", "Aus dem Jackrabbit wird der Hase"),
               forms=("HASE", "PFAU", "LÖWE", "CHAMÄLEON"), marker="ERSCHÖPFT", aid="Austeilen",
               table="Spieler Karten je Spieler Beiseite", box="54 Druidenkarten (63,5 × 88,9 mm)"),
    "ru": dict(title="Дуэль друидов", example=("Пример игры", "Ход 1", "Туз червей"),
               notes=("Примечания к этому изданию", "jackrabbit — Заяц"),
               forms=("ЗАЯЦ", "ПАВЛИН", "ЛЕВ", "ХАМЕЛЕОН"), marker="ИСТОЩЁН", aid="Раздача",
               table="Игроки На руку В сторону", box="Колода друидов: 54 (63,5 × 88,9 мм)"),  # no counting form
}
BOOKLET_PAGES = 8  # every edition's booklet as long as the English one: no page is added


@pytest.fixture(scope="module")
def folders(built):
    folder, _ = built(GAME)  # the default edition's OUT/druids-duel/en/
    return {code: folder.parent / code for code in EDITIONS}


@lru_cache(maxsize=None)
def pages(path) -> tuple[str, ...]:
    """Each page's text, white space made single spaces (pypdf breaks lines where the PDF does)."""
    return tuple(" ".join(page.extract_text().split()) for page in PdfReader(path).pages)


def others(code: str, key: str) -> list:
    return [EDITIONS[other][key] for other in EDITIONS if other != code]


def test_each_edition_has_its_folder_manifest_and_every_file(folders):
    made = {}
    for code, folder in folders.items():
        manifest = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
        assert manifest["game"] == GAME and manifest["title"] == EDITIONS[code]["title"]
        made[code] = sorted(a["path"] for a in manifest["artifacts"])
    assert made["de"] == made["en"] == made["ru"]


@pytest.mark.parametrize("code", EDITIONS)
def test_the_booklet_speaks_the_edition_s_language_page_by_page(folders, code):
    words = EDITIONS[code]
    booklet = pages(folders[code] / "rules-booklet.pdf")
    assert len(booklet) == BOOKLET_PAGES
    assert words["title"] in booklet[0] and words["box"] in booklet[0]
    heading, turn, card = words["example"]
    page = next(text for text in booklet if heading in text)
    assert turn in page and card in page  # the example box and its story, translated, on its page
    notes = next(text for text in booklet if words["notes"][0] in text)
    assert words["notes"][1] in " ".join(booklet[booklet.index(notes):])
    text = " ".join(booklet)
    assert words["table"] in text
    for other in others(code, "example"):
        assert other[0] not in text  # no other edition's heading slipped in


@pytest.mark.parametrize("code", EDITIONS)
def test_the_cut_sheets_print_the_edition_s_forms_and_marker(folders, code):
    words = EDITIONS[code]
    sheets = pages(folders[code] / "cards-deck-a4.pdf")  # Letter's hold the same faces
    text = " ".join(sheets)
    assert all(form in text for form in words["forms"])
    assert words["marker"] in sheets[-2]  # the markers share the deck's last fronts page
    assert words["title"] in sheets[1]  # the back names the game
    for forms in others(code, "forms"):
        assert forms[0] not in text


@pytest.mark.parametrize("code", EDITIONS)
def test_the_handout_and_aids_are_translated(folders, code):
    words = EDITIONS[code]
    handout = " ".join(pages(folders[code] / "handout-a4.pdf"))  # Letter's: the same text, laid out again
    assert words["example"][0] in handout and words["notes"][0] in handout
    aids = " ".join(pages(folders[code] / "reference-cards-a4.pdf"))
    assert words["aid"] in aids and words["forms"][0].capitalize() in aids
    assert all(aid not in aids for aid in others(code, "aid"))


EXAMPLE = re.compile(r"{% call example\(.*?%}\n(.*?)\n---\n", re.S)
DATA = re.compile(r"^{%- set c?(?:forms|cards)\d = .*$", re.M)


def test_the_worked_examples_are_the_same_play_in_every_edition():
    """The engine replays each edition's examples; they must be the same turns, claims and all."""
    def play(name: str) -> tuple[list[str], list[str]]:
        text = (GAMES / GAME / name).read_text(encoding="utf-8")
        return EXAMPLE.findall(text), DATA.findall(text)

    english = play("rules.md")
    assert len(english[0]) == 3 and len(english[1]) == 8
    for name in ("rules.de.md", "rules.ru.md"):
        assert play(name) == english, name


def test_a_form_name_that_is_no_text_is_refused_at_its_line(copy_game):
    """data.forms' `name` is what the card prints (and an edition translates): an empty one is
    refused at its line, naming the form, in the default edition and the one that empties it."""
    game = copy_game(GAME)
    toml = game / "game.toml"
    replace_in(toml, 'name = "Peacock"', 'name = ""')
    replace_in(toml, 'name = "Löwe"', 'name = " "')
    run = ppgen("validate", game)
    assert run.code == 1, run.text
    queen, lion = line_of(toml, 'Q = { animal'), line_of(toml, 'name = " "')
    assert f"game.toml:{queen}: error: data.forms.Q: name must be a text, the peacock's" in run.err, run.err
    assert f"game.toml:{lion}: error: edition 'de': data.forms.K: name must be a text" in run.err, run.err
