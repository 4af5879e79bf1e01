"""`ppgen watch GAME`: build, then build again whenever a file of the game folder is saved,
saying which files changed, which card faces were drawn again and how long it took.

The folder is polled (file sizes and mtimes, every POLL seconds) rather than watched with
inotify & co.: a game folder holds tens of files, a poll of them costs well under a
millisecond (0.04-0.06 ms for a built-in game), and it works the same on every system and
network drive without another dependency. A folder that takes longer to look at is looked
at less often, so that polling never takes more than BUSY of a core. A build that fails
prints its problems and the loop goes on; Ctrl-C ends it."""

from __future__ import annotations

import functools
import signal
import sys
import time
from pathlib import Path
from typing import Callable

import click

from ..lasting import is_lasting
from ..parts import pdfpages

POLL = 0.1  # seconds between looks at the folder, at the least: a save waits half of it on average
BUSY = 0.02  # the largest share of a core that looking at the folder may take
SETTLE = 0.1  # an editor saves in steps (write, rename): look again after this before building

Snapshot = dict[str, tuple[int, int]]


def snapshot(folder: Path) -> Snapshot:
    """relative path -> (size, mtime) of the game's files; editors' hidden and backup files
    (.x.swp, x~, 4913) and caches are not the game's."""
    found: Snapshot = {}
    for path in folder.rglob("*"):
        relative = path.relative_to(folder)
        if any(part.startswith(".") or part == "__pycache__" for part in relative.parts):
            continue
        if path.name.endswith("~") or path.name.isdigit():
            continue
        try:
            info = path.stat()
        except OSError:
            continue  # deleted while we looked
        if path.is_file():
            found[relative.as_posix()] = (info.st_size, info.st_mtime_ns)
    return found


def changes(before: Snapshot, after: Snapshot) -> list[str]:
    """'cards.csv', 'art/new.png (new)', 'old.png (deleted)'."""
    changed = [name for name in after if name in before and after[name] != before[name]]
    changed += [f"{name} (new)" for name in after if name not in before]
    changed += [f"{name} (deleted)" for name in before if name not in after]
    return sorted(changed)


def run(folder: Path, build: Callable[[], object], summary: Callable[[object], str],
        poll: float = POLL, after: Callable[[object], None] = lambda result: None) -> None:
    """build() -> (game, [(target, artifacts)], cache) or None when it failed (it reported why);
    after(result) follows each build (the live preview's update)."""
    # Ctrl-C raises KeyboardInterrupt as usual, and is also remembered: one that lands in a
    # finaliser (where Python prints and drops it) still ends the loop at the next look.
    stopping: list[int] = []

    def interrupted(signum, frame):
        stopping.append(signum)
        raise KeyboardInterrupt

    previous = signal.signal(signal.SIGINT, interrupted)
    pdfpages.keep()  # a save's cut sheets: the pages it did not change are not formatted again
    click.echo(f"watching {folder} (Ctrl-C stops)")
    try:
        seen = snapshot(folder)
        after(_build(build, summary))
        looked = 0.0  # how long the last look took
        while not stopping:
            time.sleep(max(poll, looked / BUSY))
            start = time.perf_counter()
            now = snapshot(folder)
            looked = time.perf_counter() - start
            if now == seen:
                continue
            time.sleep(SETTLE)
            now = snapshot(folder)
            click.echo(f"changed: {', '.join(changes(seen, now)) or 'nothing'}")
            seen = now
            _forget()
            after(_build(build, summary))
    except KeyboardInterrupt:
        pass
    finally:
        signal.signal(signal.SIGINT, previous)
    click.echo("stopped watching")


def _build(build: Callable[[], object], summary: Callable[[object], str]) -> object:
    """One build, its outcome on one line; nothing it raises ends the loop but Ctrl-C."""
    start = time.perf_counter()
    try:
        result = build()
    except click.ClickException as exc:  # e.g. --card naming a card just deleted
        click.echo(f"error: {exc.format_message()}", err=True)
        result = None
    except Exception as exc:  # noqa: BLE001 - report it and keep watching
        click.echo(f"ppgen: internal error: {exc!r}", err=True)
        result = None
    seconds = time.perf_counter() - start
    if result is None:
        click.echo(f"build failed ({took(seconds)}); watching for the next save")
    else:
        game, written, store = result
        wrote = "; ".join(f"wrote {len(artifacts)} files to {target}" for target, artifacts in written)
        click.echo(f"built in {took(seconds)}: {summary(store)}; {wrote}")
    sys.stdout.flush()
    return result


def took(seconds: float) -> str:
    """'138 ms' under a second (a live loop's builds: 10 ms steps hid what changed), '2.41 s' above."""
    return f"{seconds * 1000:.0f} ms" if seconds < 0.9995 else f"{seconds:.2f} s"


def _forget() -> None:
    """Clear what ppgen's modules remember about files (an image found broken, a font
    read): the next build must see the files as they are now. What holds while the process
    runs (lasting.py: ppgen's own files, pure functions) is kept."""
    for name, module in list(sys.modules.items()):
        if not name.startswith("generator."):
            continue
        for value in list(vars(module).values()):
            if isinstance(value, functools._lru_cache_wrapper) and getattr(value, "__module__", "") == name \
                    and not is_lasting(value):
                value.cache_clear()
