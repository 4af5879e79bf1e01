"""`ppgen pack`: the command's arguments and options, checked (a wrong one is a usage error
naming it, exit 2), then the night made by night.py. Light to import: `ppgen --help` reads
this without loading the build (night.py is imported when the command runs)."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from .. import cache, progress
from ..errors import GameError
from ..load import catalog
from ..options import PAPER_HELP, Paper
from .tables import BadTable, Table, Tables, parse, seated

ARGUMENT = "GAME[:PLAYERS[xTABLES]]..."


class TablesArgument(click.ParamType):
    """GAME[:PLAYERS[xTABLES]]: a wrong shape or an unknown game is a usage error."""

    name = "GAME[:PLAYERS[xTABLES]]"

    def convert(self, value, param, ctx):
        if isinstance(value, Tables):
            return value
        try:
            tables = parse(value)
            catalog.resolve(tables.game)
        except BadTable as exc:
            self.fail(str(exc), param, ctx)
        except GameError as exc:
            self.fail(f"{value}: {exc.problems[0].message}", param, ctx)
        return tables


@click.command("pack", epilog="""\b
Examples:
  ppgen pack poohsticks:4x2 squib-squares:5 --paper a4 --out night
  ppgen pack druids-duel:2x3 fellowship-of-the-ring --handouts player --out night""")
@click.argument("given", nargs=-1, required=True, metavar=ARGUMENT, type=TablesArgument())
@click.option("--out", "out_dir", type=click.Path(file_okay=False, path_type=Path), default=Path("pack"),
              show_default=True, help="Folder to write the pack into (an earlier pack there is replaced whole).")
@click.option("--paper", type=Paper(both=False), default="letter", show_default=True, help=f"{PAPER_HELP}.")
@click.option("--handouts", type=click.Choice(["table", "player"]), default="table", show_default=True,
              help="A rules handout for each table, or for each player.")
@click.option("--no-cache", is_flag=True, help="Draw every face afresh and keep none (see ppgen build).")
@click.pass_context
def pack(ctx, given: tuple[Tables, ...], out_dir: Path, paper: str, handouts: str, no_cache: bool):
    """Write an event's print-ready pack into OUT/: one PDF per way of printing (both sides,
    both sides then cut, one side), in print order, and 0-print-list.pdf saying what each
    sheet is, for which tables and how many copies. Each GAME[:PLAYERS[xTABLES]] is
    TABLES tables (default 1) of GAME for PLAYERS players (default: the most it takes):
    reference cards and score pads come for that many."""
    from ..cli import _report, load_game  # the same reporting as build; loaded as the command runs
    from . import night as making
    try:
        games = {}
        for tables in given:
            folder = catalog.resolve(tables.game)
            games.setdefault(folder, load_game(folder))
        night = making.Night(games, _numbered(given, games, ctx))
        store = cache.Store.open(enabled=not no_cache)
        with progress.Bar() as bar:
            options = making.PackOptions(paper, handouts == "player", bar.message,
                                         lambda problem: _report([problem]), store)
            try:
                artifacts = making.make(night, out_dir, options)
            finally:
                bar.close()
    except GameError as exc:
        _report(exc.problems)
        click.echo("pack failed; nothing written")
        sys.exit(1)
    except OSError as exc:
        click.echo(f"{exc.filename or out_dir}: error: cannot write: {exc.strerror or exc}", err=True)
        click.echo("pack failed; nothing written")
        sys.exit(1)
    if store.drawn:
        store.prune()
    click.echo(f"wrote {len(artifacts)} files to {out_dir}: print {artifacts[0].path} first, it says how")


def _numbered(given: tuple[Tables, ...], games: dict, ctx) -> tuple[Table, ...]:
    """Every table, numbered from 1 in the order given; a player count the game does not
    take is a usage error naming the argument."""
    out: list[Table] = []
    for tables in given:
        folder = catalog.resolve(tables.game)
        game = games[folder]
        try:
            players = seated(tables, game.title, game.players)
        except BadTable as exc:
            raise click.BadParameter(str(exc), ctx, param_hint=f"'{ARGUMENT}'") from None
        for _ in range(tables.tables):
            out.append(Table(len(out) + 1, folder, players))
    return tuple(out)
