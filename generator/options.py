"""The options `build` and `watch` share: declared once, parsed and checked (a wrong value is
a usage error naming the option, exit 2), and turned into the build's BuildOptions."""

from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Callable

import click

from .choices import PAPERS, PRINT_SHOPS, SHOPS
from .units import PAPER_SIZES, paper_name
from .errors import did_you_mean
from .load import printers
from .geometry.layouts import BUILT_IN as BUILT_IN_LAYOUTS
from .geometry.layouts import LAYOUTS
from .parts import PARTS, REGISTRY

if TYPE_CHECKING:
    from .build import BuildOptions


def _parts(ctx, param, values: tuple[str, ...]):
    """--only cards,png and --only cards --only png alike (a second --only used to replace the first)."""
    if not values:
        return PARTS
    parts = tuple(p.strip() for value in values for p in value.split(",") if p.strip())
    unknown = [p for p in parts if p not in PARTS]
    if unknown or not parts:
        raise click.BadParameter(f"{', '.join(unknown) or 'nothing'}: choose from {', '.join(PARTS)}")
    return tuple(p for p in PARTS if p in parts)  # stable order whatever the user typed


class Paper(click.ParamType):
    """--paper: a named paper in any case (A4, Tabloid) or a custom WxH ('300x400mm'), as the
    name the build's files end in; `both` (build only) is Letter and A4."""

    name = "PAPER"

    def __init__(self, both: bool = True):
        self.both = both

    def convert(self, value, param, ctx):
        if self.both and str(value).strip().lower() == "both":
            return "both"
        try:
            return paper_name(str(value))
        except ValueError as exc:
            self.fail(str(exc), param, ctx)


PAPER_HELP = (f"{', '.join(PAPER_SIZES)} (any case), or a custom size such as 300x400mm or 11x17in")


def _tts_url(ctx, param, value: str | None) -> str | None:
    """--tts-url: a URL Tabletop Simulator loads (parts/tts.py says which), ending in '/'."""
    if value is None:
        return None
    from .parts.tts import url_fault  # the stages load when a command runs: see the docstring
    if fault := url_fault(value):
        raise click.BadParameter(fault)
    return value if value.endswith("/") else value + "/"


def profiles_shown() -> str:
    """Where the printer profiles are, as the help says it: the real path ($XDG_CONFIG_HOME
    honoured), '~' for the home folder."""
    try:
        path, home = printers.profiles_path(), Path.home()
    except RuntimeError:  # no home folder to be found: the help must still show
        return "$XDG_CONFIG_HOME/ppgen/printers.toml"
    return f"~/{path.relative_to(home)}" if path.is_relative_to(home) else str(path)


def build_options(command):
    """The options `build` and `watch` share."""
    options = [
        click.option("--out", "out_dir", type=click.Path(file_okay=False, path_type=Path), default=Path("output"),
                     show_default=True, help="Folder to write into; each game goes to OUT/ID/."),
        click.option("--paper", type=Paper(), default="both", show_default=True,
                     help=f"Paper size of sheets, booklets and aids: {PAPER_HELP}; both is letter and a4."),
        click.option("--only", "parts", callback=_parts, metavar="PARTS", multiple=True,
                     help="Comma list of parts to build (default: all; repeatable): "
                          + "; ".join(f"{part.name} ({part.help})" for part in REGISTRY) + "."),
        click.option("--component", "components", multiple=True, metavar="ID",
                     help="Build only this component of game.toml (repeatable): its cut sheets, card images, "
                          "print-shop files and TTS sheets, or a mat's tiles; the rest of the last build stays."),
        click.option("--edition", metavar="CODE|all",
                     help="Build this edition of a game that has [editions] (a language code), or all of them, "
                          "each into OUT/ID/CODE/. Default: all of them."),
        click.option("--card", "cards", multiple=True, metavar="ID",
                     help="Only a quick look at this card (repeatable): OUT/ID/card/ holds its front and back "
                          "PNGs and a PDF with bleed; the rest of the last build stays."),
        click.option("--jobs", type=click.IntRange(min=1), default=lambda: min(os.cpu_count() or 1, 4),
                     show_default="number of cores, at most 4",
                     help="Processes at work at once: card-image workers, a game's editions, several games."),
        click.option("--print-shop", type=click.Choice(PRINT_SHOPS), default="tgc", show_default=True,
                     help="What the png part makes for a print shop: "
                          + "; ".join(shop.describe() for shop in SHOPS.values()) + "."),
        click.option("--layout", metavar="NAME", default=None,
                     help="Cut-sheet layout: "
                          + ", ".join(f"{layout.name} ({layout.help})" for layout in BUILT_IN_LAYOUTS.values())
                          + ", or one of the game's layouts.toml. Default: game.toml's layout, else standard."),
        click.option("--printer", "printer_name", metavar="NAME",
                     help="Correct the backs for a duplex printer's profile, stored by name in "
                          f"{profiles_shown()} (see `ppgen calibrate`)."),
        click.option("--large-print", is_flag=True,
                     help="Also make the rules handout and the reference sheet in large print "
                          "(text at least 12 pt; more sheets): handout-large-PAPER.pdf, "
                          "reference-sheet-large-PAPER.pdf."),
        click.option("--no-cut-guides", is_flag=True,
                     help="Leave out the thin outline round each card on the cut sheets' fronts "
                          "(for a guillotine or a cutting machine; crop marks stay)."),
        click.option("--tts-url", metavar="URL", callback=_tts_url,
                     help="Where Tabletop Simulator will find the tts/ images, if you host them "
                          "(default: their file:// address in OUT/ID/tts/)."),
        click.option("--no-cache", is_flag=True,
                     help="Draw every card face afresh and keep none (the face cache is $PPGEN_CACHE, "
                          "default ~/.cache/ppgen; safe to delete at any time)."),
    ]
    for option in reversed(options):
        command = option(command)
    return command


def make_options(given: dict, report: Callable, **more) -> BuildOptions:
    """BuildOptions from the shared command-line options (see build_options); report(problems)
    prints the warnings validate finds."""
    from .build import BuildOptions
    papers = PAPERS if given["paper"] == "both" else (given["paper"],)
    tts_url = given["tts_url"]  # ends in '/' (_tts_url)
    cards = tuple(given["cards"])
    return BuildOptions(papers=papers, parts=() if cards else given["parts"], cards=cards, jobs=given["jobs"],
                        components=tuple(dict.fromkeys(given["components"])),
                        print_shop=given["print_shop"], tts_url=tts_url, layout=given["layout"],
                        printer=printer_named(given["printer_name"]), cut_guides=not given["no_cut_guides"],
                        large_print=given["large_print"], warn=lambda problem: report([problem]),
                        **more)


def check_cards(cards: tuple[str, ...], game) -> None:
    """--card names cards of the game; else a usage error with the closest ids."""
    ids = [card.id for component in game.components if component.printed_cards for card in component.cards]
    for card_id in cards:
        if card_id not in ids:
            hint = did_you_mean(card_id, ids) or f" (its cards: {', '.join(ids[:5])}{', ...' * (len(ids) > 5)})"
            raise click.BadParameter(f"no card '{card_id}' in {game.id}{hint}", param_hint="'--card'")


def check_components(components: tuple[str, ...], parts: tuple[str, ...], game) -> None:
    """--component names components of the game, and --only leaves it a part to build; else a
    usage error (with the closest ids)."""
    ids = [component.id for component in game.components]
    for name in components:
        if name not in ids:
            hint = did_you_mean(name, ids) or f" (its components: {', '.join(ids)})"
            raise click.BadParameter(f"no component '{name}' in {game.id}{hint}", param_hint="'--component'")
    if components and parts and not component_parts(parts, components, game):
        raise click.BadParameter(f"--only {','.join(parts)} makes nothing of a component: a component's parts are "
                                 f"cards, png, tts and gallery (aids for a mat)", param_hint="'--component'")


def component_parts(parts: tuple[str, ...], components: tuple[str, ...], game) -> tuple[str, ...]:
    """The parts --component builds: those made card by card (and the gallery showing them),
    and aids only for a mat (its tiles are an aid); --only narrows them further."""
    if not components:
        return parts
    mats = any(c.kind == "mat" for c in game.components if c.id in components)
    return tuple(p for p in parts if p in ("cards", "png", "tts", "gallery") or (p == "aids" and mats))


def only_components(plan, components: tuple[str, ...]):
    """--component: the plan with nothing made from the rules (booklet, handouts, reference
    cards, score sheet), which are no component's; the parts make the components named
    (BuildOptions.components)."""
    if not components:
        return plan
    from .plan import AidMeasures  # the stages load when a command runs (cli.py's docstring)
    return replace(plan, rules=None, booklet=None, handouts={}, aids=AidMeasures())


def chosen_editions(games, code: str | None) -> list:
    """The editions --edition names; else a usage error listing the game's."""
    from .validate.editions import choose
    chosen, fault = choose(games, code)
    if fault:
        raise click.BadParameter(fault, param_hint="'--edition'")
    return chosen


def check_layout(name: str | None, game) -> None:
    """--layout names a built-in layout or one of the game's; else a usage error listing them."""
    known = (*LAYOUTS, *game.layouts)
    if name is not None and name not in known:
        raise click.BadParameter(f"unknown layout '{name}' for {game.id}; choose from {', '.join(known)}",
                                 param_hint="'--layout'")


def printer_named(name: str | None):
    """The stored profile NAME; an unknown name is a usage error listing the known ones."""
    if name is None:
        return None
    path = printers.profiles_path()
    known = printers.load(path)
    if name not in known:
        listed = ", ".join(sorted(known)) or f"none yet: add one to {path} (see ppgen calibrate)"
        raise click.BadParameter(f"unknown printer '{name}'; known printers: {listed}", param_hint="'--printer'")
    return known[name]
