"""Make a night's pack: build each game for its tables into a staging folder, join the pages
into one PDF per way of printing, add the print list, and swap the folder in whole.

The pack's folder is guarded as a build's is (output.py): it replaces only an earlier pack
(its manifest names PACK_ID), nothing is written outside it, and a failure leaves the
earlier pack as it was.
"""

from __future__ import annotations

import shutil
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Callable

from .. import __version__, cache
from ..artifacts import Artifact
from ..build import BuildOptions, build
from ..errors import GameError
from ..kept import kept
from ..lock import build_lock
from ..model import Game
from ..output import check_place, claim, staging, write_manifest
from ..plan import Plan
from ..text import catalogue
from ..text.catalogue import number, word
from ..parts.styles import load as load_styles
from ..validate import validate
from ..validate.editions import plans
from ..words import span
from . import assemble, cover, results, sign
from .sheets import PRINT_LIST, Group, Sheet, from_build, in_print_order, tables_shown
from .tables import Table

PACK_ID = "ppgen-pack"  # the manifest's `game`: an earlier pack is the only folder a pack replaces
BUILDS = ".builds"  # the games' builds, inside the stage, removed before the swap


@dataclass(frozen=True)
class PackOptions:
    paper: str
    per_player: bool = False  # a handout for every player, not one per table
    rules_url: str | None = None  # the table signs' QR code: '{game}' in it is the game's id
    rounds: int = 3  # the results sheet's columns
    large_print: bool = False  # also a large-print handout and aid sheet for each table
    language: str | None = None  # the print list's and results sheet's (--language); None: Night.language()
    progress: Callable[[str], None] = lambda message: None
    warn: Callable = lambda problem: None
    cache: cache.Store | None = None


@dataclass(frozen=True)
class Night:
    """The games (loaded, each in the edition its tables play) and the tables of the night,
    numbered in the order given."""

    games: dict[tuple[Path, str], Game]  # by Table.key: the game's folder and edition
    tables: tuple[Table, ...]

    def groups(self) -> list[tuple[Game, Group]]:
        """Tables of one game in one edition at one player count, in the order they first come."""
        found: dict[tuple[tuple[Path, str], int], list[int]] = {}
        for table in self.tables:
            found.setdefault((table.key, table.players), []).append(table.number)
        return [(self.games[key], Group(titled(self.games[key]), players, tuple(numbers)))
                for (key, players), numbers in found.items()]

    def summary(self, code: str = "") -> str:
        """'3 tables: Game A, tables 1–2 of 3 players; Spiel B (de), table 3 of 4 players', in
        the language of `code`."""
        groups = "; ".join(
            word("{title}, tables {tables} of {count} players" if len(g.tables) > 1 else
                 "{title}, table {tables} of {count} players", code,
                 title=g.title, tables=tables_shown(g.tables), count=number(g.players, code))
            for _, g in self.groups())
        if len(self.tables) == 1:
            return word("1 table: {groups}", code, groups=groups)
        return word("{count} tables: {groups}", code, count=number(len(self.tables), code), groups=groups)

    def language(self) -> str:
        """The organiser's language when --language gives none: the one every table's edition
        speaks (a night of German tables), else English."""
        spoken = {catalogue.language(table.edition) for table in self.tables}
        if len(spoken) == 1 and catalogue.known(only := min(spoken)):
            return only
        return catalogue.ENGLISH


def titled(game: Game) -> str:
    """The game's title as the print list names it: with its edition's code, for a game that
    has editions ('Vier Winde (de)')."""
    return f"{game.title} ({game.edition})" if game.edition else game.title


def make(night: Night, out: Path, options: PackOptions) -> list[Artifact]:
    """Write the pack into out/ (atomically); returns its artifacts. GameError on a game's
    problem or an out/ that is not an earlier pack; nothing is written then."""
    try:
        for game in night.games.values():
            check_place(out, PACK_ID, game.root)
    except GameError as exc:  # output.py words it for a build's OUT/ID/; a pack is OUT/ itself
        said = f"a build replaces OUT/{PACK_ID}/"
        raise GameError([replace(p, message=p.message.replace(said, "a pack replaces OUT/"))
                         for p in exc.problems]) from None
    first = next(iter(night.games.values()))
    with build_lock(out.resolve(), PACK_ID):
        previous = claim(out, PACK_ID, first.root)
        with staging(previous.folder, PACK_ID) as stage:
            artifacts = _make_in(stage, night, options)
            write_manifest(stage, PACK_ID, "print-and-play pack", f"ppgen {__version__}", artifacts)
    return artifacts


def _make_in(stage: Path, night: Night, options: PackOptions) -> list[Artifact]:
    builds = stage / BUILDS
    groups = night.groups()
    checked = _validated([game for game, _ in groups], options)
    sheets: list[Sheet] = []
    for index, (plan, (_, group)) in enumerate(zip(checked, groups)):
        folder, entries = _build_group(plan, group, builds / str(index), options)
        sheets += from_build(group, folder, entries, options.per_player)
    styles = load_styles()
    code = options.language or night.language()
    sheets = in_print_order(sheets + _night_sheets(builds / "night", night, styles, options, code))
    artifacts = assemble.write_ways(stage, sheets, options.paper)
    pages = cover.write(stage / PRINT_LIST, sheets, options.paper, styles, night.summary(code), code)
    shutil.rmtree(builds)  # inside our own stage: the builds were only the pages' source
    return [Artifact(PRINT_LIST, "pack-print-list", options.paper, pages), *artifacts]


def _night_sheets(folder: Path, night: Night, styles, options: PackOptions, code: str) -> list[Sheet]:
    """The night's own sheets: a table sign for each table (in its edition's language), the
    results sheet (in the organiser's, `code`)."""
    folder.mkdir(parents=True)
    seats = [(table.number, night.games[table.key], table.players) for table in night.tables]
    pages = sign.write(folder / "signs.pdf", seats, options.paper, styles, options.rules_url)
    signs = Sheet("", "table signs, one a table (fold in half)", folder / "signs.pdf", pages, 1, "simplex", ())
    pages = results.write(folder / "results.pdf", seats, options.paper, styles, options.rounds, code)
    return [signs, Sheet("", "results sheet", folder / "results.pdf", pages, 1, "simplex", ())]


def _validated(games: list[Game], options: PackOptions) -> list[Plan]:
    """Each group's game validated before any is built: an error in one builds none. A
    problem two groups share (one game in two editions or player counts) is reported once,
    and one of an edition other than the default names it (validate/editions.py)."""
    checked = plans(games, lambda game: validate(game, kept(options.cache), (options.paper,)))
    if errors := [problem for plan in checked for problem in plan.errors]:
        raise GameError(errors)
    return checked


def _build_group(plan: Plan, group: Group, into: Path, options: PackOptions) -> tuple[Path, list[Artifact]]:
    """The normal build of the game's rules and aids for the group's player count; returns
    its folder and what it wrote."""
    game = plan.game
    where = f"{game.id}@{game.edition}" if game.edition else game.id
    options.progress(f"{where}: {group.players} players, tables {span((group.tables[0], group.tables[-1]))}")
    store = options.cache or cache.Store.open(enabled=False)
    build_options = BuildOptions(papers=(options.paper,), parts=("rules", "aids"), players=group.players,
                                 large_print=options.large_print, progress=options.progress, warn=options.warn,
                                 cache=store)
    return build(plan, into, build_options)
