"""Worked examples: data in rules.md that the game's rule set replays, so a printed example
cannot be wrong.

    {% call example("trick", title="Who takes the trick") %}
    played = ["7H", "QH", "2S"]   # the example's data, in TOML, read by the rule set
    [claims]                      # what the narrative says happened: each is checked
    winner = "QH"
    ---
    Narrative in Markdown, printed beside the cards.
    {% endcall %}

The rule set's replayer for the kind gets the data (without the claims) and returns the
facts its engine concluded and the cards to show. A claim the engine does not report, or
reports differently, is an error at the claim's own line in rules.md.
"""

from __future__ import annotations

import re
import tomllib
from typing import Any, Mapping

from .. import rulesets
from ..errors import HelperError, did_you_mean, shown
from ..model import Game
from ..toml_lines import key_lines
from .. import doc
from .marks import first_mark, split_marks

SEPARATOR = re.compile(r"^\s*---\s*$", re.M)


def replay(game: Game, kind: str, title: str, body: str) -> doc.ExampleSource:
    """Replay the example in body (a call block's marked text); HelperError for any fault."""
    # The body starts on the call's own line; its first marked line is the next one.
    text, sources = split_marks(body, max(1, first_mark(body, 2) - 1))
    lines = text.split("\n")
    cut = next((i for i, line in enumerate(lines) if SEPARATOR.match(line)), len(lines))
    data_text = "\n".join(lines[:cut])
    narrative = _marked_from(body, cut + 1)
    where = f'example "{title or kind}"'

    def line_of(index: int) -> int:  # 1-based line of data_text -> rules.md line
        return sources[min(index, len(sources)) - 1]

    replayer = _replayer(game, kind)
    try:
        data = tomllib.loads(data_text)
    except tomllib.TOMLDecodeError as exc:
        found = re.search(r"line (\d+)", str(exc))
        message = re.sub(r"\s*\(at line \d+, column \d+\)", "", str(exc))
        raise HelperError(f"{where}: TOML: {message}", line_of(int(found.group(1))) if found else None) from None
    except RecursionError:
        raise HelperError(f"{where}: TOML nested too deeply to read", line_of(1)) from None
    keys = key_lines(data_text)
    claims = data.pop("claims", {})
    if not isinstance(claims, dict) or not claims:
        raise HelperError(f"{where}: no [claims]: an example states what happens, and the rules check it",
                          line_of(keys.get(("claims",), 1)))
    try:
        result = replayer(game, data)
    except (ValueError, KeyError) as exc:
        message = str(exc.args[0] if exc.args else exc)
        raise HelperError(f"{where}: {message}", line_of(_data_line(message, data_text, keys))) from None
    for name, claimed in claims.items():
        line = line_of(keys.get(("claims", name), 1))
        if name not in result.facts:
            known = ", ".join(sorted(result.facts))
            raise HelperError(f"{where}: claim '{name}' is not something the rules report "
                              f"(they report: {known})", line)
        actual = result.facts[name]
        if not _same(claimed, actual):
            raise HelperError(f"{where}: claims {name} = {_shown(claimed)}, but the rules give {_shown(actual)}",
                              line)
    figure = None
    if result.cards:
        fault = card_fault(game, result.component, [i for row in result.cards for i in row])
        if fault:
            raise HelperError(f"{where}: {fault}", line_of(1))
        figure = doc.CardsFigure(result.component, result.cards, labels=tuple(result.labels),
                                 tokens=tuple(result.tokens))
    return doc.ExampleSource(title, narrative, figure)


def _data_line(message: str, data_text: str, keys: Mapping[tuple, int]) -> int:
    """The line of the example's data an engine's message is about (1-based in data_text).
    Replayers name what is wrong the way a reader would: a value in quotes ('ZZ') or a key
    in quotes or brackets ('hand', (river)). The first data line holding a quoted value as a
    TOML string wins (the exact row of a list spread over lines), then the key's own line."""
    end = keys.get(("claims",), data_text.count("\n") + 2)  # the claims are not the data
    lines = data_text.split("\n")[:end - 1]
    named = [a or b for a, b in _NAMED.findall(message)]
    for name in named:
        found = next((n for n, line in enumerate(lines, 1) if f'"{name}"' in line or f"'{name}'" in line), None)
        if found:
            return found
    return next((keys[(name,)] for name in named if (name,) in keys), 1)


_NAMED = re.compile(r"'([^'\n]+)'|\(([A-Za-z_][\w-]*)\)")


def _replayer(game: Game, kind: str):
    offered = {name: r for ruleset in game.rulesets for name, r in rulesets.get(ruleset).examples.items()}
    if kind not in offered:
        known = ", ".join(sorted(offered)) or "none: the game's rule sets offer no worked examples"
        raise HelperError(f"unknown kind of example '{kind}'; known: {known}")
    return offered[kind]


def _marked_from(body: str, index: int) -> str:
    """The marked text from its line `index` (0-based) on: the narrative after '---'."""
    parts = body.split("\n")
    return "\n".join(parts[index:]) if index < len(parts) else ""


def card_fault(game: Game, component: str | None, ids) -> str | None:
    """Why these card ids cannot be drawn from the component (None when they can)."""
    try:
        known = {c.id: None for c in game.component(str(component)).cards}
    except KeyError:
        return no_component(game, component)
    missing = next((i for i in ids if i is not None and str(i) not in known), None)
    return None if missing is None else \
        f"no card '{missing}' in component '{component}'{did_you_mean(str(missing), list(known))}"


def no_component(game: Game, component) -> str:
    """'no component 'coin' (did you mean 'coins'?) (components: coins)'."""
    names = [c.id for c in game.components]
    hint = did_you_mean(str(component), names)
    return f"no component {shown(str(component))}{hint} (components: {', '.join(names)})"


def _same(claimed: Any, actual: Any) -> bool:
    """Claims are written in TOML: numbers, strings, booleans, lists of them."""
    if isinstance(actual, bool) or isinstance(claimed, bool):
        return claimed is actual
    if isinstance(actual, (int, float)) and isinstance(claimed, (int, float)):
        return claimed == actual
    if isinstance(actual, (list, tuple)) and isinstance(claimed, list):
        return len(actual) == len(claimed) and all(_same(c, a) for c, a in zip(claimed, actual))
    if isinstance(actual, Mapping) and isinstance(claimed, dict):
        return set(actual) == set(claimed) and all(_same(claimed[k], actual[k]) for k in actual)
    return str(claimed) == str(actual)


def _shown(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f'"{value}"'
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_shown(v) for v in value) + "]"
    return str(value)
