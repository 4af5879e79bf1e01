"""Paper and parts (issue 21, item 8): --paper takes any case, A3, A5, Legal, Tabloid/Ledger
and a custom WxH; each part that lays out on paper makes pages of that size; --component
builds one component and its parts, and a wrong name is a usage error with "did you mean"."""

from __future__ import annotations

import json
import shutil

import pytest
from pypdf import PdfReader

from conftest import ROOT, assert_page_size, build_game, ppgen, replace_in
from generator.units import INCH, MM

COIN_FLIP = ROOT / "examples" / "coin-flip"


def sorted_sides(page) -> list[float]:
    return sorted((float(page.mediabox.width), float(page.mediabox.height)))


@pytest.mark.parametrize("given, name, size", [
    ("A4", "a4", (210 * MM, 297 * MM)),
    ("A3", "a3", (297 * MM, 420 * MM)),
    ("a5", "a5", (148 * MM, 210 * MM)),
    ("Legal", "legal", (8.5 * INCH, 14 * INCH)),
    ("TABLOID", "tabloid", (11 * INCH, 17 * INCH)),
    ("ledger", "ledger", (11 * INCH, 17 * INCH)),
    ("400 x 300mm", "400x300mm", (300 * MM, 400 * MM)),
])
def test_each_paper_lays_out_every_paged_part(given, name, size, tmp_path):
    folder, artifacts = build_game(tmp_path, COIN_FLIP, "--paper", given, "--only", "cards,rules,aids")
    made = {path for path, entry in artifacts.items() if entry.get("paper") == name}
    assert {f"cards-{name}.pdf", f"rules-booklet-imposed-{name}.pdf", f"reference-cards-{name}.pdf"} <= made, made
    for path in made:  # portrait or landscape (the imposed booklet), always this paper
        for page in PdfReader(folder / path).pages:
            assert sorted_sides(page) == pytest.approx(sorted(size), abs=0.05), path


def test_a_mat_tiles_on_a_custom_paper(tmp_path):
    folder, artifacts = build_game(tmp_path, "fellowship-of-the-ring", "--paper", "11x17in", "--component", "ring")
    assert set(artifacts) >= {"mat-ring-11x17in.pdf"} and not any("booklet" in path for path in artifacts)
    for page in PdfReader(folder / "mat-ring-11x17in.pdf").pages:
        assert sorted_sides(page) == pytest.approx([11 * INCH, 17 * INCH], abs=0.05)


@pytest.mark.parametrize("paper, message", [
    ("b5", "unknown paper 'b5'; use one of letter, a4, a3, a5, legal, tabloid, ledger"),
    ("5x5mm", "each side must be from 100 to 1189 mm"),
    ("300x400", "unknown paper '300x400'"),
    ("nanxnanmm", "unknown paper"),
])
def test_a_wrong_paper_is_a_usage_error(paper, message, tmp_path):
    run = ppgen("build", COIN_FLIP, "--paper", paper, "--out", tmp_path)
    assert run.code == 2 and "--paper" in run.err and message in run.err, run.text
    assert not any(tmp_path.iterdir())


def test_calibrate_takes_any_case(tmp_path):
    run = ppgen("calibrate", "--paper", "A5", "--out", tmp_path / "cal.pdf")
    assert run.code == 0, run.text
    assert_page_size(PdfReader(tmp_path / "cal.pdf").pages[0], (148 * MM, 210 * MM))


def two_decks(tmp_path):
    """coin-flip with a second deck, of tokens."""
    game = tmp_path / "two-decks"
    shutil.copytree(COIN_FLIP, game)
    replace_in(game / "game.toml", "[faces.coin]", '[[components]]\nid = "tokens"\nsize = "mini"\ncount = 3\n'
                                                   'front = "coin-back"\n\n[faces.coin]')
    return game


def test_component_builds_one_deck_and_its_parts_and_keeps_the_others(tmp_path):
    game = two_decks(tmp_path)
    out = tmp_path / "out"
    folder, first = build_game(out, game, "--paper", "a4")
    before = {path: entry["sha256"] for path, entry in first.items()}
    folder, artifacts = build_game(out, game, "--component", "tokens", "--paper", "a4")
    assert {path: entry["sha256"] for path, entry in artifacts.items() if path in before} == before
    run = ppgen("build", game, "--out", tmp_path / "alone", "--component", "tokens", "--paper", "a4")
    assert run.code == 0, run.text
    made = json.loads((tmp_path / "alone" / "two-decks" / "manifest.json").read_text())["artifacts"]
    assert {a["component"] for a in made if "component" in a} == {"tokens"}
    assert {"cards-tokens-a4.pdf", "tts/tokens.json"} <= {a["path"] for a in made}  # named as in the full build
    assert not {a["kind"] for a in made} & {"rules-booklet", "handout", "reference", "score-sheet"}


def test_component_and_only_that_leaves_nothing_is_a_usage_error(tmp_path):
    run = ppgen("build", COIN_FLIP, "--component", "coins", "--only", "rules", "--out", tmp_path)
    assert run.code == 2 and "'--component'" in run.err and "makes nothing of a component" in run.err, run.text


def test_an_unknown_component_is_a_usage_error_with_did_you_mean(tmp_path):
    run = ppgen("build", COIN_FLIP, "--component", "coin", "--out", tmp_path)
    assert run.code == 2 and "'--component'" in run.err and "did you mean 'coins'?" in run.err, run.text
    run = ppgen("build", COIN_FLIP, "--component", "zzz", "--out", tmp_path)
    assert run.code == 2 and "its components: coins" in run.err, run.text


def test_a_build_on_another_paper_keeps_the_earlier_papers_files(tmp_path):
    build_game(tmp_path, COIN_FLIP, "--paper", "a3", "--only", "cards,rules")
    folder, artifacts = build_game(tmp_path, COIN_FLIP, "--paper", "a4", "--only", "cards,rules")
    assert {"cards-a3.pdf", "cards-a4.pdf", "rules-booklet-imposed-a3.pdf", "rules-booklet-imposed-a4.pdf"} <= set(
        artifacts), sorted(artifacts)
    listed = [a["path"] for a in json.loads((folder / "manifest.json").read_text())["artifacts"]]
    assert len(listed) == len(set(listed))  # the A5 rules-booklet.pdf remade, not kept beside itself
    assert all((folder / path).is_file() for path in artifacts)


def test_validate_checks_the_paper_the_build_will_use(tmp_path, validated):
    """validate --paper a5 finds what build --paper a5 reports (Squib Squares' rules fit no A5
    handout and its aids no A5 reference sheet), and a bad paper is a usage error there too."""
    checked = ppgen("validate", "squib-squares", "--paper", "A5")
    built = ppgen("build", "squib-squares", "--paper", "a5", "--only", "rules,aids", "--edition", "en", "--out", tmp_path)
    assert checked.code == built.code == 0, checked.text + built.text
    notes = [line for line in checked.err.splitlines() if ": note: " in line and "edition '" not in line]
    assert len(notes) == 2 and all("a5" in line for line in notes), checked.err
    assert all(line in built.err for line in notes), (notes, built.err)
    assert not [line for line in validated("squib-squares").err.splitlines()
                if ": note: " in line and "edition '" not in line]  # the English edition's
    wrong = ppgen("validate", "squib-squares", "--paper", "b7")
    assert wrong.code == 2 and "'--paper'" in wrong.err


def test_a_component_that_joins_another_decks_page_builds_that_pdf(tmp_path, built):
    """Druid's Duel's four markers share the deck's last page: --component markers writes the
    deck's cut sheets that hold them, byte for byte as the full build, and no file of its own."""
    full, _ = built("druids-duel")
    folder, made = build_game(tmp_path, "druids-duel", "--edition", "en", "--component", "markers", "--only", "cards")
    assert sorted(made) == ["cards-deck-a4.pdf", "cards-deck-letter.pdf"], sorted(made)
    for name in made:
        assert (folder / name).read_bytes() == (full / name).read_bytes(), name
