"""A content-addressed store of rendered card faces, so a rebuild redraws only what changed.

The key of a face is a hash of everything its pixels depend on: the composed drawing (the
display list compose() made from the face definition, the card's fields, the component's
size and bleed, looked-up data...), the bytes of every file the drawing reads (images), the
game's fonts (bundled and its own, and how roles map to them), the dpi and bleed it is
rendered at, and ppgen's own code and the libraries that draw. Keying on the composed
drawing rather than on its inputs means nothing that reaches the picture can be missed.

Entries live in $PPGEN_CACHE (else $XDG_CACHE_HOME/ppgen, else ~/.cache/ppgen) under
faces-v1/. Writes are atomic (a temporary file renamed into place), so any number of builds
may share the folder and it may be deleted at any moment; an entry that fails its check is
ignored and rewritten. The folder is kept under $PPGEN_CACHE_SIZE bytes (default 1 GiB):
least recently used entries (by mtime, touched on every hit) go first."""

from __future__ import annotations

import hashlib
import os
import struct
import sys
import tempfile
import time
import zlib
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Callable

from . import __version__
from .catalog import PACKAGE_DIR, resource_dir

FORMAT = "faces-v1"
DEFAULT_SIZE = 1 << 30
FONT_SUFFIXES = (".ttf", ".otf", ".ttc")
_PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def location() -> Path:
    """Where the cache lives; $PPGEN_CACHE wins (tests point it at a temporary folder)."""
    if os.environ.get("PPGEN_CACHE"):
        return Path(os.environ["PPGEN_CACHE"])
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "ppgen"


def size_limit() -> int:
    try:
        return max(0, int(os.environ.get("PPGEN_CACHE_SIZE", DEFAULT_SIZE)))
    except ValueError:
        return DEFAULT_SIZE


@dataclass
class Store:
    """The face cache of one build. `enabled` False (--no-cache) renders every face and
    stores nothing. `drawn` lists the faces actually redrawn: (component, card, side)."""

    root: Path
    enabled: bool = True
    limit: int = DEFAULT_SIZE
    hits: int = 0
    drawn: list = field(default_factory=list)
    _games: dict = field(default_factory=dict, repr=False)  # id(game) -> game_digest, once a build

    @classmethod
    def open(cls, enabled: bool = True) -> "Store":
        return cls(location(), enabled, size_limit())

    def png(self, game, drawing, dpi: float, bleed: float, render: Callable[[], bytes],
            who: tuple = ()) -> bytes:
        """The PNG bytes of `drawing`: from the cache, else render() (and remember them)."""
        key = self.key(game, drawing, "png", dpi, bleed) if self.enabled else None
        data = self._read(key) if key else None
        if data is not None:
            self.hits += 1
            return data
        data = render()
        self.drawn.append(who)
        if key:
            self._write(key, data)
        return data

    def write_png(self, target: Path, game, drawing, dpi: float, bleed: float,
                  render: Callable[[], bytes], who: tuple = ()) -> None:
        """Write the PNG of `drawing` to target (a new file of a staging folder). A face in
        the cache is hard-linked from it: creating and filling a thousand files costs more
        than the rest of a rebuild. Entries are read-only, so the link is too."""
        key = self.key(game, drawing, "png", dpi, bleed) if self.enabled else None
        if key and self._link(key, target):
            self.hits += 1
            return
        data = self.png(game, drawing, dpi, bleed, render, who)
        if not (key and self._link(key, target, check=False)):
            target.write_bytes(data)

    def key(self, game, drawing, form: str, dpi: float, bleed: float) -> str:
        """drawing: a FaceDrawing, or the drawing_digest of one (validate notes them: Plan.digests)."""
        fonts = self._games.get(id(game))
        if fonts is None:
            fonts = self._games[id(game)] = game_digest(game)
        digest = drawing if isinstance(drawing, str) else drawing_digest(drawing)
        return face_key(fonts, digest, form, dpi, bleed)

    def link_cached(self, target: Path, game, digest: str, dpi: float, bleed: float) -> bool:
        """Hard-link the cached PNG of a face whose drawing_digest validate noted; False if
        it is not cached."""
        if not self._link(self.key(game, digest, "png", dpi, bleed), target):
            return False
        self.hits += 1
        return True

    def merge(self, hits: int, drawn: list) -> None:
        """Add what a worker process counted."""
        self.hits += hits
        self.drawn += drawn

    # -- entries ---------------------------------------------------------------------------

    def _path(self, key: str) -> Path:
        return self.root / FORMAT / key[:2] / f"{key}.png"

    def _link(self, key: str, target: Path, check: bool = True) -> bool:
        path = self._path(key)
        if check and self._read(key) is None:
            return False
        try:
            os.link(path, target)
        except OSError:
            return False  # another disk, a file system without links: copied instead
        return True

    def _read(self, key: str) -> bytes | None:
        path = self._path(key)
        try:
            data = path.read_bytes()
        except OSError:
            return None
        if not png_intact(data):
            return None  # damaged (a disk fault, a hand edit): drawn again and rewritten
        try:
            os.utime(path)  # least recently used goes first when the cache is pruned
        except OSError:
            pass
        return data

    def _write(self, key: str, data: bytes) -> None:
        """Atomic: readers see the whole entry or none. A cache that cannot be written
        (read-only, full disk) only costs speed, never the build."""
        path = self._path(key)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=".", suffix=".tmp")
            try:
                with os.fdopen(handle, "wb") as out:
                    out.write(data)
                os.chmod(temporary, 0o444)  # shared by links into builds: not to be edited
                os.replace(temporary, path)
            except BaseException:
                os.unlink(temporary)
                raise
        except OSError:
            pass

    def prune(self) -> int:
        """Delete the least recently used entries until the cache fits its limit; returns
        how many went. Stray temporary files of killed builds go too (after a day)."""
        if not self.enabled:
            return 0
        entries = []
        for folder in _scan(self.root / FORMAT):
            for entry in _scan(folder):
                try:
                    info = entry.stat()
                except OSError:
                    continue
                entries.append((info.st_mtime, info.st_size, entry.path, entry.name))
        total = sum(size for _, size, _, _ in entries)
        removed = 0
        for mtime, size, path, name in sorted(entries):
            stale_temporary = name.startswith(".") and mtime < time.time() - 86400
            if total <= self.limit and not stale_temporary:
                continue
            try:
                os.unlink(path)
            except OSError:
                continue
            total -= size
            removed += 1
        return removed


def _scan(folder: Path):
    try:
        with os.scandir(folder) as found:
            return list(found)
    except OSError:
        return []


def png_intact(data: bytes) -> bool:
    """A whole PNG: the signature, every chunk's CRC right, ending with IEND."""
    if not data.startswith(_PNG_SIGNATURE):
        return False
    at = len(_PNG_SIGNATURE)
    while at + 12 <= len(data):
        (length,) = struct.unpack_from(">I", data, at)
        end = at + 12 + length
        if end > len(data):
            return False
        kind = data[at + 4:at + 8]
        (crc,) = struct.unpack_from(">I", data, end - 4)
        if zlib.crc32(data[at + 4:end - 4]) != crc:
            return False
        if kind == b"IEND":
            return end == len(data)
        at = end
    return False


# -- the key -----------------------------------------------------------------------------------

def face_key(fonts: str, drawing: str, form: str, dpi: float, bleed: float) -> str:
    """fonts: the game_digest of the drawing's game; drawing: its drawing_digest."""
    digest = hashlib.sha256()
    for part in (FORMAT, form, repr(dpi), repr(bleed), code_digest(), fonts, drawing):
        digest.update(part.encode("utf-8", "surrogatepass"))
        digest.update(b"\0")
    return digest.hexdigest()


def drawing_digest(drawing) -> str:
    """A composed face and the bytes of the files it reads."""
    digest = hashlib.sha256(repr(drawing).encode("utf-8", "surrogatepass"))
    for path in sorted(_files_read(drawing.ops)):
        digest.update(path.encode("utf-8", "surrogatepass"))
        digest.update(file_digest(path).encode())
    return digest.hexdigest()


def _files_read(ops) -> set[str]:
    """Paths of the files a drawing reads (an op's `path`: an Image's), groups searched too."""
    found: set[str] = set()
    for item in ops:
        path = getattr(item, "path", None)
        if path is not None:
            found.add(str(path))
        children = getattr(item, "ops", None)
        if children:
            found |= _files_read(children)
    return found


@lru_cache(maxsize=1)
def code_digest() -> str:
    """ppgen's source and the versions of what draws: new code never meets old pictures."""
    import PIL
    import reportlab
    from .faces.png import DEFLATE
    digest = hashlib.sha256(f"{__version__} {PIL.__version__} {reportlab.Version} {DEFLATE} "
                            f"{zlib.ZLIB_RUNTIME_VERSION} {sys.version_info[:2]}".encode())
    for path in sorted(PACKAGE_DIR.rglob("*.py")):
        digest.update(str(path.relative_to(PACKAGE_DIR)).encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()


def game_digest(game) -> str:
    """The fonts a game's text can be drawn in: ppgen's bundled fonts, the game's own font
    files, and the game's font and icon declarations (which role uses which file)."""
    digest = hashlib.sha256()
    folders = [resource_dir("fonts"), Path(game.root)]
    for folder in folders:
        for path in sorted(p for p in folder.rglob("*") if p.suffix.lower() in FONT_SUFFIXES):
            digest.update(str(path).encode("utf-8", "surrogatepass"))
            digest.update(file_digest(str(path)).encode())
    for name in ("fonts", "icons"):
        digest.update(repr(getattr(game, name, None)).encode("utf-8", "surrogatepass"))
    return digest.hexdigest()


_FILE_DIGESTS: dict[tuple, str] = {}


def file_digest(path: str) -> str:
    """sha256 of a file's bytes, remembered while its size and mtime stay the same (a watch
    loop asks again after every save); a missing file has its own digest."""
    try:
        info = os.stat(path)
    except OSError:
        return "missing"
    stamp = (path, info.st_size, info.st_mtime_ns, info.st_ino)
    known = _FILE_DIGESTS.get(stamp)
    if known is None:
        digest = hashlib.sha256()
        with open(path, "rb") as handle:
            for block in iter(lambda: handle.read(1 << 20), b""):
                digest.update(block)
        known = _FILE_DIGESTS[stamp] = digest.hexdigest()
    return known
