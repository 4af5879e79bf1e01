"""Files: where ppgen's own resources are (games/, templates/, fonts/), the files a game may
name (inside its folder only), and reading a game's text files (game.toml, CSV, rules.md):
UTF-8, bounded in size, and a file that cannot be read is a Problem naming it, at the line of
a byte that is not UTF-8."""

from __future__ import annotations

from pathlib import Path

from .errors import Problem, problem

PACKAGE_DIR = Path(__file__).resolve().parent
MAX_BYTES = 50 * 1024 * 1024  # far beyond any game's text: a larger file is a mistake or an attack


def read_text(path: Path) -> tuple[str, Problem | None]:
    """The file's text (a UTF-8 byte-order mark dropped), or why it cannot be read."""
    try:
        if path.stat().st_size > MAX_BYTES:
            return "", problem(path, None, f"larger than {MAX_BYTES // (1024 * 1024)} MB: not a game's file")
        data = path.read_bytes()
    except OSError as exc:
        return "", problem(path, None, f"cannot read: {exc.strerror or exc}")
    try:
        return data.decode("utf-8-sig"), None
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        return "", problem(path, line, f"not UTF-8 text: byte 0x{data[exc.start]:02x} cannot be read "
                                       f"(save the file as UTF-8)")


def resource_dir(name: str) -> Path:
    """games/, templates/ or fonts/: inside the installed package, or beside it in a checkout."""
    installed = PACKAGE_DIR / name
    return installed if installed.is_dir() else PACKAGE_DIR.parent / name


OUTSIDE, MISSING = "outside", "missing"


def absent(path: Path) -> str:
    """Why a MISSING file cannot be read, as a message says it: 'not found', or what is there
    instead (a folder, a named pipe...: never opened, a pipe could wait for ever)."""
    if path.is_dir():
        return "is a folder, not a file"
    if path.exists() or path.is_symlink():
        return "is not a regular file" if path.exists() else "is a broken link"
    return "not found in the game folder"


def game_file(root: Path, name: str) -> tuple[Path, str | None]:
    """A file a game names (a CSV, an image): root / name, and why it cannot be used, if it
    cannot: OUTSIDE the game folder (a game reads nothing else; URLs count as outside), or
    MISSING."""
    path = root / name
    if "://" in name or not path.resolve().is_relative_to(root.resolve()):
        return path, OUTSIDE
    if not path.is_file():
        return path, MISSING
    return path, None
