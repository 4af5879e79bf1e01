"""validate's work on each face, kept in the face cache between builds, so that a one-card
edit of a 1,000-card deck composes one face in validate instead of every face.

What is kept of a face (`Seen`): its drawing's digest (the face cache finds its PNG and its
cut-sheet pages by it), the files the drawing reads with their digests, the largest side
each image icon is drawn at, the print preflight's faults with the element that drew each,
and its colour signature (colourblind.py): everything validate derives from a drawing (the
cut sheets' preflight, sheets.py, tells backs apart by their digests). The drawing itself is
not kept: the build composes a face only when its PNG or page is not in the cache either.

Soundness: a face is taken from the memo only when nothing its drawing can read changed.
compose() reads the card's row (its id and fields), the side, the component (size, bleed,
safe margin, face names), the face definitions, {game.title} and {game.tagline}, [data]
(lookups and `when` conditions), the fonts and icons, and through the generic painters
(faces/painters.py) the game's folder, its [data] and the files its images and image icons
name. The key of a face is therefore the digest of ppgen's code (cache.code_digest), the
game's fonts (cache.game_digest), the game as loaded without its cards' rows
(cache.without_cards, as the carried-over parts read it: every face definition, [data],
the title, the components, the folder), the component, the side and the card's row; and
since the files a drawing reads are known only once it is composed, each kept face lists
them with their digests, and is used only while each still has those bytes, is a regular
file and resolves to the same place inside the game folder (compose refuses one outside).
The card's line and file are not in the key: they appear only in messages of faces that
failed, which are never kept (a face that fails is composed again every time, and reported
exactly as before). A face any of whose elements is drawn by a rule set's painter is never
kept: such a painter is handed the whole game and may read other cards.

One cache entry per game folder and edition (like parts/sheetcache.py's one per PDF): one
read and one write a validate, through Store.recall/keep (checked against its digest; the
key holds ppgen's code and the game's fonts, so a new ppgen or font starts afresh). The
entry is text, a line per face (its key, then a JSON list), parsed only when the face is
looked up: a 20,000-card deck holds one short string per face. Anything malformed is a
face not kept (composed again), never an error. validate sits below the cache: it reaches
it through the kept.Kept a build hands it, so --no-cache (none handed) keeps nothing and
reads nothing."""

from __future__ import annotations

import hashlib
import json
import math
import os
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from ..faces.fill import face_for
from ..faces.painters import GENERIC
from ..lasting import lasting
from ..model import Card, Component, Game
from .colourblind import HEX
from .inkzone import Fault

FORMAT = b"ppgen-face-memo-1\n"
KINDS = ("small-text", "text-margin", "frame-margin")  # inkzone.Fault.kind
COMPACT = (",", ":")  # JSON separators
RECORDS_KEPT = 4096  # decoded records kept between validates, as many faces as validate keeps drawings of
LINE = re.compile(rb"^([0-9a-f]{64})\t(?=[^\n]*\n)", re.MULTILINE)  # a face's line of the entry: its key


@dataclass(frozen=True, slots=True)
class Seen:
    """What validate takes from one face's drawing."""
    digest: str | None  # cache.drawing_digest (None: the face cache is off)
    files: tuple[tuple[str, str], ...]  # (path, file_digest) of each file it reads
    sides: tuple[tuple[str, float], ...]  # (image icon's path, the largest side it is drawn at here)
    faults: tuple[tuple[Fault, int | None], ...]  # inkzone's faults, each with its element's place in the face
    look: tuple[str, tuple[str, ...]] | None  # colourblind.signature (None: a mat, not measured)


class Memo:
    """The faces of one game (and edition) seen by the last validate, and by this one."""

    def __init__(self, kept, game: Game):
        """kept: a kept.Kept when the build's face cache is on (it holds the cache and names
        what the memo's keys hold); None keeps nothing."""
        self.store = kept.store if kept is not None else None
        self.digest, self.game = kept, game
        self.entry = b""  # the last validate's entry, as read
        self.old: dict[str, int] = {}  # key -> where its record starts in it
        self.new = bytearray(FORMAT)  # this validate's entry, a face's line at a time: one block, no object a face
        self.taken = 0  # records of the last entry written again
        self.changed = False  # a face not in the last entry written
        self._files: dict[tuple[str, str], bool] = {}  # (path, digest) -> still so
        self._generic: dict[str, bool] = {}  # face name -> drawn by generic painters only
        if self.store is None:
            return
        self.setting = kept.setting(game)
        where = hashlib.sha256("\0".join([str(game.root), *game.out_parts]).encode("utf-8", "surrogatepass"))
        self.slot = self.store.key(game, where.hexdigest(), FORMAT.decode().strip(), 0, 0)
        self.root = os.path.realpath(game.root)
        self.entry, self.old = _parsed(self.store.recall(self.slot))

    def key(self, component: Component, card: Card | None, side: str) -> str | None:
        """The key of a face, or None when it is not to be kept (no cache, a face chosen by a
        card that names none, an element a rule set draws)."""
        if self.store is None:
            return None
        try:
            face = face_for(self.game, component, card, side)
        except (ValueError, KeyError):  # compose reports it
            return None
        if face is not None and not self._generic.setdefault(face.name, all(e.type in GENERIC for e in face.elements)):
            return None
        row = repr((card.id, card.fields)) if card is not None else ""
        text = "\0".join([self.setting, component.id, side, row])
        return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()

    def recall(self, key: str | None, component: Component, card: Card | None, side: str) -> Seen | None:
        """The face of key as the last validate saw it, if its files are unchanged."""
        start = self.old.get(key) if key else None
        if start is None:
            return None
        record = self.entry[start:self.entry.index(b"\n", start)]
        face = face_for(self.game, component, card, side)
        seen = _decoded(record, len(face.elements) if face is not None else 0)
        if seen is None or not all(self._unchanged(path, digest) for path, digest in seen.files):
            return None
        self.new += b"%s\t%s\n" % (key.encode(), record)
        self.taken += 1
        return seen

    def note(self, key: str | None, seen: Seen) -> None:
        if key is not None:
            self.new += b"%s\t%s\n" % (key.encode(), _encoded(seen).encode())
            self.changed = True

    def save(self) -> None:
        """One write, when anything changed: the faces of this validate (those of the last
        that are gone, go)."""
        if self.store is not None and (self.changed or self.taken != len(self.old)):
            self.store.keep(self.slot, self.new)

    def _unchanged(self, path: str, digest: str) -> bool:
        """The file still holds those bytes, is a regular file, and is where it was, inside
        the game folder (a picture swapped for a link out of it is composed again, and refused)."""
        known = self._files.get((path, digest))
        if known is None:
            known = self._files[path, digest] = os.path.realpath(path) == path \
                and Path(path).is_relative_to(self.root) and self.digest.file(path) == digest
        return known


def seen_of(drawing, kept, sides: dict, faults: tuple, look) -> Seen:
    """A face's record: its digest and the files it reads when the face cache is on (kept, a
    kept.Kept), and what validate measured of it."""
    read = tuple((path, kept.file(path)) for path in kept.files(drawing)) if kept is not None else ()
    return Seen(kept(drawing) if kept is not None else None, read, tuple(sides.items()), faults, look)


def _encoded(seen: Seen) -> str:
    faults = [[fault.kind, fault.index, fault.measure, element] for fault, element in seen.faults]
    look = None if seen.look is None else [seen.look[0], list(seen.look[1])]
    record = [seen.digest, [list(f) for f in seen.files], [list(s) for s in seen.sides], faults, look]
    return json.dumps(record, ensure_ascii=True, separators=COMPACT)  # no newline or tab inside


def _parsed(data: bytes | None) -> tuple[bytes, dict[str, int]]:
    """The entry and, for each face's key, where its record starts; nothing for anything
    malformed (a record is checked when its face is looked up)."""
    if not data or not data.startswith(FORMAT):
        return b"", {}
    return data, {found[1].decode(): found.end() for found in LINE.finditer(data, len(FORMAT))}


@lasting
@lru_cache(maxsize=RECORDS_KEPT)
def _decoded(text: bytes, elements: int) -> Seen | None:
    """A face's record, every value checked for what it must be (None: not so); elements:
    how many its face has. Kept for the next validate of the process (`ppgen watch`): a
    one-card edit of a 1,000-card deck decoded and checked 999 unchanged records again."""
    try:
        digest, files, sides, faults, look = json.loads(text)
        seen = Seen(_hex(digest), tuple((_text(path), _hex(d)) for path, d in files),
                    tuple((_text(path), _positive(side)) for path, side in sides),
                    tuple((Fault(_kind(kind), _index(index, math.inf), float(_number(measure))),
                           None if element is None else _index(element, elements))
                          for kind, index, measure, element in faults),
                    None if look is None else (_hex(look[0]), tuple(_colour(c) for c in look[1])))
    except (ValueError, TypeError, KeyError, IndexError, RecursionError):  # UnicodeDecodeError: a ValueError
        return None
    return seen


def _text(value) -> str:
    if type(value) is not str:
        raise TypeError(value)
    return value


def _hex(value) -> str:
    if type(value) is not str or len(value) != 64 or value.strip("0123456789abcdef"):
        raise ValueError(value)
    return value


def _number(value) -> float:
    if type(value) not in (int, float) or not math.isfinite(value):
        raise ValueError(value)
    return value


def _positive(value) -> float:
    if _number(value) <= 0:
        raise ValueError(value)
    return value


def _index(value, below: float) -> int:
    if type(value) is not int or not 0 <= value < below:
        raise ValueError(value)
    return value


def _kind(value) -> str:
    if value not in KINDS:
        raise ValueError(value)
    return value


def _colour(value) -> str:
    if type(value) is not str or not HEX.fullmatch(value):
        raise ValueError(value)
    return value
