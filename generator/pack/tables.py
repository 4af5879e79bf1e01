"""The tables of a night as the command line gives them: GAME[:PLAYERS[xTABLES]].

`my-game:4x2` is two tables of that game for four players each; `my-game` one table at the
game's largest player count; `my-game:x3` three such tables. A GAME that is a
path holding ':' still works: only a last ':' followed by a player count (or xTABLES) splits.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

_COUNTS = re.compile(r"(?P<players>\d*)(?:x(?P<tables>\d+))?")
MOST_TABLES = 50  # a night's tables of one game: past this it is a typo, and a pack of hundreds of pages


class BadTable(ValueError):
    """A GAME[:PLAYERS[xTABLES]] argument that cannot be a table (the message says why)."""


@dataclass(frozen=True)
class Tables:
    """One argument: a game, its player count (None: the game's most), how many tables."""

    given: str
    game: str
    players: int | None
    tables: int


def parse(given: str) -> Tables:
    """GAME[:PLAYERS[xTABLES]] -> Tables; BadTable saying what is wrong."""
    game, _, counts = given.rpartition(":")
    if not game:  # no ':' at all: the whole argument is the game
        return Tables(given, given, None, 1)
    match = _COUNTS.fullmatch(counts)
    if not match or not (match["players"] or match["tables"]):
        raise BadTable(f"{given}: after ':' give PLAYERS, PLAYERSxTABLES or xTABLES (e.g. {game}:4x2), "
                       f"not '{counts}'")
    players = int(match["players"]) if match["players"] else None
    tables = int(match["tables"]) if match["tables"] else 1
    if not 1 <= tables <= MOST_TABLES:
        raise BadTable(f"{given}: {tables} tables; give 1 to {MOST_TABLES}")
    if players is not None and players < 1:
        raise BadTable(f"{given}: {players} players; a table seats at least one")
    return Tables(given, game, players, tables)


def seated(tables: Tables, title: str, players: tuple[int, int]) -> int:
    """The players at each of these tables: as given, or the game's most; BadTable when the
    game does not take that many."""
    low, high = players
    count = high if tables.players is None else tables.players
    if not low <= count <= high:
        takes = f"{low}" if low == high else f"{low} to {high}"
        raise BadTable(f"{tables.given}: {title} takes {takes} players, not {count}")
    return count


@dataclass(frozen=True)
class Table:
    """One table of the night, numbered from 1 across the whole pack."""

    number: int
    folder: Path
    players: int
