"""Shared test helpers: run the real `ppgen` command, copy games into temp folders."""

from __future__ import annotations

import compileall
import fcntl
import json
import os
import shutil
import subprocess
import sys
import tomllib
from contextlib import contextmanager
from dataclasses import asdict, dataclass
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageStat

from generator import ops as op
from generator.faces import pdf, png
from generator.parts.pdfdoc import new_canvas

ROOT = Path(__file__).resolve().parent.parent
GAMES = ROOT / "games"


@dataclass
class Run:
    code: int
    out: str
    err: str

    @property
    def text(self) -> str:
        return self.out + self.err


# System tools some tests read outputs with, and the Debian packages that carry them.
TOOL_PACKAGES = {"pdftoppm": "poppler-utils", "pdffonts": "poppler-utils", "qpdf": "qpdf", "chromium": "chromium",
                 "gs": "ghostscript"}


def tool(name: str) -> str:
    """The path of a system tool a test needs. Missing, the test is skipped with the command
    that installs it; in CI (CI=true) it fails instead, so a missing install step is seen."""
    found = shutil.which(name)
    if found:
        return found
    message = (f"{name} is not installed; on Debian or Ubuntu: "
               f"apt-get install {TOOL_PACKAGES.get(name, name)}")
    if os.environ.get("CI"):
        pytest.fail(message, pytrace=False)
    pytest.skip(message)


def _ppgen_command() -> list[str]:
    """The ppgen installed beside the interpreter running the tests (a venv's, say), so the
    tests never pick up another ppgen that happens to be first on PATH."""
    beside = Path(sys.executable).parent / "ppgen"
    return [str(beside)] if beside.is_file() else [sys.executable, "-m", "generator.cli"]


def ppgen(*args, cwd: Path | None = None, timeout: float = 300) -> Run:
    """Run the installed ppgen command as a user would."""
    command = _ppgen_command()
    done = subprocess.run(command + [str(a) for a in args], cwd=cwd, capture_output=True,
                          text=True, timeout=timeout)
    return Run(done.returncode, done.stdout, done.stderr)


def _session_folder(tmp_path_factory, name: str) -> Path:
    """A temporary folder shared by the whole test session: with pytest-xdist (-n 2), by
    every worker (each has its own basetemp, one level below the session's)."""
    base = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        base = base.parent
    folder = base / name
    folder.mkdir(mode=0o700, exist_ok=True)
    return folder


@contextmanager
def _locked(folder: Path):
    """Hold an exclusive lock on folder/.lock: one worker does a shared job, the others wait."""
    with open(folder / ".lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def pytest_sessionstart(session):
    """Compile ppgen's modules once, as installing a package does: where PYTHONDONTWRITEBYTECODE
    is set (our CI machines), every ppgen the tests run would otherwise compile all of them
    again, a third of a second each time."""
    compileall.compile_dir(ROOT / "generator", quiet=1)


@pytest.fixture(scope="session", autouse=True)
def face_cache(tmp_path_factory) -> Path:
    """Every ppgen the tests run shares one face cache in a temporary folder: never the
    user's ~/.cache. Faces are keyed by content, so sharing it (across workers too) changes
    no test's outcome."""
    folder = _session_folder(tmp_path_factory, "ppgen-cache")
    os.environ["PPGEN_CACHE"] = str(folder)
    return folder


@pytest.fixture
def copy_game(tmp_path):
    """copy_game('squib-squares') -> a private copy of a built-in game to break at will."""
    def copy(game_id: str, name: str | None = None) -> Path:
        target = tmp_path / (name or game_id)
        shutil.copytree(GAMES / game_id, target)
        return target
    return copy


def replace_in(path: Path, old: str, new: str, count: int = 1) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {path}"
    path.write_text(text.replace(old, new, count), encoding="utf-8")


def line_of(path: Path, needle: str) -> int:
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if needle in line:
            return number
    raise AssertionError(f"{needle!r} not in {path}")


def assert_page_size(page, size: tuple[float, float], tol: float = 0.05) -> None:
    """A PDF page (pypdf) is size (width, height) in points, within tol."""
    box = page.mediabox
    assert (float(box.left), float(box.bottom)) == (0, 0)
    assert float(box.width) == pytest.approx(size[0], abs=tol), (float(box.width), size)
    assert float(box.height) == pytest.approx(size[1], abs=tol), (float(box.height), size)


def default_edition(game) -> str | None:
    """The default edition of a game that declares [editions] (None for one that does not)."""
    folder = Path(str(game)) if Path(str(game)).is_dir() else GAMES / str(game)
    table = tomllib.loads((folder / "game.toml").read_text(encoding="utf-8")).get("editions")
    return table.get("default") if isinstance(table, dict) else None


def build_game(out: Path, game, *args) -> tuple[Path, dict]:
    """Run `ppgen build`; return the game's output folder and its manifest entries by path. A
    game with editions builds its default one unless args name another (or all), and the
    folder returned is that edition's (the default's for all)."""
    edition = default_edition(game)
    if edition and "--edition" not in args:
        args += ("--edition", edition)
    run = ppgen("build", game, "--out", out, *args)
    assert run.code == 0, run.text
    folder = out / Path(str(game)).name
    if edition:
        chosen = args[args.index("--edition") + 1]
        folder = folder / (edition if chosen == "all" else chosen)
    manifest = json.loads((folder / "manifest.json").read_text())
    return folder, {a["path"]: a for a in manifest["artifacts"]}


@pytest.fixture(scope="session")
def built(tmp_path_factory):
    """built("druids-duel") -> (folder, artifacts by path): one full build of a built-in game
    (every part, both papers, every edition: the folder is the default edition's) per test
    session, shared by every test (and xdist worker) that only reads it."""
    builds: dict[str, tuple[Path, dict]] = {}

    def get(game_id: str) -> tuple[Path, dict]:
        if game_id not in builds:
            out = _session_folder(tmp_path_factory, f"{game_id}-full")
            with _locked(out):
                folder = out / game_id / (default_edition(game_id) or "")
                if (folder / "manifest.json").is_file():  # another worker built it
                    manifest = json.loads((folder / "manifest.json").read_text())
                    builds[game_id] = folder, {a["path"]: a for a in manifest["artifacts"]}
                else:  # every edition of a game that has them: the default's folder, the others beside it
                    builds[game_id] = build_game(out, game_id, *(("--edition", "all") if default_edition(game_id) else ()))
        return builds[game_id]
    return get


@pytest.fixture(scope="session")
def validated(tmp_path_factory):
    """validated("druids-duel") -> the Run of `ppgen validate --stats GAME`: once per test
    session, shared by every test (and xdist worker) that reads what validate says of a game
    as it ships. --stats prints the summary and problems as plain validate does, then more."""
    runs: dict[str, Run] = {}

    def get(game) -> Run:
        key = str(game)
        if key not in runs:
            folder = _session_folder(tmp_path_factory, "validated") / Path(key).name
            folder.mkdir(exist_ok=True)
            with _locked(folder):
                record = folder / "run.json"
                if record.is_file():  # another worker ran it
                    runs[key] = Run(**json.loads(record.read_text()))
                else:
                    runs[key] = ppgen("validate", "--stats", game)
                    record.write_text(json.dumps(asdict(runs[key])))
        return runs[key]
    return get


@pytest.fixture(scope="session")
def squib_build(built):
    """The shared full build of Squib Squares."""
    return built("squib-squares")


# Measured (poppler 22, Pillow 13): the bench deck agrees to a mean of ~1.0/255 with ~0.45 %
# of pixels off by more than a quarter of the range (anti-aliased edges, glyph hinting);
# Squib Squares ~0.75/255 and ~0.35 %. The bounds leave room for other versions.
MEAN_BOUND = 3.0
EDGE_SHARE_BOUND = 0.02


def rasterised_pdf(drawing: op.FaceDrawing, tmp_path: Path, dpi: int = 300) -> Image.Image:
    """The drawing's PDF (faces/pdf.py) as poppler rasterises it, RGB."""
    single = tmp_path / "face.pdf"
    canvas = new_canvas(single, (drawing.width, drawing.height))
    pdf.draw(canvas, drawing, 0, 0)
    canvas.showPage()
    canvas.save()
    subprocess.run([tool("pdftoppm"), "-r", str(dpi), "-png", "-singlefile", single, tmp_path / "raster"], check=True)
    with Image.open(tmp_path / "raster.png") as raster:
        return raster.convert("RGB")


def agreement(drawing: op.FaceDrawing, tmp_path: Path) -> tuple[float, float]:
    """(mean |difference| per channel, share of pixels off by > 64) between the PDF of a
    drawing rasterised by poppler at 300 dpi and our own PNG of it."""
    from_pdf = rasterised_pdf(drawing, tmp_path)
    from_png = png.render(drawing, 300)
    w, h = min(from_pdf.width, from_png.width), min(from_pdf.height, from_png.height)
    assert abs(from_pdf.width - from_png.width) <= 1 and abs(from_pdf.height - from_png.height) <= 1
    diff = ImageChops.difference(from_pdf.crop((0, 0, w, h)), from_png.crop((0, 0, w, h)))
    mean = sum(ImageStat.Stat(diff).mean) / 3
    far = sum(diff.convert("L").histogram()[64:]) / (w * h)
    return mean, far
