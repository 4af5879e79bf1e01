"""Carry a part over from the last build when nothing it reads has changed.

Each part declares what it reads of the game (`Part.reads` in parts/__init__.py: `cards`,
the printed cards' data and drawn faces; `mats`, the mats' faces; `rules`, rules.md as read,
the aids measured and the cards the rules show). Every part also reads ppgen's code and
styles, the game's fonts, game.toml as loaded (its cards aside) and the build options
(NOT_INPUTS: those that never change a file). Those go into one digest per part, kept in SIDECAR beside manifest.json. A part whose
digest matches the last build's has its files hard-linked from it instead of drawn again: the
same bytes a fresh build would write, since the part's output is a function of its inputs.

The sidecar is trusted only when ppgen wrote it for the manifest beside it (it holds the
manifest's sha256), and a carried file only when its bytes still match its manifest entry:
an output edited by hand is drawn again. A build that --component limits, or one without
face digests (--no-cache), carries nothing and records nothing for the parts it makes."""

from __future__ import annotations

import dataclasses
import hashlib
import json
import os
import stat
from pathlib import Path

from ..artifacts import Artifact, sha256
from ..cache import code_digest, file_digest, game_digest, styles_digest, without_cards
from ..doc import CardsFigure, ImageFigure
from ..manifests import MANIFEST, SIDECAR
from ..output import Previous, carry_over, link
from ..parts import Part
from ..parts.figures import pick_cover_cards

FORMAT = "ppgen-inputs-1"


# -- what a part reads ----------------------------------------------------------------------------

# BuildOptions fields that never change the bytes of a part's files: how the build runs and
# reports, and what else it makes. Every other field (papers, layout, printer, ... and any
# option added later) is an input of every part: a new option cannot be forgotten here.
NOT_INPUTS = frozenset({"parts", "jobs", "progress", "warn", "tick", "cache", "cards", "components", "thumbs",
                        "unchanged", "last_images"})
ONLY_FOR = {"tts_url": "tts"}  # options only one part reads (the TTS files' URL, by default where OUT is)


def digests(parts: list[Part], plan, options) -> dict[str, str | None]:
    """part name -> the digest of everything it reads, or None when it cannot be carried
    over. What several parts read (the cards: the cut sheets, the images, the TTS sheets)
    is hashed once."""
    inputs = _Inputs(plan)
    return {part.name: _digest(part, options, inputs) for part in parts}


def _digest(part: Part, options, inputs: "_Inputs") -> str | None:
    if options.components or not inputs.plan.digests:
        return None
    hashed = hashlib.sha256(f"{FORMAT}\0{part.name}\0{inputs.read('setting')}".encode())
    for name in part.reads:
        hashed.update(f"\0{name}\0{inputs.read(name)}".encode("utf-8", "surrogatepass"))
    for field in dataclasses.fields(options):
        if field.name not in NOT_INPUTS and ONLY_FOR.get(field.name, part.name) == part.name:
            hashed.update(f"\0{field.name}={getattr(options, field.name)!r}".encode("utf-8", "surrogatepass"))
    return hashed.hexdigest()


class _Inputs:
    """The inputs parts read, each as a string that changes when the input does."""

    def __init__(self, plan):
        self.plan = plan
        self.game = plan.game
        self._read: dict[str, str] = {}

    def read(self, name: str) -> str:
        """The input `name` (a method below), taken once."""
        if name not in self._read:
            self._read[name] = getattr(self, name)()
        return self._read[name]

    def setting(self) -> str:
        """ppgen's code and styles, the game's fonts, game.toml as loaded without its cards."""
        bare = (without_cards(self.game), tuple(c.count for c in self.game.components))
        return "\0".join([code_digest(), game_digest(self.game), repr(bare), styles_digest()])

    def cards(self) -> str:
        printed = [c for c in self.game.components if c.printed_cards]
        return _hashed(repr(card) for c in printed for card in c.cards) + self._faces({c.id for c in printed})

    def mats(self) -> str:
        return self._faces({c.id for c in self.game.components if c.kind == "mat"})

    def rules(self) -> str:
        """rules.md as read (the data its template read included), the aids measured, the
        images it shows, and the faces of the cards it and the booklet's cover show."""
        plan = self.plan
        found = list(_walk(plan.rules))
        shown = [f for f in found if isinstance(f, CardsFigure)] + [pick_cover_cards(self.game)]
        cards = {(f.component, card) for f in shown if f for row in f.grid for card in row}
        components = {component for component, _ in cards}
        faces = [(repr(face), digest) for face, digest in plan.digests.items()
                 if face[:2] in cards or (face[1] is None and face[0] in components)]  # a shared back
        images = sorted(str(f.path) for f in found if isinstance(f, ImageFigure))
        source = file_digest(str(self.game.rules)) if self.game.rules else ""
        return "\0".join([source, repr(plan.rules), repr(plan.aids), repr(sorted(faces)),
                          *(f"{p}={file_digest(p)}" for p in images)])

    def _faces(self, components: set[str]) -> str:
        return _hashed(f"{face!r}={d}" for face, d in self.plan.digests.items()  # in the deck's order
                       if face[0] in components)


def _hashed(pieces) -> str:
    """One digest of many strings, without holding them all (a 20,000-card deck's cards)."""
    digest = hashlib.sha256()
    for piece in pieces:
        digest.update(piece.encode("utf-8", "surrogatepass"))
        digest.update(b"\0")
    return digest.hexdigest()


def _walk(value):
    """Every dataclass instance inside value (the rules document's blocks and figures)."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        yield value
        for field in dataclasses.fields(value):
            yield from _walk(getattr(value, field.name))
    elif isinstance(value, (tuple, list)):
        for item in value:
            yield from _walk(item)


# -- the record of the last build -------------------------------------------------------------------

def earlier(previous: Previous) -> dict[str, dict]:
    """part name -> {"inputs": digest, "paths": [...]} of the last build, if ppgen wrote it
    for the manifest there; {} otherwise."""
    try:
        record = json.loads((previous.folder / SIDECAR).read_text(encoding="utf-8"))
        if record.get("format") != FORMAT or record.get("manifest") != sha256(previous.folder / MANIFEST):
            return {}
        parts = record["parts"]
        if all(isinstance(r.get("inputs"), str) and isinstance(r.get("paths"), list) for r in parts.values()):
            return parts
    except (OSError, ValueError, TypeError, AttributeError, KeyError):
        pass
    return {}


def reuse(previous: Previous, records: dict[str, dict], part: Part, inputs: str | None,
          stage: Path) -> list[Artifact] | None:
    """The part's files of the last build linked into stage when its inputs are the same and
    its files unchanged; None when it must be made."""
    record = records.get(part.name)
    if inputs is None or record is None or record["inputs"] != inputs:
        return None
    entries = {e["path"]: e for e in previous.entries}
    paths = set(record["paths"])
    for path in paths:
        entry = entries.get(path)
        source = previous.folder / path
        if entry is None or entry["kind"] not in part.kinds or source.is_symlink() or not source.is_file() \
                or entry.get("sha256") != sha256(source):
            return None
    return carry_over(previous, stage, lambda entry: entry["path"] in paths, set())


def write(stage: Path, records: dict[str, dict]) -> None:
    """The sidecar of the build in stage, bound to its manifest (written first)."""
    record = {"format": FORMAT, "manifest": sha256(stage / MANIFEST), "parts": records}
    # compact: json's C encoder (indented, it encodes in Python: 1,000 image keys took 1.5 ms)
    (stage / SIDECAR).write_text(json.dumps(record, separators=(",", ":"), sort_keys=True), encoding="utf-8")


def record(inputs: str | None, artifacts: list[Artifact], earlier: dict | None = None) -> dict | None:
    """A part's record: its inputs' digest, its files, and the face-cache key of each card
    image (LastImages), those of a file carried over whole kept from the `earlier` record."""
    if inputs is None:
        return None
    kept = (earlier or {}).get("keys")
    kept = kept if isinstance(kept, dict) else {}
    keys = {a.path: a.key or kept.get(a.path) for a in artifacts if a.key or isinstance(kept.get(a.path), str)}
    return {"inputs": inputs, "paths": sorted(a.path for a in artifacts), **({"keys": keys} if keys else {})}


# -- the card images, one by one ----------------------------------------------------------------

class LastImages:
    """The card images of the last build, linked again into the stage one by one when the
    face's cache key is the one the image was drawn under and the file is as that build left
    it: its size, mtime and inode recorded beside its manifest (unchanged.py trusts them the
    same way). Neither read nor hashed again: a one-card edit of a 1,000-card deck read and
    hashed 999 cache entries. Its sha256 is the manifest's (noted as the cache's links are)."""

    def __init__(self, previous: Previous, records: dict[str, dict], stamps: dict):
        self.folder = str(previous.folder)  # joined as strings: a thousand Paths cost 20 ms
        keys = records.get("png", {}).get("keys")
        self.keys = keys if isinstance(keys, dict) and stamps else {}
        self.digests = {e["path"]: e.get("sha256") for e in previous.entries if e["kind"] == "card-png"}
        self.stamps = stamps

    def take(self, path: str, key: str | None, stage: str, store) -> bool:
        """Link the last build's image at `path` into the folder `stage` if it shows `key`;
        False if not."""
        digest = self.digests.get(path)
        if key is None or self.keys.get(path) != key or not isinstance(digest, str) or len(digest) != 64:
            return False
        source, target = os.path.join(self.folder, path), os.path.join(stage, path)
        try:
            info = os.lstat(source)
            if not stat.S_ISREG(info.st_mode) or [info.st_size, info.st_mtime_ns, info.st_ino] != self.stamps.get(path):
                return False
            os.link(source, target)
            # the stat before the link: a file swapped in between is another inode, which
            # the manifest then finds no note for and hashes
            store.note(digest, info)
        except (OSError, ValueError):
            return False
        store.hits += 1
        return True


# -- the gallery's thumbnails -------------------------------------------------------------------

class Thumbs:
    """The gallery's thumbnails of the last build, linked again when what they show is the same:
    a card's face (its drawing's digest, ppgen's code, the fonts), a PDF's or a sheet's bytes.
    The gallery itself is written every build: it shows the others."""

    def __init__(self, plan, previous: Previous, records: dict[str, dict], stage: Path):
        self.plan, self.previous, self.stage = plan, previous, stage
        self.setting = f"{code_digest()}\0{game_digest(plan.game)}"
        old = records.get("gallery", {}).get("thumbs", {})
        self.old = old if isinstance(old, dict) else {}
        self.entries = {e["path"]: e for e in previous.entries if e["kind"] == "gallery"}
        self.new: dict[str, str] = {}

    def face_key(self, face: tuple) -> str | None:
        return self.plan.digest(face)

    def _full(self, key: str | None) -> str | None:
        """What a thumbnail shows and what draws it: ppgen's code, the fonts."""
        return None if key is None else hashlib.sha256(f"{self.setting}\0{key}".encode()).hexdigest()

    def take(self, paths: list[str], key: str | None) -> bool:
        """Link the last build's thumbnails `paths` into the stage if they show `key`."""
        key = self._full(key)
        if key is None or not paths or any(self.old.get(path) != key for path in paths):
            return False
        for path in paths:
            source = self.previous.folder / path
            entry = self.entries.get(path)
            if entry is None or source.is_symlink() or not source.is_file() or entry.get("sha256") != sha256(source):
                return False
        for path in paths:
            link(self.previous.folder / path, self.stage / path)
            self.new[path] = key
        return True

    def taken(self, prefix: str, key: str | None) -> list[str]:
        """The last build's thumbnails under prefix that showed key (a PDF's pages), in order."""
        key = self._full(key)
        return sorted((p for p, k in self.old.items() if k == key and p.startswith(prefix)
                       and p[len(prefix):-len(".png")].isdigit() and p.endswith(".png")),
                      key=lambda p: (len(p), p))

    def made(self, paths: list[str], key: str | None) -> None:
        key = self._full(key)
        for path in paths:
            if key is not None:
                self.new[path] = key

    def record(self) -> dict:
        return {"inputs": "", "paths": [], "thumbs": self.new}
