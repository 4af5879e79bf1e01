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

from .load import catalog
from .errors import shown
from .files import resource_dir

FILES = ("game.toml", "cards.csv", "rules.md")
MAX_WORD = 16  # characters: the longest word of a title that the cards' back sets on one line


class BadName(ValueError):
    """NAME cannot be a game's id."""


def check_name(name: str) -> None:
    if not catalog.is_id(name):  # the game's id: its folder and the output's
        raise BadName(f"{shown(name)} cannot be a game's id: use {catalog.ID_RULE} "
                      f"(it names the folder and the output)")
    if name in catalog.builtin_ids():
        raise BadName(f"'{name}' is a built-in game's id (`ppgen build {name}` would build that one): "
                      f"choose another name")


def title_of(name: str) -> str:
    """'my-game' -> 'My Game'. A word longer than MAX_WORD is cut into words of that length:
    the title prints on the cards' back, which fits it by wrapping between words."""
    words = [w[:1].upper() + w[1:] for w in re.split(r"[-_]+", name) if w]
    return " ".join(w[start:start + MAX_WORD] for w in words for start in range(0, len(w), MAX_WORD)) or name


def create(name: str, out_dir: Path) -> Path:
    """Write the new game folder out_dir/name; FileExistsError if anything is there."""
    check_name(name)
    if out_dir.exists() and not out_dir.is_dir():
        raise NotADirectoryError(20, "not a folder", str(out_dir))
    out_dir.mkdir(parents=True, exist_ok=True)
    folder = out_dir / name
    folder.mkdir()  # refuses an existing file, folder or symlink: never overwrite
    source = resource_dir("templates") / "new-game"
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
