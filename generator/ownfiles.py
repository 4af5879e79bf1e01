"""The sha256 of ppgen's own files (code, templates, bundled fonts), remembered from run to
run by their stat.

Every build hashes ppgen's 250 files at its start: the face cache's key and unchanged.py's
record both name the code that made them. Read and hashed, that was 15 ms of every build
(a tenth of a one-card rebuild's start). With the face cache on, the digests are kept there
as one entry (read through its checks, parsed as data only) beside each file's size, mtime,
ctime, inode and device; a file whose stat is the one noted is not read again. Editing a
file moves its mtime and ctime (ctime cannot be set back), so a changed file is always read
again. Without the cache (--no-cache, a root that cannot be trusted), every file is read."""

from __future__ import annotations

import hashlib
import json
import os
import re

from .cachedisk import open_regular
from .files import PACKAGE_DIR

FORMAT = "ppgen-own-files-1"
MOST = 4096  # entries kept: more (files come and go in a checkout) keeps only this run's
_DIGEST = re.compile(r"[0-9a-f]{64}")


class OwnFiles:
    """digest(path) of ppgen's files; keep() writes what was read into the store (cache.Store)."""

    def __init__(self):
        self.store = None
        self.known: dict | None = None  # path -> [size, mtime_ns, ctime_ns, inode, device, sha256]
        self.seen: dict = {}  # this run's: path -> the same
        self.read = 0  # files read and hashed in this run
        self._unkept = False  # some were read since the last keep()

    def use(self, store) -> None:
        """Remember digests in store (an enabled cache.Store) from now on."""
        if self.store is None:
            self.store = store

    def digest(self, path: str) -> str:
        info = os.stat(path, follow_symlinks=False)
        noted = self._known().get(path)
        if noted is not None and noted[:5] == _stamp(info):
            self.seen[path] = noted
            return noted[5]
        handle, info = open_regular(path)  # the stat of what is read is the one noted
        with os.fdopen(handle, "rb") as stream:  # read whole: file_digest's 256 KiB buffer a file took longer
            digest = hashlib.sha256(stream.read()).hexdigest()
        self.seen[path] = [*_stamp(info), digest]
        self.read += 1
        self._unkept = True
        return digest

    def keep(self) -> None:
        """Keep the digests when any was read in this run (the entries of files this run did
        not look at stay, up to MOST)."""
        if not self._unkept or self.store is None:
            return
        kept = {**self._known(), **self.seen}
        if len(kept) > MOST:
            kept = dict(self.seen)
        self.store.keep(self._key(), json.dumps(kept, sort_keys=True).encode("utf-8", "surrogatepass"))
        self.known, self._unkept = kept, False

    def _known(self) -> dict:
        if self.known is None:
            raw = self.store.recall(self._key()) if self.store is not None else None
            self.known = _parsed(raw) if raw else {}
        return self.known

    @staticmethod
    def _key() -> str:
        """One entry for each place ppgen runs from (a checkout, a venv's copy)."""
        return hashlib.sha256(f"{FORMAT}\0{PACKAGE_DIR}".encode("utf-8", "surrogatepass")).hexdigest()


def _stamp(info: os.stat_result) -> list:
    return [info.st_size, info.st_mtime_ns, info.st_ctime_ns, info.st_ino, info.st_dev]


def _parsed(raw: bytes) -> dict:
    """The entry's digests, each checked to be a stamp and a digest; anything else is dropped."""
    try:
        found = json.loads(raw.decode("utf-8", "surrogatepass"))
    except (UnicodeDecodeError, ValueError):
        return {}
    if not isinstance(found, dict):
        return {}
    return {path: noted for path, noted in found.items()
            if isinstance(noted, list) and len(noted) == 6 and all(type(n) is int for n in noted[:5])
            and isinstance(noted[5], str) and _DIGEST.fullmatch(noted[5])}


OWN_FILES = OwnFiles()  # one a process: a forked helper inherits what was read
