"""The output parts a build makes, one record each: the one place a part is named. The
command line's --only and its help, the build, the manifest's carry-over of parts not
rebuilt and the gallery's sections all read this table. Plain data: `ppgen --help` reads it
without loading ReportLab or Pillow (the modules are imported when a build runs them, by module()).

Adding a part: a module in generator/parts/ whose make(plan, folder, options) returns its
artifacts, a record here (with everything it `reads`: a rebuild carries its files over
when none of that changed), its docs (README, SPEC's kinds) and its tests."""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from types import ModuleType


@dataclass(frozen=True)
class Part:
    name: str  # what --only takes
    help: str  # a few words for --only's help
    kinds: tuple[str, ...]  # the manifest kinds it makes
    modules: tuple[str, ...]  # modules in generator/parts/ whose make(plan, folder, options) make it
    in_game_fonts: bool = False  # set in the game's own fonts throughout (cards take them per text)
    starts_early: bool = False  # start(plan, folder, options) runs beside the other parts (worker processes)
    shows_the_others: bool = False  # made last: make(plan, folder, options, artifacts) of the whole build
    after_card_images: bool = False  # made once the card images' workers, who draw its faces too (warm.py), are done
    headings: tuple[tuple[str, str], ...] = ()  # (kind, heading) of its PDFs in the gallery, in order
    # what of the game its files are made from (cards, mats, rules), besides ppgen's code, the
    # fonts, game.toml and the build options, which every part reads (build/carry.py)
    reads: tuple[str, ...] = ()


REGISTRY: tuple[Part, ...] = (
    Part("cards", "cut sheets", ("cut-sheets",), ("sheets",), headings=(("cut-sheets", "Cut sheets"),),
         reads=("cards",)),
    Part("png", "card images and print-shop files", ("card-png", "shop-pdf"), ("shops",), starts_early=True,
         reads=("cards",)),
    Part("rules", "booklet, imposed booklet, handout", ("rules-booklet", "rules-booklet-imposed", "handout"),
         ("booklet", "handout_large"), in_game_fonts=True,
         headings=(("rules-booklet", "Rules booklet"), ("rules-booklet-imposed", "Booklet, imposed for printing"),
                   ("handout", "Handout")), reads=("rules",)),
    Part("aids", "reference cards and sheet, score sheet, mats", ("reference", "score-sheet", "mat"),
         ("aids", "mats", "reference_large"), in_game_fonts=True,
         headings=(("reference", "Player aids"), ("score-sheet", "Score sheet"), ("mat", "Mats")),
         reads=("rules", "mats")),
    Part("tts", "Tabletop Simulator", ("tts",), ("tts",), after_card_images=True, reads=("cards",)),
    Part("gallery", "index.html", ("gallery",), ("gallery",), shows_the_others=True),
)

PREVIEW_KIND = "card-preview"  # the quick look at a few cards (--card: onecard.py), not a part

PARTS: tuple[str, ...] = tuple(part.name for part in REGISTRY)
BY_NAME: dict[str, Part] = {part.name: part for part in REGISTRY}


def module(name: str) -> ModuleType:
    """The module generator/parts/NAME, imported when first asked for: the one place parts load
    lazily, so that a build (or validate) loads only what it makes: a build --only cards,png
    never loads the booklet's ReportLab Platypus (0.1 s of a cold build's start)."""
    return importlib.import_module(f"{__name__}.{name}")
