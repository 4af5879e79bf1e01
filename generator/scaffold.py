"""`ppgen new NAME`: a game folder that builds at once, to start a game from.

The files are templates/new-game/ (a deck of three cards with a front and a back face,
cards.csv, rules.md); only the title in game.toml is filled in, from NAME. The folder is
created with one mkdir, which fails if anything is there, so nothing is ever overwritten.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path
from string import Template

from . import catalog

NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$")  # the game's id: output folder and file names
FILES = ("game.toml", "cards.csv", "rules.md")


class BadName(ValueError):
    """NAME cannot be a game's id."""


def check_name(name: str) -> None:
    if not NAME.match(name):
        raise BadName(f"'{name}' cannot be a game's id: use 1 to 64 letters, digits, '-' and '_', "
                      f"starting with a letter or digit (it names the folder and the output)")
    if name in catalog.builtin_ids():
        raise BadName(f"'{name}' is a built-in game's id (`ppgen build {name}` would build that one): "
                      f"choose another name")


def title_of(name: str) -> str:
    """'my-game' -> 'My Game'."""
    words = [w for w in re.split(r"[-_]+", name) if w]
    return " ".join(w[:1].upper() + w[1:] for w in words) or name


def create(name: str, out_dir: Path) -> Path:
    """Write the new game folder out_dir/name; FileExistsError if anything is there."""
    check_name(name)
    if out_dir.exists() and not out_dir.is_dir():
        raise NotADirectoryError(20, "not a folder", str(out_dir))
    out_dir.mkdir(parents=True, exist_ok=True)
    folder = out_dir / name
    folder.mkdir()  # refuses an existing file, folder or symlink: never overwrite
    source = catalog.resource_dir("templates") / "new-game"
    try:
        for file in FILES:
            text = (source / file).read_text(encoding="utf-8")
            if file == "game.toml":
                text = Template(text).substitute(title=title_of(name))
            with open(folder / file, "x", encoding="utf-8", newline="\n") as out:
                out.write(text)
    except BaseException:
        shutil.rmtree(folder, ignore_errors=True)  # ours alone: it did not exist a moment ago
        raise
    return folder
