"""Where games live: the built-in ones shipped with ppgen, or any folder on disk."""

from __future__ import annotations

import re
from pathlib import Path

from ..errors import GameError, did_you_mean, problem, shown
from ..files import resource_dir

# A game's or a component's id names a folder and files of the build: nothing that could
# climb out of it ('..', '/'), hide (a leading '.') or differ by a space.
_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,63}")
ID_RULE = "1 to 64 letters, digits, '-' and '_', starting with a letter or digit"


def is_id(value) -> bool:
    return isinstance(value, str) and _ID.fullmatch(value) is not None


def builtin_ids() -> list[str]:
    root = resource_dir("games")
    return sorted(p.name for p in root.iterdir() if (p / "game.toml").is_file())


def resolve(game: str) -> Path:
    """A built-in id (a folder name under games/) or a path to a folder holding game.toml;
    a GameError naming what was given otherwise (and the built-in id it is close to)."""
    try:
        found = _find(game)
    except (OSError, ValueError):  # a name too long for the file system, a NUL byte: no game either
        found = None
    if isinstance(found, Path):
        return found
    if found == FOLDER:
        raise GameError(problem(game, None, f"{shown(game)} is a folder with no game.toml in it"))
    hint = did_you_mean(game, builtin_ids()) if "/" not in game else ""
    raise GameError(problem(game, None, f"no such game {shown(game)}: not a built-in id "
                                        f"({', '.join(builtin_ids())}) nor a folder{hint}"))


FOLDER = "folder"  # _find: a folder, but no game in it


def _find(game: str) -> Path | str | None:
    builtin = resource_dir("games") / game
    if "/" not in game and (builtin / "game.toml").is_file():
        return builtin
    folder = Path(game)
    if folder.is_file() and folder.name == "game.toml":
        folder = folder.parent
    if (folder / "game.toml").is_file():
        return folder
    return FOLDER if folder.is_dir() else None
