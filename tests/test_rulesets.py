"""Rule sets: game.toml names them, the loader refuses unknown ones and element types of rule
sets the game does not name, and no generic module names a game. Rule sets are entry points
(group ppgen.rulesets): other installed packages add theirs, each with what it requires, and a
name two of them offer is an error at game.toml's `rulesets` line."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import sysconfig
import textwrap
import tomllib
import venv
from pathlib import Path

import pytest
from PIL import Image

from conftest import GAMES, ROOT, line_of, ppgen, replace_in

from generator import rulesets
from generator.units import MM

EXAMPLE = Path(__file__).parent / "ruleset_example"  # the docs' example rule set, as its own package

# Names of games (built in, and coming) and of their rule sets: generic code must not know them.
GAME_WORDS = {"squib", "squid", "druid", "fellowship", "boromir", "pooh"}
GENERIC_RULESET_NAMES = {"playing_cards", "playing-cards"}  # shared by many games, names none


def forbidden_names() -> set[str]:
    names = set(GAME_WORDS)
    for manifest in GAMES.glob("*/game.toml"):
        names.add(manifest.parent.name.lower())
        names.add(tomllib.loads(manifest.read_text(encoding="utf-8"))["title"].lower())
    package = ROOT / "generator" / "rulesets"
    names |= {p.name.lower() for p in package.iterdir() if (p / "__init__.py").is_file()}
    names |= {name.lower() for name in rulesets.RULESETS}
    return names - GENERIC_RULESET_NAMES


def test_no_generic_module_names_a_game():
    names = forbidden_names()
    pattern = re.compile("|".join(re.escape(n) for n in sorted(names, key=len, reverse=True)), re.I)
    generic = [p for p in (ROOT / "generator").rglob("*.py") if "rulesets" not in p.relative_to(ROOT).parts]
    assert len(generic) > 20
    found = []
    for path in generic:
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            hit = pattern.search(line)
            if hit:
                found.append(f"{path.relative_to(ROOT)}:{number}: {hit.group(0)!r}: {line.strip()}")
    assert not found, "generic modules name a game or rule set:\n" + "\n".join(found)


def test_the_registry_lists_each_rule_set_under_its_own_name():
    assert set(rulesets.RULESETS) >= {"squib"}
    for name, ruleset in rulesets.RULESETS.items():
        assert ruleset.name == name and rulesets.get(name) is ruleset
    squib = rulesets.get("squib")
    assert set(squib.painters) == {"squib"} and squib.checks and squib.helpers and squib.stats
    assert [c.name for c in squib.commands] == ["squib-deck"]


def test_an_unknown_rule_set_is_an_error_at_its_line(copy_game):
    game = copy_game("squib-squares")
    manifest = game / "game.toml"
    replace_in(manifest, 'rulesets = ["squib"]', 'rulesets = ["squib", "chess"]')
    run = ppgen("validate", game)
    assert run.code == 1
    line = line_of(manifest, "rulesets =")
    known = ", ".join(sorted(rulesets.RULESETS))  # every registered rule set, whoever added it
    assert f"game.toml:{line}: error: unknown rule set 'chess'; known: {known}" in run.err


def test_an_element_of_a_rule_set_the_game_does_not_name_says_which_to_add(copy_game):
    game = copy_game("squib-squares")
    manifest = game / "game.toml"
    replace_in(manifest, 'rulesets = ["squib"]', "rulesets = []")
    run = ppgen("build", game, "--out", game.parent / "out")
    assert run.code == 1
    assert "element type 'squib' belongs to the rule set 'squib'" in run.err
    assert 'rulesets = ["squib"]' in run.err
    assert not (game.parent / "out").exists()


def test_stats_come_from_the_games_rule_sets(validated):
    run = validated("squib-squares")
    assert run.code == 0 and "Squibs per value" in run.out
    plain = validated(ROOT / "examples" / "coin-flip")
    assert plain.code == 0 and "Squibs per value" not in plain.out


# -- what a rule set requires ---------------------------------------------------------------------

def test_a_rule_set_named_alone_brings_what_it_requires(copy_game):
    """Uncontrolled Squid without "playing-cards" in its list: a card that is not a playing
    card is still reported (its own checks skip it, trusting the playing-cards check)."""
    game = copy_game("uncontrolled-squid")
    manifest = game / "game.toml"
    replace_in(manifest, 'rulesets = ["playing-cards", "uncontrolled-squid"]', 'rulesets = ["uncontrolled-squid"]')
    replace_in(game / "cards.csv", "4S-eye,4S,", "4S-eye,4X,")
    run = ppgen("validate", game)
    assert run.code == 1
    line = line_of(game / "cards.csv", "4S-eye,")
    assert f"cards.csv:{line}: error: card '4S-eye': not a playing card: '4X'" in run.err, run.err


def test_requirements_come_first_and_each_rule_set_once():
    assert rulesets.resolve(["uncontrolled-squid"]) == (("playing-cards", "uncontrolled-squid"), [])
    assert rulesets.resolve(["druids-duel", "playing-cards", "poohsticks"]) == (
        ("playing-cards", "druids-duel", "poohsticks"), [])
    for name in ("uncontrolled-squid", "druids-duel", "fellowship", "poohsticks"):
        assert rulesets.get(name).requires == ("playing-cards",)


# -- the registry: entry points, and the built-ins without them ------------------------------------

def test_pyproject_registers_every_built_in_rule_set():
    """pyproject.toml's entry points are the sub-packages of generator/rulesets/, which is
    what a checkout run without installing finds instead."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    registered = project["entry-points"][rulesets.GROUP]
    assert registered == {point.name: point.value for point in rulesets._own_entry_points()}
    for name in registered:
        assert rulesets.get(name).name == name


def test_a_checkout_without_metadata_finds_the_built_in_rule_sets(tmp_path):
    """No installed metadata at all (python -m generator.cli from a bare checkout): the
    built-in rule sets are found in the package."""
    script = ("import importlib.metadata as m, sys; m.entry_points = lambda **kw: []; "
              "sys.argv = ['ppgen', 'validate', 'uncontrolled-squid']; from generator.cli import run; run()")
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and "uncontrolled-squid: ok" in done.stdout, done.stdout + done.stderr


# -- other packages' rule sets, installed as metadata on PYTHONPATH -----------------------------------

PLUGINS = '''
import click

from generator.elements import geometry
from generator.rulesets.base import Painter, RuleSet

DISC = Painter(geometry(), lambda ops, box, params, game: None)


def offering(*names):
    return lambda game, embeds: {name: (lambda: "") for name in names}


def replay(game, data):
    raise ValueError("never replayed")


LONELY = RuleSet("lonely", requires=("absent",))
CHICKEN = RuleSet("chicken", requires=("egg",))
EGG = RuleSet("egg", requires=("chicken",))
STACKED = RuleSet("stacked", requires=("playing-cards",))
BOXY = RuleSet("boxy", painters={"box": DISC})
RED = RuleSet("red", painters={"disc": DISC})
BLUE = RuleSet("blue", painters={"disc": DISC})
SHADOW = RuleSet("shadow", helpers=offering("cards"))
LEFT = RuleSet("left", helpers=offering("roll"))
RIGHT = RuleSet("right", helpers=offering("roll"))
EAST = RuleSet("east", examples={"race": replay})
WEST = RuleSet("west", examples={"race": replay})
TWICE = RuleSet("twice")
NOT_A_RULESET = {"name": "notone"}
DEAL = click.Command("deal")
DEALER_A = RuleSet("dealer-a", commands=(DEAL,))
DEALER_B = RuleSet("dealer-b", commands=(DEAL,))
'''

# rule set -> where its entry point points, in the package fake-rulesets
ENTRY_POINTS = {"lonely": "plugins:LONELY", "chicken": "plugins:CHICKEN", "egg": "plugins:EGG",
                "stacked": "plugins:STACKED", "boxy": "plugins:BOXY", "red": "plugins:RED", "blue": "plugins:BLUE",
                "shadow": "plugins:SHADOW", "left": "plugins:LEFT", "right": "plugins:RIGHT", "east": "plugins:EAST",
                "west": "plugins:WEST", "twice": "plugins:TWICE", "notone": "plugins:NOT_A_RULESET",
                "misnamed": "plugins:RED", "broken": "no_such_module:RULESET", "stringy": "stringy:RULESET"}

# the game's rulesets -> what validate reports at that line
FAULTS = {
    '["lonely"]': "rule set 'lonely' requires 'absent', which is not installed; known: ",
    '["chicken"]': "rule sets require each other in a circle: chicken -> egg -> chicken",
    '["boxy"]': "rule set 'boxy' offers the face element type 'box', which is ppgen's own: rename it",
    '["red", "blue"]': "face element type 'disc' is offered by both rule sets, 'red' and 'blue'",
    '["east", "west"]': "worked-example kind 'race' is offered by both rule sets, 'east' and 'west'",
    '["shadow"]': "rule set 'shadow' offers the rules.md helper 'cards', which is ppgen's own: rename it",
    '["left", "right"]': "rules.md helper 'roll' is offered by both rule sets, 'left' and 'right'",
    '["twice"]': "rule set 'twice' is offered by 2 packages: 'fake-rulesets' (plugins:TWICE), 'other-rulesets' "
                 "(others:TWICE); uninstall all but one",
    '["notone"]': "rule set 'notone' (plugins:NOT_A_RULESET, from the package 'fake-rulesets') is not a RuleSet "
                  "but dict",
    '["misnamed"]': "rule set 'misnamed' (plugins:RED, from the package 'fake-rulesets') calls itself 'red'",
    '["broken"]': "rule set 'broken' (no_such_module:RULESET, from the package 'fake-rulesets') cannot be loaded: "
                  "ModuleNotFoundError: No module named 'no_such_module'",
    '["stringy"]': "cannot be loaded: TypeError: RuleSet 'stringy': requires must be a tuple of rule set names, "
                   "got 'playing-cards'",
}


def install_metadata(site: Path, package: str, entry_points: dict[str, str], modules: dict[str, str]) -> None:
    """A package 'installed' into site: its modules and a dist-info folder with its entry points,
    which is all importlib.metadata reads."""
    for name, text in modules.items():
        (site / f"{name}.py").write_text(textwrap.dedent(text), encoding="utf-8")
    info = site / f"{package.replace('-', '_')}-1.0.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {package}\nVersion: 1.0\n", encoding="utf-8")
    lines = "".join(f"{name} = {target}\n" for name, target in entry_points.items())
    (info / "entry_points.txt").write_text(f"[{rulesets.GROUP}]\n{lines}", encoding="utf-8")


@pytest.fixture
def plugins(tmp_path, monkeypatch) -> Path:
    """Two packages of rule sets, broken in every way, on the PYTHONPATH of the ppgen the test runs."""
    site = tmp_path / "site"
    site.mkdir()
    install_metadata(site, "fake-rulesets", ENTRY_POINTS, {
        "plugins": PLUGINS,
        "stringy": "from generator.rulesets.base import RuleSet\nRULESET = RuleSet('stringy', requires='playing-cards')\n"})
    install_metadata(site, "other-rulesets", {"twice": "others:TWICE"},
                     {"others": "from generator.rulesets.base import RuleSet\nTWICE = RuleSet('twice')\n"})
    monkeypatch.setenv("PYTHONPATH", str(site))
    return site


def coin_flip_with(folder: Path, named: str) -> Path:
    shutil.copytree(ROOT / "examples" / "coin-flip", folder)
    replace_in(folder / "game.toml", "minutes = 5", f"minutes = 5\nrulesets = {named}")
    return folder


def test_other_packages_rule_sets_at_fault_are_reported_at_the_rulesets_line(plugins, tmp_path):
    games = {named: coin_flip_with(tmp_path / f"game-{i}", named) for i, named in enumerate(FAULTS)}
    run = ppgen("validate", *games.values(), cwd=tmp_path)
    assert run.code == 1 and "Traceback" not in run.text and "internal error" not in run.text, run.text
    for named, message in FAULTS.items():
        where = f"{games[named].name}/game.toml:{line_of(games[named] / 'game.toml', 'rulesets =')}: error: "
        assert any(line.startswith(where) and message in line for line in run.err.splitlines()), (where, message,
                                                                                                 run.err)


def test_another_packages_rule_set_gets_its_requirement(plugins, tmp_path):
    game = coin_flip_with(tmp_path / "stacked", '["stacked"]')
    (game / "cards.csv").write_text("id,name,color,card\nc1,Heads,#D4A017,AS\nc2,Tails,#8C8C8C,ZZ\n",
                                    encoding="utf-8")
    run = ppgen("validate", game)
    assert run.code == 1 and "cards.csv:3: error: card 'c2': not a playing card: 'ZZ'" in run.err, run.text


def test_design_reports_a_broken_rule_set_or_a_command_two_offer(plugins, tmp_path, monkeypatch):
    run = ppgen("design", "--help")
    assert run.code == 1 and "Traceback" not in run.text, run.text
    assert "rule set 'broken' (no_such_module:RULESET, from the package 'fake-rulesets') cannot be loaded" in run.err
    site = tmp_path / "dealers"
    site.mkdir()
    install_metadata(site, "dealers", {"dealer-a": "plugins:DEALER_A", "dealer-b": "plugins:DEALER_B"},
                     {"plugins": PLUGINS})
    monkeypatch.setenv("PYTHONPATH", str(site))
    run = ppgen("design", "deal")
    assert run.code == 1 and "Traceback" not in run.text, run.text
    assert "design command 'deal' is offered by both rule sets, 'dealer-a' and 'dealer-b'" in run.err


# -- the docs' example, installed with pip as its own package ----------------------------------------

def test_the_docs_show_the_example_rule_set_in_full():
    docs = (ROOT / "docs" / "rulesets.md").read_text(encoding="utf-8")
    for name in ("pyproject.toml", "ppgen_dice.py", "dice-race/game.toml"):
        assert (EXAMPLE / name).read_text(encoding="utf-8").strip() in docs, name


def test_a_rule_set_from_its_own_package_draws_on_the_cards(tmp_path):
    """The docs' example rule set, pip-installed into an environment that also sees the suite's
    packages, is found by its entry point; its painter draws the die, its helper runs."""
    env_dir = tmp_path / "env"
    venv.create(env_dir, with_pip=False)
    python = env_dir / "bin" / "python"
    site = subprocess.run([python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                          capture_output=True, text=True, check=True).stdout.strip()
    suite = sysconfig.get_paths()["purelib"]  # ppgen, its dependencies and pip, from the suite's environment
    Path(site, "suite.pth").write_text(f"import site; site.addsitedir({suite!r})\n", encoding="utf-8")
    source = shutil.copytree(EXAMPLE, tmp_path / "ppgen-dice")  # pip builds in the folder: not in the checkout
    install = subprocess.run([python, "-m", "pip", "install", "-q", "--no-deps", source], capture_output=True,
                             text=True, timeout=300)
    assert install.returncode == 0, install.stdout + install.stderr
    assert Path(site, "ppgen_dice.py").is_file()

    env = {**os.environ, "PYTHONPATH": str(ROOT)}  # ppgen as the suite runs it, installed or not
    game = source / "dice-race"
    for args in (["validate", game], ["build", game, "--out", tmp_path / "out", "--card", "five"]):
        done = subprocess.run([python, "-m", "generator.cli", *args], capture_output=True, text=True, env=env,
                              cwd=tmp_path, timeout=120)
        assert done.returncode == 0, done.stdout + done.stderr
    front = Image.open(tmp_path / "out" / "dice-race" / "card" / "five-front.png").convert("RGB")
    bleed = 300 / 8  # px: 300 dpi, 1/8 in of bleed

    def pixel(x_mm: float, y_mm: float) -> tuple[int, int, int]:
        return front.getpixel((round(bleed + x_mm * MM / 72 * 300), round(bleed + y_mm * MM / 72 * 300)))

    assert pixel(5, 5) == (0x33, 0x66, 0xAA)  # the face's background
    assert pixel(20, 30) == (0, 0, 0)  # the five's middle pip, in the middle of the die (10 to 30 mm, 20 to 40 mm)
    assert pixel(20, 24) == (255, 255, 255)  # the die between its two top pips
