"""The face cache's files on disk (cache.py's Store keeps its entries here), trusting
nothing it finds there: another program may have planted any file, link or folder.

- No name is ever followed through a link: the root is opened with O_NOFOLLOW, each folder
  below it with O_NOFOLLOW relative to its parent's descriptor, each file likewise.
- The root must be a folder of this user that nobody else can write, else it is refused
  (the build then runs without a cache); the folders made here are private (0700).
- An entry is KEY.png, the face itself (hard-linked into builds, so a plain PNG), and its
  sidecar KEY.sum ("SHA256 SIZE" of the PNG), each written to a temporary file renamed into
  place, the sidecar after the PNG. A PNG is used only when its bytes match its sidecar.
- Pruning deletes only regular files with the names given here, never through a link."""

from __future__ import annotations

import errno
import functools
import grp
import hashlib
import os
import pwd
import re
import secrets
import stat
import time
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

ENTRY = re.compile(r"([0-9a-f]{64})\.(png|sum)")
TEMPORARY = re.compile(r"\.[0-9a-f]{16}\.tmp")
SUBFOLDER = re.compile(r"[0-9a-f]{2}")
STALE = 86400  # seconds: a temporary file this old was left by a killed build
USAGE = "usage"  # in a shelf: "BYTES TIME", its size at its last count (Shelf.prune)
RECOUNT = 3600  # seconds: a count older than this is made again
_FOLDER = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC
_FILE = os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC  # NONBLOCK: a FIFO cannot hang us
_SIDECAR_MOST = 200  # bytes: a sidecar is one short line


class Refused(OSError):
    """The cache root cannot be trusted; str() says why."""


def refusal(root: Path) -> str | None:
    """Why root cannot hold the cache, or None when it can (made, private, if missing)."""
    try:
        os.close(open_root(root, create=True))
    except Refused as exc:
        return str(exc)
    except OSError as exc:
        return f"cannot use it: {exc.strerror or exc}"
    return None


def open_root(root: Path, create: bool) -> int:
    """A descriptor of the root folder, checked as refusal() says; Refused or OSError."""
    if create and not os.path.lexists(root):
        os.makedirs(root, mode=0o700, exist_ok=True)
    try:
        handle = os.open(root, _FOLDER)
    except OSError as exc:
        if exc.errno in (errno.ELOOP, errno.ENOTDIR):  # Linux says ENOTDIR for a link too
            raise Refused("it is a symbolic link" if os.path.islink(root) else "it is not a folder") from None
        raise
    info = os.fstat(handle)
    writers = info.st_mode & (0o002 if _private_group(info.st_gid) else 0o022)
    why = ("it belongs to another user" if info.st_uid != os.geteuid() else
           f"others can write to it (mode {stat.S_IMODE(info.st_mode):04o})" if writers else None)
    if why:
        os.close(handle)
        raise Refused(why)
    return handle


def _private_group(gid: int) -> bool:
    """True for a user private group (Debian and Ubuntu give each user one, with umask 002):
    this user's own group, which no other user belongs to, so its write bit lets no one in."""
    return gid == os.getegid() and _only_mine(gid, os.geteuid())


@functools.lru_cache(maxsize=8)  # once a process: every read of an entry checks the root again
def _only_mine(gid: int, uid: int) -> bool:
    """No user but uid is in group gid, as a member or by their own group."""
    try:
        me = pwd.getpwuid(uid).pw_name
        members = set(grp.getgrgid(gid).gr_mem) - {me}
        return not members and not any(user.pw_gid == gid and user.pw_name != me for user in pwd.getpwall())
    except (KeyError, OSError):
        return False  # a group or user the system cannot name: trust it not


def open_regular(name: str, folder: int | None = None) -> tuple[int, os.stat_result]:
    """A descriptor of a regular file and its stat, never through a link, never waiting on a
    FIFO, never opening a device (its lstat is looked at first); OSError for anything else.
    name: a path, or a name in the open folder `folder`."""
    if not stat.S_ISREG(os.stat(name, dir_fd=folder, follow_symlinks=False).st_mode):
        raise OSError(errno.EINVAL, "not a regular file", name)
    handle = os.open(name, _FILE, dir_fd=folder)
    info = os.fstat(handle)
    if not stat.S_ISREG(info.st_mode):  # swapped since the lstat
        os.close(handle)
        raise OSError(errno.EINVAL, "not a regular file", name)
    return handle, info


def _read_all(handle: int, size: int) -> bytes:
    parts, left = [], size
    while left > 0:
        part = os.read(handle, left)
        if not part:
            break
        parts.append(part)
        left -= len(part)
    return b"".join(parts)


def sidecar(data: bytes | list[bytes]) -> bytes:
    """An entry's sidecar: the sha256 and size of its bytes (given whole, or as their pieces)."""
    pieces = [data] if isinstance(data, (bytes, bytearray)) else data
    digest = hashlib.sha256()
    for piece in pieces:
        digest.update(piece)
    return f"{digest.hexdigest()} {sum(map(len, pieces))}\n".encode()


@dataclass(frozen=True)
class Shelf:
    """The entries under root/name (name: the on-disk format, cache.FORMAT), in subfolders
    named by the first two hex digits of their key."""

    root: Path
    name: str

    @contextmanager
    def _folder(self, parts: tuple[str, ...], create: bool) -> Iterator[int]:
        """A descriptor of root/name/parts..., each opened without following a link."""
        handle = open_root(self.root, create)
        try:
            for part in (self.name, *parts):
                if create:
                    try:
                        os.mkdir(part, 0o700, dir_fd=handle)
                    except FileExistsError:
                        pass
                inner = os.open(part, _FOLDER, dir_fd=handle)
                os.close(handle)
                handle = inner
            yield handle
        finally:
            os.close(handle)

    def read(self, key: str) -> tuple[bytes, os.stat_result] | None:
        """The PNG of key and its stat, if it is there, a regular file, and matches its sidecar."""
        try:
            with self._folder((key[:2],), create=False) as folder:
                found = self._checked(folder, key)
        except OSError:
            return None
        return found and found[:2]

    def holds(self, key: str) -> bool:
        """Is an entry of key there? Not checked: read() checks it when it is taken."""
        return os.path.lexists(self.root / self.name / key[:2] / f"{key}.sum")

    def take(self, key: str, target: Path) -> tuple[bytes, str, os.stat_result | None] | None:
        """The PNG of key, checked as read() does, hard-linked to target in the same visit of
        its folder: (its bytes, their sha256, the stat of the link), the stat None when it
        could not be linked (another disk: the caller writes the bytes). None: not cached."""
        try:
            with self._folder((key[:2],), create=False) as folder:
                found = self._checked(folder, key)
                return found and (found[0], found[2], self._link_in(folder, key, target, found[1]))
        except OSError:
            return None

    def _checked(self, folder: int, key: str) -> tuple[bytes, os.stat_result, str] | None:
        """The PNG of key in its open folder, its stat once touched and its sha256, if it
        matches its sidecar (OSError: not there)."""
        handle, _ = open_regular(f"{key}.sum", folder)
        with os.fdopen(handle, "rb") as sums:
            expected = sums.read(_SIDECAR_MOST)
        handle, info = open_regular(f"{key}.png", folder)
        try:
            if not expected.endswith(f" {info.st_size}\n".encode()):
                return None  # not the size written: not worth reading
            data = _read_all(handle, info.st_size)
            if sidecar(data) != expected:
                return None  # planted, edited or cut short: drawn again and rewritten
            _touch(handle)
            return data, os.fstat(handle), expected[:64].decode()
        finally:
            os.close(handle)

    def write(self, key: str, data: bytes | list[bytes]) -> os.stat_result | None:
        """Store data (bytes, or their pieces: a cut sheet's pages) under key: the PNG, then
        its sidecar. Returns the stat of the PNG written, None if the cache cannot be written
        (read-only, full: only costs speed)."""
        try:
            with self._folder((key[:2],), create=True) as folder:
                written = _place(folder, f"{key}.png", data)
                _place(folder, f"{key}.sum", sidecar(data))
                return written
        except OSError:
            return None

    def link(self, key: str, target: Path, expected: os.stat_result) -> os.stat_result | None:
        """Hard-link the PNG of key to target, if it is still the file `expected` (read and
        checked, or just written): a file put in its place since is not linked. Returns the
        link's stat (None: not linked)."""
        try:
            with self._folder((key[:2],), create=False) as folder:
                return self._link_in(folder, key, target, expected)
        except OSError:
            return None

    @staticmethod
    def _link_in(folder: int, key: str, target: Path, expected: os.stat_result) -> os.stat_result | None:
        try:
            os.link(f"{key}.png", target, src_dir_fd=folder, follow_symlinks=False)
            placed = os.stat(target, follow_symlinks=False)
            if (placed.st_dev, placed.st_ino) != (expected.st_dev, expected.st_ino):
                os.unlink(target)
                return None
        except OSError:
            return None  # another disk, a file system without links: copied instead
        return placed

    def prune(self, limit: int, added: int | None = None) -> int:
        """Delete the least recently used entries until the shelf holds at most `limit` bytes,
        and temporary files of killed builds; returns how many entries went. A subfolder is
        listed at a time, and the entries are gathered and sorted only when the shelf is over
        its limit: a 20,000-card cache's files and their stats, held at once, took 30 MiB.
        added: the bytes this build stored; while the last count (USAGE) is recent and it
        plus them stays under half the limit, the count is raised and nothing is listed."""
        if added is not None and self._roomy(limit, added):
            return 0
        try:
            with self._folder((), create=False) as shelf:
                subfolders = _subfolders(shelf)
        except OSError:
            return 0
        total = removed = 0
        for sub in subfolders:
            for label, (mtime, size, names) in self._entries(sub).items():
                # a temporary file: another build may be writing it, so only when stale
                if TEMPORARY.fullmatch(label) and mtime < time.time() - STALE and self._delete(sub, names):
                    removed += 1
                else:
                    total += size
        if total <= limit:
            self._count(total, time.time())
            return removed
        oldest = sorted((mtime, sub, label, size) for sub in subfolders
                        for label, (mtime, size, _) in self._entries(sub).items() if not TEMPORARY.fullmatch(label))
        for _, sub, label, size in oldest:
            if total <= limit:
                break
            if self._delete(sub, [f"{label}.png", f"{label}.sum"]):
                total -= size
                removed += 1
        self._count(total, time.time())
        return removed

    def _roomy(self, limit: int, added: int) -> bool:
        """Is the shelf, by its last count and what was added since, well under its limit?
        (Then that count is raised by `added`.) Builds that share the cache may each raise
        it from the same count: it may fall short, and so it is counted again hourly."""
        try:
            with self._folder((), create=False) as shelf:
                handle, _ = open_regular(USAGE, shelf)
                with os.fdopen(handle, "rb") as record:
                    total, when = (int(n) for n in record.read(_SIDECAR_MOST).split())
        except (OSError, ValueError):
            return False
        if not (0 <= total and 0 <= time.time() - when < RECOUNT and total + added <= limit // 2):
            return False
        self._count(total + added, when)
        return True

    def _count(self, total: int, when: float) -> None:
        try:
            with self._folder((), create=False) as shelf:
                _place(shelf, USAGE, f"{total} {int(when)}\n".encode())
        except OSError:
            pass  # a cache that cannot be written is counted again next time

    def _entries(self, sub: str) -> dict[str, list]:
        """A subfolder's entries: key (or a temporary file's name) -> [mtime, size, names]."""
        entries: dict[str, list] = {}
        for name, info in self._files(sub):
            match = ENTRY.fullmatch(name)
            entry = entries.setdefault(match[1] if match else name, [0.0, 0, []])
            entry[0] = max(entry[0], info.st_mtime)
            entry[1] += info.st_size
            entry[2].append(name)
        return entries

    def _files(self, sub: str) -> list[tuple[str, os.stat_result]]:
        """The regular files of a subfolder with the names this module gives."""
        found = []
        try:
            with self._folder((sub,), create=False) as folder:
                for entry in _scan(folder):
                    if (ENTRY.fullmatch(entry.name) or TEMPORARY.fullmatch(entry.name)) \
                            and entry.is_file(follow_symlinks=False):
                        found.append((entry.name, entry.stat(follow_symlinks=False)))
        except OSError:
            pass  # gone meanwhile (another build pruned it): what was found stands
        return found

    def _delete(self, sub: str, names: list[str]) -> bool:
        """Delete those of `names` that are regular files (one gone already is no matter)."""
        try:
            with self._folder((sub,), create=False) as folder:
                for name in names:
                    try:
                        info = os.stat(name, dir_fd=folder, follow_symlinks=False)
                    except FileNotFoundError:
                        continue
                    if stat.S_ISREG(info.st_mode):
                        os.unlink(name, dir_fd=folder)  # unlink never follows a link anyway
        except OSError:
            return False
        return True


def _touch(handle: int) -> None:
    """Least recently used entries go first when the cache is pruned (a read-only cache
    is still read)."""
    try:
        os.utime(handle)
    except OSError:
        pass


def _subfolders(shelf: int) -> list[str]:
    return [entry.name for entry in _scan(shelf)
            if SUBFOLDER.fullmatch(entry.name) and entry.is_dir(follow_symlinks=False)]


def _scan(folder: int) -> list[os.DirEntry]:
    try:
        with os.scandir(folder) as found:
            return list(found)
    except OSError:
        return []


def _place(folder: int, name: str, data: bytes | list[bytes]) -> os.stat_result:
    """Write name in the open folder atomically (readers see all of it or none), read-only:
    a PNG is shared by hard links into builds and must not be edited there."""
    temporary = f".{secrets.token_hex(8)}.tmp"
    handle = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC, 0o600,
                     dir_fd=folder)
    try:
        with os.fdopen(handle, "wb") as out:
            out.writelines([data] if isinstance(data, (bytes, bytearray)) else data)
            out.flush()
            os.fchmod(out.fileno(), 0o444)
            written = os.fstat(out.fileno())
        os.replace(temporary, name, src_dir_fd=folder, dst_dir_fd=folder)
    except BaseException:
        os.unlink(temporary, dir_fd=folder)
        raise
    return written
