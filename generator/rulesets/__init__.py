"""Rule sets: each game's own code (engine, checks, painters, helpers, figures, commands),
one sub-package each, and the one registry the generic stages find them through, by the
names game.toml's `rulesets` gives. See docs/rulesets.md for how to write one."""

from __future__ import annotations

from .base import Painter, RuleSet
from . import druids_duel, fellowship, playing_cards, poohsticks, squib, uncontrolled_squid

RULESETS: dict[str, RuleSet] = {ruleset.name: ruleset for ruleset in (
    druids_duel.RULESET,
    fellowship.RULESET,
    playing_cards.RULESET,
    poohsticks.RULESET,
    squib.RULESET,
    uncontrolled_squid.RULESET,
)}


def get(name: str) -> RuleSet:
    """The rule set of that name (KeyError for an unknown one)."""
    return RULESETS[name]


def painters(names) -> dict[str, Painter]:
    """The face element types the named rule sets offer."""
    return {kind: painter for name in names for kind, painter in RULESETS[name].painters.items()}


def owner_of(kind: str) -> str | None:
    """The rule set that offers a face element type, if any does."""
    return next((r.name for r in RULESETS.values() if kind in r.painters), None)
