"""The ppgen command: parse arguments, call the library, map errors to exit statuses.

Exit status: 0 success, 1 the game's files are wrong, 2 wrong command-line use.

The stages (load, validate, build, the rule sets, pack) are imported by the commands that
run them, not here: `ppgen --help` and a mistyped option answer at once, without loading
ReportLab, Pillow and every rule set (half a second), and a build without pack's tables.
"""

from __future__ import annotations

import os
import sys
from dataclasses import replace
from importlib import import_module
from pathlib import Path

import click

from . import __version__, cache, heap, invisible, progress, scaffold, several, unchanged
from .load import catalog
from .text.catalogue import LANGUAGES
from .choices import PAPERS
from .errors import GameError
from .outcome import guarded, relative, report as _report
from .words import plural
from .options import (PAPER_HELP, Paper, build_options, check_cards, check_components, check_layout,
                      chosen_editions, make_options, profiles_shown)

EPILOG_MAIN = """\b
Examples:
  ppgen list
  ppgen new my-game
  ppgen validate ./my-game --stats
  ppgen build ./my-game
  ppgen build ./my-game --paper a4 --only cards,png
"""


class GameArgument(click.ParamType):
    """A built-in game id or a path to a game folder; a wrong one is a usage error (exit 2)."""

    name = "GAME"

    def convert(self, value, param, ctx):
        try:
            return catalog.resolve(value)
        except GameError as exc:
            self.fail(exc.problems[0].message, param, ctx)


def _name(folder: Path) -> str:
    """A game folder's name as a summary line says it: a bidi override or a control shown, not obeyed."""
    return invisible.shown(folder.resolve().name)


class Commands(click.Group):
    """ppgen's commands; `pack` is imported only when it runs or the help lists it."""
    def list_commands(self, ctx) -> list[str]:
        return sorted([*super().list_commands(ctx), "pack"])

    def get_command(self, ctx, name: str):
        return import_module(".pack.command", __package__).pack if name == "pack" else super().get_command(ctx, name)


@click.group(cls=Commands, epilog=EPILOG_MAIN, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="ppgen")
@click.option("--debug", is_flag=True, help="Show Python tracebacks for unexpected errors.")
@click.pass_context
def main(ctx, debug: bool):
    """ppgen turns declarative game definitions into print-and-play material:
    cut sheets, print-shop card images, rules booklets and player aids."""
    ctx.obj = {"debug": debug, "load_game": _load_game_option}


def load_game(folder: Path):
    from .load.game import load_game as load  # the stages load when a command runs: see the docstring
    return load(folder)


def load_editions(folder: Path):
    """The game in each of its editions, the default first (one for a game without [editions])."""
    from .load.game import load_editions as load
    return load(folder)


def validate_editions(games, papers) -> list:
    """The problems of every edition of the game, each once (side_by_side.py)."""
    from .side_by_side import validate_editions as problems
    with heap.kept_out_of_collections():
        return problems(games, papers, cache.Store.open())


def run_build(games, out_dir: Path, options, components: tuple[str, ...] = (), command=None):
    """Validate the whole game in each edition given, then build them (side_by_side.py)."""
    from .side_by_side import build_editions
    with heap.kept_out_of_collections():
        return build_editions(games, out_dir, options, components, command)


def _load_game_option(value: str, param, ctx) -> object:
    """A rule set command's --game: a wrong game is a usage error, as for GAME arguments."""
    return load_game(GameArgument().convert(value, param, ctx))


@main.command("list")
def list_games():
    """List the built-in games: id, title, players, components."""
    for game_id in catalog.builtin_ids():
        try:
            game = load_game(catalog.resolve(game_id))
        except GameError as exc:
            click.echo(f"{game_id}\t(cannot load: {exc.problems[0].message})")
            continue
        low, high = game.players
        players = f"{low}" if low == high else f"{low}-{high}"
        parts = ", ".join(f"{c.name} ({c.count})" if c.cards else c.name for c in game.components)
        click.echo(f"{game.id}\t{game.title}\t{players} player{'s' * (players != '1')}\t{parts}")


@main.command(epilog="""\b
Examples:
  ppgen validate ./my-game
  ppgen validate ./my-game --stats
  ppgen validate ./my-game ./other-game
  ppgen validate ./my-game --paper a5""")
@click.argument("games", nargs=-1, required=True, type=GameArgument())
@click.option("--paper", type=Paper(), default="both", show_default=True,
              help=f"Check the layouts on this paper, as `build --paper` would make them: {PAPER_HELP}; "
                   "both is letter and a4.")
@click.option("--stats", is_flag=True, help="Also print the deck statistics of games that have them.")
@click.option("--strict", is_flag=True, help="Treat warnings as errors (exit 1).")
def validate(games: tuple[Path, ...], paper: str, stats: bool, strict: bool):
    """Load each GAME, check its definitions and run its rule validators."""
    papers = PAPERS if paper == "both" else (paper,)
    slots = min(os.cpu_count() or 1, 4) if len(games) > 1 else 1  # several games at once, said in order
    if slots > 1:
        from .side_by_side import load_stages  # the stages load when a command runs
        load_stages(())
    sys.exit(several.each(games, lambda folder: guarded(lambda: _validate_game(folder, papers, stats, strict)), slots,
                          _largest_first(games)))  # as build hands them out: a long one started last ends alone


def _validate_game(folder: Path, papers: tuple[str, ...], stats: bool, strict: bool) -> int:
    """Validate one game of `ppgen validate` and say so; its exit status."""
    try:
        editions = load_editions(folder)
        game = editions[0]
        problems = validate_editions(editions, papers)
    except GameError as exc:
        problems = exc.problems
        game = None
    if strict:  # a warning fails the game, so it is reported as what it now is
        problems = [replace(p, level="error") if p.level == "warning" else p for p in problems]
    _report(problems)
    name = invisible.shown(game.id) if game else _name(folder)
    errors = [p for p in problems if p.is_error]  # notes never fail
    warned = sum(p.level == "warning" for p in problems)
    noted = sum(p.level == "note" for p in problems)
    also = (f", {plural(warned, 'warning')}" if warned else "") + (f", {plural(noted, 'note')}" if noted else "")
    if errors:
        click.echo(f"{name}: {plural(len(errors), 'problem')}{also}")
        return 1
    cards = sum(c.count for c in game.components)  # copies included
    click.echo(f"{name}: ok ({plural(len(game.components), 'component')}, {plural(cards, 'card')}){also}")
    if stats:
        print_stats(game)
    return 0


def print_stats(game) -> None:
    """--stats: each rule set's statistics of the game, or a line saying it has none."""
    from . import rulesets
    reports = [rulesets.get(name).stats for name in game.rulesets]
    reports = [report for report in reports if report is not None]
    for report in reports:
        click.echo(report(game))
    if not reports:
        many = len(game.rulesets) > 1
        why = (f"its rule set{'s' * many} ({', '.join(game.rulesets)}) print{'s' * (not many)} none"
               if game.rulesets else "statistics come from a rule set, and game.toml names none")
        click.echo(f"{invisible.shown(game.id)}: no statistics: {why}")


@main.command(epilog="""\b
Examples:
  ppgen build ./my-game
  ppgen build ./my-game --paper a4 --only cards,png
  ppgen build ./my-game --card C07
  ppgen build ./my-game --out dist --print-shop mpc
  ppgen build --all""")
@click.argument("games", nargs=-1, type=GameArgument())
@click.option("--all", "all_games", is_flag=True, help="Build every built-in game (see `ppgen list`).")
@build_options
@click.option("-v", "--verbose", is_flag=True, help="Also say which card faces were drawn and how many came "
                                                    "from the cache.")
def build(games, all_games, verbose, **given):
    """Validate each GAME, then write its print-and-play files into OUT/ID/."""
    if all_games == bool(games):
        raise click.UsageError("give one or more GAMEs, or --all (not both)")
    if all_games:
        games = tuple(catalog.resolve(game_id) for game_id in catalog.builtin_ids())
    cache.Store.open(enabled=not given["no_cache"])  # a cache not used is said once, not once a game
    decided, slots = _at_once(games, given)

    def building(options: dict):
        return lambda folder: guarded(lambda: _build_game(folder, options, verbose, decided))
    # --jobs processes in all: each game built at once with the others takes its share of them,
    # the one built last all of them once the others are done; the largest games start first.
    shared = dict(given, jobs=max(1, given["jobs"] // slots))
    sys.exit(several.each(games, building(shared), slots, _largest_first(games), building(given)))


def _largest_first(games) -> list[int]:
    """The games' indices, the one with the most in its folder (cards, rules, editions) first:
    a long build started last would run alone at the end, one core idle beside it."""
    def size(folder: Path) -> int:
        return sum(p.stat().st_size for p in folder.iterdir() if p.is_file())
    return sorted(range(len(games)), key=lambda index: -size(games[index]))


def _at_once(games, given) -> tuple[dict, int]:
    """How many games to build at once (several.py), and what unchanged.py decided of each when
    that is more than one. At once only when two or more are to be built, each into its own
    folder (a name given twice is built, then said unchanged, one after the other)."""
    names = [folder.resolve().name for folder in games]
    if len(games) < 2 or given["jobs"] < 2 or len(set(names)) < len(names):
        return {}, 1
    decided = {folder: unchanged.decide(folder, given) for folder in games}
    if sum(last is None for _, last, _ in decided.values()) < 2:
        return decided, 1
    from .side_by_side import load_stages  # the stages load when a command runs
    load_stages(given["parts"])
    return decided, min(given["jobs"], len(games))  # no more slots than games: each takes --jobs / slots


def _build_game(folder: Path, given: dict, verbose: bool, decided: dict) -> int:
    """Build one game of `ppgen build` (or say nothing changed); its exit status. decided:
    unchanged.decide's answer for the game, when it was asked before (_at_once)."""
    command, last, why = decided.get(folder) or unchanged.decide(folder, given)
    if verbose and why:
        click.echo(f"{_name(folder)}: building: {why}")
    if last:
        cache.Store.open()  # a build's warning when the face cache cannot be used, as a build says it
        _report(last.problems)
        click.echo("\n".join(unchanged.said(command, last, verbose, invisible.shown)))
        return 0
    result = build_one(folder, given, command=command)
    if result is None:
        return 1
    game, written, store = result
    name = invisible.shown(game.id)
    click.echo(f"{name}: wrote " + ", ".join(f"{len(artifacts)} files to {invisible.shown(str(target))}"
                                             for target, artifacts in written))  # one line a game
    if verbose:
        click.echo(f"{name}: {store.summary()}")
    return 0


def build_one(folder: Path, given: dict, report=_report, command=None):
    """Load and build one game (its editions --edition names) as the options say, reporting its
    problems, recording command (unchanged.py); returns (game, [(folder written, artifacts)], cache) or None."""
    store = cache.Store.open(enabled=not given["no_cache"])
    with progress.Bar() as bar:
        options = make_options(given, _report, cache=store, progress=bar.message, tick=bar.task)
        try:
            editions = chosen_editions(load_editions(folder), given["edition"])
            game = editions[0]
            check_layout(options.layout, game)
            check_cards(options.cards, game)
            check_components(given["components"], options.parts, game)
            written = run_build(editions, given["out_dir"], options, given["components"], command)
        except GameError as exc:
            bar.close()
            report(exc.problems)
            click.echo(f"{_name(folder)}: build failed, {plural(len(exc.problems), 'problem')}; nothing written")
            return None
        except OSError as exc:  # the output folder cannot be written: no game file is at fault
            bar.close()
            where = exc.filename or given["out_dir"]
            click.echo(f"{where}: error: cannot write: {exc.strerror or exc}", err=True)
            click.echo(f"{_name(folder)}: build failed; nothing written")
            return None
    if store.drawn:
        store.prune()  # only a build that added faces can have grown the cache
    return game, written, store


@main.command(epilog="""\b
Examples:
  ppgen watch ./my-game
  ppgen watch ./my-game --only cards,png --paper a4
  ppgen watch ./my-game --card C07""")
@click.argument("game", type=GameArgument())
@build_options
@click.option("--preview", is_flag=True, help="Also serve the gallery on 127.0.0.1 and update the open page "
                                              "after each save.")
@click.option("--port", type=click.IntRange(0, 65535), default=None, help="The preview's port (default: a free one).")
@click.option("--no-open", is_flag=True, help="Print the preview's address instead of opening a browser.")
def watch(game, preview, port, no_open, **given):
    """Build GAME, then again each time one of its files is saved, saying what changed:
    which files, which card faces were drawn again, how long it took. Ctrl-C stops."""
    from . import watch as watching  # only this command needs it
    if not preview:
        if port is not None or no_open:
            raise click.UsageError(f"{'--port' if port is not None else '--no-open'} goes with --preview")
        watching.run(game, lambda: _watched_build(game, given), cache.Store.summary)
        return
    if "gallery" not in given["parts"]:
        raise click.UsageError("--preview shows the gallery: add gallery to --only")
    from .watch import preview as live
    # a failed build's problems go to the terminal and, as the terminal shows them, to the page
    live.serve(game, lambda collect: _watched_build(game, given, lambda found: (
        _report(found), collect([str(relative(p)) for p in found]))), cache.Store.summary, port or 0, not no_open)


def _watched_build(folder: Path, given: dict, report=_report):
    """A build of `ppgen watch`, recorded as `ppgen build` records its own (unchanged.py): the
    next save's build takes the card images of faces it did not change straight from this
    one's folder (carry.LastImages), and a `ppgen build` with the same options afterwards
    finds nothing changed."""
    return build_one(folder, given, report, command=unchanged.to_record(folder, given))


@main.command(epilog="""\b
Examples:
  ppgen new my-game
  ppgen new my-game --out ~/games""")
@click.argument("name")
@click.option("--out", "out_dir", type=click.Path(file_okay=False, path_type=Path), default=Path("."),
              show_default=True, help="Folder to create the game folder NAME in.")
def new(name: str, out_dir: Path):
    """Create a game folder NAME that builds at once: a deck of three cards (cards.csv) with a
    front and a back face (game.toml) and rules.md. NAME is the game's id; an existing
    NAME is never overwritten."""
    try:
        folder = scaffold.create(name, out_dir)
    except scaffold.BadName as exc:
        raise click.BadParameter(str(exc), param_hint="'NAME'") from None
    except FileExistsError:
        click.echo(f"{out_dir / name}: error: already exists; ppgen new never overwrites: "
                   f"choose another NAME or --out", err=True)
        sys.exit(1)
    except OSError as exc:
        click.echo(f"{exc.filename or out_dir}: error: cannot write: {exc.strerror or exc}", err=True)
        sys.exit(1)
    shown = os.path.relpath(folder) if not os.path.relpath(folder).startswith("..") else str(folder)
    click.echo(f"created {shown}/: game.toml (a deck of 3 cards, front and back faces), cards.csv, rules.md\n"
               f"next: ppgen build {shown}   then open output/{name}/index.html\n"
               f"a walk from here to a finished deck: docs/tutorial.md")


@main.command(epilog="""\b
Examples:
  ppgen calibrate
  ppgen calibrate --paper a4 --out a4-calibration.pdf""")
@click.option("--paper", type=Paper(both=False), default="letter", show_default=True, help=f"{PAPER_HELP}.")
@click.option("--out", "out_file", type=click.Path(dir_okay=False, path_type=Path),
              help="File to write (default: calibration-PAPER.pdf here).")
@click.option("--language", type=click.Choice(LANGUAGES), default="en", show_default=True,
              help="The language of the sheet's instructions.")
def calibrate(paper: str, out_file: Path | None, language: str):
    """Write the duplex calibration sheet: print it double-sided, hold it to the light and
    read how far your printer moves the back, for a printer profile (--printer)."""
    from .parts import calibrate as calibration_sheet
    target = out_file or Path(f"calibration-{paper}.pdf")
    calibration_sheet.write(target, paper, language)
    click.echo(f"wrote {target}: print both sides at 100 %, then read the instructions on it; "
               f"your printer profiles go in {profiles_shown()}")


class RuleSetCommands(click.Group):
    """The rule sets' designers, found only when `ppgen design` is asked for."""

    def _commands(self) -> dict:
        from . import rulesets
        return rulesets.commands()

    def list_commands(self, ctx) -> list[str]:
        return sorted(self._commands())

    def get_command(self, ctx, name: str):
        return self._commands().get(name)


@main.group(cls=RuleSetCommands)
def design():
    """Generate game data with seeded, repeatable designers."""


def run() -> None:
    """Entry point: no traceback reaches the user unless --debug is given."""
    try:
        sys.exit(guarded(lambda: main(standalone_mode=False)))
    finally:
        heap.skip_the_last_collection()


if __name__ == "__main__":
    run()
