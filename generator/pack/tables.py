"""The tables of a night as the command line gives them: GAME[@EDITION][:PLAYERS[xTABLES]].

`my-game:4x2` is two tables of that game for four players each; `my-game` one table at the
game's largest player count; `my-game:x3` three such tables; `my-game@de:4` a table of four
playing its German edition. Only the last ':' splits off the counts, and only a last '@'
with no '/' after it splits off the edition: a folder named `x@y` is given as `x@y/`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Sequence

from ..load.languages import closest
from ..model import Game

EDITION_MARK = "@"  # my-game@de, as a data file's column name@de
_COUNTS = re.compile(r"(?P<players>\d*)(?:x(?P<tables>\d+))?")
MOST_TABLES = 50  # a night's tables of one game: past this it is a typo, and a pack of hundreds of pages


class BadTable(ValueError):
    """A GAME[:PLAYERS[xTABLES]] argument that cannot be a table (the message says why)."""


@dataclass(frozen=True)
class Tables:
    """One argument: a game, its player count (None: the game's most), how many tables, its
    edition (None: the game's default)."""

    given: str
    game: str
    players: int | None
    tables: int
    edition: str | None = None


def parse(given: str) -> Tables:
    """GAME[@EDITION][:PLAYERS[xTABLES]] -> Tables; BadTable saying what is wrong."""
    game, _, counts = given.rpartition(":")
    if not game:  # no ':' at all: the whole argument is the game
        game, edition = _edition(given, given)
        return Tables(given, game, None, 1, edition)
    game, edition = _edition(given, game)
    match = _COUNTS.fullmatch(counts)
    if not match or not (match["players"] or match["tables"]):
        shown = f"{game}{EDITION_MARK}{edition}" if edition else game
        raise BadTable(f"{given}: after ':' give PLAYERS, PLAYERSxTABLES or xTABLES (e.g. {shown}:4x2), "
                       f"not '{counts}'{_edition_hint(game, counts)}")
    players = int(match["players"]) if match["players"] else None
    tables = int(match["tables"]) if match["tables"] else 1
    if not 1 <= tables <= MOST_TABLES:
        raise BadTable(f"{given}: {tables} tables; give 1 to {MOST_TABLES}")
    if players is not None and players < 1:
        raise BadTable(f"{given}: {players} players; a table seats at least one")
    return Tables(given, game, players, tables, edition)


def _edition(given: str, game: str) -> tuple[str, str | None]:
    """'my-game@de' -> ('my-game', 'de'); a GAME without a last '@' (or with a '/' after it,
    a folder's name) -> (GAME, None)."""
    base, mark, code = game.rpartition(EDITION_MARK)
    if not mark or not base or "/" in code or "\\" in code:
        return game, None
    if not code:
        raise BadTable(f"{given}: after '{EDITION_MARK}' give the edition's language code (e.g. {base}@de)")
    return base, code


def _edition_hint(game: str, counts: str) -> str:
    """'; the edition goes before the counts: my-game@ru:4' for 'my-game:4@ru'."""
    before, mark, code = counts.partition(EDITION_MARK)
    return f"; the edition goes before the counts: {game}{EDITION_MARK}{code}:{before}" if mark and code else ""


def seated(tables: Tables, title: str, players: tuple[int, int]) -> int:
    """The players at each of these tables: as given, or the game's most; BadTable when the
    game does not take that many."""
    low, high = players
    count = high if tables.players is None else tables.players
    if not low <= count <= high:
        takes = f"{low}" if low == high else f"{low} to {high}"
        raise BadTable(f"{tables.given}: {title} takes {takes} players, not {count}")
    return count


def edition_of(tables: Tables, editions: Sequence[Game]) -> Game:
    """The game in the edition the argument names (the default, first, without one);
    BadTable naming the game's editions when it has no such edition."""
    code = tables.edition
    if code is None:
        return editions[0]
    codes = [game.edition for game in editions if game.edition]
    title = editions[0].title
    if not codes:
        raise BadTable(f"{tables.given}: {title} declares no [editions] in game.toml, so it has no edition '{code}'")
    if code not in codes:
        raise BadTable(f"{tables.given}: {title} has no edition '{code}' (its editions: {', '.join(codes)}; "
                       f"a table plays one){closest(code, codes)}")
    return editions[codes.index(code)]


@dataclass(frozen=True)
class Table:
    """One table of the night, numbered from 1 across the whole pack; edition "" for a game
    without [editions]."""

    number: int
    folder: Path
    players: int
    edition: str = ""

    @property
    def key(self) -> tuple[Path, str]:
        """Its game's key in Night.games: the game's folder and the edition it plays."""
        return self.folder, self.edition
