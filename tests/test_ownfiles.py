"""ppgen's own files' digests kept in the face cache (ownfiles.py): a run whose files did not
change reads none of them; a file edited is read again, even with its size and mtime put
back; a kept entry that is not what ownfiles wrote is no entry; without a cache, every file
is read."""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

from generator import cache
from generator.ownfiles import OwnFiles


def _files(folder: Path) -> list[str]:
    folder.mkdir()
    paths = []
    for i in range(5):
        path = folder / f"m{i}.py"
        path.write_text(f"VALUE = {i}\n")
        paths.append(str(path))
    return paths


def _sha(path: str) -> str:
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


def _run(store, paths: list[str]) -> tuple[OwnFiles, list[str]]:
    """One process's worth: a fresh memo using store, every file digested, then kept."""
    own = OwnFiles()
    if store is not None:
        own.use(store)
    digests = [own.digest(path) for path in paths]
    own.keep()
    return own, digests


def test_unchanged_files_are_not_read_again(tmp_path):
    store = cache.Store(tmp_path / "cache")
    paths = _files(tmp_path / "code")
    first, digests = _run(store, paths)
    assert first.read == 5 and digests == [_sha(p) for p in paths]
    again, digests = _run(store, paths)
    assert again.read == 0 and digests == [_sha(p) for p in paths]


def test_a_file_edited_is_read_again_even_with_its_stat_put_back(tmp_path):
    store = cache.Store(tmp_path / "cache")
    paths = _files(tmp_path / "code")
    _run(store, paths)
    before = os.stat(paths[2])
    Path(paths[2]).write_text("VALUE = 9\n")  # the same size
    os.utime(paths[2], ns=(before.st_atime_ns, before.st_mtime_ns))  # its ctime still moves
    own, digests = _run(store, paths)
    assert own.read == 1 and digests[2] == _sha(paths[2]) != _sha(paths[1])


def test_an_entry_not_as_written_is_no_entry(tmp_path):
    store = cache.Store(tmp_path / "cache")
    paths = _files(tmp_path / "code")
    first, _ = _run(store, paths)
    key = first._key()
    noted = json.loads(store.recall(key))
    noted[paths[0]][5] = "0" * 64  # a digest that is not the file's, on a stamp that is
    noted[paths[1]] = "not a stamp"
    store.keep(key, json.dumps(noted).encode())
    own = OwnFiles()
    own.use(store)
    assert own.digest(paths[1]) == _sha(paths[1]) and own.read == 1  # malformed: read
    assert own.digest(paths[0]) == "0" * 64  # the cache is trusted as the faces are: its checks, not ours
    store.keep(key, b"\xff not json")
    assert _run(store, paths)[0].read == 5


def test_without_a_cache_every_file_is_read(tmp_path):
    paths = _files(tmp_path / "code")
    assert _run(None, paths)[0].read == 5
    assert _run(None, paths)[0].read == 5


def test_the_code_digests_are_those_of_reading_every_file(tmp_path, monkeypatch):
    """Both code digests (the face cache's key, unchanged.py's record) with the kept stamps
    are the digests of reading every file, and the second run reads none."""
    from generator.unchanged import inputs
    monkeypatch.setenv("PPGEN_CACHE", str(tmp_path / "cache"))
    digests = (cache.code_digest, inputs.code_digest, cache.source_digest)

    def run(own: OwnFiles, kept: bool = True) -> tuple[str, str]:
        monkeypatch.setattr(cache, "OWN_FILES", own)
        monkeypatch.setattr(inputs, "OWN_FILES", own)
        for digest in digests:
            digest.cache_clear()
        if kept:
            cache.Store.open()  # as a build opens it: the digests are kept there
        return cache.code_digest(), inputs.code_digest()

    read_all = run(OwnFiles(), kept=False)
    remembering = [OwnFiles(), OwnFiles()]
    assert [run(own) for own in remembering] == [read_all, read_all]
    assert remembering[0].read > 200 and remembering[1].read == 0
    for digest in digests:
        digest.cache_clear()
