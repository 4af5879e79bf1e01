"""One build of a game into an output folder at a time: an fcntl lock on OUT/.ID.lock.

Two builds of the same game into the same folder would each stage and swap, and the second
would carry over files from a build the first had just replaced. The second is refused
with an error naming the first's pid. The lock file is removed when the build ends (a
killed build leaves it, unlocked: the kernel drops the lock with the process, and the next
build takes it over). Removing it is safe because a build checks, once it holds the lock,
that the file it locked is still the one at the path.
"""

from __future__ import annotations

import fcntl
import os
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

from .errors import GameError, problem


@contextmanager
def build_lock(target: Path, game_id: str) -> Iterator[None]:
    """Hold OUT/.ID.lock (target is OUT/ID) while the block runs; GameError if another build
    holds it."""
    path = target.parent / f".{game_id}.lock"
    target.parent.mkdir(parents=True, exist_ok=True)
    while True:
        fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o644)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = os.pread(fd, 32, 0).decode("ascii", "replace").strip() or "unknown"
            os.close(fd)
            raise GameError(problem(path, None, f"another ppgen build of {game_id} into {target.parent} is "
                                                f"running (pid {holder}); wait for it to finish")) from None
        if _same_file(fd, path):
            break
        os.close(fd)  # the holder removed it as we opened it: lock the new one
    try:
        os.ftruncate(fd, 0)
        os.pwrite(fd, f"{os.getpid()}\n".encode("ascii"), 0)
        yield
    finally:
        try:
            os.unlink(path)  # while still holding the lock, so nobody holds a removed file
        except OSError:
            pass
        os.close(fd)


def _same_file(fd: int, path: Path) -> bool:
    try:
        return os.path.samestat(os.fstat(fd), os.stat(path))
    except FileNotFoundError:
        return False
