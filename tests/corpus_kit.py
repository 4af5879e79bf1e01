"""The pieces the hostile-input corpus is made of: a Case (a broken copy of
examples/coin-flip, or of another game, and the report it must get) and the ways to break a game. The cases
themselves are in tests/corpus.py and the tests/corpus_*.py files it gathers."""

from __future__ import annotations

import os
import shutil
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from PIL import Image

ROOT = Path(__file__).resolve().parent.parent
COIN_FLIP = ROOT / "examples" / "coin-flip"
GAMES = ROOT / "games"
SIZE = 'size = "mini"'
CREDITS = 'credits = ["Example game for the ppgen format"]'


@dataclass(frozen=True)
class Case:
    name: str  # also the game folder's name
    make: Callable[[Path], None]  # breaks a fresh copy of coin-flip (or of base) in place
    file: str  # the file the report must name, relative to the game folder
    message: str  # part of the report's message
    line: str | int | tuple[str, int] | None = None  # the line named: text on it, its number, (text on a
    # line, how many lines on from it: -1 for a [[table]] header just before), or None (no line)
    level: str = "error"  # or "warning" (exit 0; --strict makes it an error), "note" (exit 0 even under
    # --strict), or "ok" (nothing to report)
    base: Path = COIN_FLIP  # the game copied: a built-in one for the checks of its own rule set

    def expected_where(self, game: Path) -> str:
        """'GAME/FILE:LINE: LEVEL: ' as the report must start (paths relative to the corpus)."""
        path = f"{game.name}/{self.file}"
        if self.line is None:
            return f"{path}: {self.level}: "
        if isinstance(self.line, int):
            number = self.line
        elif isinstance(self.line, tuple):
            number = _line_of(game / self.file, self.line[0]) + self.line[1]
        else:
            number = _line_of(game / self.file, self.line)
        return f"{path}:{number}: {self.level}: "


def _line_of(path: Path, needle: str) -> int:
    for number, text in enumerate(path.read_text(encoding="utf-8", errors="replace").splitlines(), start=1):
        if needle in text:
            return number
    raise AssertionError(f"{needle!r} not in {path}")


# -- ways to break a game ------------------------------------------------------------------------

def edit(file: str, old: str, new: str, count: int = 1) -> Callable[[Path], None]:
    def make(game: Path) -> None:
        text = (game / file).read_text(encoding="utf-8")
        assert old in text, (old, file)
        (game / file).write_text(text.replace(old, new, count), encoding="utf-8")
    return make


def append(file: str, text: str) -> Callable[[Path], None]:
    def make(game: Path) -> None:
        with open(game / file, "a", encoding="utf-8") as out:
            out.write(text)
    return make


def edit_bytes(file: str, old: bytes, new: bytes) -> Callable[[Path], None]:
    def make(game: Path) -> None:
        data = (game / file).read_bytes()
        assert old in data, (old, file)
        (game / file).write_bytes(data.replace(old, new, 1))
    return make


def add_column(name: str) -> Callable[[Path], None]:
    """A column in cards.csv that nothing reads."""
    def make(game: Path) -> None:
        header, *rows = (game / "cards.csv").read_text(encoding="utf-8").splitlines()
        lines = [f"{header},{name}"] + [f"{row},x" for row in rows]
        (game / "cards.csv").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return make


def write(file: str, content: bytes | str) -> Callable[[Path], None]:
    def make(game: Path) -> None:
        data = content.encode("utf-8") if isinstance(content, str) else content
        (game / file).write_bytes(data)
    return make


def both(*steps: Callable[[Path], None]) -> Callable[[Path], None]:
    def make(game: Path) -> None:
        for step in steps:
            step(game)
    return make


def outside_file(name: str, content: bytes | str = "# not the game's\n") -> Callable[[Path], None]:
    """A file beside the game folder, for paths that try to reach it."""
    def make(game: Path) -> None:
        data = content.encode("utf-8") if isinstance(content, str) else content
        (game.parent / f"{game.name}-{name}").write_bytes(data)
    return make


def symlink_out(name: str, content: bytes | str = "id,name,color\nx1,Secret,#000000\n") -> Callable[[Path], None]:
    """game/NAME is a symlink to a file outside the game folder."""
    def make(game: Path) -> None:
        target = game.parent / f"{game.name}-secret"
        target.write_bytes(content.encode("utf-8") if isinstance(content, str) else content)
        if (game / name).exists():
            (game / name).unlink()
        os.symlink(target, game / name)
    return make


def with_image(name: str) -> Callable[[Path], None]:
    """An image element on the coin face drawing NAME."""
    return edit("game.toml", "[faces.coin-back]", f'[[faces.coin.elements]]\ntype = "image"\nx = "4mm"\n'
                                                  f'y = "4mm"\nw = "10mm"\nh = "10mm"\npath = "{name}"\n\n'
                                                  f'[faces.coin-back]')


def image_file(name: str, save: Callable[[Path], None]) -> Callable[[Path], None]:
    return lambda game: save(game / name)


def _png(path: Path) -> None:
    Image.new("RGB", (600, 600), "#3366AA").save(path)


def _truncated(path: Path) -> None:
    _png(path)
    path.write_bytes(path.read_bytes()[:300])


def _bomb(path: Path) -> None:
    Image.new("1", (20000, 20000)).save(path)  # 400 million pixels in a few kilobytes


def csv_rows(rows: int) -> Callable[[Path], None]:
    def make(game: Path) -> None:
        lines = ["id,name,color"] + [f"c{n},Heads,#D4A017" for n in range(1, rows + 1)]
        (game / "cards.csv").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return make


def copies(**values: str) -> Callable[[Path], None]:
    """A `copies` column in cards.csv: 1 for every card but those named (copies(c3="0"))."""
    def make(game: Path) -> None:
        header, *rows = (game / "cards.csv").read_text(encoding="utf-8").splitlines()
        lines = [f"{header},copies"] + [f"{row},{values.get(row.split(',')[0], '1')}" for row in rows]
        (game / "cards.csv").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return make


def rules_line(text: str) -> Callable[[Path], None]:
    return edit("rules.md", "Most cards wins.\n{% endcall %}", "Most cards wins.\n{% endcall %}\n\n" + text + "\n")


OVERFULL = append("rules.md", "\n" + "\n\n".join(
    "A paragraph of rules that goes on about nothing in particular, filling the handout. " * 6
    for _ in range(60)) + "\n")


def toml_table(text: str) -> Callable[[Path], None]:
    """A top-level table in game.toml ([icons], [fonts]), before the faces."""
    return edit("game.toml", "[faces.coin]", text + "\n\n[faces.coin]")


def copy_font(name: str, bundled: str = "AtkinsonHyperlegible-Regular.ttf") -> Callable[[Path], None]:
    """A real font file (regular only) in the game folder."""
    return lambda game: shutil.copy(ROOT / "fonts" / bundled, game / name)


def nested(depth: int) -> str:
    return "".join("  " * i + "- level\n" for i in range(depth))
