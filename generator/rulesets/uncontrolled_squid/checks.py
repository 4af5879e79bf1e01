"""Uncontrolled Squid's checks, run by `ppgen validate`:

- every cult (data.cults, data.squid) is complete: key, name, a suit letter, an ink, a known
  emblem; keys are unique, and there are cults enough for the largest table;
- the table sizes game.toml promises are ones the rules allow (engine.PLAYER_COUNTS);
- the deck holds every rank a round needs, once, in each cult's own suit (the Squid's too);
- the variant cards are the engine's variants, each once, plus the pro pairing's card.
"""

from __future__ import annotations

from ...elements import is_color
from ...errors import Problem, problem
from ...model import Game
from ..playing_cards.deck import RANKS, SUITS, parse
from . import cults
from .emblems import NAMES
from .engine import PLAYER_COUNTS, VARIANT_FIELDS

VARIANTS = "variants"  # the component of variant cards
PRO_CARD = "pro"


def check(game: Game) -> list[Problem]:
    problems = _cult_data(game)
    if problems:
        return problems  # the deck and cards are read through the cults
    return _players(game) + _deck(game) + _variants(game)


def _cult_data(game: Game) -> list[Problem]:
    here = game.manifest
    tables = game.data.get("cults")
    if not isinstance(tables, list) or not tables:
        return [problem(here, game.line_of("data", "cults"), "data.cults must list the cults, one table each")]
    entries = [(("data", "cults", i), t) for i, t in enumerate(tables)] + [(("data", "squid"), game.data.get("squid"))]
    problems, seen = [], set()
    for keypath, table in entries:
        try:
            cult = cults.read(table or {})
        except ValueError as exc:
            problems.append(problem(here, game.line_of(*keypath), f"{'.'.join(map(str, keypath))}: {exc}"))
            continue
        faults = [
            ("suit", f"suit {cult.suit!r} is not one of {', '.join(SUITS)}") if cult.suit not in SUITS else None,
            ("color", f"color {cult.color!r} is not a colour like '#1a2b3c'") if not is_color(cult.color) else None,
            ("emblem", f"no emblem {cult.emblem!r} (emblems: {', '.join(NAMES)})")
            if cult.emblem not in NAMES else None,
            ("key", f"cult key {cult.key!r} is used twice") if cult.key in seen else None]
        seen.add(cult.key)
        problems += [problem(here, game.line_of(*keypath, key), f"cult {cult.key!r}: {message}")
                     for fault in faults if fault for key, message in [fault]]
    return problems


def _players(game: Game) -> list[Problem]:
    low, high = game.players
    problems = []
    if low < PLAYER_COUNTS[0] or high > PLAYER_COUNTS[-1]:
        problems.append(problem(game.manifest, game.line_of("players"),
                                f"players {low}-{high}: the rules allow {PLAYER_COUNTS[0]} to {PLAYER_COUNTS[-1]} "
                                f"(two equal teams)"))
    count = len(cults.player_cults(game))
    if count < high:
        problems.append(problem(game.manifest, game.line_of("data", "cults"),
                                f"{count} cults for up to {high} players: every player needs a cult of their own"))
    return problems


def _deck(game: Game) -> list[Problem]:
    try:
        deck = game.component(cults.DECK)
    except KeyError:
        return [problem(game.manifest, game.line_of("components"), f"no component '{cults.DECK}': the cult cards")]
    if cults.CULT_COLUMN not in deck.columns or "card" not in deck.columns:
        return [problem(deck.data or game.manifest, 1, f"the '{cults.DECK}' deck needs the columns card and cult")]
    known = {c.key: c for c in cults.every_cult(game)}
    problems, held = [], {key: {} for key in known}
    for row in deck.cards:
        key = row.fields[cults.CULT_COLUMN]
        if key not in known:
            problems.append(problem(row.path, row.line,
                                    f"card '{row.id}': no cult {key!r} (cults: {', '.join(known)})"))
            continue
        try:
            card = parse(row.fields["card"])
        except ValueError:
            continue  # the playing-cards check reports it
        if card.suit != known[key].suit:
            problems.append(problem(row.path, row.line, f"card '{row.id}': {known[key].name} plays the suit "
                                                        f"{known[key].suit}, not {card.suit}"))
        elif card.rank in held[key]:
            problems.append(problem(row.path, row.line, f"card '{row.id}': {known[key].name} already has a "
                                                        f"{card.id} (line {held[key][card.rank].line})"))
        else:
            held[key][card.rank] = row
    for key, cult in known.items():
        missing = [rank + cult.suit for rank in RANKS if rank not in held[key]]
        if missing:
            rows = list(held[key].values())
            where = (rows[-1].path, rows[-1].line) if rows else (game.manifest, _cult_line(game, key))
            problems.append(problem(*where, f"{cult.name} ({key}) has no {', '.join(missing)}: every cult "
                                           f"needs one card of each rank, {RANKS[0]} to {RANKS[-1]}, in its suit"))
    return problems


def _cult_line(game: Game, key: str) -> int | None:
    for i, table in enumerate(game.data.get("cults", ())):
        if table.get("key") == key:
            return game.line_of("data", "cults", i)
    return game.line_of("data", "squid")


def _variants(game: Game) -> list[Problem]:
    try:
        component = game.component(VARIANTS)
    except KeyError:
        return []  # the variant cards are optional; a game may print the rules alone
    wanted = list(VARIANT_FIELDS) + [PRO_CARD]
    problems, seen = [], set()
    for row in component.cards:
        if row.id not in wanted:
            problems.append(problem(row.path, row.line, f"variant card '{row.id}': not a variant of the rules "
                                                        f"(variants: {', '.join(wanted)})"))
        seen.add(row.id)
    missing = [name for name in wanted if name not in seen]
    if missing:
        problems.append(problem(component.data or game.manifest, 1, f"no variant card for {', '.join(missing)}"))
    return problems
