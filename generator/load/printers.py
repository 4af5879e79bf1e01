"""Printer profiles: how a duplex printer misplaces the back of a sheet, read off the
calibration sheet (`ppgen calibrate`), and the page transform that puts backs right.

Profiles live in $XDG_CONFIG_HOME/ppgen/printers.toml (~/.config/ppgen/printers.toml when
XDG_CONFIG_HOME is unset), one table per printer:

    [office-laser]
    offset_x = "1.5mm"   # where the back's centre cross falls on the front's ruler: + right
    offset_y = "-0.5mm"  # + up, as seen from the front
    scale_x = 1.004      # the back's size over the front's (from the edge rulers)
    scale_y = 1.0
    flip = "long"        # or "short": which edge the printer turns the sheet on
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from ..errors import GameError, did_you_mean, problem
from ..toml_lines import line_of, read_toml, shown
from ..units import MM, length

FLIPS = ("long", "short")
KEYS = ("offset_x", "offset_y", "scale_x", "scale_y", "flip")
SCALE_RANGE = (0.9, 1.1)  # beyond this a reading was misread, not a printer's error
OFFSET_LIMIT = 20  # mm


@dataclass(frozen=True)
class Profile:
    name: str
    offset_x: float = 0.0  # points, as read on the calibration sheet's front
    offset_y: float = 0.0
    scale_x: float = 1.0
    scale_y: float = 1.0
    flip: str = "long"


def profiles_path() -> Path:
    base = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base) / "ppgen" / "printers.toml"


def load(path: Path) -> dict[str, Profile]:
    """Every profile in a printers file (none when it does not exist); a wrong value is a
    GameError at its line."""
    if not path.is_file():
        return {}
    raw, lines = read_toml(path)
    problems, profiles = [], {}
    for name, table in raw.items():
        if not isinstance(table, dict):
            problems.append(problem(path, lines.get((name,)),
                                    f"'{name}' must be a table [{name}] of a printer's settings"))
            continue
        values = {}
        for key, value in table.items():
            where = line_of(lines, (name, key))
            try:
                values[key] = _value(key, value)
            except ValueError as exc:
                problems.append(problem(path, where, f"[{name}] {exc}"))
        if not problems:
            profiles[name] = Profile(name, **values)
    if problems:
        raise GameError(problems)
    return profiles


def _value(key: str, value):
    if key not in KEYS:
        raise ValueError(f"unknown key '{key}'{did_you_mean(key, KEYS)}; a profile has {', '.join(KEYS)}")
    if key == "flip":
        if value not in FLIPS:
            raise ValueError(f"flip must be 'long' or 'short', got {shown(value)}")
        return value
    if key.startswith("offset"):
        try:
            offset = length(value, bare=MM)  # bare numbers: mm, as the rulers read
        except ValueError:
            raise ValueError(f"{key} must be a length such as \"1.5mm\" or a number of mm, "
                             f"got {shown(value)}") from None
        if abs(offset) > OFFSET_LIMIT * MM:
            raise ValueError(f"{key} {shown(value)} is more than {OFFSET_LIMIT} mm: read the rulers again")
        return offset
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not SCALE_RANGE[0] <= value <= SCALE_RANGE[1]:
        raise ValueError(f"{key} must be a number between {SCALE_RANGE[0]} and {SCALE_RANGE[1]}, got {shown(value)}")
    return float(value)


def back_transform(profile: Profile, page_w: float, page_h: float) -> tuple[float, ...]:
    """The matrix (a, b, c, d, e, f) to draw a backs page laid out for long-edge duplex with,
    so that this printer lands it behind the fronts: turned half round for a short-edge flip,
    shrunk by the back's scale about the page centre, shifted against the offset read."""
    turn = -1.0 if profile.flip == "short" else 1.0
    # As seen from the front a long-edge flip mirrors x, a short-edge flip mirrors y.
    dx, dy = ((profile.offset_x, -profile.offset_y) if profile.flip == "long"
              else (-profile.offset_x, profile.offset_y))
    a, d = turn / profile.scale_x, turn / profile.scale_y
    cx, cy = page_w / 2, page_h / 2
    return (a, 0.0, 0.0, d, cx + dx - a * cx, cy + dy - d * cy)


def apply(matrix: tuple[float, ...], x: float, y: float) -> tuple[float, float]:
    a, b, c, d, e, f = matrix
    return (a * x + c * y + e, b * x + d * y + f)
