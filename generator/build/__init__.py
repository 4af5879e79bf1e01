"""Decide what a build makes, make it into a staging folder, record the manifest."""

from __future__ import annotations

from contextlib import contextmanager
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Callable, Iterator

from .. import __version__, unchanged
from ..text import fonts, gamefonts
from ..cache import Store
from ..errors import GameError, Problem
from ..plan import Plan
from ..choices import PAPERS
from ..parts import BY_NAME, PARTS, PREVIEW_KIND, Part, module
from ..lock import build_lock
from ..output import Artifact, carry_over, check_place, claim, staging, write_manifest
from . import carry
from .retire import retire_plain_build


@dataclass(frozen=True)
class BuildOptions:
    papers: tuple[str, ...] = PAPERS
    parts: tuple[str, ...] = PARTS
    jobs: int = 1
    print_shop: str = "tgc"
    layout: str | None = None  # cut-sheet layout; None: the game's (game.toml `layout`)
    printer: object | None = None  # a printers.Profile correcting the backs of duplex sheets
    cut_guides: bool = True  # outline each card on the cut sheets' fronts (--no-cut-guides: a guillotine's)
    tts_url: str | None = None  # where the TTS sheets will be found; None: their file:// URL in OUT/ID/tts/
    progress: Callable[[str], None] = lambda message: None
    warn: Callable[[Problem], None] = lambda problem: None  # validate's warnings, as they are found
    # tick(task, total) -> advance(n): counts for a progress bar (cardpng, sheets)
    tick: Callable[[str, int], Callable[[int], None]] = lambda task, total: _nothing
    cache: Store | None = None  # the face cache (cache.py); None: draw every face, keep none
    cards: tuple[str, ...] = ()  # --card: a quick look at these cards (parts/onecard.py)
    components: tuple[str, ...] = ()  # --component: make only these components' files, keep the others'
    players: int | None = None  # aids for this many players (a pack's table); None: the game's most
    large_print: bool = False  # also the handout and reference sheet in large print (parts/handout_large.py)
    thumbs: object | None = None  # the gallery's thumbnails of the last build, to link again (build/carry.py)
    last_images: object | None = None  # the card images of the last build, to link again (carry.LastImages)
    unchanged: object | None = None  # the command and its inputs, recorded to skip it next time (unchanged.py)
    editions: tuple[str, ...] = ()  # the editions this run builds (the gallery links them, and those built before)
    place: Path | None = None  # where the build's folder ends up (OUT/ID/ or OUT/ID/CODE/); set by build()

    def builds(self, component) -> bool:
        """Does this build make the component's files (all, unless --component names others)?"""
        return not self.components or component.id in self.components


def _nothing(count: int = 1) -> None:
    pass


def _modules(part: Part) -> list:
    return [module(name) for name in part.modules]


def build(plan: Plan, out_dir: Path, options: BuildOptions, held: bool = False) -> tuple[Path, list[Artifact]]:
    """Make the requested parts of a validated game into OUT/ID/, keeping the earlier build's
    other parts. Returns (folder, the artifacts written). A plan with errors builds nothing.
    held: the caller did what comes before (editions_held), for editions built side by side."""
    if options.cache is None:
        options = replace(options, cache=Store.open(enabled=False))
    errors = plan.errors
    if errors:
        raise GameError(errors)
    for problem in plan.problems:
        options.warn(problem)
    game = plan.game
    place = placed(game, out_dir)
    if held:
        return _build_locked(plan, place, options)
    with editions_held(game, place, options):
        return _build_locked(plan, place, options)


@contextmanager
def editions_held(game, place: Path, options: BuildOptions) -> Iterator[None]:
    """What a build does before it writes: an edition's build deletes what a build of the
    game made into OUT/ID/ before it had editions (build/retire.py); then the folder is locked
    (OUT/ID/ itself for all editions: one lock file beside their folders). Done once for
    editions built side by side (side_by_side.py), whose processes build while it is held.
    place: the game's (placed())."""
    if game.edition and retire_plain_build(place.parent, game.id):
        options.progress(f"{game.id}: the build made before its editions is gone from {place.parent}")
    with build_lock(place.resolve(), game.id):
        yield


def placed(game, out_dir: Path) -> Path:
    """OUT/ID/, or OUT/ID/CODE/ for an edition, once check_place finds it a place to build in."""
    place = Path(out_dir).joinpath(*game.out_parts)
    check_place(place, game.id, game.root)  # before the lock file is written beside it
    return place


def _build_locked(plan: Plan, place: Path, options: BuildOptions) -> tuple[Path, list[Artifact]]:
    game = plan.game
    previous = claim(place, game.id, game.root)
    target = previous.folder
    if options.tts_url is None:
        options = replace(options, tts_url=(target / "tts").resolve().as_uri() + "/")
    artifacts: list[Artifact] = []
    records = carry.earlier(previous)
    if options.unchanged and not options.components:  # a recorded build: its files' stamps are kept
        recorded = unchanged.stamps(previous.folder, game.id, previous.manifest_sha256)
        last = carry.LastImages(previous, records, recorded)
        options = replace(options, last_images=last)
    with staging(target, game.id) as folder:
        made = _make_parts(plan, folder, options, previous, records)
        for _, files in made.values():
            artifacts += files
        if options.cards:
            options.progress(f"{game.id}: card {', '.join(options.cards)}")
            artifacts += module("onecard").make(plan, folder, options)
        kept = carry_over(previous, folder, lambda entry: _kept(entry, options),
                          {a.path for a in artifacts})
        thumbs = carry.Thumbs(plan, previous, records, folder)
        for part in (BY_NAME[name] for name in options.parts if BY_NAME[name].shows_the_others):
            for shower in _modules(part):  # last: it shows all the others
                artifacts += shower.make(plan, folder, replace(options, thumbs=thumbs, place=target),
                                         artifacts + kept)
        stamps = {} if options.unchanged else None
        write_manifest(folder, game.id, game.title, f"ppgen {__version__}", artifacts + kept, game.edition, stamps,
                       options.cache.linked)
        records = _records(made, records, {a.path for a in kept})
        if "gallery" in options.parts:
            records["gallery"] = thumbs.record()
        carry.write(folder, records)
        if options.unchanged:
            unchanged.write(folder, target, options.unchanged, stamps)
    return place, artifacts


def _make_parts(plan: Plan, folder: Path, options: BuildOptions, previous, records: dict) -> dict:
    """part name -> (its inputs' digest, its artifacts) for each part asked for but the gallery:
    carried over from the last build when nothing it reads changed, made otherwise. records:
    the last build's (carry.earlier)."""
    game = plan.game
    parts = [BY_NAME[name] for name in options.parts if not BY_NAME[name].shows_the_others]
    inputs = carry.digests(parts, plan, options)
    made = {part.name: (inputs[part.name], reused) for part in parts
            if (reused := carry.reuse(previous, records, part, inputs[part.name], folder)) is not None}
    # Card images render in worker processes while this one draws the PDFs.
    pending = []
    for part in (p for p in parts if p.starts_early and p.name not in made):
        options.progress(f"{game.id}: {part.help}")
        pending.append((part, [m.start(plan, folder, options) for m in _modules(part)]))
    later = [p for p in parts if not p.starts_early and p.name not in made]
    try:
        for part in (p for p in later if not p.after_card_images):
            made[part.name] = (inputs[part.name], _make(part, plan, folder, options))
    except BaseException:
        for started in (s for _, group in pending for s in group):
            started.cancel()
        raise
    for part, group in pending:
        made[part.name] = (inputs[part.name], [a for started in group for a in started.wait()])
    for part in (p for p in later if p.after_card_images):
        made[part.name] = (inputs[part.name], _make(part, plan, folder, options))
    return made


def _make(part: Part, plan: Plan, folder: Path, options: BuildOptions) -> list[Artifact]:
    options.progress(f"{plan.game.id}: {part.name}")
    with fonts.game_roles(gamefonts.rules_roles(plan.game.fonts) if part.in_game_fonts else {}):
        return [a for m in _modules(part) for a in m.make(plan, folder, options)]


def _records(made: dict, earlier: dict, kept: set[str]) -> dict:
    """The sidecar's records: the parts made or carried now, and the last build's records of
    parts not asked for whose files all stayed."""
    records = {name: record for name, (inputs, artifacts) in made.items()
               if (record := carry.record(inputs, artifacts, earlier.get(name))) is not None}
    for name, record in earlier.items():
        if name not in made and set(record["paths"]) <= kept:
            records[name] = record
    return records


def _kept(entry: dict, options: BuildOptions) -> bool:
    """Does a file of the earlier build stay? Yes unless this build remakes its part for its
    paper: `--only aids` keeps the cards, `--paper a4` keeps the Letter (or A3) files (still valid).
    A quick look at one card (--card) is replaced by the next build, whatever it makes."""
    if entry["kind"] == PREVIEW_KIND:
        return False
    if options.components and entry.get("component") not in (None, *options.components):
        return True  # another component's file: --component leaves it as it was
    rebuilt = any(entry["kind"] in BY_NAME[part].kinds for part in options.parts)
    paper = entry.get("paper")
    made_per_paper = bool(paper) and entry["path"].endswith(f"-{paper}.pdf")  # not the A5 rules-booklet.pdf
    return not rebuilt or (made_per_paper and paper not in options.papers)
