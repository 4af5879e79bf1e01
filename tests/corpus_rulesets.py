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

CASES: tuple[Case, ...] = (
    # names that are not an installed rule set: misspelt, a module path, a file path, empty, huge
    Case("ruleset-misspelt", rulesets('["playing-card"]'), "game.toml",
         "unknown rule set 'playing-card' (did you mean 'playing-cards'?); known: ", "rulesets ="),
    Case("ruleset-module-path", rulesets('["generator.cli:run"]'), "game.toml",
         "unknown rule set 'generator.cli:run'", "rulesets ="),
    Case("ruleset-file-path", rulesets('["../../generator/rulesets/squib"]'), "game.toml",
         "unknown rule set '../../generator/rulesets/squib'", "rulesets ="),
    Case("ruleset-empty-name", rulesets('[""]'), "game.toml", "unknown rule set ''", "rulesets ="),
    Case("ruleset-huge-name", rulesets('["' + "chess" * 20_000 + '"]'), "game.toml", "unknown rule set 'chesschess",
         "rulesets ="),
    Case("ruleset-named-10000-times", rulesets('["chess", ' + '"chess", ' * 10_000 + "]"), "game.toml",
         "unknown rule set 'chess'", "rulesets ="),
    Case("ruleset-known-10000-times", rulesets("[" + '"playing-cards", ' * 10_000 + "]"), "game.toml", "", None,
         "ok"),
    # not a list of names
    Case("ruleset-not-a-list", rulesets('"playing-cards"'), "game.toml",
         "'rulesets' in game.toml must be a list of rule set names", "rulesets ="),
    Case("ruleset-not-names", rulesets('["playing-cards", 7]'), "game.toml",
         "'rulesets' in game.toml must be a list of rule set names", "rulesets ="),
    Case("ruleset-table", rulesets('{ name = "playing-cards" }'), "game.toml",
         "'rulesets' in game.toml must be a list of rule set names", "rulesets ="),
    # a face element of a rule set the game does not name
    Case("ruleset-element-not-named", edit("game.toml", 'type = "ellipse"', 'type = "playing-card"'), "game.toml",
         "element type 'playing-card' belongs to the rule set 'playing-cards'; add it to game.toml",
         'type = "playing-card"'),
    # a rule set named without the one it requires: that one is pulled in, and its check runs
    *(Case(f"ruleset-requires-{name}", both(rulesets(f'["{name}"]'), BAD_CARD), "cards.csv",
           NOT_A_CARD, "c2,") for name in ("uncontrolled-squid", "druids-duel", "fellowship", "poohsticks")),
)
