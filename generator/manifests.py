"""A build folder's manifest.json as the next build reads it: is it ppgen's, for this game,
and does the folder hold just the files it lists? A build replaces only a folder that passes
(output.claim) and trusts its records only beside the manifest they were written for
(build/carry.py, unchanged/)."""

from __future__ import annotations

import hashlib
import json
import os
import posixpath
from pathlib import Path

from .errors import GameError, problem

MANIFEST = "manifest.json"
STAGE_MARK = ".ppgen-staging"  # in a staging folder until its manifest is complete
SIDECAR = ".ppgen-inputs.json"  # what each part read, for the next build's carry-over (build/carry.py)
RECORD = ".ppgen-unchanged.json"  # the command and inputs of the build, to skip it next time (unchanged.py)


def our_manifest(folder: Path, game_id: str, shown: Path) -> tuple[list[dict], str]:
    """The artifact entries of folder's manifest.json, if ppgen wrote it for game_id, and the
    sha256 of its bytes (the build's record names the manifest it was written for by it)."""
    path = folder / MANIFEST
    advice = "a build replaces this folder whole, so move it away or choose another --out"
    if not path.is_file():
        raise GameError(problem(shown, None, f"not an earlier ppgen build (no {MANIFEST}); {advice}"))
    manifest, digest, why = _read_manifest(path, game_id)  # read once: a 20,000-card build's is 10 MB
    if why:
        raise GameError(problem(shown / MANIFEST, None,
                                f"not a manifest ppgen wrote for {game_id}: {why}; {advice}"))
    return manifest["artifacts"], digest


def manifest_fault(path: Path, game_id: str) -> str | None:
    """Why path is not a manifest ppgen wrote for game_id (None when it is)."""
    return _read_manifest(path, game_id)[2]


def _read_manifest(path: Path, game_id: str) -> tuple[dict | None, str | None, str | None]:
    """(the manifest at path, the sha256 of its bytes, None) if ppgen wrote it for game_id,
    else (None, None, why not)."""
    try:
        data = path.read_bytes()
        manifest = json.loads(data.decode("utf-8"))
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        return None, None, f"cannot read it ({exc.__class__.__name__})"
    why = parsed_manifest_fault(manifest, game_id)
    return (None, None, why) if why else (manifest, hashlib.sha256(data).hexdigest(), None)


def parsed_manifest_fault(manifest, game_id: str) -> str | None:
    """Why the parsed JSON of a manifest is not one ppgen wrote for game_id (None when it is)."""
    if not isinstance(manifest, dict) or not str(manifest.get("generator", "")).startswith("ppgen "):
        return "it does not name ppgen as its generator"
    if manifest.get("game") != game_id:
        return f"it is for the game '{manifest.get('game')}'"
    artifacts = manifest.get("artifacts")
    if not isinstance(artifacts, list) or not all(
            isinstance(a, dict) and isinstance(a.get("kind"), str) and safe_path(a.get("path"))
            for a in artifacts):
        return "its artifact list is malformed or names a path outside the folder"
    return None


def safe_path(path) -> bool:
    """A relative path that stays inside the build folder (earlier manifests are not trusted)."""
    if not isinstance(path, str) or not path or "\\" in path or "\0" in path:
        return False
    return not path.startswith("/") and ".." not in path.split("/") and path not in (MANIFEST, STAGE_MARK, SIDECAR, RECORD)


def unlisted(folder: Path, entries: list[dict]) -> list[str]:
    """Files and folders under folder that the manifest does not account for, sorted.
    (Paths as strings: a 20,000-card build's are too many for pathlib.)"""
    listed = {e["path"] for e in entries} | {MANIFEST, SIDECAR, RECORD}
    parents: set[str] = set()
    for entry in entries:  # safe paths (claim): normpath only drops '.' and doubled '/'
        parent = posixpath.dirname(posixpath.normpath(entry["path"]))
        while parent and parent not in parents:
            parents.add(parent)
            parent = posixpath.dirname(parent)
    found = []
    for root, dirs, files in os.walk(folder):
        here = os.path.relpath(root, folder).replace(os.sep, "/")
        prefix = "" if here == "." else here + "/"
        for name in dirs:
            if prefix + name not in parents or os.path.islink(os.path.join(root, name)):
                found.append(prefix + name + "/")
        dirs[:] = [d for d in dirs if prefix + d in parents]
        found += [prefix + name for name in files if prefix + name not in listed]
    return sorted(found)
