"""`ppgen build` with nothing changed: say so and stop, without loading the game.

A build is a function of the command and what it reads: the same command over the same
inputs writes the same bytes (builds are repeatable, and a build that keeps the last build's
other files, `--only` or `--paper`, keeps the very files that build left). So when this
command is the one that wrote OUT/ID/ (OUT/ID/CODE/ for each edition), over the same inputs,
and every file that build wrote is still as written, building again changes nothing: we
print the warnings that build printed, in order, and say nothing changed.

What the command reads, all of it in one key (`command`):

- Every file under the game folder (its sha256) and every name there, so a new rules.de.md
  or image counts as much as an edit. The format cannot leave the folder (files.game_file
  refuses a name that resolves outside it) but game.toml is opened by name, so a link is
  followed wherever it points: a link's text and what it leads to (a file's bytes, a folder
  inside, nothing) are part of the key, and a link to a folder outside, a FIFO, a device or a
  socket skips the short circuit (never read: a FIFO would hang us). A folder ppgen wrote
  (it holds a ppgen manifest) counts by its files' names, sizes, mtimes and inodes, not their
  bytes: nothing forbids a game to name a file there, and re-reading a build costs too much.
  A folder over MAX_FILES files or MAX_BYTES bytes is not hashed at all: the build runs.
- ppgen's code, templates and bundled fonts (their bytes), the Python that runs it, and each
  installed distribution's name, version and dist-info stat (a reinstall changes it): the
  libraries that draw, lay out and parse. An installed package that adds rule sets skips
  the short circuit: its code lives outside ppgen and is not hashed.
- Every build option but --jobs (carry.NOT_INPUTS: never changes a byte), those that only
  choose which files are made too; OUT and the game folder resolved (the TTS files' default
  URL names OUT; the game's id is its folder's name); the GAME argument and the working
  folder (problems are printed with the paths as given, relative to it); the printer
  profiles file with --printer; what ReportLab reads to change how it writes (RL_* variables,
  ~/.reportlab_settings, reportlab_settings.py on the path). --no-cache, --component and
  --card never short-circuit, nor --print-shop offset (Ghostscript and its ICC profile are
  the system's).

The record (manifests.RECORD, beside manifest.json) is written into the staging folder with
the manifest, so it is swapped in with the build it describes and a failed build leaves
none. It holds the manifest's sha256 and is used only with that manifest, for the folder it
was written in (its resolved path), only when it names this key and every folder the command
writes has one naming it too. Each file's (size, mtime_ns, inode) is taken before and after
write_manifest hashes it; a file whose lstat still shows them is taken as unchanged, anything
else is hashed again and compared with its manifest entry. That is the trust make and git
place in a file's stat: an edit changes its mtime (one that sets size and mtime back, as
`touch -r` after an edit can, on the same inode or on a new file that reuses its number, is
not seen; ctime would see it, but the hard links that the face cache and the next build's
carry-over make change it too, so every file would be hashed). As git does for "racy"
entries, a stamp whose mtime is not older than the manifest's (an edit in the same clock
tick as the write could keep it) is never trusted. The folder must hold exactly the manifest's files (as the
build's claim() demands), none through a link. A plain build in OUT/ID/ beside editions
makes the normal build run (it retires that build).

Known gap: an input changed and changed back while a build runs (A, B, A) leaves a record of
A over files that may show B; the key is taken before the build starts."""

from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass, field, replace
from pathlib import Path

from ..errors import Problem
from ..words import plural
from ..load import printers
from .inputs import Skip, code_digest, file_or_absent, game_files, reportlab_settings
from .record import FORMAT, Last, last_build, stamps, write

__all__ = ["Command", "Last", "Skip", "command", "decide", "last_build", "recording", "said", "stamps", "to_record",
           "write"]
NOT_KEYED = frozenset({"jobs"})  # build options that never change a file (carry.NOT_INPUTS)
NEVER = {"no_cache": "--no-cache", "components": "--component", "cards": "--card"}


@dataclass
class Command:
    """This build command over its inputs: `key` says it all, `inputs` by name for -v."""

    key: str
    game_id: str
    out: Path  # OUT as given
    inputs: dict[str, str]
    problems: list[Problem] = field(default_factory=list)  # one edition's, as its build prints them
    folders: tuple[tuple[str, ...], ...] = ()  # every folder the command writes (out_parts)

    def for_build(self, folders) -> "Command":
        """A copy for one edition's build, to record the problems that build prints."""
        return Command(self.key, self.game_id, self.out, self.inputs, [], tuple(tuple(f) for f in folders))

    def noting(self, warn):
        """warn, also keeping each problem for the record."""
        def both(problem: Problem) -> None:
            self.problems.append(problem)
            warn(problem)
        return both


def command(folder: Path, given: dict) -> Command:
    """The key of this build of the game in folder with the options given; Skip says why
    it has none."""
    for name, option in NEVER.items():
        if given.get(name):
            raise Skip(f"{option} always builds")
    if given.get("print_shop") == "offset":
        raise Skip("--print-shop offset: Ghostscript's output is not part of the record")
    root = folder.resolve()
    files = game_files(root)
    options = {name: repr(value) for name, value in sorted(given.items()) if name not in NOT_KEYED}
    options["edition"] = repr(given.get("edition") or "all")
    options["out_dir"] = str(Path(given["out_dir"]).resolve())
    options["game"] = f"{folder}\0{root}\0{os.getcwd()}"
    options["reportlab"] = reportlab_settings()
    if given.get("printer_name"):
        options["printers"] = file_or_absent(printers.profiles_path())
    inputs = {"code": code_digest(), **{f"option {k}": v for k, v in options.items()},
              **{f"file {k}": v for k, v in files.items()}}
    key = hashlib.sha256(FORMAT.encode())
    for name, value in inputs.items():
        key.update(f"\0{name}\0{value}".encode("utf-8", "surrogatepass"))
    return Command(key.hexdigest(), root.name, Path(given["out_dir"]), inputs)


def recording(options, now: Command | None, folders):
    """A build's options that also record it, with the problems it prints, for the next build
    to skip (now: the command's key; None: the options as they are). folders: the out_parts of
    every folder the command writes."""
    if now is None:
        return options
    record = now.for_build(folders)
    return replace(options, warn=record.noting(options.warn), unchanged=record)


def decide(folder: Path, given: dict) -> tuple[Command | None, Last | None, str]:
    """(this build's key, or None when it is not to be recorded; the last build when it is
    what this one would write, else None; why the build runs, '' when it does not)."""
    now = None
    try:
        now = command(folder, given)
        return now, last_build(now), ""
    except Skip as exc:
        return now, None, str(exc)
    except (OSError, ValueError, RuntimeError) as exc:  # unreadable, no home folder...: the build says what
        return now, None, f"cannot tell: {exc}"


def to_record(folder: Path, given: dict) -> Command | None:
    """This build's key, to record a build that runs whatever the last one was (`ppgen watch`
    builds on every save); None when it is not to be recorded."""
    try:
        return command(folder, given)
    except (Skip, OSError, ValueError, RuntimeError):  # the build says what, if anything, is wrong
        return None


def said(now: Command, last: Last, verbose: bool, shown) -> list[str]:
    """The lines a build that stands says: nothing changed (and -v: why it was not built).
    shown: a game id or path as a message shows it (invisible characters escaped)."""
    name = shown(now.game_id)
    where = ", ".join(f"{plural(count, 'file')} in {shown(str(folder))}" for folder, count in last.folders)
    lines = [f"{name}: nothing changed since the last build ({where})"]
    if verbose:
        names = sum(key.startswith("file ") for key in now.inputs)
        files = sum(count for _, count in last.folders)
        lines.append(f"{name}: not built: the same command over the same {plural(names, 'name')} in the game "
                     f"folder and ppgen's code as the last build, whose {plural(files, 'file')} are as it wrote "
                     f"them ({last.hashed} compared by content)")
    return lines
