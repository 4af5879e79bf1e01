"""Several games built at once (`ppgen build --all`, or several GAMEs): `slots` builder
processes, forked once, each building one game after another as the parent hands them out;
what each game says is held in a file and printed in the games' order once it is done, so
the terminal reads as if they had been built one after another.

A game's build is mostly its one main process (validate, the PDFs, the gallery) beside its
card-image workers: built one after another, the five built-in games kept two cores about
two-thirds busy. Outputs do not change: each game writes only its own folder, and the face
cache is shared safely between processes (writes are atomic). A builder serves many games,
not one: a process a game paid again for the memory every game's build takes fresh from the
kernel (three times the page faults of one process over a 143-game corpus).

Exit statuses are a build's: 0 built (or nothing changed), 1 failed. Anything else (a usage
error, an internal error, Ctrl-C, a builder killed) stops the run as it would have stopped
one game after another: no further game starts, and those already running finish and are
reported."""

from __future__ import annotations

import os
import select
import signal
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Sequence

from . import forked

FAILED = 1


@dataclass
class _Builder:
    pid: int
    orders: int  # the parent writes the index of the next item here
    done: int  # the builder writes "INDEX STATUS" here when an item is done
    item: int | None = None  # the index it is working on


def each(items: Sequence, work: Callable[[object], int], slots: int, order: Sequence[int] | None = None,
         last: Callable[[object], int] | None = None) -> int:
    """work(item) -> exit status, for every item; returns the run's status: the first (in
    the items' order) that stopped it, else 1 if any failed, else 0. slots <= 1 or one
    item: in this process. At once: the items are handed out in `order` (their indices;
    what each says is printed in the items' order all the same), and the one handed out
    last, which ends the run alone once the others are done, is given to `last` (a build
    that may then use every core) instead of work."""
    if slots <= 1 or len(items) <= 1:
        return _one_by_one(items, work)
    with tempfile.TemporaryDirectory(prefix="ppgen-said-") as held:
        return _at_once(items, (work, last or work), min(slots, len(items)), Path(held),
                        list(order) if order is not None else list(range(len(items))))


def _one_by_one(items: Sequence, work: Callable[[object], int]) -> int:
    found: list[int] = []
    for item in items:
        found.append(work(item))
        if _stops(found[-1]):
            break
    return _outcome(found)


def _stops(status: int) -> bool:
    """Does the status stop the run (anything but built and failed)?"""
    return status not in (0, FAILED)


def _outcome(found: list[int]) -> int:
    """The run's status from its items', in their order: the first that stopped it, else 1
    if any failed, else 0."""
    return next((s for s in found if _stops(s)), FAILED if FAILED in found else 0)


def _at_once(items: Sequence, works: tuple[Callable, Callable], slots: int, held: Path, order: list[int]) -> int:
    builders: list[_Builder] = []
    for _ in range(slots):
        builders.append(_fork(works, items, held, builders))
    statuses: dict[int, int] = {}
    handed, printed = 0, 0
    try:
        for builder in builders:
            handed = _hand(builder, handed, order, statuses)
        while any(b.item is not None for b in builders):
            busy = {b.done: b for b in builders if b.item is not None}
            for fd in select.select(list(busy), [], [])[0]:
                _collect(busy[fd], statuses)
                handed = _hand(busy[fd], handed, order, statuses)
            while printed in statuses:
                _print(held, printed)
                printed += 1
    finally:
        for builder in builders:
            if builder.item is not None and builder.pid > 0:
                os.kill(builder.pid, signal.SIGTERM)
            _close(builder)
            if builder.pid > 0:
                os.waitpid(builder.pid, 0)
    return _outcome([statuses[i] for i in sorted(statuses)])


def _hand(builder: _Builder, handed: int, order: list[int], statuses: dict) -> int:
    """Give the builder the next item (its index, and 1 if it is the last), unless there is
    none or the run has stopped (then it is told to end); returns how many have been handed out."""
    if builder.pid > 0 and handed < len(order) and not any(map(_stops, statuses.values())):
        os.write(builder.orders, f"{order[handed]} {int(handed == len(order) - 1)}\n".encode())
        builder.item = order[handed]
        return handed + 1
    _close(builder)
    return handed


def _collect(builder: _Builder, statuses: dict) -> None:
    """The builder's item is done: its status, or 128 + N when a signal N killed it."""
    said = os.read(builder.done, 64)
    if said:
        index, status = map(int, said.split())
    else:  # it died: nothing more comes from it
        index = builder.item
        code = os.waitstatus_to_exitcode(os.waitpid(builder.pid, 0)[1])
        builder.pid = -1  # reaped
        status = 128 - code if code < 0 else code or 70
    statuses[index] = status
    builder.item = None


def _close(builder: _Builder) -> None:
    for name in ("orders", "done"):
        fd = getattr(builder, name)
        if fd >= 0:
            os.close(fd)
            setattr(builder, name, -1)


def _fork(works: tuple[Callable, Callable], items: Sequence, held: Path, others: list[_Builder]) -> _Builder:
    """A builder process; others: the builders forked before, whose pipes it must not hold
    open (the end of their orders would never reach them)."""
    orders_read, orders_write = os.pipe()
    done_read, done_write = os.pipe()
    sys.stdout.flush()
    sys.stderr.flush()
    pid = os.fork()
    if pid:
        os.close(orders_read)
        os.close(done_write)
        return _Builder(pid, orders_write, done_read)
    os.close(orders_write)
    os.close(done_read)
    for other in others:
        _close(other)
    status = 70  # EX_SOFTWARE, should even the lines below fail
    try:
        with os.fdopen(orders_read, "rb") as orders:
            for line in orders:
                index, last = map(int, line.split())
                os.write(done_write, f"{index} {_build(works[last], items[index], held / str(index))}\n".encode())
        status = 0
    finally:
        os._exit(status)


def _build(work: Callable[[object], int], item, held: Path) -> int:
    """work(item) with what it says held in held.out and held.err (forked.held)."""
    with forked.held(held):
        try:
            return work(item)
        except KeyboardInterrupt:
            return 130


def _print(held: Path, index: int) -> None:
    """Print what the item said as it wrote it (forked.print_held)."""
    forked.print_held(held / str(index))
