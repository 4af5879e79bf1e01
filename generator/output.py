"""Writing a build: everything goes to a staging folder beside the target, and only a
complete build replaces DIR/ID/ (a failed build leaves an earlier one untouched)."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import tempfile
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterator


@dataclass(frozen=True)
class Artifact:
    path: str  # relative to DIR/ID/
    kind: str
    paper: str | None = None
    pages: int | None = None
    extra: dict = field(default_factory=dict)  # component, card, face for card-png

    def entry(self, root: Path) -> dict:
        entry = {"path": self.path, "kind": self.kind}
        if self.paper:
            entry["paper"] = self.paper
        if self.pages is not None:
            entry["pages"] = self.pages
        entry.update(self.extra)
        entry["sha256"] = sha256(root / self.path)
        return entry


def sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


@contextmanager
def staging(target: Path) -> Iterator[Path]:
    """Yield an empty folder; on success it replaces `target`, on failure it is removed."""
    target.parent.mkdir(parents=True, exist_ok=True)
    stage = Path(tempfile.mkdtemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent))
    try:
        yield stage
    except BaseException:
        shutil.rmtree(stage, ignore_errors=True)
        raise
    _replace(stage, target)


def _replace(stage: Path, target: Path) -> None:
    old = None
    if target.exists():
        old = target.with_name(f".{target.name}.old-{os.getpid()}")
        os.rename(target, old)
    os.rename(stage, target)
    os.chmod(target, 0o755)  # mkdtemp makes it 0700
    if old is not None:
        shutil.rmtree(old, ignore_errors=True)


def write_manifest(root: Path, game_id: str, title: str, generator: str,
                   artifacts: list[Artifact]) -> Path:
    manifest = {
        "game": game_id,
        "title": title,
        "generator": generator,
        "artifacts": [a.entry(root) for a in sorted(artifacts, key=lambda a: a.path)],
    }
    path = root / "manifest.json"
    path.write_text(json.dumps(manifest, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    return path
