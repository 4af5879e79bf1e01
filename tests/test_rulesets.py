"""Rule sets: game.toml names them, the loader refuses unknown ones and element types of rule
sets the game does not name, and no generic module names a game."""

from __future__ import annotations

import re
import tomllib

from conftest import GAMES, ROOT, line_of, ppgen, replace_in

from generator import rulesets

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


def test_stats_come_from_the_games_rule_sets(copy_game):
    run = ppgen("validate", "squib-squares", "--stats")
    assert run.code == 0 and "Squibs per value" in run.out
    plain = ppgen("validate", ROOT / "examples" / "coin-flip", "--stats")
    assert plain.code == 0 and "Squibs per value" not in plain.out
