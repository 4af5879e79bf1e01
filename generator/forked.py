"""What a forked helper process of a build needs, in one place: to end with the process that
forked it, to hand back what it made or raised (outcome, unpacked), and to hold what it
says in files its parent prints in order (several.py's games, side_by_side.py's editions;
parts/cardpng.py's workers only end with their build)."""

from __future__ import annotations

import ctypes
import io
import os
import signal
import sys
import traceback
from contextlib import contextmanager
from pathlib import Path
from typing import Callable, Iterator

from .errors import GameError

PR_SET_PDEATHSIG = 1  # linux/prctl.h
M_TRIM_THRESHOLD, M_MMAP_THRESHOLD = -1, -3  # malloc.h
KEEP_FREED = 128 * 2**20  # bytes of freed memory a process keeps for its next card's images
HEAP_BLOCKS = 32 * 2**20  # the largest block glibc takes from its heap rather than its own mmap


def libc():
    """The C library, to ask it for what Python does not offer; None where there is none."""
    try:
        return ctypes.CDLL(None, use_errno=True)
    except OSError:
        return None


def die_with(parent: int, c_library=None) -> None:
    """A build killed with SIGKILL cannot stop what it forked, which would work on for nobody
    (Linux: the kernel sends this process SIGKILL when its parent dies; elsewhere it finishes
    what it was given)."""
    c_library = c_library or libc()
    try:
        c_library.prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
    except AttributeError:  # no C library, or no prctl
        return
    if os.getppid() != parent:  # the parent died before the line above
        os._exit(1)


def keep_freed_memory(c_library=None) -> None:
    """For a forked process that draws card images. Each card's image and coverage masks are
    megabytes, freed when the card is done. A forked worker's glibc handed them back to the
    kernel and took them again, zero-filled, for the next card: about 2,000 page faults a
    card, a third of the bench deck's CPU with two workers (`perf stat -e page-faults`:
    130,000 against 23,000 with these settings). Kept in the heap instead, the next card
    reuses them. (No glibc: nothing to set.)"""
    c_library = c_library or libc()
    try:
        c_library.mallopt(M_MMAP_THRESHOLD, HEAP_BLOCKS)
        c_library.mallopt(M_TRIM_THRESHOLD, KEEP_FREED)
    except AttributeError:
        pass


@contextmanager
def held(stem: Path) -> Iterator[None]:
    """What this process says inside (stdout and stderr, descriptors and Python streams)
    written to stem.out and stem.err instead; print_held() shows it later."""
    streams = sys.stdout, sys.stderr
    saved = os.dup(1), os.dup(2)
    with open(f"{stem}.out", "wb") as out, open(f"{stem}.err", "wb") as err:
        os.dup2(out.fileno(), 1)  # what is written to the descriptors too (a library's own messages)
        os.dup2(err.fileno(), 2)
        sys.stdout, sys.stderr = _text(1, streams[0]), _text(2, streams[1])
        try:
            yield
        finally:
            sys.stdout.flush()
            sys.stderr.flush()
            sys.stdout, sys.stderr = streams
            os.dup2(saved[0], 1)
            os.dup2(saved[1], 2)
            os.close(saved[0])
            os.close(saved[1])


def _text(fd: int, like) -> io.TextIOWrapper:
    """A text stream on the descriptor with the encoding and error handling of `like`."""
    return io.TextIOWrapper(os.fdopen(fd, "wb", closefd=False), write_through=True,
                            encoding=getattr(like, "encoding", None) or "utf-8",
                            errors=getattr(like, "errors", None) or "strict")


def print_held(stem: Path) -> None:
    """Print what held(stem) kept as it was written, stderr first (problems come before the
    summary line)."""
    for suffix, stream in ((".err", sys.stderr), (".out", sys.stdout)):
        path = Path(f"{stem}{suffix}")
        said = path.read_bytes() if path.exists() else b""
        if said:
            stream.flush()
            stream.buffer.write(said)
            stream.buffer.flush()


def outcome(work: Callable[[], object]) -> tuple:
    """work() as a message for the parent: what it returned, or what it raised."""
    try:
        return ("done", work())
    except GameError as exc:
        return ("game", exc.problems)
    except OSError as exc:
        return ("os", exc.errno, exc.strerror, exc.filename)
    except BaseException:  # noqa: BLE001 - an internal error, raised again in the parent
        return ("crash", traceback.format_exc())


def unpacked(message: tuple):
    """What outcome() said work() returned; or what it raised, raised here (an internal
    error as a RuntimeError carrying the helper's traceback)."""
    kind = message[0]
    if kind == "done":
        return message[1]
    if kind == "game":
        raise GameError(message[1])
    if kind == "os":
        raise OSError(message[1], message[2], message[3])
    raise RuntimeError(f"a helper process of the build failed:\n{message[1]}")


ENDED = ("crash", "its process ended before it said how its work went")
