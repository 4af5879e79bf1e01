"""Worked examples in rules.md are replayed by the game's rule set and printed with the
rules; a false claim, an unknown kind or fact, a card the deck lacks or broken data is an
error at its own line (those cases are in the corpus: tests/corpus_games.py)."""

from __future__ import annotations

import pytest
from pypdf import PdfReader


def test_the_squib_steal_example_holds_and_is_printed_beside_its_cards(squib_build):
    folder, _ = squib_build
    pages = [p.extract_text() for p in PdfReader(folder / "rules-booklet.pdf").pages]
    page = next(t for t in pages if "Example: a Squib Steal" in t)
    assert "Player 1 challenges Player 2" in page and "Player 1 wins the steal" in page


# -- every booklet states its editors' decisions (issue 25) ---------------------------------

BOOKLET_NOTES = {
    "squib-squares": ["a card is never turned around", "Cards stay upright", "Bonuses",
                      "five outer corners and one inner one", "You may rebuild without laying"],
    "fellowship-of-the-ring": ["Notes on this edition", "a ring of both colours can lock"],
    "poohsticks": ["Notes on this edition", "Passing", "Boat types"],
    "druids-duel": ["Notes on this edition", "one per druid at most", "goes back before anyone earns one"],
    "uncontrolled-squid": ["Notes on this edition", "The Wrath of Squid", "Recalcitrant Squid text"],
}


@pytest.mark.parametrize("game", sorted(BOOKLET_NOTES))
def test_every_booklet_has_notes_on_this_edition(game, built):
    folder, _ = built(game)
    text = " ".join(" ".join(p.extract_text().split())
                    for p in PdfReader(folder / "rules-booklet.pdf").pages)
    assert "Notes on this edition" in text
    for phrase in BOOKLET_NOTES[game]:
        assert phrase in text, phrase
