"""Corpus cases on copies of the built-in games: what their own rule sets refuse (a deck that
breaks the game, a worked example in rules.md the engine refutes), each at its file and line.
They were a copy and a `ppgen` run each in the games' test files; in the corpus one validate
run checks them all."""

from __future__ import annotations

from pathlib import Path

from corpus_kit import GAMES, Case, both, edit

SQUIB, DUEL, SQUID = GAMES / "squib-squares", GAMES / "druids-duel", GAMES / "uncontrolled-squid"
FELLOWSHIP, POOHSTICKS = GAMES / "fellowship-of-the-ring", GAMES / "poohsticks"
CLAIM = 'winner = "challenger"'


def drop_lines(file: str, start: str):
    """Every line of file that starts with start taken out."""
    def make(game: Path) -> None:
        lines = (game / file).read_text(encoding="utf-8").splitlines()
        (game / file).write_text("\n".join(line for line in lines if not line.startswith(start)) + "\n",
                                 encoding="utf-8")
    return make


def _cut_claims(game: Path) -> None:
    text = (game / "rules.md").read_text(encoding="utf-8")
    start = text.index("[claims]")
    (game / "rules.md").write_text(text[:start] + text[text.index("---", start):], encoding="utf-8")


def _example_into_an_aid(game: Path) -> None:
    """Squib's steal example moved into the first player aid."""
    text = (game / "rules.md").read_text(encoding="utf-8")
    start = text.index('{% set ex = squib.steal("beats", "ties") -%}')
    end = text.index("{% endcall %}", start) + len("{% endcall %}")
    example, text = text[start:end], text[:start] + text[end:]
    close = text.index("{% endcall %}", text.index("{% call aid("))
    (game / "rules.md").write_text(text[:close] + "\n" + example + "\n" + text[close:], encoding="utf-8")


WORKED_EXAMPLES: tuple[Case, ...] = (  # from test_worked_examples.py
    Case("squib-false-claim", edit("rules.md", CLAIM, 'winner = "defender"'), "rules.md",
         'claims winner = "defender", but the rules give "challenger"', 'winner = "defender"', base=SQUIB),
    Case("squib-false-count", edit("rules.md", "stolen = 1", "stolen = 2"), "rules.md",
         "claims stolen = 2, but the rules give 1", "stolen = 2", base=SQUIB),
    Case("squib-claim-not-reported", edit("rules.md", CLAIM, CLAIM + "\nloser_cries = true"), "rules.md",
         "claim 'loser_cries' is not something the rules report (they report: left, right, stolen, winner)",
         "loser_cries", base=SQUIB),
    Case("squib-unknown-kind-of-example", edit("rules.md", 'example("squib-steal"', 'example("squib-swap"'),
         "rules.md", "unknown kind of example 'squib-swap'; known: squib-steal", "squib-swap", base=SQUIB),
    Case("squib-card-the-deck-lacks", edit("rules.md", 'defender = "{{ ex.bottom }}"', 'defender = "99"'),
         "rules.md", "no card '99' in the deck (defender)", 'defender = "99"', base=SQUIB),
    Case("squib-example-data-not-toml", edit("rules.md", "stolen = 1", "stolen = = 1"), "rules.md", "TOML:",
         "stolen = = 1", base=SQUIB),
    Case("squib-example-without-claims", _cut_claims, "rules.md", "no [claims]", "{% call example", base=SQUIB),
    Case("squib-example-in-a-player-aid", _example_into_an_aid, "rules.md",
         "belongs in the rules, not in a player aid", "squib.steal(", base=SQUIB),
    Case("fellowship-counting-example-lacks-a-card", edit("rules.md", '["JS", "AC", "2H", "4D"', '["JS", "AC", "4D"'),
         "rules.md", "claims played_out = true, but the rules give false", "played_out = true", base=FELLOWSHIP),
    Case("fellowship-boromir-in-the-ring-undrawn",
         edit("rules.md", "[claims]\nplayed_out", "boromir_drawn = false\n[claims]\nplayed_out"), "rules.md",
         "'JS' lies in the ring, so he has been drawn", '["JS", "AC"', base=FELLOWSHIP),
    Case("poohsticks-rock-in-the-bridge-row", edit("rules.md", '["bridge:5C", "bridge:8D"]', '["bridge:5C", "rock"]'),
         "rules.md", 'example "Example: under the bridge": a rock never lies in the bridge row (row 3)',
         'title="Example: under the bridge"', base=POOHSTICKS),  # an example that cannot start: at its call
)

DRUIDS_DUEL: tuple[Case, ...] = (  # from test_druids_duel_game.py
    Case("duel-deck-missing-a-rank", edit("game.toml", "standard = { jokers = 2 }", 'standard = { jokers = 2, ranks = '
                                          '["A", "2", "3", "4", "5", "6", "7", "8", "9", "J", "Q", "K"] }'),
         "game.toml", "lacks 10s (10S, 10H, 10D, 10C)", "standard =", base=DUEL),
    Case("duel-deck-without-jokers", edit("game.toml", "standard = { jokers = 2 }", "standard = { jokers = 0 }"),
         "game.toml", "lacks the jokers", "standard =", base=DUEL),
    Case("duel-form-without-its-animal", edit("game.toml", 'Q = { animal = "peacock", ', "Q = { ", 3),  # each edition's
         "game.toml", "has no animal: the queen is the peacock", "Q = {", base=DUEL),
    Case("duel-form-missing-from-the-data", drop_lines("game.toml", "K = {"), "game.toml",
         "the king (K) has no animal", "[data.forms]", base=DUEL),
    Case("duel-wrong-animal", edit("game.toml", 'J = { animal = "jackrabbit"', 'J = { animal = "lion"'), "game.toml",
         "the jack is the jackrabbit", "J = {", base=DUEL),
    # the source's own turn 2 (C's 6 of diamonds beside B's 10) put back: the engine refutes it
    Case("duel-seeds-turn-two", edit("rules.md", '"C": "7H"', '"C": "6D"'), "rules.md",
         'claims turn2_succeeded = ["A", "C"], but the rules give ["A"]', "turn2_succeeded", base=DUEL),
    Case("duel-example-of-five-players", edit("rules.md", 'players = ["A", "B", "C", "D"]',
                                              'players = ["A", "B", "C", "D", "E"]'), "rules.md",
         "example \"Turn 1\": Druid's Duel is for 2 to 4 players, not 5", 'title="Turn 1"', base=DUEL),
    Case("duel-players-beyond-the-game", edit("game.toml", "players = [2, 4]", "players = [2, 6]"), "game.toml",
         "Druid's Duel is for 2 to 4 players", "players =", base=DUEL),
)

UNCONTROLLED_SQUID: tuple[Case, ...] = (  # from test_uncontrolled_squid_game.py
    Case("squid-cult-missing-a-rank", edit("cards.csv", "QH-wave,QH,Q,H,wave\n", ""), "cards.csv",
         "The Ninth Wave (wave) has no QH", ("JH-wave,", 1), base=SQUID),
    Case("squid-card-of-another-suit", edit("cards.csv", "5D-crown,5D,5,D,crown", "5D-crown,5C,5,C,crown"),
         "cards.csv", "card '5D-crown': The Ink Crown plays the suit D", "5D-crown", base=SQUID),
    Case("squid-too-few-cults-for-the-table", edit("game.toml", "players = [2, 8]", "players = [2, 10]"),
         "game.toml", "players 2-10: the rules allow 2 to 8", "players =", base=SQUID),
    Case("squid-example-refuted", edit("rules.md", 'round2 = { holder = "Cleo", A = 1, B = 1, squid = 0 }',
                                       'round2 = { holder = "Ann", A = 1, B = 1, squid = 0 }'), "rules.md",
         'example "Example: a game of four": claims round2 = ', 'round2 = { holder = "Ann"', base=SQUID),
    Case("squid-example-odd-table", both(
        edit("rules.md", 'players = { Ann = "A", Ben = "B" }', 'players = { Ann = "A", Ben = "B", Cleo = "A" }'),
        edit("rules.md", 'cults = { Ann = "eye", Ben = "shell" }',
             'cults = { Ann = "eye", Ben = "shell", Cleo = "moon" }')), "rules.md",
         'example "Example: the pro game, one against one": Uncontrolled Squid needs an even number of players '
         "from 2 to 8 (two equal teams), not 3", 'call example("squid-rounds", title="Example: the pro game',
         base=SQUID),
    Case("squid-example-plays-another-cults-card",
         edit("rules.md", '{ Ann = "9S", Ben = "KH", Cleo = "4D", Dev = "7C" }',
              '{ Ann = "9H", Ben = "KH", Cleo = "4D", Dev = "7C" }'),
         "rules.md", 'example "Example: a game of four": round 1: seat 0 has no 9H in hand',
         'title="Example: a game of four"', base=SQUID),
)

FELLOWSHIP_OF_THE_RING: tuple[Case, ...] = (  # from test_fellowship_game.py
    # a fault in an example's data is reported at the line holding the value it names
    Case("fellowship-example-card-not-in-the-deck", edit("rules.md", 'stretch = ["7C", "AH", "QS", "AD"]',
                                                         'stretch = ["7C", "AH", "QS", "JK2"]'),
         "rules.md", "no card 'JK2' in the deck 'cards'", '"JK2"]', base=FELLOWSHIP),
    Case("fellowship-example-no-card-at-all", edit("rules.md", '["KH", "5C"]', '["KH", "5X"]'), "rules.md",
         "no card '5X'", '["KH", "5X"]', base=FELLOWSHIP),
    Case("fellowship-false-capture", edit("rules.md", 'captures = [["3D", "2H"]]',
                                          'captures = [["3D", "2H"], ["KH", "2H"]]'),
         "rules.md", 'but the rules give [["3D", "2H"]]', '["KH", "2H"]]', base=FELLOWSHIP),
    Case("fellowship-false-winner", edit("rules.md", 'winner = "black"', 'winner = "red"'), "rules.md",
         'claims winner = "red", but the rules give "black"', 'winner = "red"', base=FELLOWSHIP),
    Case("fellowship-two-jokers", edit("game.toml", "standard = { jokers = 1 }", "standard = { jokers = 2 }"),
         "game.toml", "must hold 53 cards (52 and one joker), it holds 54", "standard = { jokers = 2 }",
         base=FELLOWSHIP),
    Case("fellowship-mat-too-small-for-the-ring", edit("game.toml", 'w = "488mm"\nh = "488mm"',
                                                       'w = "400mm"\nh = "400mm"'), "game.toml",
         "a ring of 13 places this size needs a box of at least 477 mm square (the places would overlap)",
         "[[faces.ring-mat.elements]]", base=FELLOWSHIP),
)


# each boat is marked on its card: one off the rows shown, on a rock or on another boat's card is an
# error at the example's boats line
BOATS = (("off-the-rows", "[1, 1]", "boat of Ada at [1, 1] is not on a face-up card of the rows shown"),
         ("far-off", "[9, 9]", "boat of Ada at [9, 9] is not on a face-up card of the rows shown"),
         ("on-the-rock", "[3, 2]", "boat of Ada at [3, 2] is not on a face-up card"),
         ("on-one-card", "[2, 2]", "boats of Ada and Ben are both at [2, 2]"))


def _boat(name: str, ada: str, message: str) -> Case:
    boats = f"boats = {{ Ada = {ada}, Ben = [2, 2] }}"
    return Case(f"poohsticks-boat-{name}", edit("rules.md", 'boats = { Ada = "start", Ben = [2, 2] }', boats),
                "rules.md", message, boats, base=POOHSTICKS)


POOHSTICKS_CASES: tuple[Case, ...] = (  # from test_poohsticks_game.py
    Case("poohsticks-river-card-not-in-the-deck", edit("rules.md", '["JH", "10H"], ["2S", "3D"]]',
                                                       '["JH", "10X"], ["2S", "3D"]]'),
         "rules.md", "no card '10X' in the deck (river)", '["JH", "10X"]', base=POOHSTICKS),
    Case("poohsticks-card-twice-in-an-example", edit("rules.md", 'hand = ["5H", "4D", "JS"]',
                                                     'hand = ["5H", "4D", "JH"]'),
         "rules.md", "card JH appears twice", "Example: two moves in one turn", base=POOHSTICKS),
    Case("poohsticks-ways-the-solver-refutes", edit("rules.md", 'ways = ["9 − 7", "14 ÷ 7"]', 'ways = ["9 − 7"]'),
         "rules.md", 'claims ways = ["9 − 7"], but the rules give ["9 − 7", "14 ÷ 7"]', 'ways = ["9 − 7"]',
         base=POOHSTICKS),
    Case("poohsticks-way-that-does-not-add-up", edit("rules.md", 'way = "2 × (7 − 5)"', 'way = "2 × 7 − 5"'),
         "rules.md", "claims value = 4, but the rules give 9", "value = 4", base=POOHSTICKS),
    Case("poohsticks-move-the-river-forbids", edit("rules.md", 'moves = [{ to = [1, 1], cards = ["5H", "4D"] }',
                                                   'moves = [{ to = [1, 2], cards = ["5H", "4D"] }'),
         "rules.md", "claims legal = true, but the rules give false", ("moves = 2", -1),  # `legal = true`, above
         base=POOHSTICKS),
    Case("poohsticks-arithmetic-in-the-text", edit("rules.md", 'way("7 ÷ 2", legal=false)',
                                                   'way("8 ÷ 2", legal=false)'),
         "rules.md", "way('8 ÷ 2') is a legal way: it comes to 4", 'way("8 ÷ 2"', base=POOHSTICKS),
    Case("poohsticks-jokers", edit("game.toml", "standard = { jokers = 0 }", "standard = { jokers = 1 }"),
         "game.toml", "Poohsticks is played without jokers", "standard =", base=POOHSTICKS),
) + tuple(_boat(*boat) for boat in BOATS)

CASES: tuple[Case, ...] = (WORKED_EXAMPLES + DRUIDS_DUEL + UNCONTROLLED_SQUID + FELLOWSHIP_OF_THE_RING
                           + POOHSTICKS_CASES)
