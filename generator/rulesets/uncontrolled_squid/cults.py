"""The cults of a game, read from game.toml's [data]: data.cults (one per player at the
largest table) and data.squid (the Squid's own suit, for Recalcitrant Squid).

A cult is a name, a suit letter, an ink and an emblem; the deck (the `cards` component)
gives each card a `cult` column naming its cult's key.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from ...model import Game

DECK = "cards"  # the component holding the cult cards
CULT_COLUMN = "cult"
FIELDS = ("key", "name", "suit", "color", "emblem")


@dataclass(frozen=True)
class Cult:
    key: str
    name: str
    suit: str
    color: str
    emblem: str


def read(table: Mapping[str, Any]) -> Cult:
    """A cult from its [data] table; ValueError naming a missing or non-text field."""
    if not hasattr(table, "get"):
        raise ValueError("a cult is a table with " + ", ".join(FIELDS))
    missing = [name for name in FIELDS if not isinstance(table.get(name), str) or not table.get(name)]
    if missing:
        raise ValueError(f"a cult needs {', '.join(missing)} (text)")
    return Cult(*(table[name] for name in FIELDS))


def player_cults(game: Game) -> tuple[Cult, ...]:
    return tuple(read(table) for table in game.data.get("cults", ()))


def squid_cult(game: Game) -> Cult:
    return read(game.data.get("squid", {}))


def every_cult(game: Game) -> tuple[Cult, ...]:
    return player_cults(game) + (squid_cult(game),)


def find(game: Game, key: str) -> Cult:
    for cult in every_cult(game):
        if cult.key == key:
            return cult
    known = ", ".join(c.key for c in every_cult(game))
    raise ValueError(f"no cult {key!r} in data.cults or data.squid (known: {known})")
