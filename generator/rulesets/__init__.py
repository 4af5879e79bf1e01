"""Rule sets: each game's own code (engine, checks, painters, helpers, figures, commands), and
the one registry the generic stages find them through, by the names game.toml's `rulesets`
gives. A rule set is an entry point of the group `ppgen.rulesets` (name = "module:RULESET"), so
any installed package can add one without an edit here; ppgen registers its own sub-packages
the same way in pyproject.toml. See docs/rulesets.md for how to write one."""

from __future__ import annotations

import pkgutil
from collections.abc import Iterable, Iterator, Mapping
from functools import cache
from typing import TYPE_CHECKING

import click

from ..elements import ELEMENTS
from ..errors import did_you_mean
from .base import Painter, RuleSet
from ..lasting import lasting

if TYPE_CHECKING:  # importlib.metadata (and the email package it reads metadata with) loads only
    from importlib.metadata import EntryPoint  # when a game names a rule set: 15 ms of a command

GROUP = "ppgen.rulesets"
OWN = "ppgen"  # the distribution this package comes in


class RuleSetError(click.ClickException):
    """A rule set that is installed but cannot be used: its module fails to import, it is not a
    RuleSet, or two packages offer the name. The loader reports it at the game's `rulesets`
    line; elsewhere (`ppgen design`) the command stops with it (exit 1)."""


def _package(point: EntryPoint) -> str:
    """The distribution that registers an entry point, as pip spells it."""
    return point.dist.name.lower().replace("_", "-") if getattr(point, "dist", None) else "?"


def _own_entry_points() -> list[EntryPoint]:
    """ppgen's own rule sets, its sub-packages here ('playing_cards' is 'playing-cards'): what
    pyproject.toml registers, for a checkout run without installing (no metadata to read)."""
    from importlib.metadata import EntryPoint
    return [EntryPoint(info.name.replace("_", "-"), f"{__name__}.{info.name}:RULESET", GROUP)
            for info in pkgutil.iter_modules(__path__) if info.ispkg]


@lasting
@cache
def _entry_points() -> dict[str, tuple[tuple[str, EntryPoint], ...]]:
    """name -> (package, entry point) of each rule set installed, read once; the same target
    registered twice (a stale copy of a package) counts once."""
    from importlib.metadata import entry_points
    found: dict[str, dict[str, tuple[str, EntryPoint]]] = {}
    for point in entry_points(group=GROUP):
        found.setdefault(point.name, {}).setdefault(point.value, (_package(point), point))
    # No entry point of ppgen's own: a checkout run without installing, or an install made
    # before rule sets were entry points. Its sub-packages are the same six.
    if not any(package == OWN for offers in found.values() for package, _ in offers.values()):
        for point in _own_entry_points():
            found.setdefault(point.name, {}).setdefault(point.value, (OWN, point))
    return {name: tuple(sorted(offers.values(), key=lambda offer: offer[0])) for name, offers in found.items()}


def _load(name: str) -> RuleSet:
    """The rule set registered under that name, imported (KeyError for an unknown name)."""
    offers = _entry_points()[name]
    if len(offers) > 1:
        listed = ", ".join(f"'{package}' ({point.value})" for package, point in offers)
        raise RuleSetError(f"rule set '{name}' is offered by {len(offers)} packages: {listed}; uninstall all "
                           f"but one")
    package, point = offers[0]
    where = f"rule set '{name}' ({point.value}, from the package '{package}')"
    try:
        ruleset = point.load()
    except Exception as exc:  # noqa: BLE001 - another package's code: any failure is its own
        raise RuleSetError(f"{where} cannot be loaded: {type(exc).__name__}: {exc}") from None
    if not isinstance(ruleset, RuleSet):
        raise RuleSetError(f"{where} is not a RuleSet but {type(ruleset).__name__}")
    if ruleset.name != name:
        raise RuleSetError(f"{where} calls itself '{ruleset.name}': the entry point and RuleSet(name=...) "
                           f"must agree")
    return ruleset


class _Registry(Mapping):
    """name -> RuleSet, each imported the first time it is asked for: a build pays only for
    its game's rule sets (importing all six took 60 ms of every command). Looking a name up
    raises KeyError for an unknown one and RuleSetError for one that cannot be used."""

    def __init__(self):
        self._loaded: dict[str, RuleSet | RuleSetError] = {}

    def __getitem__(self, name: str) -> RuleSet:
        if name not in self._loaded:
            try:
                self._loaded[name] = _load(name)
            except RuleSetError as exc:
                self._loaded[name] = exc  # a broken package is imported once, and reported each time
        found = self._loaded[name]
        if isinstance(found, RuleSetError):
            raise found
        return found

    def __contains__(self, name: object) -> bool:  # without importing it
        return name in _entry_points()

    def __iter__(self) -> Iterator[str]:
        return iter(sorted(_entry_points()))

    def __len__(self) -> int:
        return len(_entry_points())


RULESETS: Mapping[str, RuleSet] = _Registry()


def get(name: str) -> RuleSet:
    """The rule set of that name (KeyError for an unknown one)."""
    return RULESETS[name]


def painters(names) -> dict[str, Painter]:
    """The face element types the named rule sets offer."""
    return {kind: painter for name in names for kind, painter in RULESETS[name].painters.items()}


def owner_of(kind: str) -> str | None:
    """The installed rule set that offers a face element type, if any does (one that cannot be
    loaded offers none: this is only a hint)."""
    for name in RULESETS:
        try:
            if kind in RULESETS[name].painters:
                return name
        except RuleSetError:
            continue
    return None


def commands() -> dict[str, click.Command]:
    """The designers every installed rule set offers, by name (`ppgen design NAME`); a rule set
    that cannot be loaded, or a name two of them offer, is a RuleSetError."""
    offers = {name: {command.name: command for command in RULESETS[name].commands} for name in RULESETS}
    faults = clashes(offers, "design command")
    if faults:
        raise RuleSetError("; ".join(faults))
    return {name: command for offered in offers.values() for name, command in offered.items()}


def resolve(named: Iterable[str]) -> tuple[tuple[str, ...], list[str]]:
    """The rule sets a game names with the ones they require, each after its requirements, and
    what is wrong: a name unknown or unusable, a requirement missing or circular, a face
    element type or worked-example kind offered twice. Each fault is a message for the game's
    `rulesets` line."""
    order: list[str] = []
    faults: list[str] = []
    failed: set[str] = set()

    def visit(name: str, path: tuple[str, ...]) -> None:
        if name in order or name in failed:
            return
        if name in path:
            faults.append(f"rule sets require each other in a circle: {' -> '.join(path[path.index(name):] + (name,))}")
            return
        try:
            ruleset = RULESETS[name]
        except (KeyError, RuleSetError) as exc:
            failed.add(name)
            faults.append(str(exc) if isinstance(exc, RuleSetError) else _unknown(name, path))
            return
        for required in ruleset.requires:
            visit(required, path + (name,))
        order.append(name)

    for name in named:
        visit(name, ())
    used = [RULESETS[name] for name in order]
    faults += clashes({r.name: r.painters for r in used}, "face element type", ELEMENTS)
    faults += clashes({r.name: r.examples for r in used}, "worked-example kind")
    return tuple(order), faults


def _unknown(name: str, path: tuple[str, ...]) -> str:
    known = f"known: {', '.join(RULESETS)}"
    if path:
        return f"rule set '{path[-1]}' requires '{name}', which is not installed; {known}"
    return f"unknown rule set '{name}'{did_you_mean(name, RULESETS)}; {known}"


def clashes(offers: Mapping[str, Iterable[str]], what: str, own: Iterable[str] = ()) -> list[str]:
    """What goes wrong when rule sets' offers share a namespace: {rule set: names it offers} ->
    a message for each name two rule sets offer, or a rule set offers that ppgen has itself."""
    owner = dict.fromkeys(own, "")
    faults = []
    for ruleset, names in offers.items():
        for name in names:
            first = owner.setdefault(name, ruleset)
            if first == ruleset:
                continue
            faults.append(f"{what} '{name}' is offered by both rule sets, '{first}' and '{ruleset}'" if first else
                          f"rule set '{ruleset}' offers the {what} '{name}', which is ppgen's own: rename it")
    return faults
