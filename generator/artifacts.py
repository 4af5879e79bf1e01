"""What a build writes, as the manifest lists it: one Artifact per file. Plain data every
output part returns; output.py writes the manifest."""

from __future__ import annotations

import hashlib
import json
import math
from dataclasses import dataclass, field
from pathlib import Path

_ENTRY_KEYS = ("path", "kind", "paper", "pages", "sha256")


@dataclass(frozen=True)
class Artifact:
    path: str  # relative to DIR/ID/
    kind: str
    paper: str | None = None
    pages: int | None = None
    extra: dict = field(default_factory=dict)  # component, card, face for card-png
    key: str | None = field(default=None, compare=False)  # a card image's face-cache key: in the build's record, not the manifest

    def entry(self, digest: str) -> dict:
        """The manifest's entry, the file's sha256 given (output.write_manifest)."""
        entry = {"path": self.path, "kind": self.kind}
        if self.paper:
            entry["paper"] = self.paper
        if self.pages is not None:
            entry["pages"] = self.pages
        entry.update(self.extra)
        entry["sha256"] = digest
        return entry

    @classmethod
    def from_entry(cls, entry: dict) -> "Artifact":
        """The artifact an earlier manifest entry describes (its sha256 is recomputed)."""
        extra = {k: v for k, v in entry.items() if k not in _ENTRY_KEYS}
        return cls(entry["path"], entry["kind"], entry.get("paper"), entry.get("pages"), extra)


def sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


_STRING = json.JSONEncoder(ensure_ascii=False).encode  # a str's JSON, by the C encoder


def indented(entry: dict) -> str:
    """json.dumps(entry, indent=2, ensure_ascii=False): the same text (a manifest entry,
    output.write_manifest). An entry of plain values (all but a few) is put together here:
    with indent, json encodes in Python, 14 µs an entry against 6."""
    if not entry or not all(type(key) is str and type(value) in _PLAIN for key, value in entry.items()) \
            or any(type(value) is float and not math.isfinite(value) for value in entry.values()):
        return json.dumps(entry, indent=2, ensure_ascii=False)
    return "{\n" + ",\n".join(f"  {_STRING(key)}: {_PLAIN[type(value)](value)}" for key, value in entry.items()) + "\n}"


_PLAIN = {str: _STRING, int: int.__repr__, float: float.__repr__, bool: lambda value: "true" if value else "false",
          type(None): lambda value: "null"}
