"""The key of a build command: every file of the game folder, ppgen's code and libraries
(see the package's docstring for what counts and why)."""

from __future__ import annotations

import hashlib
import json
import os
import stat
import sys
import zlib
from functools import lru_cache
from pathlib import Path

from .. import __version__
from ..cache import source_digest
from ..cachedisk import open_regular
from ..files import PACKAGE_DIR, resource_dir
from ..manifests import MANIFEST
from ..ownfiles import OWN_FILES
from ..lasting import lasting

MAX_FILES = 20_000  # a game folder holding more is not hashed: the build runs
MAX_BYTES = 512 * 1024 * 1024


class Skip(Exception):
    """Why this build cannot short-circuit (its str); the build runs."""



def game_files(root: Path) -> dict[str, str]:
    """name -> what it holds, for every entry under the game folder (see the docstring),
    sorted by name. A folder at a time from a list, not by recursion: a hostile folder may be
    nested thousands deep. Sizes are added up before a byte is read."""
    found: dict[str, str] = {}
    hashed: list[tuple[str, Path, str]] = []  # (name, file whose bytes it holds, what it is)
    budget = [MAX_FILES]
    folders = [(root, "")]
    while folders:
        folder, prefix = folders.pop()
        if prefix and _ours(folder / MANIFEST):
            found[prefix] = _stats(folder, budget)
            continue
        for entry in _listed(folder):
            name = prefix + entry.name
            _count(budget)
            mode = entry.stat(follow_symlinks=False).st_mode
            if stat.S_ISLNK(mode):
                found[name] = _link(root, Path(entry.path), name, hashed)
            elif stat.S_ISDIR(mode):
                found[name + "/"] = "folder"
                folders.append((Path(entry.path), name + "/"))
            elif stat.S_ISREG(mode):
                hashed.append((name, Path(entry.path), ""))
            else:
                raise Skip(f"{entry.path} is not a file, folder or link (a FIFO or a device is never read)")
    if sum(os.stat(path).st_size for _, path, _ in hashed) > MAX_BYTES:
        raise Skip(f"the game folder holds more than {MAX_BYTES >> 20} MiB")
    found.update((name, what + content(path)) for name, path, what in hashed)
    return dict(sorted(found.items()))


def _count(budget: list) -> None:
    budget[0] -= 1
    if budget[0] < 0:
        raise Skip(f"the game folder holds more than {MAX_FILES} files")


def _listed(folder: Path) -> list[os.DirEntry]:
    try:
        with os.scandir(folder) as entries:
            return sorted(entries, key=lambda e: e.name)
    except OSError as exc:
        raise Skip(f"cannot list {folder}: {exc.strerror or exc}") from None


def _link(root: Path, path: Path, name: str, hashed: list) -> str:
    """A link's text and what it leads to (a file's bytes: added to hashed)."""
    text = os.readlink(path)
    target = Path(os.path.realpath(path))
    if not os.path.lexists(target):
        return f"link {text} to nothing"
    if target.is_dir():
        if not target.is_relative_to(root):
            raise Skip(f"{path} links to a folder outside the game folder")
        return f"link {text} to a folder"  # its files are hashed where they are
    if not target.is_file():
        raise Skip(f"{path} links to something that is not a file (a FIFO or a device is never read)")
    hashed.append((name, target, f"link {text} to "))
    return ""


def content(path: Path) -> str:
    """sha256 of a regular file's bytes, never through a link, never waiting on a FIFO."""
    try:
        handle, _ = open_regular(str(path))
    except OSError as exc:
        raise Skip(f"cannot read {path}: {exc.strerror or exc}") from None
    with os.fdopen(handle, "rb") as stream:
        return hashlib.file_digest(stream, "sha256").hexdigest()


def _stats(folder: Path, budget: list) -> str:
    """A folder ppgen wrote: each entry's name, type, size, mtime and inode, not its bytes."""
    digest = hashlib.sha256()
    folders = [folder]
    while folders:
        for entry in _listed(folders.pop()):
            _count(budget)
            info = entry.stat(follow_symlinks=False)
            digest.update(f"{entry.path}\0{info.st_mode}\0{info.st_size}\0{info.st_mtime_ns}\0"
                          f"{info.st_ino}\0".encode("utf-8", "surrogatepass"))
            if stat.S_ISDIR(info.st_mode):
                folders.append(Path(entry.path))
    return f"a ppgen build {digest.hexdigest()}"


def _ours(manifest: Path) -> bool:
    """Is this a manifest ppgen wrote (for any game)? Read as a regular file only."""
    try:
        handle, _ = open_regular(str(manifest))
        with os.fdopen(handle, "rb") as stream:
            return json.loads(stream.read(1 << 20)).get("generator", "").startswith("ppgen ")
    except (OSError, ValueError, AttributeError):
        return False


def file_or_absent(path: Path) -> str:
    return content(path) if os.path.lexists(path) else "absent"


@lasting
@lru_cache(maxsize=1)
def code_digest() -> str:
    """ppgen's files (code, templates, bundled fonts) as this process found them, the Python
    that runs them, and the installed distributions (taken once: a process runs the code it
    imported, whatever is on disk later)."""
    digest = hashlib.sha256(f"{__version__}\0{sys.version}\0{zlib.ZLIB_RUNTIME_VERSION}".encode())
    games = str(resource_dir("games").resolve())
    roots = {PACKAGE_DIR, resource_dir("templates").resolve(), resource_dir("fonts").resolve()}
    for top in sorted(roots):
        for here, dirs, files in os.walk(top):  # names as strings: pathlib took 5 ms here
            dirs[:] = sorted(d for d in dirs if d != "__pycache__" and os.path.realpath(os.path.join(here, d)) != games)
            for name in sorted(files):
                path = os.path.join(here, name)
                digest.update(f"\0{path}\0".encode("utf-8", "surrogatepass"))
                digest.update(_source(path).encode())
    digest.update(_distributions().encode("utf-8", "surrogatepass"))
    OWN_FILES.keep()
    return digest.hexdigest()


def _source(path: str) -> str:
    try:
        return source_digest(path)
    except OSError as exc:
        raise Skip(f"cannot read {path}: {exc.strerror or exc}") from None


def _distributions() -> str:
    """Each installed distribution's dist-info name (name and version) and its stat; Skip
    when one other than ppgen adds rule sets."""
    seen = []
    for place in dict.fromkeys(p for p in sys.path if p and os.path.isdir(p)):
        for settings in (Path(place, "reportlab_settings.py"), Path(place, "reportlab", "local_rl_settings.py")):
            seen.append(f"{settings}\0{file_or_absent(settings)}")  # ReportLab reads them (rl_config)
        for entry in sorted(os.scandir(place), key=lambda e: e.name):
            if not entry.name.endswith((".dist-info", ".egg-info")):
                continue
            info = entry.stat()
            seen.append(f"{entry.path}\0{info.st_ino}\0{info.st_mtime_ns}")
            if not entry.name.lower().startswith(("ppgen-", "ppgen.")) and _adds_rulesets(Path(entry.path)):
                raise Skip(f"{entry.name} adds rule sets, and their code is not part of the record")
    return "\0".join(seen)


def _adds_rulesets(info: Path) -> bool:
    try:
        return "[ppgen.rulesets]" in (info / "entry_points.txt").read_text(encoding="utf-8", errors="replace")
    except OSError:
        return False


def reportlab_settings() -> str:
    """What ReportLab reads beside its own code to change how it writes (rl_config): RL_*
    variables and ~/.reportlab_settings (reportlab_settings.py: _distributions)."""
    variables = sorted((name, value) for name, value in os.environ.items() if name.startswith("RL_"))
    return f"{variables!r}\0{file_or_absent(Path.home() / '.reportlab_settings')}"
