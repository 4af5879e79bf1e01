"""The record of a build beside its manifest, and the check that the last build still
stands: the same key, every file as written (see the package's docstring)."""

from __future__ import annotations

import hashlib
import json
import os
import stat
from dataclasses import dataclass
from pathlib import Path

from ..errors import Problem
from ..cachedisk import open_regular
from ..manifests import MANIFEST, RECORD, parsed_manifest_fault, safe_path, unlisted
from .inputs import Skip, content

FORMAT = "ppgen-unchanged-1"
MOST = 256 << 20  # bytes of a manifest or a record read: a 20,000-card build's manifest is some 10 MiB
LEVELS = ("error", "warning", "note")


def write(stage: Path, target: Path, command, stamps: dict[str, list[int]]) -> None:
    """The record of the build in stage (its manifest written, stamps taken by write_manifest),
    for the folder target (resolved) it will be swapped into."""
    manifest = stage / MANIFEST  # ppgen's own, just written: an OSError is the build's, as any write's
    record = {"format": FORMAT, "manifest": hashlib.sha256(manifest.read_bytes()).hexdigest(),
              "key": command.key, "folder": str(target), "game": command.game_id, "folders": [list(f) for f in command.folders],
              "inputs": command.inputs, "settled": os.lstat(manifest).st_mtime_ns, "stamps": stamps,
              "problems": [[p.path, p.line, p.message, p.level] for p in command.problems]}
    # compact: json's C encoder (indented, it encodes in Python: the stamps of 1,000 images took 3 ms)
    (stage / RECORD).write_text(json.dumps(record, separators=(",", ":"), sort_keys=True), encoding="utf-8")


@dataclass(frozen=True)
class Last:
    """The last build, found unchanged: what to print instead of building."""

    folders: tuple[tuple[Path, int], ...]  # (folder as OUT/ID[/CODE] given, files in it)
    problems: tuple[Problem, ...]
    hashed: int  # files whose stat had changed, compared by content


def last_build(now) -> Last:
    """The last build when `now` would only repeat it; Skip says why it would not."""
    place = now.out / now.game_id
    record, _ = _matching(now, place)
    folders = [tuple(f) for f in record["folders"]]
    if any(len(f) > 1 for f in folders) and os.path.lexists(place / MANIFEST):
        raise Skip(f"the build made before the game had editions is still in {place}")
    found, problems, hashed = [], [], 0
    for parts in folders:
        folder = now.out.joinpath(*parts)
        record, entries = _matching(now, folder, folders)
        hashed += _check_files(folder, entries, record)
        found.append((folder, len(entries)))
        problems += [Problem(path, line, message, level) for path, line, message, level in record["problems"]]
    return Last(tuple(found), tuple(problems), hashed)


def stamps(folder: Path, game_id: str, manifest_sha256: str | None) -> dict[str, list[int]]:
    """path -> [size, mtime_ns, inode] of each file the build in folder wrote, as it wrote
    them, if ppgen recorded that build for the manifest beside it, which the build found to
    be its own (output.claim) and whose bytes have manifest_sha256; {} otherwise."""
    if manifest_sha256 is None:
        return {}
    try:
        return _record_for(folder, game_id, manifest_sha256)["stamps"]
    except Skip:
        return {}


def _matching(now, folder: Path, folders=None) -> tuple[dict, list[dict]]:
    """The record in folder (else in one of its subfolders, an edition's, when folders is None)
    that names now's key, with the manifest's entries; Skip when there is none."""
    candidates = [folder]
    if folders is None and folder.is_dir() and not folder.is_symlink():
        candidates += sorted(p for p in folder.iterdir() if p.is_dir() and not p.is_symlink())
    why = f"no record of an earlier build in {folder}"
    for place in candidates:
        try:
            record, entries = _record(place, now.game_id)
        except Skip as exc:
            why = str(exc) if place == folder else why
            continue
        if record["key"] != now.key:
            why = f"{place}: {_changed(record['inputs'], now.inputs)}"
            continue
        if folders is not None and [tuple(f) for f in record["folders"]] != folders:
            raise Skip(f"{place} was built with other editions")
        return record, entries
    raise Skip(why)


def _record(folder: Path, game_id: str) -> tuple[dict, list[dict]]:
    """The record in folder, if ppgen wrote it for the manifest there, and the manifest's
    entries. Both are read as regular files only (a FIFO planted there must not hang us)."""
    path = folder / RECORD
    if not os.path.lexists(path):
        raise Skip(f"no record of an earlier build in {folder}")
    try:
        data = _read(folder / MANIFEST)
        manifest = json.loads(data)
    except (OSError, ValueError) as exc:
        raise Skip(f"cannot read {path} and the manifest beside it: {exc}") from None
    if parsed_manifest_fault(manifest, game_id):
        raise Skip(f"{path} was not written for the manifest beside it")
    return _record_for(folder, game_id, hashlib.sha256(data).hexdigest()), manifest["artifacts"]


def _record_for(folder: Path, game_id: str, manifest_sha256: str) -> dict:
    """The record in folder if ppgen wrote it for the manifest whose bytes have
    manifest_sha256; Skip otherwise."""
    path = folder / RECORD
    if not os.path.lexists(path):
        raise Skip(f"no record of an earlier build in {folder}")
    try:
        record = json.loads(_read(path))
    except (OSError, ValueError) as exc:
        raise Skip(f"cannot read {path} and the manifest beside it: {exc}") from None
    if not _well_formed(record, game_id) or record["manifest"] != manifest_sha256:
        raise Skip(f"{path} was not written for the manifest beside it")
    return record


def _read(path: Path) -> bytes:
    handle, info = open_regular(str(path))
    with os.fdopen(handle, "rb") as stream:
        if info.st_size > MOST:
            raise OSError(f"larger than {MOST >> 20} MiB")
        return stream.read()


def _well_formed(record, game_id: str) -> bool:
    """Is the record what write() makes, its folders the game's own, under OUT?"""
    if not isinstance(record, dict) or record.get("format") != FORMAT:
        return False
    fields = {"manifest": str, "key": str, "folder": str, "inputs": dict, "stamps": dict, "settled": int,
              "problems": list, "folders": list}
    if not all(isinstance(record.get(name), kind) for name, kind in fields.items()):
        return False
    problems = all(isinstance(p, list) and len(p) == 4 and isinstance(p[0], str) and isinstance(p[2], str)
                   and (p[1] is None or type(p[1]) is int) and p[3] in LEVELS for p in record["problems"])
    folders = all(isinstance(f, list) and f and f[0] == game_id and all(isinstance(part, str) for part in f)
                  and safe_path("/".join(f)) for f in record["folders"])
    return problems and folders and bool(record["folders"])


def _changed(before: dict, now: dict) -> str:
    """What changed between two builds' inputs, as -v says it."""
    if before.get("code") != now.get("code"):
        return "ppgen or its libraries changed"
    names = sorted(set(before) | set(now))
    differ = [n for n in names if before.get(n) != now.get(n)]
    options = [n.removeprefix("option ") for n in differ if n.startswith("option ")]
    if options:
        return f"another command: {', '.join(options)}"
    files = [n.removeprefix("file ") + (" (new)" if n not in before else " (gone)" if n not in now else "")
             for n in differ]
    more = f" and {len(files) - 5} more" if len(files) > 5 else ""
    return f"changed in the game folder: {', '.join(files[:5])}{more}"


def _check_files(folder: Path, entries: list[dict], record: dict) -> int:
    """Skip unless the folder holds exactly the manifest's files, each as written; returns
    how many were compared by content (their stat had changed)."""
    if record.get("folder") != str(folder.resolve()):
        raise Skip(f"{folder} is not the folder its record was written in")
    if unlisted(folder, entries):
        raise Skip(f"{folder} holds files its manifest does not list")
    stamps, settled, hashed = record["stamps"], record["settled"], 0
    for entry in entries:
        path = folder / entry["path"]
        try:
            info = os.lstat(path)
        except OSError:
            raise Skip(f"{path} is gone") from None
        if _trusted(stamps.get(entry["path"]), info, settled):
            continue
        hashed += 1
        if content(path) != entry.get("sha256"):
            raise Skip(f"{path} is not as the last build wrote it")
    return hashed


def _trusted(stamp, info: os.stat_result, settled: int) -> bool:
    """Does the file's lstat show the stamp taken when its bytes were hashed, a stamp older
    than the manifest (not "racy")?"""
    return isinstance(stamp, list) and len(stamp) == 3 and all(type(n) is int for n in stamp) \
        and stat.S_ISREG(info.st_mode) and stamp[1] < settled \
        and stamp == [info.st_size, info.st_mtime_ns, info.st_ino]
