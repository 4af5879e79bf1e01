"""The command line contract: commands, help, version, exit statuses, no tracebacks."""

from __future__ import annotations

import json

import pytest

from conftest import ROOT, build_game, ppgen


def test_version_and_help():
    run = ppgen("--version")
    assert run.code == 0 and "ppgen, version" in run.out
    run = ppgen("--help")
    assert run.code == 0
    for word in ("list", "validate", "build", "Examples"):
        assert word in run.out
    run = ppgen("build", "--help")
    assert run.code == 0 and "--print-shop" in run.out and "Examples" in run.out


def test_list_shows_builtin_games():
    run = ppgen("list")
    assert run.code == 0, run.text
    line = next(l for l in run.out.splitlines() if l.startswith("squib-squares"))
    assert "Squib Squares" in line and "2-6 players" in line and "Squib cards (54)" in line


def test_validate_builtin_and_path(tmp_path):
    run = ppgen("validate", ROOT / "examples" / "coin-flip", "poohsticks")
    assert run.code == 0, run.text
    assert "coin-flip: ok" in run.out and "poohsticks: ok" in run.out


def test_usage_errors_exit_2():
    assert ppgen("validate", "no-such-game").code == 2
    assert ppgen("build", "squib-squares", "--paper", "b5").code == 2
    assert ppgen("build", "squib-squares", "--only", "cards,posters").code == 2
    assert ppgen("frobnicate").code == 2
    assert ppgen("validate").code == 2


def test_only_may_be_repeated(tmp_path):
    """--only rules --only aids is --only rules,aids (a second --only used to replace the first)."""
    run = ppgen("build", ROOT / "examples" / "coin-flip", "--only", "rules", "--only", "aids", "--paper", "a4",
                "--out", tmp_path)
    assert run.code == 0, run.text
    kinds = {a["kind"] for a in json.loads((tmp_path / "coin-flip" / "manifest.json").read_text())["artifacts"]}
    assert {"rules-booklet", "reference"} <= kinds and "cut-sheets" not in kinds, kinds


def test_no_traceback_without_debug(tmp_path):
    game = tmp_path / "g"
    game.mkdir()
    (game / "game.toml").write_bytes(b"\xff\xfe not utf-8")
    run = ppgen("validate", game)
    assert run.code == 1 and "Traceback" not in run.text
    assert f"{game / 'game.toml'}:1: error: not UTF-8 text: byte 0xff" in run.err


def test_build_writes_manifest_and_replaces_atomically(tmp_path, copy_game):
    out = tmp_path / "out"
    run = ppgen("build", "squib-squares", "--out", out, "--only", "cards", "--edition", "en")
    assert run.code == 0, run.text
    manifest = json.loads((out / "squib-squares" / "en" / "manifest.json").read_text())
    assert manifest["game"] == "squib-squares" and manifest["title"] == "Squib Squares"
    assert manifest["generator"].startswith("ppgen ")
    before = {p.name: p.read_bytes() for p in (out / "squib-squares" / "en").iterdir() if p.is_file()}

    # A broken copy of the game with the same folder name fails and leaves the build alone.
    broken = copy_game("squib-squares", name="squib-squares")
    (broken / "cards.csv").write_text("id,left_color\nS01,green\n")
    run = ppgen("build", broken, "--out", out)
    assert run.code == 1 and "nothing written" in run.out
    after = {p.name: p.read_bytes() for p in (out / "squib-squares" / "en").iterdir() if p.is_file()}
    assert after == before
    assert [p.name for p in out.iterdir()] == ["squib-squares"]  # no staging left behind


def test_unwritable_output_folder_is_a_clean_error(tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    # coin-flip: the smallest game gets there soonest (validating Squib Squares took most of the time)
    run = ppgen("build", ROOT / "examples" / "coin-flip", "--only", "cards", "--out", blocker / "out")
    assert run.code == 1 and "Traceback" not in run.text and "internal error" not in run.text
    assert "error: cannot write" in run.err


def test_build_all_builds_every_builtin_game_and_again_says_nothing_changed(tmp_path):
    args = ("build", "--all", "--out", tmp_path, "--only", "rules", "--paper", "a4")
    first = ppgen(*args)
    assert first.code == 0, first.text
    listed = [line.split("\t")[0] for line in ppgen("list").out.splitlines()]
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(listed)
    again = ppgen(*args)  # generator/unchanged/: every game stands on its record
    assert again.code == 0 and again.err == first.err, again.text
    lines = again.out.splitlines()
    assert len(lines) == len(listed), again.out
    assert all("nothing changed since the last build" in line for line in lines), again.out


def test_build_wants_games_or_all_not_both():
    assert ppgen("build").code == 2
    assert ppgen("build", "--all", "squib-squares").code == 2


def test_no_such_game_names_it_and_the_built_in_id_it_is_close_to(tmp_path):
    run = ppgen("build", "squib-squars", "--out", tmp_path)
    assert run.code == 2 and "no such game 'squib-squars'" in run.err, run.text
    assert "(did you mean 'squib-squares'?)" in run.err
    run = ppgen("validate", "nothing-like-it")
    assert run.code == 2 and "no such game 'nothing-like-it'" in run.err and "did you mean" not in run.err
    (tmp_path / "empty").mkdir()
    run = ppgen("validate", tmp_path / "empty")
    assert run.code == 2 and f"'{tmp_path / 'empty'}' is a folder with no game.toml in it" in run.err, run.text


def test_a_hostile_game_name_is_a_usage_error_not_an_internal_error():
    for name in ("a" * 100_000, "x/" * 3000, "squib-squares\n", "a\u202eb"):
        run = ppgen("validate", name)
        assert run.code == 2 and "no such game" in run.err, run.text[-500:]
        assert "internal error" not in run.text and "Traceback" not in run.text
        assert len(run.err) < 2000  # the name is quoted cut short
    assert "'a\\u202eb'" in ppgen("validate", "a\u202eb").err  # an invisible character shows as its escape


@pytest.mark.parametrize("url, message", [
    ("https://example.org/" + "a" * 100_000, "a URL of 100020 characters; at most 2000"),
    ("ftp://example.org/deck/", "Tabletop Simulator loads http://, https://, file:// URLs"),
    ("javascript:alert(1)", "give an address such as https://"),
    ("https:///no-host/", "give an address such as https://"),
    ("example.org/deck", "give an address such as https://"),
    ("file:deck", "give an address such as https://"),
    ("", "give an address such as https://"),
    ("https://example.org/my deck/", "holds a space, a control or a non-ASCII character"),
    ("https://example.org/deck\n", "holds a space, a control or a non-ASCII character"),
    ("https://example.org/d\u00e9ck/", "holds a space, a control or a non-ASCII character"),
    ("https://example.org/\u202egnp/", "holds a space, a control or a non-ASCII character"),
    ("https://[::1/deck/", "is not a URL"),
    ("https://example.org/deck?x=1", "cannot end in a ?query or #fragment"),
    ("https://example.org/deck#top", "cannot end in a ?query or #fragment"),
])
def test_tts_url_must_be_a_url_tts_loads(url, message, tmp_path):
    run = ppgen("build", ROOT / "examples" / "coin-flip", "--only", "tts", "--out", tmp_path, "--tts-url", url)
    assert run.code == 2 and "'--tts-url'" in run.err and message in run.err, run.text[-500:]
    assert len(run.err) < 1000 and list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("url", ["https://example.org/decks/coin", "http://localhost:8000/", "FILE:///tmp/tts/",
                                 "https://example.org/" + "a" * 1980])
def test_tts_url_that_tts_loads_is_taken(url, tmp_path):
    folder, _ = build_game(tmp_path, ROOT / "examples" / "coin-flip", "--only", "tts", "--tts-url", url)
    sheet = json.loads((folder / "tts/coins.json").read_text())["ObjectStates"][0]["CustomDeck"]["1"]
    assert sheet["FaceURL"] == url.rstrip("/") + "/coins-faces-1.png"
