"""What a build writes, as the manifest lists it: one Artifact per file. Plain data every
output part returns; output.py writes the manifest."""

from __future__ import annotations

import hashlib
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
