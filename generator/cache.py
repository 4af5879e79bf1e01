"""A content-addressed store of rendered card faces, so a rebuild redraws only what changed.

The key of a face is a hash of everything its pixels depend on: the composed drawing (the
display list compose() made from the face definition, the card's fields, the component's
size and bleed, looked-up data...), the bytes of every file the drawing reads (images), the
game's fonts (bundled and its own, and how roles map to them), the dpi and bleed it is
rendered at, and ppgen's own code and the libraries that draw. Keying on the composed
drawing rather than on its inputs means nothing that reaches the picture can be missed.

Entries live in $PPGEN_CACHE (else $XDG_CACHE_HOME/ppgen, else ~/.cache/ppgen) under
faces-v2/, kept by cachedisk.py: never through a link, in private folders, each PNG checked
against the digest written beside it before it is used (else drawn again and rewritten). A
root others could write, or a link, is not used at all. Writes are atomic, so any number of
builds may share the folder and it may be deleted at any moment. The folder is kept under
$PPGEN_CACHE_SIZE bytes (default 1 GiB): least recently used entries (by mtime, touched on
every hit) go first; one well under half its limit is listed only hourly (cachedisk.USAGE)."""

from __future__ import annotations

import dataclasses
import hashlib
import os
import struct
import sys
import zlib
from dataclasses import dataclass, field
from functools import lru_cache
from importlib.util import find_spec
from itertools import islice
from pathlib import Path
from typing import Callable

from . import __version__
from .cachedisk import Shelf, open_regular, refusal
from .files import PACKAGE_DIR, resource_dir
from .ops import encoded
from .ownfiles import OWN_FILES
from .words import plural
from .lasting import lasting

FORMAT = "faces-v2"  # entries with their sidecar digests (cachedisk.py)
OLD_FORMATS = ("faces-v1",)  # what earlier versions wrote there, never read now: emptied by prune()
DEFAULT_SIZE = 1 << 30
LINKED = struct.Struct("<qq")  # the size and mtime_ns of a linked file, after its sha256 (Store.linked)
FONT_SUFFIXES = (".ttf", ".otf", ".ttc")


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
    pages: list = field(default_factory=lambda: [0, 0])  # cut-sheet pages [drawn, kept] (parts/sheetcache.py)
    linked: dict = field(default_factory=dict)  # inode -> LINKED record of each file linked from the cache (note)
    added: int = 0  # bytes stored in the cache (Shelf.prune counts on them)
    _games: dict = field(default_factory=dict, repr=False)  # id(game) -> game_digest, once a build

    def __post_init__(self):
        self._shelf = Shelf(self.root, FORMAT)

    @classmethod
    def open(cls, enabled: bool = True) -> "Store":
        """The store at location(); a root that cannot be trusted (cachedisk.refusal) is
        not used: the build draws every face, and says so once on stderr."""
        root = location()
        why = refusal(root) if enabled else None
        if why:
            _warn_once(f"face cache {root} not used: {why}")
        store = cls(root, enabled and not why, size_limit())
        if store.enabled:
            OWN_FILES.use(store)  # ppgen's files' digests are kept there too
        return store

    def png(self, game, drawing, dpi: float, bleed: float, render: Callable[[], bytes],
            who: tuple = ()) -> bytes:
        """The PNG bytes of `drawing`: from the cache, else render() (and remember them)."""
        key = self.key(game, drawing, "png", dpi, bleed) if self.enabled else None
        return self._fetch(key, render, who)[0]

    def tile(self, game, drawing, dpi: float, render: Callable[[], bytes], form: str = "tile") -> bytes:
        """The PNG bytes of `drawing` (or its drawing_digest) as cut (no bleed) at dpi, for a
        part that pastes faces into a bigger picture (a TTS sheet) or shows them small (the
        gallery's thumbnails, another form): from the cache, else render(). Not counted among
        the card faces drawn or taken from the cache, which are the card images'."""
        key = self.key(game, drawing, form, dpi, 0) if self.enabled else None
        return self._fetch(key, render, None)[0]

    def holds(self, game, drawing, dpi: float, form: str = "tile") -> bool:
        """Is the tile() of drawing there (unchecked: a hint that it need not be drawn ahead)?"""
        return self.enabled and self._shelf.holds(self.key(game, drawing, form, dpi, 0))

    def write_png(self, target: Path, game, drawing, dpi: float, bleed: float,
                  render: Callable[[], bytes], who: tuple = (), form: str = "png") -> None:
        """Write the PNG of `drawing` to target (a new file of a staging folder). A face in
        the cache is hard-linked from it: creating and filling a thousand files costs more
        than the rest of a rebuild. Entries are read-only, so the link is too. form: what
        else makes the picture (a shaped piece's mask)."""
        key = self.key(game, drawing, form, dpi, bleed) if self.enabled else None
        self._write(target, key, render, who)

    def place(self, target: Path, key: str | None, make: Callable[[], bytes]) -> None:
        """Write an entry that is not a face (a finished TTS sheet, keyed by what makes it)
        to target as write_png does: hard-linked from the cache when it is there and checks,
        else make()d and kept. key None: made, not kept. Not counted among the faces."""
        self._write(target, key if self.enabled else None, make, None)

    def _write(self, target: Path, key: str | None, render: Callable[[], bytes], who: tuple | None) -> None:
        if key and self._take(key, target, who):
            return
        data, entry = self._made(key, render, who)
        placed = self._shelf.link(key, target, entry) if entry else None
        if placed is None:
            target.write_bytes(data)  # no cache, or a cache on another disk
        else:
            self.note(hashlib.sha256(data).hexdigest(), placed)

    def _take(self, key: str, target: Path, who: tuple | None) -> bool:
        """Hard-link (or, from another disk, copy) the entry of key to target once its bytes
        are checked; False: it is not cached. who: a card face, counted among the hits."""
        found = self._shelf.take(key, target)
        if not found:
            return False
        data, digest, placed = found
        if placed is None:
            target.write_bytes(data)
        else:
            self.note(digest, placed)
        self.hits += who is not None
        return True

    def note(self, digest: str, placed: os.stat_result) -> None:
        """Keep the sha256 of a file linked from the cache (or from the last build), for the manifest (output.py),
        with the size and mtime of the link: the manifest takes it only for the file as it
        was. Packed (48 bytes by inode): a 20,000-card build links 20,000 files."""
        self.linked[placed.st_ino] = bytes.fromhex(digest) + LINKED.pack(placed.st_size, placed.st_mtime_ns)

    def _fetch(self, key: str | None, render: Callable[[], bytes],
               who: tuple | None) -> tuple[bytes, os.stat_result | None]:
        """The PNG of key from the cache (checked), else render()ed and stored; with the
        stat of the cache entry (None: not in the cache, or no key: --no-cache). who: the
        face, counted among those drawn or taken (None: not a card face, not counted)."""
        found = self._shelf.read(key) if key else None
        if found:
            self.hits += who is not None
            return found
        return self._made(key, render, who)

    def _made(self, key: str | None, render: Callable[[], bytes],
              who: tuple | None) -> tuple[bytes, os.stat_result | None]:
        """render()ed, counted among the faces drawn (who) and stored under key (if any)."""
        data = render()
        if who is not None:
            self.drawn.append(who)
        return data, self._store(key, data) if key else None

    def _store(self, key: str, data: bytes | list[bytes]) -> os.stat_result | None:
        """Write an entry (its bytes whole or in pieces), counted in `added`; None: not written."""
        entry = self._shelf.write(key, data)
        if entry is not None:
            self.added += len(data) if isinstance(data, (bytes, bytearray)) else sum(map(len, data))
        return entry

    def key(self, game, drawing, form: str, dpi: float, bleed: float) -> str:
        """drawing: a FaceDrawing, or the drawing_digest of one (validate notes them: Plan.digests)."""
        fonts = self._games.get(id(game))
        if fonts is None:
            fonts = self._games[id(game)] = game_digest(game)
        digest = drawing if isinstance(drawing, str) else drawing_digest(drawing)
        return face_key(fonts, digest, form, dpi, bleed)

    def link_cached(self, target: Path, game, digest: str, dpi: float, bleed: float, form: str = "png") -> bool:
        """Hard-link the cached PNG of a face whose drawing_digest validate noted; False if
        it is not cached."""
        return self._take(self.key(game, digest, form, dpi, bleed), target, ())

    def recall(self, key: str) -> bytes | None:
        """An entry that is not a face (a cut sheet's pages: parts/sheetcache.py), under the
        same checks as a face; None when it is not there or the cache is off."""
        found = self._shelf.read(key) if self.enabled else None
        return found[0] if found else None

    def keep(self, key: str, data: bytes | list[bytes]) -> None:
        """Store such an entry, its bytes whole or in pieces (pruned with the faces, least
        recently used first)."""
        if self.enabled:
            self._store(key, data)

    def mark(self) -> tuple:
        """Where this process's counts stand, for since()."""
        return self.hits, len(self.drawn), len(self.linked), self.added, tuple(self.pages)

    def since(self, mark: tuple) -> tuple[int, list, dict, int, list]:
        """What this process counted, linked and stored after `mark`: a forked helper's share
        (a card-image worker's, a part's, an edition's), for merge()."""
        hits, drawn, linked, added, pages = mark
        return (self.hits - hits, self.drawn[drawn:], dict(islice(self.linked.items(), linked, None)),
                self.added - added, [now - then for now, then in zip(self.pages, pages)])

    def merge(self, hits: int, drawn: list, linked: dict | None = None, added: int = 0, pages=(0, 0)) -> None:
        """Add what a forked helper counted, linked and stored (since())."""
        self.hits += hits
        self.drawn += drawn
        self.linked.update(linked or {})
        self.added += added
        self.pages = [mine + theirs for mine, theirs in zip(self.pages, pages)]

    def summary(self, most: int = 8) -> str:
        """'2 card faces drawn (A1 front, A2 front), 52 from the cache', and the cut-sheet pages."""
        names = [f"{card or 'shared'} {side}" for _, card, side in self.drawn]
        listed = ", ".join(names[:most]) + (f" and {len(names) - most} more" if len(names) > most else "")
        where = f" ({listed})" if names else ""
        pages = f"; {plural(self.pages[0], 'cut-sheet page')} drawn, {self.pages[1]} kept" if any(self.pages) else ""
        return f"{plural(len(names), 'card face')} drawn{where}, {self.hits} from the cache{pages}"

    def prune(self) -> int:
        """Delete the least recently used entries until the cache fits its limit; returns
        how many went. Stray temporary files of killed builds go too (after a day), and every
        entry an earlier ppgen wrote in a format no longer read (OLD_FORMATS)."""
        if not self.enabled:
            return 0
        gone = sum(Shelf(self.root, old).prune(0) for old in OLD_FORMATS)
        return gone + self._shelf.prune(self.limit, self.added)


_WARNED: set[str] = set()


def _warn_once(message: str) -> None:
    """On stderr, once a process (a watch loop, a build of several games: many stores)."""
    if message not in _WARNED:
        _WARNED.add(message)
        print(f"ppgen: warning: {message}", file=sys.stderr)




# -- the key -----------------------------------------------------------------------------------

def face_key(fonts: str, drawing: str, form: str, dpi: float, bleed: float) -> str:
    """fonts: the game_digest of the drawing's game; drawing: its drawing_digest."""
    digest = hashlib.sha256()
    for part in (FORMAT, form, repr(dpi), repr(bleed), code_digest(), fonts, drawing):
        digest.update(part.encode("utf-8", "surrogatepass"))
        digest.update(b"\0")
    return digest.hexdigest()


def drawing_digest(drawing) -> str:
    """The digest of a composed face and of the bytes of the files it reads: the face
    cache's name for its image (validate notes it, through kept.Kept)."""
    digest = hashlib.sha256(encoded(drawing))
    for path in files_read(drawing):
        digest.update(path.encode("utf-8", "surrogatepass"))
        digest.update(file_digest(path).encode())
    return digest.hexdigest()


def face_setting(game) -> str:
    """What every face of the game may read besides its own card: ppgen's code, the game's
    fonts, the game as loaded without its cards' rows (validate/facememo.py keys faces on it)."""
    text = "\0".join([code_digest(), game_digest(game), repr(without_cards(game))])
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def files_read(drawing) -> list[str]:
    """The paths of the files a drawing reads (its images' and image icons'), sorted."""
    return sorted(_files_read(drawing.ops))


def styles_digest() -> str:
    """ppgen's styles and words (templates/), which code_digest does not cover."""
    styles = sorted(str(p) for p in resource_dir("templates").rglob("*") if p.is_file())
    return hashlib.sha256("\0".join(f"{p}={file_digest(p)}" for p in styles).encode("utf-8", "surrogatepass")).hexdigest()


def without_cards(game):
    """The game as loaded without its cards' rows: what every face of it may read besides
    its own card (a part carried over, a face's validate work kept: validate/facememo.py)."""
    return dataclasses.replace(game, components=tuple(dataclasses.replace(c, cards=()) for c in game.components))


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


@lasting
@lru_cache(maxsize=1)
def code_digest() -> str:
    """ppgen's source and the versions of what draws: new code never meets old pictures."""
    import PIL
    import reportlab
    from .faces.pngfile import DEFLATE
    digest = hashlib.sha256(f"{__version__} {PIL.__version__} {reportlab.Version} {skia_version()} {DEFLATE} "
                            f"{zlib.ZLIB_RUNTIME_VERSION} {sys.version_info[:2]}".encode())
    top = str(PACKAGE_DIR)
    for here, dirs, files in os.walk(top):  # names as strings: pathlib took 3 ms here
        dirs.sort()
        for name in sorted(f for f in files if f.endswith(".py")):
            path = os.path.join(here, name)
            digest.update(path[len(top) + 1:].encode("utf-8", "surrogatepass"))  # its place in the package
            digest.update(source_digest(path).encode())
    OWN_FILES.keep()
    return digest.hexdigest()


def skia_version() -> str:
    """The skia-python that draws the PNGs (faces/skiapaint.py), from the name of its
    dist-info folder beside it: importing skia to ask it takes 20 ms and 17 MB a process."""
    spec = find_spec("skia")
    if spec is None or not spec.origin:
        return "no skia"
    here = Path(spec.origin).parent
    named = sorted(entry.name for entry in os.scandir(here) if entry.name.startswith("skia_python-"))
    return named[-1] if named else f"skia at {spec.origin}"


@lasting
@lru_cache(maxsize=None)
def source_digest(path: str) -> str:
    """sha256 of one of ppgen's own files (code, templates, fonts), taken once a process (it
    runs the code it imported): the face cache's key and unchanged.py's record both hash
    ppgen's code. Not read again while its stat is the one the last run noted (ownfiles.py)."""
    return OWN_FILES.digest(path)


def game_digest(game) -> str:
    """The fonts a game's text can be drawn in: ppgen's bundled fonts, the font files the
    game names in [fonts] (no other file of its folder is read), and the game's font and
    icon declarations (which role uses which file)."""
    digest = hashlib.sha256()
    bundled = sorted(str(p) for p in resource_dir("fonts").iterdir() if p.suffix.lower() in FONT_SUFFIXES)
    own = sorted(set((getattr(game, "fonts", None) or {}).values()))
    for path in bundled + own:
        digest.update(placeless(repr(path), game).encode("utf-8", "surrogatepass"))
        digest.update(file_digest(path).encode())
    for name in ("fonts", "icons"):
        digest.update(placeless(repr(getattr(game, name, None)), game).encode("utf-8", "surrogatepass"))
    return digest.hexdigest()


def placeless(text: str, game) -> str:
    """text (a repr) with the game's folder, as given and resolved, written <game> where it
    opens a quoted path. A folder whose name repr escapes is left as it is: the key then
    holds the place, and a copy only lays its rules out afresh."""
    for root in dict.fromkeys((str(game.root), str(Path(game.root).resolve()))):
        for quote in ("'", '"'):
            text = text.replace(f"{quote}{root}/", f"{quote}<game>/").replace(f"{quote}{root}{quote}", f"{quote}<game>{quote}")
    return text


_FILE_DIGESTS: dict[tuple, str] = {}


def file_digest(path: str) -> str:
    """sha256 of a file's bytes, remembered while its size, mtime and inode stay the same (a
    watch loop asks again after every save). The name is resolved first: the key must follow
    the bytes the drawing shows, and load has checked where the name leads. What it leads to
    is read as a regular file only (open_regular: no link, FIFO or device); anything else
    has a digest of its own, and load and validate report the file."""
    try:
        handle, info = open_regular(os.path.realpath(path))
    except OSError:
        return "not a regular file"
    with os.fdopen(handle, "rb") as stream:
        stamp = (path, info.st_size, info.st_mtime_ns, info.st_ino, info.st_dev)
        known = _FILE_DIGESTS.get(stamp)
        if known is None:
            known = _FILE_DIGESTS[stamp] = hashlib.file_digest(stream, "sha256").hexdigest()
    return known
