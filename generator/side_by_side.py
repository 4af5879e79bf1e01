"""A game's editions validated, then built: one after another, or (--jobs 2 or more) side by
side, one forked process an edition.

One after another, each edition's build is mostly one process (its rules laid out, its PDFs
written): a built-in game's three took 10 s of a 2-core machine, one core mostly idle. Side by
side, each edition runs in a process of its own, forked before it is validated; it hands the
parent the problems it found and waits. As one after another, one edition with an error
builds none: the parent reports each problem once (validate/editions.py), and only when none
is an error are the editions told to build, each with the problems it is to print, while the
parent holds the folder's lock. --jobs counts every process drawing: the editions share it
for their card images. What each says is held in a file and printed in the editions' order
once all are done, so the terminal reads as one edition after another; the face cache's
counts (`build -v`) come back with each edition's folder and files. The outputs are the same
bytes: each edition writes its own folder, and the face cache is shared safely. `ppgen
validate` checks a game's editions side by side too (validate_editions)."""

from __future__ import annotations

import os
import signal
import sys
import tempfile
from contextlib import nullcontext
from dataclasses import replace
from importlib import import_module
from multiprocessing import Pipe
from pathlib import Path
from typing import Callable, Sequence

from . import cache, forked, progress, unchanged
from .build import build, editions_held, placed
from .errors import GameError
from .kept import kept
from .options import component_parts, only_components
from .parts import BY_NAME
from .validate import validate
from .validate.editions import once, plans


def build_editions(games: Sequence, out_dir: Path, options, components: tuple[str, ...] = (), command=None) -> list:
    """Validate the whole game in each edition given, then build them, or only the components
    named (--component), recording command (unchanged.py); returns (folder, artifacts) of each."""
    kept_here = kept(options.cache)
    folders = [game.out_parts for game in games]  # each edition's record names them all
    editions = tuple(game.edition for game in games if game.edition)

    def plan_of(game):
        return only_components(validate(game, kept_here, options.papers), components)

    def build_one(plan, held=False):
        return build(plan, out_dir, unchanged.recording(replace(options, editions=editions, parts=component_parts(
            options.parts, components, plan.game)), command, folders), held)

    if len(games) > 1 and options.jobs > 1:
        load_stages(options.parts)
        options.progress(f"{games[0].id}: editions {', '.join(editions)}, side by side")
        said, options = options, replace(options, progress=lambda message: None, tick=progress.silent,
                                         jobs=max(1, options.jobs // len(games)))  # --jobs processes in all
        return side_by_side(games, plan_of, lambda plan: build_one(plan, held=True),
                            lambda: editions_held(games[0], placed(games[0], out_dir), said), options.cache)
    checked = plans(games, plan_of)
    if errors := [p for plan in checked for p in plan.errors]:
        raise GameError(errors)  # one edition that fails builds none
    return [build_one(plan) for plan in checked]


def validate_editions(games: Sequence, papers: tuple[str, ...], store) -> list:
    """Every edition's problems, each once (validate/editions.py): side by side, each edition
    in a process of its own, on a machine of two cores or more (`ppgen validate`)."""
    kept_here = kept(store)  # what validate keeps of the faces and layouts, as a build does

    def plan_of(game):
        return validate(game, kept_here, papers)

    if len(games) > 1 and (os.cpu_count() or 1) > 1:
        return [p for own in side_by_side(games, plan_of, None, nullcontext, store) for p in own]
    return [p for plan in plans(games, plan_of) for p in plan.problems]


def load_stages(parts) -> None:
    """What building a game loads, loaded (and its digests taken) once before its editions
    or several games (several.py) fork: each process would otherwise do it again (0.2 s)."""
    drawn = {"booklet", "handout", *(name for part in parts for name in BY_NAME[part].modules)}
    for name in ("load.game", "validate.editions", "rules.blocks", *(f"parts.{name}" for name in drawn)):
        import_module(f".{name}", __package__)
    cache.code_digest()
    cache.styles_digest()


def side_by_side(games: Sequence, plan_of: Callable, build_one: Callable | None, holding: Callable, store) -> list:
    """plan_of(game) -> Plan for each edition, each in a process of its own; then, when none
    has an error, build_one(plan) in each edition's process while this one is in the context
    holding() gives (the folder's lock: build.editions_held). Returns what build_one returned
    for each; raises what the first edition to fail raised (GameError, OSError), or the
    errors of all when validation found some. build_one None: validate only, and return each
    edition's problems (validate/editions.once). store: the face cache, whose counts the
    editions add to."""
    with tempfile.TemporaryDirectory(prefix="ppgen-editions-") as name:
        held = Path(name)
        children = [_fork(index, game, plan_of, build_one, store, held) for index, game in enumerate(games)]
        try:
            first = [_heard(connection) for _, connection in children]
            fault = next((message for message in first if message[0] != "done"), None)
            own = once([message[1] for message in first], games) if fault is None else []
            errors = [p for problems in own for p in problems if p.is_error]
            last = []
            if build_one is not None and fault is None and not errors:
                with holding():
                    for (_, connection), problems in zip(children, own):
                        _tell(connection, ("go", problems))
                    last = [_heard(connection) for _, connection in children]
            else:  # validated only (ppgen validate), or not to be built
                for _, connection in children:
                    _tell(connection, ("stop",))
        except BaseException:
            for pid, _ in children:
                os.kill(pid, signal.SIGTERM)
            raise
        finally:
            _end(children, held)
    if fault is not None:
        forked.unpacked(fault)
    if build_one is None:
        return own  # every problem, errors and all
    if errors:
        raise GameError(errors)
    return [_result(message, store) for message in last]


def _tell(connection, message: tuple) -> None:
    """Send an edition's process the message; one that has ended is heard of by _heard."""
    try:
        connection.send(message)
    except OSError:
        pass


def _heard(connection) -> tuple:
    """The next message from an edition's process (forked.outcome's)."""
    try:
        return connection.recv()
    except EOFError:
        return forked.ENDED


def _result(message: tuple, store):
    """What build_one returned in an edition's process, its face cache counts added to store."""
    result, counts = forked.unpacked(message)
    store.merge(*counts)
    return result


def _fork(index: int, game, plan_of: Callable, build_one: Callable | None, store, held: Path):
    """(pid, the parent's end of its pipe) of the edition's process."""
    parents_end, childs_end = Pipe()
    parent = os.getpid()
    sys.stdout.flush()
    sys.stderr.flush()
    pid = os.fork()
    if pid:
        childs_end.close()
        return pid, parents_end
    parents_end.close()
    libc = forked.libc()
    forked.die_with(parent, libc)
    forked.keep_freed_memory(libc)  # it draws its card images itself
    try:
        with forked.held(held / str(index)):
            _edition(childs_end, game, plan_of, build_one, store)
    finally:
        os._exit(0)


def _edition(connection, game, plan_of: Callable, build_one: Callable | None, store) -> None:
    """In the edition's process: validate, say the problems, build when told to."""
    mark, plan = store.mark(), []

    def validated():
        plan.append(plan_of(game))
        return plan[0].problems

    def built(problems):
        result = build_one(replace(plan[0], problems=problems))
        hits, drawn, _, added, pages = store.since(mark)  # the files linked are the edition's manifest's only
        return result, (hits, drawn, {}, added, pages)

    said = forked.outcome(validated)
    connection.send(said)
    order = connection.recv() if said[0] == "done" else ("stop",)
    if order[0] == "go":
        connection.send(forked.outcome(lambda: built(order[1])))


def _end(children: list, held: Path) -> None:
    """Wait for every edition's process, then print what each said, in order."""
    for pid, connection in children:
        connection.close()
        os.waitpid(pid, 0)
    for index in range(len(children)):
        forked.print_held(held / str(index))
