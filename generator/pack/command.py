"""`ppgen pack`: the command's arguments and options, checked (a wrong one is a usage error
naming it, exit 2), then the night made by night.py. Light to import: `ppgen --help` reads
this without loading the build (night.py is imported when the command runs)."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from .. import cache, progress
from ..errors import GameError, shown
from ..load import catalog
from ..load.languages import closest, looks_like
from ..options import PAPER_HELP, Paper
from ..text import catalogue
from .tables import BadTable, Table, Tables, edition_of, parse, seated

SHAPE = "GAME[@EDITION][:PLAYERS[xTABLES]]"
ARGUMENT = f"{SHAPE}..."
MOST_NIGHT = 100  # tables in one pack: a bigger event makes several packs (and each stays quick to print)
MOST_URL = 300  # past this the QR code's squares get too small to scan from a 45 mm code


class TablesArgument(click.ParamType):
    """GAME[@EDITION][:PLAYERS[xTABLES]]: a wrong shape or an unknown game is a usage error
    (an edition the game lacks is found once the game is loaded: _numbered)."""

    name = SHAPE

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
  ppgen pack ./my-game:4x2 ./other-game:5 --paper a4 --out night
  ppgen pack ./my-game:2x3 ./other-game --handouts player --out night
  ppgen pack ./my-game@de:4x2 ./my-game@fr:5 --paper a4 --out night""")
@click.argument("given", nargs=-1, required=True, metavar=ARGUMENT, type=TablesArgument())
@click.option("--out", "out_dir", type=click.Path(file_okay=False, path_type=Path), default=Path("pack"),
              show_default=True, help="Folder to write the pack into (an earlier pack there is replaced whole).")
@click.option("--paper", type=Paper(both=False), default="letter", show_default=True, help=f"{PAPER_HELP}.")
@click.option("--handouts", type=click.Choice(["table", "player"]), default="table", show_default=True,
              help="A rules handout for each table, or for each player.")
@click.option("--rules-url", metavar="URL", callback=lambda ctx, param, value: _url(value),
              help="Put a QR code to the full rules on each table sign; '{game}' in URL is the game's id "
                   "and '{edition}' the code of the edition its table plays "
                   "(e.g. https://example.org/rules/{game}.pdf).")
@click.option("--rounds", type=click.IntRange(1, 12), default=3, show_default=True,
              help="Rounds on the night's results sheet.")
@click.option("--language", metavar="CODE", callback=lambda ctx, param, value: _language(value),
              help="The language of the print list and the results sheet: "
                   f"{', '.join(catalogue.LANGUAGES)} (default: the tables' editions' when they all "
                   "share one, else English; the table signs speak each table's edition).")
@click.option("--large-print", is_flag=True,
              help="Also a large-print handout and player aid sheet (text at least 12 pt) for each table.")
@click.option("--no-cache", is_flag=True, help="Draw every face afresh and keep none (see ppgen build).")
@click.pass_context
def pack(ctx, given: tuple[Tables, ...], out_dir: Path, paper: str, handouts: str, rules_url: str | None,
         rounds: int, language: str | None, large_print: bool, no_cache: bool):
    """Write an event's print-ready pack into OUT/: one PDF per way of printing (both sides,
    both sides then cut, one side), in print order, and 0-print-list.pdf saying what each
    sheet is, for which tables and how many copies. Each GAME[@EDITION][:PLAYERS[xTABLES]]
    is TABLES tables (default 1) of GAME for PLAYERS players (default: the most it takes),
    in the edition EDITION of a game with [editions] (default: its default edition):
    reference cards and score pads come for that many."""
    from ..cli import load_editions  # loaded as the command runs
    from ..outcome import report as _report  # the same reporting as build
    from . import night as making
    try:
        loaded = {}  # a game's folder -> the game in each of its editions
        for tables in given:
            folder = catalog.resolve(tables.game)
            loaded[folder] = loaded.get(folder) or load_editions(folder)
        night = making.Night(*_numbered(given, loaded, ctx))
        store = cache.Store.open(enabled=not no_cache)
        with progress.Bar() as bar:
            options = making.PackOptions(paper, handouts == "player", rules_url, rounds, large_print, language,
                                         bar.message, lambda problem: _report([problem]), store)
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


def _url(value: str | None) -> str | None:
    """--rules-url: an http(s) address short enough for a QR code a phone reads across a table."""
    if value is None:
        return None
    if not value.startswith(("https://", "http://")) or any(c.isspace() for c in value):
        raise click.BadParameter(f"'{value}' is not an http:// or https:// address", param_hint="'--rules-url'")
    if len(value) > MOST_URL:
        raise click.BadParameter(f"{len(value)} characters; a table sign's QR code takes at most {MOST_URL}",
                                 param_hint="'--rules-url'")
    return value


def _language(value: str | None) -> str | None:
    """--language: a code of a language ppgen's catalogue has words for ('de', 'pt-BR')."""
    if value is None or looks_like(value) and catalogue.known(value):
        return value
    lower = value.lower()[:20]  # a hint for 'DE' or 'dd'; no likeness to search in a long value
    hint = f" (did you mean '{lower}'?)" if catalogue.known(lower) and looks_like(lower) else \
        closest(lower, catalogue.LANGUAGES)
    raise click.BadParameter(f"ppgen has no words in {shown(value)}; it speaks {', '.join(catalogue.LANGUAGES)}{hint}",
                             param_hint="'--language'")  # shown: a newline or an escape in it as its escape


def _numbered(given: tuple[Tables, ...], loaded: dict, ctx) -> tuple[dict, tuple[Table, ...]]:
    """The games the tables play, by (folder, edition), and every table, numbered from 1 in
    the order given; an edition or a player count the game does not have is a usage error
    naming the argument."""
    games: dict = {}
    out: list[Table] = []
    for tables in given:
        folder = catalog.resolve(tables.game)
        try:
            game = edition_of(tables, loaded[folder])
            players = seated(tables, game.title, game.players)
        except BadTable as exc:
            raise click.BadParameter(str(exc), ctx, param_hint=f"'{ARGUMENT}'") from None
        games[folder, game.edition] = game
        for _ in range(tables.tables):
            out.append(Table(len(out) + 1, folder, players, game.edition))
        if len(out) > MOST_NIGHT:
            raise click.BadParameter(f"{tables.given}: {len(out)} tables in all; a pack takes at most {MOST_NIGHT}",
                                     ctx, param_hint=f"'{ARGUMENT}'")
    return games, tuple(out)
