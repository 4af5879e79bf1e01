"""Hostile-input corpus, issue 20: game.toml's `rulesets` naming what is not a rule set, and
a rule set that requires another (the playing-cards one) named alone: the one it requires is
pulled in, so its check still reports a card that is not a playing card."""

from __future__ import annotations

from corpus_kit import Case, both, edit, write

MINUTES = "minutes = 5"


def rulesets(value: str):
    """game.toml's `rulesets = VALUE` (TOML text), after `minutes`."""
    return edit("game.toml", MINUTES, f"{MINUTES}\nrulesets = {value}")


# cards.csv with a `card` column (a playing-card deck); c2's card is no playing card.
BAD_CARD = write("cards.csv", "id,name,color,card\n" + "".join(
    f"c{n},{name},{color},{card}\n" for n, name, color, card in (
        (1, "Heads", "#D4A017", "AS"), (2, "Tails", "#8C8C8C", "ZZ"), (3, "Heads", "#D4A017", "2S"),
        (4, "Tails", "#8C8C8C", "3S"), (5, "Edge", "#B22222", "4S"), (6, "Lost", "#2F4F4F", "5S"))))
NOT_A_CARD = "card 'c2': not a playing card: 'ZZ'"

def at_rulesets(name: str, value: str, message: str) -> Case:
    """game.toml's `rulesets = VALUE`, reported with MESSAGE at that line."""
    return Case(name, rulesets(value), "game.toml", message, "rulesets =")


NOT_NAMES = "'rulesets' in game.toml must be a list of rule set names"

CASES: tuple[Case, ...] = (
    # names that are not an installed rule set: misspelt, a module path, a file path, empty, huge
    at_rulesets("ruleset-misspelt", '["playing-card"]',
                "unknown rule set 'playing-card' (did you mean 'playing-cards'?); known: "),
    at_rulesets("ruleset-module-path", '["generator.cli:run"]', "unknown rule set 'generator.cli:run'"),
    at_rulesets("ruleset-file-path", '["../../generator/rulesets/squib"]',
                "unknown rule set '../../generator/rulesets/squib'"),
    at_rulesets("ruleset-empty-name", '[""]', "unknown rule set ''"),
    at_rulesets("ruleset-huge-name", '["' + "chess" * 20_000 + '"]', "unknown rule set 'chesschess"),
    at_rulesets("ruleset-named-10000-times", '["chess", ' + '"chess", ' * 10_000 + "]", "unknown rule set 'chess'"),
    Case("ruleset-known-10000-times", rulesets("[" + '"playing-cards", ' * 10_000 + "]"), "game.toml", "", None,
         "ok"),
    # not a list of names
    at_rulesets("ruleset-not-a-list", '"playing-cards"', NOT_NAMES),
    at_rulesets("ruleset-not-names", '["playing-cards", 7]', NOT_NAMES),
    at_rulesets("ruleset-table", '{ name = "playing-cards" }', NOT_NAMES),
    # a face element of a rule set the game does not name
    Case("ruleset-element-not-named", edit("game.toml", 'type = "ellipse"', 'type = "playing-card"'), "game.toml",
         "element type 'playing-card' belongs to the rule set 'playing-cards'; add it to game.toml",
         'type = "playing-card"'),
    # a rule set named without the one it requires: that one is pulled in, and its check runs
    *(Case(f"ruleset-requires-{name}", both(rulesets(f'["{name}"]'), BAD_CARD), "cards.csv",
           NOT_A_CARD, "c2,") for name in ("uncontrolled-squid", "druids-duel", "fellowship", "poohsticks")),
)
