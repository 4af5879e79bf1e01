"""Squib Squares in its three editions (English, German, Russian): each edition's words on its
own pages, read from the PDFs' text layer of the session's one build of every edition; the
worked examples replayed in each; the colour, emotion and kind codes the same in all.
(That validate finds no warning in any edition: tests/test_warnings.py.)"""

from __future__ import annotations

import re
from functools import lru_cache

import pytest
from pypdf import PdfReader

from conftest import line_of, ppgen, replace_in

GAME = "squib-squares"


@lru_cache(maxsize=None)
def page_texts(path, first: int = 99) -> list[str]:
    """The text of each of the first pages, its whitespace made single spaces."""
    return [re.sub(r"\s+", " ", page.extract_text() or "") for page in PdfReader(path).pages[:first]]


@pytest.fixture(scope="module")
def editions(built):
    """The edition folders of the session's build of Squib Squares, by code."""
    folder, _ = built(GAME)
    return {code: folder.parent / code for code in ("en", "de", "ru")}


# Words each edition prints where it prints them: its own, and none of another edition's.
WORDS = {
    "en": {"cards-a4.pdf": "sad rocket", "rules-booklet.pdf": "The Squib Steal",
           "reference-cards-letter.pdf": "Your turn", "score-sheet-a4.pdf": "Rows"},
    "de": {"cards-a4.pdf": "traurige Rakete", "rules-booklet.pdf": "Der Knallerklau",
           "reference-cards-letter.pdf": "Dein Zug", "score-sheet-a4.pdf": "Reihen"},
    "ru": {"cards-a4.pdf": "грустная ракета", "rules-booklet.pdf": "Налёт",
           "reference-cards-letter.pdf": "Ваш ход", "score-sheet-a4.pdf": "Ряды"},
}


@pytest.mark.parametrize("code", sorted(WORDS))
def test_each_edition_prints_its_own_words(editions, code):
    for name, word in WORDS[code].items():
        text = " ".join(page_texts(editions[code] / name, 2 if name.startswith("cards") else 99))
        assert word in text, (code, name)
        for other in set(WORDS) - {code}:
            assert WORDS[other][name] not in text, (code, name, other)


def test_the_right_words_on_the_right_pages(editions):
    """The booklet's headings on their pages, the example box beside its cards, the colour
    wheel's names, and the card labels on the cut sheet's fronts page, not its backs."""
    de = page_texts(editions["de"] / "rules-booklet.pdf")
    assert "Knaller im Quadrat" in de[0] and "Zischendes Feuerwerk" in de[0]
    steal = next(i for i, text in enumerate(de) if "Beispiel: ein Knallerklau" in text)
    assert "Spieler 1 fordert Spieler 2 heraus" in de[steal]
    assert any("Grün schlägt" in text and "lila" in text for text in de)  # the list and the wheel
    assert "Anmerkungen zu dieser Ausgabe" in " ".join(de)
    ru = page_texts(editions["ru"] / "rules-booklet.pdf")
    assert "Петарды в квадрате" in ru[0]
    steal = next(i for i, text in enumerate(ru) if "Пример: налёт" in text)
    assert "Игрок 1 объявляет налёт" in ru[steal]
    assert "Об этом издании" in " ".join(ru)
    sheet = page_texts(editions["ru"] / "cards-letter.pdf", 2)
    assert "зелёный" in sheet[0] and "ракета" in sheet[0]
    assert "Петарды в квадрате" in sheet[1] and "ракета" not in sheet[1]  # the backs: the title


def test_a_worked_example_is_replayed_in_every_edition(copy_game, tmp_path):
    """Each edition's examples are replayed (the session's build of all three succeeded, so
    they hold): a false claim in the Russian rules fails at its line, naming the edition."""
    game = copy_game(GAME)
    rules = game / "rules.ru.md"
    replace_in(rules, 'winner = "challenger"', 'winner = "defender"')
    out = tmp_path / "out"
    run = ppgen("build", game, "--edition", "ru", "--only", "rules", "--paper", "a4", "--out", out)
    line = line_of(rules, 'winner = "defender"')
    assert run.code == 1 and f"rules.ru.md:{line}: error: edition 'ru': " in run.err, run.text
    assert not [p for p in out.rglob("*") if not p.is_dir()]  # nothing written


def test_an_edition_may_not_translate_the_codes(copy_game):
    """Colours are codes the engine compares: an edition translates the words printed for
    them (data.names), not the codes."""
    game = copy_game(GAME)
    toml = game / "game.toml"
    replace_in(toml, "[editions.de.data.names]", '[editions.de.data]\ncolors = ["grün", "gelb", "lila", "orange", "blau"]'
                                                 "\n\n[editions.de.data.names]")
    run = ppgen("validate", game)
    line = line_of(toml, 'colors = ["grün"')
    assert run.code == 1, run.text
    assert f"game.toml:{line}: error: data.colors: the rule set 'squib' reads it as codes" in run.err, run.text
