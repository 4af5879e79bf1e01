"""Every key of game.toml, layouts.toml and printers.toml given every TOML type (issue 19):
a value of the wrong type is an error at its own line naming the key, never an internal
error. One `ppgen validate` runs over all the game folders, one `ppgen build --printer` over
all the printer profiles."""

from __future__ import annotations

import re
import shutil
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Callable

import pytest

from conftest import ROOT, ppgen

COIN_FLIP = ROOT / "examples" / "coin-flip"

# Each TOML type, as written.
TYPES = {"string": '"x"', "int": "7", "float": "2.5", "nan": "nan", "inf": "-inf", "bool": "true",
         "date": "1979-05-27", "list": '[1, "a"]', "tables": "[{ a = 1 }]", "table": "{ a = 1 }",
         "huge": "99999999999999999999"}

# key -> the types that may pass (a value of such a type may still be wrong, say an unknown
# name, and is then reported too); every other type must be an error at the key's line.
TOP = {"title": {"string"}, "tagline": {"string"}, "layout": {"string"}, "players": {"int"}, "minutes": {"int"},
       "credits": set(), "rules": {"string"}, "handout": {"bool"}, "rulesets": set(), "components": {"tables"},
       "faces": {"table"}, "data": {"table"}, "icons": {"table"}, "fonts": {"table"}}
COMPONENT = {"id": {"string"}, "name": {"string"}, "kind": set(), "size": set(), "orientation": set(),
             "bleed": {"int", "float"}, "safe": {"int", "float"}, "data": set(), "front": set(), "back": set(),
             "count": {"int"}, "numbers": set(), "standard": set()}
FACE = {"background": set(), "elements": set()}
TEXT = {"type": set(), "when": {"string"}, "x": {"int", "float"}, "y": {"int", "float"}, "w": {"int", "float"},
        "h": {"int", "float"}, "text": {"string"}, "font": set(), "size": {"int"}, "min_size": {"int"},
        "color": set(), "align": set(), "valign": set(), "leading": {"float"}}
BOX = {"radius": {"int", "float"}, "stroke_width": {"int", "float"}, "fill": set(), "stroke": set()}
STANDARD = {"jokers": {"int"}, "copies": {"int"}, "ranks": set(), "suits": set()}
ICON = {"shape": set(), "text": {"string"}, "color": set()}  # [icons] coin = { KEY = ... }
LAYOUT = {"cards": set(), "rotate": {"bool"}}  # and each corner's x: {"int", "float"}
PRINTER = {"offset_x": {"int", "float"}, "offset_y": {"int", "float"}, "scale_x": set(), "scale_y": set(),
           "flip": set()}

MINIMAL = 'title = "T"\nplayers = [2, 4]\nminutes = 5\n'
BASE = (COIN_FLIP / "game.toml").read_text(encoding="utf-8")
HERE = "[[faces.coin.elements]] # here"  # the header of the element a sweep writes into


@dataclass(frozen=True)
class Place:
    """Where a sweep writes a key: put(value) -> (the file's text, the line of the key)."""
    name: str
    file: str
    key: str  # what the report must name
    accepts: set[str]
    put: Callable[[str], tuple[str, int]]


def _set_key(text: str, section: str, key: str, value: str) -> tuple[str, int]:
    """text with `key = value` in the table whose header is `section` (replacing the key's
    line there, or as the table's first key), and the number of that line."""
    lines = text.splitlines()
    start = lines.index(section) + 1
    end = next((i for i in range(start, len(lines)) if lines[i].startswith("[")), len(lines))
    found = next((i for i in range(start, end) if re.match(rf"{key}\s*=", lines[i])), None)
    if found is None:
        lines.insert(start, f"{key} = {value}")
        found = start
    else:
        lines[found] = f"{key} = {value}"
    return "\n".join(lines) + "\n", found + 1


def _top(key: str, value: str) -> tuple[str, int]:
    text = MINIMAL.replace(f"{key} = ", f"#{key} = ") + f"{key} = {value}\n"
    return text, text.count("\n")


def _before_faces(table: str, line: str) -> tuple[str, int]:
    """coin-flip's game.toml with [table] and its one line before the faces (no [data] of its own)."""
    text = BASE.replace("[data]\nhand_size = 2\n", "").replace("[faces.coin]\n", f"[{table}]\n{line}\n\n[faces.coin]\n")
    return text, text.splitlines().index(line) + 1


def _places() -> list[Place]:
    element = {kind: BASE.replace(f'[[faces.coin.elements]]\ntype = "{kind}"', f'{HERE}\ntype = "{kind}"')
               for kind in ("text", "box")}
    tables = (("component", COMPONENT, BASE, "[[components]]"), ("face", FACE, BASE + "\n[faces.extra]\n",
                                                                  "[faces.extra]"),
              ("text", TEXT, element["text"], HERE), ("box", BOX, element["box"], HERE))
    data_line = BASE.splitlines().index('data = "cards.csv"') + 1
    places = [Place(f"top-{key}", "game.toml", key, accepts, partial(_top, key)) for key, accepts in TOP.items()]
    places += [Place(f"{label}-{key}", "game.toml", key, accepts, partial(_set_key, source, section, key))
               for label, keys, source, section in tables for key, accepts in keys.items()]
    places += [Place(table, "game.toml", key, accepts, lambda v, t=table, k=key: _before_faces(t, f"{k} = {v}"))
               for table, key, accepts in (("icons", "coin", set()), ("fonts", "body", set()),
                                           ("data", "hand_size", set(TYPES) - {"nan", "inf", "huge"}))]
    places += [Place(f"icon-{key}", "game.toml", key, accepts, lambda v, k=key: _before_faces(
        "icons", f'coin = {{ shape = "circle", {k} = {v} }}' if k == "color" else f"coin = {{ {k} = {v} }}"))
        for key, accepts in ICON.items()]
    places += [Place(f"standard-{key}", "game.toml", key, accepts, lambda v, k=key: (
        BASE.replace('data = "cards.csv"', f"standard = {{ {k} = {v} }}"), data_line))
        for key, accepts in STANDARD.items()]
    places += [Place(f"layouts-{key}", "layouts.toml", key, accepts,
                     partial(_set_key, "[mine]\ncards = [[10, 10]]\n", "[mine]", key))
               for key, accepts in LAYOUT.items()]
    places.append(Place("layouts-corner", "layouts.toml", "cards", {"int", "float"},
                        lambda v: (f"[mine]\ncards = [[{v}, 10]]\n", 2)))
    return places


def _sweep_games(root: Path) -> dict[str, tuple[str, int, str, bool]]:
    """Every place given every type, as a game folder: name -> (file, line of the key, key, must fail)."""
    games = {}
    for place in _places():
        for kind, value in TYPES.items():
            name = f"{place.name}-{kind}"
            text, line = place.put(value)
            shutil.copytree(COIN_FLIP, root / name)
            (root / name / place.file).write_text(text, encoding="utf-8")
            games[name] = (place.file, line, place.key, kind not in place.accepts)
    return games


@pytest.fixture(scope="module")
def swept(tmp_path_factory):
    root = tmp_path_factory.mktemp("types")
    games = _sweep_games(root)
    run = ppgen("validate", *games, cwd=root, timeout=600)
    return games, run


def test_no_type_reaches_the_code_unchecked(swept):
    games, run = swept
    assert "Traceback" not in run.text and "internal error" not in run.text, run.text[-3000:]
    assert len(games) > 500


def test_a_wrong_type_is_an_error_at_its_line_naming_the_key(swept):
    games, run = swept
    missed = []
    for name, (file, line, key, must_fail) in games.items():
        if not must_fail:
            continue
        found = [report for report in run.err.splitlines() if report.startswith(f"{name}/{file}:{line}: error: ")]
        if not any(key in report for report in found):
            missed.append((name, line, [r for r in run.err.splitlines() if r.startswith(f"{name}/")]))
    assert not missed, missed[:10]


# nan, inf and too large integers are refused as the file is read, before its other faults
UNUSABLE = ("nan", "inf", "huge")


@pytest.mark.parametrize("kinds", [UNUSABLE, tuple(k for k in TYPES if k not in UNUSABLE)], ids=["unusable", "types"])
def test_every_printer_profile_key_of_every_type(kinds, tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    path = tmp_path / "config" / "ppgen" / "printers.toml"
    path.parent.mkdir(parents=True)
    lines, expected = [], {}
    for kind in kinds:  # profiles that are not tables: top-level keys come first
        lines.append(f"whole-{kind} = {TYPES[kind]}")
        if kind != "table":
            expected[len(lines)] = f"whole-{kind}"
    for kind in kinds:
        for key, accepts in PRINTER.items():
            lines += [f"[{key}-{kind}]", f"{key} = {TYPES[kind]}"]
            if kind not in accepts:
                expected[len(lines)] = key
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    run = ppgen("build", COIN_FLIP, "--only", "cards", "--printer", "offset_x-int", "--out", tmp_path / "out")
    assert run.code == 1 and "Traceback" not in run.text and "internal error" not in run.text, run.text
    reports = run.err.splitlines()
    missed = [(line, key) for line, key in expected.items()
              if not any(f"printers.toml:{line}: error: " in r and key in r for r in reports)]
    assert not missed, (missed, run.err)
    assert not (tmp_path / "out").exists()
