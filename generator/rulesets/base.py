"""The rule-set interface: what a game's own code offers the generic stages.

A rule set is a frozen RuleSet value; every part is optional:

- painters: face element types (name -> elements.Painter, the record the generic elements
  are too: its parameters, checked by the loader, where it lies, and paint(ops, box, params,
  game), which appends display-list ops for the box);
- checks: Game -> list of Problems, run by `ppgen validate` after the generic checks;
- helpers: (game, embeds) -> the names rules.md may use; embeds.token(figure) puts a figure
  in the text, and a helper called wrongly raises HelperError;
- stats: Game -> the text `ppgen validate --stats` prints;
- commands: click commands offered under `ppgen design`;
- examples: worked-example kinds (name -> Replayer): rules.md's {% call example("kind") %}
  blocks are replayed by the engine, and every claim they make is checked;
- reads: the CSV columns the rule set's own code reads (engine, checks, helpers), as names
  or a function of the game, so that `ppgen validate` does not warn that nothing reads them;
- codes: the [data] keys the rule set's code reads as codes (a colour the engine compares,
  an ink), not as text: the same in every edition, so an edition neither translates them
  nor is warned that it does not;
- requires: the names of the rule sets this one builds on (its code imports theirs, or
  trusts their checks): a game naming this one gets them too, loaded first.

Rule sets import only the stages below theirs: the vocabularies (model, errors, units,
elements, ops, doc, words, standard_deck) and text/; the generic stages find them through
the registry in __init__.py (tests/test_architecture.py holds the order).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Callable, Iterable, Mapping, Protocol

import click

from ..doc import Token
from ..elements import Box, Painter
from ..errors import HelperError, Problem
from ..model import Game

class PaintFunction(Protocol):
    def __call__(self, ops: list, box: Box, params: Mapping[str, Any], game: Game) -> None: ...


class Embedder(Protocol):
    def token(self, item: Any) -> str: ...


@dataclass(frozen=True)
class Replay:
    """What a rule set's engine made of a worked example: the facts it concluded (each claim
    of the example is checked against the fact of the same name) and the cards to show."""

    facts: Mapping[str, Any]
    component: str | None = None
    cards: tuple[tuple[str | None, ...], ...] = ()  # rows of card ids, as on the table
    labels: tuple[str, ...] = ()  # one per row of cards, printed left of it (a river's 'Row 2', a round)
    tokens: tuple[Token, ...] = ()  # pieces sitting on those cards (a boat on its river card)


# (game, the example's data without its claims) -> Replay; a ValueError names what is wrong.
Replayer = Callable[[Game, Mapping[str, Any]], Replay]
Check = Callable[[Game], list[Problem]]
Helpers = Callable[[Game, Embedder], Mapping[str, Any]]
Stats = Callable[[Game], str]
Reads = tuple[str, ...] | Callable[[Game], Iterable[str]]


@dataclass(frozen=True)
class RuleSet:
    name: str
    painters: Mapping[str, Painter] = field(default_factory=lambda: MappingProxyType({}))
    checks: tuple[Check, ...] = ()
    helpers: Helpers | None = None
    stats: Stats | None = None
    commands: tuple[click.Command, ...] = ()
    examples: Mapping[str, Replayer] = field(default_factory=lambda: MappingProxyType({}))
    reads: Reads = ()
    codes: tuple[str, ...] = ()
    requires: tuple[str, ...] = ()

    def __post_init__(self):
        # another package's rule set: a bare string would be read as a list of letters
        if not (isinstance(self.requires, tuple) and all(isinstance(n, str) for n in self.requires)):
            raise TypeError(f"RuleSet '{self.name}': requires must be a tuple of rule set names, "
                            f"got {self.requires!r}")

    def columns_read(self, game: Game) -> frozenset[str]:
        """The card columns this rule set's code reads in that game."""
        return frozenset(self.reads(game) if callable(self.reads) else self.reads)


def game_option(default: str, help: str):
    """A --game option for a rule set's command. The CLI loads the game (it puts a loader in
    the root context's obj), so a rule set never imports the loader."""

    def load(ctx: click.Context, param: click.Parameter, value: str) -> Game:
        return ctx.find_root().obj["load_game"](value, param, ctx)

    return click.option("--game", "game", metavar="GAME", default=default, show_default=True,
                        callback=load, help=help)


__all__ = ["Box", "Check", "Embedder", "HelperError", "Helpers", "PaintFunction", "Painter", "Reads", "Replay",
           "Replayer", "RuleSet", "Stats", "game_option"]
