"""A build made before the game had editions: its files sat in OUT/ID/ itself, where each
edition's folder (OUT/ID/CODE/) now goes. The first build of the editions takes them away,
so the folder holds the editions alone and nobody prints last month's sheets by mistake.

Only what ppgen wrote goes: a file its manifest lists, unchanged since (its sha256 matches);
a file edited, replaced or never listed stays, and so does the manifest that lists it."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path, PurePosixPath

from ..lock import build_lock
from ..manifests import MANIFEST, RECORD, SIDECAR, manifest_fault, safe_path


def retire_plain_build(folder: Path, game_id: str) -> int:
    """Delete the earlier plain build in folder (OUT/ID/) as the module's docstring says; the
    number of files deleted (0 when folder holds none)."""
    manifest = folder / MANIFEST
    if folder.is_symlink() or not manifest.is_file() or manifest.is_symlink() or manifest_fault(manifest, game_id):
        return 0
    with build_lock(folder.resolve(), game_id):  # as a plain build of the game would hold it
        entries = json.loads(manifest.read_text(encoding="utf-8"))["artifacts"]
        gone, kept = 0, 0
        for entry in entries:
            path = folder / entry["path"]
            if _ours_unchanged(folder, entry):
                path.unlink()
                gone += 1
            elif path.exists() or path.is_symlink():
                kept += 1
        _remove_empty_folders(folder, entries)
        for record in (SIDECAR, RECORD):  # what the parts and the command read: for a build no longer here
            (folder / record).unlink(missing_ok=True)
        if not kept:
            manifest.unlink()
    return gone


def _ours_unchanged(folder: Path, entry: dict) -> bool:
    """Is the entry's file in folder a plain file (reached through no link: never delete
    outside the folder) with the content the manifest recorded?"""
    if not safe_path(entry.get("path")):
        return False
    steps = PurePosixPath(entry["path"]).parts
    path = folder.joinpath(*steps)
    if any(folder.joinpath(*steps[:i]).is_symlink() for i in range(1, len(steps) + 1)) or not path.is_file():
        return False
    return hashlib.sha256(path.read_bytes()).hexdigest() == entry.get("sha256")


def _remove_empty_folders(folder: Path, entries: list[dict]) -> None:
    """The folders the listed files were in (png/deck/, gallery/), deepest first, if empty now."""
    parents = {p for e in entries if safe_path(e.get("path")) for p in PurePosixPath(e["path"]).parents} - {
        PurePosixPath(".")}
    for relative in sorted(parents, key=lambda p: len(p.parts), reverse=True):
        path = folder / relative
        if path.is_dir() and not path.is_symlink() and not any(path.iterdir()):
            path.rmdir()
