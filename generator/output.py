"""Writing a build into OUT/ID/ without ever losing anything.

- A build replaces only what ppgen wrote: `claim` refuses a target that is, holds or lies
  inside a game folder, or that is not an earlier ppgen build of the same game (its
  manifest.json must be ours and list every file the folder holds).
- Everything is written to a staging folder beside the target; only a complete build
  replaces OUT/ID/, in one atomic exchange of the two folders (renameat2 RENAME_EXCHANGE
  on Linux). Where the kernel cannot exchange, the target is renamed to `.ID.old-PID` and
  the stage renamed in its place; a build killed between those two renames leaves the
  old build under `.ID.old-PID`, which the next build renames back (`recover`).
- Staging and old folders carry the builder's pid in their name and, at every moment,
  either a staging mark or our manifest; the next build removes those whose builder is gone
  (`clean_strays`), and nothing else.
"""

from __future__ import annotations

import ctypes
import errno
import json
import os
import re
import shutil
import stat
import tempfile
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterator, Mapping

from .artifacts import Artifact, indented, sha256
from .cache import LINKED
from .errors import GameError, problem
from .invisible import json_escaped
from .manifests import MANIFEST, STAGE_MARK, our_manifest, manifest_fault, unlisted



@dataclass(frozen=True)
class Previous:
    """The earlier build found at OUT/ID/ (entries empty when there is none)."""

    folder: Path
    entries: tuple[dict, ...] = ()
    manifest_sha256: str | None = None  # of the manifest the entries were read from


def write_manifest(root: Path, game_id: str, title: str, generator: str, artifacts: list[Artifact],
                   edition: str = "", stamps: dict | None = None, linked: Mapping[int, bytes] | None = None) -> Path:
    """manifest.json, the text json.dumps(indent=2) gives, written entry by entry: a
    20,000-card build's manifest made as one string took 36 MiB at the build's peak. An
    edition's build names its edition (its language code) after the title. stamps: filled
    with each file's [size, mtime_ns, inode] where its lstat was the same before and after
    its bytes were hashed (unchanged.py trusts them). linked: the sha256, size and mtime of
    the files the face cache linked into root and checked, by inode (cache.Store.linked):
    not hashed again."""
    # a bidi override in a title or card id is written as its \u escape (invisible.py)
    named = {"game": game_id, "title": title, **({"edition": edition} if edition else {}), "generator": generator}
    head = json_escaped(json.dumps(named, indent=2, ensure_ascii=False))
    path = root / MANIFEST
    with path.open("w", encoding="utf-8") as out:
        out.write(head[:-2] + ',\n  "artifacts": [')
        for index, artifact in enumerate(sorted(artifacts, key=lambda a: a.path)):
            file = os.path.join(root, artifact.path)  # a string: 20,000 of them
            digest = _digest(file, artifact.path, linked or {}, stamps)
            entry = json_escaped(indented(artifact.entry(digest)))
            # indented as textwrap.indent would: escaped, the entry's only line breaks are its own
            out.write(("\n" if index == 0 else ",\n") + "    " + entry.replace("\n", "\n    "))
        out.write("\n  ]\n}\n" if artifacts else "]\n}\n")
    return path


def _digest(path: str, name: str, linked: Mapping[int, bytes], stamps: dict | None) -> str:
    """The sha256 of the file `name` of the build (at `path`): the one the face cache checked
    when it linked the file, while the file keeps the size and mtime it had then; else its
    bytes hashed. Its stamp goes into `stamps` (write_manifest) when the file did not change
    while it was hashed."""
    before = _stamp(os.lstat(path)) if stamps is not None or linked else None
    known = linked.get(before[2]) if before is not None else None
    if known is not None and known[32:] == LINKED.pack(*before[:2]):
        digest, after = known[:32].hex(), before
    else:
        digest = sha256(path)
        after = _stamp(os.lstat(path)) if before is not None else None
    if stamps is not None and before is not None and before == after:
        stamps[name] = before
    return digest


def _stamp(info: os.stat_result) -> list[int] | None:
    return [info.st_size, info.st_mtime_ns, info.st_ino] if stat.S_ISREG(info.st_mode) else None


# --- May we write here? -------------------------------------------------------------------

def check_place(target: Path, game_id: str, game_root: Path) -> None:
    """Refuse (GameError naming `target` as given) a target that is, holds or lies inside the
    game folder: checked before anything is written beside it."""
    shown, real = target, target.resolve()
    game = Path(game_root).resolve()

    def refuse(message: str, where: Path = shown):
        raise GameError(problem(where, None, message))

    if _same(real, game):
        refuse(f"is the game folder {game} itself, and a build replaces OUT/{game_id}/ whole; "
               "choose another --out (e.g. --out output)")
    if any(_same(real, folder) for folder in game.parents):
        refuse(f"holds the game folder {game}, and a build replaces OUT/{game_id}/ whole; "
               "choose another --out")
    for folder in (real.parent, *real.parent.parents):
        if (folder / "game.toml").is_file():
            refuse(f"lies inside the game folder {folder}, which must hold only the game's "
                   "own files; choose an --out outside it", shown.parent)


def claim(target: Path, game_id: str, game_root: Path) -> Previous:
    """Check that a build of game_id may replace `target` (OUT/ID/); return the earlier build.

    Raises GameError (naming `target` as given) when the target is, holds or lies inside a
    game folder, or exists and is not an earlier ppgen build of this game holding only the
    files its manifest lists. A ppgen build killed mid-swap is restored first."""
    check_place(target, game_id, game_root)
    shown, real = target, target.resolve()

    def refuse(message: str, where: Path = shown):
        raise GameError(problem(where, None, message))

    recover(real, game_id)
    if not os.path.lexists(real):
        return Previous(real)
    if not real.is_dir():
        refuse("exists and is not a folder; ppgen replaces only a folder it wrote")
    if (real / "game.toml").exists():
        refuse("is a game folder; ppgen replaces only a folder it wrote, so choose another --out")
    if not any(real.iterdir()):
        return Previous(real)
    entries, digest = our_manifest(real, game_id, shown)
    strays = unlisted(real, entries)
    if strays:
        more = f" and {len(strays) - 5} more" if len(strays) > 5 else ""
        refuse(f"holds files ppgen did not write: {', '.join(strays[:5])}{more}; a build "
               "replaces this folder whole, so move them elsewhere first")
    return Previous(real, tuple(entries), digest)


def _same(a: Path, b: Path) -> bool:
    """One folder, even under two names (a case-insensitive disk, a bind mount)."""
    try:
        return os.path.samefile(a, b)
    except OSError:
        return a == b


# --- Writing and swapping -------------------------------------------------------------------

@contextmanager
def staging(target: Path, game_id: str) -> Iterator[Path]:
    """Yield an empty folder beside `target` (the resolved OUT/ID/ of `claim`); on success
    it replaces `target` atomically, on failure it is removed. Strays of killed builds of
    the same game are removed first."""
    target.parent.mkdir(parents=True, exist_ok=True)
    clean_strays(target, game_id)
    stage = Path(tempfile.mkdtemp(prefix=f".{target.name}.{os.getpid()}.", suffix=".tmp",
                                  dir=target.parent))
    (stage / STAGE_MARK).touch()
    try:
        yield stage
        os.chmod(stage, 0o755)  # mkdtemp makes it 0700
        (stage / STAGE_MARK).unlink()  # from here the manifest marks the folder as ours
        _swap(stage, target)
    except BaseException:
        _discard(stage)  # the new build, or after the exchange the earlier one
        raise


def carry_over(previous: Previous, stage: Path, keep: Callable[[dict], bool],
               written: set[str]) -> list[Artifact]:
    """Hard-link (or copy) into stage the earlier build's files that keep() accepts and the
    new build did not write; return their artifacts. Files deleted since are dropped."""
    artifacts = []
    taken = set(written)
    for entry in previous.entries:
        if entry["path"] in taken or not keep(entry):
            continue
        source = previous.folder / entry["path"]
        if source.is_symlink() or not source.is_file():
            continue
        taken.add(entry["path"])
        link(source, stage / entry["path"])
        artifacts.append(Artifact.from_entry(entry))
    return artifacts


def link(source: Path, destination: Path) -> None:
    """A file of the earlier build into the stage: hard-linked, else copied."""
    destination.parent.mkdir(parents=True, exist_ok=True)
    try:
        os.link(source, destination)
    except OSError:
        shutil.copyfile(source, destination)


def _swap(stage: Path, target: Path) -> None:
    if not os.path.lexists(target):
        os.rename(stage, target)
        return
    if _exchange(stage, target):
        _discard(stage)  # now holds the earlier build
        return
    old = target.with_name(f".{target.name}.old-{os.getpid()}")
    os.rename(target, old)
    try:
        os.rename(stage, target)  # killed before this line: recover() puts `old` back
    except BaseException:
        os.rename(old, target)
        raise
    _discard(old)


def _load_renameat2():
    """glibc's renameat2 (Linux 3.15+), or None where the C library has none."""
    try:
        function = ctypes.CDLL(None, use_errno=True).renameat2
    except (OSError, AttributeError, TypeError):
        return None
    function.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_uint]
    function.restype = ctypes.c_int
    return function


_RENAMEAT2 = _load_renameat2()
_AT_FDCWD, _RENAME_EXCHANGE = -100, 2


def _exchange(a: Path, b: Path) -> bool:
    """Swap two paths in one step; False where the system cannot (then the caller falls back)."""
    if _RENAMEAT2 is None:
        return False
    if _RENAMEAT2(_AT_FDCWD, os.fsencode(a), _AT_FDCWD, os.fsencode(b), _RENAME_EXCHANGE) == 0:
        return True
    code = ctypes.get_errno()
    if code in (errno.ENOSYS, errno.EINVAL, errno.ENOTSUP, errno.EOPNOTSUPP):
        return False
    raise OSError(code, os.strerror(code), str(b))


def remove_build(folder: Path) -> None:
    """Delete one of our folders, its manifest and staging mark last, so that a kill part-way
    leaves a folder still recognisably ours for the next build to finish off."""
    last = (MANIFEST, STAGE_MARK)
    for child in folder.iterdir():
        if child.name in last:
            continue
        if child.is_dir() and not child.is_symlink():
            shutil.rmtree(child)
        else:
            child.unlink()
    for name in last:
        (folder / name).unlink(missing_ok=True)
    folder.rmdir()


def _discard(folder: Path) -> None:
    """remove_build at a moment when failing to tidy up must not fail the build."""
    try:
        remove_build(folder)
    except OSError:
        pass  # left for clean_strays


# --- Leftovers of killed builds ---------------------------------------------------------------

def _leftovers(target: Path) -> Iterator[tuple[Path, str]]:
    """(folder, 'stage' or 'old') for each folder beside target named like ours whose builder
    is no longer running."""
    name = re.escape(target.name)
    stage = re.compile(rf"\.{name}\.(\d+)\.[a-z0-9_]+\.tmp")
    old = re.compile(rf"\.{name}\.old-(\d+)")
    if not target.parent.is_dir():
        return
    for path in sorted(target.parent.iterdir()):
        for kind, pattern in (("stage", stage), ("old", old)):
            match = pattern.fullmatch(path.name)
            if match and path.is_dir() and not path.is_symlink() and not _running(int(match[1])):
                yield path, kind


def _running(pid: int) -> bool:
    if pid == os.getpid():
        return False  # an earlier process that had our pid
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True  # exists, owned by someone else
    return True


def _is_ours(folder: Path, game_id: str) -> bool:
    """Empty, a staging folder, or a build of game_id: never a folder of the user's."""
    try:
        if not any(folder.iterdir()) or (folder / STAGE_MARK).is_file():
            return True
    except OSError:
        return False
    return (folder / MANIFEST).is_file() and manifest_fault(folder / MANIFEST, game_id) is None


def recover(target: Path, game_id: str) -> None:
    """A build killed between its two renames left no target and the earlier build under
    `.ID.old-PID`: put it back."""
    if os.path.lexists(target):
        return
    olds = [path for path, kind in _leftovers(target) if kind == "old"
            and (path / MANIFEST).is_file() and _is_ours(path, game_id)]
    if olds:
        newest = max(olds, key=lambda p: (p / MANIFEST).stat().st_mtime_ns)
        os.rename(newest, target)


def clean_strays(target: Path, game_id: str) -> None:
    """Remove staging and old folders that killed builds of this game left beside target."""
    for path, _ in _leftovers(target):
        if _is_ours(path, game_id):
            _discard(path)
