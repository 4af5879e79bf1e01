"""How the command line says what went wrong: a game's problems as PATH:LINE: LEVEL: ...,
relative to the working folder; an exception as its message and an exit status (0 success,
1 the game's files are wrong, 2 wrong command-line use), never a traceback unless --debug."""

from __future__ import annotations

import os
import sys
import traceback
from typing import Callable

import click

from .errors import GameError, Problem


def report(problems) -> None:
    for p in problems:
        click.echo(str(relative(p)), err=True)


def relative(p):
    """Show paths under the working folder relative to it, as compilers do."""
    relative = os.path.relpath(p.path)
    return Problem(relative, p.line, p.message, p.level) if not relative.startswith("..") else p


def guarded(call: Callable[[], int | None]) -> int:
    """call()'s exit status (None: 0), what it raised said as the CLI says it."""
    try:
        return call() or 0
    except click.exceptions.Exit as exc:
        return exc.exit_code
    except click.Abort:
        click.echo("Aborted.", err=True)
        return 1
    except click.ClickException as exc:
        exc.show()
        return exc.exit_code
    except GameError as exc:
        report(exc.problems)
        return 1
    except SystemExit:
        raise
    except KeyboardInterrupt:
        return 130
    except BaseException as exc:  # noqa: BLE001 - the last line of defence
        if "--debug" in sys.argv[1:]:
            traceback.print_exc()
        else:
            click.echo(f"ppgen: internal error: {exc!r} (run with --debug for details)", err=True)
        return 1
