"""Bad rules: every mistake is `rules.md:LINE: error: …`, exit 1, and nothing written."""

from __future__ import annotations

import pytest

from conftest import ppgen

ANCHOR = "# Getting ready"

CASES = {
    "undefined name": ("{{ data.no_such_key }}", "undefined"),
    "undefined variable": ("We deal {{ hand_sise }} cards.", "'hand_sise' is undefined"),
    "jinja syntax": ("We deal {{ data.hand_size + }} cards.", "template syntax"),
    "unclosed block": ("{% if data.hand_size %}never closed", "{% if %} is never closed"),
    "sandbox escape": ("{{ ''.__class__.__mro__ }}", "not allowed in rules"),
    "file access": ("{{ game.root.read_text() }}", "not allowed in rules"),
    "raw html block": ("<div>boxed</div>", "raw HTML is not supported"),
    "inline html": ("Some <b>bold</b> words.", "raw HTML (<b>) is not supported"),
    "missing image": ("![the map](map.png)", "image 'map.png' not found in the game folder"),
    "code block": ("```\nprint(1)\n```", "code blocks are not supported"),
    "unknown card": ("{{ card('squibs', 'S99') }}", "no card 'S99' in component 'squibs'"),
    "figure inside text": ("Look: {{ beats_wheel() }} here.", "must stand in a paragraph of its own"),
    "missing glyph": ("Fireworks \U0001F386 everywhere.", "the body font has no glyph for"),
}


@pytest.fixture(scope="module")
def earlier(tmp_path_factory):
    """An output folder holding an earlier build that a failed build must leave alone."""
    out = tmp_path_factory.mktemp("out")
    target = out / "squib-squares"
    target.mkdir()
    (target / "earlier.txt").write_text("an earlier build\n")
    return out


@pytest.mark.parametrize("case", sorted(CASES))
def test_bad_rules_name_their_line(case, copy_game, earlier):
    snippet, message = CASES[case]
    game = copy_game("squib-squares")
    rules = game / "rules.md"
    text = rules.read_text(encoding="utf-8")
    line = text[:text.index(ANCHOR)].count("\n") + 1
    rules.write_text(text.replace(ANCHOR, snippet + "\n\n" + ANCHOR, 1), encoding="utf-8")
    run = ppgen("build", game, "--only", "rules,aids", "--out", earlier)
    assert run.code == 1, run.text
    assert "Traceback" not in run.text
    errors = [l for l in run.err.splitlines() if ": error: " in l]
    assert len(errors) == 1, run.err
    assert errors[0].startswith(f"{rules}:{line}: error: "), errors[0]
    assert message in errors[0], errors[0]
    assert "nothing written" in run.out
    assert sorted(p.name for p in earlier.iterdir()) == ["squib-squares"]  # no staging left over
    assert [p.name for p in (earlier / "squib-squares").iterdir()] == ["earlier.txt"]


def test_error_inside_an_aid_names_its_line(copy_game, tmp_path):
    game = copy_game("squib-squares")
    rules = game / "rules.md"
    text = rules.read_text(encoding="utf-8")
    anchor = "Touching squibs share no colour"
    line = text[:text.index(anchor)].count("\n") + 1
    rules.write_text(text.replace(anchor, "{{ nope }} " + anchor, 1), encoding="utf-8")
    run = ppgen("build", game, "--only", "aids", "--out", tmp_path / "out")
    assert run.code == 1
    assert f"rules.md:{line}: error: undefined: 'nope' is undefined" in run.err


def test_aid_too_long_for_its_card(copy_game, tmp_path):
    game = copy_game("squib-squares")
    rules = game / "rules.md"
    text = rules.read_text(encoding="utf-8")
    line = text[:text.index('{% call aid("Bonuses") %}')].count("\n") + 1
    rules.write_text(text.replace("Most points wins.", "Most points wins. " + "More words. " * 200, 1),
                     encoding="utf-8")
    run = ppgen("build", game, "--only", "rules", "--out", tmp_path / "out")
    assert run.code == 1
    assert f"rules.md:{line}: error: aid 'Bonuses' does not fit" in run.err and "mm too long" in run.err
