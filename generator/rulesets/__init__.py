"""Rule sets: each game's own code (engine, checks, painters, helpers, figures, commands),
one sub-package each, and the one registry the generic stages find them through, by the
names game.toml's `rulesets` gives. See docs/rulesets.md for how to write one."""

from __future__ import annotations

import importlib
from collections.abc import Iterator, Mapping

from .base import Painter, RuleSet

# name -> its sub-package
_PACKAGES = {
    "druids-duel": "druids_duel",
    "fellowship": "fellowship",
    "playing-cards": "playing_cards",
    "poohsticks": "poohsticks",
    "squib": "squib",
    "uncontrolled-squid": "uncontrolled_squid",
}


class _Registry(Mapping):
    """name -> RuleSet, each imported the first time it is asked for: a build pays only for
    its game's rule sets (importing all six took 60 ms of every command)."""

    def __init__(self, packages: dict[str, str]):
        self._packages = packages
        self._loaded: dict[str, RuleSet] = {}

    def __getitem__(self, name: str) -> RuleSet:
        if name not in self._loaded:
            ruleset = importlib.import_module(f".{self._packages[name]}", __name__).RULESET
            assert ruleset.name == name, (name, ruleset.name)
            self._loaded[name] = ruleset
        return self._loaded[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._packages)

    def __len__(self) -> int:
        return len(self._packages)


RULESETS: Mapping[str, RuleSet] = _Registry(_PACKAGES)


def get(name: str) -> RuleSet:
    """The rule set of that name (KeyError for an unknown one)."""
    return RULESETS[name]


def painters(names) -> dict[str, Painter]:
    """The face element types the named rule sets offer."""
    return {kind: painter for name in names for kind, painter in RULESETS[name].painters.items()}


def owner_of(kind: str) -> str | None:
    """The rule set that offers a face element type, if any does."""
    return next((r.name for r in RULESETS.values() if kind in r.painters), None)
