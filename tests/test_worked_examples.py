"""Worked examples in rules.md are replayed by the game's rule set: a false claim, an
unknown kind or fact, a card the deck lacks or broken data is an error at its own line."""

from __future__ import annotations

import pytest
from pypdf import PdfReader

from conftest import line_of, ppgen, replace_in

CLAIM = 'winner = "challenger"'


@pytest.fixture
def squib(copy_game):
    return copy_game("squib-squares")


def validate_fails(game, needle: str, *messages: str) -> None:
    run = ppgen("validate", game)
    assert run.code == 1, run.text
    line = line_of(game / "rules.md", needle)
    assert f"rules.md:{line}: error: " in run.err, run.err
    for message in messages:
        assert message in run.err, run.err
    assert "Traceback" not in run.text


def test_the_squib_steal_example_holds_and_is_printed_beside_its_cards(squib_build):
    folder, _ = squib_build
    pages = [p.extract_text() for p in PdfReader(folder / "rules-booklet.pdf").pages]
    page = next(t for t in pages if "Example: a Squib Steal" in t)
    assert "Player 1 challenges Player 2" in page and "Player 1 wins the steal" in page


def test_a_false_claim_fails_at_its_line_and_build_writes_nothing(squib, tmp_path):
    replace_in(squib / "rules.md", CLAIM, 'winner = "defender"')
    validate_fails(squib, 'winner = "defender"',
                   'claims winner = "defender", but the rules give "challenger"')
    run = ppgen("build", squib, "--out", tmp_path / "out")
    assert run.code == 1 and not (tmp_path / "out" / "squib-squares").exists()


def test_a_false_count_is_caught(squib):
    replace_in(squib / "rules.md", "stolen = 1", "stolen = 2")
    validate_fails(squib, "stolen = 2", "claims stolen = 2, but the rules give 1")


def test_a_claim_the_engine_does_not_report(squib):
    replace_in(squib / "rules.md", CLAIM, CLAIM + '\nloser_cries = true')
    validate_fails(squib, "loser_cries", "claim 'loser_cries' is not something the rules report",
                   "left, right, stolen, winner")


def test_an_unknown_kind_of_example(squib):
    replace_in(squib / "rules.md", 'example("squib-steal"', 'example("squib-swap"')
    validate_fails(squib, "squib-swap", "unknown kind of example 'squib-swap'; known: squib-steal")


def test_a_card_the_deck_lacks(squib):
    replace_in(squib / "rules.md", 'defender = "{{ ex.bottom }}"', 'defender = "99"')
    validate_fails(squib, 'defender = "99"', "no card '99' in the deck (defender)")


def test_broken_data_in_the_example_is_a_toml_error_at_its_line(squib):
    replace_in(squib / "rules.md", "stolen = 1", "stolen = = 1")
    validate_fails(squib, "stolen = = 1", "TOML:")


def test_an_example_without_claims_is_refused(squib):
    text = (squib / "rules.md").read_text(encoding="utf-8")
    start = text.index("[claims]")
    end = text.index("---", start)
    (squib / "rules.md").write_text(text[:start] + text[end:], encoding="utf-8")
    validate_fails(squib, "{% call example", "no [claims]")


def test_an_example_inside_a_player_aid_is_refused(copy_game):
    game = copy_game("squib-squares")
    text = (game / "rules.md").read_text(encoding="utf-8")
    start = text.index('{% set ex = squib.steal("beats", "ties") -%}')
    end = text.index("{% endcall %}", start) + len("{% endcall %}")
    example = text[start:end]
    text = text[:start] + text[end:]
    anchor = text.index("{% call aid(")
    close = text.index("{% endcall %}", anchor)
    text = text[:close] + "\n" + example + "\n" + text[close:]
    (game / "rules.md").write_text(text, encoding="utf-8")
    run = ppgen("validate", game)
    assert run.code == 1 and "belongs in the rules, not in a player aid" in run.err, run.text


# -- The Fellowship of the Ring's counting example (issue 25) -----------------------------

def test_the_counting_example_must_hold_every_card_to_say_the_hands_are_empty(copy_game):
    game = copy_game("fellowship-of-the-ring")
    replace_in(game / "rules.md", '["JS", "AC", "2H", "4D"', '["JS", "AC", "4D"')
    validate_fails(game, "played_out = true",
                   "claims played_out = true, but the rules give false")


def test_boromir_in_the_ring_has_been_drawn(copy_game):
    game = copy_game("fellowship-of-the-ring")
    replace_in(game / "rules.md", "[claims]\nplayed_out", "boromir_drawn = false\n[claims]\nplayed_out")
    validate_fails(game, '["JS", "AC"', "'JS' lies in the ring, so he has been drawn")


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


def test_a_rock_in_the_bridge_row_is_refused_by_the_replay(copy_game):
    game = copy_game("poohsticks")
    replace_in(game / "rules.md", '["bridge:5C", "bridge:8D"]', '["bridge:5C", "rock"]')
    run = ppgen("validate", game)
    assert run.code == 1 and "a rock never lies in the bridge row (row 3)" in run.err, run.text
    assert "Traceback" not in run.text
