"""Decide what a build makes, make it into a staging folder, record the manifest."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from . import __version__
from .errors import GameError
from .model import Game
from .output import Artifact, staging, write_manifest
from .validate import validate

PARTS = ("cards", "png", "rules", "aids")
PAPERS = ("letter", "a4")
PRINT_SHOPS = ("tgc", "mpc")


@dataclass(frozen=True)
class BuildOptions:
    papers: tuple[str, ...] = PAPERS
    parts: tuple[str, ...] = PARTS
    jobs: int = 1
    print_shop: str = "tgc"
    progress: Callable[[str], None] = lambda message: None


# part -> function(game, folder, options) -> artifacts. Filled in as each part lands.
Maker = Callable[[Game, Path, BuildOptions], list[Artifact]]


def makers() -> dict[str, Maker]:
    return {}


def build(game: Game, out_dir: Path, options: BuildOptions) -> tuple[Path, list[Artifact], list[str]]:
    """Validate, then make the requested parts. Returns (folder, artifacts, parts not built)."""
    problems = validate(game)
    if problems:
        raise GameError(problems)
    available = makers()
    skipped = [part for part in options.parts if part not in available]
    target = Path(out_dir) / game.id
    artifacts: list[Artifact] = []
    with staging(target) as folder:
        for part in options.parts:
            if part in available:
                options.progress(f"{game.id}: {part}")
                artifacts += available[part](game, folder, options)
        write_manifest(folder, game.id, game.title, f"ppgen {__version__}", artifacts)
    return target, artifacts, skipped
