"""Text ppgen would print wrong, refused where it is written (text/scripts.py says which):
a right-to-left script in game.toml, in a card's cell or in a rules file, each an error at its
line naming the key, the card and column, or the line."""

from __future__ import annotations

from pathlib import Path

from ..errors import Problem, problem
from ..files import read_text
from ..model import Component
from ..text.scripts import refusal


def in_toml(value, keypath: tuple, loader) -> None:
    """Every string of game.toml, at its key's line."""
    if isinstance(value, str):
        if why := refusal(value):
            loader.error(keypath, f"'{'.'.join(map(str, keypath))}' {why}")
    elif isinstance(value, dict):
        for key, inner in value.items():
            in_toml(inner, keypath + (key,), loader)
    elif isinstance(value, list):
        for index, inner in enumerate(value):
            in_toml(inner, keypath + (index,), loader)


def in_cards(component: Component) -> list[Problem]:
    """Each card cell, at the card's line; one per column, the first card that has it."""
    found: dict[str, Problem] = {}
    for card in component.cards:
        for column, value in card.fields.items():
            if column not in found and isinstance(value, str) and (why := refusal(value)):
                found[column] = problem(card.path, card.line, f"card '{card.id}': column '{column}' {why}")
    return list(found.values())


def in_rules(path: Path | None) -> list[Problem]:
    """A rules file, at its first line that has it (one is enough to refuse the file)."""
    if path is None:
        return []
    text, fault = read_text(path)
    for number, line in enumerate([] if fault else text.splitlines(), start=1):
        if why := refusal(line):
            return [problem(path, number, f"this line of the rules {why}")]
    return []
