"""Several games built at once (`ppgen build --all`, or several GAMEs): each game in a
process of its own, forked, at most `slots` at a time; what each says is held in a file and
printed in the games' order once it is done, so the terminal reads as if they had been built
one after another.

A game's build is mostly its one main process (validate, the PDFs, the gallery) beside its
card-image workers: built one after another, the five built-in games kept two cores about
two-thirds busy. Outputs do not change: each game writes only its own folder, and the face
cache is shared safely between processes (writes are atomic).

Exit statuses are a build's: 0 built (or nothing changed), 1 failed. Anything else (a usage
error, an internal error, Ctrl-C) stops the run as it would have stopped one game after
another: no further game starts, and those already running finish and are reported."""

from __future__ import annotations

import io
import os
import signal
import sys
import tempfile
from dataclasses import dataclass
from typing import BinaryIO, Callable, Sequence

FAILED = 1


@dataclass
class _Child:
    pid: int
    out: BinaryIO
    err: BinaryIO
    status: int | None = None


def each(items: Sequence, work: Callable[[object], int], slots: int) -> int:
    """work(item) -> exit status, for every item; returns the run's status: the first (in
    the items' order) that stopped it, else 1 if any failed, else 0. slots <= 1 or one
    item: in this process."""
    if slots <= 1 or len(items) <= 1:
        return _one_by_one(items, work)
    children: list[_Child] = []
    waiting, printed, stopped = list(items), 0, False
    try:
        while printed < len(children) or (waiting and not stopped):
            while waiting and not stopped and sum(c.status is None for c in children) < slots:
                children.append(_start(work, waiting.pop(0)))
            pid, status = os.wait()
            child = next((c for c in children if c.pid == pid), None)
            if child is None:
                continue
            code = os.waitstatus_to_exitcode(status)
            child.status = 128 - code if code < 0 else code  # killed by signal N: 128 + N, as a shell says
            stopped = stopped or child.status not in (0, FAILED)
            while printed < len(children) and children[printed].status is not None:
                _report(children[printed])
                printed += 1
    except BaseException:
        for child in children:
            if child.status is None:
                os.kill(child.pid, signal.SIGTERM)
                os.waitpid(child.pid, 0)
        raise
    statuses = [c.status for c in children]
    return next((s for s in statuses if s not in (0, FAILED)), FAILED if FAILED in statuses else 0)


def _one_by_one(items: Sequence, work: Callable[[object], int]) -> int:
    failed = False
    for item in items:
        status = work(item)
        if status not in (0, FAILED):
            return status
        failed = failed or status == FAILED
    return FAILED if failed else 0


def _start(work: Callable[[object], int], item) -> _Child:
    out, err = tempfile.TemporaryFile(), tempfile.TemporaryFile()
    sys.stdout.flush()
    sys.stderr.flush()
    pid = os.fork()
    if pid:
        return _Child(pid, out, err)
    status = 70  # EX_SOFTWARE, should even the lines below fail
    try:
        os.dup2(out.fileno(), 1)  # what is written to the descriptors too (a library's own messages)
        os.dup2(err.fileno(), 2)
        sys.stdout, sys.stderr = _writing_to(out, sys.stdout), _writing_to(err, sys.stderr)
        status = work(item)
    except KeyboardInterrupt:
        status = 130
    finally:
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(status)


def _writing_to(held: BinaryIO, stream) -> io.TextIOWrapper:
    """A text stream like `stream` (its encoding and error handling) into the held file."""
    return io.TextIOWrapper(os.fdopen(os.dup(held.fileno()), "wb"), encoding=getattr(stream, "encoding", None) or "utf-8",
                            errors=getattr(stream, "errors", None) or "strict", write_through=True)


def _report(child: _Child) -> None:
    """Print what the child said as it wrote it, stderr first (a game's problems come before
    its summary line)."""
    for held, stream in ((child.err, sys.stderr), (child.out, sys.stdout)):
        held.seek(0)
        said = held.read()
        held.close()
        if said:
            stream.flush()
            stream.buffer.write(said)
            stream.buffer.flush()
