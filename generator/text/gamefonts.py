"""A game's own fonts, declared in game.toml [fonts] (`body = "fonts/X-Regular.ttf"`, with
body-bold, body-italic, body-bold-italic and display) and the font each text style ends in.
A family the game replaces (any of its body roles, or display) is the game's alone: bold or
italic it lacks is an error, never a silent mix with the bundled family."""

from __future__ import annotations

from typing import Mapping

from . import fontfile, fonts
from ..files import MISSING, OUTSIDE, game_file


class FontLacks(ValueError):
    """A style a text needs that its font family does not have; `line` is game.toml's line
    for the family (None for a bundled one)."""

    def __init__(self, message: str, line: int | None):
        super().__init__(message)
        self.line = line


def read(table: dict, loader) -> dict[str, str]:
    """game.toml's [fonts] -> role -> absolute path of a TrueType file."""
    out: dict[str, str] = {}
    for role, name in table.items():
        keypath = ("fonts", role)
        if role not in fonts.ROLES:
            loader.error(keypath, f"unknown font role '{role}' in [fonts]; use {', '.join(fonts.ROLES)}")
            continue
        if not isinstance(name, str):
            loader.error(keypath, f"font '{role}' must be a file name in the game folder, got {name!r}")
            continue
        path, fault = game_file(loader.root, name)
        if fault == OUTSIDE:
            loader.error(keypath, f"font '{role}': '{name}' points outside the game folder")
            continue
        if fault == MISSING and not path.exists():
            loader.error(keypath, f"font '{role}': file '{name}' not found in the game folder")
            continue
        if why := fontfile.fault(str(path.resolve())):  # not a regular file, too big, or broken
            loader.error(keypath, f"font '{role}': '{name}' {why}")
            continue
        out[role] = str(path.resolve())
    return out


BODY_ROLES = ("body", "body-bold", "body-italic", "body-bold-italic")


def rules_roles(game_fonts: Mapping[str, str]) -> dict[str, str]:
    """The roles the booklet, handout and aids take from the game: display when given, and
    the body family when the game gives all four styles (those outputs set headings in bold
    and notes in italic, and never mix two families in one text)."""
    out = {"display": game_fonts["display"]} if "display" in game_fonts else {}
    if all(role in game_fonts for role in BODY_ROLES):
        out.update((role, game_fonts[role]) for role in BODY_ROLES)
    return out


def family(role: str) -> str:
    return "display" if role == "display" else "body"


def resolve(role: str, bold: bool, italic: bool, game_fonts: Mapping[str, str] | None,
            lines: Mapping[tuple, int] | None = None) -> str:
    """The font key for text in `role` made bold and/or italic by its markup."""
    bold = bold or "bold" in role
    italic = italic or "italic" in role
    base = family(role)
    wanted = base + ("-bold" if bold else "") + ("-italic" if italic else "")
    given = {r: p for r, p in (game_fonts or {}).items() if family(r) == base}
    if wanted in given or (not given and wanted in fonts.ROLES):
        return given.get(wanted, wanted)
    whose = "the game's" if given else "the"
    line = (lines or {}).get(("fonts", next(iter(given)))) if given else None
    if wanted in fonts.ROLES:  # advise only a role [fonts] takes
        raise FontLacks(f"{whose} {base} font has no {_style(bold, italic)} style: add "
                        f"'{wanted}' to [fonts] in game.toml", line)
    raise FontLacks(f"{whose} {base} font has no {_style(bold, italic)} style ([fonts] takes one "
                    f"{base} font, no bold or italic of it): drop the ** or * markup, or set "
                    f"this text in a body font", line)


def _style(bold: bool, italic: bool) -> str:
    return "bold italic" if bold and italic else "bold" if bold else "italic" if italic else "regular"
